// Problems: error segments grouped as a naive RFC 2279 decoder reads them, and explained in words
// (problem.h). Key phrases are asserted, not whole sentences.
#include "codec_test_support.h"
#include "u8codec/problem.h"
#include "u8codec/scan.h"
#include "u8codec/segmenter.h"

#include <algorithm>
#include <random>
#include <string>
#include <vector>

using namespace u8codec;
using u8test::Bytes;

namespace {

std::vector<Problem> problemsOf(const Bytes& b) {
    std::vector<Problem> out;
    ProblemScanner s;
    auto sink = [&](const Problem& p) { out.push_back(p); };
    s.feed(u8test::view(b), sink);
    s.finish(sink);
    return out;
}

// The straightforward path: every segment from the Segmenter through onSegment(), which feed()'s
// window-at-a-time path must equal.
std::vector<Problem> problemsBySegment(const Bytes& b) {
    std::vector<Problem> out;
    ProblemScanner s;
    Segmenter segmenter;
    auto sink = [&](const Problem& p) { out.push_back(p); };
    auto each = [&](const Segment& seg, std::span<const std::uint8_t> bytes) {
        s.onSegment(seg, bytes, sink);
    };
    segmenter.feed(u8test::view(b), each);
    segmenter.finish(each);
    s.finish(sink);
    return out;
}

// feed() in pieces of the given sizes (repeated; 0: all at once).
std::vector<Problem> problemsInPieces(const Bytes& b, const std::vector<std::size_t>& sizes) {
    std::vector<Problem> out;
    ProblemScanner s;
    auto sink = [&](const Problem& p) { out.push_back(p); };
    const auto all = u8test::view(b);
    std::size_t at = 0;
    for (std::size_t k = 0; at < all.size(); ++k) {
        const std::size_t size = sizes.empty() || sizes[k % sizes.size()] == 0
                                     ? all.size() - at
                                     : std::min(sizes[k % sizes.size()], all.size() - at);
        s.feed(all.subspan(at, size), sink);
        at += size;
    }
    s.finish(sink);
    return out;
}

// The problems of the first `kept` pieces built by feed(), the rest only counted by count();
// returns the counts of all, by kind, and the built ones in `built`.
ProblemCounts countInPieces(const Bytes& b, const std::vector<std::size_t>& sizes, std::size_t kept,
                            std::vector<Problem>& built) {
    ProblemCounts counts{};
    ProblemScanner s;
    auto sink = [&](const Problem& p) {
        built.push_back(p);
        ++counts[std::size_t(p.kind)];
    };
    const auto all = u8test::view(b);
    std::size_t at = 0;
    for (std::size_t k = 0; at < all.size(); ++k) {
        const std::size_t size = sizes.empty() || sizes[k % sizes.size()] == 0
                                     ? all.size() - at
                                     : std::min(sizes[k % sizes.size()], all.size() - at);
        if (k < kept)
            s.feed(all.subspan(at, size), sink);
        else
            s.count(all.subspan(at, size), counts);
        at += size;
    }
    s.finish([&](const Problem& p) { ++counts[std::size_t(p.kind)]; });
    return counts;
}

std::string describe(const Problem& p) {
    char value[16];
    std::snprintf(value, sizeof value, "%x", unsigned(p.value));
    return std::to_string(p.offset) + "+" + std::to_string(p.length) + ":" +
           std::string(name(p.kind)) + " value " + value + " announced " +
           std::to_string(p.announcedLength) + " segments " + std::to_string(p.errorSegments) +
           " head " + hexBytes(p.headBytes());
}

bool sameProblem(const Problem& a, const Problem& b) {
    return a.offset == b.offset && a.length == b.length && a.kind == b.kind && a.value == b.value &&
           a.announcedLength == b.announcedLength && a.errorSegments == b.errorSegments &&
           a.headLength == b.headLength && a.head == b.head;
}

// `size` bytes of pieces drawn from `alphabet`.
Bytes drawn(std::mt19937& rng, const std::vector<Bytes>& alphabet, std::size_t size) {
    Bytes out;
    while (out.size() < size) {
        const Bytes& piece = alphabet[rng() % alphabet.size()];
        out.insert(out.end(), piece.begin(), piece.end());
    }
    out.resize(size);
    return out;
}

std::string kindName(ProblemKind k) {
    return std::string(name(k));
}

// The data of fastPathEqualsSegments: 20 to 23 kB from `source` (one of its rows), drawn with
// `seed`.
Bytes fastPathSample(int source, uint seed) {
    std::mt19937 rng(seed * 7919u + uint(source));
    const std::size_t size = 20000 + rng() % 3000;
    Bytes data;
    switch (source) {
    case 0: // uniformly random: a problem every three bytes or so
        data.resize(size);
        for (auto& b : data)
            b = std::uint8_t(rng());
        break;
    case 1: { // every lead a naive decoder reads on from, with continuation bytes after them
        std::vector<Bytes> alphabet = {{0x80}, {0xBF}, {0xA0}, {0x8F}, {0x41}, {0x0A}};
        for (int lead : {0xC0, 0xC1, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xF7, 0xF8, 0xFB, 0xFC, 0xFD,
                         0xFE, 0xFF, 0xC3, 0xE2, 0xF1})
            alphabet.push_back({std::uint8_t(lead)});
        data = drawn(rng, alphabet, size);
        break;
    }
    case 2: // CESU-8 pairs, lone halves and cut ones, at every offset around the windows
        data = drawn(rng,
                     {{0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80},
                      {0xED, 0xAF, 0xBF},
                      {0xED, 0xB0, 0x80},
                      {0xED, 0xA0},
                      {0x80},
                      {0x41},
                      {0xF4, 0x90, 0x80, 0x80},
                      {0xE0, 0x80, 0xAF}},
                     size);
        break;
    case 3: { // runs of continuation bytes longer than a window, between other problems
        for (std::size_t i = 0; data.size() < size; ++i) {
            data.insert(data.end(), std::size_t(rng() % 200), std::uint8_t(0x80 + rng() % 64));
            const std::uint8_t between[] = {0x41, 0xC0, 0xE2, 0xFE, 0xF8, 0xED};
            data.push_back(between[rng() % std::size(between)]);
        }
        data.resize(size);
        break;
    }
    default: // valid text with a damaged byte now and then
        data = drawn(rng,
                     {{'w', 'o', 'r', 'd', ' '},
                      {'\n'},
                      {0xC3, 0xA9},
                      {0xE2, 0x82, 0xAC},
                      {0xF0, 0x9F, 0x98, 0x80}},
                     size);
        for (int k = 0; k < 40; ++k)
            data[rng() % data.size()] = std::uint8_t(0x80 + rng() % 128);
        break;
    }
    return data;
}

struct SingleProblem {
    const char* name;
    const char* hexInput;
    const char* kind;
    std::uint32_t value;
    int errorSegments;
    std::vector<std::string> phrases; // each must be in the explanation
};

TEST_CASE("one problem: its kind, extent, value and the key phrases of its explanation") {
    const SingleProblem rows[] = {
        // RFC 3629 section 10: the overlong '/' that slipped past path checks.
        {"C0 AF overlong '/'",
         "C0 AF",
         "overlong",
         0x2F,
         2,
         {"C0 AF", "overlong 2-byte form", "U+002F", "'/'", "shortest form",
          "RFC 3629 section 10"}},
        {"E0 80 AF overlong '/'",
         "E0 80 AF",
         "overlong",
         0x2F,
         3,
         {"E0 80 AF", "overlong 3-byte form", "U+002F"}},
        {"F0 80 80 AF overlong '/'",
         "F0 80 80 AF",
         "overlong",
         0x2F,
         4,
         {"overlong 4-byte form", "U+002F"}},
        {"C0 80 overlong NUL", "C0 80", "overlong", 0, 2, {"U+0000", "Modified UTF-8"}},
        {"E0 9F BF overlong U+07FF", "E0 9F BF", "overlong", 0x7FF, 3, {"U+07FF", "2 bytes here"}},
        {"ED A0 80 surrogate U+D800",
         "ED A0 80",
         "surrogate",
         0xD800,
         3,
         {"ED A0 80", "U+D800", "high surrogate", "must not encode"}},
        {"ED BF BF surrogate U+DFFF",
         "ED BF BF",
         "surrogate",
         0xDFFF,
         3,
         {"U+DFFF", "low surrogate"}},
        {"ED A0 BD ED B8 80 CESU-8 pair",
         "ED A0 BD ED B8 80",
         "surrogate-pair",
         0x1F600,
         6,
         {"ED A0 BD ED B8 80", "surrogate pair", "D83D DE00", "CESU-8", "Modified UTF-8", "U+1F600",
          "F0 9F 98 80"}},
        {"ED A0 80 ED B0 80 CESU-8 U+10000",
         "ED A0 80 ED B0 80",
         "surrogate-pair",
         0x10000,
         6,
         {"D800 DC00", "U+10000", "F0 90 80 80"}},
        {"F4 90 80 80 beyond U+10FFFF",
         "F4 90 80 80",
         "too-large",
         0x110000,
         4,
         {"F4 90 80 80", "0x110000", "beyond U+10FFFF"}},
        {"F7 BF BF BF beyond U+10FFFF",
         "F7 BF BF BF",
         "too-large",
         0x1FFFFF,
         4,
         {"0x1FFFFF", "beyond U+10FFFF"}},
        {"F8 88 80 80 80 legacy 5-byte",
         "F8 88 80 80 80",
         "legacy-long-form",
         0x200000,
         5,
         {"F8 88 80 80 80", "5-byte form", "RFC 2279", "0x200000", "4 bytes"}},
        {"FC 84 80 80 80 80 legacy 6-byte",
         "FC 84 80 80 80 80",
         "legacy-long-form",
         0x4000000,
         6,
         {"FC 84 80 80 80 80", "6-byte form", "RFC 2279", "0x4000000"}},
        {"F8 80 80 80 AF legacy and overlong",
         "F8 80 80 80 AF",
         "legacy-long-form",
         0x2F,
         5,
         {"5-byte form", "overlong as well"}},
        {"E2 82 truncated euro",
         "E2 82",
         "truncated",
         0,
         1,
         {"E2 82", "3-byte sequence", "stops after 2 bytes", "1 continuation byte is missing"}},
        {"F0 9F truncated",
         "F0 9F",
         "truncated",
         0,
         1,
         {"4-byte sequence", "2 continuation bytes are missing"}},
        {"C2 at end", "C2", "truncated", 0, 1, {"2-byte sequence", "stops after 1 byte"}},
        {"stray 80", "80", "stray-continuation", 0, 1, {"80", "continuation byte", "no lead byte"}},
        {"stray run",
         "80 BF 80",
         "stray-continuation",
         0,
         3,
         {"3 continuation bytes", "80 BF 80", "no lead byte"}},
        {"FE", "FE", "never-valid-byte", 0, 1, {"FE", "never appears"}},
        {"FF", "FF", "never-valid-byte", 0, 1, {"FF", "never appears"}},
        {"C1 alone", "C1", "never-valid-byte", 0, 1, {"C1", "never appears", "overlong"}},
        {"F5 alone", "F5", "never-valid-byte", 0, 1, {"F5", "above U+10FFFF"}},
        {"F8 alone", "F8", "never-valid-byte", 0, 1, {"F8", "5-byte form", "RFC 2279"}},
    };
    for (const SingleProblem& row : rows) {
        SUBCASE(row.name) {
            const Bytes in = u8test::hex(row.hexInput);
            const auto problems = problemsOf(in);
            REQUIRE(problems.size() == std::size_t(1));
            const Problem& p = problems[0];
            REQUIRE(kindName(p.kind) == std::string(row.kind));
            REQUIRE(p.offset == std::uint64_t(0));
            REQUIRE(p.length == std::uint64_t(in.size()));
            REQUIRE(std::uint32_t(p.value) == row.value);
            REQUIRE(int(p.errorSegments) == row.errorSegments);
            const std::string text = explain(p);
            for (const std::string& phrase : row.phrases)
                REQUIRE_MESSAGE(text.find(phrase) != std::string::npos, "\"", phrase,
                                "\" not in: ", text);
        }
    }
}

TEST_CASE("sequences of problems: where each starts and ends, and its kind") {
    const struct {
        const char* name;
        const char* hexInput;
        const char* expected; // each expected problem as "offset+length:kind"
    } rows[] = {
        {"truncated, ASCII, strays, FE", "41 E2 82 41 80 80 FE",
         "1+2:truncated 4+2:stray-continuation 6+1:never-valid-byte"},
        {"surrogates apart are not a pair", "ED A0 80 41 ED B0 80", "0+3:surrogate 4+3:surrogate"},
        {"low before high is not a pair", "ED B0 80 ED A0 80", "0+3:surrogate 3+3:surrogate"},
        {"two highs", "ED A0 80 ED A0 80", "0+3:surrogate 3+3:surrogate"},
        {"high then truncated low", "ED A0 80 ED B0", "0+3:surrogate 3+2:truncated"},
        {"overlong then stray", "C0 AF 80", "0+2:overlong 2+1:stray-continuation"},
        {"overlong cut short", "E0 80 41", "0+2:truncated"},
        {"legacy cut short", "F8 88 80", "0+3:truncated"},
        {"table 3-8", "61 F1 80 80 E1 80 C2 62 80 63 80 BF 64",
         "1+3:truncated 4+2:truncated 6+1:truncated 8+1:stray-continuation "
         "10+2:stray-continuation"},
        {"valid text has none", "41 E2 82 AC F0 9F 98 80", ""},
    };
    for (const auto& row : rows) {
        SUBCASE(row.name) {
            std::string got;
            for (const Problem& p : problemsOf(u8test::hex(row.hexInput))) {
                if (!got.empty())
                    got += ' ';
                got += std::to_string(p.offset) + "+" + std::to_string(p.length) + ":" +
                       kindName(p.kind);
            }
            REQUIRE(got == std::string(row.expected));
        }
    }
}

TEST_CASE("the kinds' names") {
    REQUIRE(kindName(ProblemKind::NeverValidByte) == std::string("never-valid-byte"));
    REQUIRE(kindName(ProblemKind::StrayContinuation) == std::string("stray-continuation"));
    REQUIRE(kindName(ProblemKind::Overlong) == std::string("overlong"));
    REQUIRE(kindName(ProblemKind::Surrogate) == std::string("surrogate"));
    REQUIRE(kindName(ProblemKind::SurrogatePair) == std::string("surrogate-pair"));
    REQUIRE(kindName(ProblemKind::TooLarge) == std::string("too-large"));
    REQUIRE(kindName(ProblemKind::LegacyLongForm) == std::string("legacy-long-form"));
    REQUIRE(kindName(ProblemKind::Truncated) == std::string("truncated"));
}

TEST_CASE("labels of code points and bytes, and a long stray run's explanation") {
    REQUIRE(codePointLabel(0x2F) == std::string("U+002F"));
    REQUIRE(codePointLabel(0x1F600) == std::string("U+1F600"));
    REQUIRE(hexBytes(u8test::view(u8test::hex("C0 AF"))) == std::string("C0 AF"));
    REQUIRE(hexBytes(u8test::view(u8test::hex("01 02 03")), 2) == std::string("01 02 ..."));
    // A long stray run keeps its first bytes and says how many there are.
    const Bytes run(20, 0x80);
    const auto problems = problemsOf(run);
    REQUIRE(problems.size() == std::size_t(1));
    REQUIRE(problems[0].length == std::uint64_t(20));
    REQUIRE(int(problems[0].errorSegments) == 20);
    const std::string text = explain(problems[0]);
    REQUIRE_MESSAGE(text.find("20 continuation bytes") != std::string::npos, text);
    REQUIRE_MESSAGE(text.find("...") != std::string::npos, text);
}

// One row of the table below: the data of `source` drawn with `seed`, cut every way.
void checkFastPath(int source, std::uint32_t seed) {
    const Bytes data = fastPathSample(source, seed);
    const std::vector<Problem> want = problemsBySegment(data);
    REQUIRE(!want.empty());
    const std::vector<std::vector<std::size_t>> cuts = {
        {0}, {1}, {63, 64, 65}, {127, 128, 129, 130}, {1000}, {3, 200, 7, 4096, 1, 129}};
    for (const auto& sizes : cuts) {
        const std::vector<Problem> got = problemsInPieces(data, sizes);
        const auto [g, w] =
            std::mismatch(got.begin(), got.end(), want.begin(), want.end(), sameProblem);
        if (g != got.end() || w != want.end())
            FAIL("pieces of ", sizes[0], "...: got ", g != got.end() ? describe(*g) : "none",
                 ", want ", w != want.end() ? describe(*w) : "none", " (", got.size(), " vs ",
                 want.size(), " problems)");
    }
    // count(), alone or after feed(), counts what the straightforward path finds, by kind.
    ProblemCounts wantCounts{};
    for (const Problem& p : want)
        ++wantCounts[std::size_t(p.kind)];
    for (const auto& sizes : cuts) {
        for (std::size_t kept : {std::size_t(0), std::size_t(3)}) {
            std::vector<Problem> built;
            const ProblemCounts got = countInPieces(data, sizes, kept, built);
            for (int k = 0; k < kProblemKindCount; ++k)
                REQUIRE_MESSAGE(got[std::size_t(k)] == wantCounts[std::size_t(k)], "pieces of ",
                                sizes[0], "..., ", kept, " built: ", got[std::size_t(k)], " ",
                                kindName(ProblemKind(k)), ", want ", wantCounts[std::size_t(k)]);
            REQUIRE(built.size() <= want.size());
            REQUIRE(std::equal(built.begin(), built.end(), want.begin(), sameProblem));
        }
    }
}

// feed() finds error segments 64 bytes at a time and, where nothing is pending, takes each
// problem's extent from the masks; it must give exactly the problems (every field, in order) of
// the straightforward path, whatever the data and however it is cut into pieces.
TEST_CASE("the window-at-a-time path gives exactly the problems of the segment-by-segment one") {
    const char* const sources[] = {"random bytes", "naive leads and strays", "surrogate pairs",
                                   "long stray runs", "mostly valid"};
    for (int source = 0; source < 5; ++source)
        for (std::uint32_t seed = 1; seed <= 4; ++seed) {
            std::string rowName = sources[source];
            rowName += ' ';
            rowName += std::to_string(seed);
            SUBCASE(rowName.c_str()) {
                checkFastPath(source, seed);
            }
        }
}

// pending() says whether a problem may still grow; restartAt() skips bytes known to be valid.
TEST_CASE("pending() says whether a problem may still grow; restartAt() skips valid bytes") {
    ProblemScanner s;
    std::vector<Problem> got;
    auto sink = [&](const Problem& p) { got.push_back(p); };
    const Bytes strays = u8test::hex("41 80 80");
    s.feed(u8test::view(strays), sink);
    REQUIRE(s.pending()); // the run may go on
    REQUIRE(got.empty());
    const Bytes more = u8test::hex("80 41");
    s.feed(u8test::view(more), sink);
    REQUIRE(!s.pending());
    REQUIRE(got.size() == std::size_t(1));
    REQUIRE(got[0].length == std::uint64_t(3));
    // Skip 1000 bytes of valid text, then go on: offsets count the skipped bytes.
    s.restartAt(1005);
    const Bytes cut = u8test::hex("E2 82");
    s.feed(u8test::view(cut), sink);
    REQUIRE(got.size() == std::size_t(1));
    s.finish(sink);
    REQUIRE(got.size() == std::size_t(2));
    REQUIRE(got[1].offset == std::uint64_t(1005));
    REQUIRE(got[1].kind == ProblemKind::Truncated);
}

// A stream scanned for problems in two parts, cut at a handover point (after a segment start,
// the end of the first valid character), gives the whole stream's problems in order, whatever
// is pending where the cut is looked for: a CESU-8 pair, a high surrogate waiting for its low
// half, a run of stray continuation bytes, a naive 5-byte form, a lead cut short, FE.
TEST_CASE("a stream scanned in two parts cut at a handover point gives the whole's problems") {
    const Bytes mix = u8test::hex("41 ED A0 BD ED B8 80 ED A0 80 80 80 80 42 F8 88 80 80 80 E2 82"
                                  "0A C3 A9 ED B0 80 FE 80 E0 80 AF F0 9F 98 80 C0 AF 43");
    Bytes text;
    for (int i = 0; i < 3; ++i)
        text.insert(text.end(), mix.begin(), mix.end());
    const std::vector<Problem> whole = problemsBySegment(text);
    const auto all = u8test::view(text);
    int cuts = 0;
    for (std::size_t from = 0; from < text.size(); ++from) {
        const std::optional<std::size_t> start = segmentStartNear(all, from);
        if (!start)
            continue;
        const std::optional<std::size_t> handover =
            ProblemScanner::handoverPoint(all.subspan(*start));
        if (!handover)
            continue;
        const std::size_t cut = *start + *handover;
        std::vector<Problem> got;
        auto sink = [&](const Problem& p) { got.push_back(p); };
        ProblemScanner first;
        first.feed(all.first(cut), sink);
        first.finish(sink);
        ProblemScanner second(cut);
        second.feed(all.subspan(cut), sink);
        second.finish(sink);
        REQUIRE_MESSAGE((got.size() == whole.size() &&
                         std::equal(got.begin(), got.end(), whole.begin(), sameProblem)),
                        "cut at ", cut);
        ++cuts;
    }
    REQUIRE(cuts > int(text.size()) / 2);
    // Where no valid character follows, there is no handover point.
    REQUIRE(
        !ProblemScanner::handoverPoint(u8test::view(u8test::hex("80 C0 AF ED A0 80 FF E2 82"))));
    REQUIRE(!ProblemScanner::handoverPoint({}));
    // The pair is not split: the handover is after the character that follows it.
    REQUIRE(ProblemScanner::handoverPoint(u8test::view(
                u8test::hex("ED A0 BD ED B8 80 C3 A9 41"))) == (std::optional<std::size_t>(8)));
}

} // namespace
