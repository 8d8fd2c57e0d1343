#include "u8codec/scan.h"

#include "scan_kernel.h"
#include "u8codec/byte_class.h"

#include <algorithm>

namespace u8codec {

bool scanPathSupported(Isa p) noexcept {
    switch (p) {
    case Isa::Auto:
    case Isa::Portable:
        return true;
    case Isa::Sse2:
    case Isa::Avx2:
#if defined(U8CODEC_X86_KERNELS)
        return cpuRuns(p);
#else
        return false;
#endif
    case Isa::Avx512:
        return false; // no kernel of its own: Auto takes the AVX2 one
    }
    return false;
}

Isa resolveScanPath(Isa p) noexcept {
    if (p != Isa::Auto && scanPathSupported(p))
        return p;
    if (scanPathSupported(Isa::Avx2))
        return Isa::Avx2;
    if (scanPathSupported(Isa::Sse2))
        return Isa::Sse2;
    return Isa::Portable;
}

namespace {

detail::KernelResult scanBlocks(Isa path, const std::uint8_t* p, std::size_t n,
                                std::uint8_t previous, detail::KernelCounts& counts) noexcept {
    switch (path) {
#if defined(U8CODEC_X86_KERNELS)
    case Isa::Avx2:
        return detail::scanBlocksAvx2(p, n, previous, counts);
    case Isa::Sse2:
        return detail::scanBlocksSse2(p, n, previous, counts);
#endif
    default:
        return detail::scanBlocksScalar(p, n, previous, counts);
    }
}

} // namespace

namespace {

std::size_t asciiRunLengthWith(Isa path, const std::uint8_t* p, std::size_t n) noexcept {
    switch (path) {
#if defined(U8CODEC_X86_KERNELS)
    case Isa::Avx2:
        return detail::asciiRunLengthAvx2(p, n);
    case Isa::Sse2:
        return detail::asciiRunLengthSse2(p, n);
#endif
    default:
        return detail::asciiRunLengthScalar(p, n);
    }
}

std::size_t wellFormedBlocksWith(Isa path, const std::uint8_t* p, std::size_t n) noexcept {
    switch (path) {
#if defined(U8CODEC_X86_KERNELS)
    case Isa::Avx2:
        return detail::wellFormedBlocksAvx2(p, n);
#endif
    default:
        return detail::wellFormedBlocksScalar(p, n);
    }
}

} // namespace

std::size_t detail::asciiRunLength(const std::uint8_t* p, std::size_t n) noexcept {
    static const Isa path = resolveScanPath(Isa::Auto);
    return asciiRunLengthWith(path, p, n);
}

std::size_t detail::wellFormedBlocks(const std::uint8_t* p, std::size_t n) noexcept {
    static const Isa path = resolveScanPath(Isa::Auto);
    return wellFormedBlocksWith(path, p, n);
}

detail::ByteMasks detail::byteMasksAt(const std::uint8_t* p) noexcept {
    static const Isa path = resolveScanPath(Isa::Auto);
    switch (path) {
#if defined(U8CODEC_X86_KERNELS)
    case Isa::Avx2:
        return byteMasksAvx2(p);
    case Isa::Sse2:
        return byteMasksSse2(p);
#endif
    default:
        return byteMasksScalar(p);
    }
}

std::size_t asciiRunLength(std::span<const std::uint8_t> bytes, Isa path) noexcept {
    return asciiRunLengthWith(resolveScanPath(path), bytes.data(), bytes.size());
}

namespace {

// Whether [p, end) is whole well-formed characters, one at a time by the codec's byte classes
// (byte_class.h: RFC 3629's table): the bytes after the last 64-byte block. Most are (a short
// string is nearly all tail), and feeding them to the Segmenter one byte at a time, as finding
// where an error starts takes, cost a short string 900 instructions.
bool wellFormedTail(const std::uint8_t* p, const std::uint8_t* end) noexcept {
    while (p < end) {
        const int length = sequenceLength(classify(*p));
        if (length == 0 || end - p < length)
            return false;
        if (length > 1 && !firstContinuationRange(p[0]).contains(p[1]))
            return false;
        for (int k = 2; k < length; ++k)
            if (classify(p[k]) != ByteClass::Continuation)
                return false;
        p += length;
    }
    return true;
}

} // namespace

std::size_t wellFormedLength(std::span<const std::uint8_t> bytes, Isa path) noexcept {
    std::size_t end = wellFormedBlocksWith(resolveScanPath(path), bytes.data(), bytes.size());
    if (wellFormedTail(bytes.data() + end, bytes.data() + bytes.size()))
        return bytes.size();
    // The first error is a few dozen bytes on: the Segmenter finds it exactly, one byte at a
    // time so as to stop there.
    Segmenter segmenter(end);
    bool error = false;
    for (std::size_t i = end; i < bytes.size() && !error; ++i)
        segmenter.feed(bytes.subspan(i, 1), [&](const Segment& s) {
            // The byte that ends an unfinished sequence comes right after its error segment.
            if (!error && s.isValid())
                end = std::size_t(s.end());
            error = error || !s.isValid();
        });
    return end;
}

Scanner::Scanner(Isa path) noexcept : path_(resolveScanPath(path)) {}

std::uint64_t ScanSummary::errorSegments() const noexcept {
    std::uint64_t n = 0;
    for (int k = 1; k < kErrorKindCount; ++k)
        n += errors[std::size_t(k)];
    return n;
}

std::string ScanSummary::toJson() const {
    std::string j = "{\"bytes\":" + std::to_string(bytes) +
                    ",\"characters\":" + std::to_string(characters) + ",\"by_length\":{";
    for (int n = 1; n <= 4; ++n) {
        if (n > 1)
            j += ',';
        j += '"' + std::to_string(n) + "\":" + std::to_string(byLength[std::size_t(n)]);
    }
    j += "},\"errors\":{";
    for (int k = 1; k < kErrorKindCount; ++k) {
        if (k > 1)
            j += ',';
        j += '"';
        j += name(ErrorKind(k));
        j += "\":" + std::to_string(errors[std::size_t(k)]);
    }
    j += "},\"error_segments\":" + std::to_string(errorSegments());
    j += ",\"lines\":" + std::to_string(lines);
    j += ",\"line_endings\":{\"lf\":" + std::to_string(lineFeeds - crlf) +
         ",\"crlf\":" + std::to_string(crlf) + ",\"cr\":" + std::to_string(carriageReturns - crlf) +
         "}";
    j += std::string(",\"bom\":") + (bom ? "true" : "false");
    j += std::string(",\"valid\":") + (valid() ? "true" : "false") + "}";
    return j;
}

void Scanner::count(const Segment& s, ScanSummary& summary) noexcept {
    if (s.isValid()) {
        ++summary.characters;
        ++summary.byLength[s.length];
    } else {
        ++summary.errors[std::size_t(s.error)];
    }
}

void Scanner::countLineBytes(std::span<const std::uint8_t> bytes) {
    for (std::uint8_t b : bytes) {
        if (b == '\n') {
            ++summary_.lineFeeds;
            if (lastByte_ == '\r')
                ++summary_.crlf;
        } else if (b == '\r') {
            ++summary_.carriageReturns;
        }
        lastByte_ = b;
    }
}

void Scanner::feedExact(std::span<const std::uint8_t> bytes) {
    segmenter_.feed(bytes, [this](const Segment& s) { count(s, summary_); });
}

// Feeds the exact Segmenter one byte at a time until no sequence is pending (at most three bytes
// while one is, since a sequence is at most four bytes long). Returns how many bytes it took.
std::size_t Scanner::feedExactToBoundary(std::span<const std::uint8_t> bytes) {
    std::size_t i = 0;
    while (i < bytes.size() && !segmenter_.atBoundary()) {
        feedExact(bytes.subspan(i, 1));
        ++i;
    }
    return i;
}

void Scanner::feed(std::span<const std::uint8_t> bytes) {
    if (bytes.empty())
        return;
    // The byte-order mark is U+FEFF encoded at the very start (RFC 3629 section 6).
    static constexpr std::uint8_t kBom[3] = {0xEF, 0xBB, 0xBF};
    for (std::size_t i = 0; i < bytes.size() && summary_.bytes + i < 3; ++i) {
        const std::uint64_t at = summary_.bytes + i;
        if (at == 0)
            summary_.bom = bytes[i] == kBom[0];
        else
            summary_.bom = summary_.bom && bytes[i] == kBom[at];
    }

    // Two cursors: segments are counted up to `pos` (the Segmenter may hold a pending sequence
    // there), line-ending bytes up to `linesEnd`. The kernels take whole blocks from a character
    // boundary (scan_kernel.h); the stretches they leave (see KernelResult::error) and the tail
    // go through the exact Segmenter. tests/codec/tst_scan_equivalence proves every count equal
    // to the per-segment count of Scanner::count() over the Segmenter, on every path and every
    // chunking.
    const std::uint8_t* p = bytes.data();
    const std::size_t n = bytes.size();
    std::size_t pos = feedExactToBoundary(bytes);
    std::size_t linesEnd = 0;
    while (n - pos >= detail::kBlockSize) {
        countLineBytes(bytes.subspan(linesEnd, pos - linesEnd));
        detail::KernelCounts counts;
        const detail::KernelResult r = scanBlocks(path_, p + pos, n - pos, lastByte_, counts);
        for (std::size_t length = 1; length <= 4; ++length) {
            summary_.byLength[length] += counts.byLength[length];
            summary_.characters += counts.byLength[length];
        }
        for (std::size_t kind = 1; kind < counts.errors.size(); ++kind)
            summary_.errors[kind] += counts.errors[kind];
        summary_.lineFeeds += counts.lineFeeds;
        summary_.carriageReturns += counts.carriageReturns;
        summary_.crlf += counts.crlf;
        linesEnd = pos + r.linesEnd;
        if (r.linesEnd > 0)
            lastByte_ = p[linesEnd - 1];
        const std::size_t boundary = pos + r.boundary;
        segmenter_ = Segmenter(summary_.bytes + boundary);
        if (!r.error) {
            pos = boundary;
            break;
        }
        // The block in error, from the last boundary before it, then on to the next boundary.
        feedExact(bytes.subspan(boundary, linesEnd - boundary));
        pos = linesEnd + feedExactToBoundary(bytes.subspan(linesEnd));
    }
    feedExact(bytes.subspan(pos));
    countLineBytes(bytes.subspan(linesEnd));
    summary_.bytes += n;
}

void Scanner::finish() {
    if (finished_)
        return;
    finished_ = true;
    segmenter_.finish([this](const Segment& s) { count(s, summary_); });
    if (summary_.bytes < 3)
        summary_.bom = false;
    summary_.lines = summary_.lineFeeds + (summary_.bytes > 0 && lastByte_ != '\n' ? 1 : 0);
}

ScanSummary scan(std::span<const std::uint8_t> bytes, Isa path) {
    Scanner s(path);
    s.feed(bytes);
    s.finish();
    return s.summary();
}

std::optional<std::size_t> segmentStartNear(std::span<const std::uint8_t> bytes,
                                            std::size_t from) noexcept {
    const std::size_t limit = std::min(bytes.size(), from + kSegmentStartSearch);
    for (std::size_t at = from; at < limit; ++at)
        if (bytes[at] < 0x80 || bytes[at] > 0xBF)
            return at;
    return std::nullopt;
}

std::size_t unfinishedTailLength(std::span<const std::uint8_t> bytes) noexcept {
    // A character has at most 4 bytes, so its lead is among the last 3 when it is cut short.
    const std::size_t from = bytes.size() - std::min<std::size_t>(bytes.size(), 3);
    for (std::size_t lead = bytes.size(); lead-- > from;) {
        if (bytes[lead] < 0x80 || bytes[lead] > 0xBF) {
            // The segmenter completes no segment from this lead on and waits for more: the
            // bytes are a well-formed start (every range check of table 3-7 passed).
            Segmenter segmenter;
            bool completed = false;
            segmenter.feed(bytes.subspan(lead), [&](const Segment&) { completed = true; });
            return !completed && !segmenter.atBoundary() ? bytes.size() - lead : 0;
        }
    }
    return 0;
}

ScanSummary joinSummaries(const ScanSummary& before, const ScanSummary& after, bool crlfAtCut) {
    if (before.bytes == 0)
        return after;
    if (after.bytes == 0)
        return before;
    ScanSummary all = before;
    all.bytes += after.bytes;
    all.characters += after.characters;
    for (std::size_t k = 0; k < all.byLength.size(); ++k)
        all.byLength[k] += after.byLength[k];
    for (std::size_t k = 0; k < all.errors.size(); ++k)
        all.errors[k] += after.errors[k];
    all.lineFeeds += after.lineFeeds;
    all.carriageReturns += after.carriageReturns;
    all.crlf += after.crlf + (crlfAtCut ? 1 : 0);
    // As Scanner::finish(): the line feeds, and one for a last line without one, which only
    // `after` can tell.
    all.lines = before.lineFeeds + after.lines;
    return all;
}

} // namespace u8codec
