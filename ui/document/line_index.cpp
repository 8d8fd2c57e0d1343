#include "line_index.h"

#include "u8codec/problem_locator.h"
#include "u8codec/segmenter.h"

#include <algorithm>
#include <cstring>

namespace u8doc {

namespace {
constexpr std::size_t kChunk = std::size_t(1) << 20;

bool cancelled(const std::atomic<bool>* cancel) {
    return cancel && cancel->load(std::memory_order_relaxed);
}
} // namespace

LineIndex::LineIndex(std::vector<u8doc::LineCheckpoint> checkpoints)
    : checkpoints_(std::move(checkpoints)) {
    if (checkpoints_.empty())
        checkpoints_.push_back(Checkpoint{});
}

quint64 LineIndex::cost(quint64 offset) const {
    const quint64 indexed = (checkpoints_.size() - 1) * kStep;
    const quint64 base = std::min(indexed, offset / kStep * kStep);
    // Lines up to the offset; the column is usually short, so it is not estimated.
    return offset - base;
}

bool LineIndex::countLines(const u8codec::ByteSource& source, quint64 from, quint64 to,
                           Checkpoint& state, const std::atomic<bool>* cancel) {
    std::vector<std::uint8_t> buffer(kChunk);
    quint64 pos = from;
    while (pos < to) {
        if (cancelled(cancel))
            return false;
        const std::size_t want = std::size_t(std::min<quint64>(kChunk, to - pos));
        const std::size_t got = source.read(pos, std::span(buffer.data(), want));
        state.advance(std::span<const std::uint8_t>(buffer.data(), got), pos);
        if (got < want)
            return false; // the file shrank
        pos += got;
    }
    return true;
}

std::optional<quint64> LineIndex::countColumn(const u8codec::ByteSource& source, quint64 lineStart,
                                              quint64 offset, const std::atomic<bool>* cancel) {
    // The segment containing `offset` starts at or before it and is at most 4 bytes long, so
    // segmenting [lineStart, offset + 4) sees every segment that starts at or before offset. The
    // line starts right after an LF (or at 0), where segmentation is in step with the whole file
    // (an ASCII byte always ends a pending sequence: Unicode chapter 3, maximal subparts).
    const quint64 end = std::min<quint64>(source.size(), offset + 4);
    u8codec::Segmenter segmenter(lineStart);
    // The column of the segment holding `offset`: the codec's rule, from the line's start.
    u8codec::TextPosition position;
    auto sink = [&](const u8codec::Segment& s) {
        if (s.end() <= offset)
            position.advance(s);
    };
    std::vector<std::uint8_t> buffer(kChunk);
    quint64 pos = lineStart;
    while (pos < end) {
        if (cancelled(cancel))
            return std::nullopt;
        const std::size_t want = std::size_t(std::min<quint64>(kChunk, end - pos));
        const std::size_t got = source.read(pos, std::span(buffer.data(), want));
        segmenter.feed(std::span<const std::uint8_t>(buffer.data(), got), sink);
        if (got < want)
            break;
        pos += got;
    }
    segmenter.finish(sink);
    return position.column;
}

std::optional<LineIndex::Location> LineIndex::locate(const u8codec::ByteSource& source,
                                                     quint64 offset,
                                                     const std::atomic<bool>* cancel) {
    const std::size_t target = std::size_t(offset / kStep);
    while (checkpoints_.size() <= target) {
        Checkpoint next = checkpoints_.back();
        const quint64 from = (checkpoints_.size() - 1) * kStep;
        if (!countLines(source, from, from + kStep, next, cancel))
            return std::nullopt;
        checkpoints_.push_back(next);
    }
    Checkpoint state = checkpoints_[target];
    // Lines before the offset: the LF at `offset` itself ends the cursor's line, so it is not
    // counted.
    if (!countLines(source, target * kStep, offset, state, cancel) && cancelled(cancel))
        return std::nullopt;
    const auto column = countColumn(source, state.lineStart, offset, cancel);
    if (!column)
        return std::nullopt;
    return Location{state.lineFeeds + 1, *column, state.lineStart};
}

std::optional<quint64> LineIndex::lineStart(const u8codec::ByteSource& source, quint64 line,
                                            const std::atomic<bool>* cancel) {
    if (line == 0)
        return std::nullopt;
    const quint64 wanted = line - 1; // LFs before the line's first byte
    const quint64 size = source.size();
    // Whole checkpoints first: past the last one with fewer LFs than wanted, the line has begun.
    while (checkpoints_.back().lineFeeds < wanted &&
           (checkpoints_.size() - 1) * kStep + kStep <= size) {
        Checkpoint next = checkpoints_.back();
        const quint64 from = (checkpoints_.size() - 1) * kStep;
        if (!countLines(source, from, from + kStep, next, cancel))
            return std::nullopt;
        if (next.lineFeeds >= wanted)
            break;
        checkpoints_.push_back(next);
    }
    std::size_t k = checkpoints_.size() - 1;
    while (k > 0 && checkpoints_[k].lineFeeds >= wanted)
        --k;
    if (checkpoints_[k].lineFeeds == wanted)
        return checkpoints_[k].lineStart;
    // Within [k * kStep, size): find the LF that ends line `wanted`.
    quint64 feeds = checkpoints_[k].lineFeeds;
    std::vector<std::uint8_t> buffer(kChunk);
    for (quint64 pos = k * kStep; pos < size;) {
        if (cancelled(cancel))
            return std::nullopt;
        const std::size_t want = std::size_t(std::min<quint64>(kChunk, size - pos));
        const std::size_t got = source.read(pos, std::span(buffer.data(), want));
        const std::uint8_t* p = buffer.data();
        const std::uint8_t* end = p + got;
        while (const void* hit = std::memchr(p, '\n', std::size_t(end - p))) {
            p = static_cast<const std::uint8_t*>(hit) + 1;
            if (++feeds == wanted) {
                const quint64 start = pos + quint64(p - buffer.data());
                return start < size ? std::optional<quint64>(start) : std::nullopt;
            }
        }
        if (got < want)
            return std::nullopt;
        pos += got;
    }
    return std::nullopt;
}

} // namespace u8doc
