// One candidate repair: a stretch of a run's characters mapped back to the bytes of a code page
// and read again as UTF-8 (deeper levels read back again), and the decision which page's reading
// of it, if any, is made. Library-internal.
#pragma once

#include "mojibake_detail.h"
#include "mojibake_score.h"
#include "mojibake_tables.h"
#include "small_vector.h"
#include "u8convert/mojibake.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace u8convert::detail::mojibake {
using namespace u8codec;

// A character of the text being repaired.
struct Char {
    std::size_t offset; // in the text being repaired
    std::uint8_t length;
    char32_t cp;
};

struct Candidate {
    std::size_t begin = 0; // char index of the first damaged character
    std::size_t end = 0;   // one past the last
    // Its reading: most are a few characters (one letter, a word), kept inline.
    SmallVector<char32_t, 12> repaired;
    bool lostNbsp = false;
    bool lostUndefined = false;
    // A character lost to a strict decoder's U+FFFD became one U+FFFD (PageReading::byteFor()).
    bool lostToReplacement = false;
    bool everyUsesLost = false; // each repaired character needed a lost byte
    bool surrogatePair = false; // a CESU-8 surrogate pair was read back
    int cost = 0;               // of the repaired text, with its context
};

struct Decision {
    Candidate cand;
    SmallVector<CodePage, 7> steps; // repair order: the last mis-decoding first
    // The pages that explain the damage: those whose reading gave this same repair (ISO-8859-1,
    // windows-1252 and ISO-8859-15 agree on most letters) and those whose own repair of it read
    // clearly better than the damage (clearlyBetter). Evidence is credited to each, so that the
    // weight of a page is how much of the text's damage it explains, not how often it won a tie.
    PageMask explaining = 0;
    // How much more plausible the repair reads than the damaged text (textCost()); 0: made on an
    // equal cost only because the text shows damage through the page elsewhere.
    int gain = 0;
    // The costs (textCost()) read the repair clearly better than the damage (kClearGain): such a
    // page explains the damage (`explaining`) even where another page's repair was kept.
    bool clearlyBetter = false;
    // How much more likely the repair reads than the damaged text under the plausibility model
    // (mojibake_plausibility.h), in 1/16 nat: what decides where the text shows no damage
    // through the page.
    int likelier = 0;
    // The damaged characters are all letters (or marks), or three or more: a repair that reads
    // only a little better ("Ăł" as "ó", MacRoman's "‚Äú" as "“") still says something of its
    // page, where two characters with a symbol or a quote ("√π" as "ù", "Ã”" as "Ô") are what
    // correct text holds.
    bool telling = false;
    std::string repairedUtf8;   // cand.repaired encoded, filled when the decision is kept
    bool repairedAscii = false; // repairedUtf8 holds an ASCII byte (it never has so far)
    // Its first 16 bytes, zeros after it: a fix's output is copied 16 bytes at once.
    std::array<char, 16> repairedHead{};
    std::size_t damagedLength = 0; // the bytes of the fix it was kept for (each has its own)
};

// Per page: [p] the gains of the fixes the page explains (Decision::explaining, each counted
// up to kClearGain); [kCodePageCount + p] fixes with p deeper.
using Evidence = MojibakeEvidence;

// Whether the text shows damage through `page`: one fix that reads clearly better than its
// source, or several that read better ("Ă" + "ł" is one step better as "ó", and Spanish read as
// ISO-8859-2 has one in every other word), but not one repair barely better than the source
// ("×”" as a Hebrew letter, "Ã’s" as "Òs", alone in a text). Inline: the search asks it
// several times of every page it tries.
inline bool shows(const Evidence& e, CodePage page) {
    return e[std::size_t(page)] >= std::uint64_t(kClearGain);
}

// Whether the text shows damage through any page.
bool anyEvidence(const Evidence& e);

// The fixes with `page` deeper than their last mis-decoding; 0 without evidence.
std::uint64_t readDeeper(const Evidence* evidence, CodePage page);

// Whether two sums of evidence lead every decision and assembly the same way. They read it
// through shows() (lostBytePages() and made() too), whether readDeeper() is 0, the order of
// two pages' weights or of their deeper readings (RepairSearch's rank() and deeperRank()), and
// whether any page has more than one clear fix's weight (RepairPlace::capitalsSpaced()): the
// streamed repair decides ahead with a partial sum and keeps what it decided where the partial
// sum reads as the whole does.
bool sameReading(const Evidence& a, const Evidence& b);

// The pages whose lost bytes are restored: in the second pass, those the first found evidence
// of. A lost byte is a guess, and a guess through a page the text shows no other damage of is
// a false repair far more often than a true one (MacRoman "—" + " " would read as "Ѡ").
PageMask lostBytePages(const MojibakeOptions& opt, const Evidence* evidence);

// What a repair is judged with besides the characters: the characters around them, the options,
// the first pass's evidence (null in the first pass) and the pages whose lost bytes are restored
// (lostBytePages()).
struct RepairContext {
    char32_t before;   // the character before chars[start]
    char32_t afterRun; // the character after the run
    const MojibakeOptions& options;
    const Evidence* evidence;
    PageMask lostPages;
    bool shortText; // the text is one short string (isShortText())
};

// The pages that may read chars[start] as a lead byte, where the pages `lost` restore lost bytes.
// Quick rejection, exact when no byte can have been lost: the next character must map to a
// continuation byte under the page (and after a lead of three or four bytes the one after it).
PageMask pagesThatMayRead(const std::vector<Char>& chars, std::size_t start, PageMask lost);

// The pages that may read all of `text` back as UTF-8 at a deeper level (a repair read back
// again, tryPage() restoring no lost byte): the first character must map to a lead byte, the
// second to a continuation byte, and every other to one or the other (a space aside: inside a
// CESU-8 surrogate pair it reads as A0). A quick rejection, looser than the reading (a superset
// of the pages that read it all): each page it rejects is one tryPage() not tried for nothing.
PageMask pagesThatMayReadAll(std::span<const char32_t> text);

// The best repair starting at chars[start]. For each page whose bytes read back as UTF-8, the
// result is read back again while some page maps all of it (double and triple encodings); the
// level with the lowest cost is the candidate. It is taken when its cost is lower than the
// damaged text's. With evidence (fixes per page that lowered the cost, found in a first pass),
// an equal cost is enough for a page with evidence: short words ("Рё", "ГЁ") carry too little
// signal alone, but a text is rarely mis-decoded in one word and correct in the next through the
// same page. `openAtEnd` is set when a page whose bytes are restored ran out of characters inside
// a sequence: a space after them could be its lost A0 (or the place of a dropped byte).
std::optional<Decision> bestRepair(const std::vector<Char>& chars, std::size_t start,
                                   const RepairContext& context, bool& openAtEnd);

} // namespace u8convert::detail::mojibake
