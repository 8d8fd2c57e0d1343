#include "u8codec/scan.h"

#include <cstdio>

namespace u8codec {

std::uint64_t ScanSummary::errorSegments() const noexcept {
    std::uint64_t n = 0;
    for (int k = 1; k < kErrorKindCount; ++k)
        n += errors[std::size_t(k)];
    return n;
}

std::string ScanSummary::toJson() const {
    std::string j = "{\"bytes\":" + std::to_string(bytes) +
                    ",\"characters\":" + std::to_string(characters) + ",\"by_length\":{";
    for (int n = 1; n <= 4; ++n) {
        if (n > 1)
            j += ',';
        j += '"' + std::to_string(n) + "\":" + std::to_string(byLength[std::size_t(n)]);
    }
    j += "},\"errors\":{";
    for (int k = 1; k < kErrorKindCount; ++k) {
        if (k > 1)
            j += ',';
        j += '"';
        j += name(ErrorKind(k));
        j += "\":" + std::to_string(errors[std::size_t(k)]);
    }
    j += "},\"error_segments\":" + std::to_string(errorSegments());
    j += ",\"lines\":" + std::to_string(lines);
    j += ",\"line_endings\":{\"lf\":" + std::to_string(lineFeeds - crlf) +
         ",\"crlf\":" + std::to_string(crlf) + ",\"cr\":" + std::to_string(carriageReturns - crlf) +
         "}";
    j += std::string(",\"bom\":") + (bom ? "true" : "false");
    j += std::string(",\"valid\":") + (valid() ? "true" : "false") + "}";
    return j;
}

void Scanner::count(const Segment& s, ScanSummary& summary) noexcept {
    if (s.isValid()) {
        ++summary.characters;
        ++summary.byLength[s.length];
    } else {
        ++summary.errors[std::size_t(s.error)];
    }
}

void Scanner::countLineBytes(std::span<const std::uint8_t> bytes) {
    for (std::uint8_t b : bytes) {
        if (b == '\n') {
            ++summary_.lineFeeds;
            if (lastByte_ == '\r')
                ++summary_.crlf;
        } else if (b == '\r') {
            ++summary_.carriageReturns;
        }
        lastByte_ = b;
    }
}

void Scanner::feedExact(std::span<const std::uint8_t> bytes) {
    segmenter_.feed(bytes, [this](const Segment& s) { count(s, summary_); });
}

void Scanner::feed(std::span<const std::uint8_t> bytes) {
    if (bytes.empty())
        return;
    // The byte-order mark is U+FEFF encoded at the very start (RFC 3629 section 6).
    static constexpr std::uint8_t kBom[3] = {0xEF, 0xBB, 0xBF};
    for (std::size_t i = 0; i < bytes.size() && summary_.bytes + i < 3; ++i) {
        const std::uint64_t at = summary_.bytes + i;
        if (at == 0)
            summary_.bom = bytes[i] == kBom[0];
        else
            summary_.bom = summary_.bom && bytes[i] == kBom[at];
    }
    feedExact(bytes);
    countLineBytes(bytes);
    summary_.bytes += bytes.size();
}

void Scanner::finish() {
    if (finished_)
        return;
    finished_ = true;
    segmenter_.finish([this](const Segment& s) { count(s, summary_); });
    if (summary_.bytes < 3)
        summary_.bom = false;
    summary_.lines = summary_.lineFeeds + (summary_.bytes > 0 && lastByte_ != '\n' ? 1 : 0);
}

ScanSummary scan(std::span<const std::uint8_t> bytes) {
    Scanner s;
    s.feed(bytes);
    s.finish();
    return s.summary();
}

} // namespace u8codec
