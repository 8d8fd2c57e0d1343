#include "u8codec/byte_class.h"

namespace u8codec {

std::optional<char32_t> lowestCodePoint(std::uint8_t lead) noexcept {
    switch (classify(lead)) {
    case ByteClass::Ascii:
        return lead;
    case ByteClass::Lead2:
        return char32_t(lead & 0x1F) << 6;
    case ByteClass::Lead3:
        // E0 starts at U+0800: E0 80..9F would be overlong (RFC 3629 section 4).
        return lead == 0xE0 ? char32_t(0x0800) : char32_t(lead & 0x0F) << 12;
    case ByteClass::Lead4:
        return lead == 0xF0 ? char32_t(0x10000) : char32_t(lead & 0x07) << 18;
    default:
        return std::nullopt;
    }
}

std::optional<char32_t> highestCodePoint(std::uint8_t lead) noexcept {
    switch (classify(lead)) {
    case ByteClass::Ascii:
        return lead;
    case ByteClass::Lead2:
        return (char32_t(lead & 0x1F) << 6) | 0x3F;
    case ByteClass::Lead3:
        // ED stops at U+D7FF: ED A0..BF would be surrogates.
        return lead == 0xED ? char32_t(0xD7FF) : (char32_t(lead & 0x0F) << 12) | 0xFFF;
    case ByteClass::Lead4:
        return lead == 0xF4 ? char32_t(0x10FFFF) : (char32_t(lead & 0x07) << 18) | 0x3FFFF;
    default:
        return std::nullopt;
    }
}

std::string_view name(ByteClass c) noexcept {
    switch (c) {
    case ByteClass::Ascii:
        return "ascii";
    case ByteClass::Continuation:
        return "continuation";
    case ByteClass::Lead2:
        return "lead2";
    case ByteClass::Lead3:
        return "lead3";
    case ByteClass::Lead4:
        return "lead4";
    case ByteClass::Invalid:
        return "invalid";
    }
    return "invalid";
}

} // namespace u8codec
