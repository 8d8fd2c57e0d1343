#include "cell_role.h"

namespace u8dump {

std::string_view name(CellRole role) noexcept {
    switch (role) {
    case CellRole::AsciiPrintable:
        return "ASCII printable";
    case CellRole::AsciiWhitespace:
        return "ASCII whitespace";
    case CellRole::AsciiControl:
        return "ASCII control";
    case CellRole::Lead2:
        return "Lead of 2-byte character";
    case CellRole::Lead3:
        return "Lead of 3-byte character";
    case CellRole::Lead4:
        return "Lead of 4-byte character";
    case CellRole::Continuation:
        return "Continuation byte";
    case CellRole::Suspicious:
        return "Suspicious character";
    case CellRole::ErrorInvalidByte:
        return "Error: invalid byte";
    case CellRole::ErrorUnexpectedContinuation:
        return "Error: stray continuation";
    case CellRole::ErrorOverlong:
        return "Error: overlong form";
    case CellRole::ErrorSurrogate:
        return "Error: encoded surrogate";
    case CellRole::ErrorTooLarge:
        return "Error: beyond U+10FFFF";
    case CellRole::ErrorTruncated:
        return "Error: truncated sequence";
    }
    return {};
}

std::string_view description(CellRole role) noexcept {
    switch (role) {
    case CellRole::AsciiPrintable:
        return "A visible ASCII character (21-7E), one byte.";
    case CellRole::AsciiWhitespace:
        return "Space, tab, line feed, carriage return, vertical tab or form feed.";
    case CellRole::AsciiControl:
        return "An ASCII control character (00-1F, 7F) other than whitespace.";
    case CellRole::Lead2:
        return "110xxxxx: starts a 2-byte character (U+0080 to U+07FF).";
    case CellRole::Lead3:
        return "1110xxxx: starts a 3-byte character (U+0800 to U+FFFF).";
    case CellRole::Lead4:
        return "11110xxx: starts a 4-byte character (U+10000 to U+10FFFF).";
    case CellRole::Continuation:
        return "10xxxxxx: carries 6 more bits of the character its lead began.";
    case CellRole::Suspicious:
        return "Valid UTF-8 the audit reports: a bidi control, an invisible character, a "
               "look-alike of ASCII... Dotted where a finding is about that character; a "
               "dotted frame joins a run reported as a whole (a name that mixes scripts).";
    case CellRole::ErrorInvalidByte:
        return "C0, C1 or F5-FF: never appears in well-formed UTF-8.";
    case CellRole::ErrorUnexpectedContinuation:
        return "A 10xxxxxx byte with no lead byte before it.";
    case CellRole::ErrorOverlong:
        return "A longer form than needed; UTF-8 allows only the shortest (RFC 3629).";
    case CellRole::ErrorSurrogate:
        return "A UTF-16 surrogate (U+D800 to U+DFFF) encoded as if it were a character.";
    case CellRole::ErrorTooLarge:
        return "A 4-byte form of a value above U+10FFFF, the last code point.";
    case CellRole::ErrorTruncated:
        return "A lead byte whose continuation bytes stop early.";
    }
    return {};
}

std::string_view key(CellRole role) noexcept {
    switch (role) {
    case CellRole::AsciiPrintable:
        return "printable";
    case CellRole::AsciiWhitespace:
        return "whitespace";
    case CellRole::AsciiControl:
        return "control";
    case CellRole::Lead2:
        return "lead2";
    case CellRole::Lead3:
        return "lead3";
    case CellRole::Lead4:
        return "lead4";
    case CellRole::Continuation:
        return "continuation";
    case CellRole::Suspicious:
        return "suspicious";
    case CellRole::ErrorInvalidByte:
        return u8codec::name(u8codec::ErrorKind::InvalidByte);
    case CellRole::ErrorUnexpectedContinuation:
        return u8codec::name(u8codec::ErrorKind::UnexpectedContinuation);
    case CellRole::ErrorOverlong:
        return u8codec::name(u8codec::ErrorKind::Overlong);
    case CellRole::ErrorSurrogate:
        return u8codec::name(u8codec::ErrorKind::Surrogate);
    case CellRole::ErrorTooLarge:
        return u8codec::name(u8codec::ErrorKind::TooLarge);
    case CellRole::ErrorTruncated:
        return u8codec::name(u8codec::ErrorKind::Truncated);
    }
    return {};
}

} // namespace u8dump
