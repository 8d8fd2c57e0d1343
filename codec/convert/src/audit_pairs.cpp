// confusable, pairwise: two distinct identifiers of one file that read the same (UTS #39
// section 4, confusable detection), as rustc's confusable_idents lint compares a crate's
// identifiers by skeleton.
#include "audit_detail.h"
#include "u8codec/encoder.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>
#include <unicode/stringpiece.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

const icu::Normalizer2* nfkcInstance() {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(status);
    return U_SUCCESS(status) ? nfkc : nullptr;
}

icu::UnicodeString nfkcOf(const icu::Normalizer2& nfkc, std::u32string_view text) {
    const icu::UnicodeString s = icu::UnicodeString::fromUTF32(
        reinterpret_cast<const UChar32*>(text.data()), int32_t(text.size()));
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString folded = nfkc.normalize(s, status);
    return U_SUCCESS(status) ? folded : s;
}

// Whether two identifiers are one word in two cases: equal once case is folded (Unicode's
// default case folding, of their NFKC forms), but not before. UTS #39's skeleton folds no case,
// yet its prototypes put some capitals and small letters of a script together (Greek θ and Θ,
// Cyrillic ѳ and Ѳ, drawn alike at some sizes), so `θέλετε` and `Θέλετε` share a skeleton. Such a
// pair is no look-alike of another script (case folding keeps every letter in its script): it is
// the case a program's writer picks, `Имя` for a type and `имя` for a variable, as `Scope` and
// `scope` are in Latin (whose skeletons differ). Identifiers equal as NFKC forms (`ｍａｉｎ`,
// `main`) are not case variants: the compatibility form is the look-alike.
bool caseVariants(std::u32string_view a, std::u32string_view b) {
    const icu::Normalizer2* nfkc = nfkcInstance();
    if (!nfkc)
        return false;
    icu::UnicodeString x = nfkcOf(*nfkc, a), y = nfkcOf(*nfkc, b);
    if (x == y)
        return false;
    return x.foldCase() == y.foldCase();
}

// Whether a[0, n) and b[0, n) are equal: identifiers are short, compared 8 bytes at a time
// without a call.
bool sameBytes(const char* a, const char* b, std::size_t n) noexcept {
    for (; n >= 8; a += 8, b += 8, n -= 8) {
        std::uint64_t x, y;
        std::memcpy(&x, a, 8);
        std::memcpy(&y, b, 8);
        if (x != y)
            return false;
    }
    for (; n != 0; ++a, ++b, --n)
        if (*a != *b)
            return false;
    return true;
}

std::u32string widened(std::string_view ascii) {
    return {ascii.begin(), ascii.end()};
}

} // namespace

std::uint64_t IdentifierPairs::hashAscii(const std::uint8_t* p, std::size_t n,
                                         std::size_t readable) noexcept {
    // 8 bytes at a time, each block mixed in with a multiply (the last one masked to the
    // identifier's bytes, read whole when the buffer goes on that far).
    std::uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
    const auto mix = [&h](std::uint64_t block) {
        h = (h ^ block) * 0xFF51AFD7ED558CCDull;
        h ^= h >> 32;
    };
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        std::uint64_t block;
        std::memcpy(&block, p + i, 8);
        mix(block);
    }
    if (i < n) {
        std::uint64_t block = 0;
        if (i + 8 <= readable) {
            std::memcpy(&block, p + i, 8);
            block &= ~std::uint64_t(0) >> (64 - 8 * (n - i));
        } else {
            std::memcpy(&block, p + i, n - i);
        }
        mix(block);
    }
    return h;
}

std::size_t IdentifierPairs::slotOf(std::string_view identifier,
                                    std::uint64_t hash) const noexcept {
    const std::size_t mask = asciiSlots_.size() - 1;
    for (std::size_t s = std::size_t(hash) & mask;; s = (s + 1) & mask) {
        const std::uint32_t k = asciiSlots_[s];
        if (k == 0)
            return s;
        const AsciiName& a = asciiNames_[k - 1];
        if (a.hash == hash && a.length == identifier.size() &&
            sameBytes(asciiBytes_.data() + a.at, identifier.data(), identifier.size()))
            return s;
    }
}

void IdentifierPairs::growAsciiSlots() {
    asciiSlots_.assign(asciiSlots_.size() * 2, 0);
    const std::size_t mask = asciiSlots_.size() - 1;
    for (std::size_t k = 0; k < asciiNames_.size(); ++k) {
        std::size_t s = std::size_t(asciiNames_[k].hash) & mask;
        while (asciiSlots_[s] != 0)
            s = (s + 1) & mask;
        asciiSlots_[s] = std::uint32_t(k + 1);
    }
}

std::string IdentifierPairs::asciiSkeleton(std::string_view identifier) const {
    // The skeleton maps each character on its own and NFD leaves ASCII alone: the skeleton of
    // ASCII text is its characters' skeletons in a row.
    std::string skeleton;
    for (char c : identifier)
        skeleton += asciiSkeletons_[std::uint8_t(c) & 0x7F];
    return skeleton;
}

bool IdentifierPairs::skeletonOf(const std::u32string& identifier, std::string& skeleton) const {
    // Of the NFKC form: confusables.txt leaves compatibility forms to NFKC (the fullwidth ｍ is
    // its own prototype), which UAX #31 section 5 applies to identifiers (Python reads `ｍａｉｎ`
    // as `main`).
    const icu::Normalizer2* nfkc = nfkcInstance();
    if (!nfkc)
        return false;
    std::string folded;
    nfkcOf(*nfkc, identifier).toUTF8String(folded);
    return icuSkeleton(spoof_, folded, skeleton);
}

void IdentifierPairs::activate() {
    active_ = true;
    for (std::size_t c = 0; c < asciiSkeletons_.size(); ++c)
        if (!isIdentifierCharacter(char32_t(c)) ||
            !icuSkeleton(spoof_, std::string(1, char(c)), asciiSkeletons_[c]))
            asciiSkeletons_[c] = std::string(1, char(c));
    for (std::size_t k = 0; k < asciiNames_.size(); ++k)
        asciiBySkeleton_[asciiSkeleton(asciiName(asciiNames_[k]))].push_back(std::uint32_t(k));
}

std::optional<IdentifierPairs::Match> IdentifierPairs::noteAscii(std::string_view identifier,
                                                                 std::uint64_t hash,
                                                                 std::uint64_t line,
                                                                 std::uint64_t column) {
    if (!spoof_)
        return std::nullopt;
    if (asciiSlots_.empty())
        asciiSlots_.assign(1024, 0);
    const std::size_t slot = slotOf(identifier, hash);
    if (asciiSlots_[slot] != 0)
        return std::nullopt; // seen before
    const std::uint64_t order = order_++;
    const bool kept = asciiNames_.size() < kMaxAsciiIdentifiers;
    if (kept) {
        asciiNames_.push_back({hash, std::uint32_t(asciiBytes_.size()),
                               std::uint32_t(identifier.size()), line, column, order});
        asciiBytes_.append(identifier);
        asciiSlots_[slot] = std::uint32_t(asciiNames_.size());
        if (asciiNames_.size() * 2 > asciiSlots_.size())
            growAsciiSlots();
    }
    if (!active_)
        return std::nullopt; // no non-ASCII identifier yet: nothing it can pair with
    const std::string skeleton = asciiSkeleton(identifier);
    if (kept)
        asciiBySkeleton_[skeleton].push_back(std::uint32_t(asciiNames_.size() - 1));
    const auto same = bySkeleton_.find(skeleton);
    if (same == bySkeleton_.end())
        return std::nullopt;
    const std::u32string wide = widened(identifier);
    for (const Seen& s : same->second)
        if (s.nonAscii && !caseVariants(s.identifier, wide))
            return Match{s.identifier, s.line, s.column, skeleton};
    return std::nullopt;
}

std::optional<IdentifierPairs::Match>
IdentifierPairs::noteNonAscii(const std::u32string& identifier, bool nonAscii, std::uint64_t line,
                              std::uint64_t column) {
    if (!spoof_)
        return std::nullopt;
    if (!active_)
        activate();
    std::string skeleton;
    if (!skeletonOf(identifier, skeleton))
        return std::nullopt;
    std::vector<Seen>& same = bySkeleton_[skeleton];
    for (const Seen& s : same)
        if (s.identifier == identifier)
            return std::nullopt; // seen before: its pair, if any, was reported then
    // The first seen of the others with its skeleton, ASCII or not, that is not the same word in
    // another case.
    std::optional<Match> match;
    std::uint64_t first = UINT64_MAX;
    for (const Seen& s : same)
        if (s.order < first && (s.nonAscii || nonAscii) &&
            !caseVariants(s.identifier, identifier)) {
            match = Match{s.identifier, s.line, s.column, skeleton};
            first = s.order;
        }
    const auto ascii = nonAscii ? asciiBySkeleton_.find(skeleton) : asciiBySkeleton_.end();
    if (ascii != asciiBySkeleton_.end())
        for (std::uint32_t k : ascii->second) {
            const AsciiName& a = asciiNames_[k];
            const std::u32string wide = widened(asciiName(a));
            if (a.order < first && !caseVariants(wide, identifier)) {
                match = Match{wide, a.line, a.column, skeleton};
                first = a.order;
            }
        }
    if (kept_ < kMaxIdentifiers) {
        same.push_back({identifier, line, column, order_++, nonAscii});
        ++kept_;
    } else if (same.empty()) {
        bySkeleton_.erase(skeleton);
    }
    return match;
}

namespace {

// ASCII identifier characters (UAX #31 ID_Continue below U+0080: letters, digits, '_').
constexpr std::array<bool, 256> kIdentifierByte = [] {
    std::array<bool, 256> t{};
    for (int c = 0; c < 128; ++c)
        t[std::size_t(c)] =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    return t;
}();

std::uint64_t identifierMask(const std::uint8_t* p, std::size_t n) noexcept {
    std::uint64_t mask = 0;
#if defined(__SSE2__)
    if (n == 64) {
        // Plain ASCII is below 0x80, so the signed compares order its bytes.
        const __m128i lowA = _mm_set1_epi8('a' - 1), highZ = _mm_set1_epi8('z' + 1);
        const __m128i low0 = _mm_set1_epi8('0' - 1), high9 = _mm_set1_epi8('9' + 1);
        const __m128i underscore = _mm_set1_epi8('_'), caseBit = _mm_set1_epi8(0x20);
        for (int k = 0; k < 4; ++k) {
            const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
            const __m128i lower = _mm_or_si128(v, caseBit);
            const __m128i letter =
                _mm_and_si128(_mm_cmpgt_epi8(lower, lowA), _mm_cmpgt_epi8(highZ, lower));
            const __m128i digit = _mm_and_si128(_mm_cmpgt_epi8(v, low0), _mm_cmpgt_epi8(high9, v));
            const __m128i any =
                _mm_or_si128(_mm_or_si128(letter, digit), _mm_cmpeq_epi8(v, underscore));
            mask |= std::uint64_t(std::uint16_t(_mm_movemask_epi8(any))) << (16 * k);
        }
        return mask;
    }
#endif
    for (std::size_t i = 0; i < n; ++i)
        mask |= std::uint64_t(kIdentifierByte[p[i]]) << i;
    return mask;
}

} // namespace

std::uint64_t AsciiRunReader::maskOf(std::size_t k) noexcept {
    if (k != block_) {
        block_ = k;
        mask_ = identifierMask(p + 64 * k, std::min<std::size_t>(64, n - 64 * k));
    }
    return mask_;
}

std::size_t AsciiRunReader::next(std::size_t i, bool identifier) noexcept {
    while (i < n) {
        const std::size_t k = i / 64;
        std::uint64_t m = identifier ? maskOf(k) : ~maskOf(k);
        m &= ~std::uint64_t(0) << (i % 64);
        if (m != 0)
            return std::min(n, 64 * k + std::size_t(std::countr_zero(m)));
        i = 64 * (k + 1);
    }
    return n;
}

std::pair<std::uint64_t, std::uint64_t> AsciiRunReader::place(std::size_t at) noexcept {
    for (const void* lf; (lf = std::memchr(p + counted_, '\n', at - counted_)) != nullptr;) {
        counted_ = std::size_t(static_cast<const std::uint8_t*>(lf) - p) + 1;
        afterLf_ = counted_;
        ++line_;
    }
    counted_ = at;
    return {line_, afterLf_ == SIZE_MAX ? column_ + at : at - afterLf_ + 1};
}

bool IdentifierTracker::comparesPairs() const noexcept {
    return spoof_ && options_.profile == AuditProfile::Code && options_.syntax.lexed &&
           (options_.kinds & kindBit(AuditKind::Confusable)) != 0;
}

void IdentifierTracker::comparePair(RuleContext& ctx) {
    // A number ("1e5", "٣") is no identifier; a word in a comment or string is text; one longer
    // than kMaxLength was read in pieces.
    if (count_ == 0 || judgedAsText() || overflowed_ ||
        u_charType(UChar32(chars_[0].cp)) == U_DECIMAL_DIGIT_NUMBER)
        return;
    std::u32string word;
    bool ascii = true;
    for (std::size_t i = 0; i < count_; ++i) {
        word += chars_[i].cp;
        ascii = ascii && chars_[i].cp < 0x80;
    }
    const auto& allowed = options_.allowedWords;
    if (!allowed.empty() && std::binary_search(allowed.begin(), allowed.end(), word))
        return;
    std::optional<IdentifierPairs::Match> match;
    if (ascii) {
        const std::string bytes(word.begin(), word.end());
        if (deferring_ && defers(bytes.size(), 0, ctx)) {
            deferredRuns_.push_back(
                {deferredBytes_.size(), bytes.size(), SIZE_MAX, 0, line_, column_, 0, 0, false});
            deferredBytes_ += bytes;
            return;
        }
        const auto* p = reinterpret_cast<const std::uint8_t*>(bytes.data());
        match = pairs_.noteAscii(bytes, IdentifierPairs::hashAscii(p, bytes.size(), bytes.size()),
                                 line_, column_);
    } else {
        if (deferring_)
            replayDeferred(ctx); // the ASCII identifiers before it, into the set
        match = pairs_.noteNonAscii(word, nonAscii_ != 0, line_, column_);
    }
    if (match) {
        const std::uint64_t offset = chars_[0].offset;
        reportPair(word, offset, chars_[count_ - 1].offset + chars_[count_ - 1].length - offset,
                   line_, column_, *match, ctx);
    }
}

void IdentifierTracker::reportPair(const std::u32string& word, std::uint64_t offset,
                                   std::uint64_t length, std::uint64_t line, std::uint64_t column,
                                   const IdentifierPairs::Match& match, RuleContext& ctx) const {
    AuditFinding f;
    f.kind = AuditKind::Confusable;
    f.offset = offset;
    f.length = length;
    f.line = line;
    f.column = column;
    f.codePoints.assign(word.begin(), word.end());
    for (char32_t cp : match.identifier)
        appendUtf8(cp, f.lookalike);
    f.message = quoted(word) + " and " + quoted(match.identifier) + " (line " +
                std::to_string(match.line) + ", column " + std::to_string(match.column) +
                ") are two identifiers of this file with one skeleton, \"" + match.skeleton +
                "\" (UTS #39 section 4, confusable detection, as rustc's confusable_idents "
                "compares identifiers pairwise): they read the same but name different things";
    ctx.findings.add(std::move(f));
}

// The ASCII identifiers of code inside a run of plain ASCII: most are repeats, each a hash and a
// probe of the set; a new one is placed (line and column) and compared.
void IdentifierTracker::pairsInAscii(const std::uint8_t* p, std::size_t n, std::uint64_t offset,
                                     std::uint64_t line, std::uint64_t column, bool inText,
                                     std::span<const ContextChange> changes, RuleContext& ctx) {
    if (!pairsWanted_)
        return;
    // A character's context is the lexer's after it, as the driver sets it character by
    // character (changes[k] from its index on); a word is text when all its characters are
    // (append()).
    std::size_t done = 0; // the words that start before it were read
    if (count_ != 0) {    // the identifier held goes on with the run's first characters
        while (done < n && kIdentifierByte[p[done]])
            ++done;
        if (done == n)
            return; // and past the run: afterPlainAscii() keeps it
        bool text = inText, all = true;
        for (std::size_t k = 0; k < changes.size() && changes[k].at < done; ++k) {
            all = all && (changes[k].at == 0 || text);
            text = changes[k].inText;
        }
        wordInText_ = wordInText_ && all && text;
        overflowed_ = overflowed_ || count_ + done > kMaxLength;
        for (std::size_t k = 0; k < done && !overflowed_; ++k)
            chars_[count_++] = {char32_t(p[k]), offset + k, 1, false};
        comparePair(ctx);
    }
    count_ = 0;
    overflowed_ = false;
    if (deferring_ && defers(n, changes.size(), ctx)) {
        deferredRuns_.push_back({deferredBytes_.size(), n, done, offset, line, column,
                                 deferredChanges_.size(), changes.size(), inText});
        deferredBytes_.append(reinterpret_cast<const char*>(p), n);
        deferredChanges_.insert(deferredChanges_.end(), changes.begin(), changes.end());
        return;
    }
    // Megabytes of ASCII code with more distinct names than the set keeps, and no non-ASCII
    // identifier yet: no new name can be kept or paired, so the run is not read for them.
    if (pairs_.wantsNewAscii())
        readRunWords(p, n, done, offset, line, column, inText, changes, ctx);
}

bool IdentifierTracker::defers(std::size_t bytes, std::size_t changes, RuleContext& ctx) {
    const std::size_t held = deferredBytes_.size() + bytes +
                             (deferredRuns_.size() + 1) * sizeof(DeferredRun) +
                             (deferredChanges_.size() + changes) * sizeof(ContextChange);
    if (held > kMaxDeferredBytes) {
        replayDeferred(ctx); // and what follows is read as it comes
        return false;
    }
    // Grown to at most the bound: doubling would hold twice what is kept.
    const std::size_t need = deferredBytes_.size() + bytes;
    if (need > deferredBytes_.capacity())
        deferredBytes_.reserve(
            std::min(kMaxDeferredBytes, std::max(need, 2 * deferredBytes_.capacity())));
    return true;
}

void IdentifierTracker::replayDeferred(RuleContext& ctx) {
    deferring_ = false;
    for (const DeferredRun& r : deferredRuns_) {
        const auto* p = reinterpret_cast<const std::uint8_t*>(deferredBytes_.data() + r.at);
        if (r.first == SIZE_MAX) { // a word read a character at a time
            const std::string_view word(deferredBytes_.data() + r.at, r.length);
            static_cast<void>(pairs_.noteAscii(
                word, IdentifierPairs::hashAscii(p, r.length, r.length), r.line, r.column));
            continue;
        }
        readRunWords(p, r.length, r.first, r.offset, r.line, r.column, r.inText,
                     std::span(deferredChanges_).subspan(r.changesAt, r.changesCount), ctx);
    }
    deferredRuns_ = {};
    deferredBytes_ = {};
    deferredChanges_ = {};
}

// The words of code of the run p[0, n) from `done` on (those before it were read).
void IdentifierTracker::readRunWords(const std::uint8_t* p, std::size_t n, std::size_t done,
                                     std::uint64_t offset, std::uint64_t line, std::uint64_t column,
                                     bool inText, std::span<const ContextChange> changes,
                                     RuleContext& ctx) {
    AsciiRunReader reader{p, n, offset, line, column};
    // The stretches of code, each from a change to the next; a word begun in text before one is
    // code too. The one that goes on past the run is afterPlainAscii()'s.
    bool text = inText;
    for (std::size_t from = 0, next = 0; from < n;) {
        while (next < changes.size() && changes[next].at <= from)
            text = changes[next++].inText;
        const std::size_t to = next < changes.size() ? changes[next].at : n;
        if (!text) {
            std::size_t start = std::max(from, done);
            if (start > done && kIdentifierByte[p[start]] && kIdentifierByte[p[start - 1]]) {
                while (start > done && kIdentifierByte[p[start - 1]])
                    --start; // a word begun in text that goes on into the stretch
                done = reader.nextOtherByte(start);
                if (done == n)
                    return;
                compareAscii(reader, start, done, ctx);
            }
            if (!wordsOfCode(reader, std::max(from, done), to, done, ctx))
                return;
        }
        from = to;
    }
}

// The words that start in reader.p[from, to), a stretch of code, found 64 bytes at a time: a word
// starts at an identifier byte after one that is not. Returns false at a word that goes on past
// the run (afterPlainAscii()'s); `done` is the end of the last word read.
bool IdentifierTracker::wordsOfCode(AsciiRunReader& reader, std::size_t from, std::size_t to,
                                    std::size_t& done, RuleContext& ctx) {
    const std::uint8_t* p = reader.p;
    for (std::size_t k = from / 64; 64 * k < to; ++k) {
        const std::uint64_t m = reader.maskOf(k);
        const std::uint64_t before = k != 0 && kIdentifierByte[p[64 * k - 1]] ? 1 : 0;
        std::uint64_t starts = m & ~((m << 1) | before);
        const std::size_t lo = std::max(from, 64 * k) - 64 * k;
        const std::size_t hi = std::min(to, 64 * k + 64) - 64 * k;
        starts &= (~std::uint64_t(0) << lo) &
                  (hi == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << hi) - 1);
        for (; starts != 0; starts &= starts - 1) {
            const std::size_t bit = std::size_t(std::countr_zero(starts));
            const std::uint64_t rest = ~m >> bit; // bits past the block are 0: the word may go on
            const std::size_t start = 64 * k + bit;
            done = rest != 0 ? start + std::size_t(std::countr_zero(rest))
                             : reader.nextOtherByte(64 * k + 64);
            if (done >= reader.n)
                return false;
            compareAscii(reader, start, done, ctx);
        }
    }
    return true;
}

// An ASCII identifier of code, reader.p[start, end).
void IdentifierTracker::compareAscii(AsciiRunReader& reader, std::size_t start, std::size_t end,
                                     RuleContext& ctx) {
    const std::uint8_t* word = reader.p + start;
    const std::size_t length = end - start;
    if ((word[0] >= '0' && word[0] <= '9') || length > kMaxLength)
        return; // a number; one longer than kMaxLength was read in pieces
    const std::string_view name(reinterpret_cast<const char*>(word), length);
    const auto& allowed = options_.allowedWords;
    if (!allowed.empty() && std::binary_search(allowed.begin(), allowed.end(), widened(name)))
        return;
    // Most are repeats of a short one: its 8 bytes (zeros past its end) in a table of the
    // recent ones, in front of the set.
    std::uint64_t key = 0;
    std::size_t slot = 0;
    if (length <= 8) {
        if (start + 8 <= reader.n) {
            std::memcpy(&key, word, 8);
            key &= ~std::uint64_t(0) >> (64 - 8 * length);
        } else {
            std::memcpy(&key, word, length);
        }
        slot = std::size_t((key * 0x9E3779B97F4A7C15ull) >> 54);
        if (recentAscii_[slot] == key)
            return;
    }
    const std::uint64_t hash = IdentifierPairs::hashAscii(word, length, reader.n - start);
    if (!pairs_.seenAscii(name, hash)) {
        const auto [line, column] = reader.place(start);
        if (const auto match = pairs_.noteAscii(name, hash, line, column))
            reportPair(widened(name), reader.offset + start, length, line, column, *match, ctx);
    }
    if (length <= 8)
        recentAscii_[slot] = key;
}

} // namespace u8convert::audit_detail
