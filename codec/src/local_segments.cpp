#include "u8codec/local_segments.h"

#include "u8codec/aligned_buffer.h"
#include "u8codec/segmenter.h"

#include <algorithm>

namespace u8codec {

std::vector<Segment> segmentsInWindow(std::span<const std::uint8_t> window,
                                      std::uint64_t windowOffset, bool windowReachesEnd,
                                      std::uint64_t from, std::uint64_t to) {
    std::vector<Segment> out;
    if (from >= to || window.empty())
        return out;
    // Start at the last non-continuation byte at or before `from`, at most kMaxLookBehind back:
    // such a byte always begins a segment. If there is none, the byte at `from` cannot belong to
    // a sequence begun earlier, so it begins a segment itself.
    const std::uint64_t fromIndex = from - windowOffset;
    std::uint64_t start = fromIndex;
    for (std::uint64_t back = 0; back <= std::uint64_t(kMaxLookBehind) && back <= fromIndex;
         ++back) {
        const std::uint8_t b = window[fromIndex - back];
        if (b < 0x80 || b >= 0xC0) {
            start = fromIndex - back;
            break;
        }
    }
    Segmenter segmenter(windowOffset + start);
    auto sink = [&](const Segment& s) {
        if (s.end() > from && s.offset < to)
            out.push_back(s);
    };
    segmenter.feed(window.subspan(start), sink);
    if (windowReachesEnd)
        segmenter.finish(sink);
    return out;
}

std::vector<Segment> segmentsInRange(const ByteSource& source, std::uint64_t from,
                                     std::uint64_t to) {
    const std::uint64_t size = source.size();
    to = std::min(to, size);
    if (from >= to)
        return {};
    const std::uint64_t begin = from >= std::uint64_t(kMaxLookBehind) ? from - kMaxLookBehind : 0;
    const std::uint64_t end = std::min(size, to + kMaxLookAhead);
    AlignedBuffer buffer(std::size_t(end - begin));
    const std::size_t got = source.read(begin, buffer.span());
    buffer.resize(got);
    // A short read means the source ended early (a file that shrank): treat it as the end.
    const bool reachesEnd = begin + got >= size || got < end - begin;
    if (begin + got <= from)
        return {};
    return segmentsInWindow(buffer.span(), begin, reachesEnd, from,
                            std::min<std::uint64_t>(to, begin + got));
}

Segment segmentAt(const ByteSource& source, std::uint64_t offset) {
    const auto segments = segmentsInRange(source, offset, offset + 1);
    return segments.empty() ? Segment{} : segments.front();
}

} // namespace u8codec
