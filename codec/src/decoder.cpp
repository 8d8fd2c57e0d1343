#include "u8codec/decoder.h"

#include "scan_kernel.h"
#include "u8codec/encoder.h"
#include "u8codec/scan.h"

namespace u8codec {

std::string_view name(ErrorPolicy p) noexcept {
    switch (p) {
    case ErrorPolicy::Strict:
        return "strict";
    case ErrorPolicy::Replace:
        return "replace";
    case ErrorPolicy::Ignore:
        return "ignore";
    case ErrorPolicy::Latin1:
        return "latin1";
    case ErrorPolicy::Cp1252:
        return "cp1252";
    }
    return "strict";
}

std::optional<ErrorPolicy> errorPolicyFromName(std::string_view n) noexcept {
    for (ErrorPolicy p : {ErrorPolicy::Strict, ErrorPolicy::Replace, ErrorPolicy::Ignore,
                          ErrorPolicy::Latin1, ErrorPolicy::Cp1252})
        if (name(p) == n)
            return p;
    return std::nullopt;
}

char32_t cp1252ToUnicode(std::uint8_t b) noexcept {
    // WHATWG Encoding Standard, index-windows-1252.txt, pointers 0-31 (bytes 80-9F). Unassigned
    // bytes 81 8D 8F 90 9D map to the C1 control of the same value.
    static constexpr char16_t kHigh[32] = {
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
        0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
        0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};
    if (b >= 0x80 && b <= 0x9F)
        return kHigh[b - 0x80];
    return b;
}

void Decoder::onSegment(const Segment& s, std::span<const std::uint8_t> bytes, std::string& out) {
    if (failed_)
        return;
    if (s.isValid()) {
        out.append(reinterpret_cast<const char*>(bytes.data()), bytes.size());
        return;
    }
    ++errorSegments_;
    if (!firstError_)
        firstError_ = s;
    switch (policy_) {
    case ErrorPolicy::Strict:
        failed_ = true;
        return;
    case ErrorPolicy::Replace:
        out += "\xEF\xBF\xBD"; // U+FFFD REPLACEMENT CHARACTER
        return;
    case ErrorPolicy::Ignore:
        return;
    case ErrorPolicy::Latin1:
        for (std::uint8_t b : bytes)
            appendUtf8(b, out);
        return;
    case ErrorPolicy::Cp1252:
        for (std::uint8_t b : bytes)
            appendUtf8(cp1252ToUnicode(b), out);
        return;
    }
}

namespace {

// How much a validated copy takes at once: the vectorised scan checks a block, and a valid one
// decodes to itself under every policy (Unicode chapter 3: well-formed UTF-8 is its own
// decoding), so it is appended in one go.
constexpr std::size_t kValidatedBlock = std::size_t(64) << 10;

// The length of `bytes` cut back to a character boundary: not before a continuation byte (one
// to three of them end a character that goes on past the block). 0 when there is none in reach.
std::size_t toCharacterBoundary(std::span<const std::uint8_t> bytes, std::size_t n) {
    for (int back = 0; n > 0 && n < bytes.size() && (bytes[n] & 0xC0) == 0x80; ++back, --n)
        if (back == 3)
            return 0;
    return n;
}

} // namespace

bool Decoder::feed(std::span<const std::uint8_t> bytes, std::string& out) {
    if (failed_)
        return false;
    auto sink = [&](const Segment& s, std::span<const std::uint8_t> b) { onSegment(s, b, out); };
    std::size_t i = 0;
    while (i < bytes.size() && !failed_) {
        // A validated copy: a block the scan finds well-formed goes out as it is. Where a block
        // holds an error, the next block's worth of bytes takes the path below, which finds it.
        if (segmenter_.atBoundary() && bytes.size() - i >= kValidatedBlock &&
            segmenter_.offset() >= slowUntil_) {
            const auto rest = bytes.subspan(i);
            const std::size_t n = toCharacterBoundary(rest, kValidatedBlock);
            if (n > 0 && scan(rest.first(n)).valid()) {
                out.append(reinterpret_cast<const char*>(rest.data()), n);
                segmenter_ = Segmenter(segmenter_.offset() + n);
                i += n;
                continue;
            }
            slowUntil_ = segmenter_.offset() + kValidatedBlock;
        }
        if (segmenter_.atBoundary()) {
            // A run of ASCII decodes to itself under every policy and holds no error: copy it in
            // one go (vectorised search for its end) and let the segmenter resume after it.
            const std::size_t run = detail::asciiRunLength(bytes.data() + i, bytes.size() - i);
            if (run > 0) {
                out.append(reinterpret_cast<const char*>(bytes.data() + i), run);
                segmenter_ = Segmenter(segmenter_.offset() + run);
                i += run;
                continue;
            }
        }
        // Everything else goes through the segmenter, up to the next ASCII byte (which ends any
        // pending sequence, so the segmenter is at a boundary again one byte later).
        std::size_t next = i + 1;
        while (next < bytes.size() && bytes[next] >= 0x80)
            ++next;
        segmenter_.feed(bytes.subspan(i, next - i), sink);
        i = next;
    }
    return !failed_;
}

bool Decoder::finish(std::string& out) {
    segmenter_.finish(
        [&](const Segment& s, std::span<const std::uint8_t> b) { onSegment(s, b, out); });
    return !failed_;
}

std::string decode(std::span<const std::uint8_t> bytes, ErrorPolicy policy,
                   std::optional<Segment>* firstError) {
    std::string out;
    out.reserve(bytes.size());
    Decoder d(policy);
    d.feed(bytes, out);
    d.finish(out);
    if (firstError)
        *firstError = d.firstError();
    return out;
}

} // namespace u8codec
