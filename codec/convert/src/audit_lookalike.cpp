// Look-alike letters inside a word of another script (UTS #39 section 4), and the escapes glued to
// the head of a word.
#include "audit_lookalike.h"

#include "u8codec/encoder.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/uset.h>
#include <unicode/uspoof.h>
#include <unicode/utf8.h>
#include <unordered_map>

namespace u8convert::audit_detail {
using namespace u8codec;

namespace {

// Letters drawn exactly like a letter of another script in common fonts (the Latin, Cyrillic and
// Greek pairs of confusables.txt whose glyphs are the same): only these make an intrusion at the
// head or tail of a word, where a letter of another script is more often a symbol used on purpose
// (α, Ω, µ).
constexpr std::u32string_view kHomoglyphs =
    U"acehijopsxyABCEHIJKMOPSTXYZ"
    U"\u0430\u0441\u0435\u04BB\u0456\u0458\u043E\u0440\u0455\u0445\u0443\u0501\u051B\u051D"
    U"\u0410\u0412\u0421\u0415\u041D\u0406\u0408\u041A\u041C\u041E\u0420\u0405\u0422\u0425\u04AE"
    U"\u03BF\u0391\u0392\u0395\u0397\u0399\u039A\u039C\u039D\u039F\u03A1\u03A4\u03A7\u03A5\u0396";

// The most letters a script may have for its look-alike table to be built (Latin, Greek,
// Cyrillic, Armenian, Cherokee... but not Han, whose letters are not drawn like another script's).
constexpr int32_t kMaxScriptLetters = 3000;

std::int32_t scriptOf(char32_t cp) {
    UErrorCode status = U_ZERO_ERROR;
    return uscript_getScript(UChar32(cp), &status);
}

bool isLetter(char32_t cp) {
    return (U_GET_GC_MASK(UChar32(cp)) & U_GC_L_MASK) != 0;
}

bool isUpper(char32_t cp) {
    return u_isupper(UChar32(cp));
}

bool isLower(char32_t cp) {
    return u_islower(UChar32(cp));
}

// A camelCase boundary between the letters a and b, where c follows b (0 at the end): "tП",
// "шI" (lower to upper), or "PСо" (the last capital of an upper-case segment before a
// capitalised word).
bool camelBoundary(char32_t a, char32_t b, char32_t c) {
    return (isLower(a) && isUpper(b)) || (isUpper(a) && isUpper(b) && c != 0 && isLower(c));
}

bool isHex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// A backslash escape from s[q] ('\\') on (C-family, Java, Python, JS, Go, Rust): its length.
std::size_t backslashEscape(std::string_view s, std::size_t q) {
    std::size_t i = q + 1;
    if (i >= s.size())
        return 0;
    const char c = s[i];
    if (c == 'u' || c == 'U' || c == 'x') {
        const std::size_t most = c == 'u' ? 4 : c == 'U' ? 8 : 6;
        std::size_t k = 0;
        while (k < most && i + 1 + k < s.size() && isHex(s[i + 1 + k]))
            ++k;
        return k == 0 ? 2 : 2 + k;
    }
    return std::string_view("abefnrtv0").find(c) != std::string_view::npos ? 2 : 0;
}

// A printf conversion ("%s", "%-5ld", "%1$s"), Python's "%(name)s" or Qt's "%1" from s[q] ('%').
std::size_t formatDirective(std::string_view s, std::size_t q) {
    std::size_t i = q + 1;
    if (i < s.size() && s[i] == '(') {
        const std::size_t close = s.find(')', i);
        if (close == std::string_view::npos)
            return 0;
        i = close + 1;
    }
    const std::size_t flagsStart = i;
    while (i < s.size() &&
           std::string_view("-+ #0123456789.$*").find(s[i]) != std::string_view::npos)
        ++i;
    const bool digits = i > flagsStart;
    const std::size_t modifierStart = i;
    while (i < s.size() && std::string_view("hlLqjzt").find(s[i]) != std::string_view::npos)
        ++i;
    // Any letter: printf's conversions and the ones programs add (aptitude's %B for bold); a
    // modifier letter alone ("%t") is one too.
    if (i < s.size() && (s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z')
        return i + 1 - q;
    return digits || i > modifierStart ? i - q : 0; // Qt's %1 (digits only)
}

} // namespace

std::size_t escapeHead(std::string_view before, std::span<const char32_t> word) noexcept {
    // The bytes before the word and its first characters (non-ASCII as 0x80), as one string.
    std::string s(before);
    const std::size_t start = s.size();
    for (std::size_t i = 0; i < word.size() && i < 12; ++i)
        s += word[i] < 0x80 ? char(word[i]) : char(0x80);
    // A named placeholder (Laravel's and Carbon's ":count", ":time"): ':' after a non-word
    // character, then lower-case ASCII letters glued to letters of another script.
    if (start != 0 && s[start - 1] == ':' &&
        (start == 1 ||
         !(std::isalnum(static_cast<unsigned char>(s[start - 2])) || s[start - 2] == '_'))) {
        std::size_t k = 0;
        while (k < word.size() && ((word[k] >= U'a' && word[k] <= U'z') || word[k] == U'_'))
            ++k;
        if (k != 0 && k < word.size() && word[k] >= 0x80)
            return k;
    }
    for (std::size_t q = start; q-- > 0;) {
        if (s[q] != '\\' && s[q] != '%')
            continue;
        std::size_t escapes = 1; // an escaped '\' or "%%" is a character, not an escape
        while (q >= escapes && s[q - escapes] == s[q])
            ++escapes;
        if (escapes % 2 == 0) {
            // "%%0A" is printf's way of writing the percent-encoded "%0A" (URL, GnuPG).
            const bool encoded =
                s[q] == '%' && q + 2 < s.size() && isHex(s[q + 1]) && isHex(s[q + 2]);
            return encoded && q + 3 > start ? q + 3 - start : 0;
        }
        const std::size_t len = s[q] == '\\' ? backslashEscape(s, q) : formatDirective(s, q);
        return q + len > start ? q + len - start : 0;
    }
    return 0;
}

std::u32string LookalikeFinder::skeleton(char32_t cp) const {
    std::string utf8;
    appendUtf8(cp, utf8);
    char buffer[64];
    UErrorCode status = U_ZERO_ERROR;
    const int32_t n = uspoof_getSkeletonUTF8(spoof_, 0, utf8.data(), int32_t(utf8.size()), buffer,
                                             int32_t(sizeof buffer), &status);
    if (U_FAILURE(status) || n <= 0 || n >= int32_t(sizeof buffer))
        return {};
    std::u32string out;
    int32_t i = 0;
    while (i < n) {
        UChar32 c = 0;
        U8_NEXT(buffer, i, n, c);
        out += char32_t(c < 0 ? 0xFFFD : c);
    }
    return out;
}

char32_t LookalikeFinder::counterpart(char32_t cp, std::int32_t host) {
    const std::uint64_t key = (std::uint64_t(std::uint32_t(host)) << 32) | cp;
    if (const auto m = memo_.find(key); m != memo_.end())
        return m->second;
    const char32_t found = lookUp(cp, host);
    memo_.emplace(key, found);
    return found;
}

namespace {

// The look-alike tables and answers of every Auditor of the process: each file of `audit -r` has
// an Auditor of its own, and building a host script's table (a skeleton for each of its letters)
// cost more than auditing a small file. The answers depend on Unicode's data only.
struct SharedLookalikes {
    std::mutex mutex;
    // Per host script: skeleton -> its first letter with that skeleton.
    std::map<std::int32_t, std::map<std::u32string, char32_t>> letters;
    // (letter, host script) -> counterpart, 0 for none.
    std::unordered_map<std::uint64_t, char32_t> answers;
};

SharedLookalikes& sharedLookalikes() {
    static SharedLookalikes shared;
    return shared;
}

} // namespace

char32_t LookalikeFinder::lookUp(char32_t cp, std::int32_t host) {
    const std::uint64_t key = (std::uint64_t(std::uint32_t(host)) << 32) | cp;
    SharedLookalikes& shared = sharedLookalikes();
    const std::scoped_lock lock(shared.mutex);
    if (const auto known = shared.answers.find(key); known != shared.answers.end())
        return known->second;
    auto it = shared.letters.find(host);
    if (it == shared.letters.end()) {
        std::map<std::u32string, char32_t> table;
        UErrorCode status = U_ZERO_ERROR;
        USet* set = uset_openEmpty();
        uset_applyIntPropertyValue(set, UCHAR_SCRIPT, host, &status);
        if (U_SUCCESS(status) && uset_size(set) <= kMaxScriptLetters) {
            for (int32_t r = 0; r < uset_getRangeCount(set); ++r) {
                UChar32 lo = 0, hi = 0;
                uset_getItem(set, r, &lo, &hi, nullptr, 0, &status);
                for (UChar32 c = lo; c <= hi; ++c)
                    if (isLetter(char32_t(c)))
                        table.emplace(skeleton(char32_t(c)), char32_t(c));
            }
        }
        uset_close(set);
        it = shared.letters.emplace(host, std::move(table)).first;
    }
    const std::u32string skeletonKey = skeleton(cp);
    const auto found = it->second.find(skeletonKey);
    char32_t answer = 0;
    // Only a letter every reader of the host script knows is mistaken for it: ASCII, or one of
    // the exact homoglyphs (Cyrillic і for a Latin i). Greek Λ is drawn like Latin Ʌ, which no
    // reader of Latin text expects ("STARGΛ̊TE" is a logo, not a spoof).
    if (found != it->second.end() && !skeletonKey.empty()) {
        const char32_t meant = found->second;
        answer = meant < 0x80 || kHomoglyphs.find(meant) != std::u32string_view::npos ? meant : 0;
    }
    shared.answers.emplace(key, answer);
    return answer;
}

bool LookalikeFinder::intrudes(std::span<const char32_t> word, const std::vector<Run>& runs,
                               std::size_t i) {
    const Run& r = runs[i];
    const bool left = i > 0 && runs[i - 1].end == r.begin;
    const bool right = i + 1 < runs.size() && runs[i + 1].begin == r.end;
    const auto at = [&](std::size_t k) { return k < word.size() ? word[k] : char32_t(0); };
    const bool camelLeft = left && camelBoundary(word[r.begin - 1], word[r.begin], at(r.begin + 1));
    const bool camelRight = right && camelBoundary(word[r.end - 1], word[r.end], at(r.end + 1));
    std::int32_t host = 0;
    if (left && right && runs[i - 1].script == runs[i + 1].script) {
        if (camelLeft && camelRight)
            return false; // a whole camelCase segment
        host = runs[i - 1].script;
    } else if (left != right && !(left ? camelLeft : camelRight)) {
        const Run& other = left ? runs[i - 1] : runs[i + 1];
        const bool edge = left ? (i + 1 == runs.size() || runs[i + 1].begin != r.end)
                               : (i == 0 || runs[i - 1].end != r.begin);
        if (!edge || other.end - other.begin <= r.end - r.begin)
            return false;
        // A lower-case tail after a word in capitals is a segment of its own ("ПРЕФИКСaa":
        // split's suffixes after PREFIX).
        if (left && isLower(word[r.begin]) && other.end - other.begin >= 2 &&
            isUpper(word[r.begin - 1]) && isUpper(word[r.begin - 2]))
            return false;
        for (std::size_t k = r.begin; k < r.end; ++k)
            if (isLetter(word[k]) && kHomoglyphs.find(word[k]) == std::u32string_view::npos)
                return false;
        host = other.script;
    } else {
        return false;
    }
    for (std::size_t k = r.begin; k < r.end; ++k)
        if (isLetter(word[k]) && counterpart(word[k], host) == 0)
            return false;
    return true;
}

void LookalikeFinder::find(std::span<const char32_t> word, std::span<const std::uint8_t> allowed,
                           std::vector<Intrusion>& out) {
    std::vector<Run> runs;
    for (std::size_t k = 0; k < word.size(); ++k) {
        const char32_t cp = word[k];
        if (!isLetter(cp) || allowed[k]) {
            // A mark stays with its letter; anything else separates runs.
            if ((U_GET_GC_MASK(UChar32(cp)) & U_GC_M_MASK) != 0 && !runs.empty() &&
                runs.back().end == k)
                runs.back().end = k + 1;
            continue;
        }
        const std::int32_t sc = scriptOf(cp);
        if (sc == USCRIPT_COMMON || sc == USCRIPT_INHERITED)
            continue;
        if (!runs.empty() && runs.back().end == k && runs.back().script == sc)
            runs.back().end = k + 1;
        else
            runs.push_back({k, k + 1, sc});
    }
    if (runs.size() < 2)
        return;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (!intrudes(word, runs, i))
            continue;
        const std::int32_t host =
            i > 0 && runs[i - 1].end == runs[i].begin ? runs[i - 1].script : runs[i + 1].script;
        for (std::size_t k = runs[i].begin; k < runs[i].end; ++k)
            if (isLetter(word[k]))
                out.push_back({k, counterpart(word[k], host), runs[i].script, host});
    }
}

} // namespace u8convert::audit_detail
