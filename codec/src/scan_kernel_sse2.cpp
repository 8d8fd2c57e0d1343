// The SSE2 scan kernel (every x86-64 CPU has SSE2): ASCII blocks and line endings with 16-byte
// compares; everything else through the byte-class masks and countWindow() (scan_kernel.h), which
// count valid and invalid text alike without a per-byte loop. (SSE2 has no byte shuffle, which the
// vector validation of the AVX2 kernel needs.)
#include "scan_kernel.h"

#if defined(U8CODEC_X86_KERNELS)

#include <bit>
#include <emmintrin.h>

namespace u8codec::detail {
namespace {

struct Block {
    __m128i v[4];
    explicit Block(const std::uint8_t* p) noexcept {
        for (int k = 0; k < 4; ++k)
            v[k] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
    }
    // One bit per byte from the high bits of four compare results.
    template <class Compare> std::uint64_t mask(Compare compare) const noexcept {
        std::uint64_t m = 0;
        for (int k = 0; k < 4; ++k)
            m |= std::uint64_t(std::uint32_t(_mm_movemask_epi8(compare(v[k])))) << (16 * k);
        return m;
    }
    bool ascii() const noexcept {
        const __m128i any = _mm_or_si128(_mm_or_si128(v[0], v[1]), _mm_or_si128(v[2], v[3]));
        return _mm_movemask_epi8(any) == 0;
    }
};

std::uint64_t maskEqual(const Block& b, std::uint8_t value) noexcept {
    const __m128i v = _mm_set1_epi8(char(value));
    return b.mask([v](__m128i x) { return _mm_cmpeq_epi8(x, v); });
}

// Lanes where lo <= x <= hi (unsigned).
std::uint64_t maskBetween(const Block& b, std::uint8_t lo, std::uint8_t hi) noexcept {
    const __m128i low = _mm_set1_epi8(char(lo));
    const __m128i span = _mm_set1_epi8(char(hi - lo));
    return b.mask([low, span](__m128i x) {
        const __m128i offset = _mm_sub_epi8(x, low);
        return _mm_cmpeq_epi8(_mm_min_epu8(offset, span), offset);
    });
}

ByteMasks byteMasks(const Block& b) noexcept {
    return ByteMasks{b.mask([](__m128i x) { return x; }),
                     maskBetween(b, 0x80, 0xBF),
                     maskBetween(b, 0xC2, 0xDF),
                     maskBetween(b, 0xE0, 0xEF),
                     maskBetween(b, 0xF0, 0xF4),
                     maskEqual(b, 0xE0),
                     maskEqual(b, 0xED),
                     maskEqual(b, 0xF0),
                     maskEqual(b, 0xF4),
                     maskBetween(b, 0x80, 0x9F),
                     maskBetween(b, 0x80, 0x8F)};
}

// Counts LF, CR and CR LF in the block at p[i], leaving out the bytes before linesEnd (counted
// already), and moves linesEnd to the end of the block if it was before.
void countLineBytes(const Block& b, const std::uint8_t* p, std::size_t i, std::uint8_t previous,
                    std::size_t& linesEnd, KernelCounts& counts) noexcept {
    if (linesEnd >= i + kBlockSize)
        return;
    const std::uint64_t fresh =
        linesEnd > i ? ~std::uint64_t(0) << (linesEnd - i) : ~std::uint64_t(0);
    const std::uint64_t lf = fresh & maskEqual(b, '\n');
    const std::uint64_t cr = maskEqual(b, '\r');
    counts.lineFeeds += unsigned(std::popcount(lf));
    const std::uint64_t crBefore = (i == 0 ? previous : p[i - 1]) == '\r' ? 1 : 0;
    if ((cr | crBefore) != 0) {
        counts.carriageReturns += unsigned(std::popcount(cr & fresh));
        counts.crlf += unsigned(std::popcount(((cr << 1) | crBefore) & lf));
    }
    linesEnd = i + kBlockSize;
}

} // namespace

ByteMasks byteMasksSse2(const std::uint8_t* p) noexcept {
    return byteMasks(Block(p));
}

KernelResult scanBlocksSse2(const std::uint8_t* p, std::size_t n, std::uint8_t previous,
                            KernelCounts& counts) noexcept {
    std::size_t linesEnd = 0;
    std::size_t i = 0; // always at a character boundary
    while (i + kBlockSize <= n) {
        const Block block(p + i);
        countLineBytes(block, p, i, previous, linesEnd, counts);
        if (block.ascii()) {
            counts.byLength[1] += kBlockSize;
            i += kBlockSize;
            continue;
        }
        // Multi-byte text (valid or not) from the boundary i, 64 bytes at a time, until a window
        // ends exactly on a boundary and ASCII follows.
        MaskCarry carry; // i is at a boundary: nothing before it takes a byte after it
        ByteMasks masks = byteMasks(block);
        std::size_t boundary = i;
        for (std::size_t x = i;; x += kBlockSize) {
            if (x + 2 * kBlockSize > n) {
                // Too close to the end for the look-ahead: the Segmenter finishes it.
                countLineBytesUpTo(p, boundary, linesEnd, counts);
                return {boundary, linesEnd, false};
            }
            if (x != i)
                countLineBytes(Block(p + x), p, x, previous, linesEnd, counts);
            const Block after(p + x + kBlockSize);
            const ByteMasks following = byteMasks(after);
            bool clean = false;
            boundary = x + countWindow(masks, following, carry, counts, clean);
            if (boundary == x + kBlockSize && following.nonAscii == 0)
                break;
            masks = following;
        }
        i = boundary;
    }
    return {i, linesEnd, false};
}

std::size_t asciiRunLengthSse2(const std::uint8_t* p, std::size_t n) noexcept {
    std::size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const int high =
            _mm_movemask_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i)));
        if (high != 0)
            return i + std::size_t(std::countr_zero(unsigned(high)));
    }
    while (i < n && p[i] < 0x80)
        ++i;
    return i;
}

} // namespace u8codec::detail

#endif
