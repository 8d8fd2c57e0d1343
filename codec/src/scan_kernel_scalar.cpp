// The portable scan kernel: eight bytes at a time in a 64-bit word (SWAR) for ASCII and line
// endings, the table-driven DFA for everything else. Used where neither SSE2 nor AVX2 exists, and
// by the tests as the baseline the vector kernels must agree with.
#include "scan_kernel.h"

#include <bit>
#include <cstring>

namespace u8codec::detail {
namespace {

constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;
constexpr std::uint64_t kLowSeven = 0x7F7F7F7F7F7F7F7FULL;

std::uint64_t loadWord(const std::uint8_t* p) noexcept {
    std::uint64_t w;
    std::memcpy(&w, p, sizeof w);
    return w;
}

// The high bit of every byte of w equal to `value`, exactly (no borrow crosses bytes because the
// low seven bits are added separately from the high one).
std::uint64_t bytesEqual(std::uint64_t w, std::uint8_t value) noexcept {
    const std::uint64_t x = w ^ (0x0101010101010101ULL * value);
    return ~(((x & kLowSeven) + kLowSeven) | x) & kHighBits;
}

// Counts LF, CR and CR LF in one block; `cr` says whether the byte before it was CR.
void countLineBytes(const std::uint8_t* block, bool& cr, KernelCounts& counts) noexcept {
    if constexpr (std::endian::native == std::endian::little) {
        std::uint64_t carry = cr ? 0x80 : 0;
        for (std::size_t j = 0; j < kBlockSize; j += 8) {
            const std::uint64_t w = loadWord(block + j);
            const std::uint64_t lf = bytesEqual(w, '\n');
            const std::uint64_t crs = bytesEqual(w, '\r');
            counts.lineFeeds += unsigned(std::popcount(lf));
            if ((crs | carry) != 0) {
                counts.carriageReturns += unsigned(std::popcount(crs));
                // Little-endian: the byte after byte k sits 8 bits higher in the word.
                counts.crlf += unsigned(std::popcount(((crs << 8) | carry) & lf));
            }
            carry = crs >> 56;
        }
        cr = carry != 0;
    } else {
        for (std::size_t j = 0; j < kBlockSize; ++j) {
            const std::uint8_t b = block[j];
            if (b == '\n') {
                ++counts.lineFeeds;
                counts.crlf += cr ? 1 : 0;
            } else if (b == '\r') {
                ++counts.carriageReturns;
            }
            cr = b == '\r';
        }
    }
}

bool blockIsAscii(const std::uint8_t* block) noexcept {
    std::uint64_t any = 0;
    for (std::size_t j = 0; j < kBlockSize; j += 8)
        any |= loadWord(block + j);
    return (any & kHighBits) == 0;
}

} // namespace

KernelResult scanBlocksScalar(const std::uint8_t* p, std::size_t n, std::uint8_t previous,
                              KernelCounts& counts) noexcept {
    std::uint64_t state = ShiftDfa::kAccept;
    bool cr = previous == '\r';
    std::size_t i = 0;
    for (; i + kBlockSize <= n; i += kBlockSize) {
        countLineBytes(p + i, cr, counts);
        if (blockIsAscii(p + i)) {
            // ASCII right after an unfinished sequence ends it too early.
            if (ShiftDfa::offset(state) != ShiftDfa::kAccept)
                return {backUpToBoundary(p, i, counts), i + kBlockSize, true};
            counts.byLength[1] += kBlockSize;
            continue;
        }
        state = validateBlockDfa(p + i, state, counts);
        if (kShiftDfa.rejected(state))
            return {backUpToBoundary(p, i, counts), i + kBlockSize, true};
    }
    return {backUpToBoundary(p, i, counts), i, false};
}

std::size_t asciiRunLengthScalar(const std::uint8_t* p, std::size_t n) noexcept {
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const std::uint64_t high = loadWord(p + i) & kHighBits;
        if (high != 0) {
            if constexpr (std::endian::native == std::endian::little)
                return i + std::size_t(std::countr_zero(high)) / 8;
            break;
        }
    }
    while (i < n && p[i] < 0x80)
        ++i;
    return i;
}

} // namespace u8codec::detail
