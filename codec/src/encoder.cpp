#include "u8codec/encoder.h"

namespace u8codec {

namespace {

// RFC 3629 section 3's table, extended by RFC 2279's rows for 5 and 6 octets.
constexpr OctetRange kRanges[] = {
    {1, 0x0000, 0x007F, "0xxxxxxx"},
    {2, 0x0080, 0x07FF, "110xxxxx 10xxxxxx"},
    {3, 0x0800, 0xFFFF, "1110xxxx 10xxxxxx 10xxxxxx"},
    {4, 0x10000, 0x10FFFF, "11110xxx 10xxxxxx 10xxxxxx 10xxxxxx"},
};
constexpr OctetRange kLegacyRanges[] = {
    {1, 0x0000, 0x007F, "0xxxxxxx"},
    {2, 0x0080, 0x07FF, "110xxxxx 10xxxxxx"},
    {3, 0x0800, 0xFFFF, "1110xxxx 10xxxxxx 10xxxxxx"},
    {4, 0x10000, 0x1FFFFF, "11110xxx 10xxxxxx 10xxxxxx 10xxxxxx"},
    {5, 0x200000, 0x3FFFFFF, "111110xx 10xxxxxx 10xxxxxx 10xxxxxx 10xxxxxx"},
    {6, 0x4000000, 0x7FFFFFFF, "1111110x 10xxxxxx 10xxxxxx 10xxxxxx 10xxxxxx 10xxxxxx"},
};

} // namespace

std::span<const OctetRange> utf8Ranges() noexcept {
    return kRanges;
}
std::span<const OctetRange> rfc2279Ranges() noexcept {
    return kLegacyRanges;
}

int encode(char32_t cp, std::uint8_t* out) noexcept {
    // The bytes layoutOfValue() explains, without its walkthrough: the auditor encodes every
    // character of the words it checks (about 200 instructions a character through the layout).
    if (!isScalarValue(cp))
        return 0;
    if (cp < 0x80) {
        out[0] = std::uint8_t(cp);
        return 1;
    }
    if (cp < 0x800) {
        out[0] = std::uint8_t(0xC0 | (cp >> 6));
        out[1] = std::uint8_t(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = std::uint8_t(0xE0 | (cp >> 12));
        out[1] = std::uint8_t(0x80 | ((cp >> 6) & 0x3F));
        out[2] = std::uint8_t(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = std::uint8_t(0xF0 | (cp >> 18));
    out[1] = std::uint8_t(0x80 | ((cp >> 12) & 0x3F));
    out[2] = std::uint8_t(0x80 | ((cp >> 6) & 0x3F));
    out[3] = std::uint8_t(0x80 | (cp & 0x3F));
    return 4;
}

bool appendUtf8(char32_t cp, std::string& out) {
    std::uint8_t b[4];
    const int n = encode(cp, b);
    out.append(reinterpret_cast<const char*>(b), std::size_t(n));
    return n > 0;
}

BitLayout layoutOfValue(char32_t value) {
    BitLayout l;
    value &= 0x7FFFFFFF;
    l.value = value;
    // Step 1: the octet count from the range table.
    for (const OctetRange& r : kLegacyRanges)
        if (value <= r.high) {
            l.octets = r.octets;
            break;
        }
    const int n = l.octets;
    if (n == 1) {
        l.bytes[0] = std::uint8_t(value);
        l.markerBits[0] = 1;
        l.payloadBits = 7;
        return l;
    }
    // Step 2: the marker bits: n ones and a zero in the first octet, 10 in the others.
    // Step 3: the payload bits, from the lowest, 6 into each continuation octet from the last,
    // the rest into the first octet.
    l.payloadBits = (7 - n) + 6 * (n - 1);
    for (int i = n - 1; i >= 1; --i) {
        l.bytes[std::size_t(i)] = std::uint8_t(0x80 | (value & 0x3F));
        l.markerBits[std::size_t(i)] = 2;
        value >>= 6;
    }
    l.bytes[0] = std::uint8_t((0xFF00 >> n) | value);
    l.markerBits[0] = std::uint8_t(n + 1);
    return l;
}

std::optional<BitLayout> layoutOfBytes(std::span<const std::uint8_t> bytes) {
    if (bytes.empty())
        return std::nullopt;
    const std::uint8_t b0 = bytes[0];
    int n = 0;
    if (b0 < 0x80)
        n = 1;
    else if (b0 < 0xC0)
        return std::nullopt;
    else if (b0 < 0xE0)
        n = 2;
    else if (b0 < 0xF0)
        n = 3;
    else if (b0 < 0xF8)
        n = 4;
    else if (b0 < 0xFC)
        n = 5;
    else if (b0 < 0xFE)
        n = 6;
    else
        return std::nullopt;
    if (bytes.size() < std::size_t(n))
        return std::nullopt;
    BitLayout l;
    l.octets = n;
    l.bytes[0] = b0;
    l.markerBits[0] = std::uint8_t(n == 1 ? 1 : n + 1);
    char32_t v = n == 1 ? b0 : char32_t(b0 & (0x7F >> n));
    for (int i = 1; i < n; ++i) {
        const std::uint8_t b = bytes[std::size_t(i)];
        if ((b & 0xC0) != 0x80)
            return std::nullopt;
        l.bytes[std::size_t(i)] = b;
        l.markerBits[std::size_t(i)] = 2;
        v = (v << 6) | (b & 0x3F);
    }
    l.value = v;
    l.payloadBits = n == 1 ? 7 : (7 - n) + 6 * (n - 1);
    return l;
}

std::string bitsWithMarker(std::uint8_t byte, int markerBits) {
    std::string s;
    for (int bit = 7; bit >= 0; --bit) {
        if (7 - bit == markerBits)
            s += '|';
        s += (byte >> bit) & 1 ? '1' : '0';
    }
    return s;
}

} // namespace u8codec
