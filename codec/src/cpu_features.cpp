#include "u8codec/cpu_features.h"

#include <algorithm>
#include <array>
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

std::string_view features(Isa isa) noexcept {
    switch (isa) {
    case Isa::Avx2:
        return U8CODEC_FEATURES_AVX2;
    case Isa::Avx512:
        return U8CODEC_FEATURES_AVX512;
    case Isa::Auto:
    case Isa::Portable:
    case Isa::Sse2:
        break;
    }
    return {};
}

namespace {

struct Feature {
    std::string_view name;
    bool present = false;
};

// Every feature a set may name, asked once. __builtin_cpu_supports takes only a literal, so each
// is asked by name here; it reads CPUID and whether the OS saves the vector registers (XGETBV).
// A feature the sets name but this table lacks makes cpuHas() false, never true: the test
// tests/codec/tst_cpu_features.cpp holds the table to the sets.
const std::array<Feature, 7>& detected() noexcept {
#if defined(__x86_64__)
    static const std::array<Feature, 7> table = {{
        {"avx2", __builtin_cpu_supports("avx2") != 0},
        {"popcnt", __builtin_cpu_supports("popcnt") != 0},
        {"avx512f", __builtin_cpu_supports("avx512f") != 0},
        {"avx512bw", __builtin_cpu_supports("avx512bw") != 0},
        {"avx512vl", __builtin_cpu_supports("avx512vl") != 0},
        {"avx512vbmi", __builtin_cpu_supports("avx512vbmi") != 0},
        {"avx512vbmi2", __builtin_cpu_supports("avx512vbmi2") != 0},
    }};
#else
    static const std::array<Feature, 7> table{}; // no x86 features on another architecture
#endif
    return table;
}

bool hasFeature(std::string_view feature) noexcept {
    const auto& table = detected();
    const auto it = std::find_if(table.begin(), table.end(),
                                 [&](const Feature& f) { return f.name == feature; });
    return it != table.end() && it->present;
}

} // namespace

bool cpuHas(std::string_view featureList) noexcept {
    while (!featureList.empty()) {
        const std::size_t comma = featureList.find(',');
        if (!hasFeature(featureList.substr(0, comma)))
            return false;
        featureList.remove_prefix(comma == std::string_view::npos ? featureList.size() : comma + 1);
    }
    return true;
}

bool cpuRuns(Isa isa) noexcept {
    static const bool avx2 = cpuHas(features(Isa::Avx2));
    static const bool avx512 = cpuHas(features(Isa::Avx512));
    switch (isa) {
    case Isa::Auto:
    case Isa::Portable:
        return true;
    case Isa::Sse2:
#if defined(__x86_64__)
        return true; // part of the x86-64 baseline
#else
        return false;
#endif
    case Isa::Avx2:
        return avx2;
    case Isa::Avx512:
        return avx512;
    }
    return false;
}

unsigned cpuCores() noexcept {
    static const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    return cores;
}

} // namespace u8codec
