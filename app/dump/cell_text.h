// The text column of a dump: what each byte's cell shows. One terminal cell per byte: a
// character's glyph in its lead byte's cell and fillers in the cells of its other bytes, so that
// the text stays aligned with the hex. A wide character (East Asian Width W or F: CJK, emoji)
// takes two cells of its own; controls show as their Control Pictures (u8codec/controls.h);
// characters that draw nothing as a marker (their Unicode abbreviation when it fits in their
// cells: "BOM", "RLO", "ZWJ"; else ◇); other spaces as ␣; a combining mark on a dotted circle
// (◌́); an error segment as U+FFFD.
#pragma once

#include "cell_role.h"
#include "u8codec/segment.h"

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace u8dump {

struct TextCell {
    enum class Kind : std::uint8_t {
        Glyph,       // the character itself (a control's picture, a mark on ◌)
        Marker,      // stands for a character that draws nothing of its own: "BOM", ◇, ␣
        Replacement, // U+FFFD for an error segment
        Filler,      // a byte of a character or error segment whose text is in another cell
        Covered,     // taken by the text of the cell before (a wide glyph, a marker): write nothing
    };
    Kind kind = Kind::Filler;
    CellRole role = CellRole::AsciiPrintable; // the lead's role for text, the byte's for a filler
    std::uint8_t columns = 1;                 // cells the text takes from this one (1-4)
    std::uint8_t size = 0;                    // bytes of UTF-8 in text
    std::array<char, 8> text{};

    std::string_view view() const { return {text.data(), size}; }
};

// What a filler cell shows (U+00B7 MIDDLE DOT, dimmed where there is colour).
inline constexpr std::string_view kFiller = "\u00B7";

// Computes the text of segments. Keeps how each code point shows (cellForm and terminalColumns
// of u8convert/terminal_width.h, which ask ICU) in a table filled a page of 256 code points at a
// time, so that a dump of CJK text asks ICU once per code point page, not once per character.
class CellTexts {
public:
    CellTexts();

    // The text in the lead cell of segment `s` (its bytes `bytes`), at most s.length columns.
    TextCell forSegment(const u8codec::Segment& s, std::span<const std::uint8_t> bytes);
    // The same for the bytes of one well-formed character (1-4), from a cache keyed by them:
    // text repeats its characters, and a character's text depends on its bytes alone.
    const TextCell& forCharacter(std::span<const std::uint8_t> bytes);
    // The same for an ASCII byte, from a table.
    const TextCell& forAscii(std::uint8_t byte) const { return ascii_[byte]; }
    // A filler in a role's look, and the cell a wide text covers.
    const TextCell& filler(CellRole role) const { return fillers_[std::size_t(role)]; }
    const TextCell& covered(CellRole role) const { return covered_[std::size_t(role)]; }

private:
    // A code point's form (bits 0-1) and columns (bits 2-3), with bit 7 set once computed.
    std::uint8_t shapeOf(char32_t cp);
    TextCell compute(const u8codec::Segment& s, CellRole role);

    std::array<TextCell, 128> ascii_{};
    std::array<TextCell, kCellRoleCount> fillers_{};
    std::array<TextCell, kCellRoleCount> covered_{};
    std::array<TextCell, kCellRoleCount> replacements_{};
    // The last text computed in each of 16384 slots, by the character's bytes packed in a word
    // (more than the characters of most texts: CJK prose uses some 3000).
    struct Recent {
        std::uint32_t bytes = 0; // 0: empty (a multi-byte character never packs to 0)
        TextCell cell;
    };
    std::vector<Recent> recent_;
    std::vector<std::unique_ptr<std::array<std::uint8_t, 256>>> pages_;
};

} // namespace u8dump
