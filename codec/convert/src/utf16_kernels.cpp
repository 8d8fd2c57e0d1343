// The portable UTF-8 <-> UTF-16 kernels and the choice between them and the AVX2 ones.
#include "utf16_kernels.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace u8convert::detail {
using namespace u8codec;

bool utf16KernelSupported(Isa k) noexcept {
    switch (k) {
    case Isa::Portable:
        return true;
    case Isa::Avx2:
    case Isa::Avx512:
#if defined(U8CODEC_UTF16_AVX2)
        return cpuRuns(k);
#else
        return false;
#endif
    case Isa::Auto:
    case Isa::Sse2:
        return false; // not a kernel of this family: bestUtf16Kernel() chooses
    }
    return false;
}

Isa bestUtf16Kernel() noexcept {
    static const Isa best = utf16KernelSupported(Isa::Avx512) ? Isa::Avx512
                            : utf16KernelSupported(Isa::Avx2) ? Isa::Avx2
                                                              : Isa::Portable;
    return best;
}

namespace {

char* utf8ToUtf16UnitsPortable(const std::uint8_t* p, const std::uint8_t* end, char* o,
                               bool bigEndian) noexcept {
    while (p != end) {
#if defined(__SSE2__)
        // Runs of ASCII: 16 bytes widen to 16 code units in two stores.
        const __m128i zero = _mm_setzero_si128();
        while (end - p >= 16) {
            const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
            const int mask = _mm_movemask_epi8(v);
            const __m128i lo = bigEndian ? _mm_unpacklo_epi8(zero, v) : _mm_unpacklo_epi8(v, zero);
            const __m128i hi = bigEndian ? _mm_unpackhi_epi8(zero, v) : _mm_unpackhi_epi8(v, zero);
            _mm_storeu_si128(reinterpret_cast<__m128i*>(o), lo);
            _mm_storeu_si128(reinterpret_cast<__m128i*>(o + 16), hi);
            if (mask != 0) {
                // All 16 were written; the units past the first non-ASCII byte are overwritten.
                const int ascii = __builtin_ctz(unsigned(mask));
                p += ascii;
                o += 2 * ascii;
                break;
            }
            p += 16;
            o += 32;
        }
        if (p == end)
            break;
#endif
        // Characters one by one up to the next ASCII byte (non-Latin text stays here).
        do {
            if (!utf8CharToUtf16(p, end, o, bigEndian))
                return nullptr;
        } while (p != end && *p >= 0x80);
    }
    return o;
}

std::uint8_t* utf16ToUtf8BytesPortable(const std::uint8_t* p, const std::uint8_t* end,
                                       std::uint8_t* o, bool bigEndian) noexcept {
    while (p != end) {
#if defined(__SSE2__)
        const __m128i highBits = _mm_set1_epi16(short(0xFF80));
        while (end - p >= 16) {
            __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
            if (bigEndian)
                v = _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8));
            const int ascii =
                _mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(v, highBits), _mm_setzero_si128()));
            // The 8 units packed to bytes (those past the first non-ASCII one are overwritten).
            _mm_storel_epi64(reinterpret_cast<__m128i*>(o), _mm_packus_epi16(v, v));
            if (ascii != 0xFFFF) {
                const int n = __builtin_ctz(unsigned(~ascii)) / 2;
                p += 2 * n;
                o += n;
                break;
            }
            p += 16;
            o += 8;
        }
        if (p == end)
            break;
#endif
        do {
            if (!utf16CharToUtf8(p, end, o, bigEndian))
                return nullptr;
        } while (p != end && unitAt(p, bigEndian) >= 0x80);
    }
    return o;
}

std::optional<std::uint64_t>
utf8LengthOfUtf16Portable(const std::uint8_t* p, const std::uint8_t* end, bool bigEndian) noexcept {
    std::uint64_t length = 0;
    bool highBefore = false;
    if (!addUtf8LengthOfUtf16(p, end, bigEndian, highBefore, length) || highBefore)
        return std::nullopt;
    return length;
}

} // namespace

char* utf8ToUtf16Units(Isa k, const std::uint8_t* p, const std::uint8_t* end, char* out,
                       bool bigEndian) noexcept {
#if defined(U8CODEC_UTF16_AVX2)
    if (k == Isa::Avx512)
        return utf8ToUtf16UnitsAvx512(p, end, out, bigEndian);
    if (k == Isa::Avx2)
        return utf8ToUtf16UnitsAvx2(p, end, out, bigEndian);
#endif
    (void)k;
    return utf8ToUtf16UnitsPortable(p, end, out, bigEndian);
}

std::uint8_t* utf16ToUtf8Bytes(Isa k, const std::uint8_t* p, const std::uint8_t* end,
                               std::uint8_t* out, bool bigEndian) noexcept {
#if defined(U8CODEC_UTF16_AVX2)
    if (k == Isa::Avx512)
        return utf16ToUtf8BytesAvx512(p, end, out, bigEndian);
    if (k == Isa::Avx2)
        return utf16ToUtf8BytesAvx2(p, end, out, bigEndian);
#endif
    (void)k;
    return utf16ToUtf8BytesPortable(p, end, out, bigEndian);
}

std::optional<std::uint64_t> utf8LengthOfUtf16(Isa k, const std::uint8_t* p,
                                               const std::uint8_t* end, bool bigEndian) noexcept {
#if defined(U8CODEC_UTF16_AVX2)
    if (k == Isa::Avx2 || k == Isa::Avx512)
        return utf8LengthOfUtf16Avx2(p, end, bigEndian);
#endif
    (void)k;
    return utf8LengthOfUtf16Portable(p, end, bigEndian);
}

} // namespace u8convert::detail
