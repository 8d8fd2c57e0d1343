// The harness's main (doctest's) and its printers.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include "u8test/harness.h"

#include <cstdio>

namespace u8test {

std::string hexOf(std::span<const std::uint8_t> bytes) {
    constexpr std::size_t shown = 256;
    std::string out;
    char cell[4];
    for (std::size_t i = 0; i < bytes.size() && i < shown; ++i) {
        std::snprintf(cell, sizeof cell, "%02X", unsigned(bytes[i]));
        if (!out.empty())
            out += ' ';
        out += cell;
    }
    if (bytes.size() > shown)
        out += " ... (" + std::to_string(bytes.size() - shown) + " more)";
    return out;
}

std::string codePointsOf(std::u32string_view text) {
    constexpr std::size_t shown = 128;
    std::string out;
    char cell[12];
    for (std::size_t i = 0; i < text.size() && i < shown; ++i) {
        std::snprintf(cell, sizeof cell, "U+%04X", unsigned(text[i]));
        if (!out.empty())
            out += ' ';
        out += cell;
    }
    if (text.size() > shown)
        out += " ... (" + std::to_string(text.size() - shown) + " more)";
    return out;
}

void noteSkip(const char* file, int line, std::string_view why) {
    // A return inside a SUBCASE ends the run before the next row is reached, and doctest never
    // runs a row it has not reached (issues #820, #844): the rows after it would pass unrun.
    if (doctest::detail::g_cs && doctest::detail::g_cs->currentSubcaseDepth > 0)
        ADD_FAIL_AT(file, line,
                    "U8TEST_SKIP inside a SUBCASE would leave the rows after it unrun; skip the "
                    "row with an if instead: ",
                    std::string(why));
    std::fprintf(stdout, "%s:%d: SKIP: %.*s\n", file, line, int(why.size()), why.data());
    std::fflush(stdout);
}

} // namespace u8test
