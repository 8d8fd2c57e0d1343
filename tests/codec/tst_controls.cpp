// The control characters' rules (u8codec/controls.h): which code points are C0 and C1 controls,
// their Control Pictures, abbreviations and names, checked against Unicode's own data (ICU's
// general category and the Control Pictures block's names) rather than against the same tables.
#include "u8codec/controls.h"
#include "u8test/harness.h"

#include <string>
#include <string_view>
#include <unicode/uchar.h>

using namespace u8codec;

namespace {

// Every Cc code point is a C0 or C1 control here, and nothing else is (Unicode section 23.1).
TEST_CASE("the controls are exactly the code points of general category Cc") {
    for (char32_t c = 0; c < 0x3000; ++c) {
        const bool cc = u_charType(UChar32(c)) == U_CONTROL_CHAR;
        INFO(u8test::codePointsOf(std::u32string(1, c)));
        REQUIRE((isC0Control(c) || isC1Control(c)) == cc);
        REQUIRE(!(isC0Control(c) && isC1Control(c)));
    }
    REQUIRE(isC0Control(0x7F));
    REQUIRE(isC1Control(0x85));
    REQUIRE(!isC1Control(0xA0));
}

// The picture of control X is named "SYMBOL FOR X" in Unicode (U+2409 SYMBOL FOR HORIZONTAL
// TABULATION); only controls have one.
TEST_CASE("a C0 control's picture is the Control Pictures block's symbol for it") {
    for (char32_t c = 0; c < 0x100; ++c) {
        const char32_t picture = controlPicture(c);
        REQUIRE((picture != 0) == isC0Control(c));
        if (!picture)
            continue;
        char name[128];
        UErrorCode status = U_ZERO_ERROR;
        u_charName(UChar32(picture), U_UNICODE_CHAR_NAME, name, sizeof name, &status);
        REQUIRE(U_SUCCESS(status));
        REQUIRE_MESSAGE(std::string_view(name).starts_with("SYMBOL FOR "), name);
    }
    REQUIRE(controlPicture(0x09) == char32_t(0x2409));
    REQUIRE(controlPicture(0x7F) == char32_t(0x2421));
}

TEST_CASE("controls have abbreviations and names, and nothing else has a name") {
    REQUIRE(controlAbbreviation(0x00) == std::string_view("NUL"));
    REQUIRE(controlAbbreviation(0x1B) == std::string_view("ESC"));
    REQUIRE(controlAbbreviation(0x20) == std::string_view("SP"));
    REQUIRE(controlAbbreviation(0x7F) == std::string_view("DEL"));
    REQUIRE(controlAbbreviation(0x41).empty());
    REQUIRE(controlName(0x0A) == std::string_view("LINE FEED"));
    REQUIRE(controlName(0x7F) == std::string_view("DELETE"));
    REQUIRE(controlName(0x85) == std::string_view("NEXT LINE"));
    REQUIRE(controlName(0x9B) == std::string_view("CONTROL SEQUENCE INTRODUCER"));
    REQUIRE(controlName(0x20).empty());
    REQUIRE(controlName(0xA0).empty());
    // Every control has a name; nothing else has one here.
    for (char32_t c = 0; c < 0x100; ++c)
        REQUIRE(!controlName(c).empty() == (isC0Control(c) || isC1Control(c)));
}

} // namespace
