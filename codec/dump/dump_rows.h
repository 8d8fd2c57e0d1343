// The rows of a dump, streamed: bytes in, rows of `width` cells out, each byte with its role
// (cell_role.h) and its text cell (cell_text.h), and under each row the problems that start in
// it (u8codec::ProblemScanner, worded by u8codec::oneLine). Constant memory whatever the size
// of the input: the Segmenter and the ProblemScanner are incremental, and rows are held back
// only while a problem that starts in them is still open, at most kMaxHeldRows of them (a run of
// stray continuation bytes can be as long as the file: its note then goes under the first row
// still held that it covers).
//
// The writers (terminal_dump.h, html_dump.h, and the window's printing) only lay the rows out.
#pragma once

#include "cell_role.h"
#include "cell_text.h"
#include "u8codec/byte_source.h"
#include "u8codec/problem.h"
#include "u8codec/segmenter.h"

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace u8dump {

inline constexpr int kMaxRowWidth = 32;

struct DumpOptions {
    int width = 16;                    // bytes per row: 8, 16 or 32
    std::uint64_t offset = 0;          // the first byte shown
    std::uint64_t length = UINT64_MAX; // at most this many bytes shown
};

// A problem, under the row it is explained below.
struct DumpNote {
    u8codec::Problem problem;
    // The cells of this row that hold its bytes, [firstCell, endCell); both -1 when it has none
    // here (it began in a row that had to be written before it ended).
    int firstCell = -1;
    int endCell = -1;
    CellRole role = CellRole::ErrorTruncated; // the role of its first byte
};

struct DumpRow {
    std::uint64_t offset = 0; // of its first cell
    int count = 0;            // cells filled: the width, or fewer in the last row
    std::array<std::uint8_t, kMaxRowWidth> bytes{};
    std::array<CellRole, kMaxRowWidth> roles{};
    // True where a segment (a character or an error segment) starts: writers frame error
    // segments one by one.
    std::array<bool, kMaxRowWidth> segmentStarts{};
    std::array<TextCell, kMaxRowWidth> text{};
    std::vector<DumpNote> notes;
};

struct DumpTotals {
    std::uint64_t start = 0; // the shown range [start, end)
    std::uint64_t end = 0;
    std::array<std::uint64_t, kCellRoleCount> bytesByRole{};
    std::uint64_t problems = 0; // that start in the shown range (or hold its first byte)
};

// "Bytes 0x0 to 0x98 (153 bytes), 2 problems.": the totals line of the HTML page and the printed
// page. Offsets in hex, as everywhere in the window, the last one the last byte shown.
[[nodiscard]] std::string totalsSentence(const DumpTotals& totals);
// An offset as the window and the dump write it: "0x1F" (hex, no padding).
[[nodiscard]] std::string hexOffset(std::uint64_t offset);

class RowSink {
public:
    virtual ~RowSink() = default;
    virtual void row(const DumpRow& row) = 0;
};

class DumpRows {
public:
    static constexpr int kMaxHeldRows = 256;
    // Bytes read past the shown range at most, to finish a problem that starts inside it.
    static constexpr std::uint64_t kProblemLookAhead = 64 * 1024;

    // Where the bytes given to feed() must start: options.offset less up to 3 bytes
    // (u8codec::kMaxLookBehind), so that a character the offset lands inside is read whole and
    // its remaining bytes show as what they are.
    [[nodiscard]] static std::uint64_t streamStart(const DumpOptions& options) noexcept;

    // `options.width` must be 8, 16 or 32 (others are clamped into 1-32).
    DumpRows(const DumpOptions& options, RowSink& sink);

    // The next bytes of the stream (the first from streamStart()). Returns false once no more
    // are needed: the shown range has been read, with what decides its last characters and
    // problems.
    [[nodiscard]] bool feed(std::span<const std::uint8_t> bytes);
    // The stream ended, or feed() said it had enough: the last rows and notes go out.
    void finish();

    [[nodiscard]] const DumpTotals& totals() const { return totals_; }
    // True when the stream ended before the offset (an offset equal to its size shows nothing
    // and is not past it).
    [[nodiscard]] bool offsetPastEnd() const { return pastEnd_; }

private:
    void begin(std::span<const std::uint8_t> prefix);
    void onSegment(const u8codec::Segment& s, std::span<const std::uint8_t> bytes);
    // Places the shown bytes of segment `s` (its bytes `bytes`, its lead cell's text `text`),
    // and counts them by role unless `count` is false (the caller has).
    void place(const u8codec::Segment& s, std::span<const std::uint8_t> bytes, const TextCell& text,
               bool count = true);
    // Feeds bytes to the Segmenter, and well-formed stretches around it (see feedBytes).
    void feedBytes(std::span<const std::uint8_t> bytes);
    void placeWellFormed(std::span<const std::uint8_t> stretch);
    void countWellFormed(std::span<const std::uint8_t> stretch);
    void onProblem(const u8codec::Problem& p);
    void completeRow();
    void flush();
    [[nodiscard]] DumpRow& current() { return *row_; }
    // Points row_ at the slot after the held rows.
    void locateCurrent() { row_ = &ring_[slot(held_)]; }
    // The ring's index of the i-th row from head_ (i <= ring_.size()), without a division.
    [[nodiscard]] std::size_t slot(std::size_t i) const {
        const std::size_t k = head_ + i;
        return k >= ring_.size() ? k - ring_.size() : k;
    }
    void startRow(DumpRow& row, std::uint64_t offset);

    RowSink& sink_;
    int width_;
    std::uint64_t from_, to_; // the shown range, to_ possibly past the end of the stream
    std::uint64_t streamStart_;
    std::vector<std::uint8_t> prefix_; // the bytes before the first segment is decided
    bool started_ = false;
    bool finished_ = false;
    bool pastEnd_ = false;
    bool enough_ = false;      // the shown range and its segments are read
    bool scannerDone_ = false; // past the range, no problem open: the scanner is not fed
    std::uint64_t lastSegmentEnd_ = 0;
    u8codec::Segmenter segmenter_;
    u8codec::ProblemScanner scanner_;
    CellTexts texts_;
    std::vector<DumpRow> ring_; // held rows from head_, then the current row
    std::size_t head_ = 0;
    std::size_t held_ = 0;
    DumpRow* row_ = nullptr; // the row being filled: ring_'s slot after the held rows
    int pendingCovered_ = 0; // cells the last text still takes in the current row
    DumpTotals totals_;
};

// The hex digits of an offset column that holds offsets below `end`: at least 8.
[[nodiscard]] int offsetDigitsFor(std::uint64_t end) noexcept;

// Dumps bytes of a source (a file, the window's document) to `sink`, read a chunk at a time from
// DumpRows::streamStart(options); the totals of what was shown.
[[nodiscard]] DumpTotals dumpSource(const u8codec::ByteSource& source, const DumpOptions& options,
                                    RowSink& sink);

} // namespace u8dump
