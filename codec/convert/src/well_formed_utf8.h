// Library-internal: decoding and encoding of UTF-8 that is known to be well-formed, for the hot
// loops of transcoding and mojibake repair. Validity is always established first by the codec
// (u8codec::scan); these functions only assemble the bits (RFC 3629 section 3) and check nothing.
#pragma once

#include "u8codec/byte_class.h"

#include <cstdint>

namespace u8convert::detail {
using namespace u8codec;

// Reads one character of well-formed UTF-8 (validated beforehand by the codec's scan; the
// length comes from the lead's class, RFC 3629 section 3).
[[nodiscard]] inline char32_t readValid(const std::uint8_t*& p) {
    const std::uint8_t b = *p;
    switch (sequenceLength(classify(b))) {
    case 1:
        ++p;
        return b;
    case 2: {
        const char32_t c = char32_t(b & 0x1F) << 6 | (p[1] & 0x3F);
        p += 2;
        return c;
    }
    case 3: {
        const char32_t c = char32_t(b & 0x0F) << 12 | char32_t(p[1] & 0x3F) << 6 | (p[2] & 0x3F);
        p += 3;
        return c;
    }
    default: {
        const char32_t c = char32_t(b & 0x07) << 18 | char32_t(p[1] & 0x3F) << 12 |
                           char32_t(p[2] & 0x3F) << 6 | (p[3] & 0x3F);
        p += 4;
        return c;
    }
    }
}

// The UTF-8 form of a scalar value (RFC 3629 section 3), inline for the hot loop: the same
// bytes as the codec's encode(), which the round-trip and uconv tests hold it to.
[[nodiscard]] inline std::uint8_t* putUtf8(std::uint8_t* o, char32_t c) {
    if (c < 0x80) {
        *o++ = std::uint8_t(c);
    } else if (c < 0x800) {
        *o++ = std::uint8_t(0xC0 | (c >> 6));
        *o++ = std::uint8_t(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        *o++ = std::uint8_t(0xE0 | (c >> 12));
        *o++ = std::uint8_t(0x80 | ((c >> 6) & 0x3F));
        *o++ = std::uint8_t(0x80 | (c & 0x3F));
    } else {
        *o++ = std::uint8_t(0xF0 | (c >> 18));
        *o++ = std::uint8_t(0x80 | ((c >> 12) & 0x3F));
        *o++ = std::uint8_t(0x80 | ((c >> 6) & 0x3F));
        *o++ = std::uint8_t(0x80 | (c & 0x3F));
    }
    return o;
}

} // namespace u8convert::detail
