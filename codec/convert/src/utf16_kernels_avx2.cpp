// The AVX2 UTF-8 <-> UTF-16 kernels (see utf16_kernels.h). The functions carry target
// attributes, so the build needs no -mavx2; utf16_kernels.cpp calls them only when
// cpuRuns(Isa::Avx2) (cpu_features.h) says the CPU has it.
#include "utf16_kernels.h"

#if defined(U8CODEC_UTF16_AVX2)

#include <array>
#include <bit>
#include <immintrin.h>

#define U8CODEC_AVX2 U8CODEC_TARGET(U8CODEC_FEATURES_AVX2)

namespace u8convert::detail {
using namespace u8codec;
namespace {

using Shuffle = std::array<std::uint8_t, 16>; // a pshufb control: 0x80 writes a zero byte

// UTF-8 -> UTF-16: 8 lanes of 16 bits, the lanes of bit set in the index kept in order, the
// others dropped; the bytes of each kept unit swapped for big-endian output.
constexpr std::array<Shuffle, 256> makeKeepUnits(bool bigEndian) {
    std::array<Shuffle, 256> t{};
    for (unsigned m = 0; m < 256; ++m) {
        Shuffle s{};
        s.fill(0x80);
        unsigned k = 0;
        for (unsigned lane = 0; lane < 8; ++lane)
            if (m >> lane & 1) {
                s[k++] = std::uint8_t(2 * lane + (bigEndian ? 1 : 0));
                s[k++] = std::uint8_t(2 * lane + (bigEndian ? 0 : 1));
            }
        t[m] = s;
    }
    return t;
}
alignas(16) constexpr std::array<Shuffle, 256> kKeepUnitsLe = makeKeepUnits(false);
alignas(16) constexpr std::array<Shuffle, 256> kKeepUnitsBe = makeKeepUnits(true);

// UTF-16 -> UTF-8, units below U+0800: 8 lanes of 16 bits holding the UTF-8 bytes in memory
// order; a lane whose bit is set in the index keeps both bytes, the others their first only.
constexpr std::array<Shuffle, 256> makePackOneOrTwo() {
    std::array<Shuffle, 256> t{};
    for (unsigned m = 0; m < 256; ++m) {
        Shuffle s{};
        s.fill(0x80);
        unsigned k = 0;
        for (unsigned lane = 0; lane < 8; ++lane) {
            s[k++] = std::uint8_t(2 * lane);
            if (m >> lane & 1)
                s[k++] = std::uint8_t(2 * lane + 1);
        }
        t[m] = s;
    }
    return t;
}
alignas(16) constexpr std::array<Shuffle, 256> kPackOneOrTwo = makePackOneOrTwo();

// UTF-16 -> UTF-8, any BMP unit: 4 lanes of 32 bits holding the UTF-8 bytes in memory order;
// index bit j (j < 4): lane j has a second byte, bit 4 + j: and a third.
constexpr std::size_t lengthOfLanes(unsigned index, unsigned lane) {
    return 1 + (index >> lane & 1) + (index >> (4 + lane) & 1);
}
constexpr std::array<Shuffle, 256> makePackOneToThree() {
    std::array<Shuffle, 256> t{};
    for (unsigned m = 0; m < 256; ++m) {
        Shuffle s{};
        s.fill(0x80);
        unsigned k = 0;
        for (unsigned lane = 0; lane < 4; ++lane)
            for (std::size_t b = 0; b < lengthOfLanes(m, lane); ++b)
                s[k++] = std::uint8_t(4 * lane + b);
        t[m] = s;
    }
    return t;
}
alignas(16) constexpr std::array<Shuffle, 256> kPackOneToThree = makePackOneToThree();
constexpr std::array<std::uint8_t, 256> kPackOneToThreeLength = [] {
    std::array<std::uint8_t, 256> t{};
    for (unsigned m = 0; m < 256; ++m)
        for (unsigned lane = 0; lane < 4; ++lane)
            t[m] = std::uint8_t(t[m] + lengthOfLanes(m, lane));
    return t;
}();

U8CODEC_AVX2 inline __m128i control(const Shuffle& s) {
    return _mm_load_si128(reinterpret_cast<const __m128i*>(s.data()));
}

U8CODEC_AVX2 inline __m256i swapBytePairs() {
    return _mm256_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 1, 0, 3, 2, 5, 4,
                            7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
}

// Stores 16 code units in the byte order asked for.
template <bool BigEndian> U8CODEC_AVX2 inline void storeUnits(char*& o, __m256i units) {
    if constexpr (BigEndian)
        units = _mm256_or_si256(_mm256_slli_epi16(units, 8), _mm256_srli_epi16(units, 8));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(o), units);
    o += 32;
}

template <bool BigEndian>
U8CODEC_AVX2 char* utf8ToUtf16(const std::uint8_t* p, const std::uint8_t* end, char* o) noexcept {
    const std::array<Shuffle, 256>& keep = BigEndian ? kKeepUnitsBe : kKeepUnitsLe;
    // The marker bits of each form, taken off by subtraction (modulo 2^16): 110xxxxx 10xxxxxx
    // carries 0xC0 << 6 + 0x80; 1110xxxx 10xxxxxx 10xxxxxx carries 0x80 << 6 + 0x80 once the
    // lead's marker has been shifted out of the lane. For the high surrogate of 11110xxx 10xxxxxx
    // 10xxxxxx (c >> 10 = the lead's 3 bits, the second byte's 6 and the third byte's top 2),
    // (lead << 8) + (second << 2) + (third >> 4) carries 0xF208, and 0xD800 - (0x10000 >> 10) is
    // added: 0xD7C0 - 0xF208 = -0x1A48. The low surrogate is 0xDC00 plus the 10 low bits of the
    // 3-byte formula read from the character's second byte.
    const __m256i twoMarkers = _mm256_set1_epi16(0x3080);
    const __m256i threeMarkers = _mm256_set1_epi16(0x2080);
    const __m256i highOffset = _mm256_set1_epi16(0x1A48);
    const __m256i lowTenBits = _mm256_set1_epi16(0x03FF);
    const __m256i lowSurrogates = _mm256_set1_epi16(short(0xDC00));
    const __m256i firstContinuation = _mm256_set1_epi16(kFirstContinuation);
    const __m256i belowLead2 = _mm256_set1_epi16(kLastContinuation);
    const __m256i belowLead3 = _mm256_set1_epi16(kFirstLead3 - 1);
    const __m256i belowLead4 = _mm256_set1_epi16(kFirstLead4 - 1);
    // The first character one by one, so that the windows can look at the byte before them.
    if (p != end && !utf8CharToUtf16(p, end, o, BigEndian))
        return nullptr;
    // The loads below reach from p - 1 to p + 31.
    while (end - p >= 32) {
        const __m256i bytes32 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        if (_mm256_movemask_epi8(bytes32) == 0) { // 32 ASCII bytes (so p - 1 ends a character)
            storeUnits<BigEndian>(o, _mm256_cvtepu8_epi16(_mm256_castsi256_si128(bytes32)));
            storeUnits<BigEndian>(o, _mm256_cvtepu8_epi16(_mm256_extracti128_si256(bytes32, 1)));
            p += 32;
            continue;
        }
        // A window of 16 bytes: every byte widened to a lane holding the code unit of the
        // character it would start (RFC 3629 section 3; for a 4-byte character the high
        // surrogate), the next two bytes for look-ahead. The lanes kept: those of the characters'
        // first bytes, and the lane after a 4-byte lead, which holds the low surrogate. The other
        // continuation bytes' lanes are dropped; at the window's start they belong to a character
        // converted before.
        const __m256i b0 = _mm256_cvtepu8_epi16(_mm256_castsi256_si128(bytes32));
        const __m256i before =
            _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p - 1)));
        const __m256i b1 =
            _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 1)));
        const __m256i b2 =
            _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 2)));
        const __m256i pair = _mm256_add_epi16(_mm256_slli_epi16(b0, 6), b1);
        const __m256i two = _mm256_sub_epi16(pair, twoMarkers);
        const __m256i three =
            _mm256_sub_epi16(_mm256_add_epi16(_mm256_slli_epi16(pair, 6), b2), threeMarkers);
        const __m256i high = _mm256_sub_epi16(
            _mm256_add_epi16(_mm256_slli_epi16(pair, 2), _mm256_srli_epi16(b2, 4)), highOffset);
        const __m256i low = _mm256_or_si256(_mm256_and_si256(three, lowTenBits), lowSurrogates);
        const __m256i ascii = _mm256_cmpgt_epi16(firstContinuation, b0);
        const __m256i lead = _mm256_cmpgt_epi16(b0, belowLead2);
        const __m256i afterLead4 = _mm256_cmpgt_epi16(before, belowLead4);
        __m256i units = _mm256_blendv_epi8(two, b0, ascii);
        units = _mm256_blendv_epi8(units, three, _mm256_cmpgt_epi16(b0, belowLead3));
        units = _mm256_blendv_epi8(units, high, _mm256_cmpgt_epi16(b0, belowLead4));
        units = _mm256_blendv_epi8(units, low, afterLead4);
        // One bit per lane: [0-7 | 0-7 || 8-15 | 8-15] as bytes.
        const __m256i kept = _mm256_or_si256(_mm256_or_si256(ascii, lead), afterLead4);
        const unsigned bits =
            unsigned(_mm256_movemask_epi8(_mm256_packs_epi16(kept, _mm256_setzero_si256())));
        const unsigned first = bits & 0xFF;
        const unsigned second = (bits >> 16) & 0xFF;
        _mm_storeu_si128(reinterpret_cast<__m128i*>(o),
                         _mm_shuffle_epi8(_mm256_castsi256_si128(units), control(keep[first])));
        o += 2 * std::popcount(first);
        _mm_storeu_si128(
            reinterpret_cast<__m128i*>(o),
            _mm_shuffle_epi8(_mm256_extracti128_si256(units, 1), control(keep[second])));
        o += 2 * std::popcount(second);
        p += 16;
    }
    return finishUtf8ToUtf16(p, end, o, BigEndian);
}

// 8 BMP units (no surrogates) to 1-3 bytes each (RFC 3629 section 3): each widened to a 32-bit
// lane holding its UTF-8 bytes in memory order, then packed by a shuffle per 4 lanes.
U8CODEC_AVX2 inline void bmpToUtf8(std::uint8_t*& o, __m128i eight) {
    const __m256i low6 = _mm256_set1_epi32(0x3F);
    const __m256i cont = _mm256_set1_epi32(0x80);
    const __m256i u = _mm256_cvtepu16_epi32(eight);
    const __m256i lastByte = _mm256_or_si256(_mm256_and_si256(u, low6), cont);
    const __m256i middleByte =
        _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(u, 6), low6), cont);
    const __m256i two =
        _mm256_or_si256(_mm256_or_si256(_mm256_srli_epi32(u, 6), _mm256_set1_epi32(0xC0)),
                        _mm256_slli_epi32(lastByte, 8));
    const __m256i three = _mm256_or_si256(
        _mm256_or_si256(_mm256_or_si256(_mm256_srli_epi32(u, 12), _mm256_set1_epi32(0xE0)),
                        _mm256_slli_epi32(middleByte, 8)),
        _mm256_slli_epi32(lastByte, 16));
    const __m256i atLeast2 = _mm256_cmpgt_epi32(u, _mm256_set1_epi32(0x7F));
    const __m256i atLeast3 = _mm256_cmpgt_epi32(u, _mm256_set1_epi32(0x7FF));
    __m256i forms = _mm256_blendv_epi8(u, two, atLeast2);
    forms = _mm256_blendv_epi8(forms, three, atLeast3);
    const unsigned m2 = unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(atLeast2)));
    const unsigned m3 = unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(atLeast3)));
    const unsigned i0 = (m2 & 0xF) | (m3 & 0xF) << 4;
    const unsigned i1 = (m2 >> 4) | (m3 >> 4) << 4;
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o),
                     _mm_shuffle_epi8(_mm256_castsi256_si128(forms), control(kPackOneToThree[i0])));
    o += kPackOneToThreeLength[i0];
    _mm_storeu_si128(
        reinterpret_cast<__m128i*>(o),
        _mm_shuffle_epi8(_mm256_extracti128_si256(forms, 1), control(kPackOneToThree[i1])));
    o += kPackOneToThreeLength[i1];
}

// The two bits per 16-bit lane of a compare mask.
U8CODEC_AVX2 inline std::uint32_t laneBits(__m256i m) {
    return std::uint32_t(_mm256_movemask_epi8(m));
}

template <bool BigEndian>
U8CODEC_AVX2 std::uint8_t* utf16ToUtf8(const std::uint8_t* p, const std::uint8_t* end,
                                       std::uint8_t* o) noexcept {
    const __m256i notAscii = _mm256_set1_epi16(short(0xFF80));
    const __m256i not2Bytes = _mm256_set1_epi16(short(0xF800));
    const __m256i surrogates = _mm256_set1_epi16(short(0xD800));
    const __m256i low6x16 = _mm256_set1_epi16(0x3F);
    const __m256i last1Byte = _mm256_set1_epi16(0x7F);
    const __m256i lead2x16 = _mm256_set1_epi16(0xC0);
    const __m256i contx16 = _mm256_set1_epi16(0x80);
    while (end - p >= 32) { // 16 units
        __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        if constexpr (BigEndian)
            v = _mm256_shuffle_epi8(v, swapBytePairs());
        if (_mm256_testz_si256(v, notAscii)) {
            // [units 0-7 | 0-7 || 8-15 | 8-15] as bytes; quadwords 0 and 2 hold all 16.
            const __m256i packed = _mm256_packus_epi16(v, v);
            _mm_storeu_si128(reinterpret_cast<__m128i*>(o),
                             _mm256_castsi256_si128(_mm256_permute4x64_epi64(packed, 0x08)));
            o += 16;
            p += 32;
            continue;
        }
        const __m256i top5 = _mm256_and_si256(v, not2Bytes);
        if (!_mm256_testz_si256(_mm256_cmpeq_epi16(top5, surrogates), _mm256_set1_epi8(-1))) {
            // A surrogate pair (Unicode Standard section 3.9, D91), or a lone surrogate: these
            // units one by one (a pair may end 2 bytes past them).
            const std::uint8_t* stop = p + 32;
            while (p < stop)
                if (!utf16CharToUtf8(p, end, o, BigEndian))
                    return nullptr;
            continue;
        }
        if (_mm256_testz_si256(top5, top5)) {
            // All below U+0800: each lane holds 110xxxxx 10xxxxxx in memory order, or the ASCII
            // byte; the shuffle keeps the second byte of the 2-byte ones.
            const __m256i lead = _mm256_or_si256(_mm256_srli_epi16(v, 6), lead2x16);
            const __m256i cont = _mm256_or_si256(_mm256_and_si256(v, low6x16), contx16);
            const __m256i twoBytes = _mm256_cmpgt_epi16(v, last1Byte);
            const __m256i forms =
                _mm256_blendv_epi8(v, _mm256_or_si256(lead, _mm256_slli_epi16(cont, 8)), twoBytes);
            const unsigned m = unsigned(
                _mm256_movemask_epi8(_mm256_packs_epi16(twoBytes, _mm256_setzero_si256())));
            const unsigned m0 = m & 0xFF;
            const unsigned m1 = (m >> 16) & 0xFF;
            _mm_storeu_si128(
                reinterpret_cast<__m128i*>(o),
                _mm_shuffle_epi8(_mm256_castsi256_si128(forms), control(kPackOneOrTwo[m0])));
            o += 8 + std::popcount(m0);
            _mm_storeu_si128(
                reinterpret_cast<__m128i*>(o),
                _mm_shuffle_epi8(_mm256_extracti128_si256(forms, 1), control(kPackOneOrTwo[m1])));
            o += 8 + std::popcount(m1);
            p += 32;
            continue;
        }
        bmpToUtf8(o, _mm256_castsi256_si128(v));
        bmpToUtf8(o, _mm256_extracti128_si256(v, 1));
        p += 32;
    }
    while (p != end)
        if (!utf16CharToUtf8(p, end, o, BigEndian))
            return nullptr;
    return o;
}

template <bool BigEndian>
U8CODEC_AVX2 std::optional<std::uint64_t> utf8LengthOfUtf16(const std::uint8_t* p,
                                                            const std::uint8_t* end) noexcept {
    const __m256i notAscii = _mm256_set1_epi16(short(0xFF80));
    const __m256i not2Bytes = _mm256_set1_epi16(short(0xF800));
    const __m256i surrogates = _mm256_set1_epi16(short(0xD800));
    const __m256i halfMask = _mm256_set1_epi16(short(0xFC00));
    const __m256i lowHalves = _mm256_set1_epi16(short(0xDC00));
    const __m256i zero = _mm256_setzero_si256();
    // Per unit 3 bytes, less one if below U+0800, less one more if ASCII, less one if a
    // surrogate: 1, 2 or 3 for a BMP character, 2 for each half of a pair. The masks have two
    // bits per unit.
    std::uint64_t units = 0;
    std::uint64_t less = 0;
    std::uint32_t highCarry = 0; // the last unit's two bits of the high-surrogate mask
    while (end - p >= 32) {
        __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        if constexpr (BigEndian)
            v = _mm256_shuffle_epi8(v, swapBytePairs());
        const __m256i top5 = _mm256_and_si256(v, not2Bytes);
        const std::uint32_t ascii =
            laneBits(_mm256_cmpeq_epi16(_mm256_and_si256(v, notAscii), zero));
        const std::uint32_t below800 = laneBits(_mm256_cmpeq_epi16(top5, zero));
        const std::uint32_t surrogate = laneBits(_mm256_cmpeq_epi16(top5, surrogates));
        if (surrogate != 0) {
            // Each low half right after a high one, and each high one before a low one.
            const __m256i half = _mm256_and_si256(v, halfMask);
            const std::uint32_t high = laneBits(_mm256_cmpeq_epi16(half, surrogates));
            const std::uint32_t low = laneBits(_mm256_cmpeq_epi16(half, lowHalves));
            if (low != (high << 2 | highCarry))
                return std::nullopt;
            highCarry = high >> 30;
        } else if (highCarry != 0) {
            return std::nullopt;
        }
        units += 16;
        less += unsigned(std::popcount(ascii) + std::popcount(below800) + std::popcount(surrogate));
        p += 32;
    }
    std::uint64_t length = 3 * units - less / 2;
    bool highBefore = highCarry != 0;
    if (!addUtf8LengthOfUtf16(p, end, BigEndian, highBefore, length) || highBefore)
        return std::nullopt;
    return length;
}

} // namespace

char* utf8ToUtf16UnitsAvx2(const std::uint8_t* p, const std::uint8_t* end, char* out,
                           bool bigEndian) noexcept {
    return bigEndian ? utf8ToUtf16<true>(p, end, out) : utf8ToUtf16<false>(p, end, out);
}

std::uint8_t* utf16ToUtf8BytesAvx2(const std::uint8_t* p, const std::uint8_t* end,
                                   std::uint8_t* out, bool bigEndian) noexcept {
    return bigEndian ? utf16ToUtf8<true>(p, end, out) : utf16ToUtf8<false>(p, end, out);
}

std::optional<std::uint64_t> utf8LengthOfUtf16Avx2(const std::uint8_t* p, const std::uint8_t* end,
                                                   bool bigEndian) noexcept {
    return bigEndian ? utf8LengthOfUtf16<true>(p, end) : utf8LengthOfUtf16<false>(p, end);
}

} // namespace u8convert::detail

#endif
