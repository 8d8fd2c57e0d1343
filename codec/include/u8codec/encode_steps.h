// The encoding of one code point, as the steps a person follows: RFC 3629 section 3's three steps
// for UTF-8 (the row of the table, the marker bits, the x bits filled from the lowest), then
// UTF-16 (RFC 2781 section 2.1) and UTF-32. The one owner of these steps: `u8scope-cli encode`
// prints them and the window's Walk-through shows them one at a time.
#pragma once

#include "u8codec/encoder.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace u8codec {

// Why a value has no UTF-8 form (RFC 3629 section 3).
enum class Unencodable : std::uint8_t {
    No,        // a scalar value: it has one
    Surrogate, // U+D800..U+DFFF: reserved for UTF-16's pairs, not characters
    TooLarge,  // above U+10FFFF: beyond what UTF-16 can reach, and so beyond Unicode
};
[[nodiscard]] constexpr Unencodable unencodableReason(char32_t cp) noexcept {
    if (cp >= 0xD800 && cp <= 0xDFFF)
        return Unencodable::Surrogate;
    return cp > 0x10FFFF ? Unencodable::TooLarge : Unencodable::No;
}
// Why UTF-8 does not encode `cp`, citing RFC 3629 section 3 and naming the would-be bytes that
// decoders must refuse; empty for a scalar value.
[[nodiscard]] std::string whyUnencodable(char32_t cp);

// A code point written in hex: "U+20AC", "u+1f600", "0x20AC" (up to 0x7FFFFFFF, so that values
// UTF-8 refuses can be named too); nullopt for anything else.
[[nodiscard]] std::optional<char32_t> parseCodePointNotation(std::string_view text) noexcept;

// `value` in `bits` binary digits, most significant first: binaryDigits(0x20AC, 16) is
// "0010000010101100".
[[nodiscard]] std::string binaryDigits(std::uint32_t value, int bits);
// Octet `octet` of a layout as RFC 3629's table writes it: marker bits as they are, payload bits
// as x ("1110xxxx").
[[nodiscard]] std::string octetPattern(const BitLayout& layout, int octet);

// One octet's share of the value: RFC 3629's third step fills the x bits "from the lower-order
// bits of the character number", so the last octet takes the lowest 6 bits, the one before it
// the next 6, and the lead octet what is left.
struct PayloadGroup {
    int octet = 0;    // which octet of the form (0: the lead)
    int firstBit = 0; // where its bits start in binaryDigits(value, payloadBits)
    int bitCount = 0; // 6 in a continuation octet; 7, 5, 4 or 3 in the lead
};

// UTF-16 (RFC 2781 section 2.1): one unit below U+10000; above, U' = U - 0x10000 is split into
// its high and low 10 bits, which are added to D800 and DC00.
struct Utf16Form {
    bool pair = false;
    std::uint32_t offsetValue = 0; // U - 0x10000, 20 bits (a pair only)
    std::uint16_t highTen = 0;     // its high 10 bits
    std::uint16_t lowTen = 0;      // its low 10 bits
    std::array<std::uint16_t, 2> units{};
};
// The UTF-16 form of a scalar value (isScalarValue(cp) must hold).
[[nodiscard]] Utf16Form utf16Form(char32_t cp) noexcept;

enum class EncodeStepKind : std::uint8_t {
    Length,        // which row of RFC 3629's table holds the value: the octet count, the pattern
    Bits,          // the value in binary, as many digits as the pattern has x bits
    Fill,          // one group of bits goes into one octet's x bits (group: which)
    Markers,       // the marker bits that make the octets what they are
    Bytes,         // the octets in hex: the UTF-8 form
    Utf16Unit,     // below U+10000: one UTF-16 unit
    Utf16Subtract, // above: U - 0x10000
    Utf16Split,    // the 20 bits split in 10 + 10
    Utf16Add,      // D800 + high, DC00 + low: the surrogate pair
    Utf32,         // one 32-bit unit
    Refused,       // a surrogate or a value above U+10FFFF: why UTF-8 does not encode it
};

struct EncodeStep {
    EncodeStepKind kind = EncodeStepKind::Length;
    int group = -1; // Fill: the index in EncodeWalk::fill
    std::string title;
    std::string text;
};

struct EncodeWalk {
    char32_t codePoint = 0;
    Unencodable refusal = Unencodable::No;
    int row = -1;     // the row of utf8Ranges() whose range holds the value; -1 above U+10FFFF
    BitLayout layout; // the UTF-8 form; for a refused value the form the pattern (RFC 2279 above
                      // U+10FFFF) would give, which decoders must refuse
    std::string valueBits;          // binaryDigits(value, layout.payloadBits)
    std::vector<PayloadGroup> fill; // in the order they are filled: the last octet first
    Utf16Form utf16;                // scalar values only
    std::vector<EncodeStep> steps;  // Length, Bits, Fill per octet, Markers, Bytes, UTF-16, UTF-32;
                                    // Length and Refused for a refused value
};

// The walk-through of encoding `cp` (any value up to 0x7FFFFFFF).
[[nodiscard]] EncodeWalk walkEncoding(char32_t cp);

} // namespace u8codec
