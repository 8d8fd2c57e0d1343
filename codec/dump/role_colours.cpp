#include "role_colours.h"

#include <cmath>
#include <cstdio>
#include <utility>

namespace u8dump {
namespace {

constexpr Argb opaque(std::uint32_t rgb) {
    return 0xFF000000u | rgb;
}
constexpr Argb translucent(int r, int g, int b, int alpha) {
    return (std::uint32_t(alpha) << 24) | (std::uint32_t(r) << 16) | (std::uint32_t(g) << 8) |
           std::uint32_t(b);
}
constexpr RoleColours role(std::uint32_t fill, std::uint32_t text, std::uint32_t frame = 0) {
    return RoleColours{opaque(fill), opaque(text), frame ? opaque(frame) : 0};
}

// Okabe & Ito's colour-blind-safe set, lightened (light theme) or darkened (dark theme) for cell
// backgrounds; the saturated originals (or near them) serve as frames and hatches.
Palette makeLight() {
    Palette p;
    p.dark = false;
    p.roles = {
        role(0xf4f4f4, 0x1a1a1a),           // AsciiPrintable
        role(0xe3ebe8, 0x00694d),           // AsciiWhitespace
        role(0xcdcdcd, 0x3a3a3a),           // AsciiControl
        role(0xcbe6f8, 0x003a5c),           // Lead2
        role(0x9ccaeb, 0x002b47),           // Lead3
        role(0x6fa8d6, 0x001b30),           // Lead4
        role(0xc2e6d8, 0x00442f),           // Continuation
        role(0xd9cff7, 0x1e0d4a, 0x5b34c9), // Suspicious: violet, away from the leads' blues
        role(0xf7c6aa, 0x4d1500, 0xc2410c), // ErrorInvalidByte
        role(0xfae0a8, 0x3f2900, 0xa86b00), // ErrorUnexpectedContinuation
        role(0xf1c9df, 0x40092a, 0xa8447c), // ErrorOverlong
        role(0xf4ec9c, 0x363000, 0x7f7400), // ErrorSurrogate
        role(0xf9d5c8, 0x4d1500, 0xd55e00), // ErrorTooLarge
        role(0xe6d0ee, 0x33103f, 0x8a4fa0), // ErrorTruncated
    };
    p.characterFrame = opaque(0x1f4e79);
    p.selectionFill = translucent(0, 114, 178, 95);
    p.cursorFrame = opaque(0x000000);
    p.matchFill = translucent(240, 228, 66, 170);
    p.matchFrame = opaque(0x7f7400);
    p.offsetText = opaque(0x6b6b6b);
    p.offsetBackground = opaque(0xececec);
    p.clusterBracket = opaque(0xa0306e); // Okabe-Ito's reddish purple, darkened
    // Okabe-Ito's bluish green, darkened: apart from the blues of the leads, the warm errors, the
    // violet of the audit and the yellow of matches.
    p.editedMark = opaque(0x00795a);
    // Okabe-Ito's orange, darkened: a warm mark apart from the errors' fills (it is drawn as a
    // faint tint and bars at the ends, never as a cell's fill).
    p.bookmark = opaque(0xb06000);
    // Differences, in u8convert::HunkKind's order: a contrast of 3:1 at least against a plain
    // text cell in both variants (WCAG's for graphics), apart in hue where kinds meet (an edit
    // beside a line ending), and each kind also drawn with a bar pattern of its own.
    p.difference = {
        opaque(0xc0392b), // TextEdit: red
        opaque(0x6a3fc8), // InvisibleInserted: violet, as the audit's invisible characters
        opaque(0x6a3fc8), // InvisibleRemoved
        opaque(0x00777a), // Lookalike: teal
        opaque(0x2f7d32), // NormalForm: green
        opaque(0x8a5a00), // LineEnding: brown
        opaque(0xb0186e), // EncodingDamage: magenta
        opaque(0x555555), // ByteOrderMark: grey
    };
    return p;
}

Palette makeDark() {
    Palette p;
    p.dark = true;
    p.roles = {
        role(0x2a2a2a, 0xe6e6e6),           // AsciiPrintable
        role(0x2b3532, 0x63d4b0),           // AsciiWhitespace
        role(0x464646, 0xcfcfcf),           // AsciiControl
        role(0x1d3d55, 0xd6ecfa),           // Lead2
        role(0x245a85, 0xeaf4fb),           // Lead3
        role(0x3479b3, 0xffffff),           // Lead4
        role(0x1c4a3b, 0xc8eadc),           // Continuation
        role(0x3b2a6e, 0xefe9ff, 0xb9a3ff), // Suspicious
        role(0x5c2410, 0xffe3d6, 0xff8a50), // ErrorInvalidByte
        role(0x553d0a, 0xfff0cc, 0xf2b630), // ErrorUnexpectedContinuation
        role(0x522040, 0xffe0f1, 0xe58cc0), // ErrorOverlong
        role(0x4a4510, 0xfffbd0, 0xe8dc50), // ErrorSurrogate
        role(0x4e2a1e, 0xffe6dc, 0xff9e70), // ErrorTooLarge
        role(0x3e2452, 0xf3e6fa, 0xc89be0), // ErrorTruncated
    };
    p.characterFrame = opaque(0x9ccaeb);
    p.selectionFill = translucent(86, 180, 233, 105);
    p.cursorFrame = opaque(0xffffff);
    p.matchFill = translucent(240, 228, 66, 95);
    p.matchFrame = opaque(0xf0e442);
    p.offsetText = opaque(0x9a9a9a);
    p.offsetBackground = opaque(0x232323);
    p.clusterBracket = opaque(0xf08cc4);
    p.editedMark = opaque(0x3ee0a6);
    p.bookmark = opaque(0xf0a830);
    p.difference = {
        opaque(0xff7a6b), // TextEdit
        opaque(0xbfa6ff), // InvisibleInserted
        opaque(0xbfa6ff), // InvisibleRemoved
        opaque(0x4fd8d0), // Lookalike
        opaque(0x86d98a), // NormalForm
        opaque(0xe8b45a), // LineEnding
        opaque(0xff7fc8), // EncodingDamage
        opaque(0xc8c8c8), // ByteOrderMark
    };
    return p;
}

double channel(std::uint32_t value) {
    const double c = double(value & 0xFF) / 255.0;
    return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double luminance(Argb c) {
    return 0.2126 * channel(c >> 16) + 0.7152 * channel(c >> 8) + 0.0722 * channel(c);
}

} // namespace

const Palette& lightPalette() noexcept {
    static const Palette palette = makeLight();
    return palette;
}

const Palette& darkPalette() noexcept {
    static const Palette palette = makeDark();
    return palette;
}

Hatch hatchOf(CellRole role) noexcept {
    switch (role) {
    case CellRole::Suspicious:
        return Hatch::Dots; // dots, not lines: neither an error nor plain text
    case CellRole::ErrorInvalidByte:
        return Hatch::DiagonalCross;
    case CellRole::ErrorUnexpectedContinuation:
        return Hatch::Backward;
    case CellRole::ErrorOverlong:
        return Hatch::Forward;
    case CellRole::ErrorSurrogate:
        return Hatch::Horizontal;
    case CellRole::ErrorTooLarge:
        return Hatch::Cross;
    case CellRole::ErrorTruncated:
        return Hatch::Vertical;
    default:
        return Hatch::None;
    }
}

FrameLine frameLineOf(CellRole role) noexcept {
    return role == CellRole::Suspicious ? FrameLine::Dotted : FrameLine::Solid;
}

TerminalLook terminalLook(CellRole role) noexcept {
    switch (role) {
    case CellRole::AsciiPrintable:
        return {}; // the terminal's own text colour: the best contrast there is
    case CellRole::AsciiWhitespace:
        return {30}; // teal #008787
    case CellRole::AsciiControl:
        return {244}; // grey #808080
    // The leads darken with their length, as in the window: #0087d7, #005fff, #5f5faf.
    case CellRole::Lead2:
        return {32};
    case CellRole::Lead3:
        return {27};
    case CellRole::Lead4:
        return {61};
    case CellRole::Continuation:
        return {28}; // green #008700
    case CellRole::Suspicious:
        return {99}; // violet #875fff
    // Errors: the window's warm hues as backgrounds, with black or white text.
    case CellRole::ErrorInvalidByte:
        return {231, 160, true}; // white on vermillion #d70000
    case CellRole::ErrorUnexpectedContinuation:
        return {16, 214, true}; // black on amber #ffaf00
    case CellRole::ErrorOverlong:
        return {16, 175, true}; // black on reddish purple #d787af
    case CellRole::ErrorSurrogate:
        return {16, 184, true}; // black on yellow #d7d700
    case CellRole::ErrorTooLarge:
        return {16, 208, true}; // black on orange #ff8700
    case CellRole::ErrorTruncated:
        return {16, 140, true}; // black on purple #af87d7
    }
    return {};
}

Argb xtermColour(int index) noexcept {
    if (index < 16 || index > 255)
        return 0;
    if (index >= 232) {
        const std::uint32_t v = std::uint32_t(8 + 10 * (index - 232));
        return opaque((v << 16) | (v << 8) | v);
    }
    static constexpr std::uint32_t kLevels[6] = {0, 95, 135, 175, 215, 255};
    const int i = index - 16;
    return opaque((kLevels[i / 36] << 16) | (kLevels[(i / 6) % 6] << 8) | kLevels[i % 6]);
}

double contrast(Argb a, Argb b) noexcept {
    double la = luminance(a), lb = luminance(b);
    if (la < lb)
        std::swap(la, lb);
    return (la + 0.05) / (lb + 0.05);
}

std::string cssColour(Argb colour) {
    char text[40];
    const unsigned r = (colour >> 16) & 0xFF, g = (colour >> 8) & 0xFF, b = colour & 0xFF;
    const unsigned alpha = colour >> 24;
    if (alpha == 0xFF)
        std::snprintf(text, sizeof text, "#%02x%02x%02x", r, g, b);
    else
        std::snprintf(text, sizeof text, "rgba(%u,%u,%u,%.2f)", r, g, b, double(alpha) / 255.0);
    return text;
}

} // namespace u8dump
