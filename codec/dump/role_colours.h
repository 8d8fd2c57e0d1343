// The one colour table of u8scope: how every byte role (cell_role.h) is drawn in the window (a
// light and a dark variant: fill, text, frame, hatch), in the exported page (the same colours),
// and in a terminal (xterm's 256 colours). Qt-free, so that u8scope-cli and the window read the
// same table; ui/role_palette.cpp turns it into QColors and brushes.
//
// Choice of colours: valid roles take cool hues (blues, bluish green, greys) and errors warm hues
// (vermillion, orange, yellow, reddish purple), from the Okabe-Ito set, which stays apart under
// the common colour-vision deficiencies. Nothing relies on hue alone: the lead bytes differ in
// lightness by their length, and every error cell is also hatched (a different hatch per kind)
// and framed in bold, so errors read in greyscale too. Suspicious characters (valid UTF-8 that
// the text audit reports: bidi controls, invisibles, look-alikes) are violet, dotted rather than
// hatched and framed with a dotted line rather than a solid one: they are neither an error nor
// plain text.
#pragma once

#include "cell_role.h"
#include "u8convert/compare.h"

#include <array>
#include <cstdint>
#include <string>

namespace u8dump {

// 0xAARRGGBB (Qt's QRgb): alpha FF is opaque; 0 is "none" (a role without a frame).
using Argb = std::uint32_t;

// The pattern drawn over an error's (or a suspicious character's) fill, in its frame colour; a
// different one per error kind, so that kinds stay apart without colour. Qt's brush styles of
// the same names.
enum class Hatch : std::uint8_t {
    None,
    DiagonalCross, // Qt::DiagCrossPattern
    Backward,      // Qt::BDiagPattern: lines rising to the right
    Forward,       // Qt::FDiagPattern: lines falling to the right
    Horizontal,    // Qt::HorPattern
    Cross,         // Qt::CrossPattern
    Vertical,      // Qt::VerPattern
    Dots,          // Qt::Dense6Pattern
};
enum class FrameLine : std::uint8_t { Solid, Dotted };

struct RoleColours {
    Argb fill;      // cell background
    Argb text;      // hex digits or glyph
    Argb frame = 0; // outline and hatch (errors, suspicious), 0 for none
};

// The kinds of difference a comparison names (u8convert::HunkKind), each with a colour of its own.
inline constexpr int kDifferenceKindCount = int(u8convert::HunkKind::ByteOrderMark) + 1;

struct Palette {
    bool dark = false;
    std::array<RoleColours, kCellRoleCount> roles{};
    Argb characterFrame = 0; // joins the bytes of a character
    Argb selectionFill = 0;  // translucent, over the roles
    Argb cursorFrame = 0;
    Argb matchFill = 0; // search hits, translucent
    Argb matchFrame = 0;
    Argb offsetText = 0; // the offset column
    Argb offsetBackground = 0;
    Argb clusterBracket = 0; // a grapheme cluster's bytes
    Argb editedMark = 0;     // bytes edited since the file was opened or saved
    Argb bookmark = 0;       // the user's bookmarks
    // A difference from the file compared with (File > Compare With…), by its kind: a tint of it
    // over the bytes and a box round them (never a cell's fill).
    std::array<Argb, kDifferenceKindCount> difference{};

    const RoleColours& operator[](CellRole role) const { return roles[std::size_t(role)]; }
    [[nodiscard]] Argb differenceOf(u8convert::HunkKind kind) const {
        return difference[std::size_t(kind)];
    }
};

[[nodiscard]] const Palette& lightPalette() noexcept;
[[nodiscard]] const Palette& darkPalette() noexcept;

// The same in both variants.
[[nodiscard]] Hatch hatchOf(CellRole role) noexcept;
[[nodiscard]] FrameLine frameLineOf(CellRole role) noexcept;

// A role in a terminal, in xterm's 256 colours, readable on dark and light backgrounds alike:
// valid roles change only the foreground (a mid-lightness colour: WCAG contrast of at least 3
// against black and against white), errors set both colours (bold, contrast at least 4.5 between
// them), so that they stand out as the window's hatched cells do.
struct TerminalLook {
    int foreground = -1; // 0-255, or -1: the terminal's own
    int background = -1; // 0-255, or -1: the terminal's own
    bool bold = false;
};
[[nodiscard]] TerminalLook terminalLook(CellRole role) noexcept;

// The colour xterm gives index 16-255 (the 6x6x6 cube and the grey ramp) as 0xFFRRGGBB; 0-15
// depend on the terminal's theme and are not used.
[[nodiscard]] Argb xtermColour(int index) noexcept;
// WCAG 2 contrast ratio of two opaque colours (1 to 21).
[[nodiscard]] double contrast(Argb a, Argb b) noexcept;
// "#rrggbb" for an opaque colour, "rgba(r,g,b,0.37)" for a translucent one.
[[nodiscard]] std::string cssColour(Argb colour);

} // namespace u8dump
