#include "u8codec/segment.h"

#include "u8codec/segmenter.h"

namespace u8codec {

std::string_view name(ErrorKind k) noexcept {
    switch (k) {
    case ErrorKind::None:
        return "valid";
    case ErrorKind::InvalidByte:
        return "never-valid-byte";
    case ErrorKind::UnexpectedContinuation:
        return "stray-continuation";
    case ErrorKind::Overlong:
        return "overlong";
    case ErrorKind::Surrogate:
        return "surrogate";
    case ErrorKind::TooLarge:
        return "too-large";
    case ErrorKind::Truncated:
        return "truncated";
    }
    return "valid";
}

std::string_view title(ErrorKind k) noexcept {
    switch (k) {
    case ErrorKind::None:
        return "Valid character";
    // The words of the problem kinds (title(ProblemKind)) where a kind is both: one name a kind.
    case ErrorKind::InvalidByte:
        return "Never-valid byte";
    case ErrorKind::UnexpectedContinuation:
        return "Stray continuation byte";
    case ErrorKind::Overlong:
        return "Overlong form";
    case ErrorKind::Surrogate:
        return "Encoded surrogate";
    case ErrorKind::TooLarge:
        return "Beyond U+10FFFF";
    case ErrorKind::Truncated:
        return "Truncated sequence";
    }
    return "Valid character";
}

ErrorKind errorPreventedBy(std::uint8_t lead) noexcept {
    switch (lead) {
    case 0xE0: // E0 80..9F would write U+0000..U+07FF in three bytes
    case 0xF0: // F0 80..8F would write U+0000..U+FFFF in four bytes
        return ErrorKind::Overlong;
    case 0xED: // ED A0..BF would write U+D800..U+DFFF
        return ErrorKind::Surrogate;
    case 0xF4: // F4 90..BF would write U+110000 and above
        return ErrorKind::TooLarge;
    default:
        return ErrorKind::None;
    }
}

// Unicode Standard chapter 3, table 3-7: after each restricted lead, the first continuation byte
// has a narrower range (firstContinuationRange); a byte in the excluded part of 80-BF tells which
// rule was broken (errorPreventedBy).
ErrorKind errorKindOf(std::uint8_t b0, int next) noexcept {
    if (b0 >= 0x80 && b0 <= 0xBF)
        return ErrorKind::UnexpectedContinuation;
    if (b0 == 0xC0 || b0 == 0xC1 || b0 >= 0xF5)
        return ErrorKind::InvalidByte;
    if (b0 < 0x80)
        return ErrorKind::None; // an ASCII byte is never an error
    if (isRestrictedLead(b0) && next >= 0x80 && next <= 0xBF &&
        !firstContinuationRange(b0).contains(std::uint8_t(next)))
        return errorPreventedBy(b0);
    return ErrorKind::Truncated;
}

std::vector<Segment> segment(std::span<const std::uint8_t> bytes, std::uint64_t baseOffset) {
    std::vector<Segment> out;
    out.reserve(bytes.size());
    Segmenter s(baseOffset);
    auto sink = [&](const Segment& seg) { out.push_back(seg); };
    s.feed(bytes, sink);
    s.finish(sink);
    return out;
}

} // namespace u8codec
