#include "u8convert/text_reading.h"

#include "u8codec/local_segments.h"
#include "u8convert/transcode.h"

#include <algorithm>
#include <optional>

namespace u8convert {
using namespace u8codec;

namespace {

bool isHighSurrogate(char16_t u) {
    return u >= 0xD800 && u <= 0xDBFF;
}
bool isLowSurrogate(char16_t u) {
    return u >= 0xDC00 && u <= 0xDFFF;
}

// The one code point of well-formed UTF-8 `s`, or nullopt when it holds another number of them.
std::optional<char32_t> onlyCodePoint(std::string_view s) {
    const std::vector<Segment> segments = segmentsInWindow(
        std::span(reinterpret_cast<const std::uint8_t*>(s.data()), s.size()), 0, true, 0, s.size());
    if (segments.size() != 1 || !segments[0].isValid())
        return std::nullopt;
    return segments[0].codePoint;
}

} // namespace

const std::vector<std::string_view>& TextReading::offered() {
    static const std::vector<std::string_view> names = {
        "UTF-8",  "windows-1252", "ISO-8859-1", "ISO-8859-15", "windows-1250", "windows-1251",
        "KOI8-R", "macintosh",    "IBM437",     "UTF-16LE",    "UTF-16BE"};
    return names;
}

std::shared_ptr<const TextReading> TextReading::utf8() {
    static const std::shared_ptr<const TextReading> reading(new TextReading(Kind::Utf8, "UTF-8"));
    return reading;
}

u8codec::Result<std::shared_ptr<const TextReading>> TextReading::make(std::string_view encoding) {
    using u8codec::ErrorCode;
    if (encoding == "UTF-8")
        return utf8();
    if (encoding == "UTF-16LE")
        return {std::shared_ptr<const TextReading>(new TextReading(Kind::Utf16LE, "UTF-16LE"))};
    if (encoding == "UTF-16BE")
        return {std::shared_ptr<const TextReading>(new TextReading(Kind::Utf16BE, "UTF-16BE"))};
    // A single-byte code page: each byte through the codec's transcoding, one at a time, so
    // that a byte the page leaves unassigned is known as such (no substitute character).
    std::shared_ptr<TextReading> reading(new TextReading(Kind::SingleByte, std::string(encoding)));
    for (int b = 0; b < 256; ++b) {
        const std::uint8_t byte = std::uint8_t(b);
        const TranscodeResult r = transcode(std::span(&byte, 1), encoding, "UTF-8");
        if (!r.status.ok() && r.invalidInput == 0)
            return {ErrorCode::Invalid, r.status.message().empty()
                                            ? "unknown encoding " + std::string(encoding)
                                            : r.status.message()};
        const auto cp = r.status.ok() ? onlyCodePoint(r.output) : std::nullopt;
        if (r.status.ok() && !cp && !r.output.empty())
            return {ErrorCode::Invalid, std::string(encoding) + " is not a single-byte encoding"};
        reading->table_[std::size_t(b)] = cp ? *cp : kUnassigned;
    }
    return {std::shared_ptr<const TextReading>(std::move(reading))};
}

char16_t TextReading::unitOf(const std::uint8_t* two) const {
    return kind_ == Kind::Utf16LE ? char16_t(two[0] | (two[1] << 8))
                                  : char16_t((two[0] << 8) | two[1]);
}

Segment TextReading::utf16Segment(std::uint64_t at, char16_t unit, bool hasNext, char16_t next) {
    if (isHighSurrogate(unit) && hasNext && isLowSurrogate(next))
        return {at, 4, ErrorKind::None,
                char32_t(0x10000 + ((unit - 0xD800) << 10) + (next - 0xDC00))};
    if (isHighSurrogate(unit) || isLowSurrogate(unit))
        return {at, 2, ErrorKind::Surrogate, 0};
    return {at, 2, ErrorKind::None, char32_t(unit)};
}

Segment TextReading::utf16At(const ByteSource& source, std::uint64_t offset) const {
    const std::uint64_t size = source.size();
    const std::uint64_t unitStart = offset & ~std::uint64_t(1);
    // From the unit before (a high surrogate whose pair this may end) to the unit after.
    const std::uint64_t from = unitStart >= 2 ? unitStart - 2 : 0;
    std::uint8_t bytes[6] = {};
    const std::size_t got =
        source.read(from, std::span(bytes, std::min<std::uint64_t>(6, size - from)));
    const std::size_t at = std::size_t(unitStart - from); // unitStart's index in bytes
    if (at + 1 >= got)
        return {unitStart, 1, ErrorKind::Truncated, 0}; // an odd last byte
    const char16_t unit = unitOf(bytes + at);
    if (at == 2 && isLowSurrogate(unit) && isHighSurrogate(unitOf(bytes)))
        return utf16Segment(from, unitOf(bytes), true, unit);
    const bool hasNext = at + 3 < got;
    return utf16Segment(unitStart, unit, hasNext, hasNext ? unitOf(bytes + at + 2) : 0);
}

Segment TextReading::segmentAt(const ByteSource& source, std::uint64_t offset) const {
    switch (kind_) {
    case Kind::Utf8:
        return u8codec::segmentAt(source, offset);
    case Kind::SingleByte: {
        std::uint8_t b = 0;
        source.read(offset, std::span(&b, 1));
        const char32_t cp = table_[b];
        return cp == kUnassigned ? Segment{offset, 1, ErrorKind::InvalidByte, 0}
                                 : Segment{offset, 1, ErrorKind::None, cp};
    }
    case Kind::Utf16LE:
    case Kind::Utf16BE:
        return utf16At(source, offset);
    }
    return {};
}

std::vector<Segment> TextReading::segmentsInWindow(std::span<const std::uint8_t> window,
                                                   std::uint64_t windowOffset,
                                                   bool windowReachesEnd, std::uint64_t from,
                                                   std::uint64_t to) const {
    if (kind_ == Kind::Utf8)
        return u8codec::segmentsInWindow(window, windowOffset, windowReachesEnd, from, to);
    std::vector<Segment> out;
    const std::uint64_t windowEnd = windowOffset + window.size();
    to = std::min(to, windowEnd);
    if (kind_ == Kind::SingleByte) {
        for (std::uint64_t o = from; o < to; ++o) {
            const char32_t cp = table_[window[std::size_t(o - windowOffset)]];
            out.push_back(cp == kUnassigned ? Segment{o, 1, ErrorKind::InvalidByte, 0}
                                            : Segment{o, 1, ErrorKind::None, cp});
        }
        return out;
    }
    // UTF-16: from the unit holding `from` (or the pair it ends, when the window shows its
    // start).
    std::uint64_t at = std::max(from & ~std::uint64_t(1), windowOffset + (windowOffset & 1));
    auto unitAt = [&](std::uint64_t o) { return unitOf(window.data() + (o - windowOffset)); };
    if (at >= windowOffset + 2 && at + 1 < windowEnd && isLowSurrogate(unitAt(at)) &&
        isHighSurrogate(unitAt(at - 2)))
        at -= 2;
    while (at < to) {
        if (at + 1 >= windowEnd) {
            if (windowReachesEnd)
                out.push_back({at, 1, ErrorKind::Truncated, 0});
            break;
        }
        const bool hasNext = at + 3 < windowEnd;
        if (!hasNext && !windowReachesEnd && isHighSurrogate(unitAt(at)))
            break; // its pair may follow past the window
        const Segment s = utf16Segment(at, unitAt(at), hasNext, hasNext ? unitAt(at + 2) : 0);
        out.push_back(s);
        at = s.end();
    }
    return out;
}

std::uint64_t TextReading::lineStartAfter(const ByteSource& source, std::uint64_t offset) const {
    if (kind_ == Kind::Utf8 || kind_ == Kind::SingleByte)
        return offset + 1; // every page offered keeps ASCII's line feed
    // UTF-16: 0A is the low byte of the unit 000A: first in UTF-16LE, second in UTF-16BE.
    const bool little = kind_ == Kind::Utf16LE;
    if ((offset % 2 == 0) != little)
        return 0;
    const std::uint64_t partner = little ? offset + 1 : offset - 1;
    std::uint8_t b = 0xFF;
    if (source.read(partner, std::span(&b, 1)) != 1 || b != 0)
        return 0;
    return little ? offset + 2 : offset + 1;
}

} // namespace u8convert
