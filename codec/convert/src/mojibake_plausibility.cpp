// The plausibility model (mojibake_plausibility.h): the generated tables of
// codec/convert/model/plausibility.inc read into a token table and a hash table of pairs.
#include "mojibake_plausibility.h"

#include "u8codec/encoder.h"
#include "u8codec/segmenter.h"
#include "u8convert/mojibake.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <unicode/uchar.h>

namespace u8convert::detail::mojibake {
using namespace u8codec;

namespace {

struct TokenOf {
    char32_t cp;
    std::uint16_t token;
};
struct TokenModel {
    std::int16_t logp; // log P(token); a class token: of one character of the class
    std::int16_t bow;  // the back-off weight of absolute discounting
};
struct PairModel {
    std::uint32_t key; // token a << 16 | token b
    std::int16_t logp; // log P(b | a)
};

#include "../model/plausibility.inc"

// The folded character the model counts: what build_plausibility.py's fold() makes of c.
char32_t fold(char32_t c) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || (c >= 0x2000 && c <= 0x200A))
        return ' ';
    if (u_charType(UChar32(c)) == U_DECIMAL_DIGIT_NUMBER)
        return '0';
    const UChar32 low = u_tolower(UChar32(c));
    return char32_t(low);
}

int classToken(char32_t c) {
    if ((c >= 0x3400 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) ||
        (c >= 0x20000 && c <= 0x3FFFF))
        return kClassHan;
    if (c >= 0xAC00 && c <= 0xD7A3)
        return kClassHangul;
    switch (u_charType(UChar32(c))) {
    case U_UPPERCASE_LETTER:
        return kClassLu;
    case U_LOWERCASE_LETTER:
        return kClassLl;
    case U_TITLECASE_LETTER:
        return kClassLt;
    case U_MODIFIER_LETTER:
        return kClassLm;
    case U_OTHER_LETTER:
        return kClassLo;
    case U_NON_SPACING_MARK:
        return kClassMn;
    case U_COMBINING_SPACING_MARK:
        return kClassMc;
    case U_ENCLOSING_MARK:
        return kClassMe;
    case U_DECIMAL_DIGIT_NUMBER:
        return kClassNd;
    case U_LETTER_NUMBER:
        return kClassNl;
    case U_OTHER_NUMBER:
        return kClassNo;
    case U_CONNECTOR_PUNCTUATION:
        return kClassPc;
    case U_DASH_PUNCTUATION:
        return kClassPd;
    case U_START_PUNCTUATION:
        return kClassPs;
    case U_END_PUNCTUATION:
        return kClassPe;
    case U_INITIAL_PUNCTUATION:
        return kClassPi;
    case U_FINAL_PUNCTUATION:
        return kClassPf;
    case U_OTHER_PUNCTUATION:
        return kClassPo;
    case U_MATH_SYMBOL:
        return kClassSm;
    case U_CURRENCY_SYMBOL:
        return kClassSc;
    case U_MODIFIER_SYMBOL:
        return kClassSk;
    case U_OTHER_SYMBOL:
        return kClassSo;
    case U_SPACE_SEPARATOR:
        return kClassZs;
    case U_LINE_SEPARATOR:
        return kClassZl;
    case U_PARAGRAPH_SEPARATOR:
        return kClassZp;
    case U_CONTROL_CHAR:
        return kClassCc;
    case U_FORMAT_CHAR:
        return kClassCf;
    case U_SURROGATE:
        return kClassCs;
    case U_PRIVATE_USE_CHAR:
        return kClassCo;
    default:
        return kClassCn;
    }
}

int lookUpToken(char32_t c) {
    const char32_t f = fold(c);
    const auto* end = std::end(kTokens);
    const auto* it = std::lower_bound(std::begin(kTokens), end, f,
                                      [](const TokenOf& t, char32_t x) { return t.cp < x; });
    return it != end && it->cp == f ? it->token : classToken(f);
}

// Characters below this have their token in a flat table (every letter of the pages and of the
// scripts mis-decodings produce); the others are looked up.
constexpr char32_t kFlatTokens = 0x3000;

// The case of a letter that has one: 0 none, 1 lower, 2 upper.
int lookUpCase(char32_t c) {
    return u_isUUppercase(UChar32(c)) ? 2 : u_isULowercase(UChar32(c)) ? 1 : 0;
}

// A character's token and case.
struct Folded {
    std::uint16_t token;
    std::uint8_t letterCase;
};

// The tokens and cases of the characters below kFlatTokens.
std::vector<Folded> buildFlatTokens() {
    std::vector<Folded> t(kFlatTokens);
    for (char32_t k = 0; k < kFlatTokens; ++k)
        t[k] = Folded{std::uint16_t(lookUpToken(k)), std::uint8_t(lookUpCase(k))};
    return t;
}

Folded folded(const std::vector<Folded>& flat, char32_t c) {
    return c < kFlatTokens ? flat[c]
                           : Folded{std::uint16_t(lookUpToken(c)), std::uint8_t(lookUpCase(c))};
}

// The pairs in an open-addressing table of 2^17 slots (53,907 pairs: under half full).
class PairTable {
public:
    PairTable() {
        slots_.fill(Slot{kEmpty, 0});
        for (const PairModel& p : kPairs) {
            std::uint32_t at = hash(p.key);
            while (slots_[at].key != kEmpty)
                at = (at + 1) & kMask;
            slots_[at] = Slot{p.key, p.logp};
        }
    }
    // log P(b | a), or false when the pair is left to the back-off.
    bool find(std::uint32_t key, int& logp) const {
        for (std::uint32_t at = hash(key);; at = (at + 1) & kMask) {
            if (slots_[at].key == key) {
                logp = slots_[at].logp;
                return true;
            }
            if (slots_[at].key == kEmpty)
                return false;
        }
    }

private:
    static constexpr std::uint32_t kBits = 17, kMask = (1u << kBits) - 1, kEmpty = 0xFFFFFFFF;
    static_assert(std::size(kPairs) < (1u << kBits) / 2);
    struct Slot {
        std::uint32_t key;
        std::int16_t logp;
    };
    static std::uint32_t hash(std::uint32_t key) { return (key * 0x9E3779B1u) >> (32 - kBits); }
    std::array<Slot, (1u << kBits)> slots_;
};

// The model's tables, built once on first use (thread-safe static initialisation), and looked
// up once a text: a scorer asks them of every character.
struct ModelTables {
    std::vector<Folded> flat = buildFlatTokens();
    PairTable pairs;
};

const ModelTables& modelTables() {
    static const ModelTables tables;
    return tables;
}

int pairLogP(const PairTable& table, int a, int b) {
    int logp = 0;
    if (table.find(std::uint32_t(a) << 16 | std::uint32_t(b), logp))
        return logp;
    return kModel[a].bow + kModel[b].logp;
}

// Scores a text pair by pair: the bigram of the folded characters and, between letters with a
// case, the cost of the second's case after the one or two letters before it.
class PairScorer {
public:
    explicit PairScorer(char32_t first)
        : tables_(modelTables()), prev_(folded(tables_.flat, first)) {}

    int next(char32_t c) {
        const Folded f = folded(tables_.flat, c);
        int s = pairLogP(tables_.pairs, prev_.token, f.token);
        if (prev_.letterCase != 0 && f.letterCase != 0)
            s -= kCaseCost[beforePrev_][prev_.letterCase - 1][f.letterCase - 1];
        beforePrev_ = f.letterCase != 0 ? prev_.letterCase : 0;
        prev_ = f;
        return s;
    }

private:
    const ModelTables& tables_;
    Folded prev_;
    int beforePrev_ = 0; // the case of the letter before prev_ (0: none, or prev_ is no letter)
};

} // namespace

int plausibility(char32_t before, std::span<const char32_t> middle, char32_t after) {
    PairScorer scorer(before);
    int total = 0;
    for (char32_t c : middle)
        total += scorer.next(c);
    return total + scorer.next(after);
}

std::vector<PairScore> scoredPairs(char32_t before, std::span<const char32_t> middle,
                                   char32_t after) {
    std::vector<PairScore> out;
    PairScorer scorer(before);
    char32_t prev = before;
    for (char32_t c : middle) {
        out.push_back({prev, c, scorer.next(c)});
        prev = c;
    }
    out.push_back({prev, after, scorer.next(after)});
    return out;
}

std::string leastLikelyPairs(const std::vector<PairScore>& pairs, std::size_t most) {
    std::vector<PairScore> sorted = pairs;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const PairScore& x, const PairScore& y) { return x.logp < y.logp; });
    std::string out;
    const auto utf8 = [&](char32_t c) {
        if (c < 0x20)
            c = ' ';
        appendUtf8(c, out);
    };
    for (std::size_t k = 0; k < sorted.size() && k < most; ++k) {
        if (k)
            out += ", ";
        out += '"';
        utf8(sorted[k].a);
        utf8(sorted[k].b);
        char buf[32];
        std::snprintf(buf, sizeof buf, "\" %.1f", double(sorted[k].logp) / kPlausibilityScale);
        out += buf;
    }
    return out;
}

namespace {

std::vector<char32_t> codePoints(std::string_view utf8) {
    std::vector<char32_t> out;
    Segmenter seg;
    const auto add = [&](const Segment& s) { out.push_back(s.isValid() ? s.codePoint : 0xFFFD); };
    seg.feed(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(utf8.data()),
                                           utf8.size()),
             add);
    seg.finish(add);
    return out;
}

} // namespace

} // namespace u8convert::detail::mojibake

namespace u8convert {
using namespace u8codec;

MojibakeLikelihood explainLikelihood(std::string_view damaged, std::string_view repaired) {
    using namespace detail::mojibake;
    const std::vector<char32_t> d = codePoints(damaged), r = codePoints(repaired);
    MojibakeLikelihood out;
    out.nats = double(plausibility(' ', r, ' ') - plausibility(' ', d, ' ')) / kPlausibilityScale;
    out.damagedPairs = leastLikelyPairs(scoredPairs(' ', d, ' '), 3);
    out.repairedPairs = leastLikelyPairs(scoredPairs(' ', r, ' '), 3);
    return out;
}

} // namespace u8convert
