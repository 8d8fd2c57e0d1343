// Mojibake repair's fast paths held to the reference: the result, the fixes and the evidence of
// the parts and the later rounds equal referenceRepairMojibake()'s on generated, random and
// corpus text; the sieve admits every fix, its kernels agree and its quick tests keep lone
// candidates.
#include "mojibake_samples.h"
#include "repair_samples.h"
#include "u8convert/mojibake.h"
#include "u8test/harness.h"
// The library-internal entry point, and the reference the fast paths are held to.
#include "mojibake_detail.h"
#include "mojibake_memo.h"
#include "mojibake_pass.h"
#include "mojibake_plausibility.h"
#include "mojibake_reference.h"
#include "mojibake_score.h"
#include "mojibake_sieve.h"
#include "mojibake_text_judge.h"
#include "small_vector.h"

#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <vector>

using namespace u8codec;
using namespace u8convert;
using namespace repairtest;

namespace {

// Every observable part of two results must agree. The first difference ends the test case (the
// callers compare thousands of texts: one report is enough).
void compareResults(const MojibakeResult& fast, const MojibakeResult& ref) {
    REQUIRE(fast.fixCount == ref.fixCount);
    REQUIRE(fast.text == ref.text);
    REQUIRE(fast.fixes.size() == ref.fixes.size());
    for (std::size_t i = 0; i < ref.fixes.size(); ++i) {
        const MojibakeFix& a = fast.fixes[i];
        const MojibakeFix& b = ref.fixes[i];
        REQUIRE(a.offset == b.offset);
        REQUIRE(a.length == b.length);
        REQUIRE(a.damaged == b.damaged);
        REQUIRE(a.repaired == b.repaired);
        REQUIRE(a.description() == b.description());
        REQUIRE(a.gain == b.gain);
    }
    REQUIRE(fast.fixesByPage == ref.fixesByPage);
}

// The fast path (in 1, 2 and 3 parts) and the reference agree on `text`: the result, the evidence
// found, and a later round as the pipeline runs it on the result, with the evidence found so far,
// judging only where the fixes were written. The reference hands every fix on to its later
// round; the fast path only those in a run where the sieve finds a start
// (MojibakeRun::written), and it passes over the runs where it finds none.
void compareWithReference(const std::string& text) {
    MojibakeOptions options;
    options.maxReportedFixes = 100000;
    struct Round {
        MojibakeResult result;
        u8convert::detail::MojibakeEvidence evidence{};
        std::vector<u8convert::detail::ByteSpan> written;
    };
    Round ref;
    ref.result = u8convert::detail::referenceRepairMojibake(
        text, options, {.evidence = &ref.evidence, .written = &ref.written});
    u8convert::detail::MojibakeEvidence refLaterEvidence = ref.evidence;
    const MojibakeResult refLater = u8convert::detail::referenceRepairMojibake(
        ref.result.text, options, {.evidence = &refLaterEvidence, .only = &ref.written});
    for (unsigned parts : {1u, 2u, 3u}) {
        CAPTURE(parts);
        Round fast;
        u8convert::detail::MojibakeRun run;
        run.evidence = &fast.evidence;
        run.written = &fast.written;
        run.parts = parts;
        fast.result = u8convert::detail::repairMojibake(text, options, run);
        compareResults(fast.result, ref.result);
        REQUIRE(fast.evidence == ref.evidence);
        REQUIRE(fast.written.size() <= ref.written.size());
        u8convert::detail::MojibakeRun later;
        u8convert::detail::MojibakeEvidence laterEvidence = fast.evidence;
        later.evidence = &laterEvidence;
        later.only = &fast.written;
        later.parts = parts;
        compareResults(u8convert::detail::repairMojibake(fast.result.text, options, later),
                       refLater);
        REQUIRE(laterEvidence == refLaterEvidence);
    }
}

} // namespace

// Under the lost-bytes rule a space stands for A0 only under the pages given, and a character
// loses one byte at most.
TEST_CASE("under the lost-bytes rule a space stands for A0 only under the pages given") {
    using u8convert::detail::pageBit;
    using u8convert::detail::SieveRule;
    const auto starts = [](std::string_view text, SieveRule rule) {
        const auto* p = reinterpret_cast<const std::uint8_t*>(text.data());
        return u8convert::detail::canStartRepair(p, p + text.size(), rule);
    };
    const SieveRule cp1252 = SieveRule::lostBytes(pageBit(CodePage::Windows1252));
    const SieveRule macRoman = SieveRule::lostBytes(pageBit(CodePage::MacRoman));
    // "Ã" + a lost A0 ("à"): one byte lost.
    CHECK(starts("Ã la", cp1252));
    CHECK(!starts("Ã la", SieveRule::adjacent()));
    // "é" (E9, a 3-byte lead) + a space: the A0 and a dropped byte would be two.
    CHECK(!starts("é o", cp1252));
    // ... with the third byte there, one.
    CHECK(starts("é ©", cp1252));
    // MacRoman "—" (D1) + a space: only under MacRoman.
    CHECK(!starts("— x", cp1252));
    CHECK(starts("— x", macRoman));
    // "â€" + a dropped byte: one byte lost; under windows-1252 only.
    CHECK(starts("â€ x", cp1252));
    CHECK(!starts("â€ x", SieveRule::lostBytes(pageBit(CodePage::Latin1))));
}

namespace {

struct MixedTextRow {
    std::string name;
    int seed;
    int damagedPieces; // samples mixed into the clean text
    bool randomBytes;  // stray random bytes too (ill-formed text)
    // Most sentences mis-decoded whole, each through a page of its own: text damaged throughout,
    // where the repair stops asking the sieve and judges run after run until one has no fix.
    bool throughout;
};

std::vector<MixedTextRow> mixedTexts() {
    std::vector<MixedTextRow> rows;
    const auto seedName = [](int seed) { return "seed " + std::to_string(seed); };
    for (int seed = 1; seed <= 12; ++seed) {
        const int pieces = seed <= 3 ? 0 : seed <= 6 ? 3 : seed <= 9 ? 40 : 400;
        rows.push_back({seedName(seed) + ", " + std::to_string(pieces) + " damaged pieces", seed,
                        pieces, false, false});
    }
    for (int seed = 13; seed <= 16; ++seed)
        rows.push_back({seedName(seed) + ", random bytes", seed, 40, true, false});
    for (int seed = 17; seed <= 20; ++seed)
        rows.push_back({seedName(seed) + ", damaged throughout", seed, 40, seed > 18, true});
    return rows;
}

// Clean multilingual text of 60 pieces (sentences, UTF-8-demo.txt when present), damaged as the
// row says.
std::string mixedText(const MixedTextRow& row) {
    std::mt19937 rng{std::uint32_t(row.seed)};
    const std::optional<std::string> demo = readCorpusFile("UTF-8-demo.txt");
    std::vector<std::string> clean;
    for (const std::string& s : sentences())
        clean.push_back(s + (rng() % 2 ? "\n" : " "));
    if (demo)
        clean.push_back(*demo);
    const std::vector<Sample> samples = sampleSet();
    std::string text;
    const std::span<const CodePage> pages = allCodePages();
    for (int k = 0; k < 60; ++k) {
        const std::string& sentence = clean[rng() % clean.size()];
        text += row.throughout && rng() % 4 != 0
                    ? readAs(bytes(sentence), pages[rng() % pages.size()])
                    : sentence;
    }
    for (int k = 0; k < row.damagedPieces; ++k) {
        // A random place: between characters mostly, sometimes inside one (breaking it).
        std::size_t at = rng() % (text.size() + 1);
        if (rng() % 4 != 0)
            while (at > 0 && at < text.size() && (std::uint8_t(text[at]) & 0xC0) == 0x80)
                --at;
        const Sample& s = samples[rng() % samples.size()];
        std::string piece = rng() % 2 ? s.damaged : " " + s.damaged + " ";
        if (row.randomBytes && rng() % 3 == 0)
            piece.insert(rng() % (piece.size() + 1), 1, char(rng() % 256));
        text.insert(at, piece);
    }
    return text;
}

} // namespace

// The shortcuts of the repair (the sieve, runs judged word by word and remembered, parts on
// threads, run after run where the text is damaged throughout) change nothing: on clean
// multilingual text (the sentences, UTF-8-demo.txt when present) with damaged samples inserted at
// random places, text, count, every reported fix and the evidence equal the reference's
// (referenceRepairMojibake(), which judges every run whole and afresh), and so do a later round's.
// Both passes and the lost-byte rules are exercised: many pieces give evidence, few give none.
TEST_CASE("the fast paths equal the reference on damaged multilingual text") {
    for (const MixedTextRow& row : mixedTexts()) {
        SUBCASE(row.name.c_str()) {
            const std::string text = mixedText(row);
            compareWithReference(text);
            if (row.damagedPieces == 0 && !row.randomBytes)
                CHECK(u8convert::detail::referenceRepairMojibake(text, {}).fixCount == 0u);
            if (row.damagedPieces >= 40)
                CHECK(u8convert::detail::referenceRepairMojibake(text, {}).fixCount > 0u);
            // The same text repeated: the second copy meets every run again.
            compareWithReference(text + "\n" + text);
        }
    }
}

// The same on every sample of the sample set, and on the files of the corpus as they are and
// read through every page (UTF-8-test.txt is ill-formed on purpose). compareWithReference() ends
// the test case at the first difference.
TEST_CASE("the fast paths equal the reference on every sample and on the corpus's files") {
    for (const Sample& s : sampleSet()) {
        INFO(s.kind << ": " << s.damaged);
        compareWithReference(s.damaged);
    }
    for (const char* file : {"UTF-8-demo.txt", "UTF-8-test.txt"}) {
        const std::optional<std::string> text = readCorpusFile(file);
        if (!text)
            U8TEST_SKIP("corpus files not found (U8SCOPE_CORPUS_DIR)");
        INFO(std::string(file)); // a const char* would print as a pointer
        compareWithReference(*text);
        for (CodePage cp : allCodePages()) {
            INFO("read as " << name(cp));
            compareWithReference(readAs(bytes(*text), cp));
        }
    }
}

// The sieve only skips what cannot be repaired: every fix of the sample set starts where the
// sieve's definition admits a repair, under the rule of the pass that makes it (a fix that
// restored no lost byte is admitted without lost bytes too).
TEST_CASE("the sieve admits every fix of the sample set") {
    MojibakeOptions options;
    std::size_t checked = 0;
    for (const Sample& s : sampleSet()) {
        const MojibakeResult r = repairMojibake(s.damaged, options);
        const auto* base = reinterpret_cast<const std::uint8_t*>(s.damaged.data());
        const auto* end = base + s.damaged.size();
        for (const MojibakeFix& f : r.fixes) {
            const bool lost = f.restoredNbsp || f.restoredUndefined;
            // Bytes are lost only under the page of the last mis-decoding.
            const auto rule = u8convert::detail::SieveRule::lostBytes(
                u8convert::detail::pageBit(f.misdecodings.back()));
            // A chain (a fix whose output reads as damage again with the characters after it:
            // "æ½" + "Ā½", which windows-1257 reads as "½") may start where only its later
            // link is admitted; the repair judges the whole run around that start.
            const auto* fixEnd = base + f.offset + f.length;
            INFO(s.damaged);
            CHECK((u8convert::detail::canStartRepair(base + f.offset, end, rule) ||
                   (f.misdecodings.size() > 1 && u8convert::detail::nextRepairStartScalar(
                                                     base + f.offset, end, rule) < fixEnd)));
            const auto adjacent = u8convert::detail::SieveRule::adjacent();
            if (!lost)
                CHECK((u8convert::detail::canStartRepair(base + f.offset, end, adjacent) ||
                       (f.misdecodings.size() > 1 &&
                        u8convert::detail::nextRepairStartScalar(base + f.offset, end, adjacent) <
                            fixEnd)));
            ++checked;
        }
    }
    CHECK(checked > 800u);
}

namespace {

// The texts the sieve's kernels are held to the definition on: mix 0 page characters, 1 sentences
// and samples, 2 random bytes, 3 page characters far apart.
std::string sieveText(int seed, int mix) {
    std::mt19937 rng{std::uint32_t(seed * 7919 + mix)};
    std::string text;
    if (mix == 0 || mix == 3) {
        std::vector<std::string> pieces = {" ", "a", "e ", "\xE6\x97\xA5", "\xF0\x9F\x98\x80"};
        std::vector<std::string> pageChars;
        for (CodePage cp : allCodePages())
            for (int b = 0x80; b < 0x100; ++b) {
                const std::uint8_t byte = std::uint8_t(b);
                pageChars.push_back(readAs(std::span<const std::uint8_t>(&byte, 1), cp));
            }
        pieces.insert(pieces.end(), pageChars.begin(), pageChars.end());
        while (text.size() < 40000) {
            if (mix == 0) {
                text += pieces[rng() % pieces.size()];
                continue;
            }
            text.append(rng() % 91, 'x');
            for (int k = 1 + int(rng() % 3); k > 0; --k) {
                text += pageChars[rng() % pageChars.size()];
                if (k > 1 && rng() % 3 == 0)
                    text += ' '; // a lost A0 inside a sequence
            }
            if (rng() % 2)
                text += ' '; // a lost A0 under the lost-bytes rule
        }
    } else if (mix == 1) {
        const std::vector<Sample> samples = sampleSet();
        while (text.size() < 40000)
            text += rng() % 2 ? sentences()[rng() % sentences().size()]
                              : samples[rng() % samples.size()].damaged + " ";
    } else {
        while (text.size() < 40000)
            text += char(rng() % 4 == 0 ? rng() % 128 : 0x80 + rng() % 128);
    }
    return text;
}

// The positions where every kernel's sieve finds a start in `text` under `rule`, one byte on after
// each find, checked against `expected`; then jumps of up to 300 bytes (`seed` draws them).
void checkKernels(const std::string& text, u8convert::detail::SieveRule rule,
                  const std::vector<std::size_t>& expected, int seed) {
    const auto* base = reinterpret_cast<const std::uint8_t*>(text.data());
    const auto* end = base + text.size();
    for (Isa k : {Isa::Portable, Isa::Avx2, Isa::Avx512}) {
        if (!u8convert::detail::sieveKernelSupported(k))
            continue;
        CAPTURE(int(k));
        // One byte on after each find: the whole list.
        std::vector<std::size_t> found;
        u8convert::detail::RepairStartSieve sieve(end, rule, k);
        for (const std::uint8_t* p = base; (p = sieve.next(p)) != end; ++p)
            found.push_back(std::size_t(p - base));
        REQUIRE(found == expected);
        // Jumps of up to 300 bytes: the first position at or after each jump.
        std::mt19937 jumps{std::uint32_t(seed)};
        u8convert::detail::RepairStartSieve jumping(end, rule, k);
        for (const std::uint8_t* p = base; p < end;) {
            const std::uint8_t* at = jumping.next(p);
            const auto it =
                std::lower_bound(expected.begin(), expected.end(), std::size_t(p - base));
            CAPTURE(std::size_t(p - base));
            REQUIRE((at == end ? text.size() : std::size_t(at - base)) ==
                    (it == expected.end() ? text.size() : *it));
            p += 1 + jumps() % 300;
        }
    }
}

// Every rule's starts in `text` by the definition, and by every kernel.
void checkAllRules(const std::string& text, int seed, int mix) {
    const auto* base = reinterpret_cast<const std::uint8_t*>(text.data());
    const auto* end = base + text.size();
    // Without lost bytes; with lost bytes under every page, under windows-1252 alone (the page
    // that also drops bytes), ISO-8859-1 alone (in the AVX2 kernel's tables they share a group),
    // and two other pages (IBM437 has the bit ISO-8859-1 left free).
    using u8convert::detail::pageBit;
    using u8convert::detail::SieveRule;
    for (SieveRule rule :
         {SieveRule::adjacent(), SieveRule::lostBytes(0x1FF),
          SieveRule::lostBytes(pageBit(CodePage::Windows1252)),
          SieveRule::lostBytes(pageBit(CodePage::Latin1)),
          SieveRule::lostBytes(pageBit(CodePage::Windows1251) | pageBit(CodePage::Cp437))}) {
        std::vector<std::size_t> expected;
        for (const std::uint8_t* p = base; p != end; ++p)
            if (u8convert::detail::canStartRepair(p, end, rule))
                expected.push_back(std::size_t(p - base));
        if (mix != 2)
            CHECK(!expected.empty());
        checkKernels(text, rule, expected, seed);
    }
}

} // namespace

// Every kernel of the sieve finds the same positions as the definition tried at every byte,
// under each rule, when the caller moves on by one byte or jumps (the kernels keep the window
// they classified between calls). The texts: characters of every page side by side (each is the
// image of a lead or continuation byte somewhere) with spaces, ASCII and CJK between them; real
// sentences with damaged samples; random bytes (ill-formed text); ASCII with one to three page
// characters (spaces between and after them) every 0-90 bytes (windows the AVX2 kernel passes
// over after its quick tests, pairs at their edges).
TEST_CASE("every kernel of the sieve finds the positions the definition finds") {
    for (int seed = 1; seed <= 6; ++seed)
        for (int mix = 0; mix < 4; ++mix) {
            const std::string name =
                "seed " + std::to_string(seed) + ", mix " + std::to_string(mix);
            SUBCASE(name.c_str()) {
                const std::string text = sieveText(seed, mix);
                checkAllRules(text, seed, mix);
            }
        }
    CHECK(u8convert::detail::sieveTables().complete);
}

// The AVX2 kernel passes over a window after a quick test of its bytes. A candidate alone in a
// window of ASCII must survive it, wherever it stands in the window: under each page with lost
// bytes, the image of every lead byte followed by a space and nothing (a 2-byte sequence, its
// A0 lost), by a space and a continuation's image (a longer one), by a continuation's image and
// a space (its third byte lost), and alone (windows-1252's dropped bytes).
TEST_CASE("the sieve's quick tests keep a lone candidate anywhere in a window") {
    if (!u8convert::detail::sieveKernelSupported(Isa::Avx2))
        U8TEST_SKIP("this CPU lacks AVX2");
    std::vector<Isa> kernels{Isa::Avx2};
    if (u8convert::detail::sieveKernelSupported(Isa::Avx512))
        kernels.push_back(Isa::Avx512);
    int checked = 0;
    for (CodePage cp : allCodePages()) {
        const auto image = [&](int b) {
            const std::uint8_t byte = std::uint8_t(b);
            return readAs(std::span<const std::uint8_t>(&byte, 1), cp);
        };
        const std::string cont = image(0x80);
        std::string text;
        int k = 0;
        for (int lead = 0xC2; lead <= 0xF4; ++lead)
            for (const std::string& tail :
                 {std::string(" x"), " " + cont + "x", cont + " x", std::string("x")}) {
                // 128 bytes or more of ASCII between two candidates: never in one window.
                text.append(std::size_t(128 + k++ % 64), 'x');
                text += image(lead) + tail;
            }
        text.append(200, 'x');
        const auto* base = reinterpret_cast<const std::uint8_t*>(text.data());
        const auto* end = base + text.size();
        const auto rule = u8convert::detail::SieveRule::lostBytes(u8convert::detail::pageBit(cp));
        std::vector<std::size_t> expected, found;
        for (const std::uint8_t* p = base; p != end; ++p)
            if (u8convert::detail::canStartRepair(p, end, rule))
                expected.push_back(std::size_t(p - base));
        for (Isa k : kernels) {
            found.clear();
            u8convert::detail::RepairStartSieve sieve(end, rule, k);
            for (const std::uint8_t* p = base; (p = sieve.next(p)) != end; ++p)
                found.push_back(std::size_t(p - base));
            CAPTURE(name(cp));
            CAPTURE(int(k));
            CHECK(found == expected);
        }
        checked += int(expected.size());
    }
    CHECK(checked > 200);
}

// The streamed repair hands a pass's memo on from window to window, each window's text in other
// memory: what the memo learnt of a run is found again from the same bytes anywhere, once the text
// it was learnt from is gone, and a memo moved from knows nothing.
TEST_CASE("a run's memo outlives its text, and a memo moved from knows nothing") {
    using u8convert::detail::mojibake::RunMemo;
    RunMemo memo;
    std::vector<std::string> keys;
    for (int k = 0; k < 3000; ++k)
        keys.push_back(" Ã©t" + std::to_string(k) + "Ã¨ ");
    {
        std::string window;
        for (const std::string& key : keys)
            window += key;
        std::size_t at = 0;
        for (const std::string& key : keys) {
            memo.remember(std::string_view(window).substr(at, key.size()), 0, 0, {});
            at += key.size();
        }
        window.assign(window.size(), 'x'); // the text is overwritten, then freed
    }
    RunMemo handedOn = std::move(memo);
    for (const std::string& key : keys) {
        INFO(key);
        CHECK(handedOn.find(std::string(key), 0, 0).has_value());
    }
    CHECK(!handedOn.find(" Ã©t-1Ã¨ ", 0, 0).has_value());
    CHECK(!memo.find(keys.front(), 0, 0).has_value());
    CHECK(handedOn.worthKeeping());
}

// The second pass clears the first's memo, and a short string's parts are kept on the thread for
// the next repair (PartsLease): a memo cleared knows nothing, and the decisions it keeps stay
// where they were kept however many there are (the pass's fixes point at them).
TEST_CASE("a memo cleared knows nothing, and its decisions stay where they were kept") {
    using u8convert::detail::mojibake::Decision;
    using u8convert::detail::mojibake::RunMemo;
    RunMemo memo;
    std::vector<const Decision*> kept;
    for (std::size_t k = 0; k < 600; ++k) { // past blocks of 8 doubling to 256
        Decision d;
        d.cand.repaired.push_back(U'é');
        d.gain = int(k);
        kept.push_back(memo.keep(std::move(d), k + 1));
    }
    for (std::size_t k = 0; k < kept.size(); ++k) {
        INFO(k);
        CHECK(kept[k]->damagedLength == k + 1);
        CHECK(kept[k]->gain == int(k));
        CHECK(kept[k]->repairedUtf8 == "é");
    }
    CHECK(!memo.small());
    memo.remember(" Ã© ", 0, 0, {});
    CHECK(memo.find(" Ã© ", 0, 0).has_value());
    memo.clear();
    CHECK(!memo.find(" Ã© ", 0, 0).has_value());
    CHECK(memo.worthKeeping());
    memo.remember(" Ã¨ ", 0, 0, {});
    CHECK(memo.find(" Ã¨ ", 0, 0).has_value());
    CHECK(!memo.find(" Ã© ", 0, 0).has_value());
    Decision d;
    d.cand.repaired.push_back(U'è');
    const Decision* again = memo.keep(std::move(d), 2);
    CHECK(again->damagedLength == 2);
    CHECK(again->repairedUtf8 == "è");
    // A decision a run's rewrite put into the memo's store is kept where it lies.
    Decision& stored = memo.store().push(Decision{});
    stored.cand.repaired.push_back(U'ж');
    CHECK(memo.keepStored(stored, 2) == &stored);
    CHECK(stored.damagedLength == 2);
    CHECK(stored.repairedUtf8 == "ж");
    // Cleared again, and then with nothing stored (its table left as it is: empty): runs stored
    // before are not found, though their bytes are still in the memo's storage.
    const char* before[] = {" Ã  ", " Ã¡ ", " Ã¢ ", " Ã£ ", " Ã¤ "};
    for (int round = 0; round < 2; ++round) {
        for (const char* key : before)
            memo.remember(key, 0, 0, {});
        memo.clear();
        if (round == 1)
            memo.clear();
        memo.remember(" x ", 0, 0, {});
        CHECK(memo.find(" x ", 0, 0).has_value());
        for (const char* key : before)
            CHECK(!memo.find(key, 0, 0).has_value());
        memo.clear();
    }
}

// A thread keeps a short string's parts and a scan's storage from one repair to the next: repairs
// one after the other (short and long, damaged and correct) and a repair started from another's
// progress callback on the same thread (which must not take the storage the other holds) each
// give what the reference gives alone.
TEST_CASE("repairs one after another, or one inside another's progress, are each as alone") {
    std::string longText;
    while (longText.size() < 5000)
        longText += "Le cafÃ© crÃ¨me est dÃ©jÃ  prÃªt, Ð¿Ñ€Ð¸Ð²ÐµÑ‚ Ð¼Ð¸Ñ€. ";
    const std::vector<std::string> texts = {
        "cafÃ© crÃ¨me",        "plain ASCII row, 42",          longText,     "dÃ©jÃ  vu",
        "Ð¿Ñ€Ð¸Ð²ÐµÑ‚ Ð¼Ð¸Ñ€", "Les élèves ont déjà vu l'été", "Ã  la carte"};
    for (int round = 0; round < 2; ++round)
        for (const std::string& text : texts) {
            INFO(text.substr(0, 40));
            compareResults(repairMojibake(text),
                           u8convert::detail::referenceRepairMojibake(text, {}));
        }
    for (const std::string& outer : texts) {
        INFO(outer.substr(0, 40));
        std::vector<MojibakeResult> inner;
        MojibakeOptions options;
        options.progress = [&](std::uint64_t, std::uint64_t) {
            inner.push_back(repairMojibake(texts[inner.size() % texts.size()]));
            return true;
        };
        compareResults(repairMojibake(outer, options),
                       u8convert::detail::referenceRepairMojibake(outer, {}));
        for (std::size_t k = 0; k < inner.size(); ++k)
            compareResults(inner[k],
                           u8convert::detail::referenceRepairMojibake(texts[k % texts.size()], {}));
        CHECK(!inner.empty());
    }
}

// The passes of a short string's repair look for starts with the scalar kernel, a longer text's
// with the best one (sieveKernelFor()): texts either side of the limit, damaged near their end
// past many windows of correct text, are repaired as the reference repairs them.
TEST_CASE("the passes' sieve kernel by the text's size finds what the reference finds") {
    using u8convert::detail::kScalarSieveBytes;
    using u8convert::detail::sieveKernelFor;
    CHECK(sieveKernelFor(kScalarSieveBytes) == Isa::Portable);
    CHECK(sieveKernelFor(kScalarSieveBytes + 1) == u8convert::detail::bestSieveKernel());
    const std::string tail = " cafÃ© crÃ¨me, Ð¿Ñ€Ð¸Ð²ÐµÑ‚ dÃ©jÃ  vu";
    for (const std::size_t size : {kScalarSieveBytes - 1, kScalarSieveBytes, kScalarSieveBytes + 1,
                                   kScalarSieveBytes + 200}) {
        std::string text;
        while (text.size() + tail.size() < size)
            text += text.size() % 3 == 0 ? "été " : "plain ";
        text.resize(size - tail.size(), ' ');
        text += tail;
        INFO(size);
        REQUIRE(text.size() == size);
        const MojibakeResult fast = repairMojibake(text);
        compareResults(fast, u8convert::detail::referenceRepairMojibake(text, {}));
        CHECK(fast.fixCount >= 4);
    }
}

// The public entry answers a text where no repair can start without the passes: the same text,
// no fix, as the reference; and where a lost no-break space's signature or a start is found it
// still repairs.
TEST_CASE("a text where no repair can start is answered as the reference does") {
    struct Row {
        const char* name;
        std::string text;
        bool repaired;
    };
    const Row rows[] = {
        {"ascii", "plain ASCII row, 42", false},
        {"correct French", "Les élèves ont déjà vu l'été à Paris", false},
        {"Cyrillic", "Москва — столица России", false},
        {"CJK and emoji", "東京タワー 🗼 と 富士山", false},
        {"symbols", "2×3 = 6, 5 € ± 0,2 °C, “quoted”", false},
        {"lone lead image", "Ã alone, and Ð too", false},
        {"ill-formed", "caf\xE9 and \xC0\xAF", false},
        {"damaged", "cafÃ© crÃ¨me", true},
        {"lost no-break space", "dÃ©jÃ  vu", true},
        {"à before a word", "Ã  la carte", true},
    };
    for (const Row& row : rows) {
        SUBCASE(row.name) {
            const MojibakeResult fast = repairMojibake(row.text);
            const MojibakeResult ref = u8convert::detail::referenceRepairMojibake(row.text, {});
            compareResults(fast, ref);
            CHECK((fast.fixCount > 0) == row.repaired);
        }
    }
}

// The judgements remembered per thread (mojibake_text_judge.h) equal the functions', however
// often they are asked and whatever else filled the tables between (every slot overwritten).
TEST_CASE("the judgements remembered per thread are exact") {
    using namespace u8convert::detail::mojibake;
    std::mt19937 random(31);
    std::vector<std::u32string> stretches;
    const std::u32string alphabet = U"aéÃ©€™ЖжРµ ×שΩ中—“”Ð¸0";
    for (int k = 0; k < 3000; ++k) {
        std::u32string s;
        const int length = 1 + int(random() % 70);
        for (int i = 0; i < length; ++i)
            s += alphabet[random() % alphabet.size()];
        stretches.push_back(s);
    }
    for (int round = 0; round < 3; ++round)
        for (const std::u32string& s : stretches) {
            const char32_t before = s.size() % 2 ? U' ' : U'x';
            const TextJudgement judged = judgeText(before, s, U'.');
            CHECK(judged.cost == textCost(before, s, U'.'));
            CHECK(judged.likelihood == plausibility(before, s, U'.'));
        }
}

// A remembered judgement is found by its whole stretch, compared two characters a step: stretches
// that differ in one character anywhere (the last of an odd length, either of a pair), of
// every length the tables hold and beyond, are each judged as the functions judge them, in
// tables too small for them all (slots shared, each overwritten).
TEST_CASE("the judgements remembered per thread tell stretches apart by any one character") {
    using namespace u8convert::detail::mojibake;
    const std::u32string base =
        U"Ã©tÃ© Ñ€Ð°Ð· dÃ©jÃ  vu, Ð´Ð° Ã  la carte, cafÃ© crÃ¨me brÃ»lÃ©e!!";
    int differ = 0;
    for (std::size_t length : {1, 2, 3, 5, 8, 13, 14, 15, 16, 31, 64, 65}) {
        for (std::size_t at : {std::size_t(0), length / 2, length - 1}) {
            std::u32string s = base.substr(0, length);
            REQUIRE(s.size() == length);
            const TextJudgement first = judgeText(U' ', s, U' ');
            for (int round = 0; round < 2; ++round)
                for (char32_t c = 0x20; c < 0x820; ++c) {
                    s[at] = c;
                    const TextJudgement judged = judgeText(U' ', s, U' ');
                    REQUIRE(judged.cost == textCost(U' ', s, U' '));
                    REQUIRE(judged.likelihood == plausibility(U' ', s, U' '));
                    differ += judged.cost != first.cost || judged.likelihood != first.likelihood;
                }
        }
    }
    CHECK(differ > 10000); // the characters tried are judged apart
}

// Inline up to N values, on the heap past them; copies, moves and inserts keep every value.
TEST_CASE("a small vector keeps its values inline, on the heap, copied, moved and inserted") {
    using u8convert::detail::SmallVector;
    SmallVector<char32_t, 4> v{1, 2, 3};
    CHECK(v.size() == std::size_t(3));
    for (char32_t c = 4; c <= 40; ++c)
        v.push_back(c);
    CHECK(v.size() == std::size_t(40));
    for (std::size_t k = 0; k < v.size(); ++k)
        CHECK(v[k] == char32_t(k + 1));
    SmallVector<char32_t, 4> copy = v; // from the heap
    CHECK(copy == v);
    SmallVector<char32_t, 4> moved = std::move(copy);
    CHECK(moved == v);
    CHECK(copy.empty());
    SmallVector<char32_t, 4> small{7, 8};
    SmallVector<char32_t, 4> movedSmall = std::move(small); // inline
    CHECK(movedSmall.size() == std::size_t(2));
    CHECK(movedSmall.back() == char32_t(8));
    const char32_t more[] = {5, 6};
    movedSmall.insert(movedSmall.begin() + 1, std::begin(more), std::end(more));
    const std::vector<char32_t> expected{7, 5, 6, 8};
    CHECK(std::ranges::equal(movedSmall, expected));
    movedSmall = v; // inline to heap
    CHECK(movedSmall == v);
    v = {9};
    CHECK(v.size() == std::size_t(1));
    CHECK(v.front() == char32_t(9));
    const std::span<const char32_t> view = v;
    CHECK(view.size() == std::size_t(1));
    // Moved inline (the whole buffer is copied): full, empty, and onto a vector on the heap.
    SmallVector<char32_t, 4> full{1, 2, 3, 4};
    SmallVector<char32_t, 4> onHeap = moved;
    onHeap = std::move(full);
    const std::vector<char32_t> four{1, 2, 3, 4};
    CHECK(std::ranges::equal(onHeap, four));
    CHECK(full.empty());
    SmallVector<char32_t, 4> none;
    onHeap = std::move(none);
    CHECK(onHeap.empty());
    onHeap.push_back(U'x');
    CHECK(onHeap.size() == std::size_t(1));
    CHECK(onHeap.front() == U'x');
}

// A short text's second pass takes the characters of the words its first pass read (ReadWords)
// instead of reading them again: what the first kept of each word is what reading it gives, and
// a word is found by its bytes, asked in the order of the text (the results are held to the
// reference above, which reads every run).
TEST_CASE("the words a short text's first pass read are those its second takes") {
    using namespace u8convert::detail::mojibake;
    const std::string text = "Ã©tÃ© Ã  la plage, dÃ©jÃ  vu: Ð¿Ñ€Ð¸Ð²ÐµÑ‚ Ã©tÃ©";
    MojibakeOptions options;
    std::vector<Part> parts = cutIntoParts(text, 1);
    REQUIRE(parts.size() == 1);
    Pass first(options, {.wellFormed = true, .shortText = true});
    runPass(text, first, parts);
    const ReadWords& read = parts[0].readWords;
    CHECK(read.text == text.data());
    CHECK(read.size == text.size());
    REQUIRE(read.words.size() >= 4);
    const auto* base = reinterpret_cast<const std::uint8_t*>(text.data());
    for (std::size_t w = 0; w < read.words.size(); ++w) {
        const ReadWords::Word& word = read.words[w];
        CAPTURE(word.begin);
        if (w > 0)
            CHECK(word.begin >= read.words[w - 1].end); // in the order of the text
        const std::size_t last =
            w + 1 < read.words.size() ? read.words[w + 1].first : read.chars.size();
        std::vector<Char> kept(read.chars.begin() + std::ptrdiff_t(word.first),
                               read.chars.begin() + std::ptrdiff_t(last));
        // What reading the word gives: its characters, one after the other, from its first byte.
        std::size_t at = word.begin;
        for (const Char& c : kept) {
            CHECK(c.offset == at);
            const std::uint8_t* q = base + at;
            CHECK(c.cp == u8convert::detail::readValid(q));
            CHECK(c.length == std::size_t(q - (base + at)));
            at += c.length;
        }
        CHECK(at == word.end);
    }
    // Found in the order of the text; a word of other bytes, or one asked out of order, is not.
    ReadWords copy = read;
    copy.next = 0;
    const ReadWords::Word secondWord = read.words[1];
    CHECK(copy.find(secondWord.begin, secondWord.end + 1).empty());
    CHECK(!copy.find(secondWord.begin, secondWord.end).empty());
    CHECK(copy.find(read.words[0].begin, read.words[0].end).empty());
    const ReadWords::Word lastWord = read.words.back();
    CHECK(copy.find(lastWord.begin, lastWord.end).size() == read.chars.size() - lastWord.first);
    // The second pass looks from the start again, and keeps them.
    Evidence confident = evidenceOf(parts, {});
    Pass second(options,
                {.evidence = &confident, .wellFormed = true, .collect = true, .shortText = true});
    runPass(text, second, parts);
    CHECK(parts[0].readWords.words.size() == read.words.size());
    CHECK(!parts[0].accepted.empty());
    // A longer text keeps none.
    const std::string longText = std::string(3000, 'a') + " " + text;
    std::vector<Part> longParts = cutIntoParts(longText, 1);
    runPass(longText, first, longParts);
    CHECK(longParts[0].readWords.words.empty());
    CHECK(longParts[0].readWords.text == nullptr);
}
