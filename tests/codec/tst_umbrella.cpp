// The umbrella header u8codec/codec.h: it compiles alone (this file includes nothing else of the
// codec), and it includes every public header of the library, so that a header added to
// codec/include/u8codec/ without it fails here.
#include "u8codec/codec.h"
#include "u8test/files.h"
#include "u8test/harness.h"

#include <algorithm>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

namespace {

// One name from each of a few headers, reached through the umbrella only.
TEST_CASE("the umbrella header compiles alone") {
    REQUIRE(u8codec::classify(0xC0) == u8codec::ByteClass::Invalid);
    const u8codec::MemorySource source(std::vector<std::uint8_t>{0xE2, 0x82, 0xAC});
    REQUIRE(source.size() == std::uint64_t(3));
    REQUIRE(u8codec::cpuRuns(u8codec::Isa::Portable));
}

// The error contract (result.h): a Status is ok until given an error; the code tells a cancel
// from a failure; the message is the error's, and empty (not read past) while ok.
TEST_CASE("results say why they failed, and nothing while ok") {
    const u8codec::Status done;
    REQUIRE(done.ok());
    REQUIRE(done.message().empty());
    REQUIRE(!done.failedWith(u8codec::ErrorCode::Cancelled));
    const u8codec::Status stopped{u8codec::ErrorCode::Cancelled, "cancelled"};
    REQUIRE(!stopped.ok());
    REQUIRE(stopped.failedWith(u8codec::ErrorCode::Cancelled));
    REQUIRE(!stopped.failedWith(u8codec::ErrorCode::Io));
    REQUIRE(stopped.message() == std::string("cancelled"));
    const u8codec::Result<int> value = 7;
    REQUIRE((value.ok() && *value == 7 && value.message().empty()));
    const u8codec::Result<int> refused{u8codec::ErrorCode::Invalid, "f.txt: not UTF-8"};
    REQUIRE(refused.failedWith(u8codec::ErrorCode::Invalid));
    REQUIRE(refused.message() == std::string("f.txt: not UTF-8"));
}

TEST_CASE("the umbrella header includes every public header") {
    const std::string headers = U8SCOPE_CODEC_HEADERS;
    const std::string umbrella = u8test::readFileOrFail(headers + "/codec.h");
    std::vector<std::string> included;
    // Qt's MultilineOption: ^ and $ at every line (ECMAScript's multiline).
    const std::regex include(R"re(^#include "u8codec/([a-z0-9_]+\.h)"$)re",
                             std::regex::ECMAScript | std::regex::multiline);
    for (auto it = std::sregex_iterator(umbrella.begin(), umbrella.end(), include);
         it != std::sregex_iterator(); ++it)
        included.push_back((*it)[1]);
    std::vector<std::string> expected;
    for (const auto& entry : std::filesystem::directory_iterator(headers))
        if (entry.is_regular_file() && entry.path().extension() == ".h" &&
            entry.path().filename() != "codec.h")
            expected.push_back(entry.path().filename().string());
    std::sort(expected.begin(), expected.end());
    REQUIRE(expected.size() > 10);
    std::sort(included.begin(), included.end());
    REQUIRE(included == expected);
}

} // namespace
