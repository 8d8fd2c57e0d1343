// The AVX2 scan kernel: 64-byte blocks as two 32-byte vectors. ASCII blocks and line endings are
// counted from compare masks (popcount); other blocks are validated with the vector method of
// Keiser and Lemire ("Validating UTF-8 In Less Than One Instruction Per Byte", 2021), which
// checks every byte against the three before it with nibble-indexed table look-ups, and counted
// by their lead bytes. The functions carry target attributes, so the build needs no -mavx2; the
// Scanner calls them only when __builtin_cpu_supports("avx2") says the CPU has it.
#include "scan_kernel.h"

#if defined(U8CODEC_X86_KERNELS)

#include <immintrin.h>

#define U8CODEC_AVX2 __attribute__((target("avx2,popcnt")))

namespace u8codec::detail {
namespace {

// One bit per way a byte can be wrong given the byte before it. A byte pair is in error when the
// three look-ups below (high nibble of the first byte, low nibble of the first byte, high nibble
// of the second byte) all have the bit; each bit is a product of conditions on those nibbles.
// The ranges are those of RFC 3629 section 4 and the Unicode Standard's table 3-7.
constexpr std::uint8_t kTooShort = 1 << 0;     // lead followed by ASCII or by another lead
constexpr std::uint8_t kTooLong = 1 << 1;      // ASCII followed by a continuation
constexpr std::uint8_t kOverlong3 = 1 << 2;    // E0 followed by 80-9F
constexpr std::uint8_t kTooLarge = 1 << 3;     // F4 90-BF, F5-FF 90-BF (above U+10FFFF)
constexpr std::uint8_t kSurrogate = 1 << 4;    // ED followed by A0-BF (U+D800..U+DFFF)
constexpr std::uint8_t kOverlong2 = 1 << 5;    // C0 or C1 followed by a continuation
constexpr std::uint8_t kTooLarge1000 = 1 << 6; // F5-FF followed by 80-8F
constexpr std::uint8_t kOverlong4 = 1 << 6;    // F0 followed by 80-8F (shares the bit: the first
                                               // byte's low nibble tells them apart)
constexpr std::uint8_t kTwoConts = 1 << 7;     // continuation after continuation: an error unless
                                               // a 3- or 4-byte lead two or three bytes back
                                               // expects it (checked separately, see below)
// The bits whose condition does not depend on the first byte's low nibble.
constexpr std::uint8_t kCarry = kTooShort | kTooLong | kTwoConts;

U8CODEC_AVX2 inline __m256i table16(std::uint8_t t0, std::uint8_t t1, std::uint8_t t2,
                                    std::uint8_t t3, std::uint8_t t4, std::uint8_t t5,
                                    std::uint8_t t6, std::uint8_t t7, std::uint8_t t8,
                                    std::uint8_t t9, std::uint8_t t10, std::uint8_t t11,
                                    std::uint8_t t12, std::uint8_t t13, std::uint8_t t14,
                                    std::uint8_t t15) {
    const __m128i t = _mm_setr_epi8(char(t0), char(t1), char(t2), char(t3), char(t4), char(t5),
                                    char(t6), char(t7), char(t8), char(t9), char(t10), char(t11),
                                    char(t12), char(t13), char(t14), char(t15));
    return _mm256_broadcastsi128_si256(t);
}

// The input shifted by N bytes towards higher offsets, the gap filled from the previous vector:
// lane k of the result is the byte N before lane k of `input`.
template <int N> U8CODEC_AVX2 inline __m256i previousBytes(__m256i input, __m256i prior) {
    const __m256i straddle = _mm256_permute2x128_si256(prior, input, 0x21);
    return _mm256_alignr_epi8(input, straddle, 16 - N);
}

struct Tables {
    __m256i firstHigh, firstLow, secondHigh, lowNibble;
    U8CODEC_AVX2 Tables()
        : firstHigh(table16(
              // 0xxxxxxx: ASCII first
              kTooLong, kTooLong, kTooLong, kTooLong, kTooLong, kTooLong, kTooLong, kTooLong,
              // 10xxxxxx: continuation first
              kTwoConts, kTwoConts, kTwoConts, kTwoConts,
              // 1100xxxx: C0-CF, 2-byte leads (C0 C1 overlong)
              kTooShort | kOverlong2,
              // 1101xxxx: D0-DF
              kTooShort,
              // 1110xxxx: 3-byte leads
              kTooShort | kOverlong3 | kSurrogate,
              // 1111xxxx: 4-byte leads and F5-FF
              kTooShort | kTooLarge | kTooLarge1000 | kOverlong4)),
          firstLow(table16(
              // xxxx0000: C0, E0, F0
              kCarry | kOverlong3 | kOverlong2 | kOverlong4,
              // xxxx0001: C1
              kCarry | kOverlong2,
              // xxxx0010, xxxx0011
              kCarry, kCarry,
              // xxxx0100: F4
              kCarry | kTooLarge,
              // xxxx0101 - xxxx1100: F5-FC
              kCarry | kTooLarge | kTooLarge1000, kCarry | kTooLarge | kTooLarge1000,
              kCarry | kTooLarge | kTooLarge1000, kCarry | kTooLarge | kTooLarge1000,
              kCarry | kTooLarge | kTooLarge1000, kCarry | kTooLarge | kTooLarge1000,
              kCarry | kTooLarge | kTooLarge1000, kCarry | kTooLarge | kTooLarge1000,
              // xxxx1101: ED, FD
              kCarry | kTooLarge | kTooLarge1000 | kSurrogate,
              // xxxx1110, xxxx1111: FE, FF
              kCarry | kTooLarge | kTooLarge1000, kCarry | kTooLarge | kTooLarge1000)),
          secondHigh(table16(
              // 0xxxxxxx: ASCII second
              kTooShort, kTooShort, kTooShort, kTooShort, kTooShort, kTooShort, kTooShort,
              kTooShort,
              // 1000xxxx: 80-8F
              kTooLong | kOverlong2 | kTwoConts | kOverlong3 | kTooLarge1000 | kOverlong4,
              // 1001xxxx: 90-9F
              kTooLong | kOverlong2 | kTwoConts | kOverlong3 | kTooLarge,
              // 101xxxxx: A0-BF
              kTooLong | kOverlong2 | kTwoConts | kSurrogate | kTooLarge,
              kTooLong | kOverlong2 | kTwoConts | kSurrogate | kTooLarge,
              // 11xxxxxx: a lead second
              kTooShort, kTooShort, kTooShort, kTooShort)),
          lowNibble(_mm256_set1_epi8(0x0F)) {}
};

// Nonzero lanes mark bytes that are wrong given the three bytes before them.
U8CODEC_AVX2 inline __m256i checkVector(const Tables& t, __m256i input, __m256i prior) {
    const __m256i prev1 = previousBytes<1>(input, prior);
    const __m256i firstHigh = _mm256_shuffle_epi8(
        t.firstHigh, _mm256_and_si256(_mm256_srli_epi16(prev1, 4), t.lowNibble));
    const __m256i firstLow = _mm256_shuffle_epi8(t.firstLow, _mm256_and_si256(prev1, t.lowNibble));
    const __m256i secondHigh = _mm256_shuffle_epi8(
        t.secondHigh, _mm256_and_si256(_mm256_srli_epi16(input, 4), t.lowNibble));
    const __m256i pairErrors = _mm256_and_si256(_mm256_and_si256(firstHigh, firstLow), secondHigh);
    // A continuation two bytes after a 3- or 4-byte lead, or three after a 4-byte lead, must be
    // there: saturating subtraction leaves the high bit set exactly for E0-FF two back and
    // F0-FF three back. Where it is expected, kTwoConts must be set; elsewhere it must not.
    const __m256i third =
        _mm256_subs_epu8(previousBytes<2>(input, prior), _mm256_set1_epi8(char(0xE0 - 0x80)));
    const __m256i fourth =
        _mm256_subs_epu8(previousBytes<3>(input, prior), _mm256_set1_epi8(char(0xF0 - 0x80)));
    const __m256i expected =
        _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8(char(0x80)));
    return _mm256_xor_si256(expected, pairErrors);
}

// Nonzero when the vector ends inside a character: a lead of 2+ bytes in the last lane, of 3+ in
// the last two, or of 4 in the last three.
U8CODEC_AVX2 inline __m256i unfinishedAtEnd(__m256i input) {
    const __m256i limits = _mm256_setr_epi8(
        char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF),
        char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF),
        char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF),
        char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF),
        char(0xFF), char(0xF0 - 1), char(0xE0 - 1), char(0xC0 - 1));
    return _mm256_subs_epu8(input, limits);
}

U8CODEC_AVX2 inline std::uint64_t mask64(__m256i low, __m256i high) {
    return std::uint64_t(std::uint32_t(_mm256_movemask_epi8(low))) |
           (std::uint64_t(std::uint32_t(_mm256_movemask_epi8(high))) << 32);
}

U8CODEC_AVX2 inline unsigned popcount(std::uint64_t m) {
    return unsigned(__builtin_popcountll(m));
}

} // namespace

U8CODEC_AVX2 KernelResult scanBlocksAvx2(const std::uint8_t* p, std::size_t n,
                                         std::uint8_t previous, KernelCounts& counts) noexcept {
    const Tables tables;
    const __m256i lfByte = _mm256_set1_epi8('\n');
    const __m256i crByte = _mm256_set1_epi8('\r');
    // Signed compares: C0-FF are -64..-1, E0-FF are -32..-1, F0-FF are -16..-1.
    const __m256i belowC0 = _mm256_set1_epi8(char(0xC0 - 1));
    const __m256i belowE0 = _mm256_set1_epi8(char(0xE0 - 1));
    const __m256i belowF0 = _mm256_set1_epi8(char(0xF0 - 1));
    __m256i prior = _mm256_setzero_si256(); // p[0] is at a boundary: as if ASCII came before
    __m256i unfinished = _mm256_setzero_si256();
    std::uint64_t crCarry = previous == '\r' ? 1 : 0;
    std::uint64_t ascii = 0;
    KernelResult result;
    std::size_t i = 0;
    for (; i + kBlockSize <= n; i += kBlockSize) {
        const __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i));
        const __m256i high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i + 32));

        const std::uint64_t lf =
            mask64(_mm256_cmpeq_epi8(low, lfByte), _mm256_cmpeq_epi8(high, lfByte));
        const std::uint64_t cr =
            mask64(_mm256_cmpeq_epi8(low, crByte), _mm256_cmpeq_epi8(high, crByte));
        counts.lineFeeds += popcount(lf);
        if ((cr | crCarry) != 0) {
            counts.carriageReturns += popcount(cr);
            counts.crlf += popcount(((cr << 1) | crCarry) & lf);
        }
        crCarry = cr >> 63;

        const std::uint64_t nonAscii = mask64(low, high);
        if (nonAscii == 0) {
            // ASCII right after an unfinished sequence ends it too early.
            if (!_mm256_testz_si256(unfinished, unfinished)) {
                result = {backUpToBoundary(p, i, counts), i + kBlockSize, true};
                break;
            }
            ascii += kBlockSize;
            prior = high;
            continue;
        }
        const __m256i errors =
            _mm256_or_si256(checkVector(tables, low, prior), checkVector(tables, high, low));
        if (!_mm256_testz_si256(errors, errors)) {
            result = {backUpToBoundary(p, i, counts), i + kBlockSize, true};
            break;
        }
        unfinished = unfinishedAtEnd(high);
        prior = high;
        // Valid block: one character per ASCII byte or lead byte.
        const unsigned fromC0 = popcount(
            nonAscii & mask64(_mm256_cmpgt_epi8(low, belowC0), _mm256_cmpgt_epi8(high, belowC0)));
        const unsigned fromE0 = popcount(
            nonAscii & mask64(_mm256_cmpgt_epi8(low, belowE0), _mm256_cmpgt_epi8(high, belowE0)));
        const unsigned fromF0 = popcount(
            nonAscii & mask64(_mm256_cmpgt_epi8(low, belowF0), _mm256_cmpgt_epi8(high, belowF0)));
        ascii += kBlockSize - popcount(nonAscii);
        counts.byLength[2] += fromC0 - fromE0;
        counts.byLength[3] += fromE0 - fromF0;
        counts.byLength[4] += fromF0;
    }
    counts.byLength[1] += ascii;
    if (!result.error)
        result = {backUpToBoundary(p, i, counts), i, false};
    return result;
}

U8CODEC_AVX2 std::size_t asciiRunLengthAvx2(const std::uint8_t* p, std::size_t n) noexcept {
    std::size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        const unsigned high = unsigned(
            _mm256_movemask_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i))));
        if (high != 0)
            return i + std::size_t(__builtin_ctz(high));
    }
    while (i < n && p[i] < 0x80)
        ++i;
    return i;
}

} // namespace u8codec::detail

#endif
