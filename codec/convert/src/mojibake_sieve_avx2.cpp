// The AVX2 kernel of the mojibake sieve (mojibake_sieve_kernel.h).
#include "mojibake_sieve.h"

#if defined(U8CODEC_SIEVE_AVX2)

#define U8CODEC_SIEVE_TARGET U8CODEC_FEATURES_AVX2
#define U8CODEC_SIEVE_512 0
#include "mojibake_sieve_kernel.h"

namespace u8convert::detail {
using namespace u8codec;

U8CODEC_TARGET(U8CODEC_FEATURES_AVX2)
const std::uint8_t* nextRepairStartAvx2(const std::uint8_t* from, const std::uint8_t* end,
                                        SieveRule rule, RepairStartSieve::Window& w) noexcept {
    return rule.lost != 0 ? sieveWith<true>(from, end, rule, w)
                          : sieveWith<false>(from, end, rule, w);
}

} // namespace u8convert::detail

#endif
