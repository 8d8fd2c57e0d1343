// The encoder and the encoding explained as data (RFC 3629 section 3's table and three steps).
#include "codec_test_support.h"
#include "u8codec/encoder.h"
#include "u8codec/segmenter.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <unicode/utf8.h>
#include <vector>

using namespace u8codec;
using u8test::Bytes;

namespace {

// RFC 3629 section 3: the octet count from the code point's range.
int expectedOctets(char32_t cp) {
    return cp <= 0x7F ? 1 : cp <= 0x7FF ? 2 : cp <= 0xFFFF ? 3 : 4;
}

// The fixed (marker) bits of octet `i` of an RFC pattern "1110xxxx 10xxxxxx ...": the bits
// before the first x, and how many there are.
std::pair<int, int> patternMarker(const char* pattern, int i) {
    std::string_view rest(pattern);
    for (int k = 0; k < i; ++k)
        rest.remove_prefix(rest.find(' ') + 1);
    const std::string_view o = rest.substr(0, rest.find(' '));
    const int count = int(o.find('x'));
    int bits = 0;
    for (int k = 0; k < count; ++k)
        bits = (bits << 1) | (o[std::size_t(k)] == '1');
    return {bits, count};
}

std::string codePoint(char32_t cp) {
    return u8test::codePointsOf(std::u32string(1, cp));
}

TEST_CASE("every scalar value encodes as ICU encodes it, and segments and reads back") {
    int scalars = 0;
    for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        ++scalars;
        std::uint8_t out[8] = {};
        const int n = encode(cp, out);
        if (n != expectedOctets(cp))
            FAIL(codePoint(cp), ": ", n, " octets");
        // ICU's UTF-8 macro as an independent reference for the bytes.
        std::uint8_t icu[4] = {};
        std::int32_t icuLength = 0;
        U8_APPEND_UNSAFE(icu, icuLength, UChar32(cp));
        if (icuLength != n || std::memcmp(icu, out, std::size_t(n)) != 0)
            FAIL(codePoint(cp), " encodes as ", u8test::hexString({out, std::size_t(n)}),
                 ", ICU gives ", u8test::hexString({icu, std::size_t(icuLength)}));
        // Segmenting the bytes gives back exactly one character with this code point.
        int count = 0;
        Segment seg;
        Segmenter s;
        auto sink = [&](const Segment& x) {
            seg = x;
            ++count;
        };
        s.feed(std::span<const std::uint8_t>(out, std::size_t(n)), sink);
        s.finish(sink);
        if (count != 1 || !seg.isValid() || seg.codePoint != cp || seg.length != n)
            FAIL(codePoint(cp), " does not segment back");
        // The reverse layout reads the same value and octets.
        const auto back =
            u8codec::layoutOfBytes(std::span<const std::uint8_t>(out, std::size_t(n)));
        if (!back || back->value != cp || back->octets != n)
            FAIL(codePoint(cp), ": layoutOfBytes differs");
        std::string appended = "x";
        REQUIRE(appendUtf8(cp, appended));
        if (appended.size() != std::size_t(n) + 1 ||
            std::memcmp(appended.data() + 1, out, std::size_t(n)))
            FAIL("appendUtf8 differs from encode");
    }
    REQUIRE(scalars == (0x110000 - 0x800));
}

TEST_CASE("surrogates and values above U+10FFFF are refused, and nothing is written") {
    // RFC 3629 section 3: surrogates and values above U+10FFFF cannot be encoded.
    for (std::uint32_t value : {0xD800u, 0xDBFFu, 0xDC00u, 0xDFFFu, 0x110000u, 0x1FFFFFu, 0x200000u,
                                0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu}) {
        char rowName[16];
        std::snprintf(rowName, sizeof rowName, "U+%04X", unsigned(value));
        SUBCASE(rowName) {
            const char32_t cp = value;
            REQUIRE(!isScalarValue(cp));
            std::uint8_t out[8] = {0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA};
            REQUIRE(encode(cp, out) == 0);
            for (std::uint8_t b : out)
                REQUIRE(int(b) == 0xAA); // nothing written
            std::string s = "keep";
            REQUIRE(!appendUtf8(cp, s));
            REQUIRE(s == std::string("keep"));
            // Every surrogate, not only the edges.
            if (value == 0xD800u)
                for (char32_t sur = 0xD800; sur <= 0xDFFF; ++sur)
                    REQUIRE(encode(sur, out) == 0);
        }
    }
}

namespace {

struct ValueLayout {
    const char* name;
    std::uint32_t value;
    const char* hexBytes;
    const char* bits; // each octet as "marker|payload"
    int payloadBits;
};

} // namespace

TEST_CASE("a value's layout: its octets, marker and payload bits, and the reverse reading") {
    const ValueLayout rows[] = {
        {"U+0041 A", 0x41u, "41", "0|1000001", 7},
        {"U+007F", 0x7Fu, "7F", "0|1111111", 7},
        {"U+0080", 0x80u, "C2 80", "110|00010 10|000000", 11},
        {"U+00A9 copyright", 0xA9u, "C2 A9", "110|00010 10|101001", 11},
        {"U+07FF", 0x7FFu, "DF BF", "110|11111 10|111111", 11},
        // RFC 3629 section 3's steps for U+20AC: 0010 000010 101100 into 1110xxxx 10xxxxxx
        // 10xxxxxx.
        {"U+20AC euro", 0x20ACu, "E2 82 AC", "1110|0010 10|000010 10|101100", 16},
        {"U+FFFD", 0xFFFDu, "EF BF BD", "1110|1111 10|111111 10|111101", 16},
        {"U+10000", 0x10000u, "F0 90 80 80", "11110|000 10|010000 10|000000 10|000000", 21},
        {"U+1F600", 0x1F600u, "F0 9F 98 80", "11110|000 10|011111 10|011000 10|000000", 21},
        {"U+10FFFF", 0x10FFFFu, "F4 8F BF BF", "11110|100 10|001111 10|111111 10|111111", 21},
        // Legacy forms of RFC 2279, for explaining them.
        {"0x200000 5 octets", 0x200000u, "F8 88 80 80 80",
         "111110|00 10|001000 10|000000 10|000000 10|000000", 26},
        {"0x7FFFFFFF 6 octets", 0x7FFFFFFFu, "FD BF BF BF BF BF",
         "1111110|1 10|111111 10|111111 10|111111 10|111111 10|111111", 31},
    };
    for (const ValueLayout& row : rows) {
        SUBCASE(row.name) {
            const std::uint32_t value = row.value;
            const int payloadBits = row.payloadBits;
            const Bytes want = u8test::hex(row.hexBytes);
            const BitLayout l = u8codec::layoutOfValue(value);
            REQUIRE(l.octets == int(want.size()));
            REQUIRE(uint(l.value) == value);
            REQUIRE(l.payloadBits == payloadBits);
            std::string shown;
            for (int i = 0; i < l.octets; ++i) {
                REQUIRE(int(l.bytes[std::size_t(i)]) == int(want[std::size_t(i)]));
                if (i)
                    shown += ' ';
                shown += bitsWithMarker(l.bytes[std::size_t(i)], l.markerBits[std::size_t(i)]);
            }
            REQUIRE(shown == std::string(row.bits));
            // The payload bits, read back from the octets, are the value.
            std::uint64_t v = 0;
            int counted = 0;
            for (int i = 0; i < l.octets; ++i) {
                const int payload = 8 - l.markerBits[std::size_t(i)];
                v = (v << payload) | (l.bytes[std::size_t(i)] & ((1u << payload) - 1));
                counted += payload;
            }
            REQUIRE(counted == payloadBits);
            REQUIRE(uint(v) == value);
            // And the reverse: reading the bytes gives the same layout.
            const auto back = u8codec::layoutOfBytes(u8test::view(want));
            REQUIRE(back.has_value());
            REQUIRE(back->octets == l.octets);
            REQUIRE(back->value == l.value);
            REQUIRE(back->payloadBits == l.payloadBits);
            REQUIRE(back->bytes == l.bytes);
            REQUIRE(back->markerBits == l.markerBits);
        }
    }
}

TEST_CASE("the marker bits of both tables' rows are their patterns' fixed bits") {
    // For the first and last value of every row of both tables, the layout's marker bits are the
    // fixed bits of the row's pattern.
    for (auto table : {utf8Ranges(), rfc2279Ranges()})
        for (const OctetRange& r : table)
            for (char32_t v : {r.low, r.high}) {
                const BitLayout l = u8codec::layoutOfValue(v);
                REQUIRE(l.octets == r.octets);
                for (int i = 0; i < l.octets; ++i) {
                    const auto [bits, count] = patternMarker(r.pattern, i);
                    REQUIRE(int(l.markerBits[std::size_t(i)]) == count);
                    REQUIRE((l.bytes[std::size_t(i)] >> (8 - count)) == bits);
                }
            }
}

namespace {

struct BytesLayout {
    const char* name;
    const char* hexBytes;
    int octets;
    std::uint32_t value;
};

} // namespace

TEST_CASE("the naive reading (RFC 2279) of bytes, ill-formed ones included") {
    // The naive reading of ill-formed sequences, which the explanations rely on.
    const BytesLayout rows[] = {
        {"C0 AF overlong '/'", "C0 AF", 2, 0x2Fu},
        {"E0 80 AF overlong '/'", "E0 80 AF", 3, 0x2Fu},
        {"ED A0 80 surrogate", "ED A0 80", 3, 0xD800u},
        {"F4 90 80 80 too large", "F4 90 80 80", 4, 0x110000u},
        {"F8 88 80 80 80 5-byte", "F8 88 80 80 80", 5, 0x200000u},
        {"FC 84 80 80 80 80 6-byte", "FC 84 80 80 80 80", 6, 0x4000000u},
        {"extra bytes ignored", "E2 82 AC 41", 3, 0x20ACu},
    };
    for (const BytesLayout& row : rows) {
        SUBCASE(row.name) {
            const auto l = u8codec::layoutOfBytes(u8test::view(u8test::hex(row.hexBytes)));
            REQUIRE(l.has_value());
            REQUIRE(l->octets == row.octets);
            REQUIRE(std::uint32_t(l->value) == row.value);
        }
    }
}

TEST_CASE("bytes that are no sequence have no layout") {
    const std::pair<const char*, const char*> rows[] = {
        {"empty", ""},
        {"continuation first", "80 80"},
        {"FE", "FE 80 80 80 80 80 80"},
        {"FF", "FF"},
        {"too short", "E2 82"},
        {"not a continuation", "E2 41 AC"},
        {"lead as continuation", "F0 9F C2 80"},
    };
    for (const auto& [name, hexBytes] : rows) {
        SUBCASE(name) {
            REQUIRE(!u8codec::layoutOfBytes(u8test::view(u8test::hex(hexBytes))).has_value());
        }
    }
}

TEST_CASE("the range tables of RFC 3629 and RFC 2279") {
    // RFC 3629 section 3's table.
    const auto t = utf8Ranges();
    REQUIRE(t.size() == std::size_t(4));
    const char32_t lows[] = {0, 0x80, 0x800, 0x10000};
    const char32_t highs[] = {0x7F, 0x7FF, 0xFFFF, 0x10FFFF};
    for (std::size_t i = 0; i < 4; ++i) {
        REQUIRE(t[i].octets == (int(i) + 1));
        REQUIRE(t[i].low == lows[i]);
        REQUIRE(t[i].high == highs[i]);
    }
    REQUIRE(std::string(t[2].pattern) == "1110xxxx 10xxxxxx 10xxxxxx");
    // RFC 2279's table goes on to 6 octets and U+7FFFFFFF.
    const auto legacy = rfc2279Ranges();
    REQUIRE(legacy.size() == std::size_t(6));
    REQUIRE(legacy[3].high == char32_t(0x1FFFFF));
    REQUIRE(legacy[4].low == char32_t(0x200000));
    REQUIRE(legacy[5].high == char32_t(0x7FFFFFFF));
    REQUIRE(std::string(legacy[5].pattern) ==
            "1111110x 10xxxxxx 10xxxxxx 10xxxxxx 10xxxxxx 10xxxxxx");
}

} // namespace
