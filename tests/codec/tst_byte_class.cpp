// The context-free byte classes: the UTF-8 code-page table (RFC 3629 section 4 and the Unicode
// Standard's table 3-7).
#include "codec_test_support.h"
#include "u8codec/byte_class.h"
#include "u8codec/segmenter.h"

#include <cstdio>
#include <string>
#include <vector>

using namespace u8codec;

namespace {

// The expected class of every byte, written from the ranges of RFC 3629 section 4's ABNF:
// UTF8-1 %x00-7F, UTF8-tail %x80-BF, UTF8-2 %xC2-DF, UTF8-3 %xE0-EF, UTF8-4 %xF0-F4; the
// others (C0 C1 F5-FF) appear in no alternative.
ByteClass expectedClass(int b) {
    if (b <= 0x7F)
        return ByteClass::Ascii;
    if (b <= 0xBF)
        return ByteClass::Continuation;
    if (b == 0xC0 || b == 0xC1)
        return ByteClass::Invalid;
    if (b <= 0xDF)
        return ByteClass::Lead2;
    if (b <= 0xEF)
        return ByteClass::Lead3;
    if (b <= 0xF4)
        return ByteClass::Lead4;
    return ByteClass::Invalid;
}

std::string hexName(int b) {
    char name[4];
    std::snprintf(name, sizeof name, "%02X", b);
    return name;
}

} // namespace

TEST_CASE("every byte's class, sequence length, first continuation range and code points") {
    for (int byte = 0; byte < 256; ++byte) {
        const std::string rowName = hexName(byte);
        SUBCASE(rowName.c_str()) {
            const ByteClass expected = expectedClass(byte);
            const auto b = std::uint8_t(byte);
            REQUIRE(classify(b) == expected);
            const int length = expected == ByteClass::Ascii   ? 1
                               : expected == ByteClass::Lead2 ? 2
                               : expected == ByteClass::Lead3 ? 3
                               : expected == ByteClass::Lead4 ? 4
                                                              : 0;
            REQUIRE(sequenceLength(classify(b)) == length);
            // Only leads have a first continuation range narrower than 80-BF, and only these four.
            const bool restricted = byte == 0xE0 || byte == 0xED || byte == 0xF0 || byte == 0xF4;
            REQUIRE(isRestrictedLead(b) == restricted);
            if (!restricted) {
                REQUIRE(int(firstContinuationRange(b).low) == 0x80);
                REQUIRE(int(firstContinuationRange(b).high) == 0xBF);
            }
            // Continuation and invalid bytes start no character at all.
            const bool starts = length > 0;
            REQUIRE(u8codec::lowestCodePoint(b).has_value() == starts);
            REQUIRE(highestCodePoint(b).has_value() == starts);
        }
    }
}

namespace {

struct RestrictedLead {
    const char* name;
    int lead, low, high, highestCodePoint;
    ErrorKind prevented;
};

} // namespace

TEST_CASE("the four restricted leads: their narrower first range and the error it prevents") {
    // RFC 3629 section 4: %xE0 %xA0-BF, %xED %x80-9F, %xF0 %x90-BF, %xF4 %x80-8F.
    const RestrictedLead rows[] = {
        {"E0 no overlong 3-byte", 0xE0, 0xA0, 0xBF, 0x0FFF, ErrorKind::Overlong},
        {"ED no surrogates", 0xED, 0x80, 0x9F, 0xD7FF, ErrorKind::Surrogate},
        {"F0 no overlong 4-byte", 0xF0, 0x90, 0xBF, 0x3FFFF, ErrorKind::Overlong},
        {"F4 not above U+10FFFF", 0xF4, 0x80, 0x8F, 0x10FFFF, ErrorKind::TooLarge},
    };
    for (const RestrictedLead& row : rows) {
        SUBCASE(row.name) {
            const int low = row.low, high = row.high, prevented = int(row.prevented);
            const auto b = std::uint8_t(row.lead);
            REQUIRE(isRestrictedLead(b));
            const ByteRange r = firstContinuationRange(b);
            REQUIRE(int(r.low) == low);
            REQUIRE(int(r.high) == high);
            for (int x = 0; x < 256; ++x)
                REQUIRE(r.contains(std::uint8_t(x)) == (x >= low && x <= high));
            REQUIRE(int(*u8codec::highestCodePoint(b)) == row.highestCodePoint);
            // The error the narrower range prevents is the one a continuation byte outside it
            // makes.
            REQUIRE(int(errorPreventedBy(b)) == prevented);
            for (int x = 0x80; x <= 0xBF; ++x)
                REQUIRE(int(errorKindOf(b, x)) ==
                        (r.contains(std::uint8_t(x)) ? int(ErrorKind::Truncated) : prevented));
            // Every other byte prevents nothing.
            for (int x = 0; x < 256; ++x)
                if (!isRestrictedLead(std::uint8_t(x)))
                    REQUIRE(int(errorPreventedBy(std::uint8_t(x))) == int(ErrorKind::None));
        }
    }
}

namespace {

struct CodePointRange {
    int byte, lowest, highest;
};

// The lowest code point each lead can start is the value its shortest well-formed sequence
// decodes to: the lead's payload bits followed by the smallest allowed continuation bytes.
std::vector<CodePointRange> codePointRanges() {
    std::vector<CodePointRange> rows;
    for (int b = 0; b < 0x80; ++b)
        rows.push_back({b, b, b});
    for (int b = 0xC2; b <= 0xDF; ++b)
        rows.push_back({b, (b & 0x1F) << 6, ((b & 0x1F) << 6) | 0x3F});
    for (int b = 0xE0; b <= 0xEF; ++b) {
        const int lo = b == 0xE0 ? 0x0800 : (b & 0x0F) << 12;
        const int hi = b == 0xED ? 0xD7FF : ((b & 0x0F) << 12) | 0x0FFF;
        rows.push_back({b, lo, hi});
    }
    for (int b = 0xF0; b <= 0xF4; ++b) {
        const int lo = b == 0xF0 ? 0x10000 : (b & 0x07) << 18;
        const int hi = b == 0xF4 ? 0x10FFFF : ((b & 0x07) << 18) | 0x3FFFF;
        rows.push_back({b, lo, hi});
    }
    return rows;
}

} // namespace

TEST_CASE("the lowest and highest code point each starting byte can begin") {
    for (const CodePointRange& row : codePointRanges()) {
        const std::string rowName = hexName(row.byte);
        SUBCASE(rowName.c_str()) {
            REQUIRE(int(u8codec::lowestCodePoint(std::uint8_t(row.byte)).value()) == row.lowest);
            REQUIRE(int(u8codec::highestCodePoint(std::uint8_t(row.byte)).value()) == row.highest);
        }
    }
}

TEST_CASE("byte classes are named") {
    REQUIRE(name(ByteClass::Ascii) == std::string_view("ascii"));
    REQUIRE(name(ByteClass::Continuation) == std::string_view("continuation"));
    REQUIRE(name(ByteClass::Lead2) == std::string_view("lead2"));
    REQUIRE(name(ByteClass::Lead3) == std::string_view("lead3"));
    REQUIRE(name(ByteClass::Lead4) == std::string_view("lead4"));
    REQUIRE(name(ByteClass::Invalid) == std::string_view("invalid"));
}
