// The AVX-512 kernel of the mojibake sieve (mojibake_sieve_kernel.h): the AVX2 kernel with each
// window's bytes classified 64 at once (BW and VBMI).
#include "mojibake_sieve.h"

#if defined(U8CODEC_SIEVE_AVX2)

// GCC 12's AVX-512 intrinsics start some vectors from _mm512_undefined_*() (the `__Y` of its
// headers), which -Wmaybe-uninitialized reports once inlined; nothing here reads one.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#define U8CODEC_SIEVE_TARGET U8CODEC_FEATURES_AVX512
#define U8CODEC_SIEVE_512 1
#include "mojibake_sieve_kernel.h"

namespace u8convert::detail {
using namespace u8codec;

U8CODEC_TARGET(U8CODEC_FEATURES_AVX512)
const std::uint8_t* nextRepairStartAvx512(const std::uint8_t* from, const std::uint8_t* end,
                                          SieveRule rule, RepairStartSieve::Window& w) noexcept {
    return rule.lost != 0 ? sieveWith<true>(from, end, rule, w)
                          : sieveWith<false>(from, end, rule, w);
}

} // namespace u8convert::detail

#endif
