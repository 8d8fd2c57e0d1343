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
#include <cstdlib>
#include <span>
#include <tuple>
#include <unicode/uchar.h>
#include <utility>

namespace u8convert::detail::mojibake {
using namespace u8codec;

namespace {

// The search of bestRepair(): each page's reading of the characters from chars[start], read back
// at deeper levels, judged against the damaged text.
class RepairSearch {
public:
    RepairSearch(const std::vector<Char>& chars, std::size_t start, const RepairContext& context,
                 bool& openAtEnd)
        : chars_(chars), start_(start), c0_(chars[start].cp), context_(context),
          place_(chars, context), openAtEnd_(openAtEnd) {}

    std::optional<Decision> best() {
        const PageMask pages = pagesToTry();
        if (pages == 0)
            return std::nullopt;
        std::optional<Decision> best;
        // The pages' results, in storage kept between calls (their vectors keep their capacity).
        thread_local std::vector<PageResult> results;
        std::size_t resultCount = 0;
        PageMask left = pages; // the pages still to try, in the options' order
        for (CodePage cp : context_.options.codePages) {
            if (left == 0)
                break;
            if (!(left & pageBit(cp)))
                continue;
            left &= ~pageBit(cp);
            std::optional<Decision> chosen = throughPage(cp);
            if (!chosen)
                continue;
            if (resultCount == results.size())
                results.emplace_back();
            PageResult& r = results[resultCount++];
            r.page = cp;
            r.clear = chosen->clearlyBetter;
            r.gain = chosen->gain;
            r.end = chosen->cand.end;
            r.repaired.assign(chosen->cand.repaired.begin(), chosen->cand.repaired.end());
            if (!best || outranks(*chosen, *best))
                best = std::move(*chosen);
        }
        if (!best)
            return best;
        best->telling = tellsOfItsPage(*best);
        for (std::size_t k = 0; k < resultCount; ++k)
            if (results[k].clear || (results[k].end == best->cand.end &&
                                     std::ranges::equal(results[k].repaired, best->cand.repaired)))
                best->explaining |= pageBit(results[k].page);
        return best;
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
    // The costs (textCost()) and likelihood (plausibility()) of a stretch between `before` and
    // `after`.
    using Judged = TextJudgement;

    // A first-level reading met before in this search (judgeReading()).
    struct KnownReading {
        std::size_t end = 0;
        bool thin = false;
        std::vector<char32_t> first;    // the first level's reading
        std::vector<char32_t> repaired; // with its deeper levels read back
        std::vector<CodePage> deeper;   // the pages of those levels
        Judged judged{};
    };
    // In storage kept between searches (the vectors keep their capacity).
    static std::vector<KnownReading>& readings() {
        thread_local std::vector<KnownReading> known;
        return known;
    }
    std::size_t readingCount_ = 0;
    std::array<std::pair<std::size_t, Judged>, 8> damagedJudged_{};
    std::size_t damagedCount_ = 0;
    Judged damagedScratch_{};

    struct PageResult {
        CodePage page;
        bool clear; // Decision::clearlyBetter
        int gain;
        std::size_t end;
        std::vector<char32_t> repaired;
    };

    bool has(CodePage page) const { return context_.evidence && shows(*context_.evidence, page); }
    bool hasDeeper(CodePage page) const { return readDeeper(context_.evidence, page) > 0; }

    // The pages that may read chars[start] as a lead byte. Quick rejection, exact when no byte
    // can have been lost: the next character must map to a continuation byte under the page.
    PageMask pagesToTry() const {
        const PageTables& t = tables();
        const PageMask lost = context_.lostPages;
        PageMask leadMask = t.leadMask(c0_);
        if (lost == 0) {
            leadMask &= start_ + 1 < chars_.size() ? t.contMask(chars_[start_ + 1].cp) : 0;
        } else if (start_ + 1 < chars_.size() && chars_[start_ + 1].cp >= 0x80) {
            // With lost bytes, only a space (a lost A0) may stand where a continuation byte is
            // missing, and under windows-1252 a dropped byte anywhere: otherwise a non-ASCII next
            // character must map to a continuation byte.
            leadMask &= t.contMask(chars_[start_ + 1].cp) | (lost & pageBit(CodePage::Windows1252));
        }
        return leadMask;
    }

    // Of two pages' repairs, the one ranked higher is kept: a page the text shows (one page per
    // text: "Ã‰TÃ‰ Ã€" is "ÉTÉ À" through windows-1252, not "ÉTÉ ä" through ISO-8859-15); the
    // larger gain; then the page with more evidence; then the likelier repair
    // (mojibake_plausibility.h); then fewer capitals (small letters are far more frequent); then
    // the longer stretch; then the earlier page (a tie keeps the first).
    std::tuple<bool, int, std::uint64_t, int, int, std::size_t> rank(const Decision& x) const {
        const std::uint64_t weight =
            context_.evidence ? (*context_.evidence)[std::size_t(x.steps.front())] : 0;
        // Where the text shows no damage through the page, the gain only says which odds the
        // repair passed (thinGain()): the likelier repair ranks first.
        const bool evidenced = has(x.steps.front());
        return std::make_tuple(evidenced, evidenced ? x.gain : 0, weight, x.likelier,
                               -uppercaseCount(x.cand.repaired), x.cand.end);
    }

    // Whether `a` is kept over `b`: by rank(), but in a short string, of two readings of the
    // same stretch through pages it shows, the one the model finds likelier by the odds of a
    // deeper level, whatever the costs say ("FIÄœIA" is the Esperanto "FIĜIA" through
    // windows-1252, not ISO-8859-16's "FIĽIA", which the costs read one point better; but not
    // against costs that read the other two points better or more: "'Ã¼'" is "'ü'", not
    // IBM850's "'Ǭ'", which a model that has seen code tables of rare capitals likes). In a
    // longer text the evidence of each page decides.
    bool outranks(const Decision& a, const Decision& b) const {
        if (context_.shortText && has(a.steps.front()) && has(b.steps.front()) &&
            a.cand.end == b.cand.end && std::abs(a.likelier - b.likelier) >= kDeeperOdds &&
            std::abs(a.gain - b.gain) <= 1)
            return a.likelier > b.likelier;
        return rank(a) > rank(b);
    }

    // The repair through `cp` (its deeper levels read back), with its gain; nullopt when the
    // page's reading is no repair.
    std::optional<Decision> throughPage(CodePage cp) {
        auto cand = tryPage(chars_, start_, cp,
                            {.restoreLost = (context_.lostPages & pageBit(cp)) != 0,
                             .before = context_.before,
                             .afterRun = context_.afterRun},
                            openAtEnd_);
        if (!cand)
            return std::nullopt;
        const char32_t after = cand->end < chars_.size() ? chars_[cand->end].cp : context_.afterRun;
        const Judged& damaged = judgeDamaged(cand->end, after);
        Decision chosen;
        chosen.cand = std::move(*cand);
        chosen.steps = {cp};
        const Judged& reading = judgeReading(chosen, after, !has(cp));
        const int chosenCost = reading.cost;
        chosen.likelier = reading.likelihood - damaged.likelihood - place_.pageOdds(cp);
        const std::optional<int> gain = gainOf(chosen, chosenCost, damaged.cost, cp);
        if (!gain)
            return std::nullopt;
        chosen.gain = *gain;
        chosen.clearlyBetter = damaged.cost - chosenCost >= kClearGain;
        return chosen;
    }

    // The damaged stretch [start, end), judged once for all the pages that read it.
    const Judged& judgeDamaged(std::size_t end, char32_t after) {
        for (std::size_t k = 0; k < damagedCount_; ++k)
            if (damagedJudged_[k].first == end)
                return damagedJudged_[k].second;
        thread_local std::vector<char32_t> damaged;
        damaged.clear();
        for (std::size_t i = start_; i < end; ++i)
            damaged.push_back(chars_[i].cp);
        const Judged judged = judgeText(context_.before, damaged, after);
        if (damagedCount_ == damagedJudged_.size())
            return damagedScratch_ = judged;
        damagedJudged_[damagedCount_] = {end, judged};
        return damagedJudged_[damagedCount_++].second;
    }

    // `chosen`'s reading (its deeper levels read back: readBackDeeper()) and how it is judged.
    // Pages that agree on the bytes of a stretch read it the same way (ISO-8859-1, windows-1252
    // and a dozen others on "Ã©"): the first page's work is kept for the others.
    Judged judgeReading(Decision& chosen, char32_t after, bool thin) {
        for (std::size_t k = 0; k < readingCount_; ++k) {
            const KnownReading& known = readings()[k];
            if (known.end == chosen.cand.end && known.thin == thin &&
                std::ranges::equal(known.first, chosen.cand.repaired)) {
                chosen.cand.repaired.assign(known.repaired.begin(), known.repaired.end());
                chosen.steps.insert(chosen.steps.end(), known.deeper.begin(), known.deeper.end());
                return known.judged;
            }
        }
        if (readingCount_ == readings().size())
            readings().emplace_back();
        KnownReading& known = readings()[readingCount_++];
        known.end = chosen.cand.end;
        known.thin = thin;
        known.first.assign(chosen.cand.repaired.begin(), chosen.cand.repaired.end());
        const TextJudgement first = judgeText(context_.before, chosen.cand.repaired, after);
        int cost = first.cost;
        int likelihood = first.likelihood;
        readBackDeeper(chosen, cost, likelihood, after, thin);
        known.repaired.assign(chosen.cand.repaired.begin(), chosen.cand.repaired.end());
        known.deeper.assign(chosen.steps.begin() + 1, chosen.steps.end());
        known.judged = {cost, likelihood};
        return known.judged;
    }

    // At a deeper level, of the pages that read all of it back: where the text shows no damage
    // through the first page (`thin`), the likeliest reading; then the lowest cost; then, as at
    // the first level, the page the text shows read deeper more often, then fewer capitals
    // (double ISO-8859-15 "Ã€" is "ä", double windows-1252 "À").
    std::tuple<int, int, std::uint64_t, int> deeperRank(int cost, int likelihood, bool thin,
                                                        CodePage page,
                                                        std::span<const char32_t> repaired) const {
        return std::make_tuple(thin ? -likelihood : 0, cost, ~readDeeper(context_.evidence, page),
                               uppercaseCount(repaired));
    }

    // The page that reads all of `current` back as UTF-8, ranked by deeperRank(), and the repair
    // it reads with its cost (between `before` and `after`).
    struct Level {
        Candidate cand;
        CodePage page;
        int cost;
        int likelihood; // plausibility(), less the odds against its page
    };
    std::optional<Level> nextLevel(std::span<const char32_t> current, char32_t after,
                                   bool thin) const {
        const PageTables& t = tables();
        // Only pages that map the first character to a lead and the second to a continuation
        // byte can read all of it back.
        const PageMask innerMask =
            current.size() >= 2 ? t.leadMask(current[0]) & t.contMask(current[1]) : 0;
        if (innerMask == 0)
            return std::nullopt;
        // In storage kept between calls (it keeps its capacity).
        thread_local std::vector<Char> inner;
        inner.clear();
        for (char32_t c : current)
            inner.push_back({0, 0, c});
        std::optional<Level> next;
        PageMask left = innerMask; // the pages still to try, in the options' order
        for (CodePage cp2 : context_.options.codePages) {
            if (left == 0)
                break;
            if (!(left & pageBit(cp2)))
                continue;
            left &= ~pageBit(cp2);
            bool unused = false;
            auto c2 = tryPage(inner, 0, cp2, {.restoreLost = false, .readsTheText = false}, unused);
            if (!c2 || c2->end != inner.size())
                continue;
            const TextJudgement judged = judgeText(context_.before, c2->repaired, after);
            const int cost2 = judged.cost;
            // The odds against the page count at every level ("Ãƒâ‚¬" is "À" twice through
            // windows-1252 before "ä" through ISO-8859-15 the second time).
            const int likelihood2 = judged.likelihood - place_.pageOdds(cp2);
            if (!next ||
                deeperRank(cost2, likelihood2, thin, cp2, c2->repaired) <
                    deeperRank(next->cost, next->likelihood, thin, next->page, next->cand.repaired))
                next = Level{std::move(*c2), cp2, cost2, likelihood2};
        }
        return next;
    }

    // The deeper levels of `chosen` (of cost `chosenCost`): the level with the lowest cost, a
    // level as costly taken where the text shows its page read deeper. Copied from the first
    // only when some page reads it back (most repairs have none).
    void readBackDeeper(Decision& chosen, int& chosenCost, int& chosenLikelihood, char32_t after,
                        bool thin) const {
        std::optional<Decision> level;
        for (int depth = 1; depth < context_.options.maxDepth; ++depth) {
            const std::span<const char32_t> current =
                level ? level->cand.repaired : chosen.cand.repaired;
            std::optional<Level> next = nextLevel(current, after, thin);
            if (!next)
                break;
            if (!level)
                level = chosen;
            level->cand.repaired = std::move(next->cand.repaired);
            level->steps.push_back(next->page);
            const int levelCost = next->cost;
            // Where the model decides, a level deeper must be likelier by the odds against one
            // more mis-decoding: a shorter text is likelier by itself ("тип" read once more
            // through IBM866 is the one symbol "⨯").
            // A level that reads all a quoted string holds back as one character needs only be
            // likelier, whatever the costs (which count a sign glued to a quote): code quotes
            // one character ("'Ã¢â€“Â '" is "'■'" damaged twice).
            const bool quotedOne =
                place_.quotedCharacter(*level) && next->likelihood > chosenLikelihood;
            const bool better =
                quotedOne || (thin ? next->likelihood > chosenLikelihood + kDeeperOdds
                                   : levelCost < chosenCost ||
                                         (levelCost == chosenCost && hasDeeper(next->page)));
            if (better) {
                chosen = *level;
                chosenCost = levelCost;
                chosenLikelihood = next->likelihood;
            }
        }
    }

    // How much better `chosen` (through `page`, of cost `chosenCost`) reads than the damaged
    // text (of `damagedCost`); nullopt when that is not enough for a repair.
    std::optional<int> gainOf(const Decision& chosen, int chosenCost, int damagedCost,
                              CodePage page) const {
        // An equal cost is enough only with evidence, and never for a repair that rests on a
        // guessed dropped byte alone ("É" + "l" could become "ɍl" with a dropped 8D), nor on a
        // lost A0 alone unless a letter becomes letters: "Ã" + a space is "à", but a symbol and
        // a space is what correct text looks like (MacRoman "—" + A0 would be "Ѡ"), and so are
        // two letters around a space (IBM437 "ß é" would be the Mongolian comma U+1802).
        const auto isLetter = [](char32_t c) { return info(c).kind == Kind::Letter; };
        const auto& repaired = chosen.cand.repaired;
        // "Â" + a space is the no-break space itself (C2 A0), which French puts before ":;?!".
        const bool letterToLetters =
            isLetter(c0_) && std::all_of(repaired.begin(), repaired.end(),
                                         [&](char32_t c) { return isLetter(c) || c == 0xA0; });
        // A U+FFFD a strict decoder wrote where the page left a byte undefined is no guess: the
        // character it was part of is lost whatever the byte was.
        const bool onlyAGuess = chosen.cand.everyUsesLost && !chosen.cand.lostToReplacement &&
                                (chosen.cand.lostUndefined || !letterToLetters);
        // A byte order mark read through a page ("ï»¿" under windows-1252, "п»ї" under
        // windows-1251, "∩╗┐" under IBM437) is damage whatever the costs say: correct text never
        // holds those three characters, and U+FEFF costs as a control character would.
        // So are six characters that read back as a surrogate pair in CESU-8 (ED A0-AF xx
        // ED B0-BF xx): correct text maps to that by chance practically never.
        if (((repaired.front() == 0xFEFF && chosen.steps.size() == 1) ||
             chosen.cand.surrogatePair) &&
            !chosen.cand.lostNbsp && !chosen.cand.lostUndefined)
            chosenCost = std::min(chosenCost, damagedCost - kClearGain);
        const bool wholeSequence = chosen.cand.end - chosen.cand.begin >= 3 && repaired.size() == 1;
        const auto plausible = place_.quotedCharacter(chosen) ? plausibleQuoted
                               : wholeSequence                ? plausibleWholeSequence
                                                              : plausibleResult;
        if (!std::all_of(
                repaired.begin(), repaired.end(),
                [&](char32_t c) { return plausible(c) || place_.kaomojiLetter(c, repaired); }) ||
            (!marksFit(context_.before, repaired) && !place_.quotedMark(chosen, page)) ||
            place_.unreadable(chosen))
            return std::nullopt;
        if (!has(page))
            return place_.brokenBeside(chosen, page) ? std::nullopt
                                                     : thinGain(chosen, damagedCost - chosenCost);
        // Through a page the text shows, the costs decide, but the model may still refuse: a
        // repair it finds less likely than the damaged text is correct text that happens to map
        // ("5×£35" would become "5ף35" in a text where windows-1252's damage shows).
        // The odds against the pages are for text that does not show them: a longer text that
        // shows them has its evidence (a short string's own is thin, and the odds stay).
        int odds = 0;
        for (CodePage step : chosen.steps)
            odds += context_.shortText ? 0 : place_.pageOdds(step);
        // A character all a quoted string holds may cost the sign glued to the quotes (thinGain()).
        const int quotes = place_.quotedCharacter(chosen) ? 2 : 0;
        if (chosenCost > damagedCost + quotes || (chosenCost == damagedCost && onlyAGuess) ||
            chosen.likelier + odds < 0)
            return std::nullopt;
        return std::max(damagedCost - chosenCost, 0);
    }

    // Where the text shows no damage through the page (a short string, or the first pass, which
    // looks for that damage), the plausibility model decides with the hand-written costs: the
    // costs must see the damage's signature (textCost() lower for the repair), and the model
    // must find the repair likelier than the damaged text by the odds against such damage.
    // Neither alone is enough: the costs cannot tell "Ã‰COLE" from "Ã’s", and the model alone
    // prefers any shorter reading of rare characters ("─┐" as "Ŀ", "ßéö" as one sign).
    std::optional<int> thinGain(const Decision& chosen, int costGain) const {
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
            (tellsOfItsPage(chosen) || (chosen.cand.repaired.size() == 1 &&
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
        const bool quotedOne = costGain >= -2 && place_.quotedCharacter(chosen) &&
                               chosen.likelier >= accept &&
                               !place_.besideAWindowsPage(chosen.steps.front());
        const bool wordSymbol = costGain >= 0 && chosen.likelier > 0 &&
                                place_.insideAWord(chosen) &&
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
        if (chosen.likelier >= sure &&
            (context_.shortText || costGain >= kClearGain || tellsOfItsPage(chosen)))
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
        if (quotedOne || (chosen.likelier >= likelyInAWord &&
                          (tellsOfItsPage(chosen) || place_.gluedBothSides(chosen))))
            return context_.shortText ? kClearGain : 1;
        if (chosen.likelier >= accept)
            return place_.insideAWord(chosen) || place_.spacedPunctuation(chosen) ? kClearGain : 1;
        return std::nullopt;
    }

    const std::vector<Char>& chars_;
    const std::size_t start_;
    const char32_t c0_;
    const RepairContext& context_;
    const RepairPlace place_;
    bool& openAtEnd_;
};

} // namespace

bool shows(const Evidence& e, CodePage page) {
    return e[std::size_t(page)] >= std::uint64_t(kClearGain);
}

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
    if (opt.restoreLostBytes && evidence)
        for (int p = 0; p < kCodePageCount; ++p)
            if (shows(*evidence, CodePage(p)))
                pages |= pageBit(CodePage(p));
    return pages;
}

std::optional<Decision> bestRepair(const std::vector<Char>& chars, std::size_t start,
                                   const RepairContext& context, bool& openAtEnd) {
    return RepairSearch(chars, start, context, openAtEnd).best();
}

} // namespace u8convert::detail::mojibake
