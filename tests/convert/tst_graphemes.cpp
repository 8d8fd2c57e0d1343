// Grapheme clusters (UAX #29) against Unicode's own test file, GraphemeBreakTest.txt (the
// unicode-data package): every boundary of every line, the whole text and fed in pieces.
#include "u8codec/encoder.h"
#include "u8convert/graphemes.h"
#include "u8test/files.h"
#include "u8test/harness.h"
#include "u8test/text.h"

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

using u8convert::GraphemeBreaks;
using u8convert::GraphemeCounter;

namespace {

// One test line: the text in UTF-8 and the byte offsets where its clusters end.
struct BreakCase {
    std::string utf8;
    std::vector<std::size_t> ends;
    std::string line;
};

using u8test::trimmed;

// "÷ 0020 × 0308 ÷ 0020 ÷	#  ..." : ÷ a boundary, × none, between hexadecimal code points.
std::vector<BreakCase> readBreakTest(const std::string& path) {
    std::vector<BreakCase> cases;
    const std::optional<std::string> text = u8test::readFile(path);
    if (!text)
        return cases;
    std::istringstream in(*text);
    for (std::string raw; std::getline(in, raw);) {
        const std::string line = trimmed(raw);
        const std::string rule = trimmed(line.substr(0, line.find('#')));
        if (rule.empty())
            continue;
        BreakCase c;
        c.line = line;
        std::istringstream fields(rule);
        for (std::string field; fields >> field;) {
            if (field == "\u00F7") {
                if (!c.utf8.empty())
                    c.ends.push_back(c.utf8.size());
            } else if (field != "\u00D7") {
                u8codec::appendUtf8(char32_t(std::stoul(field, nullptr, 16)), c.utf8);
            }
        }
        cases.push_back(std::move(c));
    }
    return cases;
}

std::span<const std::uint8_t> bytesOf(std::string_view s) {
    return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

// Unicode's test lines (Qt Test's initTestCase read them once; each test case that needs them
// reads them here, and skips when the file is absent).
const std::vector<BreakCase>& breakCases() {
    static const std::vector<BreakCase> cases =
        readBreakTest(std::string(U8SCOPE_UNICODE_DATA_DIR) + "/auxiliary/GraphemeBreakTest.txt");
    return cases;
}

constexpr const char* kNoTestFile =
    "GraphemeBreakTest.txt is not installed (Debian package unicode-data)";

TEST_CASE("every line of Unicode's GraphemeBreakTest.txt") {
    const auto& cases = breakCases();
    if (cases.empty())
        U8TEST_SKIP(kNoTestFile);
    REQUIRE(cases.size() > 500);
    GraphemeBreaks breaks;
    int failed = 0;
    for (const BreakCase& c : cases) {
        if (breaks.ends(c.utf8) != c.ends) {
            std::printf("boundaries differ: %s\n", c.line.c_str());
            ++failed;
        }
    }
    CHECK(failed == 0);
}

// The counter gives the whole text's count however the bytes arrive: each test line one byte,
// three bytes and all at once, and all the lines run together (a line feed after each) in
// pieces of 1, 5 and 4096 bytes.
TEST_CASE("the counter gives the whole text's count however the bytes arrive") {
    const auto& cases = breakCases();
    if (cases.empty())
        U8TEST_SKIP(kNoTestFile);
    REQUIRE(cases.size() > 500);
    std::string all;
    for (const BreakCase& c : cases) {
        for (std::size_t piece : {std::size_t(1), std::size_t(3), c.utf8.size()}) {
            GraphemeCounter counter;
            for (std::size_t i = 0; i < c.utf8.size(); i += piece)
                counter.feed(bytesOf(std::string_view(c.utf8).substr(i, piece)));
            INFO(c.line, " in pieces of ", piece);
            REQUIRE(counter.finish() == std::uint64_t(c.ends.size()));
        }
        all += c.utf8;
        all += '\n';
    }
    GraphemeBreaks breaks;
    const std::uint64_t expected = breaks.ends(all).size();
    // Lines that end with a CR join the line feed after them (GB3): fewer than lines + 1 each.
    REQUIRE(expected > cases.size() * 2);
    for (std::size_t piece : {std::size_t(1), std::size_t(5), std::size_t(4096)}) {
        GraphemeCounter counter;
        for (std::size_t i = 0; i < all.size(); i += piece)
            counter.feed(bytesOf(std::string_view(all).substr(i, piece)));
        INFO("pieces of ", piece);
        CHECK(counter.finish() == expected);
    }
}

// Memory is bounded (issue 32): a stretch past GraphemeCounter::kMaxStretch is counted as the
// break iterator counts it (Hangul syllables, regional indicators: clusters without a sure
// boundary between them), and one cluster that long is counted once, not held.
TEST_CASE("long stretches are counted in bounded memory") {
    const auto count = [](const std::string& text, std::uint64_t* tooLong = nullptr) {
        GraphemeCounter counter;
        for (std::size_t i = 0; i < text.size(); i += 4096)
            counter.feed(bytesOf(std::string_view(text).substr(i, 4096)));
        const std::uint64_t n = counter.finish();
        if (tooLong)
            *tooLong = counter.longClusters();
        return n;
    };
    for (const std::string_view unit : {std::string_view("\xEA\xB0\x80"),        // U+AC00
                                        std::string_view("\xF0\x9F\x87\xAB")}) { // RI F
        std::string text;
        while (text.size() < 3 * GraphemeCounter::kMaxStretch)
            text += unit;
        GraphemeBreaks breaks;
        std::uint64_t tooLong = 1;
        INFO(u8test::hexOf(unit));
        CHECK(count(text, &tooLong) == std::uint64_t(breaks.ends(text).size()));
        CHECK(tooLong == std::uint64_t(0));
    }
    // A consonant after a virama joins the cluster in ICU (Indic conjuncts, GB9c): the
    // counter takes no sure boundary there (fuzz_graphemes_fast found it counting two).
    for (const std::string& conjunct : {std::string("\xE0\xA4\x95\xE0\xA5\x8D\xE0\xA4\x95"),
                                        std::string("\xE2\x80\xA9\xE0\xA4\x95\xE0\xA5\x8D"
                                                    "\xE0\xA4\x95 x")}) {
        GraphemeBreaks breaks;
        INFO(u8test::hexOf(conjunct));
        CHECK(count(conjunct) == std::uint64_t(breaks.ends(conjunct).size()));
    }
    std::string marks = "e";
    while (marks.size() < 2 * GraphemeCounter::kMaxStretch)
        marks += "\xCC\x81"; // U+0301
    std::uint64_t tooLong = 0;
    CHECK(count(marks + "x\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9 e", &tooLong) ==
          std::uint64_t(5)); // the long one, x, the family, space, e
    CHECK(tooLong == std::uint64_t(1));
}

// What the window and the walk-through show: e + U+0301, a family emoji, a flag and a keycap
// are one cluster each; ill-formed bytes one each (one U+FFFD per maximal subpart), a mark
// after them joining the last.
TEST_CASE("the clusters people see") {
    GraphemeBreaks breaks;
    const std::string text = "e\xCC\x81"                                    // é decomposed
                             "\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA9" // 👩‍👩
                             "\xE2\x80\x8D\xF0\x9F\x91\xA7"                 // ‍👧
                             "\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7"             // 🇫🇷
                             "1\xEF\xB8\x8F\xE2\x83\xA3"                    // 1️⃣
                             "\xE1\x84\x80\xE1\x85\xA1\xE1\x86\xA8";        // 각 in jamo
    CHECK(breaks.ends(text) == std::vector<std::size_t>{3, 21, 29, 36, 45});
    CHECK(breaks.ends("a\xC3\x28\xE2\x82"
                      "b\xCC\x81") == std::vector<std::size_t>{1, 2, 3, 5, 8});
    CHECK(breaks.ends("").empty());
}

// A cluster as "offset+length/code points", for messages.
std::string spanText(const u8convert::ClusterSpan& c) {
    return std::to_string(c.offset) + "+" + std::to_string(c.length) + "/" +
           std::to_string(c.codePoints);
}

std::vector<std::string> spansText(const std::vector<u8convert::ClusterSpan>& spans) {
    std::vector<std::string> out;
    for (const auto& c : spans)
        out.push_back(spanText(c));
    return out;
}

// The clusters around a range of a source, as the panes ask for them: their bytes and code
// points, the same wherever the range starts (ASCII before it or not, near the start or far
// into a text with no ASCII at all).
TEST_CASE("the clusters around a range of a source") {
    GraphemeBreaks breaks;
    const std::string text = "ab e\xCC\x81\r\n\xFF\x80!";
    const u8codec::MemorySource source(std::vector<std::uint8_t>(text.begin(), text.end()));
    using u8convert::ClusterSpan;
    CHECK(spansText(u8convert::clustersIn(source, 4, 5, breaks)) ==
          spansText(std::vector<ClusterSpan>{{3, 3, 2}}));
    CHECK(spansText(u8convert::clustersIn(source, 5, 10, breaks)) ==
          spansText(std::vector<ClusterSpan>{{3, 3, 2}, {6, 2, 2}, {8, 1, 1}, {9, 1, 1}}));
    CHECK(u8convert::clustersIn(source, 11, 20, breaks).empty());

    // 1,000 Cyrillic letters, each followed by U+0301: every cluster is 4 bytes, 2 code
    // points, wherever the range falls.
    std::string cyrillic;
    for (int i = 0; i < 1000; ++i)
        cyrillic += "\xD0\xB0\xCC\x81";
    const u8codec::MemorySource marks(std::vector<std::uint8_t>(cyrillic.begin(), cyrillic.end()));
    for (std::uint64_t from : {0, 1, 2, 3, 517, 2999, 3998}) {
        INFO("from ", from);
        const auto clusters = u8convert::clustersIn(marks, from, from + 9, breaks);
        REQUIRE(!clusters.empty());
        CHECK(clusters.front().offset == from / 4 * 4);
        for (const ClusterSpan& c : clusters) {
            INFO(spanText(c));
            REQUIRE(c.offset % 4 == std::uint64_t(0));
            REQUIRE(c.length == std::uint64_t(4));
            REQUIRE(c.codePoints == std::uint32_t(2));
        }
    }
}

} // namespace
