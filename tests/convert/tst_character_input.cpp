// A character as a person names it (character_input.h): every named character in a sample comes
// back from its name (ICU's, and the codec's for controls); typed input is one character, U+XXXX
// or a name, and anything else is refused with the reason.
#include "u8codec/encode_steps.h"
#include "u8convert/audit.h"
#include "u8convert/character_input.h"
#include "u8test/harness.h"

using namespace u8codec;
using namespace u8convert;

namespace {

// Code points compared as numbers: doctest prints those.
std::uint32_t number(std::optional<char32_t> cp) {
    return std::uint32_t(cp.value_or(0));
}

// Every named character in a sample comes back from its name.
TEST_CASE("every named character in a sample comes back from its name") {
    int named = 0;
    for (char32_t cp = 0x20; cp <= 0x10FFFF; cp += cp < 0x3000 ? 7 : 331) {
        const std::string name = characterName(cp);
        if (name.empty() || name.front() == '<')
            continue;
        const auto back = codePointFromName(name);
        INFO(name);
        REQUIRE((back && *back == cp));
        ++named;
    }
    CHECK(named > 1000);
    CHECK(number(codePointFromName("euro sign")) == 0x20AC);
    CHECK(number(codePointFromName("<private use area-E000>")) == 0xE000);
    CHECK(!codePointFromName("EURO SIGNS"));
    CHECK(!codePointFromName(""));
}

TEST_CASE("typed input is one character, U+XXXX or a name; anything else is refused") {
    const auto read = [](std::string_view text) {
        const u8codec::Result<char32_t> cp = codePointFromInput(text);
        return std::uint32_t(cp ? *cp : char32_t(0));
    };
    CHECK(read(" U+00E9 ") == 0xE9);
    CHECK(read("\xC3\xA9") == 0xE9);
    CHECK(read("LATIN SMALL LETTER E WITH ACUTE") == 0xE9);
    CHECK(read("A") == 0x41);
    const auto cut = codePointFromInput("\xC3");
    REQUIRE(!cut);
    CHECK(cut.message().find("not valid UTF-8") != std::string::npos);
    CHECK(cut.failedWith(u8codec::ErrorCode::Invalid));
    const auto two = codePointFromInput("e\xCC\x81"); // two code points
    REQUIRE(!two);
    CHECK(two.message().find("neither one character") != std::string::npos);
    const auto blank = codePointFromInput("   ");
    REQUIRE(!blank);
    CHECK(blank.message() == std::string("Type a character, U+XXXX or a character's name."));
}

} // namespace
