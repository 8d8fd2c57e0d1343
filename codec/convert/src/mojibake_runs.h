// Runs in the bytes of a text: what the mojibake repair judges at a time. A run is non-ASCII
// characters and the spaces between them (a space may be a lost A0); a word of a run is its
// non-ASCII characters without the spaces. Library-internal.
#pragma once

#include "ascii_run.h"

#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace u8convert::detail::mojibake {
using namespace u8codec;

// What is taken as one: a whole run, or a word of one.
enum class RunExtent : bool { Word, Run };

// Where the run (a word of it, by `extent`) holding the byte at `q` begins: back over
// non-ASCII bytes (and spaces, for a whole run) to `floor` at most, then past leading spaces to `q`
// at most.
inline const std::uint8_t* startOfRun(const std::uint8_t* q, const std::uint8_t* floor,
                                      RunExtent extent) {
    const bool spaces = extent == RunExtent::Run;
    const std::uint8_t* start = q;
    while (start > floor && (start[-1] >= 0x80 || (spaces && start[-1] == ' ')))
        --start;
    while (start < q && *start == ' ')
        ++start;
    return start;
}

// The first byte at or after p that is ASCII and, for a whole run, not a space: where a run of
// non-ASCII characters and the spaces between them ends (a word of them, without). 16 bytes at
// a time.
inline const std::uint8_t* endOfRun(const std::uint8_t* p, const std::uint8_t* end,
                                    RunExtent extent) {
    const bool spaces = extent == RunExtent::Run;
    const auto inRun = [&](std::uint8_t b) { return b >= 0x80 || (spaces && b == ' '); };
#if defined(__SSE2__)
    // Without spaces, compared with 80, which only bytes in the run anyway equal.
    const __m128i space = spaces ? _mm_set1_epi8(' ') : _mm_set1_epi8(char(0x80));
    while (end - p >= 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        const int in = _mm_movemask_epi8(_mm_or_si128(v, _mm_cmpeq_epi8(v, space)));
        if (in != 0xFFFF)
            return p + __builtin_ctz(~unsigned(in));
        p += 16;
    }
#endif
    while (p != end && inRun(*p))
        ++p;
    return p;
}

// A word: non-ASCII bytes between ASCII ones.
struct Word {
    const std::uint8_t* begin;
    const std::uint8_t* end;
};

// The first word at or after p that starts before `stop` (else {stop, stop}); `end`: the end of
// the text. Where the word is short and near, one load of 16 bytes finds where it begins and
// ends: text damaged throughout has one every few dozen bytes.
inline Word nextWord(const std::uint8_t* p, const std::uint8_t* stop, const std::uint8_t* end) {
#if defined(__SSE2__)
    if (end - p >= 16) {
        const unsigned nonAscii =
            unsigned(_mm_movemask_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))));
        if (nonAscii != 0) {
            const unsigned i = unsigned(__builtin_ctz(nonAscii));
            if (p + i >= stop)
                return {stop, stop};
            const unsigned asciiAfter = ~nonAscii & (0xFFFFu << i) & 0xFFFFu;
            if (asciiAfter != 0)
                return {p + i, p + __builtin_ctz(asciiAfter)};
            return {p + i, endOfRun(p + 16, end, RunExtent::Word)};
        }
        p += 16;
        if (p >= stop)
            return {stop, stop};
    }
#endif
    const std::uint8_t* q = nextNonAscii(p, stop);
    if (q == stop)
        return {stop, stop};
    return {q, endOfRun(q, end, RunExtent::Word)};
}

} // namespace u8convert::detail::mojibake
