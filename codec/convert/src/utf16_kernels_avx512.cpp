// The AVX-512 UTF-8 <-> UTF-16 kernels (see utf16_kernels.h): AVX512BW for 16-bit lanes and mask
// registers, VBMI2 for vpcompressw / vpcompressb, which gather the lanes or bytes kept without
// shuffle tables. The functions carry target attributes, so the build needs no -mavx512*;
// utf16_kernels.cpp calls them only when cpuRuns(Isa::Avx512) says the CPU has them.
#include "utf16_kernels.h"

#if defined(U8CODEC_UTF16_AVX2)

#include <bit>
#include <immintrin.h>

// GCC 12's AVX-512 intrinsics start some vectors from _mm512_undefined_*() (the `__Y` of its
// headers), which -Wmaybe-uninitialized reports once inlined; nothing here reads one.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

// The AVX-512 set (cpu_features.h), and PREFETCHW for the prefetches of the output, which every
// CPU with that set has (Intel since Broadwell, AMD since the K6-2).
#define U8CODEC_AVX512 U8CODEC_TARGET(U8CODEC_FEATURES_AVX512 ",prfchw")

namespace u8convert::detail {
using namespace u8codec;
namespace {

U8CODEC_AVX512 inline __m512i swapBytePairs512() {
    return _mm512_broadcast_i32x4(
        _mm_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14));
}

U8CODEC_AVX512 inline __m256i loadUnits(const std::uint8_t* p, bool bigEndian) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    return bigEndian ? _mm256_shuffle_epi8(v, _mm512_castsi512_si256(swapBytePairs512())) : v;
}

// Stores 32 code units in the byte order asked for.
template <bool BigEndian> U8CODEC_AVX512 inline void storeUnits(char* o, __m512i units) {
    if constexpr (BigEndian)
        units = _mm512_shuffle_epi8(units, swapBytePairs512());
    _mm512_storeu_si512(o, units);
}

template <bool BigEndian>
U8CODEC_AVX512 char* utf8ToUtf16(const std::uint8_t* p, const std::uint8_t* end, char* o) noexcept {
    // The same lane formulas as the AVX2 windows (see there): marker bits taken off by
    // subtraction modulo 2^16, the 4-byte lead's lane holding the high surrogate and its second
    // byte's lane the low one.
    const __m512i twoMarkers = _mm512_set1_epi16(0x3080);
    const __m512i threeMarkers = _mm512_set1_epi16(0x2080);
    const __m512i highOffset = _mm512_set1_epi16(0x1A48);
    const __m512i lowTenBits = _mm512_set1_epi16(0x03FF);
    const __m512i lowSurrogates = _mm512_set1_epi16(short(0xDC00));
    const __m512i firstContinuation = _mm512_set1_epi16(kFirstContinuation);
    const __m512i lastContinuation = _mm512_set1_epi16(kLastContinuation);
    const __m512i belowLead3 = _mm512_set1_epi16(kFirstLead3 - 1);
    const __m512i belowLead4 = _mm512_set1_epi16(kFirstLead4 - 1);
    // The first character one by one, so that the windows can look at the byte before them.
    if (p != end && !utf8CharToUtf16(p, end, o, BigEndian))
        return nullptr;
    // The loads below reach from p - 1 to p + 63.
    while (end - p >= 64) {
        const __m512i bytes64 = _mm512_loadu_si512(p);
        if (_mm512_movepi8_mask(bytes64) == 0) { // 64 ASCII bytes (so p - 1 ends a character)
            storeUnits<BigEndian>(o, _mm512_cvtepu8_epi16(_mm512_castsi512_si256(bytes64)));
            storeUnits<BigEndian>(o + 64,
                                  _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(bytes64, 1)));
            __builtin_prefetch(o + kUtf16PrefetchAhead, 1);
            __builtin_prefetch(o + kUtf16PrefetchAhead + 64, 1);
            o += 128;
            p += 64;
            continue;
        }
        // A window of 32 bytes, one 16-bit lane each.
        const __m512i b0 = _mm512_cvtepu8_epi16(_mm512_castsi512_si256(bytes64));
        const __m512i before =
            _mm512_cvtepu8_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p - 1)));
        const __m512i b1 =
            _mm512_cvtepu8_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 1)));
        const __m512i b2 =
            _mm512_cvtepu8_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 2)));
        const __m512i pair = _mm512_add_epi16(_mm512_slli_epi16(b0, 6), b1);
        const __m512i two = _mm512_sub_epi16(pair, twoMarkers);
        const __m512i three =
            _mm512_sub_epi16(_mm512_add_epi16(_mm512_slli_epi16(pair, 6), b2), threeMarkers);
        const __m512i high = _mm512_sub_epi16(
            _mm512_add_epi16(_mm512_slli_epi16(pair, 2), _mm512_srli_epi16(b2, 4)), highOffset);
        // (three & 0x3FF) | 0xDC00
        const __m512i low = _mm512_ternarylogic_epi32(three, lowTenBits, lowSurrogates, 0xEA);
        const __mmask32 ascii = _mm512_cmplt_epu16_mask(b0, firstContinuation);
        const __mmask32 lead = _mm512_cmpgt_epu16_mask(b0, lastContinuation);
        const __mmask32 afterLead4 = _mm512_cmpgt_epu16_mask(before, belowLead4);
        __m512i units = _mm512_mask_mov_epi16(two, ascii, b0);
        units = _mm512_mask_mov_epi16(units, _mm512_cmpgt_epu16_mask(b0, belowLead3), three);
        units = _mm512_mask_mov_epi16(units, _mm512_cmpgt_epu16_mask(b0, belowLead4), high);
        units = _mm512_mask_mov_epi16(units, afterLead4, low);
        const __mmask32 kept = ascii | lead | afterLead4;
        storeUnits<BigEndian>(o, _mm512_maskz_compress_epi16(kept, units));
        __builtin_prefetch(o + kUtf16PrefetchAhead, 1);
        o += 2 * std::popcount(unsigned(kept));
        p += 32;
    }
    return finishUtf8ToUtf16(p, end, o, BigEndian);
}

template <bool BigEndian>
U8CODEC_AVX512 std::uint8_t* utf16ToUtf8(const std::uint8_t* p, const std::uint8_t* end,
                                         std::uint8_t* o) noexcept {
    const __m512i notAscii = _mm512_set1_epi16(short(0xFF80));
    const __m512i halfMask = _mm512_set1_epi32(0xFC00);
    const __m512i highHalves = _mm512_set1_epi32(0xD800);
    const __m512i lowHalves = _mm512_set1_epi32(0xDC00);
    const __m512i low6 = _mm512_set1_epi32(0x3F);
    const __m512i cont = _mm512_set1_epi32(0x80);
    const __m512i lead2 = _mm512_set1_epi32(0xC0);
    const __m512i lead3 = _mm512_set1_epi32(0xE0);
    const __m512i lead4 = _mm512_set1_epi32(0xF0);
    // c = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00) (Unicode Standard section 3.9, D91).
    const __m512i pairOffset = _mm512_set1_epi32(0x10000 - (0xD800 << 10) - 0xDC00);
    const __m512i keep1 = _mm512_set1_epi32(0xFF);
    const __m512i keep2 = _mm512_set1_epi32(0xFFFF);
    const __m512i keep3 = _mm512_set1_epi32(0xFFFFFF);
    const __m512i keep4 = _mm512_set1_epi32(-1);
    // The block of units all below U+0800 (16-bit lanes).
    const __m512i below0800 = _mm512_set1_epi16(0x800);
    const __m512i lead2x16 = _mm512_set1_epi16(0xC0);
    const __m512i low6x16 = _mm512_set1_epi16(0x3F);
    const __m512i contx16 = _mm512_set1_epi16(0x80); // also the first unit that is not ASCII
    const __m512i firstByte = _mm512_set1_epi16(0x00FF);
    const __m512i bothBytes = _mm512_set1_epi16(-1);
    unsigned highCarry = 0; // the unit before p is a high surrogate, converted with its pair
    // The loads below reach p + 63.
    while (end - p >= 64) {
        __m512i v = _mm512_loadu_si512(p);
        if constexpr (BigEndian)
            v = _mm512_shuffle_epi8(v, swapBytePairs512());
        if (_mm512_test_epi16_mask(v, notAscii) == 0) { // 32 ASCII units
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(o), _mm512_cvtepi16_epi8(v));
            __builtin_prefetch(o + kUtf16PrefetchAhead, 1);
            o += 32;
            p += 64;
            continue;
        }
        if (_mm512_cmpge_epu16_mask(v, below0800) == 0) {
            // 32 units all below U+0800 (Latin, Greek, Cyrillic text with its ASCII): each
            // 16-bit lane holds 110xxxxx 10xxxxxx in memory order, or the ASCII byte and a zero
            // byte, which is dropped. Twice the units of the general path below, which widens
            // to 32-bit lanes: mostly-ASCII text seldom has a block of 32 ASCII units.
            const __mmask32 twoBytes = _mm512_cmpge_epu16_mask(v, contx16);
            const __m512i lead = _mm512_or_si512(_mm512_srli_epi16(v, 6), lead2x16);
            const __m512i contByte = _mm512_ternarylogic_epi32(v, low6x16, contx16, 0xEA);
            const __m512i forms = _mm512_mask_mov_epi16(
                v, twoBytes, _mm512_or_si512(lead, _mm512_slli_epi16(contByte, 8)));
            const __mmask64 bytes =
                _mm512_movepi8_mask(_mm512_mask_mov_epi16(firstByte, twoBytes, bothBytes));
            _mm512_storeu_si512(o, _mm512_maskz_compress_epi8(bytes, forms));
            __builtin_prefetch(o + kUtf16PrefetchAhead, 1);
            o += std::popcount(std::uint64_t(bytes));
            p += 64;
            continue;
        }
        // 16 units, one 32-bit lane each, holding its UTF-8 bytes in memory order (RFC 3629
        // section 3): a high surrogate's lane all 4 bytes of the pair's character, the low
        // half's lane none.
        const __m512i u = _mm512_cvtepu16_epi32(loadUnits(p, BigEndian));
        const __m512i next = _mm512_cvtepu16_epi32(loadUnits(p + 2, BigEndian));
        const __m512i half = _mm512_and_si512(u, halfMask);
        const __mmask16 high = _mm512_cmpeq_epi32_mask(half, highHalves);
        const __mmask16 low = _mm512_cmpeq_epi32_mask(half, lowHalves);
        // Each low half right after a high one, each high one right before a low one.
        if (unsigned(low) != ((unsigned(high) << 1 | highCarry) & 0xFFFF))
            return nullptr;
        highCarry = unsigned(high) >> 15;
        const __m512i x = _mm512_mask_add_epi32(
            u, high, _mm512_add_epi32(_mm512_slli_epi32(u, 10), next), pairOffset);
        const __m512i last = _mm512_ternarylogic_epi32(x, low6, cont, 0xEA);
        const __m512i middle = _mm512_ternarylogic_epi32(_mm512_srli_epi32(x, 6), low6, cont, 0xEA);
        const __m512i second =
            _mm512_ternarylogic_epi32(_mm512_srli_epi32(x, 12), low6, cont, 0xEA);
        // lead | b << 8 (| c << 16 | d << 24): 0xFE is a | b | c.
        const __m512i two = _mm512_ternarylogic_epi32(_mm512_srli_epi32(u, 6), lead2,
                                                      _mm512_slli_epi32(last, 8), 0xFE);
        const __m512i three =
            _mm512_or_si512(_mm512_ternarylogic_epi32(_mm512_srli_epi32(u, 12), lead3,
                                                      _mm512_slli_epi32(middle, 8), 0xFE),
                            _mm512_slli_epi32(last, 16));
        const __m512i four = _mm512_ternarylogic_epi32(
            _mm512_ternarylogic_epi32(_mm512_srli_epi32(x, 18), lead4, _mm512_slli_epi32(second, 8),
                                      0xFE),
            _mm512_slli_epi32(middle, 16), _mm512_slli_epi32(last, 24), 0xFE);
        const __mmask16 atLeast2 = _mm512_cmpge_epu32_mask(u, _mm512_set1_epi32(0x80));
        const __mmask16 atLeast3 = _mm512_cmpge_epu32_mask(u, _mm512_set1_epi32(0x800));
        __m512i forms = _mm512_mask_mov_epi32(u, atLeast2, two);
        forms = _mm512_mask_mov_epi32(forms, atLeast3, three);
        forms = _mm512_mask_mov_epi32(forms, high, four);
        __m512i keep = _mm512_mask_mov_epi32(keep1, atLeast2, keep2);
        keep = _mm512_mask_mov_epi32(keep, atLeast3, keep3);
        keep = _mm512_mask_mov_epi32(keep, high, keep4);
        keep = _mm512_maskz_mov_epi32(__mmask16(~low), keep);
        const __mmask64 bytes = _mm512_movepi8_mask(keep);
        _mm512_storeu_si512(o, _mm512_maskz_compress_epi8(bytes, forms));
        __builtin_prefetch(o + kUtf16PrefetchAhead, 1);
        o += std::popcount(std::uint64_t(bytes));
        p += 32;
    }
    if (highCarry != 0) { // the low half of a pair converted above
        if (end - p < 2)  // (the loop stops with 64 bytes left, so this cannot happen)
            return nullptr;
        const char16_t u = unitAt(p, BigEndian);
        if (u < 0xDC00 || u > 0xDFFF)
            return nullptr;
        p += 2;
    }
    while (p != end)
        if (!utf16CharToUtf8(p, end, o, BigEndian))
            return nullptr;
    return o;
}

} // namespace

char* utf8ToUtf16UnitsAvx512(const std::uint8_t* p, const std::uint8_t* end, char* out,
                             bool bigEndian) noexcept {
    return bigEndian ? utf8ToUtf16<true>(p, end, out) : utf8ToUtf16<false>(p, end, out);
}

std::uint8_t* utf16ToUtf8BytesAvx512(const std::uint8_t* p, const std::uint8_t* end,
                                     std::uint8_t* out, bool bigEndian) noexcept {
    return bigEndian ? utf16ToUtf8<true>(p, end, out) : utf16ToUtf8<false>(p, end, out);
}

} // namespace u8convert::detail

#endif
