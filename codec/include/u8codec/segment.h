// Segments: the unit every view, count and decoder works in.
#pragma once

#include <cstdint>
#include <string_view>

namespace u8codec {

// Why an error segment is not a character. Decided by the segment's first byte b0 and the byte
// b1 after it (Unicode Standard chapter 3, table 3-7, read against RFC 3629 section 4).
enum class ErrorKind : std::uint8_t {
    None,                   // not an error: a valid character
    InvalidByte,            // b0 is C0, C1 or F5-FF
    UnexpectedContinuation, // b0 is 80-BF with no lead before it
    Overlong,               // E0 then 80-9F, or F0 then 80-8F
    Surrogate,              // ED then A0-BF: U+D800..U+DFFF are not scalar values
    TooLarge,               // F4 then 90-BF: above U+10FFFF
    Truncated,              // any other lead cut short by a non-continuation or by the end
};
inline constexpr int kErrorKindCount = 7; // including None

// Stable names used by the CLI and JSON, the same as the problems' (problem.h) for the same
// bytes: "never-valid-byte", "stray-continuation", "overlong",
// "surrogate", "too-large", "truncated" ("valid" for None).
[[nodiscard]] std::string_view name(ErrorKind k) noexcept;
// A short human title: "Never-valid byte", "Stray continuation byte", ... (the same words as
// title(ProblemKind) for the kinds that are both).
[[nodiscard]] std::string_view title(ErrorKind k) noexcept;

// A run of bytes that is either one valid character or one maximal subpart of an ill-formed
// sequence (Unicode Standard chapter 3, "U+FFFD Substitution of Maximal Subparts"; the WHATWG
// Encoding Standard's UTF-8 decoder produces exactly these). A decoder that replaces emits one
// U+FFFD per error segment.
struct Segment {
    std::uint64_t offset = 0; // of the first byte, from the start of the data
    std::uint8_t length = 0;  // 1-4 for characters, 1-3 for error segments
    ErrorKind error = ErrorKind::None;
    char32_t codePoint = 0; // the scalar value; 0 for error segments

    constexpr bool isValid() const noexcept { return error == ErrorKind::None; }
    [[nodiscard]] constexpr std::uint64_t end() const noexcept { return offset + length; }
    friend constexpr bool operator==(const Segment&, const Segment&) = default;
};

// The role a byte plays in context, for colouring: the views colour by role, the code-page table
// by class.
enum class ByteRole : std::uint8_t {
    Ascii,        // a 1-byte character
    Lead2,        // first byte of a valid 2-byte character
    Lead3,        // first byte of a valid 3-byte character
    Lead4,        // first byte of a valid 4-byte character
    Continuation, // a later byte of a valid multi-byte character
    Error,        // part of an error segment (see the segment's ErrorKind)
};

// Role of the byte at `offset` inside segment `s` (offset must lie in s).
[[nodiscard]] constexpr ByteRole roleInSegment(const Segment& s, std::uint64_t offset) noexcept {
    if (!s.isValid())
        return ByteRole::Error;
    if (offset != s.offset)
        return ByteRole::Continuation;
    switch (s.length) {
    case 1:
        return ByteRole::Ascii;
    case 2:
        return ByteRole::Lead2;
    case 3:
        return ByteRole::Lead3;
    default:
        return ByteRole::Lead4;
    }
}

} // namespace u8codec
