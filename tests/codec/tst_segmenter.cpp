// The maximal-subpart segmenter against the Unicode Standard's examples, RFC 3629's examples and
// an independent reference written here from RFC 3629 section 4's ABNF.
#include "codec_test_support.h"
#include "u8codec/segmenter.h"

#include <array>
#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace u8codec;
using u8test::Bytes;

namespace {

// ---- The reference: RFC 3629 section 4, transcribed alternative by alternative -------------
//   UTF8-1 = %x00-7F
//   UTF8-2 = %xC2-DF UTF8-tail
//   UTF8-3 = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) /
//            %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
//   UTF8-4 = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) /
//            %xF4 %x80-8F 2( UTF8-tail )
//   UTF8-tail = %x80-BF
struct Range {
    int low, high;
};
struct Alternative {
    int length;
    Range ranges[4];
};
constexpr Range kTail{0x80, 0xBF};
constexpr Alternative kAbnf[] = {
    {1, {{0x00, 0x7F}}},
    {2, {{0xC2, 0xDF}, kTail}},
    {3, {{0xE0, 0xE0}, {0xA0, 0xBF}, kTail}},
    {3, {{0xE1, 0xEC}, kTail, kTail}},
    {3, {{0xED, 0xED}, {0x80, 0x9F}, kTail}},
    {3, {{0xEE, 0xEF}, kTail, kTail}},
    {4, {{0xF0, 0xF0}, {0x90, 0xBF}, kTail, kTail}},
    {4, {{0xF1, 0xF3}, kTail, kTail, kTail}},
    {4, {{0xF4, 0xF4}, {0x80, 0x8F}, kTail, kTail}},
};

// segment.h's rule, written again here independently: an error segment's kind from its first
// byte b0 and the byte b1 after it (-1 at the end of the data), after the Unicode Standard's
// table 3-7.
ErrorKind referenceKind(int b0, int b1) {
    if (b0 == 0xC0 || b0 == 0xC1 || b0 >= 0xF5)
        return ErrorKind::InvalidByte;
    if (b0 >= 0x80 && b0 <= 0xBF)
        return ErrorKind::UnexpectedContinuation;
    if ((b0 == 0xE0 && b1 >= 0x80 && b1 <= 0x9F) || (b0 == 0xF0 && b1 >= 0x80 && b1 <= 0x8F))
        return ErrorKind::Overlong;
    if (b0 == 0xED && b1 >= 0xA0 && b1 <= 0xBF)
        return ErrorKind::Surrogate;
    if (b0 == 0xF4 && b1 >= 0x90 && b1 <= 0xBF)
        return ErrorKind::TooLarge;
    return ErrorKind::Truncated;
}

// The alternatives whose first range holds byte b (at most one, but found by scanning the
// table, so the ABNF above stays the only statement of the ranges). Built once: the exhaustive
// tests call the reference 50 million times.
const std::vector<const Alternative*>& alternativesStartingWith(std::uint8_t b) {
    static const auto table = [] {
        std::array<std::vector<const Alternative*>, 256> t;
        for (int x = 0; x < 256; ++x)
            for (const Alternative& alt : kAbnf)
                if (x >= alt.ranges[0].low && x <= alt.ranges[0].high)
                    t[std::size_t(x)].push_back(&alt);
        return t;
    }();
    return table[b];
}

// Unicode Standard chapter 3 (D93b and "U+FFFD Substitution of Maximal Subparts"): at each
// position, a complete alternative is a character; otherwise the longest prefix of any
// alternative (at least one byte) is one error segment. Returns the number of segments.
int referenceSegments(const std::uint8_t* data, int n, Segment* out) {
    int count = 0;
    int i = 0;
    while (i < n) {
        int longest = 0;
        int complete = 0;
        for (const Alternative* a : alternativesStartingWith(data[i])) {
            const Alternative& alt = *a;
            int k = 0;
            while (k < alt.length && i + k < n && data[i + k] >= alt.ranges[k].low &&
                   data[i + k] <= alt.ranges[k].high)
                ++k;
            if (k == alt.length)
                complete = k;
            longest = std::max(longest, k);
        }
        Segment s;
        s.offset = std::uint64_t(i);
        if (complete) {
            // RFC 3629 section 3: the lead keeps 7, 5, 4 or 3 payload bits, each tail byte 6.
            static constexpr int kLeadMask[5] = {0, 0x7F, 0x1F, 0x0F, 0x07};
            char32_t cp = data[i] & kLeadMask[complete];
            for (int k = 1; k < complete; ++k)
                cp = (cp << 6) | (data[i + k] & 0x3F);
            s.length = std::uint8_t(complete);
            s.codePoint = cp;
        } else {
            s.length = std::uint8_t(std::max(longest, 1));
            s.error = referenceKind(data[i], i + 1 < n ? data[i + 1] : -1);
        }
        out[count++] = s;
        i += s.length;
    }
    return count;
}

std::vector<Segment> referenceSegments(const Bytes& b) {
    std::vector<Segment> out(b.size());
    out.resize(std::size_t(referenceSegments(b.data(), int(b.size()), out.data())));
    return out;
}

// The codec's segments of a short input, without allocating.
int codecSegments(const std::uint8_t* data, int n, Segment* out) {
    int count = 0;
    Segmenter s;
    auto sink = [&](const Segment& seg) { out[count++] = seg; };
    s.feed(std::span<const std::uint8_t>(data, std::size_t(n)), sink);
    s.finish(sink);
    return count;
}

ErrorKind kindFromName(const std::string& n) {
    for (int k = 0; k < kErrorKindCount; ++k)
        if (n == name(ErrorKind(k)))
            return ErrorKind(k);
    throw std::invalid_argument("unknown kind " + n);
}

// Expected segments written as "1:U+0061 3:truncated 1:stray-continuation".
std::vector<Segment> parseExpected(const std::string& text) {
    std::vector<Segment> out;
    std::uint64_t offset = 0;
    std::istringstream tokens(text);
    for (std::string token; tokens >> token;) {
        const std::size_t colon = token.find(':');
        const std::string what = token.substr(colon + 1);
        Segment s;
        s.offset = offset;
        s.length = std::uint8_t(std::stoi(token.substr(0, colon)));
        if (what.starts_with("U+"))
            s.codePoint = char32_t(std::stoul(what.substr(2), nullptr, 16));
        else
            s.error = kindFromName(what);
        offset += s.length;
        out.push_back(s);
    }
    return out;
}

std::string sample(const std::uint8_t* data, int n) {
    return u8test::hexString(std::span<const std::uint8_t>(data, std::size_t(n)));
}

// A table, one row a case: long, but read in one place.
TEST_CASE("the segments of the Unicode Standard's and RFC 3629's examples, and of every edge") {
    const struct {
        const char* name;
        const char* hexInput;
        const char* expected;
    } rows[] = {
        // First and last code point of each length (RFC 3629 section 3's table) and the edges of
        // the
        // surrogate gap and of the code space.
        {"U+0000", "00", "1:U+0000"},
        {"U+007F", "7F", "1:U+007F"},
        {"U+0080", "C2 80", "2:U+0080"},
        {"U+07FF", "DF BF", "2:U+07FF"},
        {"U+0800", "E0 A0 80", "3:U+0800"},
        {"U+D7FF", "ED 9F BF", "3:U+D7FF"},
        {"U+D800", "ED A0 80", "1:surrogate 1:stray-continuation 1:stray-continuation"},
        {"U+DFFF", "ED BF BF", "1:surrogate 1:stray-continuation 1:stray-continuation"},
        {"U+E000", "EE 80 80", "3:U+E000"},
        {"U+FFFD", "EF BF BD", "3:U+FFFD"},
        {"U+FFFF", "EF BF BF", "3:U+FFFF"},
        {"U+10000", "F0 90 80 80", "4:U+10000"},
        {"U+10FFFF", "F4 8F BF BF", "4:U+10FFFF"},
        {"U+110000", "F4 90 80 80",
         "1:too-large 1:stray-continuation 1:stray-continuation "
         "1:stray-continuation"},
        {"U+1FFFFF F7", "F7 BF BF BF",
         "1:never-valid-byte 1:stray-continuation 1:stray-continuation "
         "1:stray-continuation"},
        // Overlong forms at each length.
        {"overlong C0 80", "C0 80", "1:never-valid-byte 1:stray-continuation"},
        {"overlong C1 BF", "C1 BF", "1:never-valid-byte 1:stray-continuation"},
        {"overlong E0 9F BF", "E0 9F BF", "1:overlong 1:stray-continuation 1:stray-continuation"},
        {"overlong F0 8F BF BF", "F0 8F BF BF",
         "1:overlong 1:stray-continuation 1:stray-continuation "
         "1:stray-continuation"},
        // Truncation by a non-continuation and by the end, at every depth.
        {"C2 end", "C2", "1:truncated"},
        {"C2 41", "C2 41", "1:truncated 1:U+0041"},
        {"E1 80 end", "E1 80", "2:truncated"},
        {"E0 A0 41", "E0 A0 41", "2:truncated 1:U+0041"},
        {"ED 9F end", "ED 9F", "2:truncated"},
        {"E0 end", "E0", "1:truncated"},
        {"E0 41", "E0 41", "1:truncated 1:U+0041"},
        {"F0 90 80 end", "F0 90 80", "3:truncated"},
        {"F4 8F BF C2 80", "F4 8F BF C2 80", "3:truncated 2:U+0080"},
        {"F1 80 80 F1", "F1 80 80 F1", "3:truncated 1:truncated"},
        {"F4 end", "F4", "1:truncated"},
        {"E2 82 (truncated euro)", "E2 82", "2:truncated"},
        {"lead then lead", "E1 E1 80 80", "1:truncated 3:U+1000"},
        // Bytes that never appear.
        {"FE", "FE", "1:never-valid-byte"},
        {"FF", "FF", "1:never-valid-byte"},
        {"F5 80", "F5 80", "1:never-valid-byte 1:stray-continuation"},
        {"F8 88 80 80 80", "F8 88 80 80 80",
         "1:never-valid-byte 1:stray-continuation 1:stray-continuation "
         "1:stray-continuation 1:stray-continuation"},
        {"stray 80", "80", "1:stray-continuation"},
        {"stray BF", "BF", "1:stray-continuation"},
        // The Unicode Standard, chapter 3, tables 3-8 to 3-12.
        {"table 3-8", "61 F1 80 80 E1 80 C2 62 80 63 80 BF 64",
         "1:U+0061 3:truncated 2:truncated 1:truncated 1:U+0062 1:stray-continuation "
         "1:U+0063 1:stray-continuation 1:stray-continuation 1:U+0064"},
        {"table 3-9 non-shortest forms", "C0 AF E0 80 BF F0 81 82 41",
         "1:never-valid-byte 1:stray-continuation 1:overlong 1:stray-continuation "
         "1:stray-continuation 1:overlong 1:stray-continuation "
         "1:stray-continuation 1:U+0041"},
        {"table 3-10 surrogates", "ED A0 80 ED BF BF ED AF 41",
         "1:surrogate 1:stray-continuation 1:stray-continuation 1:surrogate "
         "1:stray-continuation 1:stray-continuation 1:surrogate "
         "1:stray-continuation 1:U+0041"},
        {"table 3-11 other ill-formed", "F4 91 92 93 FF 41 80 BF 42",
         "1:too-large 1:stray-continuation 1:stray-continuation "
         "1:stray-continuation 1:never-valid-byte 1:U+0041 1:stray-continuation "
         "1:stray-continuation 1:U+0042"},
        {"table 3-12 truncated", "E1 80 E2 F0 91 92 F1 BF 41",
         "2:truncated 1:truncated 3:truncated 2:truncated 1:U+0041"},
        // RFC 3629 section 7.
        {"RFC 3629 7 A<NOT IDENTICAL TO><ALPHA>.", "41 E2 89 A2 CE 91 2E",
         "1:U+0041 3:U+2262 2:U+0391 1:U+002E"},
        {"RFC 3629 7 Korean", "ED 95 9C EA B5 AD EC 96 B4", "3:U+D55C 3:U+AD6D 3:U+C5B4"},
        {"RFC 3629 7 Japanese", "E6 97 A5 E6 9C AC E8 AA 9E", "3:U+65E5 3:U+672C 3:U+8A9E"},
        {"RFC 3629 7 BOM and U+233B4", "EF BB BF F0 A3 8E B4", "3:U+FEFF 4:U+233B4"},
        {"empty", "", ""},
    };
    for (const auto& row : rows) {
        SUBCASE(row.name) {
            const Bytes input = u8test::hex(row.hexInput);
            const std::vector<Segment> want = parseExpected(row.expected);
            const std::vector<Segment> got = segment(u8test::view(input));
            const std::string diff = u8test::firstDifference(got, want);
            REQUIRE_MESSAGE(diff.empty(), diff, "\n got: ", u8test::describe(got));
            // The reference agrees with the table (so it can be trusted for the exhaustive
            // tests).
            const std::string refDiff = u8test::firstDifference(referenceSegments(input), want);
            REQUIRE_MESSAGE(refDiff.empty(), "reference: ", refDiff);
        }
    }
}

TEST_CASE("errorKindOf follows table 3-7 for every first byte and the byte after it") {
    // errorKindOf is the single place the codec decides kinds: it must follow table 3-7 for
    // every first byte that can begin an error segment and every following byte or the end.
    for (int b0 = 0x80; b0 < 0x100; ++b0)
        for (int b1 = -1; b1 < 0x100; ++b1)
            if (errorKindOf(std::uint8_t(b0), b1) != referenceKind(b0, b1))
                FAIL("b0 ", b0, " b1 ", b1, ": got ", name(errorKindOf(std::uint8_t(b0), b1)));
}

TEST_CASE("every input of one and two bytes segments as the reference does") {
    Segment want[4], got[4];
    std::uint8_t in[2];
    for (int a = 0; a < 256; ++a) {
        in[0] = std::uint8_t(a);
        const int nw = referenceSegments(in, 1, want);
        const int ng = codecSegments(in, 1, got);
        REQUIRE_MESSAGE((nw == ng && std::equal(got, got + ng, want)), sample(in, 1));
        for (int b = 0; b < 256; ++b) {
            in[1] = std::uint8_t(b);
            const int nw2 = referenceSegments(in, 2, want);
            const int ng2 = codecSegments(in, 2, got);
            REQUIRE_MESSAGE((nw2 == ng2 && std::equal(got, got + ng2, want)), sample(in, 2));
        }
    }
}

TEST_CASE("every input of three bytes segments as the reference does") {
    // All 16,777,216 inputs of three bytes. Segments are compared field by field; the counts of
    // each kind are tallied too so that a regression shows its shape at once.
    std::array<std::uint64_t, kErrorKindCount> kinds{};
    std::uint64_t characters = 0;
    Segment want[4], got[4];
    std::uint8_t in[3];
    for (int a = 0; a < 256; ++a) {
        in[0] = std::uint8_t(a);
        for (int b = 0; b < 256; ++b) {
            in[1] = std::uint8_t(b);
            for (int c = 0; c < 256; ++c) {
                in[2] = std::uint8_t(c);
                const int nw = referenceSegments(in, 3, want);
                const int ng = codecSegments(in, 3, got);
                if (nw != ng || !std::equal(got, got + ng, want))
                    FAIL(sample(in, 3), ": got ",
                         u8test::describe(std::vector<Segment>(got, got + ng)), ", want ",
                         u8test::describe(std::vector<Segment>(want, want + nw)));
                for (int i = 0; i < ng; ++i) {
                    if (got[i].isValid())
                        ++characters;
                    else
                        ++kinds[std::size_t(got[i].error)];
                }
            }
        }
    }
    // Every kind occurs, so the loop above did exercise each rule.
    for (int k = 1; k < kErrorKindCount; ++k)
        REQUIRE_MESSAGE(kinds[std::size_t(k)] > 0, name(ErrorKind(k)));
    // 3-byte characters alone: E0 32*64 + E1-EC 12*64*64 + ED 32*64 + EE-EF 2*64*64.
    REQUIRE(characters > 2048 + 12 * 4096 + 2048 + 2 * 4096);
}

TEST_CASE("every four-byte input over the boundary bytes segments as the reference does") {
    // Every 4-byte input over the bytes at the edges of the ABNF's ranges (the 4-byte forms and
    // their truncations need a fourth byte that the exhaustive 3-byte test cannot give).
    static constexpr std::uint8_t kEdge[] = {0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF,
                                             0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED,
                                             0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF};
    Segment want[5], got[5];
    std::uint8_t in[4];
    for (std::uint8_t a : kEdge)
        for (std::uint8_t b : kEdge)
            for (std::uint8_t c : kEdge)
                for (std::uint8_t d : kEdge) {
                    in[0] = a, in[1] = b, in[2] = c, in[3] = d;
                    const int nw = referenceSegments(in, 4, want);
                    const int ng = codecSegments(in, 4, got);
                    if (nw != ng || !std::equal(got, got + ng, want))
                        FAIL(sample(in, 4));
                }
}

TEST_CASE("offsets start at the base given") {
    const Bytes input = u8test::hex("41 E2 82 AC 80");
    const auto segs = segment(u8test::view(input), 1000);
    REQUIRE(segs.size() == std::size_t(3));
    REQUIRE(segs[0].offset == std::uint64_t(1000));
    REQUIRE(segs[1].offset == std::uint64_t(1001));
    REQUIRE(segs[1].codePoint == char32_t(0x20AC));
    REQUIRE(segs[2].offset == std::uint64_t(1004));
}

TEST_CASE("atBoundary() says whether a sequence is open") {
    Segmenter s;
    auto ignore = [](const Segment&) {};
    REQUIRE(s.atBoundary());
    const Bytes lead = u8test::hex("F0 9F");
    s.feed(u8test::view(lead), ignore);
    REQUIRE(!s.atBoundary());
    REQUIRE(s.offset() == std::uint64_t(2));
    const Bytes rest = u8test::hex("98 80");
    std::vector<Segment> got;
    s.feed(u8test::view(rest), [&](const Segment& seg) { got.push_back(seg); });
    REQUIRE(s.atBoundary());
    REQUIRE(got.size() == std::size_t(1));
    REQUIRE(got[0].codePoint == char32_t(0x1F600));
    REQUIRE(int(got[0].length) == 4);
}

} // namespace
