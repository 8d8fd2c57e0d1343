// Library-internal: the code pages of the mojibake repair, read from ICU once, as the tables the
// repair and its sieve look characters up in.
#pragma once

#include "u8convert/mojibake.h"

#include <array>
#include <cstdint>
#include <map>
#include <vector>

namespace u8convert::detail {

// A set of code pages: bit p stands for CodePage(p).
using PageMask = std::uint64_t;
static_assert(kCodePageCount <= 64, "a page mask holds a bit per page");

inline constexpr PageMask pageBit(CodePage cp) {
    return PageMask(1) << unsigned(cp);
}

// Code points below this limit are looked up in flat tables; the few characters of these pages
// above it (MacRoman's U+F8FF and ligatures) in small maps.
inline constexpr char32_t kFlatLimit = 0x2600;
inline constexpr char32_t kNoChar = 0xFFFFFFFF;
inline constexpr char32_t kLostByte = 0xFFFD; // what a strict decoder wrote for an undefined byte

// One page: byte -> character and back.
struct PageTable {
    std::array<char32_t, 256> toUnicode{}; // kNoChar: never (undefined bytes read as C1 controls)
    std::array<std::uint8_t, kFlatLimit> fromUnicode{}; // 0: the character is not on the page
    std::map<char32_t, std::uint8_t> fromUnicodeHigh;
    // The page leaves a continuation byte (80-BF) undefined: a strict decoder (Python's
    // errors="replace") wrote U+FFFD for it, and the character it was part of is lost.
    bool losesContinuations = false;
    // ... or a lead byte (C2-F4: ISO-8859-8 leaves the Hebrew lead D7 undefined, ISO-8859-6 the
    // Arabic D8-DB): then U+FFFD and the images of the continuation bytes after it are one lost
    // character.
    bool losesLeads = false;

    std::uint8_t byteOf(char32_t c) const {
        if (c < 0x80)
            return std::uint8_t(c);
        if (c < kFlatLimit)
            return fromUnicode[c];
        const auto it = fromUnicodeHigh.find(c);
        return it == fromUnicodeHigh.end() ? 0 : it->second;
    }
};

// What a character can be the image of, per page. A mis-decoding maps each byte 80-FF to one
// character, so a character that is the image of no byte of a page cannot be part of damage done
// through that page.
struct PageMasks {
    // Bit p of leads[n - 2]: page p maps the character to the lead byte of an n-byte sequence
    // (C2-DF, E0-EF, F0-F4: RFC 3629 section 3).
    std::array<PageMask, 3> leads{};
    PageMask cont = 0; // pages mapping the character to a continuation byte (80-BF)

    PageMask lead() const { return PageMask(leads[0] | leads[1] | leads[2]); }
};

struct PageTables {
    std::array<PageTable, kCodePageCount> pages;
    std::array<PageMasks, kFlatLimit> flat{};
    std::map<char32_t, PageMasks> high; // characters at or above kFlatLimit on some page

    // Exact for every code point: characters on no page have empty masks.
    const PageMasks& masks(char32_t c) const {
        static const PageMasks none{};
        if (c < kFlatLimit)
            return flat[c];
        const auto it = high.find(c);
        return it == high.end() ? none : it->second;
    }
    PageMask leadMask(char32_t c) const { return masks(c).lead(); }
    PageMask contMask(char32_t c) const { return masks(c).cont; }
};

// Reads the pages from ICU's converters.
PageTables buildPageTables();

// Built once, on first use (thread-safe static initialisation); later calls cost one load.
inline const PageTables& pageTables() {
    static const PageTables t = buildPageTables();
    return t;
}

// The name ICU knows the page by (the one u8codec::name() returns).
std::string_view icuName(CodePage cp) noexcept;

} // namespace u8convert::detail
