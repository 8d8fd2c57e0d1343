#include "u8codec/line_endings.h"

#include <cstring>

namespace u8codec {

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

// The next CR or LF at or after p, or end. memchr is vectorised by the C library; text has few
// line breaks, so two scans beat a byte loop.
const std::uint8_t* nextBreak(const std::uint8_t* p, const std::uint8_t* end) noexcept {
    const auto* lf = static_cast<const std::uint8_t*>(std::memchr(p, '\n', std::size_t(end - p)));
    const std::uint8_t* limit = lf ? lf : end;
    const auto* cr = static_cast<const std::uint8_t*>(std::memchr(p, '\r', std::size_t(limit - p)));
    return cr ? cr : limit;
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

} // namespace u8codec
