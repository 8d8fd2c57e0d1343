// The auditor's fast path: runs of plain ASCII, the bulk of source code, skipped without
// looking at each character.
#include "audit_detail.h"
#include "u8codec/scan.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace u8convert::audit_detail {
using namespace u8codec;

namespace {

// Bytes searched for non-ASCII at a time: the control and line-feed loop then reads them again
// while they are still in the first-level cache.
constexpr std::size_t kWindow = 16 * 1024;
constexpr std::size_t kBlock = 64;
constexpr std::size_t kShortRun = 256;

// A control the audit reports (an ASCII byte that is not plain): C0 but TAB LF FF CR, and DEL.
constexpr bool isReportedControl(std::uint8_t b) noexcept {
    return b < 0x80 && !isPlainAscii(b);
}

// Within ASCII bytes p[0, n): the index of the first reported control (n if none); `lineFeeds`
// grows by the LF before it. Whole 64-byte blocks are tested with branch-free compares the
// compiler vectorises; the block holding a control is then read byte by byte.
std::size_t firstControl(const std::uint8_t* p, std::size_t n, std::uint64_t& lineFeeds) noexcept {
    std::size_t i = 0;
    for (; i + kBlock <= n; i += kBlock) {
        unsigned controls = 0, feeds = 0;
        for (std::size_t j = 0; j < kBlock; ++j) {
            const std::uint8_t b = p[i + j];
            controls |= unsigned(b < 0x20) & unsigned(b != '\t') & unsigned(b != '\n') &
                        unsigned(b != '\r') & unsigned(b != '\f');
            controls |= unsigned(b == 0x7F);
            feeds += unsigned(b == '\n');
        }
        if (controls != 0)
            break;
        lineFeeds += feeds;
    }
    for (; i < n; ++i) {
        if (isReportedControl(p[i]))
            return i;
        lineFeeds += p[i] == '\n';
    }
    return n;
}

#if defined(__SSE2__)
// Bit i: whether p[i] is plain ASCII (isPlainAscii): printable (0x20-0x7E: the signed compares
// leave bytes from 0x80 out), TAB, LF, FF or CR.
std::uint32_t plainMask16(const std::uint8_t* p) noexcept {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i printable = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(0x1F)),
                                            _mm_cmplt_epi8(v, _mm_set1_epi8(0x7F)));
    const __m128i spaces = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\t')),
                                                     _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
                                        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\f')),
                                                     _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
    return std::uint32_t(_mm_movemask_epi8(_mm_or_si128(printable, spaces)));
}

// The bits set in a 16-bit mask, inline (std::popcount is a call to libgcc without -mpopcnt:
// 1 % of the audit of prose, where many short runs end a line).
std::uint64_t lineFeedCount16(std::uint32_t m) noexcept {
    m = m - ((m >> 1) & 0x5555u);
    m = (m & 0x3333u) + ((m >> 2) & 0x3333u);
    m = (m + (m >> 4)) & 0x0F0Fu;
    return (m + (m >> 8)) & 0x1Fu;
}

std::uint32_t lineFeedMask16(const std::uint8_t* p) noexcept {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    return std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))));
}
#endif

} // namespace

PlainAsciiRun plainAsciiRun(const std::uint8_t* p, std::size_t n) noexcept {
    PlainAsciiRun run;
    // Prose between words of another script has short runs (a space, "%s", a word of Latin, a
    // line of English): those end within the first bytes, read 16 at a time (then one by one)
    // before the window and block loops are worth it.
    const std::size_t head = std::min(n, kShortRun);
    std::size_t lastLf = SIZE_MAX;
#if defined(__SSE2__)
    while (run.length + 16 <= head) {
        const std::uint32_t plain = plainMask16(p + run.length);
        std::uint32_t feeds = lineFeedMask16(p + run.length);
        const std::size_t length = plain == 0xFFFF ? 16 : std::size_t(std::countr_one(plain));
        feeds &= (1u << length) - 1;
        if (feeds != 0) {
            run.lineFeeds += lineFeedCount16(feeds);
            lastLf = run.length + 31 - std::size_t(std::countl_zero(feeds));
        }
        run.length += length;
        if (length < 16)
            break;
    }
#endif
    while (run.length < head && isPlainAscii(p[run.length])) {
        if (p[run.length] == '\n') {
            ++run.lineFeeds;
            lastLf = run.length;
        }
        ++run.length;
    }
    if (run.length < head || run.length == n) { // a byte that is not plain ASCII, or the end
        run.afterLastLf = lastLf == SIZE_MAX ? run.length : run.length - lastLf - 1;
        return run;
    }
    while (run.length < n) { // a long run: on from the head, a window at a time
        const std::size_t window = std::min(kWindow, n - run.length);
        const std::uint8_t* w = p + run.length;
        const std::size_t ascii = asciiRunLength(std::span<const std::uint8_t>(w, window));
        const std::size_t plain = firstControl(w, ascii, run.lineFeeds);
        run.length += plain;
        if (plain < window)
            break;
    }
    run.afterLastLf = run.length;
    if (run.lineFeeds != 0) {
        const void* lf = ::memrchr(p, '\n', run.length);
        run.afterLastLf = std::size_t(p + run.length - static_cast<const std::uint8_t*>(lf)) - 1;
    }
    return run;
}

} // namespace u8convert::audit_detail
