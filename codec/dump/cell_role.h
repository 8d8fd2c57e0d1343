// What a byte is shown as, in the window's panes and legend, in `u8scope-cli dump` and in the
// exported page: its role (u8codec::ByteRole) made finer, with ASCII split into printable,
// whitespace and control, and errors told apart by their u8codec::ErrorKind. One owner for the
// roles, their names and their descriptions; the colours are in role_colours.h.
#pragma once

#include "u8codec/byte_class.h"
#include "u8codec/segment.h"

#include <cstdint>
#include <string_view>

namespace u8dump {

enum class CellRole : std::uint8_t {
    AsciiPrintable,  // 21-7E
    AsciiWhitespace, // 09-0D and 20
    AsciiControl,    // 00-08, 0E-1F, 7F
    Lead2,           // first byte of a valid 2-byte character
    Lead3,
    Lead4,
    Continuation, // later byte of a valid multi-byte character
    Suspicious,   // a byte of a character the text audit reports (u8convert::Auditor)
    ErrorInvalidByte,
    ErrorUnexpectedContinuation,
    ErrorOverlong,
    ErrorSurrogate,
    ErrorTooLarge,
    ErrorTruncated,
};
inline constexpr int kCellRoleCount = 14;

[[nodiscard]] constexpr bool isError(CellRole role) noexcept {
    return role >= CellRole::ErrorInvalidByte;
}

// ASCII's own split (not a UTF-8 rule): HT LF VT FF CR and SPACE are whitespace, the other C0
// controls and DEL are controls.
[[nodiscard]] constexpr CellRole asciiRole(std::uint8_t byte) noexcept {
    if (byte == 0x20 || (byte >= 0x09 && byte <= 0x0D))
        return CellRole::AsciiWhitespace;
    if (byte < 0x20 || byte == 0x7F)
        return CellRole::AsciiControl;
    return CellRole::AsciiPrintable;
}

[[nodiscard]] constexpr CellRole roleForError(u8codec::ErrorKind kind) noexcept {
    switch (kind) {
    case u8codec::ErrorKind::InvalidByte:
        return CellRole::ErrorInvalidByte;
    case u8codec::ErrorKind::UnexpectedContinuation:
        return CellRole::ErrorUnexpectedContinuation;
    case u8codec::ErrorKind::Overlong:
        return CellRole::ErrorOverlong;
    case u8codec::ErrorKind::Surrogate:
        return CellRole::ErrorSurrogate;
    case u8codec::ErrorKind::TooLarge:
        return CellRole::ErrorTooLarge;
    case u8codec::ErrorKind::Truncated:
    case u8codec::ErrorKind::None:
        break;
    }
    return CellRole::ErrorTruncated;
}

// The role of the byte `byte` at `offset` inside segment `s` (the segment that contains it).
[[nodiscard]] constexpr CellRole roleOf(const u8codec::Segment& s, std::uint64_t offset,
                                        std::uint8_t byte) noexcept {
    switch (u8codec::roleInSegment(s, offset)) {
    case u8codec::ByteRole::Ascii:
        return asciiRole(byte);
    case u8codec::ByteRole::Lead2:
        return CellRole::Lead2;
    case u8codec::ByteRole::Lead3:
        return CellRole::Lead3;
    case u8codec::ByteRole::Lead4:
        return CellRole::Lead4;
    case u8codec::ByteRole::Continuation:
        return CellRole::Continuation;
    case u8codec::ByteRole::Error:
        break;
    }
    return roleForError(s.error);
}

// The role for the context-free class of a byte (the code-page table): ASCII by the byte's
// value, a lead by its length, a continuation, and Invalid as ErrorInvalidByte.
[[nodiscard]] constexpr CellRole roleForClass(std::uint8_t byte) noexcept {
    switch (u8codec::classify(byte)) {
    case u8codec::ByteClass::Ascii:
        return asciiRole(byte);
    case u8codec::ByteClass::Continuation:
        return CellRole::Continuation;
    case u8codec::ByteClass::Lead2:
        return CellRole::Lead2;
    case u8codec::ByteClass::Lead3:
        return CellRole::Lead3;
    case u8codec::ByteClass::Lead4:
        return CellRole::Lead4;
    case u8codec::ByteClass::Invalid:
        break;
    }
    return CellRole::ErrorInvalidByte;
}

// A role the audit may put in place of a byte's structural role: never over an error (the
// audit reports ill-formed bytes no differently from the scan).
[[nodiscard]] constexpr CellRole withAudit(CellRole structural, bool suspicious) noexcept {
    return suspicious && !isError(structural) ? CellRole::Suspicious : structural;
}

// The legend's short name ("Lead of 3-byte character") and one-sentence description, in
// English (the window translates them).
[[nodiscard]] std::string_view name(CellRole role) noexcept;
[[nodiscard]] std::string_view description(CellRole role) noexcept;
// A stable lower-case key for machines (CSS classes, tests): "printable", "whitespace",
// "control", "lead2", "lead3", "lead4", "continuation", "suspicious", then the error kinds'
// names of u8codec::name(ErrorKind): "never-valid-byte", "stray-continuation", "overlong",
// "surrogate", "too-large", "truncated".
[[nodiscard]] std::string_view key(CellRole role) noexcept;

} // namespace u8dump
