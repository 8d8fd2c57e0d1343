// The instruction sets (u8codec/cpu_features.h): each set's features are what the CPU reports
// in /proc/cpuinfo, a name the library cannot ask about counts as absent, and no kernel names
// target features of its own instead of the sets' one definition.
#include "u8codec/cpu_features.h"
#include "u8test/files.h"
#include "u8test/harness.h"

#include <algorithm>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

using u8codec::Isa;

namespace {

// The feature flags of the first CPU in /proc/cpuinfo (Linux spells some with an underscore:
// avx512_vbmi2), empty where there is none to read.
std::vector<std::string> cpuinfoFlags() {
    const std::optional<std::string> cpuinfo = u8test::readFile("/proc/cpuinfo");
    if (!cpuinfo)
        return {};
    std::istringstream lines(*cpuinfo);
    for (std::string line; std::getline(lines, line);) {
        if (!line.starts_with("flags"))
            continue;
        std::string list = line.substr(line.find(':') + 1);
        std::erase(list, '_');
        std::vector<std::string> flags;
        std::istringstream words(list);
        for (std::string word; words >> word;)
            flags.push_back(word);
        return flags;
    }
    return {};
}

std::vector<std::string> splitAtCommas(std::string_view text) {
    std::vector<std::string> out;
    std::string cell;
    std::istringstream in{std::string(text)};
    while (std::getline(in, cell, ','))
        out.push_back(cell);
    return out;
}

TEST_CASE("each set's features are what the CPU reports") {
    const std::vector<std::string> flags = cpuinfoFlags();
    if (flags.empty())
        U8TEST_SKIP("no /proc/cpuinfo flags to compare with");
    const auto reported = [&](const std::string& feature) {
        return std::find(flags.begin(), flags.end(), feature) != flags.end();
    };
    for (const Isa isa : {Isa::Avx2, Isa::Avx512}) {
        const std::vector<std::string> features = splitAtCommas(u8codec::features(isa));
        REQUIRE(features.size() >= 2);
        bool all = true;
        for (const std::string& name : features) {
            REQUIRE_MESSAGE(u8codec::cpuHas(name) == reported(name), name);
            all = all && reported(name);
        }
        REQUIRE(u8codec::cpuRuns(isa) == all);
        REQUIRE(u8codec::cpuHas(u8codec::features(isa)) == all);
    }
}

TEST_CASE("a feature the library cannot ask about counts as absent") {
    REQUIRE(u8codec::cpuHas(""));
    REQUIRE(!u8codec::cpuHas("avx512fp64"));       // looks like one, is no feature at all
    REQUIRE(!u8codec::cpuHas("avx2,popcnt,sse5")); // one unknown name spoils the list
    REQUIRE((u8codec::cpuRuns(Isa::Portable) && u8codec::cpuRuns(Isa::Auto)));
    REQUIRE(u8codec::features(Isa::Portable).empty());
}

// AVX-512 kernels use AVX2 instructions too: the larger set holds the smaller one.
TEST_CASE("the sets nest: AVX-512's features hold AVX2's") {
    const std::string_view avx512 = u8codec::features(Isa::Avx512);
    REQUIRE(avx512.starts_with(u8codec::features(Isa::Avx2)));
    REQUIRE(avx512.find("avx512vl") != std::string_view::npos);
    REQUIRE(avx512.find("avx512vbmi,") != std::string_view::npos);
    REQUIRE((!u8codec::cpuRuns(Isa::Avx512) || u8codec::cpuRuns(Isa::Avx2)));
}

// A kernel that spelt its own target("...") could use a feature cpuRuns() never asked about.
TEST_CASE("no kernel names target features of its own") {
    const std::regex literal(R"re(target\s*\(\s*")re");
    int files = 0;
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(std::string(U8SCOPE_CODEC_DIR))) {
        const std::string extension = entry.path().extension().string();
        if (!entry.is_regular_file() || (extension != ".cpp" && extension != ".h"))
            continue;
        const std::string path = entry.path().string();
        const std::optional<std::string> text = u8test::readFile(path);
        REQUIRE_MESSAGE(text.has_value(), path);
        ++files;
        REQUIRE_MESSAGE(!std::regex_search(*text, literal), path);
    }
    REQUIRE(files > 50);
}

} // namespace
