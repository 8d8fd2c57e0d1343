// The text comparison of files too large to hold: both read front to back, equal stretches
// skipped chunk by chunk with memcmp (their line breaks counted, for the line numbers), and at
// each difference a window of each file from the start of the line that differs is aligned
// (compare_hunks.cpp) up to the end of the last change that ends inside both windows; the next
// equal stretch is skipped again from there. A change that no window of kMaxWindow bytes holds
// ends the alignment, and the rest is left to the byte runs, with a note. Memory: two windows and
// the alignment's trace, whatever the files' sizes.
#include "compare_detail.h"
#include "u8codec/aligned_buffer.h"
#include "u8codec/byte_source.h"
#include "u8codec/scan.h"

#include <algorithm>
#include <cstring>

namespace u8convert::compare_detail {
using namespace u8codec;
namespace {

constexpr std::size_t kChunk = std::size_t(1) << 20;
// The first read after a window: where the differences are dense (every line ending changed),
// the next one is a few bytes on, and a whole chunk read for it would copy 16 times the file.
// Each equal read is followed by one four times larger, up to kChunk.
constexpr std::size_t kFirstChunk = std::size_t(4) << 10;
constexpr std::size_t kFirstWindow = std::size_t(64) << 10;
constexpr std::size_t kMaxWindow = std::size_t(16) << 20;

struct Cursor {
    std::uint64_t a = 0, b = 0;         // offsets, both at a line start
    std::uint64_t lineA = 1, lineB = 1; // their lines
};

std::uint64_t lineBreaks(std::span<const std::uint8_t> bytes) {
    return std::uint64_t(std::count(bytes.begin(), bytes.end(), std::uint8_t('\n')));
}

// How far back a window may start to begin at its line's start; a longer line is aligned from
// where the equal bytes end (its columns then count from there).
constexpr std::uint64_t kMaxBackUp = std::uint64_t(64) << 10;

// Moves both offsets over the bytes the files share, to the start of the line where they first
// differ. False when the files end equal there (or a read failed: r.status says it).
bool skipEqual(const ByteSource& a, const ByteSource& b, Cursor& at, AlignedBuffer& ba,
               AlignedBuffer& bb, CompareResult& r, const CompareOptions& options) {
    std::uint64_t sinceLineStart = 0; // equal bytes skipped since the last line break
    for (std::size_t chunk = kFirstChunk;; chunk = std::min(chunk * 4, kChunk)) {
        const std::uint64_t leftA = a.size() - at.a, leftB = b.size() - at.b;
        const std::size_t n = std::size_t(std::min<std::uint64_t>(chunk, std::min(leftA, leftB)));
        if (n == 0 && leftA == leftB)
            return false;
        const auto sa = ba.span().first(n), sb = bb.span().first(n);
        if (!readExactly(a, at.a, sa, 'A', r.status) || !readExactly(b, at.b, sb, 'B', r.status))
            return false;
        const bool endsHere = n == std::min(leftA, leftB) && leftA != leftB;
        if (n != 0 && std::memcmp(sa.data(), sb.data(), n) == 0 && !endsHere) {
            const auto* lf = static_cast<const std::uint8_t*>(memrchr(sa.data(), '\n', n));
            sinceLineStart = lf ? std::uint64_t(sa.data() + n - lf - 1) : sinceLineStart + n;
            const std::uint64_t breaks = lineBreaks(sa);
            at.a += n;
            at.b += n;
            at.lineA += breaks;
            at.lineB += breaks;
            if (!keepGoing(options, r, at.a, a.size()))
                return false;
            continue;
        }
        std::size_t same = 0;
        while (same < n && sa[same] == sb[same])
            ++same;
        // Back to the start of the line that differs (the window is aligned by lines).
        std::size_t keep = same;
        while (keep > 0 && sa[keep - 1] != '\n')
            --keep;
        const std::uint64_t breaks = lineBreaks(sa.first(keep));
        at.a += keep;
        at.b += keep;
        at.lineA += breaks;
        at.lineB += breaks;
        if (keep == 0 && sinceLineStart <= kMaxBackUp) {
            at.a -= sinceLineStart;
            at.b -= sinceLineStart;
        }
        return true;
    }
}

// A window of `size` bytes from `at`, cut after its last line break unless it ends the file.
bool readWindow(const ByteSource& s, std::uint64_t at, std::size_t size, char side,
                DecodedSide& out, bool& toEnd, u8codec::Status& status) {
    const std::size_t n = std::size_t(std::min<std::uint64_t>(size, s.size() - at));
    out.text.resize(n);
    if (!readExactly(s, at, {reinterpret_cast<std::uint8_t*>(out.text.data()), n}, side, status))
        return false;
    toEnd = at + n == s.size();
    if (!toEnd) {
        const std::size_t lf = out.text.rfind('\n');
        out.text.resize(lf == std::string::npos ? 0 : lf + 1);
    }
    out.encoding = "UTF-8";
    out.validUtf8 = wellFormedLength({reinterpret_cast<const std::uint8_t*>(out.text.data()),
                                      out.text.size()}) == out.text.size();
    return true;
}

} // namespace

void diffStreamed(const ByteSource& a, const ByteSource& b, const CompareOptions& options,
                  CompareResult& r, Lines lines) {
    enter(options, CompareStage::Aligning);
    AlignedBuffer ba(kChunk), bb(kChunk);
    Cursor at;
    DecodedSide wa, wb;
    std::size_t window = kFirstWindow;
    while (skipEqual(a, b, at, ba, bb, r, options)) {
        bool endA = false, endB = false;
        if (!readWindow(a, at.a, window, 'A', wa, endA, r.status) ||
            !readWindow(b, at.b, window, 'B', wb, endB, r.status))
            return;
        const WindowOutcome w = diffWindow(
            wa, wb, options, r, {at.a, at.b, at.lineA, at.lineB, a.size()}, endA && endB, lines);
        if ((endA && endB) || r.status.failedWith(u8codec::ErrorCode::Cancelled))
            return;
        if (w.stalled) {
            if (window < kMaxWindow) {
                window *= 4;
                continue;
            }
            r.note = "no change ended within " + std::to_string(kMaxWindow >> 20) +
                     " MiB after A offset " + std::to_string(at.a) + " / B offset " +
                     std::to_string(at.b) +
                     ": the alignment gave up there; the byte runs cover the rest";
            return;
        }
        at.lineA +=
            lineBreaks({reinterpret_cast<const std::uint8_t*>(wa.text.data()), w.consumedA});
        at.lineB +=
            lineBreaks({reinterpret_cast<const std::uint8_t*>(wb.text.data()), w.consumedB});
        at.a += w.consumedA;
        at.b += w.consumedB;
        window = kFirstWindow;
    }
}

} // namespace u8convert::compare_detail
