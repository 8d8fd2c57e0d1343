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
#include <bit>
#include <cstdint>
#include <cstring>
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
        Covered,     // taken by the text of the cell before (a wide glyph, a marker): its text is
                     // empty, it writes nothing
    };
    Kind kind = Kind::Filler;
    CellRole role = CellRole::AsciiPrintable; // the lead's role for text, the byte's for a filler
    std::uint8_t columns = 1;                 // cells the text takes from this one (1-4)
    std::uint8_t size = 0;                    // bytes of UTF-8 in text
    std::array<char, 8> text{};

    [[nodiscard]] std::string_view view() const { return {text.data(), size}; }
};

// What a filler cell shows (U+00B7 MIDDLE DOT, dimmed where there is colour).
inline constexpr std::string_view kFiller = "\u00B7";

// The cells of one well-formed character of 2-4 bytes within a row: its lead's role and text,
// then its continuation bytes' (the cells its text covers, then fillers), four whatever its
// length, so that a row takes them in copies of fixed size.
struct CharacterCells {
    std::array<CellRole, 4> roles{};
    std::array<TextCell, 4> text{};
};

// Computes the text of segments. Keeps how each code point shows (cellForm and terminalColumns
// of u8convert/terminal_width.h, which ask ICU) in a table filled a page of 256 code points at a
// time, so that a dump of CJK text asks ICU once per code point page, not once per character.
class CellTexts {
public:
    CellTexts();

    // The text in the lead cell of segment `s` (its bytes `bytes`), at most s.length columns.
    [[nodiscard]] TextCell forSegment(const u8codec::Segment& s,
                                      std::span<const std::uint8_t> bytes);
    // The same for the bytes of one well-formed character (1-4).
    [[nodiscard]] const TextCell& forCharacter(std::span<const std::uint8_t> bytes) {
        if (bytes.size() == 1)
            return ascii_[bytes[0] & 0x7F].cell;
        return cellsOf(bytes, bytes.size()).text[0];
    }
    // The cells of the well-formed character of `length` bytes (2-4) that `bytes` starts with,
    // from a cache keyed by its bytes: text repeats its characters, and a character's cells
    // depend on its bytes alone.
    [[nodiscard]] const CharacterCells& cellsOf(std::span<const std::uint8_t> bytes,
                                                std::size_t length) {
        const std::uint32_t packed = pack(bytes, length);
        const std::size_t set = (packed * 2654435761u) >> (32 - kRecentSetBits); // Knuth's hash
        // The way that holds it, if any, without a branch: the keys of a set are distinct.
        const auto& keys = recentKeys_[set];
        const std::size_t way = std::size_t(keys[1] == packed) |
                                std::size_t(keys[2] == packed) * 2 |
                                std::size_t(keys[3] == packed) * 3;
        if (keys[way] == packed)
            return recent_[set * kRecentWays + way];
        return computeCells(set, packed, bytes.first(length));
    }
    // The key of the character of `length` bytes (2-4) that `bytes` starts with: its bytes in a
    // word, the first in the low byte (never 0: the key of an empty way). Four bytes read at once
    // when `bytes` has them.
    [[nodiscard]] static std::uint32_t pack(std::span<const std::uint8_t> bytes,
                                            std::size_t length) noexcept {
        if constexpr (std::endian::native == std::endian::little) {
            if (bytes.size() >= 4) {
                std::uint32_t word;
                std::memcpy(&word, bytes.data(), 4);
                return word & (0xFFFFFFFFu >> (8 * (4 - length)));
            }
        }
        std::uint32_t packed = 0;
        for (std::size_t k = 0; k < length; ++k)
            packed |= std::uint32_t(bytes[k]) << (8 * k);
        return packed;
    }
    // The same for an ASCII byte, from a table.
    [[nodiscard]] const TextCell& forAscii(std::uint8_t byte) const { return ascii_[byte].cell; }
    // The same with 4 bytes after it, for copies of 16 bytes (the rows' cells are 12).
    struct alignas(16) PaddedCell {
        TextCell cell;
        std::array<char, 16 - sizeof(TextCell)> pad{};
    };
    [[nodiscard]] const PaddedCell& forAsciiPadded(std::uint8_t byte) const { return ascii_[byte]; }
    // A filler in a role's look, and the cell a wide text covers.
    [[nodiscard]] const TextCell& filler(CellRole role) const {
        return fillers_[std::size_t(role)];
    }
    [[nodiscard]] const TextCell& covered(CellRole role) const {
        return covered_[std::size_t(role)];
    }

private:
    // A code point's form (bits 0-1) and columns (bits 2-3), with bit 7 set once computed.
    [[nodiscard]] std::uint8_t shapeOf(char32_t cp);
    [[nodiscard]] TextCell compute(const u8codec::Segment& s, CellRole role);

    std::array<PaddedCell, 128> ascii_{};
    std::array<TextCell, kCellRoleCount> fillers_{};
    std::array<TextCell, kCellRoleCount> covered_{};
    std::array<TextCell, kCellRoleCount> replacements_{};
    // The cells last computed, by the character's key: 4096 sets of 4 (more than the characters
    // of most texts: CJK prose uses some 3000), each set's keys in 16 bytes of their own, beside
    // its cells. Four ways, not one: the characters of CJK prose collide often enough in a table
    // of single slots to be computed again and again.
    static constexpr int kRecentSetBits = 12;
    static constexpr std::size_t kRecentWays = 4;
    // Computes the cells of a character not in its set, in place of the least recent (the set's
    // ways are kept most recent first).
    [[nodiscard]] const CharacterCells& computeCells(std::size_t set, std::uint32_t packed,
                                                     std::span<const std::uint8_t> bytes);
    std::vector<std::array<std::uint32_t, kRecentWays>> recentKeys_; // 0: an empty way
    std::vector<CharacterCells> recent_;
    std::vector<std::unique_ptr<std::array<std::uint8_t, 256>>> pages_;
};

} // namespace u8dump
