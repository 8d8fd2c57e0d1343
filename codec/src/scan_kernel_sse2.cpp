// The SSE2 scan kernel (every x86-64 CPU has SSE2): ASCII blocks and line endings with 16-byte
// compares; multi-byte blocks through the table-driven DFA (SSE2 has no byte shuffle, which the
// vector validator of the AVX2 kernel needs).
#include "scan_kernel.h"

#if defined(U8CODEC_X86_KERNELS)

#include <bit>
#include <emmintrin.h>

namespace u8codec::detail {
namespace {

// Byte lanes count up by one per match (a compare gives -1, subtracting it adds 1); four vectors
// per block, so a lane holds at most 4 * kFlushBlocks < 256 before it is summed.
constexpr std::size_t kFlushBlocks = 63;

std::uint64_t sumLanes(__m128i lanes) noexcept {
    const __m128i sums = _mm_sad_epu8(lanes, _mm_setzero_si128());
    return std::uint64_t(_mm_cvtsi128_si64(sums)) +
           std::uint64_t(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
}

struct Block {
    __m128i v[4];
    explicit Block(const std::uint8_t* p) noexcept {
        for (int k = 0; k < 4; ++k)
            v[k] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
    }
    std::uint64_t mask(__m128i value) const noexcept {
        std::uint64_t m = 0;
        for (int k = 0; k < 4; ++k)
            m |= std::uint64_t(std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v[k], value))))
                 << (16 * k);
        return m;
    }
    bool ascii() const noexcept {
        const __m128i any = _mm_or_si128(_mm_or_si128(v[0], v[1]), _mm_or_si128(v[2], v[3]));
        return _mm_movemask_epi8(any) == 0;
    }
};

} // namespace

KernelResult scanBlocksSse2(const std::uint8_t* p, std::size_t n, std::uint8_t previous,
                            KernelCounts& counts) noexcept {
    const __m128i lfByte = _mm_set1_epi8('\n');
    const __m128i crByte = _mm_set1_epi8('\r');
    __m128i lfLanes = _mm_setzero_si128();
    std::size_t sinceFlush = 0;
    std::uint64_t crCarry = previous == '\r' ? 1 : 0;
    std::uint64_t state = ShiftDfa::kAccept;
    KernelResult result;
    std::size_t i = 0;
    for (; i + kBlockSize <= n; i += kBlockSize) {
        const Block block(p + i);
        for (int k = 0; k < 4; ++k)
            lfLanes = _mm_sub_epi8(lfLanes, _mm_cmpeq_epi8(block.v[k], lfByte));
        if (++sinceFlush == kFlushBlocks) {
            counts.lineFeeds += sumLanes(lfLanes);
            lfLanes = _mm_setzero_si128();
            sinceFlush = 0;
        }
        // CR is rare in most text: take the masks only for blocks that have one (or follow one).
        const std::uint64_t cr = block.mask(crByte);
        if ((cr | crCarry) != 0) {
            const std::uint64_t lf = block.mask(lfByte);
            counts.carriageReturns += unsigned(std::popcount(cr));
            counts.crlf += unsigned(std::popcount(((cr << 1) | crCarry) & lf));
        }
        crCarry = cr >> 63;

        if (block.ascii()) {
            // ASCII right after an unfinished sequence ends it too early.
            if (ShiftDfa::offset(state) != ShiftDfa::kAccept) {
                result = {backUpToBoundary(p, i, counts), i + kBlockSize, true};
                break;
            }
            counts.byLength[1] += kBlockSize;
            continue;
        }
        state = validateBlockDfa(p + i, state, counts);
        if (kShiftDfa.rejected(state)) {
            result = {backUpToBoundary(p, i, counts), i + kBlockSize, true};
            break;
        }
    }
    counts.lineFeeds += sumLanes(lfLanes);
    if (!result.error)
        result = {backUpToBoundary(p, i, counts), i, false};
    return result;
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
