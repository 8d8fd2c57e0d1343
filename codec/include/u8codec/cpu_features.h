// The instruction sets the codec's vector kernels are written for, and which of them this CPU
// runs: detected once, here, for every kernel family (the scan and the well-formed check, the
// decoder, the UTF-16 conversions, the mojibake sieve, the audit's fast path). Each family says
// which sets it has kernels for and takes the best of those the CPU runs; tests and benchmarks
// force a set to prove every kernel gives the same answers.
#pragma once

#include <cstdint>
#include <string_view>

// The CPU features each set stands for, as GCC's and Clang's target attribute spells them: the
// one definition, which a kernel's attribute names (U8CODEC_TARGET) and cpuRuns() reads, so a
// kernel never uses a feature that was not checked. Every AVX-512 CPU since Ice Lake (and AMD's
// Zen 4) has all five AVX-512 parts; the UTF-16 kernels use VL and VBMI2, the mojibake sieve
// VBMI.
#define U8CODEC_FEATURES_AVX2 "avx2,popcnt"
#define U8CODEC_FEATURES_AVX512                                                                    \
    U8CODEC_FEATURES_AVX2 ",avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2"
#define U8CODEC_TARGET(features) __attribute__((target(features)))

namespace u8codec {

enum class Isa : std::uint8_t {
    Auto,     // the best the family has for this CPU
    Portable, // standard C++ (64-bit words, tables)
    Sse2,     // x86-64's baseline vectors
    Avx2,     // U8CODEC_FEATURES_AVX2: AVX2 with POPCNT
    Avx512,   // U8CODEC_FEATURES_AVX512: AVX-512 F, BW, VL, VBMI and VBMI2 with the above
};

// "auto", "portable", "sse2", "avx2", "avx512".
[[nodiscard]] std::string_view name(Isa isa) noexcept;

// The features `isa` stands for ("avx2,popcnt"; empty for Auto, Portable and Sse2, which need
// nothing beyond x86-64 itself or no vectors at all).
[[nodiscard]] std::string_view features(Isa isa) noexcept;

// Whether this CPU has every feature of `featureList` (comma-separated, as features() gives):
// false for a name this library does not know how to ask the CPU about.
[[nodiscard]] bool cpuHas(std::string_view featureList) noexcept;

// Whether this CPU, and this build, can run code written for `isa` (Auto and Portable always).
[[nodiscard]] bool cpuRuns(Isa isa) noexcept;

// How many cores the work of one call may be spread over (at least 1). Asked once: the C
// library reads /sys for it at every call, and the repair asks for each window of its input.
[[nodiscard]] unsigned cpuCores() noexcept;

} // namespace u8codec
