// The instruction sets the codec's vector kernels are written for, and which of them this CPU
// runs: detected once, here, for every kernel family (the scan and the well-formed check, the
// decoder, the UTF-16 conversions, the mojibake sieve, the audit's fast path). Each family says
// which sets it has kernels for and takes the best of those the CPU runs; tests and benchmarks
// force a set to prove every kernel gives the same answers.
#pragma once

#include <cstdint>
#include <string_view>

namespace u8codec {

enum class Isa : std::uint8_t {
    Auto,     // the best the family has for this CPU
    Portable, // standard C++ (64-bit words, tables)
    Sse2,     // x86-64's baseline vectors
    Avx2,     // AVX2 with POPCNT
    Avx512,   // AVX-512 F, BW and VBMI2
};

// "auto", "portable", "sse2", "avx2", "avx512".
std::string_view name(Isa isa) noexcept;

// Whether this CPU, and this build, can run code written for `isa` (Auto and Portable always).
bool cpuRuns(Isa isa) noexcept;

// How many cores the work of one call may be spread over (at least 1). Asked once: the C
// library reads /sys for it at every call, and the repair asks for each window of its input.
unsigned cpuCores() noexcept;

} // namespace u8codec
