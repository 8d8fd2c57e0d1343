// The audit allowlist: code points and ranges read from a file.
#include "u8convert/audit_allowlist.h"

#include "u8codec/byte_source.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/uset.h>
#include <unicode/utf8.h>

namespace u8convert {
using namespace u8codec;

void CodePointSet::add(char32_t first, char32_t last) {
    // Merged with every range it overlaps or touches, so ranges stay disjoint and sorted.
    auto it =
        std::lower_bound(ranges_.begin(), ranges_.end(), first,
                         [](const CodePointRange& r, char32_t cp) { return r.last + 1 < cp; });
    CodePointRange merged{first, last};
    auto end = it;
    while (end != ranges_.end() && end->first <= last + 1) {
        merged.first = std::min(merged.first, end->first);
        merged.last = std::max(merged.last, end->last);
        ++end;
    }
    it = ranges_.erase(it, end);
    ranges_.insert(it, merged);
}

bool CodePointSet::contains(char32_t cp) const noexcept {
    const auto it =
        std::upper_bound(ranges_.begin(), ranges_.end(), cp,
                         [](char32_t c, const CodePointRange& r) { return c < r.first; });
    return it != ranges_.begin() && std::prev(it)->last >= cp;
}

namespace {

// "'what'" and the rest of a message. Built by appending: GCC 12 warns of an overlap that cannot
// happen when a literal is prepended to a string (-Wrestrict, GCC bug 105329).
std::string quoted(std::string_view what, std::string_view rest) {
    std::string s;
    s.reserve(what.size() + rest.size() + 2);
    s += '\'';
    s += what;
    s += '\'';
    s += rest;
    return s;
}

// "U+200D", "u+200d" or "200D": 1 to 6 hex digits, at most U+10FFFF.
bool parseCodePoint(std::string_view token, char32_t& cp, std::string& reason) {
    std::string_view digits = token;
    if (digits.size() > 2 && (digits[0] == 'U' || digits[0] == 'u') && digits[1] == '+')
        digits.remove_prefix(2);
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value, 16);
    if (digits.empty() || digits.size() > 6 || ec != std::errc() ||
        end != digits.data() + digits.size()) {
        reason = quoted(token, " is not a code point (write U+200D or 200D)");
        return false;
    }
    if (value > 0x10FFFF) {
        reason = quoted(token, " is above U+10FFFF, the last code point");
        return false;
    }
    cp = char32_t(value);
    return true;
}

bool hasPrefix(std::string_view token, std::string_view prefix) {
    if (token.size() < prefix.size())
        return false;
    // Letters in either case; any other byte as itself (0x1A | 0x20 would be ':').
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c | 0x20) : c; };
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (lower(token[i]) != prefix[i])
            return false;
    return true;
}

// "script:Cyrillic": every code point whose Script property is that script (UAX #24).
bool parseScript(std::string_view name, CodePointSet& set, std::string& reason) {
    const std::string n(name);
    const int32_t value = u_getPropertyValueEnum(UCHAR_SCRIPT, n.c_str());
    if (value < 0) {
        reason = "'" + n + "' is not a script (write its name, Cyrillic, or its code, Cyrl)";
        return false;
    }
    UErrorCode status = U_ZERO_ERROR;
    USet* codePoints = uset_openEmpty();
    uset_applyIntPropertyValue(codePoints, UCHAR_SCRIPT, value, &status);
    for (int32_t r = 0; U_SUCCESS(status) && r < uset_getRangeCount(codePoints); ++r) {
        UChar32 lo = 0, hi = 0;
        uset_getItem(codePoints, r, &lo, &hi, nullptr, 0, &status);
        set.add(char32_t(lo), char32_t(hi));
    }
    uset_close(codePoints);
    return true;
}

// "word:HTTPСоединение": the word, as UTF-8.
bool parseWord(std::string_view word, std::vector<std::u32string>& words, std::string& reason) {
    std::u32string w;
    for (int32_t i = 0; i < int32_t(word.size());) {
        UChar32 c = 0;
        U8_NEXT(word.data(), i, int32_t(word.size()), c);
        if (c < 0) {
            reason = quoted(word, " is not UTF-8");
            return false;
        }
        w += char32_t(c);
    }
    if (w.empty()) {
        reason = "'word:' names no word";
        return false;
    }
    words.push_back(std::move(w));
    return true;
}

bool parseEntry(std::string_view token, Allowlist& into, std::string& reason) {
    if (hasPrefix(token, "script:"))
        return parseScript(token.substr(7), into.set, reason);
    if (hasPrefix(token, "word:"))
        return parseWord(token.substr(5), into.words, reason);
    CodePointSet& set = into.set;
    char32_t first = 0, last = 0;
    const auto dots = token.find("..");
    if (dots == std::string_view::npos) {
        if (!parseCodePoint(token, first, reason))
            return false;
        set.add(first, first);
        return true;
    }
    if (!parseCodePoint(token.substr(0, dots), first, reason) ||
        !parseCodePoint(token.substr(dots + 2), last, reason))
        return false;
    if (last < first) {
        reason = "range '" + std::string(token) + "' ends before it starts";
        return false;
    }
    set.add(first, last);
    return true;
}

} // namespace

u8codec::Result<Allowlist> parseAllowlist(std::string_view text, std::string_view fileName) {
    Allowlist result;
    // An editor's byte order mark is no entry: the file starts after it.
    if (text.starts_with("\xEF\xBB\xBF"))
        text.remove_prefix(3);
    std::size_t lineNumber = 0;
    while (!text.empty()) {
        ++lineNumber;
        const auto eol = text.find('\n');
        std::string_view line = text.substr(0, eol);
        text = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
        line = line.substr(0, line.find('#'));
        std::size_t i = 0;
        while (i < line.size()) {
            while (i < line.size() &&
                   (line[i] == ' ' || line[i] == '\t' || line[i] == ',' || line[i] == '\r'))
                ++i;
            std::size_t j = i;
            while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != ',' &&
                   line[j] != '\r')
                ++j;
            if (j == i)
                break;
            std::string reason;
            if (!parseEntry(line.substr(i, j - i), result, reason))
                return u8codec::Error{u8codec::ErrorCode::Invalid, std::string(fileName) + ':' +
                                                                       std::to_string(lineNumber) +
                                                                       ": " + reason};
            i = j;
        }
    }
    std::sort(result.words.begin(), result.words.end());
    result.words.erase(std::unique(result.words.begin(), result.words.end()), result.words.end());
    return result;
}

u8codec::Result<Allowlist> readAllowlist(const std::string& path) {
    constexpr std::size_t kMaxSize = std::size_t(16) << 20;
    auto opened = FileSource::open(path);
    if (!opened.ok())
        return u8codec::Error{u8codec::ErrorCode::Io, path + ": " + opened.message()};
    // Read to the end, whatever size the file system says (a file in /proc says 0).
    std::string text;
    for (std::size_t n = 1; n != 0 && text.size() <= kMaxSize;) {
        const std::size_t at = text.size();
        text.resize(at + (std::size_t(64) << 10));
        n = (*opened)->read(
            at, std::span(reinterpret_cast<std::uint8_t*>(text.data() + at), text.size() - at));
        text.resize(at + n);
    }
    if (const int failed = (*opened)->readError())
        return u8codec::Error{u8codec::ErrorCode::Io, path + ": " + std::strerror(failed)};
    if (text.size() > kMaxSize)
        return u8codec::Error{u8codec::ErrorCode::Invalid,
                              path + ": larger than 16 MiB, not an allowlist of code points"};
    return parseAllowlist(text, path);
}

} // namespace u8convert
