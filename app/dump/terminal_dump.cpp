#include "terminal_dump.h"

#include "role_colours.h"

#include <algorithm>
#include <cstring>

namespace u8dump {
namespace {

constexpr std::size_t kDrainAt = std::size_t(1) << 20; // write in pieces of about 1 MiB
constexpr std::size_t kSlack = std::size_t(64) << 10;  // more than one row's worst case
constexpr std::string_view kReset = "\x1b[0m";
constexpr std::string_view kBar = "\u2502"; // │ around the text column
constexpr int kGroup = 8;                   // a wider gap every 8 bytes

struct HexTable {
    std::array<std::array<char, 2>, 256> digits{};
    HexTable() {
        constexpr char kDigits[] = "0123456789ABCDEF";
        for (int b = 0; b < 256; ++b)
            digits[std::size_t(b)] = {kDigits[b >> 4], kDigits[b & 15]};
    }
};
const HexTable kHex;

// "\x1b[0;1;38;5;16;48;5;214m": a whole look, after a reset, so that a style never depends on
// the one before it.
std::string sgrFor(const TerminalLook& look, bool dimmed, bool underlined) {
    std::string s = "\x1b[0";
    if (look.bold && !dimmed)
        s += ";1";
    if (dimmed)
        s += ";2";
    if (underlined)
        s += ";4";
    if (look.foreground >= 0) {
        s += ";38;5;";
        s += std::to_string(look.foreground);
    }
    if (look.background >= 0) {
        s += ";48;5;";
        s += std::to_string(look.background);
    }
    s += 'm';
    return s;
}

} // namespace

TerminalDump::TerminalDump(bool colour, int width, int offsetDigits, Write write)
    : colour_(colour), width_(std::clamp(width, 1, kMaxRowWidth)),
      offsetDigits_(std::max(offsetDigits, 8)), write_(std::move(write)),
      buffer_(kDrainAt + kSlack) {
    for (int r = 0; r < kCellRoleCount; ++r) {
        const TerminalLook look = terminalLook(CellRole(r));
        for (int v = 0; v < kVariants; ++v) {
            const std::size_t i = std::size_t(r * kVariants + v);
            sgr_[i] = sgrFor(look, v == Dimmed, v == Underlined);
            hasBackground_[i] = look.background >= 0;
        }
    }
}

TerminalDump::~TerminalDump() = default;

void TerminalDump::reserve(std::size_t bytes) {
    if (used_ + bytes > buffer_.size()) {
        drain();
        if (bytes > buffer_.size())
            buffer_.resize(bytes);
    }
}

void TerminalDump::drain() {
    if (used_ == 0)
        return;
    if (!failed_ && !write_(std::string_view(buffer_.data(), used_)))
        failed_ = true;
    used_ = 0;
}

void TerminalDump::put(std::string_view text) {
    std::memcpy(buffer_.data() + used_, text.data(), text.size());
    used_ += text.size();
}

void TerminalDump::setStyle(Style style) {
    if (!colour_ || style == current_)
        return;
    put(style < 0 ? kReset : std::string_view(sgr_[std::size_t(style)]));
    current_ = style;
}

void TerminalDump::putOffset(std::uint64_t offset) {
    const int digits = std::max(offsetDigits_, offsetDigitsFor(offset + 1));
    char* out = buffer_.data() + used_;
    for (int i = digits - 1; i >= 0; --i, offset >>= 4)
        out[i] = "0123456789ABCDEF"[offset & 15];
    used_ += std::size_t(digits);
}

int TerminalDump::hexColumn(int cell) const {
    return offsetDigits_ + 2 + cell * 3 + cell / kGroup;
}

void TerminalDump::row(const DumpRow& row) {
    if (failed_)
        return;
    reserve(std::size_t(kMaxRowWidth) * 96 + 64);
    putOffset(row.offset);
    put("  ");
    writeHex(row);
    put("  ");
    put(kBar);
    writeText(row);
    put(kBar);
    put("\n");
    for (const DumpNote& note : row.notes)
        writeNote(row, note);
    if (used_ >= kDrainAt)
        drain();
}

// Each byte in its role's look; an error segment's look (a background) stops at its last digit
// and starts again at the next segment, so that adjacent error segments stay apart.
void TerminalDump::writeHex(const DumpRow& row) {
    for (int i = 0; i < width_; ++i) {
        const bool group = i > 0 && i % kGroup == 0;
        if (i >= row.count) {
            setStyle(-1);
            put(group ? "    " : "   ");
            continue;
        }
        const CellRole role = row.roles[std::size_t(i)];
        const Style style = Style(role) * kVariants + Plain;
        const bool newSegment = row.segmentStarts[std::size_t(i)] && isError(role);
        if (i > 0) {
            if (colour_ && current_ >= 0 && hasBackground_[std::size_t(current_)] &&
                (style != current_ || newSegment || group))
                setStyle(-1);
            put(group ? "  " : " ");
        }
        setStyle(style);
        const auto& digits = kHex.digits[row.bytes[std::size_t(i)]];
        put(std::string_view(digits.data(), 2));
    }
    setStyle(-1);
}

void TerminalDump::writeText(const DumpRow& row) {
    for (int i = 0; i < row.count; ++i) {
        const TextCell& t = row.text[std::size_t(i)];
        Variant variant = Plain;
        switch (t.kind) {
        case TextCell::Kind::Covered:
            continue;
        case TextCell::Kind::Filler:
            variant = Dimmed;
            break;
        case TextCell::Kind::Marker:
            variant = Underlined;
            break;
        case TextCell::Kind::Glyph:
        case TextCell::Kind::Replacement:
            break;
        }
        setStyle(Style(t.role) * kVariants + variant);
        put(t.view());
    }
    setStyle(-1);
    for (int i = row.count; i < width_; ++i)
        put(" ");
}

// "            ^~~~~ offset 10: overlong: C0 AF: ...": the caret under the problem's bytes in
// this row, in its first byte's colour.
void TerminalDump::writeNote(const DumpRow& row, const DumpNote& note) {
    const std::string text = u8codec::describe(note.problem);
    reserve(text.size() + std::size_t(kMaxRowWidth) * 4 + 64);
    const int digits = std::max(offsetDigits_, offsetDigitsFor(row.offset + 1));
    const int shift = digits - offsetDigits_;
    int column = 0;
    auto padTo = [&](int to) {
        for (; column < to; ++column)
            put(" ");
    };
    if (note.firstCell >= 0) {
        padTo(hexColumn(note.firstCell) + shift);
        if (colour_) {
            TerminalLook look = terminalLook(note.role);
            // The caret is text: the error's background colour as its foreground.
            look.foreground = look.background >= 0 ? look.background : look.foreground;
            look.background = -1;
            put(sgrFor(look, false, false));
            current_ = -2; // a look of no role: the next style is written in full
        }
        put("^");
        const int end = hexColumn(note.endCell - 1) + shift + 2;
        for (++column; column < end; ++column)
            put("~");
        setStyle(-1);
        put(" ");
        ++column;
    } else {
        padTo(hexColumn(0) + shift);
        put("\u2026 "); // … it began in a row written before it ended
    }
    put(text);
    put("\n");
}

bool TerminalDump::finish() {
    drain();
    return !failed_;
}

} // namespace u8dump
