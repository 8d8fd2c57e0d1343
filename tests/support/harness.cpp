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
    std::fprintf(stdout, "%s:%d: SKIP: %.*s\n", file, line, int(why.size()), why.data());
    std::fflush(stdout);
}

} // namespace u8test
