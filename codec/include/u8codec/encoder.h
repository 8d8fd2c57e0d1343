// Encoding code points, and the encoding explained step by step (RFC 3629 section 3).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace u8codec {

// True for Unicode scalar values: U+0000..U+10FFFF minus the surrogates U+D800..U+DFFF.
[[nodiscard]] constexpr bool isScalarValue(char32_t cp) noexcept {
    return cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF);
}

// Writes the UTF-8 form of `cp` to out; returns its length 1-4, or 0 (nothing written) when cp
// is a surrogate or above U+10FFFF, which UTF-8 cannot encode (RFC 3629 section 3).
[[nodiscard]] int encode(char32_t cp, std::uint8_t* out) noexcept;
// Appends the UTF-8 form of a scalar value; returns false (appending nothing) otherwise. Not
// [[nodiscard]], the one status of the library that is not: nearly every caller appends a code
// point a decoder or a table produced, a scalar value by construction, for which the answer is
// always true; a caller with an unchecked value (glyphOf(), problem.cpp) reads it.
bool appendUtf8(char32_t cp, std::string& out);

// One row of RFC 3629 section 3's table: the code points that take `octets` bytes, and the bit
// pattern of those bytes.
struct OctetRange {
    int octets;          // 1-4; 5 and 6 in the RFC 2279 table
    char32_t low, high;  // inclusive
    const char* pattern; // "1110xxxx 10xxxxxx 10xxxxxx"
};
// RFC 3629's table (octets 1-4).
[[nodiscard]] std::span<const OctetRange> utf8Ranges() noexcept;
// RFC 2279's table (octets 1-6, up to U+7FFFFFFF): for explaining legacy forms.
[[nodiscard]] std::span<const OctetRange> rfc2279Ranges() noexcept;

// A multi-byte form laid out bit by bit: which bits of each octet are markers (the fixed
// high-order bits: 0, 110, 1110, 11110, 10, ...) and which carry the value's payload.
struct BitLayout {
    int octets = 0; // 1-6
    std::array<std::uint8_t, 6> bytes{};
    std::array<std::uint8_t, 6> markerBits{}; // high-order marker bits in each octet
    char32_t value = 0;                       // the payload bits read as a number
    int payloadBits = 0;                      // 7, 11, 16, 21 (26, 31 for legacy forms)
};

// The layout of encoding a code point (any value up to U+7FFFFFFF, so that legacy forms can be
// shown too); the shortest form, following RFC 3629 section 3's three steps: choose the octet
// count from the range table, put the marker bits, fill the payload bits from the lowest.
[[nodiscard]] BitLayout layoutOfValue(char32_t value);

// The layout of a byte sequence read as the naive decoder reads it: the lead's high bits announce
// the length (RFC 2279), continuation bytes give 6 bits each. nullopt when bytes is empty, the
// first byte is a continuation, FE or FF, or the continuation bytes are missing or wrong.
[[nodiscard]] std::optional<BitLayout> layoutOfBytes(std::span<const std::uint8_t> bytes);

// The high-order bits of a byte that RFC 2279 reads as its marker: its leading 1 bits and the 0
// after them (1 for 0xxxxxxx, 2 for 10xxxxxx, 4 for 1110xxxx; 8 for FE and FF, which have no
// payload).
[[nodiscard]] constexpr int markerBitCount(std::uint8_t b) noexcept {
    int ones = 0;
    while (ones < 8 && (b & (0x80 >> ones)))
        ++ones;
    return ones < 7 ? ones + 1 : 8;
}

// The binary of one octet with its marker bits separated from its payload: "1110|0010".
[[nodiscard]] std::string bitsWithMarker(std::uint8_t byte, int markerBits);

} // namespace u8codec
