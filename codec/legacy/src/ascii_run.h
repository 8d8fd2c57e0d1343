// Library-internal: skipping ASCII in the hot loops of the repairs (mojibake run finder and
// sieve, normal-form check), where runs are a few bytes long. Inline, so a short run costs a
// load and a mask, not a call; the codec's asciiRunLength() is the dispatched form for long runs.
#pragma once

#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace u8codec::detail {

// The first byte at or after p that is not ASCII (80-FF), or end; 16 bytes at a time.
inline const std::uint8_t* nextNonAscii(const std::uint8_t* p, const std::uint8_t* end) noexcept {
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

} // namespace u8codec::detail
