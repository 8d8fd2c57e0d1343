#include "bit_walkthrough.h"

#include "u8codec/problem.h"

#include <cstdio>

namespace u8cli {
namespace {

std::string patternOf(const u8codec::BitLayout& l, int i) {
    std::string s;
    const int markers = l.markerBits[std::size_t(i)];
    for (int bit = 7; bit >= 0; --bit)
        s += 7 - bit < markers ? ((l.bytes[std::size_t(i)] >> bit) & 1 ? '1' : '0') : 'x';
    return s;
}

std::string bitsOf(std::uint8_t b) {
    std::string s;
    for (int bit = 7; bit >= 0; --bit)
        s += (b >> bit) & 1 ? '1' : '0';
    return s;
}

std::string hexByte(std::uint8_t b) {
    char buf[4];
    std::snprintf(buf, sizeof buf, "%02X", b);
    return buf;
}

std::string binaryOf(char32_t v, int bits) {
    std::string s;
    for (int bit = bits - 1; bit >= 0; --bit)
        s += (v >> bit) & 1 ? '1' : '0';
    return s;
}

const u8codec::OctetRange* rangeOf(char32_t cp, std::span<const u8codec::OctetRange> table) {
    for (const auto& r : table)
        if (cp >= r.low && cp <= r.high)
            return &r;
    return nullptr;
}

} // namespace

std::string renderBitRows(const u8codec::BitLayout& l, const std::string& indent) {
    std::string pattern = indent + "pattern  ", bytes = indent + "bytes    ",
                payload = indent + "payload  ";
    std::string assembled;
    for (int i = 0; i < l.octets; ++i) {
        if (i > 0) {
            pattern += ' ';
            bytes += ' ';
            payload += ' ';
        }
        const std::uint8_t b = l.bytes[std::size_t(i)];
        const int markers = l.markerBits[std::size_t(i)];
        pattern += patternOf(l, i);
        bytes += bitsOf(b);
        const std::string bits = bitsOf(b);
        payload += std::string(std::size_t(markers), ' ') + bits.substr(std::size_t(markers));
        assembled += bits.substr(std::size_t(markers));
    }
    std::string hexes;
    for (int i = 0; i < l.octets; ++i)
        hexes += (i ? " " : "") + hexByte(l.bytes[std::size_t(i)]);
    return pattern + "\n" + bytes + "   = " + hexes + "\n" + payload + "   = " + assembled + " = " +
           u8codec::codePointLabel(l.value) + "\n";
}

std::string describeCodePoint(char32_t cp) {
    std::string s = u8codec::codePointLabel(cp);
    // Show the character itself when it is a printable scalar value (not a control).
    if (u8codec::isScalarValue(cp) && cp >= 0x20 && cp != 0x7F && !(cp >= 0x80 && cp < 0xA0)) {
        s += " '";
        u8codec::appendUtf8(cp, s);
        s += "'";
    }
    return s;
}

bool explainEncoding(char32_t cp, std::string& text) {
    const std::string label = describeCodePoint(cp);
    if (cp >= 0xD800 && cp <= 0xDFFF) {
        text += label + " is a surrogate code point (U+D800..U+DFFF): it exists only to build "
                        "UTF-16 pairs and is not a character. UTF-8 does not encode it (RFC 3629 "
                        "section 3); decoders must reject its would-be form:\n";
        text += renderBitRows(u8codec::layoutOfValue(cp), "  ");
        return false;
    }
    if (cp > 0x10FFFF) {
        text += label + " is beyond U+10FFFF, the last code point; RFC 3629 restricts UTF-8 to "
                        "U+0000..U+10FFFF to match UTF-16. RFC 2279 would have encoded it as:\n";
        text += renderBitRows(u8codec::layoutOfValue(cp), "  ");
        return false;
    }
    const u8codec::BitLayout l = u8codec::layoutOfValue(cp);
    const u8codec::OctetRange* r = rangeOf(cp, u8codec::utf8Ranges());
    text += label + "\n";
    text += "  1. " + u8codec::codePointLabel(cp) + " lies in " + u8codec::codePointLabel(r->low) +
            ".." + u8codec::codePointLabel(r->high) + ", so it takes " + std::to_string(r->octets) +
            (r->octets == 1 ? " octet: " : " octets: ") + r->pattern + "\n";
    text += "  2. Its value in " + std::to_string(l.payloadBits) +
            " bits: " + binaryOf(cp, l.payloadBits) + "\n";
    text += "  3. The x bits are filled from the lowest-order bit of the value:\n";
    text += renderBitRows(l, "       ");
    text += "  UTF-8: ";
    for (int i = 0; i < l.octets; ++i)
        text += (i ? " " : "") + hexByte(l.bytes[std::size_t(i)]);
    text += "\n";
    return true;
}

} // namespace u8cli
