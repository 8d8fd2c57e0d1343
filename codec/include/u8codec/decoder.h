// Decoding ill-formed UTF-8 into well-formed UTF-8 under an error policy.
#pragma once

#include "u8codec/segmenter.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace u8codec {

enum class ErrorPolicy : std::uint8_t {
    Strict,  // stop at the first error segment
    Replace, // one U+FFFD per error segment (Unicode chapter 3; WHATWG; Python "replace")
    Ignore,  // drop error segments (Python "ignore")
    Latin1,  // each byte of an error segment becomes U+0080..U+00FF (ISO-8859-1)
    Cp1252,  // each byte of an error segment becomes its windows-1252 character (WHATWG index)
};

// "strict", "replace", "ignore", "latin1", "cp1252".
std::string_view name(ErrorPolicy p) noexcept;
std::optional<ErrorPolicy> errorPolicyFromName(std::string_view name) noexcept;

// The character windows-1252 maps byte b to, per the WHATWG index: 80-9F hold the typographic
// characters, and the five unassigned bytes 81 8D 8F 90 9D map to the C1 controls of the same
// value; every other byte maps to the code point of the same value.
char32_t cp1252ToUnicode(std::uint8_t b) noexcept;

// Streams bytes in, appends well-formed UTF-8 to an output string.
class Decoder {
public:
    explicit Decoder(ErrorPolicy policy, std::uint64_t startOffset = 0)
        : policy_(policy), segmenter_(startOffset) {}

    // Appends the decoding of `bytes` to `out`. Returns false once a Strict decoder met an error
    // (then nothing more is appended; firstError() says where).
    bool feed(std::span<const std::uint8_t> bytes, std::string& out);
    bool finish(std::string& out);

    // The first error segment met (under every policy).
    const std::optional<Segment>& firstError() const noexcept { return firstError_; }
    std::uint64_t errorSegments() const noexcept { return errorSegments_; }

private:
    void onSegment(const Segment& s, std::span<const std::uint8_t> bytes, std::string& out);

    ErrorPolicy policy_;
    Segmenter segmenter_;
    std::optional<Segment> firstError_;
    std::uint64_t errorSegments_ = 0;
    bool failed_ = false;
    std::uint64_t slowUntil_ = 0; // no validated copy before this offset (see feed())
};

// One-shot helper: decodes a whole buffer.
std::string decode(std::span<const std::uint8_t> bytes, ErrorPolicy policy,
                   std::optional<Segment>* firstError = nullptr);

} // namespace u8codec
