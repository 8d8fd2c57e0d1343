// Candidate repairs and the choice among them (mojibake_candidate.h): a stretch of characters
// mapped back to a page's bytes and read as UTF-8 with the codec's segmenter, read back again at
// deeper levels, and judged by the cost function (mojibake_score.h).
#include "mojibake_candidate.h"

#include "mojibake_page_reading.h"
#include "mojibake_place.h"
#include "mojibake_plausibility.h"
#include "mojibake_score.h"
#include "mojibake_text_judge.h"
#include "u8codec/byte_class.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <span>
#include <tuple>
#include <unicode/uchar.h>
#include <utility>

namespace u8convert::detail::mojibake {
using namespace u8codec;

namespace {

// The storage of a search, kept per thread between searches: its vectors keep their capacity, and
// the candidates and decisions in them their buffers.
struct SearchSpace {
    // The pages that read the stretch alike (readsAlike()) share one reading, the first's.
    struct PageGroup {
        CodePage page;
        PageReadOptions options;
        bool drops = false;     // mayDrop(page, options)
        std::size_t looked = 0; // tryPage()'s
        bool found = false;     // the reading holds a repair
        Candidate cand;
    };
    // A repair one or more pages read, with its deeper levels read back and both texts judged,
    // and what gainOf() asks of it that no page changes, each found once (-1: not yet).
    struct Reading {
        std::size_t group = 0; // the first page group that read it
        bool thin = false;     // read where the text shows no damage through the page
        // The repair with its deeper levels (steps.front(): the first page that read it). Its
        // `likelier` is set to the page's each time a page is judged: the checks read it there.
        Decision d;
        TextJudgement judged{};  // of the repair (its deeper levels read back)
        TextJudgement damaged{}; // of the damaged stretch it repairs
        int uppercase = -1;      // uppercaseCount() of the repair
        std::int8_t plausible = -1;
        std::int8_t marksFit = -1;
        std::int8_t letterToLetters = -1;
        std::int8_t quoted = -1; // RepairPlace::quotedCharacter()
        std::int8_t insideAWord = -1;
        std::int8_t telling = -1;
        // RepairPlace::unreadable(), which reads the likelihood only as whether it is at least
        // kSureOdds: [0] below, [1] at least.
        std::array<std::int8_t, 2> unreadable{-1, -1};
    };
    // A page whose reading is a repair: its reading and its own part of the decision.
    struct PageChoice {
        CodePage page;
        std::size_t reading;
        int gain;
        int likelier;
        bool clear; // Decision::clearlyBetter
    };

    std::vector<PageGroup> groups;
    std::size_t groupCount = 0;
    std::vector<Reading> readings;
    std::size_t readingCount = 0;
    std::vector<PageChoice> choices;
    std::vector<char32_t> damaged;   // the damaged stretch judged
    std::vector<Char> inner;         // a repair read back at a deeper level
    std::array<Candidate, 2> levels; // a deeper level's trial and best so far
    SmallVector<char32_t, 12> levelRepaired;
    SmallVector<CodePage, 7> levelSteps;

    void clear() {
        groupCount = 0;
        readingCount = 0;
        choices.clear();
    }
};

// The options' pages (MojibakeOptions::codePages) in their order, each once (the search tries a
// page listed twice at its first place), kept per thread for the options last asked of: the
// search tries the few pages of a mask in that order without walking the whole list each time.
struct PageOrder {
    std::vector<CodePage> listed;                     // the options' list it was made for
    std::array<CodePage, kCodePageCount> pages{};     // its pages, each once, in its order
    std::array<std::uint8_t, kCodePageCount> place{}; // of each page in `pages`; kUnlisted: none
    static constexpr std::uint8_t kUnlisted = 0xFF;
    bool made = false; // for `listed` (an empty list too: its table is worth keeping)
    // positions() of each byte of a mask: [j][v] for the pages of bits 8j..8j+7 that v sets. A
    // search asks it of a dozen pages or more, where a walk of the mask's bits cost a step each.
    static constexpr std::size_t kChunks = (kCodePageCount + 7) / 8;
    std::array<std::array<std::uint64_t, 256>, kChunks> byChunk{};

    // The places in `pages` of the listed pages of `mask`: bit k for pages[k].
    std::uint64_t positions(PageMask mask) const {
        std::uint64_t at = 0;
        for (std::size_t j = 0; j < kChunks; ++j)
            at |= byChunk[j][(mask >> (8 * j)) & 0xFF];
        return at;
    }

    // byChunk from `place`: each value's positions are those of it less its lowest bit, and
    // that bit's.
    void tabulate() {
        for (std::size_t j = 0; j < kChunks; ++j) {
            byChunk[j][0] = 0;
            for (std::size_t v = 1; v < 256; ++v) {
                const std::size_t page = 8 * j + std::size_t(std::countr_zero(v));
                const std::uint8_t k = page < kCodePageCount ? place[page] : kUnlisted;
                byChunk[j][v] =
                    byChunk[j][v & (v - 1)] | (k != kUnlisted ? std::uint64_t(1) << k : 0);
            }
        }
    }
};

const PageOrder& pageOrder(const std::vector<CodePage>& listed) {
    thread_local PageOrder order;
    // CodePage is one byte: the lists compare as bytes.
    static_assert(sizeof(CodePage) == 1);
    if (order.made && order.listed.size() == listed.size() &&
        (listed.empty() || std::memcmp(order.listed.data(), listed.data(), listed.size()) == 0))
        return order;
    order.listed = listed;
    order.place.fill(PageOrder::kUnlisted);
    std::uint8_t n = 0;
    for (CodePage cp : listed)
        if (order.place[std::size_t(cp)] == PageOrder::kUnlisted) {
            order.place[std::size_t(cp)] = n;
            order.pages[n++] = cp;
        }
    order.tabulate();
    order.made = true;
    return order;
}

SearchSpace& searchSpace() {
    thread_local SearchSpace space;
    return space;
}

// Reads `m` as a memo: computes it with `f` the first time.
template <typename F> bool remembered(std::int8_t& m, F&& f) {
    if (m < 0)
        m = f() ? 1 : 0;
    return m != 0;
}

// The search of bestRepair(): each page's reading of the characters from chars[start], read back
// at deeper levels, judged against the damaged text. The pages that read the stretch alike share
// the reading, its judgements and the checks no page changes; what depends on the page (its
// evidence, its odds, its neighbours' bytes) is judged for each.
class RepairSearch {
public:
    using PageGroup = SearchSpace::PageGroup;
    using Reading = SearchSpace::Reading;
    using PageChoice = SearchSpace::PageChoice;
    static constexpr std::size_t kNone = ~std::size_t(0);

    RepairSearch(const std::vector<Char>& chars, std::size_t start, const RepairContext& context,
                 bool& openAtEnd)
        : chars_(chars), start_(start), c0_(chars[start].cp), context_(context),
          place_(chars, context), openAtEnd_(openAtEnd), space_(searchSpace()) {
        space_.clear();
    }

    std::optional<Decision> best() {
        const PageMask pages = pagesToTry();
        if (pages == 0)
            return std::nullopt;
        std::size_t best = kNone; // in space_.choices
        const PageOrder& order = pageOrder(context_.options.codePages);
        for (std::uint64_t left = order.positions(pages); left != 0; left &= left - 1) {
            const CodePage cp = order.pages[std::size_t(std::countr_zero(left))];
            const std::size_t reading = readingThrough(cp);
            if (reading == kNone)
                continue;
            const std::optional<PageChoice> choice = judgeThrough(cp, reading);
            if (!choice)
                continue;
            space_.choices.push_back(*choice);
            if (best == kNone || outranks(space_.choices.back(), space_.choices[best]))
                best = space_.choices.size() - 1;
        }
        if (best == kNone)
            return std::nullopt;
        return decisionOf(space_.choices[best]);
    }

    // Decision::telling: the damaged characters are three or more, or letters (and marks) only.
    bool tellsOfItsPage(const Decision& d) const {
        if (d.cand.end - d.cand.begin >= 3)
            return true;
        for (std::size_t k = d.cand.begin; k < d.cand.end; ++k) {
            const CharInfo ci = info(chars_[k].cp);
            // A no-break space inside a word is A0 read as itself ("Å" + A0 is "Š").
            const char32_t next = k + 1 < chars_.size() ? chars_[k + 1].cp : context_.afterRun;
            if (chars_[k].cp == 0xA0 && k > d.cand.begin && info(next).kind == Kind::Letter)
                continue;
            if (ci.kind != Kind::Letter && !ci.mark)
                return false;
        }
        return true;
    }

private:
    using Judged = TextJudgement;

    // The damaged stretches judged, by their end: only the first damagedCount_ are read, and left
    // unset they cost a search nothing to make (a std::pair would be zeroed each time).
    struct DamagedJudgement {
        std::size_t end;
        Judged judged;
    };
    std::array<DamagedJudgement, 8> damagedJudged_;
    std::size_t damagedCount_ = 0;
    Judged damagedScratch_{};

    bool has(CodePage page) const { return context_.evidence && shows(*context_.evidence, page); }
    bool hasDeeper(CodePage page) const { return readDeeper(context_.evidence, page) > 0; }

    PageMask pagesToTry() const { return pagesThatMayRead(chars_, start_, context_.lostPages); }

    // Of two pages' repairs, the one ranked higher is kept: a page the text shows (one page per
    // text: "Ã‰TÃ‰ Ã€" is "ÉTÉ À" through windows-1252, not "ÉTÉ ä" through ISO-8859-15); the
    // larger gain; then the page with more evidence; then the likelier repair
    // (mojibake_plausibility.h); then fewer capitals (small letters are far more frequent); then
    // the longer stretch; then the earlier page (a tie keeps the first). rank() is the order up to
    // the capitals, which ranksAbove() counts only where the rest ties (most choices differ
    // before: counting them each time cost more than the rest of the order).
    std::tuple<bool, int, std::uint64_t, int> rank(const PageChoice& x) const {
        const std::uint64_t weight =
            context_.evidence ? (*context_.evidence)[std::size_t(x.page)] : 0;
        // Where the text shows no damage through the page, the gain only says which odds the
        // repair passed (thinGain()): the likelier repair ranks first.
        const bool evidenced = has(x.page);
        return std::make_tuple(evidenced, evidenced ? x.gain : 0, weight, x.likelier);
    }

    // Whether `a` ranks above `b` (rank(), then fewer capitals, then the longer stretch).
    bool ranksAbove(const PageChoice& a, const PageChoice& b) const {
        const auto ra = rank(a);
        const auto rb = rank(b);
        if (ra != rb)
            return ra > rb;
        Reading& x = space_.readings[a.reading];
        Reading& y = space_.readings[b.reading];
        const int ux = uppercase(x);
        const int uy = uppercase(y);
        if (ux != uy)
            return ux < uy;
        return x.d.cand.end > y.d.cand.end;
    }

    static int uppercase(Reading& r) {
        if (r.uppercase < 0)
            r.uppercase = uppercaseCount(r.d.cand.repaired);
        return r.uppercase;
    }

    // Whether `a` is kept over `b`: by rank(), but in a short string, of two readings of the
    // same stretch through pages it shows, the one the model finds likelier by the odds of a
    // deeper level, whatever the costs say ("FIÄœIA" is the Esperanto "FIĜIA" through
    // windows-1252, not ISO-8859-16's "FIĽIA", which the costs read one point better; but not
    // against costs that read the other two points better or more: "'Ã¼'" is "'ü'", not
    // IBM850's "'Ǭ'", which a model that has seen code tables of rare capitals likes). In a
    // longer text the evidence of each page decides.
    bool outranks(const PageChoice& a, const PageChoice& b) const {
        if (context_.shortText && has(a.page) && has(b.page) &&
            space_.readings[a.reading].d.cand.end == space_.readings[b.reading].d.cand.end &&
            std::abs(a.likelier - b.likelier) >= kDeeperOdds && std::abs(a.gain - b.gain) <= 1)
            return a.likelier > b.likelier;
        return ranksAbove(a, b);
    }

    // The decision for the page `best` chose: its reading, its own part, and the pages that
    // explain the damage (Decision::explaining).
    std::optional<Decision> decisionOf(const PageChoice& best) {
        Reading& r = space_.readings[best.reading];
        std::optional<Decision> out(std::in_place);
        Decision& d = *out;
        // Moved, not copied: the search ends with its decision, and the next one's newReading()
        // writes the reading afresh (the moves copy a short reading inline, a copy calls memmove).
        d.telling = telling(r);
        d.cand = std::move(r.d.cand);
        d.steps = std::move(r.d.steps);
        d.steps.front() = best.page;
        d.gain = best.gain;
        d.clearlyBetter = best.clear;
        d.likelier = best.likelier;
        for (const PageChoice& c : space_.choices) {
            const Reading& other = space_.readings[c.reading];
            if (c.clear || c.reading == best.reading ||
                (other.d.cand.end == d.cand.end &&
                 std::ranges::equal(other.d.cand.repaired, d.cand.repaired)))
                d.explaining |= pageBit(c.page);
        }
        return out;
    }

    PageReadOptions readOptions(CodePage cp) const {
        return {.restoreLost = (context_.lostPages & pageBit(cp)) != 0,
                .before = context_.before,
                .afterRun = context_.afterRun};
    }

    // The reading of the stretch through `cp` (in space_.readings; kNone: no repair), shared with
    // the pages before it that read it alike and are judged as thin as it.
    std::size_t readingThrough(CodePage cp) {
        const PageReadOptions options = readOptions(cp);
        const bool drops = mayDrop(cp, options);
        std::size_t group = kNone;
        // readsAlike(): the pages of one search differ in their options only in restoring lost
        // bytes (readOptions()), and in dropping bytes with it.
        // (The count and the groups in locals: the compiler cannot tell that reading the page
        // tables writes neither, and loaded them again each step.)
        const PageGroup* const groups = space_.groups.data();
        const std::size_t count = space_.groupCount;
        for (std::size_t g = 0; g < count; ++g) {
            const PageGroup& pg = groups[g];
            if (pg.options.restoreLost == options.restoreLost && pg.drops == drops &&
                mapsAlike(chars_, start_, pg.looked, pg.page, cp)) {
                group = g;
                break;
            }
        }
        if (group == kNone) {
            if (space_.groupCount == space_.groups.size())
                space_.groups.emplace_back();
            group = space_.groupCount++;
            PageGroup& pg = space_.groups[group];
            pg.page = cp;
            pg.options = options;
            pg.drops = drops;
            pg.found = tryPage(chars_, start_, cp, options, openAtEnd_, pg.cand, pg.looked);
        }
        if (!space_.groups[group].found)
            return kNone;
        // Pages that read the same repair by other bytes (they differ on a character after it)
        // share it too: a reading is judged by its characters alone.
        const bool thin = !has(cp);
        const Candidate& cand = space_.groups[group].cand;
        for (std::size_t k = 0; k < space_.readingCount; ++k) {
            const Reading& r = space_.readings[k];
            if (r.thin == thin &&
                (r.group == group || sameCandidate(space_.groups[r.group].cand, cand)))
                return k;
        }
        return newReading(group, cp, thin);
    }

    static bool sameCandidate(const Candidate& a, const Candidate& b) {
        return a.end == b.end && a.lostNbsp == b.lostNbsp && a.lostUndefined == b.lostUndefined &&
               a.lostToReplacement == b.lostToReplacement && a.everyUsesLost == b.everyUsesLost &&
               a.surrogatePair == b.surrogatePair && a.cost == b.cost &&
               std::ranges::equal(a.repaired, b.repaired);
    }

    // The group's repair read through `cp` as a new reading: its deeper levels read back, it
    // and the damaged stretch judged.
    std::size_t newReading(std::size_t group, CodePage cp, bool thin) {
        if (space_.readingCount == space_.readings.size())
            space_.readings.emplace_back();
        const std::size_t k = space_.readingCount++;
        Reading& r = space_.readings[k];
        const Candidate& cand = space_.groups[group].cand;
        r.group = group;
        r.thin = thin;
        r.d.cand = cand;
        r.d.steps.clear();
        r.d.steps.push_back(cp);
        r.uppercase = -1;
        r.plausible = r.marksFit = r.letterToLetters = r.quoted = r.insideAWord = r.telling = -1;
        r.unreadable = {-1, -1};
        const char32_t after = cand.end < chars_.size() ? chars_[cand.end].cp : context_.afterRun;
        r.damaged = judgeDamaged(cand.end, after);
        r.judged = judgeReading(r.d, after, thin);
        return k;
    }

    // The repair of reading `k` through `cp`, with its gain; nullopt when the page's reading is
    // no repair.
    std::optional<PageChoice> judgeThrough(CodePage cp, std::size_t k) {
        Reading& r = space_.readings[k];
        const int likelier = r.judged.likelihood - r.damaged.likelihood - place_.pageOdds(cp);
        r.d.likelier = likelier;
        const std::optional<int> gain = gainOf(r, cp);
        if (!gain)
            return std::nullopt;
        return PageChoice{cp, k, *gain, likelier, r.damaged.cost - r.judged.cost >= kClearGain};
    }

    // The damaged stretch [start, end), judged once for all the pages that read it.
    const Judged& judgeDamaged(std::size_t end, char32_t after) {
        for (std::size_t k = 0; k < damagedCount_; ++k)
            if (damagedJudged_[k].end == end)
                return damagedJudged_[k].judged;
        std::vector<char32_t>& damaged = space_.damaged;
        // Sized once and written in place: push_back() checked the capacity every character.
        damaged.resize(end - start_);
        for (std::size_t i = start_; i < end; ++i)
            damaged[i - start_] = chars_[i].cp;
        const Judged judged = judgeText(context_.before, damaged, after);
        if (damagedCount_ == damagedJudged_.size())
            return damagedScratch_ = judged;
        damagedJudged_[damagedCount_] = {end, judged};
        return damagedJudged_[damagedCount_++].judged;
    }

    // `chosen`'s reading (its deeper levels read back: readBackDeeper()) and how it is judged.
    Judged judgeReading(Decision& chosen, char32_t after, bool thin) const {
        const TextJudgement first = judgeText(context_.before, chosen.cand.repaired, after);
        int cost = first.cost;
        int likelihood = first.likelihood;
        readBackDeeper(chosen, cost, likelihood, after, thin);
        return {cost, likelihood};
    }

    // A page that reads all of a level back as UTF-8 and the repair it reads
    // (space_.levels[cand]) with its cost (between `before` and `after`).
    struct Level {
        std::size_t cand;
        CodePage page;
        int cost;
        int likelihood; // plausibility(), less the odds against its page
    };

    // At a deeper level, of the pages that read all of it back: where the text shows no damage
    // through the first page (`thin`), the likeliest reading; then the lowest cost; then, as at
    // the first level, the page the text shows read deeper more often, then fewer capitals
    // (double ISO-8859-15 "Ã€" is "ä", double windows-1252 "À"). deeperRank() is the order up
    // to the capitals, counted only where the rest ties (deeperBefore()).
    std::tuple<int, int, std::uint64_t> deeperRank(int cost, int likelihood, bool thin,
                                                   CodePage page) const {
        return std::make_tuple(thin ? -likelihood : 0, cost, ~readDeeper(context_.evidence, page));
    }
    // Whether the level read through `page` (its reading `repaired`) ranks before `next`.
    bool deeperBefore(int cost, int likelihood, bool thin, CodePage page,
                      std::span<const char32_t> repaired, const Level& next) const {
        const auto a = deeperRank(cost, likelihood, thin, page);
        const auto b = deeperRank(next.cost, next.likelihood, thin, next.page);
        if (a != b)
            return a < b;
        return uppercaseCount(repaired) < uppercaseCount(space_.levels[next.cand].repaired);
    }

    // The page that reads all of `current` back as UTF-8, ranked by deeperRank().
    std::optional<Level> nextLevel(std::span<const char32_t> current, char32_t after,
                                   bool thin) const {
        const PageMask innerMask = pagesThatMayReadAll(current);
        if (innerMask == 0)
            return std::nullopt;
        std::vector<Char>& inner = space_.inner;
        // Sized once and written in place, as judgeDamaged()'s copy.
        inner.resize(current.size());
        for (std::size_t i = 0; i < current.size(); ++i)
            inner[i] = {0, 0, current[i]};
        std::optional<Level> next;
        const PageOrder& order = pageOrder(context_.options.codePages);
        for (std::uint64_t left = order.positions(innerMask); left != 0; left &= left - 1) {
            const CodePage cp2 = order.pages[std::size_t(std::countr_zero(left))];
            bool unused = false;
            std::size_t looked = 0;
            const std::size_t trial = next ? 1 - next->cand : 0;
            Candidate& c2 = space_.levels[trial];
            if (!tryPage(inner, 0, cp2, {.restoreLost = false, .readsTheText = false}, unused, c2,
                         looked) ||
                c2.end != inner.size())
                continue;
            const TextJudgement judged = judgeText(context_.before, c2.repaired, after);
            const int cost2 = judged.cost;
            // The odds against the page count at every level ("Ãƒâ‚¬" is "À" twice through
            // windows-1252 before "ä" through ISO-8859-15 the second time).
            const int likelihood2 = judged.likelihood - place_.pageOdds(cp2);
            if (!next || deeperBefore(cost2, likelihood2, thin, cp2, c2.repaired, *next))
                next = Level{trial, cp2, cost2, likelihood2};
        }
        return next;
    }

    // The deeper levels of `chosen` (of cost `chosenCost`): the level with the lowest cost, a
    // level as costly taken where the text shows its page read deeper. A level differs from
    // `chosen` only in its reading and its pages (space_.levelRepaired and levelSteps), copied
    // from it only when some page reads it back (most repairs have none).
    void readBackDeeper(Decision& chosen, int& chosenCost, int& chosenLikelihood, char32_t after,
                        bool thin) const {
        bool level = false;
        SmallVector<char32_t, 12>& levelRepaired = space_.levelRepaired;
        SmallVector<CodePage, 7>& levelSteps = space_.levelSteps;
        for (int depth = 1; depth < context_.options.maxDepth; ++depth) {
            const std::span<const char32_t> current =
                level ? std::span<const char32_t>(levelRepaired) : chosen.cand.repaired;
            std::optional<Level> next = nextLevel(current, after, thin);
            if (!next)
                break;
            if (!level)
                levelSteps = chosen.steps;
            level = true;
            levelRepaired = space_.levels[next->cand].repaired;
            levelSteps.push_back(next->page);
            const int levelCost = next->cost;
            // Where the model decides, a level deeper must be likelier by the odds against one
            // more mis-decoding: a shorter text is likelier by itself ("тип" read once more
            // through IBM866 is the one symbol "⨯").
            // A level that reads all a quoted string holds back as one character needs only be
            // likelier, whatever the costs (which count a sign glued to a quote): code quotes
            // one character ("'Ã¢â€“Â '" is "'■'" damaged twice).
            const bool quotedOne =
                place_.quotedCharacter(chosen.cand.begin, chosen.cand.end, levelRepaired) &&
                next->likelihood > chosenLikelihood;
            const bool better =
                quotedOne || (thin ? next->likelihood > chosenLikelihood + kDeeperOdds
                                   : levelCost < chosenCost ||
                                         (levelCost == chosenCost && hasDeeper(next->page)));
            if (better) {
                chosen.cand.repaired = levelRepaired;
                chosen.steps = levelSteps;
                chosenCost = levelCost;
                chosenLikelihood = next->likelihood;
            }
        }
    }

    // How much better reading `r` (through `page`, its `likelier` the page's) reads than the
    // damaged text; nullopt when that is not enough for a repair.
    std::optional<int> gainOf(Reading& r, CodePage page) const {
        const Decision& chosen = r.d;
        int chosenCost = r.judged.cost;
        const int damagedCost = r.damaged.cost;
        // An equal cost is enough only with evidence, and never for a repair that rests on a
        // guessed dropped byte alone ("É" + "l" could become "ɍl" with a dropped 8D), nor on a
        // lost A0 alone unless a letter becomes letters: "Ã" + a space is "à", but a symbol and
        // a space is what correct text looks like (MacRoman "—" + A0 would be "Ѡ"), and so are
        // two letters around a space (IBM437 "ß é" would be the Mongolian comma U+1802).
        const auto isLetter = [](char32_t c) { return info(c).kind == Kind::Letter; };
        const auto& repaired = chosen.cand.repaired;
        // "Â" + a space is the no-break space itself (C2 A0), which French puts before ":;?!".
        const auto letterToLetters = [&] {
            return isLetter(c0_) && std::all_of(repaired.begin(), repaired.end(), [&](char32_t c) {
                       return isLetter(c) || c == 0xA0;
                   });
        };
        // A U+FFFD a strict decoder wrote where the page left a byte undefined is no guess: the
        // character it was part of is lost whatever the byte was.
        const bool onlyAGuess =
            chosen.cand.everyUsesLost && !chosen.cand.lostToReplacement &&
            (chosen.cand.lostUndefined || !remembered(r.letterToLetters, letterToLetters));
        // A byte order mark read through a page ("ï»¿" under windows-1252, "п»ї" under
        // windows-1251, "∩╗┐" under IBM437) is damage whatever the costs say: correct text never
        // holds those three characters, and U+FEFF costs as a control character would.
        // So are six characters that read back as a surrogate pair in CESU-8 (ED A0-AF xx
        // ED B0-BF xx): correct text maps to that by chance practically never.
        if (((repaired.front() == 0xFEFF && chosen.steps.size() == 1) ||
             chosen.cand.surrogatePair) &&
            !chosen.cand.lostNbsp && !chosen.cand.lostUndefined)
            chosenCost = std::min(chosenCost, damagedCost - kClearGain);
        if (!readable(r, page))
            return std::nullopt;
        if (!has(page))
            return place_.brokenBeside(chosen, page) ? std::nullopt
                                                     : thinGain(r, page, damagedCost - chosenCost);
        // Through a page the text shows, the costs decide, but the model may still refuse: a
        // repair it finds less likely than the damaged text is correct text that happens to map
        // ("5×£35" would become "5ף35" in a text where windows-1252's damage shows).
        // The odds against the pages are for text that does not show them: a longer text that
        // shows them has its evidence (a short string's own is thin, and the odds stay).
        int odds = 0;
        if (!context_.shortText) {
            odds += place_.pageOdds(page);
            for (std::size_t k = 1; k < chosen.steps.size(); ++k)
                odds += place_.pageOdds(chosen.steps[k]);
        }
        // A character all a quoted string holds may cost the sign glued to the quotes (thinGain()).
        const int quotes = quoted(r) ? 2 : 0;
        if (chosenCost > damagedCost + quotes || (chosenCost == damagedCost && onlyAGuess) ||
            chosen.likelier + odds < 0)
            return std::nullopt;
        return std::max(damagedCost - chosenCost, 0);
    }

    // Whether reading `r` through `page` is one a repair may read: characters a repair may
    // produce (plausibleResult() and its kin), marks that fit their letters (but for a quoted
    // mark of a common page), and no place that makes it unreadable (RepairPlace::unreadable()).
    bool readable(Reading& r, CodePage page) const {
        const Decision& chosen = r.d;
        const auto& repaired = chosen.cand.repaired;
        const auto plausible = [&] {
            const bool wholeSequence =
                chosen.cand.end - chosen.cand.begin >= 3 && repaired.size() == 1;
            const auto test = quoted(r)       ? plausibleQuoted
                              : wholeSequence ? plausibleWholeSequence
                                              : plausibleResult;
            return std::all_of(repaired.begin(), repaired.end(), [&](char32_t c) {
                return test(c) || place_.kaomojiLetter(c, repaired);
            });
        };
        if (!remembered(r.plausible, plausible) || (!remembered(r.marksFit, [&] {
                return marksFit(context_.before, repaired);
            }) && !place_.quotedMark(chosen, page)))
            return false;
        return !remembered(r.unreadable[chosen.likelier >= kSureOdds ? 1 : 0],
                           [&] { return place_.unreadable(chosen); });
    }

    bool quoted(Reading& r) const {
        return remembered(r.quoted, [&] { return place_.quotedCharacter(r.d); });
    }
    bool insideAWord(Reading& r) const {
        return remembered(r.insideAWord, [&] { return place_.insideAWord(r.d); });
    }
    bool telling(Reading& r) const {
        return remembered(r.telling, [&] { return tellsOfItsPage(r.d); });
    }

    // Where the text shows no damage through the page (a short string, or the first pass, which
    // looks for that damage), the plausibility model decides with the hand-written costs: the
    // costs must see the damage's signature (textCost() lower for the repair), and the model
    // must find the repair likelier than the damaged text by the odds against such damage.
    // Neither alone is enough: the costs cannot tell "Ã‰COLE" from "Ã’s", and the model alone
    // prefers any shorter reading of rare characters ("─┐" as "Ŀ", "ßéö" as one sign).
    std::optional<int> thinGain(Reading& r, CodePage page, int costGain) const {
        const Decision& chosen = r.d;
        // The odds, in 1/16 nat (tuned on the tuning half of the short-string corpus,
        // tests/quality/short_quality.py): e^16 makes a repair that counts as evidence of its
        // page (in a text longer than a short string only where the costs also read it clearly
        // better or its characters tell of the page: isShortText()), e^8 one that is made (and
        // counts only when it is telling, as a gain of 1).
        constexpr int sure = kSureOdds;
        constexpr int accept = 8 * kPlausibilityScale;
        constexpr int likelyInAWord = 10 * kPlausibilityScale;
        // Where three damaged characters or more read back as one sequence (an emoji's four,
        // a CJK character's three), the model alone may decide, with odds of e^32 and costs that
        // do not read the repair as worse: correct text holds such runs by chance far more
        // rarely than the two-character signatures the costs weigh.
        const bool longDamage = chosen.cand.end - chosen.cand.begin >= 3 && costGain >= 0 &&
                                chosen.likelier >= 32 * kPlausibilityScale;
        // Two letters that the costs read as no worse ("Äˆefbloko", the Esperanto "Ĉ" read as
        // a letter and a modifier letter), or two characters that read back as one letter ("Å¿"
        // is the long s "ſ"), may pass on the model alone at e^24 (three, as one
        // sequence, at e^32 above: "ßéö" in correct text would be one sign).
        const bool lettersOnly =
            costGain == 0 && chosen.cand.end - chosen.cand.begin == 2 &&
            (telling(r) || (chosen.cand.repaired.size() == 1 &&
                            info(chosen.cand.repaired.front()).kind == Kind::Letter)) &&
            chosen.likelier >= 24 * kPlausibilityScale;
        // A symbol between two letters that reads back as one letter the model finds likelier
        // ("IL6RÎ²KO" is "IL6RβKO"): correct text glues no "²" to a capital on either side. Two
        // letters glued so ("URBANÄŚIÄŚ" is "URBANČIČ") must be likelier by e^8: an alphabet
        // lists "ĆČ" between "C" and "D", which ISO-8859-16 would read as "Ų" at e^3.
        // Two characters or more that are all a quoted string holds and read back as one
        // character ("'Ø§'" in a code table is "'ا'", "'Ê€'" "'ʀ'"): code quotes a character,
        // not two that happen to encode one. Not through the pages that
        // hold a Windows page's letters elsewhere: the model likes the rare letters they read
        // ("'ÏŒ'" is windows-1252's "'ό'", not ISO-8859-15's Coptic "'ϼ'").
        // The costs count the sign or rare letter glued to the quotes (up to 2), which is how
        // code quotes one ("'Ã·'" is "'÷'"), and the model finds it likelier at e^8.
        const bool quotedOne = costGain >= -2 && quoted(r) && chosen.likelier >= accept &&
                               !place_.besideAWindowsPage(page);
        const bool wordSymbol = costGain >= 0 && chosen.likelier > 0 && insideAWord(r) &&
                                chosen.cand.end - chosen.cand.begin == 2 &&
                                (info(chars_[chosen.cand.end - 1].cp).kind != Kind::Letter ||
                                 chosen.likelier >= accept);
        if ((chosen.cand.everyUsesLost && !chosen.cand.lostToReplacement) ||
            (costGain < 1 && !longDamage && !lettersOnly && !wordSymbol && !quotedOne) ||
            place_.trademarkAfterCapitals(chosen))
            return std::nullopt;
        if (wordSymbol && chosen.likelier < accept)
            return kClearGain;
        // Of two pages' repairs the likelier is kept (rank()): thin repairs differ by no more.
        if (chosen.likelier >= sure && (context_.shortText || costGain >= kClearGain || telling(r)))
            return kClearGain;
        // A repair of letters only ("ÅŒsaka" is "Ōsaka"), or glued between letters or digits on
        // both sides ("9Ì¶9" is a struck-through 9) or all of a quoted string, counts at e^10:
        // correct text puts such pairs of capitals and symbols inside a word far more rarely than
        // the odds of e^16 say of any stretch (tuned on the tuning half: 96.08 -> 96.22 % restored,
        // 0 correct strings or lines changed; at e^6 a correct "ROMÂ NIA" changes). In a longer
        // text such a repair counts as a small one (two of them show a page): one alone is thin
        // evidence among thousands of lines, and a page shown by it restores lost bytes
        // everywhere (a Ukrainian catalogue's quoted unit "кБ" read through ISO-8859-5 as "ڱ"
        // made every "У" before a space "à").
        if (quotedOne ||
            (chosen.likelier >= likelyInAWord && (telling(r) || place_.gluedBothSides(chosen))))
            return context_.shortText ? kClearGain : 1;
        if (chosen.likelier >= accept)
            return insideAWord(r) || place_.spacedPunctuation(chosen) ? kClearGain : 1;
        return std::nullopt;
    }

    const std::vector<Char>& chars_;
    const std::size_t start_;
    const char32_t c0_;
    const RepairContext& context_;
    const RepairPlace place_;
    bool& openAtEnd_;
    SearchSpace& space_;
};

} // namespace

bool anyEvidence(const Evidence& e) {
    const std::span<const CodePage> pages = allCodePages();
    return std::any_of(pages.begin(), pages.end(), [&](CodePage cp) { return shows(e, cp); });
}

std::uint64_t readDeeper(const Evidence* evidence, CodePage page) {
    return evidence ? (*evidence)[std::size_t(kCodePageCount) + std::size_t(page)] : 0;
}

bool sameReading(const Evidence& a, const Evidence& b) {
    constexpr std::size_t n = kCodePageCount;
    const auto order = [](std::uint64_t x, std::uint64_t y) { return int(x > y) - int(x < y); };
    // In a short string, words in capitals joined by a no-break space stay apart only where some
    // page has more evidence than one clear fix's own (RepairPlace::capitalsSpaced()).
    const auto moreThanOneFix = [](const Evidence& e) {
        return std::any_of(e.begin(), e.begin() + kCodePageCount,
                           [](std::uint64_t w) { return w > std::uint64_t(kClearGain); });
    };
    if (moreThanOneFix(a) != moreThanOneFix(b))
        return false;
    for (std::size_t p = 0; p < n; ++p) {
        if (shows(a, CodePage(p)) != shows(b, CodePage(p)) || (a[n + p] == 0) != (b[n + p] == 0))
            return false;
        for (std::size_t q = p + 1; q < n; ++q)
            if (order(a[p], a[q]) != order(b[p], b[q]) ||
                order(a[n + p], a[n + q]) != order(b[n + p], b[n + q]))
                return false;
    }
    return true;
}

PageMask lostBytePages(const MojibakeOptions& opt, const Evidence* evidence) {
    PageMask pages = 0;
    // shows() of each page, without a branch a page (the driver asks it of every run).
    if (opt.restoreLostBytes && evidence)
        for (int p = 0; p < kCodePageCount; ++p)
            pages |= PageMask(shows(*evidence, CodePage(p))) << p;
    return pages;
}

PageMask pagesThatMayRead(const std::vector<Char>& chars, std::size_t start, PageMask lost) {
    const PageTables& t = tables();
    const PageMasks& first = t.masks(chars[start].cp);
    PageMask leadMask = first.lead();
    if (lost == 0) {
        leadMask &= start + 1 < chars.size() ? t.contMask(chars[start + 1].cp) : 0;
        // A lead of three or four bytes (a CESU-8 surrogate pair's ED too) needs a second
        // continuation byte: the character after next must map to one (a U+FFFD does under the
        // pages that leave a continuation byte undefined: PageReading::byteFor()).
        const PageMask longLeads = leadMask & (first.leads[1] | first.leads[2]);
        if (longLeads != 0)
            leadMask &= ~longLeads |
                        (start + 2 < chars.size() ? t.contMask(chars[start + 2].cp) : PageMask(0));
    } else if (start + 1 < chars.size() && chars[start + 1].cp >= 0x80) {
        // With lost bytes, only a space (a lost A0) may stand where a continuation byte is
        // missing, and under windows-1252 a dropped byte anywhere: otherwise a non-ASCII next
        // character must map to a continuation byte.
        leadMask &= t.contMask(chars[start + 1].cp) | (lost & pageBit(CodePage::Windows1252));
    }
    return leadMask;
}

PageMask pagesThatMayReadAll(std::span<const char32_t> text) {
    if (text.size() < 2)
        return 0;
    const PageTables& t = tables();
    // Only pages that map the first character to a lead and the second to a continuation byte.
    PageMask pages = t.leadMask(text[0]) & t.contMask(text[1]);
    for (std::size_t k = 2; k < text.size() && pages != 0; ++k) {
        const char32_t c = text[k];
        // A space inside a CESU-8 surrogate pair reads as its A0 (cesuPairAt()).
        if (c == ' ')
            continue;
        // Any other ASCII character ends the reading (tryPage() restores no lost byte here).
        if (c < 0x80)
            return 0;
        // The masks leave out IBM866's E0-EF but E2 as leads (startsRepairs()), which a reading
        // still takes inside a stretch: IBM866 stays.
        const PageMasks& m = t.masks(c);
        pages &= m.lead() | m.cont | pageBit(CodePage::Cp866);
    }
    return pages;
}

std::optional<Decision> bestRepair(const std::vector<Char>& chars, std::size_t start,
                                   const RepairContext& context, bool& openAtEnd) {
    return RepairSearch(chars, start, context, openAtEnd).best();
}

} // namespace u8convert::detail::mojibake
