#include "u8codec/navigate.h"

#include "u8codec/aligned_buffer.h"
#include "u8codec/local_segments.h"
#include "u8codec/scan.h"

#include <algorithm>
#include <cstring>
#include <span>
#include <vector>

namespace u8codec {

namespace {

constexpr std::uint64_t kFirstChunk = 1024;

// True when every byte is below 0x80. Each such byte is a whole 1-byte character on its own
// (RFC 3629 section 3: "0xxxxxxx"), so a chunk of them holds no error and no multi-byte character
// that starts in it, whatever precedes it.
bool allAscii(std::span<const std::uint8_t> bytes) {
    return asciiRunLength(bytes) == bytes.size();
}

bool isError(const Segment& s) {
    return !s.isValid();
}
bool isNonAscii(const Segment& s) {
    return !(s.isValid() && s.length == 1);
}

// A chunk [from, to) of the stream with the neighbourhood local segmentation needs.
struct Window {
    AlignedBuffer bytes;
    std::uint64_t offset = 0;
    bool reachesEnd = false;
    std::uint64_t to = 0; // `to` clipped to what could be read (a file may have shrunk)
};

bool readWindow(const ByteSource& source, std::uint64_t from, std::uint64_t to, Window& w) {
    const std::uint64_t size = source.size();
    w.offset = from >= std::uint64_t(kMaxLookBehind) ? from - kMaxLookBehind : 0;
    const std::uint64_t end = std::min(size, to + kMaxLookAhead);
    w.bytes.resize(end - w.offset);
    const std::size_t got = source.read(w.offset, w.bytes.span());
    w.bytes.resize(got);
    // A short read means the source ended early (a file that shrank): treat it as the end.
    w.reachesEnd = w.offset + got >= size || got < end - w.offset;
    w.to = std::min(to, w.offset + got);
    return w.to > from;
}

std::span<const std::uint8_t> chunkOf(const Window& w, std::uint64_t from) {
    return w.bytes.span().subspan(from - w.offset, w.to - from);
}

template <class Predicate>
std::optional<Segment> searchForward(const ByteSource& source, std::uint64_t from, Predicate wanted,
                                     const std::atomic<bool>* cancel) {
    Window w;
    std::uint64_t pos = from;
    // Start small, since the next hit is usually near (stepping through a broken file), and grow
    // to kNavigateChunk for long clean stretches.
    std::uint64_t chunk = kFirstChunk;
    while (pos < source.size()) {
        if (cancel && *cancel)
            return std::nullopt;
        const std::uint64_t chunkEnd = std::min(source.size(), pos + chunk);
        chunk = std::min(chunk * 2, kNavigateChunk);
        if (!readWindow(source, pos, chunkEnd, w))
            return std::nullopt;
        if (!allAscii(chunkOf(w, pos))) {
            for (const Segment& s :
                 segmentsInWindow(w.bytes.span(), w.offset, w.reachesEnd, pos, w.to))
                if (s.offset >= pos && wanted(s))
                    return s;
        }
        if (w.to < chunkEnd) // the source ended early
            return std::nullopt;
        pos = chunkEnd;
    }
    return std::nullopt;
}

template <class Predicate>
std::optional<Segment> searchBackward(const ByteSource& source, std::uint64_t before,
                                      Predicate wanted, const std::atomic<bool>* cancel) {
    Window w;
    std::uint64_t end = std::min(before, source.size());
    std::uint64_t chunk = kFirstChunk;
    while (end > 0) {
        if (cancel && *cancel)
            return std::nullopt;
        const std::uint64_t start = end > chunk ? end - chunk : 0;
        chunk = std::min(chunk * 2, kNavigateChunk);
        if (readWindow(source, start, end, w) && !allAscii(chunkOf(w, start))) {
            const auto segments =
                segmentsInWindow(w.bytes.span(), w.offset, w.reachesEnd, start, w.to);
            // Segments are in stream order; the first one may begin before `start`, and belongs
            // to the next chunk back.
            for (auto it = segments.rbegin(); it != segments.rend(); ++it)
                if (it->offset >= start && wanted(*it))
                    return *it;
        }
        end = start;
    }
    return std::nullopt;
}

} // namespace

std::optional<Problem> problemAt(const ByteSource& source, std::uint64_t offset) {
    if (offset >= source.size())
        return std::nullopt;
    const std::uint64_t from = offset > kProblemContext ? offset - kProblemContext : 0;
    Window w;
    if (!readWindow(source, from, offset + kProblemContext, w) || offset >= w.to)
        return std::nullopt;
    const auto segments = segmentsInWindow(w.bytes.span(), w.offset, w.reachesEnd, from, w.to);
    const auto at = std::find_if(segments.begin(), segments.end(),
                                 [offset](const Segment& s) { return s.end() > offset; });
    if (at == segments.end() || at->isValid())
        return std::nullopt;
    auto first = at;
    while (first != segments.begin() && !std::prev(first)->isValid())
        --first;
    auto last = at;
    while (last != segments.end() && !last->isValid())
        ++last;
    std::optional<Problem> found;
    auto sink = [&](const Problem& p) {
        if (offset >= p.offset && offset < p.end())
            found = p;
    };
    ProblemScanner scanner(first->offset);
    auto bytesOf = [&](const Segment& s) {
        return w.bytes.span().subspan(s.offset - w.offset, s.length);
    };
    for (auto it = first; it != last; ++it)
        scanner.onSegment(*it, bytesOf(*it), sink);
    if (last != segments.end())
        scanner.onSegment(*last, bytesOf(*last), sink); // a valid segment: flushes the rest
    else
        scanner.finish(sink);
    return found;
}

std::optional<Segment> findNextError(const ByteSource& source, std::uint64_t from,
                                     const std::atomic<bool>* cancel) {
    return searchForward(source, from, isError, cancel);
}

std::optional<Segment> findPreviousError(const ByteSource& source, std::uint64_t before,
                                         const std::atomic<bool>* cancel) {
    return searchBackward(source, before, isError, cancel);
}

std::optional<Segment> findNextNonAscii(const ByteSource& source, std::uint64_t from,
                                        const std::atomic<bool>* cancel) {
    return searchForward(source, from, isNonAscii, cancel);
}

std::optional<Segment> findPreviousNonAscii(const ByteSource& source, std::uint64_t before,
                                            const std::atomic<bool>* cancel) {
    return searchBackward(source, before, isNonAscii, cancel);
}

} // namespace u8codec
