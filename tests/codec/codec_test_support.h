// Helpers shared by the codec suites: reading hex, loading the corpus, constructed inputs, a
// seeded random generator, and printing segments in failure messages. No UTF-8 rule lives here.
#pragma once

#include "u8codec/segment.h"
#include "u8test/files.h"
#include "u8test/harness.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace u8test {

using Bytes = std::vector<std::uint8_t>;

// "61 F1 80 80" -> bytes; spaces optional between pairs. Anything else (an odd digit, a letter
// that is no hex digit) is a mistake in the test, and throws, which fails the test case.
inline Bytes hex(const char* text) {
    Bytes out;
    int high = -1;
    for (const char* p = text; *p; ++p) {
        const char c = *p;
        if (c == ' ' || c == '\n' || c == '\t')
            continue;
        int v = -1;
        if (c >= '0' && c <= '9')
            v = c - '0';
        else if (c >= 'a' && c <= 'f')
            v = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            v = c - 'A' + 10;
        if (v < 0)
            throw std::invalid_argument(std::string("not a hex digit in \"") + text + "\"");
        if (high < 0) {
            high = v;
        } else {
            out.push_back(std::uint8_t(high << 4 | v));
            high = -1;
        }
    }
    if (high >= 0)
        throw std::invalid_argument(std::string("an odd number of hex digits in \"") + text + "\"");
    return out;
}

inline std::span<const std::uint8_t> view(const Bytes& b) {
    return {b.data(), b.size()};
}

inline Bytes toBytes(std::string_view s) {
    return Bytes(s.begin(), s.end());
}

inline std::string corpusDir() {
    return U8SCOPE_CORPUS_DIR;
}

// The corpus file's bytes into `out`; false when the corpus is absent.
inline bool loadCorpus(const std::string& name, Bytes& out) {
    const std::optional<std::string> bytes = readFile(corpusDir() + "/" + name);
    if (!bytes)
        return false;
    out = toBytes(*bytes);
    return true;
}

// A seeded generator with QRandomGenerator's calls (the suites were written against it): the
// same seed gives the same values on every run and every machine (std::mt19937 is specified).
class Random {
public:
    explicit Random(std::uint32_t seed) : engine_(seed) {}
    std::uint32_t generate() { return std::uint32_t(engine_()); }
    std::uint64_t generate64() {
        const std::uint64_t high = generate();
        return high << 32 | generate();
    }
    // In [0, high).
    template <typename T> T bounded(T high) {
        static_assert(std::is_integral_v<T>);
        return T(generate64() % std::uint64_t(high));
    }
    // In [low, high).
    template <typename T> T bounded(T low, T high) { return T(low + bounded(T(high - low))); }

private:
    std::mt19937 engine_;
};

// Inputs dense in every kind of error and boundary, built from byte values that sit on the
// edges of the ranges of RFC 3629 section 4's ABNF.
inline std::vector<Bytes> constructedInputs() {
    std::vector<Bytes> inputs = {
        {},
        hex("61 F1 80 80 E1 80 C2 62 80 63 80 BF 64"),
        hex("C0AF"),
        hex("E080AF"),
        hex("F08080AF"),
        hex("F8808080AF"),
        hex("FC80808080AF"),
        hex("EDA080EDB080"),
        hex("EDA0BDEDB880"),
        hex("F4908080"),
        hex("F7BFBFBF"),
        hex("FEFF"),
        hex("E282"),
        hex("E282AC"),
        hex("F09F9880"),
        hex("F09F98"),
        hex("80BF8081"),
        hex("C2"),
        hex("DF"),
        hex("EF BF BD EF BF BE"),
        hex("ED9FBF EE8080 F48FBFBF F4908080"),
        hex("E0A0 E0 9F F0 8F F0 90 F4 8F F4 90 ED 9F ED A0"),
        hex("C2 41 E1 80 41 F1 80 80 41 E1 41 F1 41 F1 80 41"),
        hex("EFBBBF 48 69 0D 0A 0D"),
    };
    // A pseudo-random walk over boundary bytes: fixed seed, so failures reproduce.
    static constexpr std::uint8_t kEdge[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0,
                                             0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
                                             0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5,
                                             0xF7, 0xF8, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF, 0x0A};
    Random rng(20261122);
    for (int n = 0; n < 24; ++n) {
        Bytes b(std::size_t(8 + rng.bounded(120)));
        for (auto& x : b)
            x = kEdge[rng.bounded(int(sizeof kEdge))];
        inputs.push_back(std::move(b));
    }
    // Random bytes of every value.
    for (int n = 0; n < 8; ++n) {
        Bytes b(std::size_t(64 + rng.bounded(200)));
        for (auto& x : b)
            x = std::uint8_t(rng.bounded(256));
        inputs.push_back(std::move(b));
    }
    return inputs;
}

// Every byte as two upper-case hex digits, spaced (all of them, unlike hexOf's first 256).
inline std::string hexString(std::span<const std::uint8_t> b) {
    static constexpr char kDigits[] = "0123456789ABCDEF";
    std::string out;
    for (std::size_t i = 0; i < b.size(); ++i) {
        if (i)
            out += ' ';
        out += kDigits[b[i] >> 4];
        out += kDigits[b[i] & 0xF];
    }
    return out;
}

// "{offset+length kind U+XXXX}", the code point as at least four hex digits.
inline std::string describe(const u8codec::Segment& s) {
    char codePoint[16];
    std::snprintf(codePoint, sizeof codePoint, "%04x", unsigned(s.codePoint));
    // Appended piece by piece: "{" + a temporary trips GCC 12's false -Wrestrict.
    std::string out = "{";
    out += std::to_string(s.offset);
    out += '+';
    out += std::to_string(int(s.length));
    out += ' ';
    out += u8codec::name(s.error);
    out += " U+";
    out += codePoint;
    out += '}';
    return out;
}

inline std::string describe(const std::vector<u8codec::Segment>& v) {
    std::string out;
    for (const auto& s : v) {
        if (!out.empty())
            out += ' ';
        out += describe(s);
    }
    return out;
}

// The first difference of two segment lists, for failure messages; empty when equal.
inline std::string firstDifference(const std::vector<u8codec::Segment>& got,
                                   const std::vector<u8codec::Segment>& want) {
    const std::size_t n = std::min(got.size(), want.size());
    for (std::size_t i = 0; i < n; ++i)
        if (!(got[i] == want[i]))
            return "segment " + std::to_string(i) + ": got " + describe(got[i]) + ", want " +
                   describe(want[i]);
    if (got.size() != want.size())
        return "got " + std::to_string(got.size()) + " segments, want " +
               std::to_string(want.size());
    return {};
}

} // namespace u8test

// Segments in failure messages as describe() writes them.
template <> struct doctest::StringMaker<u8codec::Segment> {
    static String convert(const u8codec::Segment& s) { return u8test::describe(s).c_str(); }
};
