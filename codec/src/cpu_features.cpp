#include "u8codec/cpu_features.h"

#include <algorithm>
#include <thread>

namespace u8codec {

std::string_view name(Isa isa) noexcept {
    switch (isa) {
    case Isa::Auto:
        return "auto";
    case Isa::Portable:
        return "portable";
    case Isa::Sse2:
        return "sse2";
    case Isa::Avx2:
        return "avx2";
    case Isa::Avx512:
        return "avx512";
    }
    return "auto";
}

namespace {

struct Detected {
    bool sse2 = false;
    bool avx2 = false;
    bool avx512 = false;
};

// Read once: __builtin_cpu_supports asks CPUID (and whether the OS saves the vector registers).
Detected detect() noexcept {
    Detected d;
#if defined(__x86_64__)
    d.sse2 = true; // part of the x86-64 baseline
    d.avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
    d.avx512 = d.avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512vbmi2");
#endif
    return d;
}

} // namespace

bool cpuRuns(Isa isa) noexcept {
    static const Detected cpu = detect();
    switch (isa) {
    case Isa::Auto:
    case Isa::Portable:
        return true;
    case Isa::Sse2:
        return cpu.sse2;
    case Isa::Avx2:
        return cpu.avx2;
    case Isa::Avx512:
        return cpu.avx512;
    }
    return false;
}

unsigned cpuCores() noexcept {
    static const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    return cores;
}

} // namespace u8codec
