// Replays the committed seed corpus through the fuzz targets' checks with the normal compiler,
// so that every ctest run exercises them (the libFuzzer builds need clang and -DU8SCOPE_FUZZ=ON).
#include "fuzz_checks.h"
#include "u8test/files.h"
#include "u8test/harness.h"

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace {

using Check = std::string (*)(std::span<const std::uint8_t>);

// The seeds' file names, sorted, hidden files left out; the test fails when there are none.
std::vector<std::string> seedNames() {
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(U8SCOPE_FUZZ_SEEDS, ec)) {
        std::string name = entry.path().filename().string();
        if (entry.is_regular_file() && name.front() != '.')
            names.push_back(std::move(name));
    }
    std::sort(names.begin(), names.end());
    INFO("no seeds in " U8SCOPE_FUZZ_SEEDS);
    REQUIRE(!names.empty());
    return names;
}

// Each seed through `check`, one subcase per seed, named by its file.
void replaySeeds(Check check) {
    for (const std::string& name : seedNames()) {
        SUBCASE(name.c_str()) {
            const std::string data =
                u8test::readFileOrFail(std::string(U8SCOPE_FUZZ_SEEDS "/") + name);
            const std::string failure =
                check({reinterpret_cast<const std::uint8_t*>(data.data()), data.size()});
            INFO(failure);
            CHECK(failure.empty());
        }
    }
}

TEST_CASE("the seeds pass the segmenter's checks") {
    replaySeeds(u8fuzz::checkSegmenter);
}

TEST_CASE("the seeds pass the problems' checks") {
    replaySeeds(u8fuzz::checkProblems);
}

TEST_CASE("the seeds pass the repair's checks") {
    replaySeeds(u8fuzz::checkRepair);
}

TEST_CASE("the seeds pass the fast decode and scan checks") {
    replaySeeds(u8fuzz::checkDecodeScanFast);
}

TEST_CASE("the seeds pass the fast transcode checks") {
    replaySeeds(u8fuzz::checkTranscodeFast);
}

TEST_CASE("the seeds pass the audit's checks") {
    replaySeeds(u8fuzz::checkAudit);
}

TEST_CASE("the seeds pass the piece table's checks") {
    replaySeeds(u8fuzz::checkPieceTable);
}

TEST_CASE("the seeds pass the fast audit checks") {
    replaySeeds(u8fuzz::checkAuditFast);
}

TEST_CASE("the seeds pass the fast repair checks") {
    replaySeeds(u8fuzz::checkRepairFast);
}

TEST_CASE("the seeds pass the grapheme counter's checks") {
    replaySeeds(u8fuzz::checkGraphemesFast);
}

TEST_CASE("the seeds pass the allowlist parser's checks") {
    replaySeeds(u8fuzz::checkAllowlist);
}

TEST_CASE("the seeds pass the CLI argument parser's checks") {
    replaySeeds(u8fuzz::checkArguments);
}

TEST_CASE("the seeds pass the fast compare checks") {
    replaySeeds(u8fuzz::checkCompareFast);
}

TEST_CASE("every check passes on empty input") {
    CHECK(u8fuzz::checkSegmenter({}).empty());
    CHECK(u8fuzz::checkProblems({}).empty());
    CHECK(u8fuzz::checkRepair({}).empty());
    CHECK(u8fuzz::checkDecodeScanFast({}).empty());
    CHECK(u8fuzz::checkTranscodeFast({}).empty());
    CHECK(u8fuzz::checkAudit({}).empty());
    CHECK(u8fuzz::checkPieceTable({}).empty());
    CHECK(u8fuzz::checkAuditFast({}).empty());
    CHECK(u8fuzz::checkRepairFast({}).empty());
    CHECK(u8fuzz::checkGraphemesFast({}).empty());
    CHECK(u8fuzz::checkAllowlist({}).empty());
    CHECK(u8fuzz::checkArguments({}).empty());
    CHECK(u8fuzz::checkCompareFast({}).empty());
}

} // namespace
