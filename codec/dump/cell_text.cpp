#include "cell_text.h"

#include "u8codec/controls.h"
#include "u8codec/encoder.h"
#include "u8codec/segmenter.h"
#include "u8convert/terminal_width.h"

#include <algorithm>

namespace u8dump {
namespace {

using u8convert::CellForm;

TextCell makeCell(TextCell::Kind kind, CellRole role, int columns, std::string_view text) {
    TextCell c;
    c.kind = kind;
    c.role = role;
    c.columns = std::uint8_t(columns);
    c.size = std::uint8_t(std::min(text.size(), c.text.size()));
    std::copy_n(text.data(), c.size, c.text.data());
    return c;
}

// Appends the UTF-8 of a scalar value to a cell's text (room for two characters).
void append(TextCell& c, char32_t cp) {
    std::uint8_t utf8[4];
    const int n = u8codec::encode(cp, utf8);
    if (c.size + n > int(c.text.size()))
        return;
    std::copy_n(utf8, n, reinterpret_cast<std::uint8_t*>(c.text.data()) + c.size);
    c.size = std::uint8_t(c.size + n);
}

TextCell glyphCell(TextCell::Kind kind, CellRole role, int columns,
                   std::initializer_list<char32_t> text) {
    TextCell c = makeCell(kind, role, columns, {});
    for (char32_t cp : text)
        append(c, cp);
    return c;
}

constexpr char32_t kDottedCircle = 0x25CC; // Unicode's charts draw a lone mark on it
constexpr char32_t kWhiteDiamond = 0x25C7; // ◇: a character that draws nothing
constexpr char32_t kOpenBox = 0x2423;      // ␣: a space other than U+0020
constexpr char32_t kReplacement = 0xFFFD;  // one per error segment, as a replacing decoder

} // namespace

CellTexts::CellTexts()
    : recentKeys_(std::size_t(1) << kRecentSetBits), recent_(kRecentWays << kRecentSetBits),
      pages_(0x110000 / 256) {
    for (int r = 0; r < kCellRoleCount; ++r) {
        fillers_[std::size_t(r)] = makeCell(TextCell::Kind::Filler, CellRole(r), 1, kFiller);
        covered_[std::size_t(r)] = makeCell(TextCell::Kind::Covered, CellRole(r), 0, {});
        replacements_[std::size_t(r)] =
            glyphCell(TextCell::Kind::Replacement, CellRole(r), 1, {kReplacement});
    }
    for (int b = 0; b < 128; ++b) {
        const CellRole role = asciiRole(std::uint8_t(b));
        if (const char32_t picture = u8codec::controlPicture(char32_t(b)))
            ascii_[std::size_t(b)].cell = glyphCell(TextCell::Kind::Glyph, role, 1, {picture});
        else {
            const char c = char(b);
            ascii_[std::size_t(b)].cell = makeCell(TextCell::Kind::Glyph, role, 1, {&c, 1});
        }
    }
    // A character's own cell text could hold "BOM" and U+FFFD with room to spare; two characters
    // of four bytes (◌ and a mark) are the most it needs.
    static_assert(sizeof(TextCell::text) >= 7);
}

std::uint8_t CellTexts::shapeOf(char32_t cp) {
    auto& page = pages_[cp >> 8];
    if (!page) {
        page = std::make_unique<std::array<std::uint8_t, 256>>();
        const char32_t first = cp & ~char32_t(0xFF);
        for (char32_t i = 0; i < 256; ++i) {
            const char32_t c = first + i;
            if (c >= 0xD800 && c <= 0xDFFF)
                continue; // never decoded from UTF-8
            (*page)[i] = std::uint8_t(0x80 | int(u8convert::cellForm(c)) |
                                      (u8convert::terminalColumns(c) << 2));
        }
    }
    return (*page)[cp & 0xFF];
}

TextCell CellTexts::forSegment(const u8codec::Segment& s, std::span<const std::uint8_t> bytes) {
    if (!s.isValid())
        return replacements_[std::size_t(roleOf(s, s.offset, bytes[0]))];
    return forCharacter(bytes);
}

const CharacterCells& CellTexts::computeCells(std::size_t set, std::uint32_t packed,
                                              std::span<const std::uint8_t> bytes) {
    // The Segmenter reads the code point: the one place UTF-8 is decoded.
    u8codec::Segment s;
    u8codec::Segmenter segmenter;
    segmenter.feed(bytes, [&s](const u8codec::Segment& segment) { s = segment; });
    // The least recent goes.
    auto& keys = recentKeys_[set];
    const auto ways = recent_.begin() + std::ptrdiff_t(set * kRecentWays);
    std::rotate(keys.begin(), keys.end() - 1, keys.end());
    std::rotate(ways, ways + (kRecentWays - 1), ways + kRecentWays);
    keys[0] = packed;
    CharacterCells& cells = *ways;
    cells.roles = {roleOf(s, s.offset, bytes[0]), CellRole::Continuation, CellRole::Continuation,
                   CellRole::Continuation};
    cells.text[0] = compute(s, cells.roles[0]);
    // A continuation byte's cell: covered by the lead's text where it is wide, else a filler.
    for (std::size_t k = 1; k < cells.text.size(); ++k)
        cells.text[k] =
            k < cells.text[0].columns ? covered(cells.roles[0]) : filler(CellRole::Continuation);
    return cells;
}

TextCell CellTexts::compute(const u8codec::Segment& s, CellRole role) {
    const char32_t cp = s.codePoint;
    const std::uint8_t shape = shapeOf(cp);
    const auto form = CellForm(shape & 3);
    const int columns = (shape >> 2) & 3;
    switch (form) {
    case CellForm::Invisible: {
        // Unicode's abbreviation ("BOM", "RLO", "ZWJ", "NEL") when it fits in the character's
        // own cells, else a diamond.
        const std::string abbreviation = u8codec::abbreviation(cp);
        if (!abbreviation.empty() && abbreviation.size() <= s.length)
            return makeCell(TextCell::Kind::Marker, role, int(abbreviation.size()), abbreviation);
        return glyphCell(TextCell::Kind::Marker, role, 1, {kWhiteDiamond});
    }
    case CellForm::Space:
        return glyphCell(TextCell::Kind::Marker, role, 1, {kOpenBox});
    case CellForm::CombiningMark:
        // A spacing mark (Mc) takes a column of its own after the circle.
        return glyphCell(TextCell::Kind::Glyph, role, 1 + columns, {kDottedCircle, cp});
    case CellForm::Glyph:
        break;
    }
    if (columns == 0) // zero-width but not a mark (conjoining jamo): on the circle too
        return glyphCell(TextCell::Kind::Glyph, role, 1, {kDottedCircle, cp});
    return glyphCell(TextCell::Kind::Glyph, role, columns, {cp});
}

} // namespace u8dump
