// The walk-throughs as data (encode_steps.h, decode_steps.h): for every scalar value, the steps'
// layout, fill groups and UTF-16 form agree with the encoder and with ICU's UTF-16 macros; refused
// values are refused; the decode steps follow the Segmenter's segments byte by byte on random and
// constructed bytes. (Names typed for a character: tests/convert/tst_character_input.)
#include "codec_test_support.h"
#include "u8codec/decode_steps.h"
#include "u8codec/encode_steps.h"
#include "u8codec/segmenter.h"

#include <algorithm>
#include <string>
#include <unicode/utf16.h>
#include <vector>

using namespace u8codec;
using u8test::Bytes;

namespace {

// The payload bits of octet i of a layout, as text.
std::string payloadOf(const BitLayout& l, int i) {
    const int markers = l.markerBits[std::size_t(i)];
    return binaryDigits(l.bytes[std::size_t(i)], 8).substr(std::size_t(markers));
}

// Checks one scalar value's walk; an empty string when it is right, else what is wrong.
std::string checkScalar(char32_t cp) {
    const EncodeWalk w = walkEncoding(cp);
    std::uint8_t bytes[4];
    const int n = encode(cp, bytes);
    if (w.refusal != Unencodable::No || w.layout.octets != n)
        return std::string("octets");
    for (int i = 0; i < n; ++i)
        if (w.layout.bytes[std::size_t(i)] != bytes[i])
            return std::string("byte ") + std::to_string(i);
    const OctetRange& r = utf8Ranges()[std::size_t(w.row)];
    if (r.octets != n || cp < r.low || cp > r.high)
        return std::string("row");
    // The value's bits, as many as the pattern has x bits, read back from the number.
    if (w.valueBits.size() != std::size_t(w.layout.payloadBits) ||
        std::stoul(w.valueBits, nullptr, 2) != cp)
        return std::string("value bits");
    // Filled from the right: the last octet first; each group is that octet's payload.
    if (int(w.fill.size()) != n)
        return std::string("groups");
    int end = int(w.valueBits.size());
    for (int k = 0; k < n; ++k) {
        const PayloadGroup& g = w.fill[std::size_t(k)];
        if (g.octet != n - 1 - k || g.firstBit + g.bitCount != end ||
            w.valueBits.substr(std::size_t(g.firstBit), std::size_t(g.bitCount)) !=
                payloadOf(w.layout, g.octet))
            return std::string("group ") + std::to_string(k);
        end = g.firstBit;
    }
    if (end != 0)
        return std::string("groups do not cover the value");
    // UTF-16 as ICU's macros write it.
    if (w.utf16.pair != (U16_LENGTH(cp) == 2))
        return std::string("UTF-16 length");
    if (w.utf16.pair ? w.utf16.units[0] != U16_LEAD(cp) || w.utf16.units[1] != U16_TRAIL(cp)
                     : w.utf16.units[0] != cp)
        return std::string("UTF-16 units");
    if (w.utf16.pair &&
        (w.utf16.offsetValue != cp - 0x10000 ||
         (std::uint32_t(w.utf16.highTen) << 10 | w.utf16.lowTen) != w.utf16.offsetValue))
        return std::string("UTF-16 halves");
    // The steps: length, bits, one fill per octet, markers, bytes, UTF-16 (1 or 3), UTF-32.
    const std::size_t expected = 2 + std::size_t(n) + 2 + (w.utf16.pair ? 3 : 1) + 1;
    if (w.steps.size() != expected || w.steps.front().kind != EncodeStepKind::Length ||
        w.steps.back().kind != EncodeStepKind::Utf32)
        return std::string("steps");
    for (const EncodeStep& s : w.steps)
        if (s.title.empty() || s.text.empty())
            return std::string("a step without words");
    return {};
}

const char* actionName(DecodeAction a) {
    static const char* kNames[] = {"Ascii", "Lead",    "Continue", "Complete",
                                   "Stop",  "Invalid", "Stray",    "End"};
    return kNames[int(a)];
}

std::string actions(const DecodeWalk& w) {
    std::string names;
    for (const DecodeStep& s : w.steps) {
        if (!names.empty())
            names += ' ';
        names += actionName(s.action);
    }
    return names;
}

// The decode steps against the Segmenter: each segment is completed by exactly one step, in
// order; a byte is read once, or twice where a sequence stopped before it; a continuation is in
// the range expected, a byte that stops a sequence is not. Empty when right.
std::string checkDecodeSteps(const Bytes& bytes) {
    const DecodeWalk w = walkDecoding(bytes);
    const std::vector<Segment> segments = segment(bytes);
    if (w.segments != segments)
        return std::string("segments");
    std::size_t next = 0;
    std::vector<int> reads(bytes.size(), 0);
    for (const DecodeStep& s : w.steps) {
        if (s.action != DecodeAction::End)
            ++reads[std::size_t(s.offset)];
        if (s.action != DecodeAction::End && s.byte != bytes[std::size_t(s.offset)])
            return std::string("byte at ") + std::to_string(s.offset);
        const bool inRange = s.expected.contains(s.byte);
        if ((s.action == DecodeAction::Continue || s.action == DecodeAction::Complete) && !inRange)
            return std::string("continuation out of range at ") + std::to_string(s.offset);
        if (s.action == DecodeAction::Stop && inRange && s.segment.length > 0)
            return std::string("stopped by a byte in range at ") + std::to_string(s.offset);
        const ByteRange first = firstContinuationRange(s.byte);
        if (s.action == DecodeAction::Lead &&
            (s.expected.low != first.low || s.expected.high != first.high))
            return std::string("lead range at ") + std::to_string(s.offset);
        if (s.segment.length == 0)
            continue;
        if (next >= segments.size() || !(s.segment == segments[next]))
            return std::string("segment ") + std::to_string(next) + " out of order";
        ++next;
    }
    if (next != segments.size())
        return std::to_string(next) + " of " + std::to_string(segments.size()) +
               " segments completed";
    for (std::size_t i = 0; i < reads.size(); ++i) {
        const bool stoppedBefore =
            std::any_of(segments.begin(), segments.end(), [&](const auto& s) {
                return !s.isValid() && s.length > 0 && s.end() == i &&
                       s.error != ErrorKind::InvalidByte &&
                       s.error != ErrorKind::UnexpectedContinuation;
            });
        if (reads[i] != (stoppedBefore ? 2 : 1))
            return std::string("byte ") + std::to_string(i) + " read " + std::to_string(reads[i]) +
                   " times";
    }
    std::size_t errors = 0;
    for (const Segment& s : segments)
        errors += s.isValid() ? 0 : 1;
    if (w.replacements != errors || w.characters + errors != segments.size())
        return std::string("counts");
    return {};
}

std::string codePoint(char32_t cp) {
    return u8test::codePointsOf(std::u32string(1, cp));
}

TEST_CASE("every scalar value's walk agrees with the encoder and with UTF-16") {
    for (char32_t cp = 0; cp <= 0x10FFFF; cp += cp < 0x20000 ? 1 : 61) {
        if (!isScalarValue(cp))
            continue;
        const std::string wrong = checkScalar(cp);
        if (!wrong.empty())
            FAIL(codePoint(cp), ": ", wrong);
    }
    REQUIRE(checkScalar(0x10FFFF).empty());
}

TEST_CASE("surrogates and values above U+10FFFF are refused, with the reason") {
    for (char32_t cp = 0xD800; cp <= 0xDFFF; ++cp) {
        const EncodeWalk w = walkEncoding(cp);
        REQUIRE(w.refusal == Unencodable::Surrogate);
        REQUIRE(w.row == 2); // the 3-octet row holds it
        REQUIRE(w.steps.size() == std::size_t(2));
        REQUIRE(w.steps.back().kind == EncodeStepKind::Refused);
    }
    for (char32_t cp :
         {char32_t(0x110000), char32_t(0x1FFFFF), char32_t(0x200000), char32_t(0x7FFFFFFF)}) {
        const EncodeWalk w = walkEncoding(cp);
        REQUIRE(w.refusal == Unencodable::TooLarge);
        REQUIRE(w.row == (-1));
        REQUIRE(w.steps.back().kind == EncodeStepKind::Refused);
        // RFC 2279's form: what decoders must refuse.
        REQUIRE(w.layout.octets == (cp < 0x200000 ? 4 : cp < 0x4000000 ? 5 : 6));
    }
    REQUIRE(whyUnencodable(0xDC00).find("RFC 3629 section 3") != std::string::npos);
    REQUIRE(whyUnencodable(0xDC00).find("ED B0 80") != std::string::npos);
    REQUIRE(whyUnencodable(0x110000).find("F4 90 80 80") != std::string::npos);
    REQUIRE(whyUnencodable(0x10FFFF).empty());
}

TEST_CASE("code point notations: U+ and 0x, hex digits, at most 0x7FFFFFFF") {
    const struct {
        const char* name;
        const char* text;
        int value; // -1: not a notation
    } rows[] = {
        {"U+", "U+20AC", 0x20AC},
        {"u+ lower", "u+1f600", 0x1F600},
        {"0x", "0x41", 0x41},
        {"0X", "0X10FFFF", 0x10FFFF},
        {"largest", "U+7FFFFFFF", 0x7FFFFFFF},
        {"too large", "U+80000000", -1},
        {"no digits", "U+", -1},
        {"not hex", "U+12G4", -1},
        {"bare hex", "20AC", -1},
        {"space", "U+ 20AC", -1},
    };
    for (const auto& row : rows) {
        SUBCASE(row.name) {
            const auto cp = parseCodePointNotation(row.text);
            REQUIRE(cp.has_value() == (row.value >= 0));
            if (cp)
                REQUIRE(int(*cp) == row.value);
        }
    }
}

TEST_CASE("a byte's marker bits, as RFC 2279 reads them") {
    // RFC 2279's reading of a byte's high bits.
    for (const auto& [byte, markers] : std::initializer_list<std::pair<int, int>>{{0x41, 1},
                                                                                  {0x80, 2},
                                                                                  {0xBF, 2},
                                                                                  {0xC2, 3},
                                                                                  {0xE2, 4},
                                                                                  {0xF0, 5},
                                                                                  {0xF8, 6},
                                                                                  {0xFC, 7},
                                                                                  {0xFE, 8},
                                                                                  {0xFF, 8}})
        REQUIRE(markerBitCount(std::uint8_t(byte)) == markers);
    for (int b = 0xC2; b <= 0xF4; ++b) {
        const auto l =
            layoutOfBytes(walkEncoding(lowestCodePoint(std::uint8_t(b)).value()).layout.bytes);
        REQUIRE(l);
        REQUIRE(markerBitCount(std::uint8_t(b)) == int(l->markerBits[0]));
    }
}

// Constructed inputs: the actions a strict decoder takes, in order.
TEST_CASE("the actions a strict decoder takes on constructed inputs") {
    const struct {
        const char* name;
        const char* hex;
        const char* expected;
    } rows[] = {
        {"ascii", "41", "Ascii"},
        {"4-byte", "F09F9880", "Lead Continue Continue Complete"},
        {"invalid", "C0 F5 FF", "Invalid Invalid Invalid"},
        {"stray", "80 BF", "Stray Stray"},
        {"overlong E0", "E0 9F 80", "Lead Stop Stray Stray"},
        {"overlong F0", "F0 8F BF BF", "Lead Stop Stray Stray Stray"},
        {"surrogate", "ED A0 80", "Lead Stop Stray Stray"},
        {"too large", "F4 90 80 80", "Lead Stop Stray Stray Stray"},
        {"truncated then ascii", "F0 9F 98 41", "Lead Continue Continue Stop Ascii"},
        {"truncated at the end", "E2 82", "Lead Continue End"},
        {"lead after lead", "C3 C3 A9", "Lead Stop Lead Complete"},
    };
    for (const auto& row : rows) {
        SUBCASE(row.name) {
            const Bytes bytes = u8test::hex(row.hex);
            REQUIRE(actions(walkDecoding(bytes)) == std::string(row.expected));
            REQUIRE(checkDecodeSteps(bytes) == "");
        }
    }
}

TEST_CASE("the decode steps follow the Segmenter on random bytes") {
    u8test::Random random(2024);
    // Bytes drawn from the interesting ones: leads, restricted leads, continuations, ASCII.
    static const std::uint8_t kPool[] = {0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF,
                                         0xC0, 0xC2, 0xDF, 0xE0, 0xE2, 0xED, 0xEF,
                                         0xF0, 0xF4, 0xF5, 0xF8, 0xFE, 0xFF};
    for (int round = 0; round < 3000; ++round) {
        Bytes bytes(std::size_t(random.bounded(1, 24)));
        for (auto& b : bytes)
            b = random.bounded(4) == 0 ? std::uint8_t(random.bounded(256))
                                       : kPool[random.bounded(int(std::size(kPool)))];
        const std::string wrong = checkDecodeSteps(bytes);
        if (!wrong.empty())
            FAIL(hexBytes(bytes, 64), ": ", wrong);
    }
}

// What a naive decoder would read: the ProblemScanner's problems, with their sequences and,
// beside an overlong form, the shortest.
TEST_CASE("what a naive decoder would read: problems, sequences and the shortest form") {
    const DecodeWalk overlong = walkDecoding(u8test::hex("C0AF"));
    REQUIRE(overlong.naive.size() == std::size_t(1));
    REQUIRE(overlong.naive[0].problem.kind == ProblemKind::Overlong);
    REQUIRE(overlong.naive[0].sequences.size() == std::size_t(1));
    REQUIRE(overlong.naive[0].sequences[0].value == char32_t(0x2F));
    REQUIRE(overlong.naive[0].shortest);
    REQUIRE(overlong.naive[0].shortest->octets == 1);
    REQUIRE(int(overlong.naive[0].shortest->bytes[0]) == 0x2F);
    // A CESU-8 pair: two sequences, and the character's 4-byte form.
    const DecodeWalk cesu = walkDecoding(u8test::hex("EDA0BDEDB880"));
    REQUIRE(cesu.naive.size() == std::size_t(1));
    REQUIRE(cesu.naive[0].problem.kind == ProblemKind::SurrogatePair);
    REQUIRE(cesu.naive[0].sequences.size() == std::size_t(2));
    REQUIRE(cesu.naive[0].shortest->octets == 4);
    REQUIRE(cesu.replacements == std::size_t(6));
    // Nothing to read in a stray byte; no shortest form for a value beyond U+10FFFF.
    const DecodeWalk stray = walkDecoding(u8test::hex("80"));
    REQUIRE(stray.naive[0].sequences.empty());
    const DecodeWalk large = walkDecoding(u8test::hex("F4908080"));
    REQUIRE(large.naive[0].sequences.size() == std::size_t(1));
    REQUIRE(!large.naive[0].shortest);
    REQUIRE(walkDecoding(u8test::hex("41")).naive.empty());
}

} // namespace
