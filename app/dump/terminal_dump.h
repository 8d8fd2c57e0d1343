// A dump for a terminal (`u8scope-cli dump`): each row is the offset, the bytes in hex (a gap
// every 8) and the text column between bars, one cell per byte (cell_text.h):
//
//   00000000  48 69 20 E4 B8 96 E7 95  8C 0A C0 AF 21 F0 9F 98  │Hi 世·界·␊�·!😀·│
//   00000010  80                                                 │·│
//                                ^~~~~ offset 10: overlong: C0 AF: C0 AF is an overlong ...
//
// and under a row, each problem that starts in it: a caret under its bytes and its description
// (u8codec::oneLine, as `check` words it). With colour, every byte and character takes its
// role's look (role_colours.h's terminalLook: ANSI 256-colour SGR sequences, emitted only where
// the look changes), fillers dimmed and markers underlined. Without colour the text stays the
// same: the replacement characters and the carets mark the errors.
//
// Formatted with lookup tables into one buffer, handed to `write` in pieces of about 1 MiB.
#pragma once

#include "dump_rows.h"

#include <array>
#include <cstdint>
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
    bool finish();
    bool failed() const { return failed_; }

private:
    enum Variant { Plain, Dimmed, Underlined, kVariants };
    using Style = int; // role * kVariants + variant; -1: the terminal's own look

    void writeHex(const DumpRow& row);
    void writeText(const DumpRow& row);
    void writeNote(const DumpRow& row, const DumpNote& note);
    void putWrapped(std::string_view text, int column, int indent);
    void setStyle(Style style);
    // setStyle() for the cell loops, which write through `out`.
    void putStyle(char*& out, Style style);
    void put(std::string_view text);
    void putOffset(std::uint64_t offset);
    void reserve(std::size_t bytes);
    void drain();
    int hexColumn(int cell) const; // of a cell's first hex digit, from the start of the line

    bool colour_;
    int wrapColumns_;
    int width_;
    int offsetDigits_;
    Write write_;
    bool failed_ = false;
    std::vector<char> buffer_;
    std::size_t used_ = 0;
    Style current_ = -1;
    // Each style's SGR sequence, copied 32 bytes at a time (the buffer keeps room after its end);
    // the last one is the reset.
    struct Sgr {
        std::array<char, 32> text{};
        std::uint8_t size = 0;
        bool background = false;
    };
    static constexpr int kResetStyle = kCellRoleCount * kVariants;
    std::array<Sgr, kCellRoleCount * kVariants + 1> sgr_{};
};

} // namespace u8dump
