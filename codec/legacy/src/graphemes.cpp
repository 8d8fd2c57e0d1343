#include "u8codec/graphemes.h"

#include "u8codec/local_segments.h"

#include <climits>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>

namespace u8codec {

struct GraphemeBreaks::Icu {
    UBreakIterator* iterator = nullptr;
    UText* text = nullptr;
    ~Icu() {
        if (iterator)
            ubrk_close(iterator);
        if (text)
            utext_close(text);
    }
};

GraphemeBreaks::GraphemeBreaks() : icu_(std::make_unique<Icu>()) {
    UErrorCode status = U_ZERO_ERROR;
    // Grapheme clusters are the same in every locale (UAX #29's default rules): the root one.
    icu_->iterator = ubrk_open(UBRK_CHARACTER, "", nullptr, 0, &status);
    if (U_FAILURE(status))
        icu_->iterator = nullptr;
}

GraphemeBreaks::~GraphemeBreaks() = default;

const std::vector<std::size_t>& GraphemeBreaks::ends(std::string_view utf8) {
    ends_.clear();
    if (utf8.empty() || !icu_->iterator)
        return ends_;
    // ICU's break positions are 32-bit: a longer run is taken in pieces cut before an ASCII byte
    // other than an LF, where UAX #29 always breaks (GB999; only CR × LF, GB3, joins two ASCII
    // characters, and no mark is ASCII).
    constexpr std::size_t kMaxRun = std::size_t(1) << 30;
    std::size_t base = 0;
    while (base < utf8.size()) {
        std::size_t size = utf8.size() - base;
        if (size > kMaxRun) {
            size = kMaxRun;
            while (size > 1 &&
                   (std::uint8_t(utf8[base + size]) >= 0x80 || utf8[base + size] == '\n'))
                --size;
        }
        UErrorCode status = U_ZERO_ERROR;
        icu_->text = utext_openUTF8(icu_->text, utf8.data() + base, std::int64_t(size), &status);
        ubrk_setUText(icu_->iterator, icu_->text, &status);
        if (U_FAILURE(status)) {
            ends_.clear();
            return ends_;
        }
        ubrk_first(icu_->iterator);
        for (std::int32_t end = ubrk_next(icu_->iterator); end != UBRK_DONE;
             end = ubrk_next(icu_->iterator))
            ends_.push_back(base + std::size_t(end));
        base += size;
    }
    return ends_;
}

bool invisiblesShapeCluster(char32_t first) {
    return u_hasBinaryProperty(UChar32(first), UCHAR_EMOJI);
}

namespace {

bool isContinuation(std::uint8_t b) {
    return (b & 0xC0) == 0x80;
}

// Where in `bytes` (read from `base`) reading may start at or before `want`: before an ASCII byte
// other than an LF after a CR, the last one at or before `want`; else the first byte that is not
// a continuation byte.
std::size_t safeStart(std::span<const std::uint8_t> bytes, std::size_t want) {
    for (std::size_t i = std::min(want, bytes.size()); i > 0; --i)
        if (bytes[i] < 0x80 && !(bytes[i] == '\n' && bytes[i - 1] == '\r'))
            return i;
    std::size_t i = 0;
    while (i < bytes.size() && i < want && isContinuation(bytes[i]))
        ++i;
    return i;
}

} // namespace

std::vector<ClusterSpan> clustersIn(const ByteSource& source, std::uint64_t from, std::uint64_t to,
                                    GraphemeBreaks& breaks) {
    to = std::min(to, source.size());
    if (from >= to)
        return {};
    const std::uint64_t readFrom = from >= kClusterContext ? from - kClusterContext : 0;
    const std::uint64_t readTo = std::min(source.size(), to + kClusterContext);
    std::vector<std::uint8_t> bytes(readTo - readFrom);
    bytes.resize(source.read(readFrom, bytes));
    return clustersInWindow(bytes, readFrom, readFrom + bytes.size() >= source.size(), from, to,
                            breaks);
}

std::vector<ClusterSpan> clustersInWindow(std::span<const std::uint8_t> window,
                                          std::uint64_t windowOffset, bool windowReachesEnd,
                                          std::uint64_t from, std::uint64_t to,
                                          GraphemeBreaks& breaks) {
    std::vector<ClusterSpan> clusters;
    to = std::min(to, windowOffset + window.size());
    if (from >= to || from < windowOffset)
        return clusters;
    const std::size_t start =
        windowOffset == 0 ? 0 : safeStart(window, std::size_t(from - windowOffset));
    const std::string_view text(reinterpret_cast<const char*>(window.data()) + start,
                                window.size() - start);
    // Code points as the codec counts them: one per character or maximal subpart.
    const std::vector<Segment> segments = segmentsInWindow(
        window, windowOffset, windowReachesEnd, windowOffset + start, windowOffset + window.size());
    std::size_t si = 0;
    std::size_t begin = 0;
    for (const std::size_t end : breaks.ends(text)) {
        const std::uint64_t offset = windowOffset + start + begin;
        if (offset >= to)
            break;
        ClusterSpan c{offset, end - begin, 0};
        for (; si < segments.size() && segments[si].offset < c.end(); ++si)
            c.codePoints += segments[si].offset >= offset ? 1 : 0;
        if (c.end() > from)
            clusters.push_back(c);
        begin = end;
    }
    return clusters;
}

namespace {

// Where an incomplete sequence at the end of `bytes` starts (a lead byte with fewer bytes after it
// than it announces), or bytes.size(): its bytes wait for the next piece, which may complete it.
std::size_t incompleteTail(std::string_view bytes) {
    const std::size_t n = bytes.size();
    for (std::size_t back = 1; back <= 3 && back <= n; ++back) {
        const auto b = std::uint8_t(bytes[n - back]);
        if (b < 0x80)
            return n;
        if (b >= 0xC0) {
            const std::size_t need = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
            return need > back ? n - back : n;
        }
    }
    return n;
}

} // namespace

void GraphemeCounter::feed(std::span<const std::uint8_t> bytes) {
    pending_.append(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    countWhole(incompleteTail(pending_));
}

void GraphemeCounter::countWhole(std::size_t upTo) {
    const std::vector<std::size_t>& ends = breaks_.ends(std::string_view(pending_).substr(0, upTo));
    if (ends.size() < 2)
        return;
    // Every boundary but the last is final; the last cluster may still grow.
    count_ += ends.size() - 1;
    pending_.erase(0, ends[ends.size() - 2]);
}

std::uint64_t GraphemeCounter::finish() {
    const std::uint64_t total = count_ + breaks_.ends(pending_).size();
    pending_.clear();
    count_ = 0;
    return total;
}

} // namespace u8codec
