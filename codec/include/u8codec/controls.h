// Control characters (Unicode Standard section 23.1): the C0 set U+0000..U+001F with DELETE
// U+007F, and the C1 set U+0080..U+009F (ISO/IEC 6429). They have no glyph of their own, so every
// view shows them by abbreviation, by name or through the Control Pictures block; the rules for
// which code points they are and how they are shown live here once.
#pragma once

#include <string>
#include <string_view>

namespace u8codec {

// C0 controls and DELETE: U+0000..U+001F, U+007F.
[[nodiscard]] constexpr bool isC0Control(char32_t c) noexcept {
    return c < 0x20 || c == 0x7F;
}
// C1 controls: U+0080..U+009F (in UTF-8, C2 80..C2 9F).
[[nodiscard]] constexpr bool isC1Control(char32_t c) noexcept {
    return c >= 0x80 && c <= 0x9F;
}

// The symbol of the Control Pictures block for a C0 control or DELETE: U+2400 + code ("␉" for
// TAB, "␊" for LF), U+2421 for DELETE; 0 for every other code point.
[[nodiscard]] constexpr char32_t controlPicture(char32_t c) noexcept {
    return c < 0x20 ? 0x2400 + c : c == 0x7F ? char32_t(0x2421) : 0;
}

// The abbreviation of a C0 control, SPACE or DELETE ("NUL", "LF", "ESC", "SP", "DEL"; Unicode's
// NameAliases.txt); empty for every other code point.
[[nodiscard]] std::string_view controlAbbreviation(char32_t c) noexcept;

// The name of a control: controls have no Name property, and the names people use are the
// "control" aliases of NameAliases.txt (the first of each; "figment" where none exists):
// "NULL", "LINE FEED", "DELETE", "NEXT LINE", "CONTROL SEQUENCE INTRODUCER". Empty for other
// code points.
[[nodiscard]] std::string_view controlName(char32_t c) noexcept;

// The abbreviation Unicode gives a character that draws nothing of its own (NameAliases.txt,
// aliases of type "abbreviation", the first of each), for views that must show it: those of
// controlAbbreviation() for C0, SPACE and DELETE; the C1 controls' ("NEL", "CSI"); the
// bidirectional controls' ("LRE" to "RLO", "LRI" to "PDI", "LRM", "RLM", "ALM"); "ZWSP", "ZWNJ",
// "ZWJ", "WJ", "SHY", "CGJ", "MVS" and "BOM" (U+FEFF); the variation selectors' ("VS1" to
// "VS256", "FVS1" to "FVS4"); and the spaces' "NBSP", "NNBSP" and "MMSP". Empty for every other
// code point.
[[nodiscard]] std::string abbreviation(char32_t c);

} // namespace u8codec
