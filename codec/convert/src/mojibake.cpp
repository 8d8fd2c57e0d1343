// The mojibake repair: text that was UTF-8, read through a legacy code page (once or more) and
// written again as UTF-8, restored. docs/mojibake.md describes the algorithm at length; in short:
//
// - Runs. Damage lies in runs of non-ASCII characters and the spaces between them (a space may
//   be an A0 byte the mis-decoding lost) (mojibake_runs.h). Each run is read into characters and
//   judged: at each character, every page that maps it to a UTF-8 lead byte maps the characters
//   from there back to bytes, which are read as UTF-8; the result is read back again while a page
//   maps all of it (double and triple encodings). The reading whose text costs least by the cost
//   function (mojibake_score.h: letters of one script together, no symbol glued to a letter, no
//   capital after a small letter) is a candidate, made when it reads better than the damaged
//   text (mojibake_candidate.h). A fix gives its neighbours new context: judging goes on a
//   little before it, and fixes that rewrite each other's output are one fix (mojibake_rewrite.h).
// - The sieve. Clean text is most of most files: a SIMD classifier (mojibake_sieve.h) skips it
//   64 bytes at a time to where a character mapping to a lead byte is followed by one mapping to a
//   continuation byte under the same page, the only place a repair can start.
// - The memo. Damaged text repeats the same few damaged words: a run's decisions depend only on
//   its bytes and the bytes around it during a pass, so each part of the text remembers them per
//   run (mojibake_memo.h) and judges a word once.
// - Two passes. The first counts evidence: which pages the text's clear fixes read through. The
//   second judges again knowing it: an equal cost is enough for a page the text shows, and lost
//   bytes are restored only for such pages (mojibake_pass.h). The text is cut into parts at bytes
//   no run holds, each judged on a thread of its own; the result does not depend on the cut.
// - Assembly. Each part's output is written where the counts kept while accepting put it, fixes
//   that rest on a lost byte alone only where the text shows their page (mojibake_assemble.h).
// - Rounds. The repair pipeline (repair.cpp) repairs again until nothing changes: fixes change
//   their neighbours' context. Later rounds judge only the runs the round before wrote into,
//   carrying the evidence; a last round from scratch confirms a second repair finds nothing.
//
// The fast paths (the sieve, the memo, words judged on their own, parts on threads, run after run
// where the text is damaged throughout) must not change the result: the tests hold them to
// referenceRepairMojibake() (mojibake_reference.h), the same rules in their plainest form, as
// simdutf keeps its scalar path.
#include "u8convert/mojibake.h"

#include "mojibake_assemble.h"
#include "mojibake_candidate.h"
#include "mojibake_detail.h"
#include "mojibake_pass.h"
#include "mojibake_score.h"
#include "mojibake_sieve.h"
#include "mojibake_tables.h"
#include "u8codec/encoder.h"
#include "u8codec/scan.h"

#include <algorithm>
#include <array>
#include <unicode/ucnv.h>

namespace u8convert {
using namespace u8codec;

namespace {

// Every page, in the order ties are broken: the most common culprits first (the Windows pages of
// the languages most text is in, their ISO counterparts, then the DOS, Mac and rarer pages).
// windows-1250 comes before ISO-8859-2: they read C0-FF alike and differ in 80-BF, where
// Central European text mis-read by Windows programs ("Ăś" for "Ü", 1250's 9C) is far more
// common than by ISO-8859-2 readers (whose B6 would make the same characters "ö").
constexpr std::array<CodePage, kCodePageCount> kPages = {
    CodePage::Windows1252, CodePage::Latin1,      CodePage::Windows1251,
    CodePage::MacRoman,    CodePage::Windows1250, CodePage::Latin2,
    CodePage::Latin9,      CodePage::Greek,       CodePage::Koi8R,
    CodePage::Cp437,       CodePage::Windows1257, CodePage::Windows1253,
    CodePage::Windows1254, CodePage::Koi8U,       CodePage::Cp866,
    CodePage::Cp850,       CodePage::Cp852,       CodePage::MacCentralEurope,
    CodePage::MacCyrillic, CodePage::Cyrillic,    CodePage::Latin5,
    CodePage::Latin7,      CodePage::Latin4,      CodePage::Latin3,
    CodePage::Latin6,      CodePage::Latin8,      CodePage::Latin10,
    CodePage::Windows1255, CodePage::Windows1256, CodePage::Windows1258,
    CodePage::Arabic,      CodePage::Hebrew,      CodePage::Thai};

} // namespace

std::string_view name(CodePage cp) noexcept {
    return detail::icuName(cp);
}

namespace {

// The converter ICU opens for a name, by its canonical name ("" when ICU knows none).
std::string icuCanonicalName(const std::string& n) {
    UErrorCode status = U_ZERO_ERROR;
    UConverter* cnv = ucnv_open(n.c_str(), &status);
    std::string canonical;
    if (cnv && U_SUCCESS(status))
        canonical = ucnv_getName(cnv, &status);
    if (cnv)
        ucnv_close(cnv);
    return U_SUCCESS(status) ? canonical : std::string();
}

} // namespace

std::optional<CodePage> codePageFromName(std::string_view n) noexcept {
    const std::string asked(n);
    for (CodePage cp : kPages)
        if (ucnv_compareNames(asked.c_str(), std::string(name(cp)).c_str()) == 0)
            return cp;
    // The short names people type, which ICU does not all know (ucnv_compareNames() ignores
    // case, '-' and '_').
    static constexpr std::pair<std::string_view, CodePage> kTyped[] = {
        {"latin1", CodePage::Latin1},
        {"latin2", CodePage::Latin2},
        {"latin3", CodePage::Latin3},
        {"latin4", CodePage::Latin4},
        {"latin5", CodePage::Latin5},
        {"latin6", CodePage::Latin6},
        {"latin7", CodePage::Latin7},
        {"latin8", CodePage::Latin8},
        {"latin9", CodePage::Latin9},
        {"latin10", CodePage::Latin10},
        {"mac", CodePage::MacRoman},
        {"macroman", CodePage::MacRoman},
        {"macce", CodePage::MacCentralEurope},
        {"maclatin2", CodePage::MacCentralEurope},
        {"maccentraleurope", CodePage::MacCentralEurope},
        {"maccyrillic", CodePage::MacCyrillic},
        {"koi8r", CodePage::Koi8R},
        {"koi8u", CodePage::Koi8U},
        {"cp437", CodePage::Cp437},
        {"cp850", CodePage::Cp850},
        {"cp852", CodePage::Cp852},
        {"cp866", CodePage::Cp866},
        {"iso885916", CodePage::Latin10}};
    for (const auto& [typed, cp] : kTyped)
        if (ucnv_compareNames(asked.c_str(), std::string(typed).c_str()) == 0)
            return cp;
    // Any other alias ICU knows ("cp1250", "iso-ir-101", "ibm-5346"): the same converter.
    const std::string canonical = icuCanonicalName(asked);
    if (!canonical.empty())
        for (CodePage cp : kPages)
            if (cp != CodePage::Latin10 && icuCanonicalName(std::string(name(cp))) == canonical)
                return cp;
    return std::nullopt;
}

std::span<const CodePage> allCodePages() noexcept {
    return kPages;
}

std::string readAs(std::span<const std::uint8_t> bytes, CodePage cp) {
    const detail::PageTable& page = detail::pageTables().pages[std::size_t(cp)];
    std::string out;
    out.reserve(bytes.size() + bytes.size() / 4);
    for (std::uint8_t b : bytes)
        appendUtf8(page.toUnicode[b] == detail::kNoChar ? char32_t(0xFFFD) : page.toUnicode[b],
                   out);
    return out;
}

std::string MojibakeFix::description() const {
    std::string s = "UTF-8 read as ";
    if (!misdecodings.empty()) {
        const bool same = std::all_of(misdecodings.begin(), misdecodings.end(),
                                      [&](CodePage c) { return c == misdecodings.front(); });
        if (same) {
            s += name(misdecodings.front());
            if (misdecodings.size() == 2)
                s += ", twice";
            else if (misdecodings.size() > 2)
                s += ", " + std::to_string(misdecodings.size()) + " times";
        } else {
            for (std::size_t i = 0; i < misdecodings.size(); ++i) {
                if (i > 0)
                    s += ", then as ";
                s += name(misdecodings[i]);
            }
        }
    }
    if (restoredNbsp)
        s += "; a byte A0 that had become a space restored";
    if (restoredUndefined)
        s += "; a dropped undefined byte restored";
    return s;
}

namespace {

// Whether the repair would find nothing to judge in `utf8`, known without setting up its passes.
// ASCII holds no mojibake: every image of a UTF-8 byte a page reads is non-ASCII. Nor does text
// where no repair can start: the first pass judges only where the sieve finds a start (a lead
// byte's image followed by its continuations' under one page: mojibake_sieve.h; it reads no lost
// byte without evidence), so it finds no fix and no evidence, and the second pass runs only with
// evidence: from pages the caller assumes, or from the signatures of a lost no-break space
// (creditLostNbsp()).
bool nothingToJudge(std::string_view utf8, const MojibakeOptions& options) {
    using namespace detail::mojibake;
    const auto* begin = reinterpret_cast<const std::uint8_t*>(utf8.data());
    const auto* end = begin + utf8.size();
    if (asciiRunLength(std::span<const std::uint8_t>(begin, utf8.size())) == utf8.size())
        return true;
    if (!options.assumedPages.empty())
        return false;
    // The kernel the passes would use (sieveKernelFor(): scalar on a short string).
    if (detail::RepairStartSieve(end, detail::SieveRule::adjacent(),
                                 detail::sieveKernelFor(utf8.size()))
            .next(begin) != end)
        return false;
    Evidence lostNbsp{};
    creditLostNbsp(utf8, utf8.size(), options, lostNbsp);
    return !anyEvidence(lostNbsp);
}

// Whether a round of the repair can be answered by nothingToJudge(): a short text (most rows of
// a table repaired line by line are ASCII or correct text, and the round from scratch that
// confirms a repair finds its own output correct), judged whole with no evidence carried in.
// On a longer text the passes' own sieve finds no start as fast, and one near its end would be
// looked for twice.
bool answeredAtOnce(std::string_view utf8, const MojibakeOptions& options,
                    const detail::MojibakeRun& run) {
    const bool nothingCarried =
        !run.evidence || std::all_of(run.evidence->begin(), run.evidence->end(),
                                     [](std::uint64_t weight) { return weight == 0; });
    return run.only == nullptr && nothingCarried &&
           detail::mojibake::isShortText(options, utf8.size()) && nothingToJudge(utf8, options);
}

} // namespace

MojibakeResult repairMojibake(std::string_view utf8, const MojibakeOptions& options) {
    return detail::repairMojibake(utf8, options, {});
}

MojibakeResult detail::repairMojibake(std::string_view utf8, const MojibakeOptions& options,
                                      const MojibakeRun& run) {
    using namespace detail::mojibake;
    MojibakeResult result;
    const std::uint64_t size = utf8.size();
    if (answeredAtOnce(utf8, options, run)) {
        // What the passes would give: no fix, the evidence carried in left as it is (none).
        if (options.progress && !options.progress(2 * size, 2 * size))
            result.cancelled = true;
        else if (run.copyWhenUnchanged) {
            result.text.assign(utf8);
            if (run.written)
                run.written->clear(); // as the assembly leaves it
        }
        return result;
    }
    // Well-formed: whole characters to the end, no error segment (a character cut short by the
    // end is one), found without counting anything.
    const bool wellFormed =
        run.knownWellFormed ||
        wellFormedLength(std::span<const std::uint8_t>(
            reinterpret_cast<const std::uint8_t*>(utf8.data()), utf8.size())) == utf8.size();
    PartsLease lease;
    std::vector<Part>& parts = *lease;
    cutIntoParts(utf8, partsFor(utf8.size(), run.parts), parts);
    // The first pass only counts evidence: a repair it accepts either credits its page (so the
    // second pass runs and decides again) or needed a lost byte for every character, and such a
    // repair is only made with evidence of its page. Without any evidence nothing is repaired.
    // A later round of the pipeline that brings evidence judges once, with that.
    Evidence confident = roundStart(options, run.evidence);
    if (needsFirstPass(run.only != nullptr, confident)) {
        Pass first(options, {.evidence = nullptr,
                             .wellFormed = wellFormed,
                             .collect = false,
                             .progressBase = 0,
                             .progressTotal = 2 * size,
                             .only = run.only,
                             .shortText = isShortText(options, utf8.size())});
        runPass(utf8, first, parts);
        addEvidenceOf(parts, confident);
        creditLostNbsp(utf8, utf8.size(), options, confident);
        result.cancelled = first.cancelled();
    }
    if (!result.cancelled && anyEvidence(confident)) {
        // Second pass, now knowing which pages the text was mis-decoded through (`confident`,
        // which does not change until the pass is done). Its decisions differ from the first
        // pass's: each part starts a new memo.
        for (Part& part : parts)
            part.memo.clear();
        Pass second(options, {.evidence = &confident,
                              .wellFormed = wellFormed,
                              .collect = true,
                              .progressBase = size,
                              .progressTotal = 2 * size,
                              .only = run.only,
                              .shortText = isShortText(options, utf8.size())});
        runPass(utf8, second, parts);
        addEvidenceOf(parts, confident);
        result.cancelled = second.cancelled();
    }
    if (result.cancelled)
        return result;
    if (run.evidence)
        *run.evidence = confident;
    if (options.progress && !options.progress(2 * size, 2 * size)) {
        result.cancelled = true;
        return result;
    }

    // Assemble: repairs that needed a lost byte for every character count only when the text
    // holds evidence of the same page elsewhere.
    const bool none = std::all_of(parts.begin(), parts.end(),
                                  [](const Part& part) { return part.accepted.empty(); });
    if (!none || run.copyWhenUnchanged)
        assemble(utf8, parts, confident, options, run, result);
    return result;
}

} // namespace u8convert
