// Context-free classification of a single byte: the UTF-8 "code-page table".
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace u8codec {

// What a byte can be in UTF-8 without looking at its neighbours (RFC 3629 section 4, the
// UTF8-octets ABNF, and the Unicode Standard's table 3-7 of well-formed byte sequences).
enum class ByteClass : std::uint8_t {
    Ascii,        // 00-7F: a whole character
    Continuation, // 80-BF: 10xxxxxx, only valid after a lead
    Lead2,        // C2-DF: 110xxxxx, starts a 2-byte character
    Lead3,        // E0-EF: 1110xxxx, starts a 3-byte character
    Lead4,        // F0-F4: 11110xxx, starts a 4-byte character
    Invalid,      // C0 C1 F5-FF: never appear in well-formed UTF-8
};

[[nodiscard]] constexpr ByteClass classify(std::uint8_t b) noexcept {
    if (b < 0x80)
        return ByteClass::Ascii;
    if (b < 0xC0)
        return ByteClass::Continuation;
    if (b < 0xC2) // C0 and C1 could only start overlong 2-byte forms of U+0000..U+007F
        return ByteClass::Invalid;
    if (b < 0xE0)
        return ByteClass::Lead2;
    if (b < 0xF0)
        return ByteClass::Lead3;
    if (b < 0xF5) // F5..F7 would start values above U+10FFFF (RFC 3629 section 3)
        return ByteClass::Lead4;
    return ByteClass::Invalid;
}

// Leads whose first continuation byte has a narrower range than 80-BF (RFC 3629 section 4):
// E0 A0-BF (no overlongs), ED 80-9F (no surrogates), F0 90-BF (no overlongs), F4 80-8F (not
// above U+10FFFF).
[[nodiscard]] constexpr bool isRestrictedLead(std::uint8_t b) noexcept {
    return b == 0xE0 || b == 0xED || b == 0xF0 || b == 0xF4;
}

// The range the byte after lead `b` must fall in; {0x80, 0xBF} for unrestricted leads.
struct ByteRange {
    std::uint8_t low;
    std::uint8_t high;
    [[nodiscard]] constexpr bool contains(std::uint8_t b) const noexcept {
        return b >= low && b <= high;
    }
};
[[nodiscard]] constexpr ByteRange firstContinuationRange(std::uint8_t lead) noexcept {
    switch (lead) {
    case 0xE0:
        return {0xA0, 0xBF};
    case 0xED:
        return {0x80, 0x9F};
    case 0xF0:
        return {0x90, 0xBF};
    case 0xF4:
        return {0x80, 0x8F};
    default:
        return {0x80, 0xBF};
    }
}

// Total length of the character a valid lead starts (1 for ASCII), 0 for Continuation/Invalid.
[[nodiscard]] constexpr int sequenceLength(ByteClass c) noexcept {
    switch (c) {
    case ByteClass::Ascii:
        return 1;
    case ByteClass::Lead2:
        return 2;
    case ByteClass::Lead3:
        return 3;
    case ByteClass::Lead4:
        return 4;
    default:
        return 0;
    }
}

// The lowest and highest code point a byte can start in well-formed UTF-8 (the code-page table
// labels each lead with its lowest); nullopt for continuation and invalid bytes.
[[nodiscard]] std::optional<char32_t> lowestCodePoint(std::uint8_t lead) noexcept;
[[nodiscard]] std::optional<char32_t> highestCodePoint(std::uint8_t lead) noexcept;

// Stable lower-case names: "ascii", "continuation", "lead2", "lead3", "lead4", "invalid".
[[nodiscard]] std::string_view name(ByteClass c) noexcept;

} // namespace u8codec
