// What the window needs from the codec to show the audit: a line in the order a reader sees it
// (UAX #9 through ICU), which characters draw nothing and their abbreviations (NameAliases.txt),
// and the ASCII a look-alike is drawn like (UTS #39 skeletons).
#include "u8codec/controls.h"
#include "u8convert/audit.h"
#include "u8convert/reading_order.h"
#include "u8test/harness.h"

#include <algorithm>
#include <string>

namespace {

std::vector<std::size_t> logicalIndexes(const u8convert::ReadingOrder& order) {
    std::vector<std::size_t> out;
    for (const auto& cell : order.cells)
        out.push_back(cell.logical);
    return out;
}

std::u32string shown(const u8convert::ReadingOrder& order) {
    std::u32string out;
    for (const auto& cell : order.cells)
        out += cell.shown;
    return out;
}

TEST_CASE("a plain line keeps its order") {
    const std::u32string line = U"int x = f(1); // done";
    const auto order = u8convert::readingOrder(line);
    CHECK(order.cells.size() == line.size());
    CHECK(!order.reordered());
    CHECK(!order.rightToLeft);
    CHECK(shown(order) == line);
}

// The commenting-out attack of Trojan Source: an RLO inside a comment and isolates make a
// reader see "/* begin admins only */ if (isAdmin) {" where the compiler reads a comment.
TEST_CASE("a Trojan Source line is shown reordered") {
    const std::u32string line = U"/*\u202E } \u2066if (isAdmin)\u2069 \u2066 begin admins only */";
    const auto order = u8convert::readingOrder(line);
    REQUIRE(order.cells.size() == line.size());
    CHECK(order.reordered());
    // Every character once.
    auto indexes = logicalIndexes(order);
    std::sort(indexes.begin(), indexes.end());
    for (std::size_t i = 0; i < indexes.size(); ++i)
        REQUIRE(indexes[i] == i);
    // What a reader sees, without the controls: the comment's words come before the code.
    std::u32string visible;
    for (const auto& cell : order.cells)
        if (!u8convert::isBidiControl(line[cell.logical]))
            visible += cell.shown;
    CHECK(visible == std::u32string(U"/* begin admins only */ if (isAdmin) { "));
    // The '}' under the override is displayed right to left, mirrored (UAX #9 rule L4).
    const auto brace = std::find_if(order.cells.begin(), order.cells.end(),
                                    [](const auto& c) { return c.logical == 4; });
    REQUIRE(brace != order.cells.end());
    CHECK(brace->level % 2 == 1);
    CHECK(std::uint32_t(brace->shown) == std::uint32_t('{'));
}

TEST_CASE("a right-to-left paragraph is shown last letter first") {
    // Hebrew first: a right-to-left paragraph (rules P2, P3), shown last letter first.
    const std::u32string line = U"\u05E9\u05DC\u05D5\u05DD (1)";
    const auto order = u8convert::readingOrder(line);
    CHECK(order.rightToLeft);
    CHECK(order.reordered());
    REQUIRE(!order.cells.empty());
    CHECK(order.cells.back().logical == std::size_t(0));
    // An empty line and a line beyond the BMP.
    CHECK(u8convert::readingOrder(U"").cells.empty());
    const auto emoji = u8convert::readingOrder(U"a\U0001F600b");
    CHECK(logicalIndexes(emoji) == std::vector<std::size_t>{0, 1, 2});
}

TEST_CASE("the bidi controls are known") {
    for (char32_t cp : {0x061Cu, 0x200Eu, 0x200Fu, 0x202Au, 0x202Bu, 0x202Cu, 0x202Du, 0x202Eu,
                        0x2066u, 0x2067u, 0x2068u, 0x2069u}) {
        INFO(u8test::codePointsOf(std::u32string(1, cp)));
        CHECK(u8convert::isBidiControl(cp));
    }
    for (char32_t cp : {0x41u, 0x05D0u, 0x200Bu, 0xFEFFu}) {
        INFO(u8test::codePointsOf(std::u32string(1, cp)));
        CHECK(!u8convert::isBidiControl(cp));
    }
}

struct NothingRow {
    const char* name;
    char32_t cp;
    bool nothing;
    const char* abbreviation;
};

TEST_CASE("what draws nothing, and its abbreviation") {
    const NothingRow rows[] = {
        {"A", 0x41u, false, ""},
        {"TAB: a control picture", 0x09u, false, "HT"},
        {"NEL", 0x85u, true, "NEL"},
        {"CSI", 0x9Bu, true, "CSI"},
        {"NBSP: drawn as a space", 0xA0u, false, "NBSP"},
        {"SHY", 0xADu, true, "SHY"},
        {"ZWSP", 0x200Bu, true, "ZWSP"},
        {"ZWJ", 0x200Du, true, "ZWJ"},
        {"RLO", 0x202Eu, true, "RLO"},
        {"PDI", 0x2069u, true, "PDI"},
        {"WJ", 0x2060u, true, "WJ"},
        {"BOM", 0xFEFFu, true, "BOM"},
        {"VS16", 0xFE0Fu, true, "VS16"},
        {"VS17", 0xE0100u, true, "VS17"},
        {"VS256", 0xE01EFu, true, "VS256"},
        {"FVS4", 0x180Fu, true, "FVS4"},
        {"Hangul filler", 0x3164u, true, ""},
        {"tag a", 0xE0061u, true, ""},
        {"line separator", 0x2028u, true, ""},
        {"Arabic number sign: drawn", 0x0600u, false, ""},
        {"Cyrillic EN", 0x041Du, false, ""},
    };
    for (const NothingRow& row : rows) {
        SUBCASE(row.name) {
            CHECK(u8convert::drawsNothing(row.cp) == row.nothing);
            CHECK(std::string(u8codec::abbreviation(row.cp)) == std::string(row.abbreviation));
        }
    }
}

TEST_CASE("the ASCII a look-alike is drawn like") {
    CHECK(u8convert::asciiLookalike(0x041D) == std::string("H"));
    CHECK(u8convert::asciiLookalike(0x0435) == std::string("e"));
    CHECK(u8convert::asciiLookalike(0x03BF) == std::string("o"));
    CHECK(u8convert::asciiLookalike('H').empty());    // ASCII itself
    CHECK(u8convert::asciiLookalike(0x4E00).empty()); // CJK ONE: no ASCII skeleton
    CHECK(u8convert::asciiLookalike(0x05D0).empty()); // HEBREW ALEF
}

} // namespace
