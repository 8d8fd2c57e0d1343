#include "u8convert/character_input.h"

#include "u8codec/controls.h"
#include "u8codec/encode_steps.h"
#include "u8codec/segmenter.h"

#include <algorithm>
#include <cctype>
#include <unicode/uchar.h>

namespace u8convert {
using namespace u8codec;

std::optional<char32_t> codePointFromName(std::string_view name) {
    // ICU wants a NUL-terminated name; names are short, anything long is no name.
    if (name.empty() || name.size() > 200)
        return std::nullopt;
    const std::string terminated(name);
    for (const UCharNameChoice choice : {U_EXTENDED_CHAR_NAME, U_CHAR_NAME_ALIAS}) {
        UErrorCode status = U_ZERO_ERROR;
        const UChar32 cp = u_charFromName(choice, terminated.c_str(), &status);
        if (U_SUCCESS(status) && cp >= 0)
            return char32_t(cp);
    }
    // Controls have no Name, and ICU's aliases hold only corrections: the names characterName()
    // gives them ("LINE FEED", "BREAK PERMITTED HERE") are the codec's (controls.h).
    const auto sameLetters = [&](std::string_view known) {
        return known.size() == name.size() &&
               std::equal(known.begin(), known.end(), name.begin(), [](char a, char b) {
                   return std::toupper(static_cast<unsigned char>(a)) ==
                          std::toupper(static_cast<unsigned char>(b));
               });
    };
    for (char32_t c = 0; c <= 0x9F; ++c)
        if ((isC0Control(c) || isC1Control(c)) && sameLetters(controlName(c)))
            return c;
    return std::nullopt;
}

u8codec::Result<char32_t> codePointFromInput(std::string_view text) {
    using u8codec::ErrorCode;
    const auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    if (text.empty())
        return {ErrorCode::Invalid, "Type a character, U+XXXX or a character's name."};
    if (const auto cp = parseCodePointNotation(text))
        return *cp;
    const auto segments = segment(std::span<const std::uint8_t>(
        reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
    if (segments.size() == 1 && segments.front().isValid())
        return segments.front().codePoint;
    if (const auto cp = codePointFromName(text))
        return *cp;
    const std::string quoted = "'" + std::string(text) + "'";
    for (const Segment& s : segments)
        if (!s.isValid())
            return {ErrorCode::Invalid, quoted + " is not valid UTF-8."};
    return {ErrorCode::Invalid,
            quoted + " is neither one character, U+XXXX or 0xXXXX, nor a character's name (as "
                     "the Unicode Standard spells it: EURO SIGN)."};
}

} // namespace u8convert
