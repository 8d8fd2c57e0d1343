// Line and column of a byte offset, for the status bar, on files of any size.
//
// Lines end at LF (a CRLF line ends at its LF too); the column counts characters from the start of
// the line, each error segment counting as one (as the U+FFFD a decoder puts in its place). To
// answer for an offset deep in a large file without re-reading it from the start each time, the
// index keeps a checkpoint every kStep bytes: the number of LFs before it and where its line
// starts (u8doc::LineCheckpoint). The window's whole-document scan gathers them all in its pass
// (ScanReport::lineCheckpoints); until it has, the index extends them as it reads. The index is a
// small value (a 4 GB file has 1024 checkpoints), so a background task can extend a copy and hand
// it back.
#pragma once

#include "line_checkpoints.h"
#include "u8codec/byte_source.h"

#include <QtGlobal>
#include <algorithm>
#include <atomic>
#include <optional>
#include <vector>

namespace u8doc {

class LineIndex {
public:
    static constexpr quint64 kStep = u8doc::kLineCheckpointStep;

    LineIndex() = default;
    // An index with the checkpoints a whole-document scan gathered (ScanReport::lineCheckpoints:
    // checkpoint k at k * kStep, the first at 0).
    explicit LineIndex(std::vector<u8doc::LineCheckpoint> checkpoints);

    struct Location {
        quint64 line = 1;   // 1-based
        quint64 column = 1; // 1-based, in characters (segments)
        quint64 lineStart = 0;
        friend bool operator==(const Location&, const Location&) = default;
    };

    // An estimate of the bytes locate() would read for `offset`: to decide whether to answer at
    // once or in the background.
    quint64 cost(quint64 offset) const;

    // The location of `offset` (< source.size()), extending the checkpoints as needed; nullopt
    // when `cancel` became true.
    std::optional<Location> locate(const u8codec::ByteSource& source, quint64 offset,
                                   const std::atomic<bool>* cancel = nullptr);

    // The offset of the first byte of 1-based `line` (Go to Line), extending the checkpoints as it
    // reads; nullopt when the document has fewer lines or `cancel` became true. A document ending
    // in LF has no line after that LF.
    std::optional<quint64> lineStart(const u8codec::ByteSource& source, quint64 line,
                                     const std::atomic<bool>* cancel = nullptr);

    std::size_t checkpointCount() const { return checkpoints_.size(); }
    // The bytes from `offset` on were edited: the checkpoints after it go, those at or before it
    // still hold (they count only the bytes before them).
    void keepUpTo(quint64 offset) {
        checkpoints_.resize(std::min<std::size_t>(checkpoints_.size(), offset / kStep + 1));
    }

private:
    using Checkpoint = u8doc::LineCheckpoint;
    // Counts LFs in [from, to), updating lineFeeds and lineStart; false when cancelled or the
    // source ended early.
    static bool countLines(const u8codec::ByteSource& source, quint64 from, quint64 to,
                           Checkpoint& state, const std::atomic<bool>* cancel);
    // Characters from lineStart up to and including the one containing offset.
    static std::optional<quint64> countColumn(const u8codec::ByteSource& source, quint64 lineStart,
                                              quint64 offset, const std::atomic<bool>* cancel);

    std::vector<Checkpoint> checkpoints_{Checkpoint{}}; // checkpoint k is at k * kStep
};

} // namespace u8doc
