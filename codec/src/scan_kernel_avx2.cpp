// The AVX2 scan kernel: 64-byte blocks as two 32-byte vectors. Runs of ASCII blocks go through a
// light loop; other blocks are validated with the vector method of Keiser and Lemire
// ("Validating UTF-8 In Less Than One Instruction Per Byte", 2021), which checks every byte
// against the three before it with nibble-indexed table look-ups, and counted by their lead
// bytes. Valid blocks are counted in byte lanes (compare results subtracted, summed every 127
// blocks), LF too; only blocks with a CR take compare masks and popcounts. Stretches with errors
// are counted with byte-class masks (countWindow, scan_kernel.h). The functions carry target
// attributes, so the build needs no -mavx2; the Scanner calls them only when
// cpuRuns(Isa::Avx2) (cpu_features.h) says the CPU has it.
#include "scan_kernel.h"
#include "u8codec/cpu_features.h"

#if defined(U8CODEC_X86_KERNELS)

#include <immintrin.h>

#define U8CODEC_AVX2 U8CODEC_TARGET(U8CODEC_FEATURES_AVX2)

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

U8CODEC_AVX2 inline __m256i highNibbles(__m256i v) {
    return _mm256_and_si256(_mm256_srli_epi16(v, 4), _mm256_set1_epi8(0x0F));
}

// Nonzero lanes mark bytes that are wrong given the three bytes before them (prev1, prev2,
// prev3: lane k is the byte 1, 2, 3 before lane k of `input`; inputHigh: highNibbles(input)).
U8CODEC_AVX2 inline __m256i checkWithPrevious(const Tables& t, __m256i inputHigh, __m256i prev1,
                                              __m256i prev2, __m256i prev3) {
    const __m256i firstHigh = _mm256_shuffle_epi8(
        t.firstHigh, _mm256_and_si256(_mm256_srli_epi16(prev1, 4), t.lowNibble));
    const __m256i firstLow = _mm256_shuffle_epi8(t.firstLow, _mm256_and_si256(prev1, t.lowNibble));
    const __m256i secondHigh = _mm256_shuffle_epi8(t.secondHigh, inputHigh);
    const __m256i pairErrors = _mm256_and_si256(_mm256_and_si256(firstHigh, firstLow), secondHigh);
    // A continuation two bytes after a 3- or 4-byte lead, or three after a 4-byte lead, must be
    // there: saturating subtraction leaves the high bit set exactly for E0-FF two back and
    // F0-FF three back. Where it is expected, kTwoConts must be set; elsewhere it must not.
    const __m256i third = _mm256_subs_epu8(prev2, _mm256_set1_epi8(char(0xE0 - 0x80)));
    const __m256i fourth = _mm256_subs_epu8(prev3, _mm256_set1_epi8(char(0xF0 - 0x80)));
    const __m256i expected =
        _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8(char(0x80)));
    return _mm256_xor_si256(expected, pairErrors);
}

// The same with the bytes before `input` taken from `prior`, the 32 bytes before it.
U8CODEC_AVX2 inline __m256i checkVector(const Tables& t, __m256i input, __m256i prior) {
    return checkWithPrevious(t, highNibbles(input), previousBytes<1>(input, prior),
                             previousBytes<2>(input, prior), previousBytes<3>(input, prior));
}

// The same with the bytes before `input` (at p) loaded from p - 1, p - 2, p - 3: loads are
// cheaper than the shuffles that would make them, and the shuffle unit is the busiest.
U8CODEC_AVX2 inline __m256i checkInPlace(const Tables& t, __m256i inputHigh,
                                         const std::uint8_t* p) {
    return checkWithPrevious(t, inputHigh,
                             _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p - 1)),
                             _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p - 2)),
                             _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p - 3)));
}

U8CODEC_AVX2 inline std::uint64_t mask64(__m256i low, __m256i high) {
    return std::uint64_t(std::uint32_t(_mm256_movemask_epi8(low))) |
           (std::uint64_t(std::uint32_t(_mm256_movemask_epi8(high))) << 32);
}

U8CODEC_AVX2 inline unsigned popcount(std::uint64_t m) {
    return unsigned(__builtin_popcountll(m));
}

// --- Masks of byte classes for counting stretches with errors (see scan_kernel.h) ----------

// Lanes where lo <= x <= hi (unsigned).
U8CODEC_AVX2 inline __m256i between(__m256i x, std::uint8_t lo, std::uint8_t hi) {
    const __m256i offset = _mm256_sub_epi8(x, _mm256_set1_epi8(char(lo)));
    return _mm256_cmpeq_epi8(_mm256_min_epu8(offset, _mm256_set1_epi8(char(hi - lo))), offset);
}
U8CODEC_AVX2 inline std::uint64_t maskBetween(__m256i low, __m256i high, std::uint8_t lo,
                                              std::uint8_t hi) {
    return mask64(between(low, lo, hi), between(high, lo, hi));
}
U8CODEC_AVX2 inline std::uint64_t maskEqual(__m256i low, __m256i high, std::uint8_t value) {
    const __m256i v = _mm256_set1_epi8(char(value));
    return mask64(_mm256_cmpeq_epi8(low, v), _mm256_cmpeq_epi8(high, v));
}

// The byte classes of the 64 bytes at p (see ByteMasks).
U8CODEC_AVX2 inline ByteMasks byteMasks(const std::uint8_t* p) {
    const __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const __m256i high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
    return ByteMasks{mask64(low, high),
                     maskBetween(low, high, 0x80, 0xBF),
                     maskBetween(low, high, 0xC2, 0xDF),
                     maskBetween(low, high, 0xE0, 0xEF),
                     maskBetween(low, high, 0xF0, 0xF4),
                     maskEqual(low, high, 0xE0),
                     maskEqual(low, high, 0xED),
                     maskEqual(low, high, 0xF0),
                     maskEqual(low, high, 0xF4),
                     maskBetween(low, high, 0x80, 0x9F),
                     maskBetween(low, high, 0x80, 0x8F)};
}

// Counts LF, CR and CR LF in the 64 bytes at p[i] (low, high), leaving out those before
// linesEnd (counted already), and moves linesEnd to the end of the block if it was before.
U8CODEC_AVX2 inline void countLineBytes(__m256i low, __m256i high, const std::uint8_t* p,
                                        std::size_t i, std::uint8_t previous, std::size_t& linesEnd,
                                        KernelCounts& counts) {
    const __m256i lfByte = _mm256_set1_epi8('\n');
    const __m256i crByte = _mm256_set1_epi8('\r');
    if (linesEnd >= i + kBlockSize)
        return; // all counted already
    const std::uint64_t fresh =
        linesEnd > i ? ~std::uint64_t(0) << (linesEnd - i) : ~std::uint64_t(0);
    const std::uint64_t lf =
        fresh & mask64(_mm256_cmpeq_epi8(low, lfByte), _mm256_cmpeq_epi8(high, lfByte));
    const std::uint64_t cr =
        mask64(_mm256_cmpeq_epi8(low, crByte), _mm256_cmpeq_epi8(high, crByte));
    counts.lineFeeds += popcount(lf);
    const std::uint64_t crBefore = (i == 0 ? previous : p[i - 1]) == '\r' ? 1 : 0;
    if ((cr | crBefore) != 0) {
        counts.carriageReturns += popcount(cr & fresh);
        counts.crlf += popcount(((cr << 1) | crBefore) & lf);
    }
    linesEnd = i + kBlockSize;
}

// Asks for the bytes some way ahead: on data larger than the caches the scan is limited by the
// memory, and the hardware prefetcher alone keeps too few lines in flight (docs/performance.md,
// "Why the code is as it is": 2 to 4 KiB ahead is the best distance). A prefetch past the end of
// the buffer is harmless (it never faults); the address is computed as an integer for that reason.
constexpr std::uintptr_t kPrefetchDistance = 4096;
U8CODEC_AVX2 inline void prefetchAhead(const std::uint8_t* p, std::size_t i) {
    _mm_prefetch(
        reinterpret_cast<const char*>(reinterpret_cast<std::uintptr_t>(p) + i + kPrefetchDistance),
        _MM_HINT_T0);
}

U8CODEC_AVX2 inline std::uint64_t sumLanes(__m256i lanes) {
    const __m256i sums = _mm256_sad_epu8(lanes, _mm256_setzero_si256());
    return std::uint64_t(_mm256_extract_epi64(sums, 0)) +
           std::uint64_t(_mm256_extract_epi64(sums, 1)) +
           std::uint64_t(_mm256_extract_epi64(sums, 2)) +
           std::uint64_t(_mm256_extract_epi64(sums, 3));
}

// Counts kept in vector lanes across blocks and summed now and then: far cheaper per block than
// moving masks out and counting their bits. The characters of valid blocks are counted by the
// high nibble of each byte (the one the vector check looks up already): a table look-up gives
// 1 or 16 for the two classes of a pair, so one addition counts two classes in the two nibbles
// of a byte lane. A nibble gains at most 2 per block (one from each 32-byte half), so every 7
// blocks the nibbles are moved to byte lanes, and every 18 such rounds (126 blocks) the byte
// lanes are summed. LF is counted in byte lanes (a compare gives FF, subtracting it adds 1).
struct CountLanes {
    __m256i asciiAndTwo;  // nibbles: 00-7F | C0-DF
    __m256i threeAndFour; // nibbles: E0-EF | F0-FF
    __m256i lengths[4];   // bytes: [1]..[4]
    __m256i lineFeeds;
    int blocks = 0; // since the nibbles were moved
    int rounds = 0; // since the byte lanes were summed
    U8CODEC_AVX2 CountLanes()
        : asciiAndTwo(_mm256_setzero_si256()),
          threeAndFour(asciiAndTwo), lengths{asciiAndTwo, asciiAndTwo, asciiAndTwo, asciiAndTwo},
          lineFeeds(asciiAndTwo) {}
};
constexpr int kBlocksPerRound = 7;
constexpr int kRoundsPerSum = 18;

U8CODEC_AVX2 inline void moveNibbles(CountLanes& lanes) {
    const __m256i lowNibble = _mm256_set1_epi8(0x0F);
    lanes.lengths[0] =
        _mm256_add_epi8(lanes.lengths[0], _mm256_and_si256(lanes.asciiAndTwo, lowNibble));
    lanes.lengths[1] = _mm256_add_epi8(lanes.lengths[1], highNibbles(lanes.asciiAndTwo));
    lanes.lengths[2] =
        _mm256_add_epi8(lanes.lengths[2], _mm256_and_si256(lanes.threeAndFour, lowNibble));
    lanes.lengths[3] = _mm256_add_epi8(lanes.lengths[3], highNibbles(lanes.threeAndFour));
    lanes.asciiAndTwo = _mm256_setzero_si256();
    lanes.threeAndFour = _mm256_setzero_si256();
    lanes.blocks = 0;
}

U8CODEC_AVX2 inline void sumCountLanes(CountLanes& lanes, KernelCounts& counts) {
    moveNibbles(lanes);
    // In a valid stretch every character has exactly one lead (RFC 3629 section 3): C0-DF
    // leads two bytes, E0-EF three, F0-F7 four.
    for (std::size_t length = 1; length <= 4; ++length) {
        counts.byLength[length] += sumLanes(lanes.lengths[length - 1]);
        lanes.lengths[length - 1] = _mm256_setzero_si256();
    }
    counts.lineFeeds += sumLanes(lanes.lineFeeds);
    lanes.lineFeeds = _mm256_setzero_si256();
    lanes.rounds = 0;
}

// Counts a block in the periods above; true when a round ends.
U8CODEC_AVX2 inline bool countedBlock(CountLanes& lanes, KernelCounts& counts) {
    if (++lanes.blocks != kBlocksPerRound)
        return false;
    moveNibbles(lanes);
    if (++lanes.rounds == kRoundsPerSum)
        sumCountLanes(lanes, counts);
    return true;
}

// The common case of English text, code, logs: a run of 64-byte blocks of ASCII without CR.
// Counts them (LF in byte lanes) and returns where the run ends.
U8CODEC_AVX2 inline std::size_t skipAsciiRun(const std::uint8_t* p, std::size_t i, std::size_t n,
                                             CountLanes& lanes, KernelCounts& counts) {
    const __m256i lfByte = _mm256_set1_epi8('\n');
    const __m256i crByte = _mm256_set1_epi8('\r');
    const __m256i highBit = _mm256_set1_epi8(char(0x80));
    const std::size_t start = i;
    while (i + kBlockSize <= n) {
        prefetchAhead(p, i);
        const __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i));
        const __m256i high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i + 32));
        const __m256i cr =
            _mm256_or_si256(_mm256_cmpeq_epi8(low, crByte), _mm256_cmpeq_epi8(high, crByte));
        // A non-ASCII byte or a CR (compare lanes are FF) ends the run.
        if (!_mm256_testz_si256(_mm256_or_si256(_mm256_or_si256(low, high), cr), highBit))
            break;
        lanes.lineFeeds = _mm256_sub_epi8(lanes.lineFeeds, _mm256_cmpeq_epi8(low, lfByte));
        lanes.lineFeeds = _mm256_sub_epi8(lanes.lineFeeds, _mm256_cmpeq_epi8(high, lfByte));
        i += kBlockSize;
        countedBlock(lanes, counts);
    }
    counts.byLength[1] += i - start;
    return i;
}

} // namespace

U8CODEC_AVX2 KernelResult scanBlocksAvx2(const std::uint8_t* p, std::size_t n,
                                         std::uint8_t previous, KernelCounts& counts) noexcept {
    const Tables tables;
    // The counts of characters by the high nibble of their first byte (see CountLanes).
    const __m256i asciiAndTwo =
        table16(0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0, 0, 0, 0, 0x10, 0x10, 0, 0);
    const __m256i threeAndFour = table16(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01, 0x10);
    const __m256i lfByte = _mm256_set1_epi8('\n');
    const __m256i crByte = _mm256_set1_epi8('\r');
    CountLanes lanes;
    const auto crBefore = [&](std::size_t at) { return (at == 0 ? previous : p[at - 1]) == '\r'; };
    std::size_t restart = 0;  // where the vector validation last started afresh
    std::size_t linesEnd = 0; // line-ending bytes of [0, linesEnd) are counted
    std::size_t i = 0;
    while (i + kBlockSize <= n) {
        // Here i is at a character boundary, and linesEnd is i or (after a stretch with errors)
        // a few bytes past it.
        if (linesEnd <= i && !crBefore(i)) {
            i = linesEnd = skipAsciiRun(p, i, n, lanes, counts);
            if (i + kBlockSize > n)
                break;
        }
        // Blocks validated with the vector check and counted by their leads, in byte lanes. LF
        // is counted in lanes too; a block with a CR, or after one, or with line bytes counted
        // already (`special`), takes the masks of countLineBytes.
        bool special = linesEnd > i || crBefore(i);
        const std::size_t first = i; // before it, as if ASCII came (it is at a boundary)
        __m256i low = _mm256_setzero_si256();
        __m256i high = low;
        bool failed = false;
        while (i + kBlockSize <= n) {
            prefetchAhead(p, i);
            low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i));
            high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i + 32));
            // Also catches a character left unfinished by the block before (a lead followed by
            // ASCII or another lead, or a continuation missing two or three bytes on).
            const __m256i lowHigh = highNibbles(low);
            const __m256i highHigh = highNibbles(high);
            const __m256i errors =
                _mm256_or_si256(i == first ? checkVector(tables, low, _mm256_setzero_si256())
                                           : checkInPlace(tables, lowHigh, p + i),
                                checkInPlace(tables, highHigh, p + i + 32));
            const __m256i cr =
                _mm256_or_si256(_mm256_cmpeq_epi8(low, crByte), _mm256_cmpeq_epi8(high, crByte));
            if (!_mm256_testz_si256(_mm256_or_si256(errors, cr), _mm256_or_si256(errors, cr)) ||
                special) {
                if (!_mm256_testz_si256(errors, errors)) {
                    failed = true;
                    break;
                }
                countLineBytes(low, high, p, i, previous, linesEnd, counts);
                special = p[i + kBlockSize - 1] == '\r';
            } else {
                lanes.lineFeeds = _mm256_sub_epi8(lanes.lineFeeds,
                                                  _mm256_add_epi8(_mm256_cmpeq_epi8(low, lfByte),
                                                                  _mm256_cmpeq_epi8(high, lfByte)));
            }
            lanes.asciiAndTwo = _mm256_add_epi8(
                lanes.asciiAndTwo, _mm256_add_epi8(_mm256_shuffle_epi8(asciiAndTwo, lowHigh),
                                                   _mm256_shuffle_epi8(asciiAndTwo, highHigh)));
            lanes.threeAndFour = _mm256_add_epi8(
                lanes.threeAndFour, _mm256_add_epi8(_mm256_shuffle_epi8(threeAndFour, lowHigh),
                                                    _mm256_shuffle_epi8(threeAndFour, highHigh)));
            i += kBlockSize;
            // An ASCII block (without CR) may start a run of them, for the light loop: looked
            // for once a round, which keeps the test out of the way of other text.
            if (countedBlock(lanes, counts) && !special &&
                _mm256_movemask_epi8(_mm256_or_si256(low, high)) == 0)
                break;
        }
        if (linesEnd < i)
            linesEnd = i;
        if (!failed)
            continue; // at the end, or after an ASCII block
        countLineBytes(low, high, p, i, previous, linesEnd, counts);
        // The block is not valid in context: back up to the last boundary and count segments
        // 64 bytes at a time, in vectors, until a stretch of 64 bytes is all valid again.
        sumCountLanes(lanes, counts);
        const std::size_t q = restart + backUpToBoundary(p + restart, i - restart, counts);
        std::size_t boundary = q; // all segments before it are counted
        MaskCarry carry;          // q is at a boundary: nothing before it takes a byte after it
        ByteMasks masks = byteMasks(p + q);
        for (std::size_t x = q;; x += kBlockSize) {
            if (x + 2 * kBlockSize > n) {
                // Too close to the end for the look-ahead: the Segmenter finishes it.
                countLineBytesUpTo(p, boundary, linesEnd, counts);
                return {boundary, linesEnd, true};
            }
            countLineBytes(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + x)),
                           _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + x + 32)), p, x,
                           previous, linesEnd, counts);
            const ByteMasks following = byteMasks(p + x + kBlockSize);
            bool clean = false;
            boundary = x + countWindow(masks, following, carry, counts, clean);
            if (clean)
                break;
            masks = following;
        }
        // The last segment may end up to three bytes past the window.
        countLineBytesUpTo(p, boundary, linesEnd, counts);
        i = restart = boundary;
    }
    sumCountLanes(lanes, counts);
    return {restart + backUpToBoundary(p + restart, i - restart, counts), linesEnd, false};
}

// The vector check of scanBlocksAvx2 alone: nothing is counted, and the check stops at the first
// block in error. (Four blocks at a time with one test measured slower: the registers spill.)
U8CODEC_AVX2 std::size_t wellFormedBlocksAvx2(const std::uint8_t* p, std::size_t n) noexcept {
    const Tables tables;
    const __m256i highBit = _mm256_set1_epi8(char(0x80));
    // Nonzero lanes after a saturating subtraction where the last bytes of a block leave a
    // character unfinished: a 4-byte lead (F0-FF) 3 bytes from the end, a 3- or 4-byte lead 2
    // from it, any lead at the end (the limits: EF at -3, DF at -2, BF at -1).
    const __m256i unfinishedAbove = _mm256_setr_epi8(
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, char(0xEF), char(0xDF), char(0xBF));
    __m256i unfinished = _mm256_setzero_si256(); // set lanes: the block before ends mid-character
    bool afterMultiByte = false; // the block before is not ASCII: `unfinished` is its
    std::size_t i = 0;
    for (; i + kBlockSize <= n; i += kBlockSize) {
        prefetchAhead(p, i);
        const __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i));
        const __m256i high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i + 32));
        if (_mm256_testz_si256(_mm256_or_si256(low, high), highBit)) {
            if (afterMultiByte && !_mm256_testz_si256(unfinished, unfinished))
                break; // ASCII right after an unfinished sequence ends it too early
            afterMultiByte = false;
            continue;
        }
        const __m256i errors =
            _mm256_or_si256(i == 0 ? checkVector(tables, low, _mm256_setzero_si256())
                                   : checkInPlace(tables, highNibbles(low), p + i),
                            checkInPlace(tables, highNibbles(high), p + i + 32));
        if (!_mm256_testz_si256(errors, errors))
            break;
        unfinished = _mm256_subs_epu8(high, unfinishedAbove);
        afterMultiByte = true;
    }
    return lastBoundary(p, i);
}

U8CODEC_AVX2 ByteMasks byteMasksAvx2(const std::uint8_t* p) noexcept {
    return byteMasks(p);
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
