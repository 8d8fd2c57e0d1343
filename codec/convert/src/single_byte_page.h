// Library-internal: the hand-written loops between UTF-8 and the two single-byte pages that have
// them (ISO-8859-1, windows-1252), from tables read out of ICU's converters once, so that the
// loops give exactly ICU's bytes.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

namespace u8convert::detail {

struct SingleBytePage {
    std::array<char32_t, 256> toUnicode{};           // 0xFFFFFFFF: ICU has no mapping
    std::array<std::uint16_t, 0x2200> fromUnicode{}; // byte + 1; 0: not on the page
};

// ISO-8859-1, or windows-1252 with `cp1252`; null when ICU cannot open it.
[[nodiscard]] const SingleBytePage* singleBytePage(bool cp1252);

// The page's bytes as UTF-8; false at a byte the page does not map.
[[nodiscard]] bool singleByteToUtf8(std::span<const std::uint8_t> in, const SingleBytePage& page,
                                    std::string& out);
// Well-formed UTF-8 on the page; false at a character not on it (ICU's path reports it).
[[nodiscard]] bool utf8ToSingleByte(std::span<const std::uint8_t> in, const SingleBytePage& page,
                                    std::string& out);

} // namespace u8convert::detail
