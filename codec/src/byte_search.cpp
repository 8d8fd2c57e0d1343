#include "u8codec/byte_search.h"

#include <algorithm>
#include <cstring>
#include <functional>

namespace u8codec {

int hexDigitValue(char c) noexcept {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

namespace {

bool isSeparator(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ':' || c == '-';
}

// "'z' at position 3 is not a hex digit". Built with push_back and append: GCC 12 at -O3 reports
// a false -Wrestrict (its bug 105329) on the same text made with operator+ or assigned from "'".
std::string notHexDigit(char c, std::size_t position) {
    std::string message(1, '\'');
    message.push_back(c);
    message.append("' at position ").append(std::to_string(position)).append(" is not a hex digit");
    return message;
}

bool cancelled(const std::atomic<bool>* cancel) noexcept {
    return cancel && cancel->load(std::memory_order_relaxed);
}

} // namespace

Result<std::vector<std::uint8_t>> parseHexPattern(std::string_view text) {
    std::vector<std::uint8_t> bytes;
    int high = -1; // the first digit of a byte being read
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        // "0x" and "\x" prefixes introduce a byte; they may not split one.
        if (high < 0 && i + 1 < text.size() && (text[i + 1] == 'x' || text[i + 1] == 'X') &&
            (c == '0' || c == '\\')) {
            ++i;
            continue;
        }
        const int d = hexDigitValue(c);
        if (d >= 0) {
            if (high < 0) {
                high = d;
            } else {
                bytes.push_back(std::uint8_t(high << 4 | d));
                high = -1;
            }
            continue;
        }
        if (isSeparator(c) && high < 0)
            continue;
        if (isSeparator(c))
            return Error{ErrorCode::Invalid, "a separator splits a byte at position " +
                                                 std::to_string(i + 1) +
                                                 ": write each byte as two hex digits"};
        return Error{ErrorCode::Invalid, notHexDigit(c, i + 1)};
    }
    if (high >= 0)
        return Error{ErrorCode::Invalid,
                     "odd number of hex digits: the last byte needs two digits"};
    if (bytes.empty())
        return Error{ErrorCode::Invalid, "no bytes given"};
    return bytes;
}

Result<std::vector<std::uint8_t>> parseHexPaste(std::string_view text) {
    const std::size_t open = text.find('{');
    const std::size_t close = text.rfind('}');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open)
        return parseHexPattern(text);
    // Only a declaration or nothing before the brace, and nothing but ';' and space after it.
    const std::string_view after = text.substr(close + 1);
    if (after.find_first_not_of(" \t\r\n;") != std::string_view::npos)
        return parseHexPattern(text);
    return parseHexPattern(text.substr(open + 1, close - open - 1));
}

std::optional<std::uint64_t> findForward(const ByteSource& source,
                                         std::span<const std::uint8_t> pattern, std::uint64_t from,
                                         std::uint64_t limit, const std::atomic<bool>* cancel) {
    const std::uint64_t size = source.size();
    if (pattern.empty() || pattern.size() > size)
        return std::nullopt;
    // A match must start at or before size - pattern.size().
    limit = std::min(limit, size - pattern.size() + 1);
    if (from >= limit)
        return std::nullopt;
    const std::boyer_moore_horspool_searcher searcher(pattern.begin(), pattern.end());
    AlignedBuffer chunk(kSearchChunkSize + pattern.size() - 1);
    std::uint64_t pos = from;
    while (pos < limit) {
        if (cancelled(cancel))
            return std::nullopt;
        // Read the starts [pos, pos + kSearchChunkSize) plus the tail a match starting there
        // needs: a match across the edge between two chunks lies wholly in the first read.
        const std::uint64_t starts = std::min<std::uint64_t>(kSearchChunkSize, limit - pos);
        const std::size_t want = std::size_t(starts + pattern.size() - 1);
        const std::size_t got = source.read(pos, std::span(chunk.data(), want));
        if (got < pattern.size())
            return std::nullopt; // the file ended early (it shrank)
        const auto end = chunk.begin() + std::ptrdiff_t(got);
        const auto hit = std::search(chunk.begin(), end, searcher);
        if (hit != end)
            return pos + std::uint64_t(hit - chunk.begin());
        if (got < want)
            return std::nullopt;
        pos += starts;
    }
    return std::nullopt;
}

std::optional<std::uint64_t> findBackward(const ByteSource& source,
                                          std::span<const std::uint8_t> pattern,
                                          std::uint64_t before, std::uint64_t floor,
                                          const std::atomic<bool>* cancel) {
    const std::uint64_t size = source.size();
    if (pattern.empty() || pattern.size() > size)
        return std::nullopt;
    before = std::min(before, size - pattern.size() + 1);
    AlignedBuffer chunk(kSearchChunkSize + pattern.size() - 1);
    // Walk chunks of starts [lo, hi) from the back; within a chunk, the last match wins.
    std::uint64_t hi = before;
    while (hi > floor) {
        if (cancelled(cancel))
            return std::nullopt;
        const std::uint64_t lo = hi - std::min<std::uint64_t>(kSearchChunkSize, hi - floor);
        const std::size_t want = std::size_t(hi - lo + pattern.size() - 1);
        const std::size_t got = source.read(lo, std::span(chunk.data(), want));
        if (got >= pattern.size()) {
            const auto end = chunk.begin() + std::ptrdiff_t(got);
            const auto hit = std::find_end(chunk.begin(), end, pattern.begin(), pattern.end());
            if (hit != end)
                return lo + std::uint64_t(hit - chunk.begin());
        }
        hi = lo;
    }
    return std::nullopt;
}

std::vector<std::uint64_t> findAllOverlapping(const ByteSource& source,
                                              std::span<const std::uint8_t> pattern,
                                              std::uint64_t from, std::uint64_t to,
                                              std::size_t maxMatches) {
    std::vector<std::uint64_t> matches;
    const std::uint64_t size = source.size();
    if (pattern.empty() || to <= from || pattern.size() > size)
        return matches;
    // A match overlapping [from, to) starts in [from - (n - 1), to) and at most at size - n.
    std::uint64_t pos = from - std::min<std::uint64_t>(from, pattern.size() - 1);
    const std::uint64_t limit = std::min(to, size - pattern.size() + 1);
    const std::boyer_moore_horspool_searcher searcher(pattern.begin(), pattern.end());
    AlignedBuffer chunk;
    while (pos < limit && matches.size() < maxMatches) {
        const std::uint64_t starts = std::min<std::uint64_t>(kSearchChunkSize, limit - pos);
        const std::size_t want = std::size_t(starts + pattern.size() - 1);
        chunk.resize(want);
        const std::size_t got = source.read(pos, std::span(chunk.data(), want));
        const auto end = chunk.begin() + std::ptrdiff_t(got);
        for (auto it = std::search(chunk.begin(), end, searcher);
             it != end && matches.size() < maxMatches; it = std::search(it + 1, end, searcher))
            matches.push_back(pos + std::uint64_t(it - chunk.begin()));
        if (got < want)
            break; // the file ended early (it shrank)
        pos += starts;
    }
    return matches;
}

} // namespace u8codec
