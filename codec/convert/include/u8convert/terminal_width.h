// How a character fills the cells of a terminal or of any grid of fixed-width cells (a hex dump's
// text column): how many columns it takes, and whether it can be shown on its own at all. The
// rules of UAX #11 (East Asian Width) and of the general category, read the way wcwidth(3)
// implementations read them (Markus Kuhn's, glibc's, VTE's and xterm's).
#pragma once

#include <cstdint>

namespace u8convert {

// The columns a terminal gives a character: 2 for East_Asian_Width Wide and Fullwidth (UAX #11;
// since Unicode 9 that includes the emoji with Emoji_Presentation); 0 for the nonspacing and
// enclosing marks (Mn, Me), the format characters (Cf) but U+00AD SOFT HYPHEN, the other
// Default_Ignorable_Code_Point characters, the Hangul medial vowels and final consonants (which
// join the syllable before them) and the controls (which a terminal acts on rather than draws);
// 1 for everything else. East_Asian_Width Ambiguous counts as 1, as terminals outside CJK
// locales draw it.
[[nodiscard]] int terminalColumns(char32_t cp);

// How a character can be shown in a cell of its own, apart from its neighbours.
enum class CellForm : std::uint8_t {
    Glyph,         // drawn as itself
    CombiningMark, // a mark (Mn, Mc, Me): drawn on U+25CC DOTTED CIRCLE, as Unicode's charts do
    Space,         // a space separator other than U+0020 (NBSP, EN SPACE...): draws blank
    Invisible,     // draws nothing (drawsNothing() of audit.h), or is not assigned at all (Cn)
};
[[nodiscard]] CellForm cellForm(char32_t cp);

} // namespace u8convert
