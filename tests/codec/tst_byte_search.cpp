// Find in the window searches bytes: hex patterns parse exactly, and matches are found at the
// right offsets in both directions, across the edges of the chunks the search reads.
#include "u8codec/byte_search.h"
#include "u8test/files.h"
#include "u8test/harness.h"

#include <algorithm>
#include <atomic>
#include <random>
#include <string>

using namespace u8codec;

namespace {

std::vector<std::uint8_t> bytesOf(std::initializer_list<int> list) {
    std::vector<std::uint8_t> v;
    for (int b : list)
        v.push_back(std::uint8_t(b));
    return v;
}

// Every match start, by brute force: the reference the chunked search is checked against.
std::vector<std::uint64_t> naiveMatches(const std::vector<std::uint8_t>& hay,
                                        const std::vector<std::uint8_t>& needle) {
    std::vector<std::uint64_t> out;
    for (std::size_t i = 0; i + needle.size() <= hay.size(); ++i)
        if (std::equal(needle.begin(), needle.end(), hay.begin() + std::ptrdiff_t(i)))
            out.push_back(i);
    return out;
}

struct PatternRow {
    const char* name;
    std::string text;
    std::string bytes; // empty: an error is expected
};

using u8test::stringOf;

TEST_CASE("hex patterns parse exactly, and what is not one is refused with a reason") {
    const PatternRow rows[] = {
        {"spaced", "E2 82 AC", "\xE2\x82\xAC"},
        {"packed lower", "e282ac", "\xE2\x82\xAC"},
        {"commas", "E2,82,AC", "\xE2\x82\xAC"},
        {"0x prefixes", "0xE2 0x82 0xAC", "\xE2\x82\xAC"},
        {"backslash x", "\\xE2\\x82\\xAC", "\xE2\x82\xAC"},
        {"zero byte", "00 41", std::string("\x00\x41", 2)},
        {"odd digits", "E2 8", ""},
        {"split byte", "E 2", ""},
        {"not hex", "E2 G0", ""},
        {"empty", "   ", ""},
    };
    for (const PatternRow& row : rows) {
        SUBCASE(row.name) {
            const auto p = parseHexPattern(row.text);
            if (row.bytes.empty()) {
                REQUIRE(!p.ok());
                CHECK(p.error().code == ErrorCode::Invalid);
                CHECK(!p.message().empty());
            } else {
                INFO(p.message());
                REQUIRE(p.ok());
                CHECK(stringOf(*p) == row.bytes);
            }
        }
    }
}

// What people copy as hex, pasted: the pattern forms, and a C array (Copy as C Array).
TEST_CASE("pasted hex: the pattern forms and a C array") {
    const PatternRow rows[] = {
        {"spaced", "E2 82 AC", "\xE2\x82\xAC"},
        {"packed", "e282ac\n", "\xE2\x82\xAC"},
        {"escapes", "\\xE2\\x82\\xAC", "\xE2\x82\xAC"},
        {"0x and commas", "0xE2, 0x82, 0xAC,", "\xE2\x82\xAC"},
        {"C array", "const unsigned char bytes[] = { 0xE2, 0x82, 0xAC };", "\xE2\x82\xAC"},
        {"C array, lines", "const unsigned char b[] = {\n    0x41, 0x00,\n};\n",
         std::string("\x41\x00", 2)},
        {"braces only", "{0x41}", "A"},
        {"text after the brace", "{0x41} x", ""},
        {"prose", "hello", ""},
        {"empty braces", "{ }", ""},
    };
    for (const PatternRow& row : rows) {
        SUBCASE(row.name) {
            const auto p = parseHexPaste(row.text);
            REQUIRE(p.ok() == !row.bytes.empty());
            if (p.ok())
                CHECK(stringOf(*p) == row.bytes);
            else
                CHECK(!p.message().empty());
        }
    }
}

// A pattern placed at every offset around a chunk edge is found there, forward and backward.
TEST_CASE("a match is found across the edges of the chunks the search reads") {
    std::vector<std::uint64_t> offsets{0};
    for (int d = -4; d <= 2; ++d)
        offsets.push_back(std::uint64_t(std::int64_t(kSearchChunkSize) + d));
    for (const std::uint64_t at : offsets) {
        SUBCASE(("at " + std::to_string(at)).c_str()) {
            std::vector<std::uint8_t> hay(2 * kSearchChunkSize + 100, 'a');
            const auto needle = bytesOf({0xF0, 0x9F, 0x98, 0x80});
            std::copy(needle.begin(), needle.end(), hay.begin() + std::ptrdiff_t(at));
            const MemorySource src(hay);
            CHECK(findForward(src, needle, 0) == std::optional<std::uint64_t>(at));
            CHECK(findBackward(src, needle, src.size()) == std::optional<std::uint64_t>(at));
            CHECK(findForward(src, needle, at + 1) == std::nullopt);
            CHECK(findBackward(src, needle, at) == std::nullopt);
            // The match overlaps exactly the 4 bytes [at, at + 4).
            CHECK(findAllOverlapping(src, needle, at + 3, at + 4) ==
                  std::vector<std::uint64_t>{at});
            CHECK(findAllOverlapping(src, needle, at + 4, src.size()).empty());
        }
    }
}

// Random bytes over a small alphabet give many (overlapping) matches; every search agrees with
// the brute-force reference.
TEST_CASE("every search agrees with brute force on many overlapping matches") {
    std::mt19937 rng(7);
    std::vector<std::uint8_t> hay(kSearchChunkSize + kSearchChunkSize / 2);
    for (auto& b : hay)
        b = std::uint8_t(0xE0 + rng() % 3);
    const auto needle = bytesOf({0xE0, 0xE1, 0xE0, 0xE1, 0xE2, 0xE0, 0xE1});
    const auto all = naiveMatches(hay, needle);
    REQUIRE(all.size() > 10);
    const MemorySource src(hay);
    // Forward from 0 walks every match in order.
    std::vector<std::uint64_t> walked;
    for (auto m = findForward(src, needle, 0); m; m = findForward(src, needle, *m + 1))
        walked.push_back(*m);
    CHECK(walked == all);
    std::vector<std::uint64_t> back;
    for (auto m = findBackward(src, needle, src.size()); m; m = findBackward(src, needle, *m))
        back.push_back(*m);
    std::reverse(back.begin(), back.end());
    CHECK(back == all);
    CHECK(findAllOverlapping(src, needle, 0, src.size(), all.size() + 1) == all);
    // The cap is honoured.
    CHECK(findAllOverlapping(src, needle, 0, src.size(), 3).size() == 3);
}

TEST_CASE("overlapping matches, and the bounds of the range searched") {
    const MemorySource src(bytesOf({'A', 'A', 'A'}));
    const auto aa = bytesOf({'A', 'A'});
    CHECK(findAllOverlapping(src, aa, 0, 3) == std::vector<std::uint64_t>{0, 1});
    CHECK(findForward(src, aa, 2) == std::nullopt); // only one byte left
    CHECK(findForward(src, aa, 0, 1) == std::optional<std::uint64_t>(0));
    CHECK(findBackward(src, aa, 1) == std::optional<std::uint64_t>(0));
    CHECK(findForward(src, std::vector<std::uint8_t>{}, 0) == std::nullopt);
    CHECK(findForward(src, bytesOf({'A', 'A', 'A', 'A'}), 0) == std::nullopt);
    const MemorySource empty(std::vector<std::uint8_t>{});
    CHECK(findBackward(empty, aa, 0) == std::nullopt);
}

TEST_CASE("a search stops when it is cancelled") {
    std::vector<std::uint8_t> hay(3 * kSearchChunkSize, 'a');
    hay.back() = 'b';
    const MemorySource src(hay);
    std::atomic<bool> stop{true};
    CHECK(findForward(src, bytesOf({'b'}), 0, UINT64_MAX, &stop) == std::nullopt);
    stop = false;
    CHECK(findForward(src, bytesOf({'b'}), 0, UINT64_MAX, &stop) ==
          std::optional<std::uint64_t>(hay.size() - 1));
}

} // namespace
