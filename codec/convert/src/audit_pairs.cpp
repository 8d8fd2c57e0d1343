// confusable, pairwise: two distinct identifiers of one file that read the same (UTS #39
// section 4, confusable detection), as rustc's confusable_idents lint compares a crate's
// identifiers by skeleton.
#include "audit_detail.h"
#include "u8codec/encoder.h"

#include <algorithm>
#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>
#include <unicode/stringpiece.h>
#include <unicode/uchar.h>
#include <unicode/uspoof.h>

namespace u8convert::audit_detail {
using namespace u8codec;

namespace {

// UTS #39 skeleton of UTF-8 text (NFD, each character replaced by its prototype, NFD again).
bool icuSkeleton(const USpoofChecker* spoof, const std::string& utf8, std::string& out) {
    out.resize(std::max<std::size_t>(64, utf8.size() * 4));
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = uspoof_getSkeletonUTF8(spoof, 0, utf8.data(), int32_t(utf8.size()), out.data(),
                                       int32_t(out.size()), &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
        out.resize(std::size_t(n));
        status = U_ZERO_ERROR;
        n = uspoof_getSkeletonUTF8(spoof, 0, utf8.data(), int32_t(utf8.size()), out.data(),
                                   int32_t(out.size()), &status);
    }
    if (U_FAILURE(status))
        return false;
    out.resize(std::size_t(n));
    return true;
}

} // namespace

bool IdentifierPairs::skeletonOf(const std::u32string& identifier, std::string& skeleton) const {
    skeleton.clear();
    if (std::all_of(identifier.begin(), identifier.end(), [](char32_t cp) { return cp < 0x80; })) {
        // The skeleton maps each character on its own and NFD leaves ASCII alone: the
        // skeleton of ASCII text is its characters' skeletons in a row.
        for (char32_t cp : identifier)
            skeleton += asciiSkeletons_[cp];
        return true;
    }
    // Of the NFKC form: confusables.txt leaves compatibility forms to NFKC (the fullwidth ｍ is
    // its own prototype), which UAX #31 section 5 applies to identifiers (Python reads `ｍａｉｎ`
    // as `main`).
    std::string utf8, folded;
    for (char32_t cp : identifier)
        appendUtf8(cp, utf8);
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(status);
    if (U_FAILURE(status))
        return false;
    icu::StringByteSink<std::string> sink(&folded);
    nfkc->normalizeUTF8(0, icu::StringPiece(utf8.data(), int32_t(utf8.size())), sink, nullptr,
                        status);
    return U_SUCCESS(status) && icuSkeleton(spoof_, folded, skeleton);
}

std::optional<IdentifierPairs::Match> IdentifierPairs::note(const std::u32string& identifier,
                                                            bool nonAscii, std::uint64_t line,
                                                            std::uint64_t column) {
    if (!spoof_ || (!active_ && !nonAscii))
        return std::nullopt; // no identifier with non-ASCII yet: no pair can be flagged
    if (!active_) {
        active_ = true;
        for (std::size_t c = 0; c < asciiSkeletons_.size(); ++c)
            if (!isIdentifierCharacter(char32_t(c)) ||
                !icuSkeleton(spoof_, std::string(1, char(c)), asciiSkeletons_[c]))
                asciiSkeletons_[c] = std::string(1, char(c));
    }
    std::string skeleton;
    if (!skeletonOf(identifier, skeleton))
        return std::nullopt;
    std::vector<Seen>& same = bySkeleton_[skeleton];
    std::optional<Match> match;
    for (const Seen& s : same) {
        if (s.identifier == identifier)
            return std::nullopt; // seen before: its pair, if any, was reported then
        if (!match && (s.nonAscii || nonAscii))
            match = Match{s.identifier, s.line, s.column, skeleton};
    }
    if (kept_ < kMaxIdentifiers) {
        same.push_back({identifier, line, column, nonAscii});
        ++kept_;
    } else if (same.empty()) {
        bySkeleton_.erase(skeleton);
    }
    return match;
}

bool IdentifierTracker::comparesPairs(const RuleContext& ctx) const noexcept {
    return spoof_ && options_.profile == AuditProfile::Code && options_.syntax.lexed &&
           ctx.wants(AuditKind::Confusable);
}

void IdentifierTracker::comparePair(RuleContext& ctx) {
    // A number ("1e5", "٣") is no identifier; a word in a comment or string is text; one longer
    // than kMaxLength was read in pieces.
    if (count_ == 0 || judgedAsText() || overflowed_ ||
        u_charType(UChar32(chars_[0].cp)) == U_DECIMAL_DIGIT_NUMBER)
        return;
    std::u32string word;
    for (std::size_t i = 0; i < count_; ++i)
        word += chars_[i].cp;
    const auto& allowed = options_.allowedWords;
    if (!allowed.empty() && std::binary_search(allowed.begin(), allowed.end(), word))
        return;
    const auto match = pairs_.note(word, nonAscii_ != 0, line_, column_);
    if (!match)
        return;
    AuditFinding f;
    f.kind = AuditKind::Confusable;
    f.offset = chars_[0].offset;
    f.length = chars_[count_ - 1].offset + chars_[count_ - 1].length - f.offset;
    f.line = line_;
    f.column = column_;
    f.codePoints.assign(word.begin(), word.end());
    for (char32_t cp : match->identifier)
        appendUtf8(cp, f.lookalike);
    f.message = quoted(word) + " and " + quoted(match->identifier) + " (line " +
                std::to_string(match->line) + ", column " + std::to_string(match->column) +
                ") are two identifiers of this file with one skeleton, \"" + match->skeleton +
                "\" (UTS #39 section 4, confusable detection, as rustc's confusable_idents "
                "compares identifiers pairwise): they read the same but name different things";
    ctx.findings.add(std::move(f));
}

void IdentifierTracker::pairsInAscii(const std::uint8_t* p, std::size_t n, std::uint64_t offset,
                                     std::uint64_t line, std::uint64_t column, bool inText,
                                     std::span<const ContextChange> changes, RuleContext& ctx) {
    if (!pairs_.active() || !comparesPairs(ctx))
        return;
    // A character's context is the lexer's after it, as the driver sets it character by
    // character; a word is text when all its characters are (append()).
    std::size_t next = 0;
    const auto textAt = [&](std::size_t i) {
        while (next < changes.size() && changes[next].at <= i)
            inText = changes[next++].inText;
        return inText;
    };
    const auto wordEnd = [&](std::size_t i, bool& text) {
        for (; i < n && isIdentifierCharacter(p[i]); ++i)
            text = textAt(i) && text;
        return i;
    };
    const auto compare = [&](std::size_t from, std::size_t to) {
        overflowed_ = overflowed_ || count_ + (to - from) > kMaxLength;
        for (std::size_t i = from; i < to && !overflowed_; ++i)
            chars_[count_++] = {char32_t(p[i]), offset + i, 1, false};
        comparePair(ctx);
    };
    std::size_t i = 0;
    if (count_ != 0) { // the identifier held goes on with the run's first characters
        bool text = wordInText_;
        i = wordEnd(0, text);
        if (i == n)
            return; // and past the run: afterPlainAscii() keeps it
        wordInText_ = text;
        compare(0, i);
        column += i;
    }
    // Those that start and end inside the run, held one at a time as onChar() would hold them;
    // afterPlainAscii() then takes the one that goes on past the run.
    while (i < n) {
        if (!isIdentifierCharacter(p[i])) {
            column = p[i] == '\n' ? 1 : column + 1;
            line += p[i] == '\n';
            ++i;
            continue;
        }
        bool text = true;
        const std::size_t end = wordEnd(i, text);
        if (end == n)
            break;
        count_ = 0;
        overflowed_ = false;
        line_ = line;
        column_ = column;
        wordInText_ = text;
        compare(i, end);
        column += end - i;
        i = end;
    }
    count_ = 0;
    overflowed_ = false;
}

} // namespace u8convert::audit_detail
