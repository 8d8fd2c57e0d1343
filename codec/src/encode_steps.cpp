#include "u8codec/encode_steps.h"

#include "u8codec/problem.h"

#include <charconv>
#include <cstdio>

namespace u8codec {

namespace {

std::string hex(std::uint32_t value, int digits) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%0*X", digits, unsigned(value));
    return buf;
}

// The hex digits a person writes for the value: "20AC", "E9", "0".
std::string significantHex(std::uint32_t value) {
    return hex(value, 1);
}

std::string octetsHex(const BitLayout& l) {
    return hexBytes(std::span<const std::uint8_t>(l.bytes.data(), std::size_t(l.octets)), 8);
}

std::string octetsBinary(const BitLayout& l) {
    std::string s;
    for (int i = 0; i < l.octets; ++i)
        s += (i ? " " : "") + binaryDigits(l.bytes[std::size_t(i)], 8);
    return s;
}

const char* ordinal(int n) {
    static const char* kOrdinals[] = {"1st", "2nd", "3rd", "4th", "5th", "6th"};
    return kOrdinals[n];
}

std::string octetWord(int n) {
    return std::to_string(n) + (n == 1 ? " octet" : " octets");
}

// The payload groups in filling order: from the last octet back to the lead.
std::vector<PayloadGroup> fillOrder(const BitLayout& l) {
    std::vector<PayloadGroup> groups;
    int end = l.payloadBits;
    for (int i = l.octets - 1; i >= 0; --i) {
        const int bits = 8 - l.markerBits[std::size_t(i)];
        groups.push_back({i, end - bits, bits});
        end -= bits;
    }
    return groups;
}

std::string lengthText(const EncodeWalk& w) {
    const std::string label = codePointLabel(w.codePoint);
    if (w.row < 0)
        return label + " lies beyond U+10FFFF, the end of the last row of RFC 3629's table: no "
                       "row holds it.";
    const OctetRange& r = utf8Ranges()[std::size_t(w.row)];
    std::string s = label + " lies in " + codePointLabel(r.low) + ".." + codePointLabel(r.high) +
                    ", the row of RFC 3629's table for " + octetWord(r.octets) + ": " + r.pattern +
                    ", " + std::to_string(w.layout.payloadBits) + " x bits";
    if (w.refusal == Unencodable::Surrogate)
        return s + ". But it lies in U+D800..U+DFFF, which UTF-8 leaves out.";
    return s + (r.octets == 1 ? " (ASCII)." : ".");
}

std::string bitsText(const EncodeWalk& w) {
    const std::string digits = significantHex(w.codePoint);
    std::string s =
        codePointLabel(w.codePoint) + " is hex " + digits + "; each hex digit is 4 bits:";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        const unsigned nibble = (w.codePoint >> (4 * (digits.size() - 1 - i))) & 0xF;
        s += std::string(i ? ", " : " ") + digits[i] + " = " + binaryDigits(nibble, 4);
    }
    const int hexBits = 4 * int(digits.size()), x = w.layout.payloadBits;
    const std::string bits = std::to_string(x) + " x bits";
    if (hexBits == x)
        return s + ". That is exactly the pattern's " + bits + ": " + w.valueBits + ".";
    if (hexBits > x)
        return s + ". The pattern has " + bits + ": without the leading " +
               (hexBits - x == 1 ? "zero" : "zeros") + ", " + w.valueBits + ".";
    return s + ". Written in the pattern's " + bits + ", zeros in front: " + w.valueBits + ".";
}

std::string fillText(const EncodeWalk& w, std::size_t k) {
    const PayloadGroup& g = w.fill[k];
    const std::string bits = w.valueBits.substr(std::size_t(g.firstBit), std::size_t(g.bitCount));
    const int n = w.layout.octets;
    if (n == 1)
        return "All " + std::to_string(g.bitCount) + " bits, " + bits +
               ", fill the x bits of the single octet.";
    std::string which = g.octet == 0 ? "the lead octet (the 1st)"
                                     : std::string("the ") + ordinal(g.octet) + " octet";
    if (g.octet == n - 1)
        which += ", the last";
    const std::string amount = k == 0 ? "The lowest " + std::to_string(g.bitCount)
                               : k + 1 == w.fill.size()
                                   ? "The remaining " + std::to_string(g.bitCount)
                                   : "The next " + std::to_string(g.bitCount);
    return amount + " bits, " + bits + ", fill the x bits of " + which + ": " +
           octetPattern(w.layout, g.octet) + " becomes " +
           binaryDigits(w.layout.bytes[std::size_t(g.octet)], 8) + ".";
}

std::string markersText(const EncodeWalk& w) {
    const int n = w.layout.octets;
    if (n == 1)
        return "The single octet's marker is its top bit, 0: a byte below 80 is a whole character "
               "(ASCII).";
    const std::string lead = binaryDigits(w.layout.bytes[0] >> (8 - (n + 1)), n + 1);
    return "The marker bits stay as the pattern has them: " + lead + " in the lead octet (" +
           std::to_string(n) + " ones for " + octetWord(n) +
           ", then a 0), and 10 at the start of " +
           (n == 2 ? "the continuation octet" : "each continuation octet") +
           ", so that a decoder can tell a lead from a continuation anywhere in the text.";
}

std::string utf16Text(const EncodeWalk& w, EncodeStepKind kind) {
    const Utf16Form& u = w.utf16;
    const std::string label = codePointLabel(w.codePoint);
    switch (kind) {
    case EncodeStepKind::Utf16Unit:
        return label +
               " is below U+10000 (the Basic Multilingual Plane): UTF-16 writes it as one "
               "16-bit unit, its value: " +
               hex(u.units[0], 4) + " (RFC 2781 section 2.1).";
    case EncodeStepKind::Utf16Subtract:
        return label +
               " is above U+FFFF: UTF-16 needs two units, a surrogate pair (RFC 2781 "
               "section 2.1). First subtract 0x10000: " +
               significantHex(w.codePoint) + " - 10000 = " + hex(u.offsetValue, 5) +
               ", a 20-bit number: " + binaryDigits(u.offsetValue, 20) + ".";
    case EncodeStepKind::Utf16Split:
        return "Split the 20 bits into two halves of 10: the high half " +
               binaryDigits(u.highTen, 10) + " (" + hex(u.highTen, 3) + ") and the low half " +
               binaryDigits(u.lowTen, 10) + " (" + hex(u.lowTen, 3) + ").";
    default:
        return "Add D800 to the high half and DC00 to the low half: D800 + " + hex(u.highTen, 3) +
               " = " + hex(u.units[0], 4) + ", DC00 + " + hex(u.lowTen, 3) + " = " +
               hex(u.units[1], 4) + ". UTF-16: " + hex(u.units[0], 4) + " " + hex(u.units[1], 4) +
               ", the high surrogate first.";
    }
}

std::string utf32Text(const EncodeWalk& w) {
    const std::string v = hex(w.codePoint, 8);
    return "UTF-32 writes every code point as one 32-bit unit, its value: " + v + " (bytes " +
           v.substr(0, 2) + " " + v.substr(2, 2) + " " + v.substr(4, 2) + " " + v.substr(6, 2) +
           " big-endian, " + v.substr(6, 2) + " " + v.substr(4, 2) + " " + v.substr(2, 2) + " " +
           v.substr(0, 2) + " little-endian).";
}

void addStep(EncodeWalk& w, EncodeStepKind kind, std::string title, std::string text,
             int group = -1) {
    w.steps.push_back({kind, group, std::move(title), std::move(text)});
}

void addUtf8Steps(EncodeWalk& w) {
    using K = EncodeStepKind;
    addStep(w, K::Bits, "The code point in binary", bitsText(w));
    for (std::size_t k = 0; k < w.fill.size(); ++k)
        addStep(w, K::Fill, "Fill the x bits from the right", fillText(w, k), int(k));
    addStep(w, K::Markers, "The marker bits", markersText(w));
    addStep(w, K::Bytes, "The UTF-8 bytes",
            (w.layout.octets == 1 ? "The octet " : "The octets ") + octetsBinary(w.layout) +
                (w.layout.octets == 1 ? " is " : " are ") + octetsHex(w.layout) +
                " in hex: the UTF-8 form of " + codePointLabel(w.codePoint) + ".");
}

void addUtf16And32Steps(EncodeWalk& w) {
    using K = EncodeStepKind;
    if (!w.utf16.pair) {
        addStep(w, K::Utf16Unit, "UTF-16: one unit", utf16Text(w, K::Utf16Unit));
    } else {
        addStep(w, K::Utf16Subtract, "UTF-16: subtract 0x10000", utf16Text(w, K::Utf16Subtract));
        addStep(w, K::Utf16Split, "UTF-16: split into 10 + 10 bits", utf16Text(w, K::Utf16Split));
        addStep(w, K::Utf16Add, "UTF-16: add D800 and DC00", utf16Text(w, K::Utf16Add));
    }
    addStep(w, K::Utf32, "UTF-32", utf32Text(w));
}

} // namespace

std::string whyUnencodable(char32_t cp) {
    const std::string label = codePointLabel(cp);
    const std::string wouldBe = octetsHex(layoutOfValue(cp));
    switch (unencodableReason(cp)) {
    case Unencodable::Surrogate:
        return label +
               " is a surrogate code point (U+D800..U+DFFF): surrogates exist only to "
               "build UTF-16 pairs and are not characters. RFC 3629 section 3: \"The "
               "definition of UTF-8 prohibits encoding character numbers between U+D800 "
               "and U+DFFF\". Its pattern would give " +
               wouldBe + "; decoders must refuse those bytes.";
    case Unencodable::TooLarge:
        return label +
               " is beyond U+10FFFF, the last code point: RFC 3629 section 3 restricts "
               "UTF-8 to U+0000..U+10FFFF, the range UTF-16 can reach. The older RFC 2279 "
               "would have written it as " +
               wouldBe + " (" + octetWord(layoutOfValue(cp).octets) +
               "); decoders must refuse those bytes.";
    case Unencodable::No:
        break;
    }
    return {};
}

std::optional<char32_t> parseCodePointNotation(std::string_view text) noexcept {
    if (text.size() < 3)
        return std::nullopt;
    const bool uPlus = (text[0] == 'U' || text[0] == 'u') && text[1] == '+';
    const bool zeroX = text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    if (!uPlus && !zeroX)
        return std::nullopt;
    const std::string_view digits = text.substr(2);
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value, 16);
    if (ec != std::errc() || end != digits.data() + digits.size() || value > 0x7FFFFFFF)
        return std::nullopt;
    return char32_t(value);
}

std::string binaryDigits(std::uint32_t value, int bits) {
    std::string s;
    for (int bit = bits - 1; bit >= 0; --bit)
        s += bit < 32 && ((value >> bit) & 1) ? '1' : '0';
    return s;
}

std::string octetPattern(const BitLayout& l, int octet) {
    std::string s;
    const std::uint8_t b = l.bytes[std::size_t(octet)];
    const int markers = l.markerBits[std::size_t(octet)];
    for (int bit = 7; bit >= 0; --bit)
        s += 7 - bit < markers ? ((b >> bit) & 1 ? '1' : '0') : 'x';
    return s;
}

Utf16Form utf16Form(char32_t cp) noexcept {
    Utf16Form u;
    if (cp < 0x10000) {
        u.units[0] = std::uint16_t(cp);
        return u;
    }
    u.pair = true;
    u.offsetValue = std::uint32_t(cp - 0x10000);
    u.highTen = std::uint16_t(u.offsetValue >> 10);
    u.lowTen = std::uint16_t(u.offsetValue & 0x3FF);
    u.units = {std::uint16_t(0xD800 + u.highTen), std::uint16_t(0xDC00 + u.lowTen)};
    return u;
}

EncodeWalk walkEncoding(char32_t cp) {
    EncodeWalk w;
    w.codePoint = cp & 0x7FFFFFFF;
    w.refusal = unencodableReason(w.codePoint);
    const auto rows = utf8Ranges();
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (w.codePoint >= rows[i].low && w.codePoint <= rows[i].high)
            w.row = int(i);
    w.layout = layoutOfValue(w.codePoint);
    w.valueBits = binaryDigits(w.codePoint, w.layout.payloadBits);
    w.fill = fillOrder(w.layout);
    addStep(w, EncodeStepKind::Length,
            w.refusal == Unencodable::TooLarge ? "Which row of the table?"
                                               : "Choose the length: " + octetWord(w.layout.octets),
            lengthText(w));
    if (w.refusal != Unencodable::No) {
        addStep(w, EncodeStepKind::Refused, "UTF-8 cannot encode it", whyUnencodable(w.codePoint));
        return w;
    }
    w.utf16 = utf16Form(w.codePoint);
    addUtf8Steps(w);
    addUtf16And32Steps(w);
    return w;
}

} // namespace u8codec
