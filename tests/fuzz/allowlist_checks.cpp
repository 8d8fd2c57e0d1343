// The audit allowlist's parser against a reference written apart from it: the same entries
// accepted, the same set of code points, the first bad line named; and the set's ranges sorted,
// disjoint and apart, read back the same when written out again.
#include "fuzz_checks.h"
#include "u8codec/encoder.h"
#include "u8codec/scan.h"
#include "u8convert/audit_allowlist.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <optional>
#include <string_view>
#include <unicode/uchar.h>
#include <unicode/uset.h>
#include <vector>

namespace u8fuzz {
namespace {

using Ranges = std::vector<std::pair<char32_t, char32_t>>;

bool isSeparator(char c) {
    return c == ' ' || c == '\t' || c == ',' || c == '\r';
}

// "U+200D", "u+200d" or "200D": 1 to 6 hex digits, at most U+10FFFF.
std::optional<char32_t> referenceCodePoint(std::string_view token) {
    if (token.size() > 2 && (token[0] == 'U' || token[0] == 'u') && token[1] == '+')
        token.remove_prefix(2);
    if (token.empty() || token.size() > 6)
        return std::nullopt;
    char32_t value = 0;
    for (const char c : token) {
        if (!std::isxdigit(static_cast<unsigned char>(c)))
            return std::nullopt;
        value = value * 16 + char32_t(std::isdigit(static_cast<unsigned char>(c))
                                          ? c - '0'
                                          : std::tolower(static_cast<unsigned char>(c)) - 'a' + 10);
    }
    if (value > 0x10FFFF)
        return std::nullopt;
    return value;
}

// Whether `token` starts with `prefix` in any case of its ASCII letters ("WORD:", "Script:").
bool startsAnyCase(std::string_view token, std::string_view prefix) {
    if (token.size() < prefix.size())
        return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(token[i])) != prefix[i])
            return false;
    return true;
}

// "script:NAME": a script's Unicode or ISO 15924 name as ICU knows it, all its code points.
bool referenceScript(std::string_view name, Ranges& ranges) {
    const std::string n(name);
    const int32_t value = u_getPropertyValueEnum(UCHAR_SCRIPT, n.c_str());
    if (value < 0)
        return false;
    UErrorCode status = U_ZERO_ERROR;
    USet* set = uset_openEmpty();
    uset_applyIntPropertyValue(set, UCHAR_SCRIPT, value, &status);
    for (int32_t r = 0; U_SUCCESS(status) && r < uset_getRangeCount(set); ++r) {
        UChar32 lo = 0, hi = 0;
        uset_getItem(set, r, &lo, &hi, nullptr, 0, &status);
        ranges.emplace_back(char32_t(lo), char32_t(hi));
    }
    uset_close(set);
    return U_SUCCESS(status);
}

// An entry: "word:W" (W non-empty, well-formed UTF-8), "script:NAME", a code point or a range.
bool referenceEntry(std::string_view token, Ranges& ranges, std::vector<std::string>& words) {
    if (startsAnyCase(token, "script:"))
        return referenceScript(token.substr(7), ranges);
    if (startsAnyCase(token, "word:")) {
        const std::string_view word = token.substr(5);
        const std::span<const std::uint8_t> bytes(
            reinterpret_cast<const std::uint8_t*>(word.data()), word.size());
        if (word.empty() || u8codec::wellFormedLength(bytes) != word.size())
            return false;
        words.emplace_back(word);
        return true;
    }
    const auto dots = token.find("..");
    const auto first = referenceCodePoint(token.substr(0, dots));
    const auto last =
        dots == std::string_view::npos ? first : referenceCodePoint(token.substr(dots + 2));
    if (!first || !last || *last < *first)
        return false;
    ranges.emplace_back(*first, *last);
    return true;
}

// The entries of `text`, or the number of the first line holding a bad one.
struct Reference {
    Ranges ranges;
    std::vector<std::string> words; // as written, UTF-8
    std::size_t badLine = 0;
};

Reference referenceParse(std::string_view text) {
    Reference r;
    if (text.starts_with("\xEF\xBB\xBF"))
        text.remove_prefix(3);
    for (std::size_t line = 1; !text.empty(); ++line) {
        const auto eol = text.find('\n');
        std::string_view content = text.substr(0, eol);
        text = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
        content = content.substr(0, content.find('#'));
        std::size_t i = 0;
        while (i < content.size()) {
            while (i < content.size() && isSeparator(content[i]))
                ++i;
            std::size_t j = i;
            while (j < content.size() && !isSeparator(content[j]))
                ++j;
            if (j > i && !referenceEntry(content.substr(i, j - i), r.ranges, r.words)) {
                r.badLine = line;
                return r;
            }
            i = j;
        }
    }
    return r;
}

Ranges merged(Ranges ranges) {
    std::sort(ranges.begin(), ranges.end());
    Ranges out;
    for (const auto& [first, last] : ranges)
        if (!out.empty() && first <= out.back().second + 1)
            out.back().second = std::max(out.back().second, last);
        else
            out.emplace_back(first, last);
    return out;
}

Ranges rangesOf(const u8convert::CodePointSet& set) {
    Ranges out;
    for (const auto& r : set.ranges())
        out.emplace_back(r.first, r.last);
    return out;
}

} // namespace

std::string checkAllowlist(std::span<const std::uint8_t> data) {
    const std::string_view text(reinterpret_cast<const char*>(data.data()), data.size());
    const auto parsed = u8convert::parseAllowlist(text, "allow.txt");
    const Reference expected = referenceParse(text);
    if (parsed.ok() != (expected.badLine == 0))
        return "accepted " + std::string(parsed.ok() ? "" : "not ") +
               "where the reference does the opposite: " + parsed.message();
    if (!parsed.ok()) {
        const std::string where = "allow.txt:" + std::to_string(expected.badLine) + ": ";
        if (!parsed.message().starts_with(where))
            return "the error '" + parsed.message() + "' does not start with '" + where + "'";
        return {};
    }
    const Ranges got = rangesOf(parsed->set);
    if (got != merged(expected.ranges))
        return "the set differs from the reference's";
    // The words, sorted and without duplicates, each as written.
    std::vector<std::string> words = expected.words;
    std::sort(words.begin(), words.end());
    words.erase(std::unique(words.begin(), words.end()), words.end());
    std::vector<std::string> gotWords;
    for (const std::u32string& w : parsed->words) {
        std::string utf8;
        for (const char32_t c : w)
            if (!u8codec::appendUtf8(c, utf8))
                return "a word holds a code point that is no character";
        gotWords.push_back(std::move(utf8));
    }
    if (gotWords != words)
        return "the words differ from the reference's";
    for (std::size_t k = 1; k < got.size(); ++k)
        if (got[k - 1].second + 1 >= got[k].first)
            return "ranges not sorted, disjoint and apart";
    // Written out and read back: the same set.
    std::string written;
    for (const auto& [first, last] : got) {
        char line[32];
        std::snprintf(line, sizeof line, "U+%04X..U+%04X\n", unsigned(first), unsigned(last));
        written += line;
    }
    const auto again = u8convert::parseAllowlist(written, "again");
    if (!again.ok() || rangesOf(again->set) != got)
        return "the set written out does not read back the same";
    return {};
}

} // namespace u8fuzz
