#include "u8convert/character_lookup.h"

#include "u8codec/controls.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <mutex>
#include <unicode/uchar.h>
#include <unordered_map>

namespace u8codec {

namespace {

constexpr char32_t kLastCodePoint = 0x10FFFF;

std::string upper(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](char c) { return c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c; });
    return out;
}

std::string_view trimmed(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return text.substr(first, last - first + 1);
}

// 1 to 6 hex digits after an optional prefix; `prefixed` says whether one was there.
std::optional<std::uint32_t> hexValue(std::string_view text, bool& prefixed) {
    prefixed = false;
    for (std::string_view prefix : {"U+", "u+", "0x", "0X", "\\u", "\\U", "\\x"})
        if (text.size() > prefix.size() && text.substr(0, prefix.size()) == prefix) {
            text.remove_prefix(prefix.size());
            prefixed = true;
            break;
        }
    std::uint32_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
    if (text.empty() || text.size() > 8 || ec != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

// The names controls.h gives (a control's name, an abbreviation), which ICU's lookup lacks: its
// alias choice holds only the corrections. Built once, from every code point.
std::optional<char32_t> fromControlsNames(const std::string& name) {
    static std::unordered_map<std::string, char32_t> names;
    static std::once_flag built;
    std::call_once(built, [] {
        for (char32_t cp = 0; cp <= kLastCodePoint; ++cp) {
            if (const std::string_view control = controlName(cp); !control.empty())
                names.emplace(std::string(control), cp);
            if (const std::string a = abbreviation(cp); !a.empty())
                names.emplace(a, cp);
        }
    });
    const auto it = names.find(name);
    return it == names.end() ? std::nullopt : std::optional(it->second);
}

std::optional<char32_t> fromIcuName(const std::string& name) {
    for (const UCharNameChoice choice :
         {U_UNICODE_CHAR_NAME, U_CHAR_NAME_ALIAS, U_EXTENDED_CHAR_NAME}) {
        UErrorCode status = U_ZERO_ERROR;
        const UChar32 cp = u_charFromName(choice, name.c_str(), &status);
        if (U_SUCCESS(status) && cp >= 0)
            return char32_t(cp);
    }
    return std::nullopt;
}

std::string refusal(std::uint32_t value) {
    char label[16];
    std::snprintf(label, sizeof label, "U+%04X", unsigned(value));
    if (value > kLastCodePoint)
        return std::string(label) + " is above U+10FFFF, the last code point";
    return std::string(label) +
           " is a surrogate: it stands for half of a UTF-16 pair and is not a character "
           "(Unicode chapter 3, D76)";
}

} // namespace

CharacterLookup findCharacter(std::string_view text) {
    CharacterLookup found;
    text = trimmed(text);
    if (text.empty()) {
        found.error = "nothing typed: give a code point (U+20AC) or a name (EURO SIGN)";
        return found;
    }
    bool prefixed = false;
    std::optional<std::uint32_t> value = hexValue(text, prefixed);
    if (!prefixed) {
        const std::string name = upper(text);
        std::optional<char32_t> named = fromIcuName(name);
        if (!named)
            named = fromControlsNames(name);
        if (named) {
            found.codePoint = named;
            return found;
        }
    }
    if (!value) {
        found.error = "no character is named \"" + std::string(text) +
                      "\" (give a code point such as U+20AC, or a name such as EURO SIGN)";
        return found;
    }
    if (*value > kLastCodePoint || (*value >= 0xD800 && *value <= 0xDFFF)) {
        found.error = refusal(*value);
        return found;
    }
    found.codePoint = char32_t(*value);
    return found;
}

} // namespace u8codec
