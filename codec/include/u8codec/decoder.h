// Decoding ill-formed UTF-8 into well-formed UTF-8 under an error policy.
#pragma once

#include "u8codec/segmenter.h"

#include <cstdint>
#include <functional>
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
[[nodiscard]] std::string_view name(ErrorPolicy p) noexcept;
[[nodiscard]] std::optional<ErrorPolicy> errorPolicyFromName(std::string_view name) noexcept;

// The character windows-1252 maps byte b to, per the WHATWG index: 80-9F hold the typographic
// characters, and the five unassigned bytes 81 8D 8F 90 9D map to the C1 controls of the same
// value; every other byte maps to the code point of the same value.
[[nodiscard]] char32_t cp1252ToUnicode(std::uint8_t b) noexcept;

namespace detail {
class DecodeOutput;
}

// Streams bytes in, appends well-formed UTF-8 to an output string.
//
// Well-formed stretches are checked 64 bytes at a time by the vectorised scan and go out whole,
// as they are (Unicode chapter 3: well-formed UTF-8 is its own decoding). Stretches with errors
// are taken 64 bytes at a time too: the byte-class masks of the scan kernels give where each
// segment starts and whether it is an error; the bytes between errors are copied in one go and
// only the error segments take the policy's path (for latin1 and cp1252, a table of each byte's
// UTF-8 form). The exact Segmenter takes a sequence split between two feeds and the last bytes of
// each, so the output is the same however the input is cut into chunks.
class Decoder {
public:
    explicit Decoder(ErrorPolicy policy, std::uint64_t startOffset = 0)
        : policy_(policy), segmenter_(startOffset) {}

    // Appends the decoding of `bytes` to `out`. Returns false once a Strict decoder met an error
    // (then nothing more is appended; firstError() says where).
    [[nodiscard]] bool feed(std::span<const std::uint8_t> bytes, std::string& out);
    [[nodiscard]] bool finish(std::string& out);

    // The same, handing the decoding to write() in pieces, in order: long well-formed stretches
    // straight out of `bytes`, without a copy, and the rest out of a buffer of the decoder's.
    // A piece is valid only during the call.
    using Writer = std::function<void(std::string_view piece)>;
    [[nodiscard]] bool feed(std::span<const std::uint8_t> bytes, const Writer& write);
    [[nodiscard]] bool finish(const Writer& write);

    // The first error segment met (under every policy).
    [[nodiscard]] const std::optional<Segment>& firstError() const noexcept { return firstError_; }
    // Error segments met; under Strict, which stops at the first, at most 1.
    [[nodiscard]] std::uint64_t errorSegments() const noexcept { return errorSegments_; }

private:
    [[nodiscard]] bool decodeInto(std::span<const std::uint8_t> bytes, detail::DecodeOutput& out);
    [[nodiscard]] std::size_t decodeErrorWindows(std::span<const std::uint8_t> bytes,
                                                 std::size_t from, detail::DecodeOutput& out);
    template <ErrorPolicy P>
    [[nodiscard]] std::size_t decodeErrorWindows(std::span<const std::uint8_t> bytes,
                                                 std::size_t from, detail::DecodeOutput& out);
    // Counts an error segment; false when the policy stops there (Strict).
    [[nodiscard]] bool noteError(const Segment& s);
    void putError(const Segment& s, std::span<const std::uint8_t> bytes, detail::DecodeOutput& out);

    ErrorPolicy policy_;
    Segmenter segmenter_;
    std::optional<Segment> firstError_;
    std::uint64_t errorSegments_ = 0;
    bool failed_ = false;
    std::string pending_; // the pieces for a Writer that are not stretches of the input
};

// The first error segment of `bytes`, where a strict decode stops (nullopt: they are well-formed
// UTF-8), found without decoding anything: the vector check of wellFormedLength() up to it, then
// the segmenter over the at most 4 bytes that decide it (a maximal subpart is at most 3 bytes
// long, Unicode chapter 3). For a caller that only needs to say where the input is not UTF-8.
[[nodiscard]] std::optional<Segment> firstErrorIn(std::span<const std::uint8_t> bytes);

// One-shot helper: decodes a whole buffer.
[[nodiscard]] std::string decode(std::span<const std::uint8_t> bytes, ErrorPolicy policy,
                                 std::optional<Segment>* firstError = nullptr);

} // namespace u8codec
