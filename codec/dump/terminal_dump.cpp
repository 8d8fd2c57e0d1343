#include "terminal_dump.h"

#include "role_colours.h"

#include <algorithm>
#include <cstring>

namespace u8dump {
namespace {

constexpr std::size_t kDrainAt = std::size_t(1) << 20; // write in pieces of about 1 MiB
constexpr std::size_t kSlack = std::size_t(64) << 10;  // more than one row's worst case
constexpr std::string_view kReset = "\x1b[0m";
constexpr int kGroup = 8; // a wider gap every 8 bytes

// Each byte's two digits and the space after them, copied 4 bytes at a time.
struct HexTable {
    std::array<std::array<char, 4>, 256> digits{};
    HexTable() {
        constexpr char kDigits[] = "0123456789ABCDEF";
        for (int b = 0; b < 256; ++b)
            digits[std::size_t(b)] = {kDigits[b >> 4], kDigits[b & 15], ' ', ' '};
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

TerminalDump::TerminalDump(bool colour, int width, int offsetDigits, Write write, int wrapColumns)
    : colour_(colour), wrapColumns_(wrapColumns), width_(std::clamp(width, 1, kMaxRowWidth)),
      offsetDigits_(std::max(offsetDigits, 8)), write_(std::move(write)),
      buffer_(kDrainAt + kSlack) {
    for (int r = 0; r < kCellRoleCount; ++r) {
        const TerminalLook look = terminalLook(CellRole(r));
        for (int v = 0; v < kVariants; ++v) {
            const Style style = v * kCellRoleCount + r;
            const std::string text = sgrFor(look, v == Dimmed, v == Underlined);
            std::copy(text.begin(), text.end(), sgrText_[std::size_t(style)].begin());
            sgrSize_[std::size_t(style)] = std::uint8_t(text.size());
            if (look.background >= 0)
                backgrounds_ |= std::uint64_t(1) << style;
            if (v == Plain && !isError(CellRole(r)))
                simpleLooks_ = simpleLooks_ && look.background < 0 && text.size() <= 16;
        }
    }
    std::copy(kReset.begin(), kReset.end(), sgrText_[kResetStyle].begin());
    for (int r = 0; r < kCellRoleCount; ++r) {
        TerminalLook look = terminalLook(CellRole(r));
        // The caret is text: the error's background colour as its foreground.
        look.foreground = look.background >= 0 ? look.background : look.foreground;
        look.background = -1;
        const std::string text = sgrFor(look, false, false);
        Caret& caret = carets_[std::size_t(r)];
        caret.size = std::uint8_t(std::min(text.size(), caret.text.size()));
        std::copy_n(text.begin(), caret.size, caret.text.begin());
    }
    sgrSize_[kResetStyle] = std::uint8_t(kReset.size());
    for (std::size_t from = 0; from < kStyles; ++from)
        for (std::size_t to = 0; to < kStyles; ++to)
            advance_[from * kStyleStride + to] = from == to ? 0 : sgrSize_[to];
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
    reserve(text.size());
    std::memcpy(buffer_.data() + used_, text.data(), text.size());
    used_ += text.size();
}

void TerminalDump::setStyle(Style style) {
    if (!colour_)
        return;
    reserve(sizeof sgrText_[0]);
    char* out = buffer_.data() + used_;
    putStyle(out, current_, style);
    used_ = std::size_t(out - buffer_.data());
}

// The offset in hex, two digits at a time from the right.
char* TerminalDump::writeOffset(char* out, std::uint64_t offset) const {
    const int digits = std::max(offsetDigits_, offsetDigitsFor(offset + 1));
    if (digits == 8) { // the usual width, unrolled
        for (int i = 0; i < 4; ++i)
            std::memcpy(out + 2 * i, kHex.digits[(offset >> (24 - 8 * i)) & 0xFF].data(), 2);
        return out + 8;
    }
    char* p = out + digits;
    for (int i = 0; i < digits / 2; ++i, offset >>= 8) {
        p -= 2;
        std::memcpy(p, kHex.digits[offset & 0xFF].data(), 2);
    }
    if (digits % 2)
        *--p = kHex.digits[offset & 0xF][1];
    return out + digits;
}

int TerminalDump::hexColumn(int cell) const {
    return offsetDigits_ + 2 + cell * 3 + cell / kGroup;
}

void TerminalDump::row(const DumpRow& row) {
    if (failed_)
        return;
    // The most a row takes: each cell's style thrice (a reset, its hex and its text, copied 32
    // bytes at a time), its digits and gaps, and its text (copied 8 bytes at a time).
    reserve(std::size_t(kMaxRowWidth) * (3 * 32 + 4 + 8) + 256);
    // Written through a local pointer: the members would be read again after every store
    // through a char*, which may alias them.
    char* out = buffer_.data() + used_;
    out = writeOffset(out, row.offset);
    out = copy(out, "  ");
    out = colour_ ? writeHexInColour(out, row) : writeHex(out, row);
    out = copy(out, "  \u2502"); // │ before the text column
    out = colour_ ? writeTextInColour(out, row) : writeText(out, row);
    for (int i = row.count; i < width_; ++i)
        *out++ = ' ';
    out = copy(out, "\u2502\n");
    used_ = std::size_t(out - buffer_.data());
    for (const DumpNote& note : row.notes)
        writeNote(row, note);
    if (used_ >= kDrainAt)
        drain();
}

// Each byte's digits and a space, a second space after each group (the table's four bytes).
char* TerminalDump::writeHex(char* out, const DumpRow& row) const {
    const int count = row.count;
    for (int group = 0; group < count; group += kGroup) {
        const int end = std::min(count, group + kGroup);
        for (int i = group; i < end; ++i) {
            std::memcpy(out, kHex.digits[row.bytes[std::size_t(i)]].data(), 4);
            out += 3;
        }
        ++out;
    }
    // The last cell's spaces go.
    if (count > 0)
        out -= 2;
    return padHex(out, count);
}

// Each byte in its role's look; an error segment's look (a background) stops at its last digit
// and starts again at the next segment, so that adjacent error segments stay apart.
char* TerminalDump::writeHexInColour(char* out, const DumpRow& row) {
    if (!mayHaveBackground(row))
        return writeHexInColourWithoutBackground(out, row);
    Style current = current_;
    const std::uint64_t backgrounds = backgrounds_;
    const int count = row.count;
    for (int i = 0; i < count; ++i) {
        const CellRole role = row.roles[std::size_t(i)];
        const Style style = Style(role); // its plain look
        if (i > 0) {
            const bool group = i % kGroup == 0;
            if ((backgrounds >> current) & 1 &&
                (style != current || group || (row.segmentStarts[std::size_t(i)] && isError(role))))
                putStyle(out, current, kResetStyle);
            std::memcpy(out, "  ", 2);
            out += 1 + group;
        }
        putStyle(out, current, style);
        std::memcpy(out, kHex.digits[row.bytes[std::size_t(i)]].data(), 4);
        out += 2;
    }
    putStyle(out, current, kResetStyle);
    current_ = current;
    return padHex(out, count);
}

// No error: no background to reset between cells, the gaps as writeHex() writes them, looks of
// 16 bytes at most.
char* TerminalDump::writeHexInColourWithoutBackground(char* out, const DumpRow& row) {
    Style current = current_;
    const int count = row.count;
    for (int group = 0; group < count; group += kGroup) {
        const int end = std::min(count, group + kGroup);
        for (int i = group; i < end; ++i) {
            putStyle<16>(out, current, Style(row.roles[std::size_t(i)]));
            std::memcpy(out, kHex.digits[row.bytes[std::size_t(i)]].data(), 4);
            out += 3;
        }
        ++out;
    }
    if (count > 0)
        out -= 2;
    putStyle<16>(out, current, kResetStyle);
    current_ = current;
    return padHex(out, count);
}

// The error roles are the last, from 8: the roles of a row ORed together, 8 at a time, tell
// whether it has one (or a stale one past its count: then it only takes the longer way).
bool TerminalDump::mayHaveBackground(const DumpRow& row) const {
    static_assert(int(CellRole::ErrorInvalidByte) == 8 && kCellRoleCount <= 16);
    static_assert(kMaxRowWidth % 8 == 0);
    std::uint64_t roles = 0;
    for (std::size_t i = 0; i < std::size_t(row.count); i += 8) {
        std::uint64_t word;
        std::memcpy(&word, &row.roles[i], 8);
        roles |= word;
    }
    return !simpleLooks_ || (roles & 0xF8F8F8F8F8F8F8F8u) != 0;
}

// The cells a short last row lacks, blank.
char* TerminalDump::padHex(char* out, int count) const {
    for (int i = count; i < width_; ++i) {
        if (i > 0) {
            *out++ = ' ';
            if (i % kGroup == 0)
                *out++ = ' ';
        }
        *out++ = ' ';
        *out++ = ' ';
    }
    return out;
}

// A covered cell's text is empty: it writes nothing.
char* TerminalDump::writeText(char* out, const DumpRow& row) const {
    const int count = row.count; // read once: stores through `out` may alias it
    for (int i = 0; i < count; ++i) {
        const TextCell& t = row.text[std::size_t(i)];
        std::memcpy(out, t.text.data(), sizeof t.text);
        out += t.size;
    }
    return out;
}

char* TerminalDump::writeTextInColour(char* out, const DumpRow& row) {
    // The look of each kind of text: fillers dimmed, markers underlined.
    static constexpr Style kLookOf[] = {Plain * kCellRoleCount, Underlined * kCellRoleCount,
                                        Plain * kCellRoleCount, Dimmed * kCellRoleCount};
    Style current = current_;
    const int count = row.count;
    for (int i = 0; i < count; ++i) {
        const TextCell& t = row.text[std::size_t(i)];
        // A covered cell writes nothing and keeps the look. A branch: they come in the regular
        // steps of wide text (one in three cells of CJK), or seldom.
        if (t.kind == TextCell::Kind::Covered)
            continue;
        putStyle(out, current, kLookOf[int(t.kind)] + Style(t.role));
        std::memcpy(out, t.text.data(), sizeof t.text);
        out += t.size;
    }
    putStyle(out, current, kResetStyle);
    current_ = current;
    return out;
}

// "            ^~~~~ offset 10: overlong: C0 AF: ...": the caret under the problem's bytes in
// this row, in its first byte's colour.
void TerminalDump::writeNote(const DumpRow& row, const DumpNote& note) {
    const std::string text = u8codec::oneLine(note.problem, u8codec::OffsetStyle::Hex);
    const int digits = std::max(offsetDigits_, offsetDigitsFor(row.offset + 1));
    const int shift = digits - offsetDigits_;
    int column = 0;
    auto fillTo = [&](int to, char c) {
        if (to <= column)
            return;
        reserve(std::size_t(to - column));
        std::memset(buffer_.data() + used_, c, std::size_t(to - column));
        used_ += std::size_t(to - column);
        column = to;
    };
    if (note.firstCell >= 0) {
        fillTo(hexColumn(note.firstCell) + shift, ' ');
        if (colour_) {
            const Caret& caret = carets_[std::size_t(note.role)];
            put({caret.text.data(), caret.size});
            current_ = kUnknownStyle; // the next style is written in full
        }
        put("^");
        ++column;
        fillTo(hexColumn(note.endCell - 1) + shift + 2, '~');
        setStyle(kResetStyle);
        put(" ");
        ++column;
    } else {
        fillTo(hexColumn(0) + shift, ' ');
        put("\u2026 "); // … it began in a row written before it ended
        column += 2;
    }
    putWrapped(text, column, hexColumn(0) + shift + 2);
    put("\n");
}

// Breaks at spaces before the terminal's last column, the lines after the first from `indent`;
// a word longer than a line is cut. Columns are counted in characters (the descriptions are
// ASCII but for the character they quote).
void TerminalDump::putWrapped(std::string_view text, int column, int indent) {
    auto columnsOf = [](std::string_view piece) {
        int n = 0;
        for (char c : piece)
            n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
        return n;
    };
    if (wrapColumns_ <= 0 || indent + 20 > wrapColumns_) {
        put(text);
        return;
    }
    bool lineStart = true;
    while (!text.empty()) {
        const std::size_t space = text.find(' ');
        std::string_view word = text.substr(0, space);
        const int width = columnsOf(word);
        if (!lineStart && column + 1 + width > wrapColumns_) {
            put("\n");
            put(std::string(std::size_t(indent), ' '));
            column = indent;
            lineStart = true;
        }
        if (!lineStart) {
            put(" ");
            ++column;
        }
        if (column + width > wrapColumns_ && width > wrapColumns_ - indent) {
            // Longer than any line: as much as fits, the rest on the next.
            std::size_t cut = 0;
            for (int n = 0; cut < word.size() && column + n < wrapColumns_; ++n)
                do
                    ++cut;
                while (cut < word.size() && (static_cast<unsigned char>(word[cut]) & 0xC0) == 0x80);
            put(word.substr(0, cut));
            text.remove_prefix(cut);
            column = wrapColumns_;
            lineStart = false;
            continue;
        }
        put(word);
        column += width;
        lineStart = false;
        text.remove_prefix(space == std::string_view::npos ? text.size() : space + 1);
    }
}

bool TerminalDump::finish() {
    drain();
    return !failed_;
}

} // namespace u8dump
