// Where lines start, sampled every kLineCheckpointStep bytes: what line and column numbers need
// on files of any size (app/gui/line_index.h answers from them). The whole-document scan records
// them in its pass (ScanReport::lineCheckpoints); the line index also extends them itself where
// no scan has run yet. Lines end at LF, a CRLF line at its LF too: the rule the codec's
// ScanSummary::lineFeeds counts by.
#pragma once

#include <QtGlobal>
#include <cstdint>
#include <span>

namespace u8doc {

// Checkpoint k describes offset k * kLineCheckpointStep. A multiple of DocumentScan::kChunkSize,
// so that the scan's chunks end on checkpoints.
inline constexpr quint64 kLineCheckpointStep = quint64(4) << 20;

struct LineCheckpoint {
    quint64 lineFeeds = 0; // LF bytes before the checkpoint
    quint64 lineStart = 0; // offset of the first byte of the line the checkpoint lies in

    // Moves the checkpoint past `bytes`, which begin at `offset`.
    void advance(std::span<const std::uint8_t> bytes, quint64 offset);
    // The same when the LF bytes among `bytes` are already counted (the scan's Scanner counts
    // them): only the last one is looked for.
    void advance(std::span<const std::uint8_t> bytes, quint64 offset, quint64 lineFeedsInBytes);

    friend bool operator==(const LineCheckpoint&, const LineCheckpoint&) = default;
};

} // namespace u8doc
