#include "line_locator.h"

#include <algorithm>
#include <cstdint>

namespace u8doc {

LineLocator::LineLocator(QObject* parent) : QObject(parent) {}

void LineLocator::reset(std::shared_ptr<const u8codec::ByteSource> source) {
    run_.cancel();
    counting_ = false;
    source_ = std::move(source);
    index_ = LineIndex();
}

void LineLocator::edited(std::shared_ptr<const u8codec::ByteSource> source, quint64 changedFrom) {
    // A count still running reads the bytes before the edit, which are the same up to
    // changedFrom: it goes on (typing would otherwise restart it at every keystroke, and it would
    // never end), and what it counts past that offset is dropped when it reports.
    countValidUpTo_ = std::min(countValidUpTo_, changedFrom);
    source_ = std::move(source);
    index_.keepUpTo(changedFrom);
}

void LineLocator::adopt(const std::vector<u8doc::LineCheckpoint>& checkpoints) {
    if (checkpoints.size() > index_.checkpointCount())
        index_ = LineIndex(checkpoints);
}

bool LineLocator::isQuick(quint64 offset) const {
    return index_.cost(offset) <= kSynchronousBytes;
}

std::optional<LineIndex::Location> LineLocator::locateNow(quint64 offset) {
    if (!source_ || offset >= source_->size())
        return std::nullopt;
    return index_.locate(*source_, offset);
}

bool LineLocator::locateLater(quint64 offset) {
    if (counting_ || !source_ || offset >= source_->size())
        return false;
    counting_ = true;
    countValidUpTo_ = UINT64_MAX;
    struct Count {
        LineIndex index;
        std::optional<LineIndex::Location> location;
    };
    // The worker extends a copy of the index and hands it back: the index here stays usable.
    run_.start(
        [source = source_, index = index_, offset](const std::atomic<bool>& stop) mutable {
            Count count;
            count.location = index.locate(*source, offset, &stop);
            count.index = std::move(index);
            return count;
        },
        // Only the latest count of these bytes reports (reset() drops the others), and only an
        // index that reaches further replaces this one (a scan's may have been adopted since).
        [this, offset](Count count) {
            counting_ = false;
            const bool edited = countValidUpTo_ != UINT64_MAX;
            if (edited)
                count.index.keepUpTo(countValidUpTo_);
            if (count.index.checkpointCount() > index_.checkpointCount())
                index_ = std::move(count.index);
            // A location in bytes edited since is no answer: the caller asks again.
            emit located(offset, edited ? std::nullopt : count.location);
        });
    return true;
}

std::optional<quint64> LineLocator::lineStart(quint64 line) {
    if (!source_)
        return std::nullopt;
    return index_.lineStart(*source_, line);
}

} // namespace u8doc
