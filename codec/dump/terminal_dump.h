// A dump for a terminal (`u8scope-cli dump`): each row is the offset, the bytes in hex (a gap
// every 8) and the text column between bars, one cell per byte (cell_text.h):
//
//   00000000  48 69 20 E4 B8 96 E7 95  8C 0A C0 AF 21 F0 9F 98  │Hi 世·界·␊�·!😀·│
//   00000010  80                                                 │·│
//                                ^~~~~ offset 10: overlong: C0 AF: C0 AF is an overlong ...
//
// and under a row, each problem that starts in it: a caret under its bytes and its description
// (u8codec::oneLine, as `check` words it, the offset in hex as the rows). With colour, every byte
// and character takes its role's look (role_colours.h's terminalLook: ANSI 256-colour SGR
// sequences, emitted only where the look changes), fillers dimmed and markers underlined. Without
// colour the text stays the same: the replacement characters and the carets mark the errors.
//
// Formatted with lookup tables into one buffer, handed to `write` in pieces of about 1 MiB.
#pragma once

#include "dump_rows.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace u8dump {

class TerminalDump final : public RowSink {
public:
    // Returns false when the output cannot take more (then nothing more is written).
    using Write = std::function<bool(std::string_view)>;

    // `offsetDigits`: the hex digits of the offset column (offsetDigitsFor(); a larger offset
    // takes more). `width` as the rows'. With `wrapColumns` (a terminal's width), the
    // descriptions under the rows are wrapped to it, their lines after the first under the hex;
    // with 0 each stays on one line (for grep).
    TerminalDump(bool colour, int width, int offsetDigits, Write write, int wrapColumns = 0);
    ~TerminalDump() override;

    void row(const DumpRow& row) override;
    // Writes what is buffered. False if a write failed (now or before).
    [[nodiscard]] bool finish();
    [[nodiscard]] bool failed() const { return failed_; }

private:
    enum Variant { Plain, Dimmed, Underlined, kVariants };
    // An index into the SGR tables: variant * kCellRoleCount + role (a role's plain look is the
    // role's number), then the reset and a look of no role (a caret's), which has no sequence.
    using Style = int;
    static constexpr Style kResetStyle = kCellRoleCount * kVariants; // the terminal's own look
    static constexpr Style kUnknownStyle = kResetStyle + 1; // the next style is written in full
    static constexpr int kStyles = kUnknownStyle + 1;
    static_assert(kStyles <= 64, "backgrounds_ has a bit per style");

    // The parts of a row, written through `out` (room reserved), each returning where it ended.
    [[nodiscard]] char* writeOffset(char* out, std::uint64_t offset) const;
    [[nodiscard]] char* writeHex(char* out, const DumpRow& row) const;
    [[nodiscard]] char* writeHexInColour(char* out, const DumpRow& row);
    [[nodiscard]] char* writeHexInColourWithoutBackground(char* out, const DumpRow& row);
    [[nodiscard]] bool mayHaveBackground(const DumpRow& row) const;
    [[nodiscard]] char* padHex(char* out, int count) const;
    [[nodiscard]] char* writeText(char* out, const DumpRow& row) const;
    [[nodiscard]] char* writeTextInColour(char* out, const DumpRow& row);
    template <std::size_t N> static char* copy(char* out, const char (&literal)[N]) {
        std::memcpy(out, literal, N - 1);
        return out + N - 1;
    }
    void writeNote(const DumpRow& row, const DumpNote& note);
    void putWrapped(std::string_view text, int column, int indent);
    // Writes a style's SGR sequence where the look changes (only with colour).
    void setStyle(Style style);
    // The same for the cell loops, with colour: without a branch (the look changes at most cells
    // of text that is not ASCII, in no order a predictor learns), the look so far in `current`, a
    // local of the loop (current_ could change under any store through `out`, a char*: the
    // compiler would read it again after each).
    // Copies `N` bytes of the sequence: less than 32 where every style the loop meets is shorter.
    template <std::size_t N = 32> void putStyle(char*& out, Style& current, Style style) const {
        static_assert(N <= sizeof sgrText_[0]);
        std::memcpy(out, sgrText_[std::size_t(style)].data(), N);
        // From a table, not a conditional: the compiler would make that a branch again.
        out += advance_[std::size_t(current) * kStyleStride + std::size_t(style)];
        current = style;
    }
    void put(std::string_view text);
    void reserve(std::size_t bytes);
    void drain();
    [[nodiscard]] int
    hexColumn(int cell) const; // of a cell's first hex digit, from the start of the line

    bool colour_;
    int wrapColumns_;
    int width_;
    int offsetDigits_;
    Write write_;
    bool failed_ = false;
    std::vector<char> buffer_;
    std::size_t used_ = 0;
    Style current_ = kResetStyle;
    // Each style's SGR sequence, copied 32 bytes at a time (the buffer keeps room after its end),
    // its length, and which styles set a background (a bit each).
    std::array<std::array<char, 32>, kStyles> sgrText_{};
    std::array<std::uint8_t, kStyles> sgrSize_{};
    // How far a style's sequence moves the output after another: its length, or 0 after itself.
    static constexpr std::size_t kStyleStride = 64; // a shift, not a multiplication
    std::array<std::uint8_t, kStyleStride * kStyles> advance_{};
    std::uint64_t backgrounds_ = 0;
    // The plain looks of the roles that are no error, and the reset, set no background and take
    // at most 16 bytes: rows without an error take the shorter way.
    bool simpleLooks_ = true;
    // The look of the caret under each role's problems: its error colour as text.
    struct Caret {
        std::array<char, 32> text{};
        std::uint8_t size = 0;
    };
    std::array<Caret, kCellRoleCount> carets_{};
};

} // namespace u8dump
