#include "u8convert/line_endings.h"

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace u8convert {

std::string_view name(LineEnding e) noexcept {
    switch (e) {
    case LineEnding::Lf:
        return "lf";
    case LineEnding::CrLf:
        return "crlf";
    case LineEnding::Cr:
        return "cr";
    }
    return "lf";
}

namespace {

// The next CR or LF at or after p, or end: 16 bytes compared against both at a time.
const std::uint8_t* nextBreak(const std::uint8_t* p, const std::uint8_t* end) noexcept {
#if defined(__SSE2__)
    const __m128i lf = _mm_set1_epi8('\n');
    const __m128i cr = _mm_set1_epi8('\r');
    while (end - p >= 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        const int mask =
            _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr)));
        if (mask != 0)
            return p + __builtin_ctz(unsigned(mask));
        p += 16;
    }
#endif
    while (p != end && *p != '\n' && *p != '\r')
        ++p;
    return p;
}

} // namespace

void LineEndingCounter::feed(std::span<const std::uint8_t> bytes) noexcept {
    const std::uint8_t* p = bytes.data();
    const std::uint8_t* end = p + bytes.size();
    if (p == end)
        return;
    if (pendingCr_) {
        pendingCr_ = false;
        if (*p == '\n') {
            ++mix_.crlf;
            ++p;
        } else {
            ++mix_.cr;
        }
    }
    while ((p = nextBreak(p, end)) != end) {
        if (*p == '\n') {
            ++mix_.lf;
            ++p;
            continue;
        }
        ++p; // a CR
        if (p == end) {
            pendingCr_ = true;
            return;
        }
        if (*p == '\n') {
            ++mix_.crlf;
            ++p;
        } else {
            ++mix_.cr;
        }
    }
}

void LineEndingCounter::finish() noexcept {
    if (pendingCr_)
        ++mix_.cr;
    pendingCr_ = false;
}

LineEndingMix countLineEndings(std::span<const std::uint8_t> bytes) noexcept {
    LineEndingCounter c;
    c.feed(bytes);
    c.finish();
    return c.mix();
}

std::string normalizeLineEndings(std::string_view text, LineEnding target, std::uint64_t* changed) {
    const std::string_view eol = target == LineEnding::Lf     ? std::string_view("\n")
                                 : target == LineEnding::CrLf ? std::string_view("\r\n")
                                                              : std::string_view("\r");
    std::string out;
    out.reserve(text.size() + text.size() / 64);
    std::uint64_t rewritten = 0;
    const auto* begin = reinterpret_cast<const std::uint8_t*>(text.data());
    const std::uint8_t* p = begin;
    const std::uint8_t* end = begin + text.size();
    while (p != end) {
        const std::uint8_t* brk = nextBreak(p, end);
        out.append(reinterpret_cast<const char*>(p), std::size_t(brk - p));
        if (brk == end)
            break;
        LineEnding found = LineEnding::Lf;
        p = brk + 1;
        if (*brk == '\r') {
            found = LineEnding::Cr;
            if (p != end && *p == '\n') {
                found = LineEnding::CrLf;
                ++p;
            }
        }
        if (found != target)
            ++rewritten;
        out += eol;
    }
    if (changed)
        *changed = rewritten;
    return out;
}

} // namespace u8convert
