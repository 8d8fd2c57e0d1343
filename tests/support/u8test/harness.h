// The test harness of the Qt-free libraries' suites (codec, convert, io, dump, the CLI, the fuzz
// seeds): doctest (Debian's doctest-dev), so they build and run where Qt is not installed. The
// window's and the widgets' suites stay Qt Test suites (they test Qt objects).
//
// Conventions every suite follows:
//   TEST_CASE("what it checks")   one check of one behaviour, named as a sentence;
//   REQUIRE(a == b)               where a failure makes the rest meaningless (Qt Test's QCOMPARE
//                                 and QVERIFY stopped the test there, so REQUIRE is their port);
//   CHECK(a == b)                 where the next checks still say something;
//   for (const auto& row : rows) { SUBCASE(row.name) {...} }
//                                 a table of cases (Qt Test's _data): each row runs, passes and
//                                 fails on its own, and is named in the report;
//   U8TEST_SKIP("why")            leaves the test case where its input is absent (the corpus, a
//                                 tool): it passes, and says so in the output.
// Failure messages print bytes as hex and code points as U+XXXX (the StringMakers below).
#pragma once

#include <cstdint>
#include <cstdio>
#include <doctest/doctest.h>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8test {

// Bytes as "61 E2 82 AC" (at most the first 256, then how many more).
std::string hexOf(std::span<const std::uint8_t> bytes);
inline std::string hexOf(std::string_view bytes) {
    return hexOf({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
}
// Code points as "U+0041 U+20AC" (at most the first 128).
std::string codePointsOf(std::u32string_view text);
// Says that the running test case skips the rest, and why (see U8TEST_SKIP).
void noteSkip(const char* file, int line, std::string_view why);

} // namespace u8test

// Leaves the current test case, which passes, saying why on the output.
#define U8TEST_SKIP(why)                                                                           \
    do {                                                                                           \
        ::u8test::noteSkip(__FILE__, __LINE__, (why));                                             \
        return;                                                                                    \
    } while (false)

namespace doctest {
template <> struct StringMaker<std::vector<std::uint8_t>> {
    static String convert(const std::vector<std::uint8_t>& v) {
        return ("[" + u8test::hexOf(v) + "]").c_str();
    }
};
template <> struct StringMaker<std::u32string> {
    static String convert(const std::u32string& s) { return u8test::codePointsOf(s).c_str(); }
};
// The elements through toString(), which has the overloads for numbers (StringMaker<T> alone
// prints a number as {?}) and for enums.
template <typename T> struct StringMaker<std::vector<T>> {
    static String convert(const std::vector<T>& v) {
        String out = "{";
        for (std::size_t i = 0; i < v.size() && i < 64; ++i)
            out += (i ? ", " : "") + toString(v[i]);
        if (v.size() > 64)
            out += ", ...";
        return out + "}";
    }
};
template <> struct StringMaker<std::nullopt_t> {
    static String convert(std::nullopt_t) { return "nullopt"; }
};
template <typename T> struct StringMaker<std::optional<T>> {
    static String convert(const std::optional<T>& v) {
        return v ? toString(*v) : String("nullopt");
    }
};
} // namespace doctest
