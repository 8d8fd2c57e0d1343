#include "find_engine.h"

#include "u8codec/aligned_buffer.h"
#include "u8codec/navigate.h"

#include <algorithm>
#include <cstring>

namespace u8doc {

namespace {
// Bytes read at a time, into a page-aligned buffer; consecutive chunks overlap by the longest
// match - 1 bytes, so that a match across a chunk edge is found exactly once. The search looks at
// every byte, far slower than the read, so the chunk is larger than the codec's read chunk: it
// sets how often the progress is reported (and the tests count on a MiB).
constexpr std::uint64_t kChunk = std::uint64_t(1) << 20;
} // namespace

FindQuery FindQuery::forBytes(const std::string& bytes) {
    FindQuery q;
    for (char c : bytes)
        q.units.push_back({std::string(1, c)});
    return q;
}

std::uint64_t FindEngine::Count::rankOf(std::uint64_t offset) const {
    if (starts.size() != total)
        return 0;
    const auto it = std::lower_bound(starts.begin(), starts.end(), offset);
    return it != starts.end() && *it == offset ? std::uint64_t(it - starts.begin()) + 1 : 0;
}

FindEngine::FindEngine(FindQuery query) : query_(std::move(query)) {
    for (const auto& unit : query_.units) {
        std::size_t longest = 0;
        for (const std::string& alternative : unit)
            longest = std::max(longest, alternative.size());
        maxLength_ += longest;
    }
    if (!query_.units.empty())
        for (const std::string& alternative : query_.units.front())
            if (!alternative.empty())
                firstByte_[std::uint8_t(alternative.front())] = true;
}

std::size_t FindEngine::matchAt(const std::uint8_t* p, std::size_t avail, std::size_t unit) const {
    if (unit == query_.units.size())
        return 0;
    for (const std::string& alternative : query_.units[unit]) {
        const std::size_t n = alternative.size();
        if (n == 0 || n > avail || std::memcmp(p, alternative.data(), n) != 0)
            continue;
        if (unit + 1 == query_.units.size())
            return n;
        // Alternatives may differ in length (a case form can take more bytes): try each.
        if (const std::size_t rest = matchAt(p + n, avail - n, unit + 1))
            return n + rest;
    }
    return 0;
}

void FindEngine::scanBytes(const u8codec::ByteSource& source, std::uint64_t from,
                           std::uint64_t limit, bool forward, const FindProgress& progress,
                           const std::function<bool(const FindMatch&)>& found) const {
    const std::uint64_t size = source.size();
    limit = std::min(limit, size);
    if (query_.units.empty() || from >= limit)
        return;
    const std::uint64_t span = limit - from;
    u8codec::AlignedBuffer buffer;
    for (std::uint64_t done = 0; done < span;) {
        if (progress.cancelled())
            return;
        const std::uint64_t step = std::min(kChunk, span - done);
        // Candidates start in [start, start + step); the read runs on for a match's tail.
        const std::uint64_t start = forward ? from + done : limit - done - step;
        const std::uint64_t end = std::min(size, start + step + maxLength_ - 1);
        buffer.resize(std::size_t(end - start));
        buffer.resize(source.read(start, buffer.span()));
        const std::size_t candidates = std::min<std::size_t>(std::size_t(step), buffer.size());
        for (std::size_t k = 0; k < candidates; ++k) {
            const std::size_t i = forward ? k : candidates - 1 - k;
            if (!firstByte_[buffer[i]])
                continue;
            if (const std::size_t n = matchAt(buffer.data() + i, buffer.size() - i))
                if (!found({start + i, n}))
                    return;
        }
        done += step;
        if (progress.report)
            progress.report(double(done) / double(span));
    }
}

void FindEngine::scanErrors(const u8codec::ByteSource& source, std::uint64_t from,
                            std::uint64_t limit, bool forward, const FindProgress& progress,
                            const std::function<bool(const FindMatch&)>& found) const {
    limit = std::min(limit, source.size());
    if (from >= limit)
        return;
    const double span = double(limit - from);
    for (std::uint64_t pos = forward ? from : limit;;) {
        const auto segment = forward ? u8codec::findNextError(source, pos, progress.cancel)
                                     : u8codec::findPreviousError(source, pos, progress.cancel);
        if (progress.cancelled() || !segment || segment->offset >= limit || segment->offset < from)
            return;
        if (query_.errorKind == u8codec::ErrorKind::None || segment->error == query_.errorKind)
            if (!found({segment->offset, segment->length}))
                return;
        pos = forward ? segment->end() : segment->offset;
        if (progress.report)
            progress.report(forward ? double(pos - from) / span : double(limit - pos) / span);
    }
}

void FindEngine::scan(const u8codec::ByteSource& source, std::uint64_t from, std::uint64_t limit,
                      bool forward, const FindProgress& progress,
                      const std::function<bool(const FindMatch&)>& found) const {
    if (query_.errorSegments)
        scanErrors(source, from, limit, forward, progress, found);
    else
        scanBytes(source, from, limit, forward, progress, found);
}

std::optional<FindMatch> FindEngine::next(const u8codec::ByteSource& source, std::uint64_t from,
                                          std::uint64_t limit, const FindProgress& progress) const {
    std::optional<FindMatch> match;
    scan(source, from, limit, true, progress, [&match](const FindMatch& m) {
        match = m;
        return false;
    });
    return progress.cancelled() ? std::nullopt : match;
}

std::optional<FindMatch> FindEngine::previous(const u8codec::ByteSource& source,
                                              std::uint64_t before, std::uint64_t floor,
                                              const FindProgress& progress) const {
    std::optional<FindMatch> match;
    scan(source, floor, before, false, progress, [&match](const FindMatch& m) {
        match = m;
        return false;
    });
    return progress.cancelled() ? std::nullopt : match;
}

std::vector<FindMatch> FindEngine::within(const u8codec::ByteSource& source, std::uint64_t from,
                                          std::uint64_t to, std::size_t max) const {
    std::vector<FindMatch> matches;
    if (max == 0)
        return matches;
    // A match that starts a little before `from` may still cover it.
    const std::uint64_t reach = query_.errorSegments ? 3 : maxLength_ - 1;
    from = from > reach ? from - reach : 0;
    scan(source, from, to, true, {}, [&matches, max](const FindMatch& m) {
        matches.push_back(m);
        return matches.size() < max;
    });
    return matches;
}

FindEngine::Count FindEngine::count(const u8codec::ByteSource& source,
                                    const FindProgress& progress) const {
    Count c;
    scan(source, 0, UINT64_MAX, true, progress, [&c](const FindMatch& m) {
        if (++c.total <= kMaxListed)
            c.starts.push_back(m.offset);
        return true;
    });
    c.complete = !progress.cancelled();
    if (c.total > kMaxListed)
        c.starts.clear();
    return c;
}

} // namespace u8doc
