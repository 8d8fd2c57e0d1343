// Where the cursor's line is, for the status bar and Go to Line, on documents of any size: the
// document's LineIndex, answered at once when that reads little, else counted on a worker (one
// count at a time, through LatestRun) while the window stays responsive. The index only grows
// with the bytes it was counted in: new bytes drop it with any count still running, so a count
// that ends late can never replace the index of newer bytes, nor a longer one.
#pragma once

#include "latest_run.h"
#include "line_index.h"

#include <QObject>
#include <memory>
#include <optional>
#include <vector>

namespace u8doc {

class LineLocator : public QObject {
    Q_OBJECT
public:
    // A location that needs more bytes read than this is counted in the background.
    static constexpr quint64 kSynchronousBytes = quint64(8) << 20;

    explicit LineLocator(QObject* parent = nullptr);

    // The document's bytes are now `source` (null: none): what was counted in the old ones is
    // forgotten, and a count still running never reports.
    void reset(std::shared_ptr<const u8codec::ByteSource> source);
    // The bytes are `source` now, the same as before up to `changedFrom` (an edit): what was
    // counted before that offset is kept, the rest forgotten; a count still running goes on, and
    // keeps only what it counted before that offset (its location is then reported as none).
    void edited(std::shared_ptr<const u8codec::ByteSource> source, quint64 changedFrom);
    // The line checkpoints a whole-document scan of these bytes gathered: kept when they reach
    // further than those counted so far.
    void adopt(const std::vector<u8doc::LineCheckpoint>& checkpoints);

    // Whether locating `offset` reads little enough to be done at once.
    bool isQuick(quint64 offset) const;
    // The location of `offset` (< the size), counted now; nullopt when the bytes ended early.
    std::optional<LineIndex::Location> locateNow(quint64 offset);
    // Counts the location of `offset` on a worker; located() reports it. False, and nothing
    // started, while a count still runs (its report is the moment to ask again).
    bool locateLater(quint64 offset);
    bool isCounting() const { return counting_; }

    // The first byte of 1-based `line` (Go to Line), counted now; nullopt past the last line.
    std::optional<quint64> lineStart(quint64 line);
    // The index itself: how many checkpoints it holds (for tests).
    const LineIndex& index() const { return index_; }

signals:
    // A background count ended: where `offset` is (nullopt when the bytes ended early, or were
    // edited meanwhile).
    void located(quint64 offset, std::optional<u8doc::LineIndex::Location> location);

private:
    std::shared_ptr<const u8codec::ByteSource> source_;
    LineIndex index_;
    bool counting_ = false;
    quint64 countValidUpTo_ = UINT64_MAX; // the running count's bytes are the document's up to
    u8doc::LatestRun run_{this};          // last: waits for its worker before the rest goes
};

} // namespace u8doc
