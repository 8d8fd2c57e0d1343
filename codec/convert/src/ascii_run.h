// Library-internal: skipping ASCII in the hot loops of the repairs (mojibake run finder and
// sieve, normal-form check), where runs are a few bytes long. Inline, so a short run costs a
// load and a mask, not a call; the codec's asciiRunLength() is the dispatched form for long runs.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace u8convert::detail {

// The first byte at or after p that is not ASCII (80-FF), or end; 16 bytes at a time.
[[nodiscard]] inline const std::uint8_t* nextNonAscii(const std::uint8_t* p,
                                                      const std::uint8_t* end) noexcept {
#if defined(__SSE2__)
    while (end - p >= 16) {
        const int mask = _mm_movemask_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
        if (mask != 0)
            return p + __builtin_ctz(unsigned(mask));
        p += 16;
    }
#endif
    while (p != end && *p < 0x80)
        ++p;
    return p;
}

// Bit i set when p[i] (i < n, n <= 64) is C0-FF: in well-formed text, where a character of two
// or more bytes starts (its lead, RFC 3629 section 3). Reads p[0..n-1]. A loop over these bits
// visits the non-ASCII characters of 64 bytes with one unpredictable branch per block, where
// skipping ASCII runs one by one costs one per run.
[[nodiscard]] inline std::uint64_t multiByteStarts(const std::uint8_t* p, std::size_t n) noexcept {
    std::uint64_t m = 0;
#if defined(__SSE2__)
    if (n == 64) {
        for (int i = 0; i < 4; ++i) {
            const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i));
            // Bit 7 of v + v is bit 6 of v: both set is C0-FF.
            m |= std::uint64_t(unsigned(_mm_movemask_epi8(_mm_and_si128(v, _mm_add_epi8(v, v)))))
                 << (16 * i);
        }
        return m;
    }
#endif
    for (std::size_t i = 0; i < n; ++i)
        m |= std::uint64_t(p[i] >= 0xC0) << i;
    return m;
}

} // namespace u8convert::detail
