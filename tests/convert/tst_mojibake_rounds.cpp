// Mojibake repair on the evidence: bytes lost by the mis-decoding (a dropped A0 or undefined
// byte), the rules of their own (a byte order mark read through a page, rare Cyrillic letters),
// and the pipeline's later rounds, which judge only what the earlier ones wrote, with their
// evidence.
#include "repair_samples.h"
#include "u8convert/mojibake.h"
#include "u8convert/repair.h"
#include "u8test/harness.h"
// The library-internal entry point, and the reference.
#include "mojibake_detail.h"
#include "mojibake_reference.h"

#include <string>
#include <utility>
#include <vector>

using namespace u8codec;
using namespace u8convert;
using namespace repairtest;

TEST_CASE("a lost byte is restored only where the text shows its page elsewhere") {
    // "Ã" then a space, alone: could be a lost A0 (à), but nothing else in the text says so.
    CHECK(repairMojibake("IRMÃ E MÃE").text == "IRMÃ E MÃE");
    // With evidence of windows-1252 mojibake elsewhere, "Ã " becomes "à".
    CHECK(repairMojibake("CafÃ© Ã  la").text == "Café à la");
}

// A repair resting on a lost A0 alone, at the damaged text's cost, is made only where a letter
// becomes letters ("Ã" + a space is "à"): a symbol and a space is what correct text looks like.
// MacRoman "—" is D1, which with A0 reads as "Ѡ".
TEST_CASE("a repair resting on a lost A0 alone is made only where a letter becomes letters") {
    CHECK(repairMojibake("Caf√© — § ok").text == "Café — § ok");
    // ... and only when letters come of it: IBM437 "ß" (E1), A0 and "é" (82) is U+1802.
    CHECK(repairMojibake("Gr├╢├ƒe und ß é").text == "Größe und ß é");
    CHECK(repairMojibake("Caf√© d√©j√  vu").text == "Café déjà vu");
}

// A character is restored with one lost byte at most: "ä" (E4, a 3-byte lead under windows-1252)
// + a space (A0) + a dropped 8D would be the CJK character U+480D, from one byte of three. Nor is
// a fix's output read with a lost byte: "ä" + A0 + the "”" (94) restored from "â€" is U+4814.
TEST_CASE("a character is restored with one lost byte at most") {
    CHECK(repairMojibake("cafÃ© ä â€ x").text == "café ä ” x");
}

// The pipeline repairs again until nothing changes; a later round sees text that shows little
// damage, so it works with the evidence of the earlier ones. "à" read as windows-1252 twice, with
// the NBSP turned into a space in between: the first round gives "Ã" and a space, which only the
// first round's evidence makes "à".
TEST_CASE("the pipeline's later rounds keep the evidence of the earlier ones") {
    RepairOptions o;
    o.mojibake = true;
    const auto twice = [](std::string_view clean) {
        const std::string once = readAs(bytes(clean), CodePage::Windows1252);
        std::string spaced; // NBSP (C2 A0) turned into a space
        for (std::size_t k = 0; k < once.size(); ++k) {
            if (once.compare(k, 2, "\xC2\xA0") == 0) {
                spaced += ' ';
                ++k;
            } else {
                spaced += once[k];
            }
        }
        return readAs(bytes(spaced), CodePage::Windows1252);
    };
    const std::string damaged = twice("déjà vu, voilà tout");
    CHECK(damaged == "dÃƒÂ©jÃƒ  vu, voilÃƒ  tout");
    const RepairResult r = repair(bytes(damaged), o);
    CHECK(r.text == "déjà vu, voilà tout");
}

// A file that began with a byte order mark, read through a page and saved as UTF-8, begins
// with "ï»¿" (windows-1252), "п»ї" (windows-1251) or "Ôªø" (MacRoman). By the costs of its
// characters the mark restored looks worse than the damage (a control character against a
// letter and two punctuation marks), so it is a rule of its own; the rest of the file need not
// be damaged. Correct text with "ï" before "»" keeps them.
TEST_CASE("a byte order mark read through a page is restored") {
    const std::string bom = "\xEF\xBB\xBF";
    const std::vector<std::pair<std::string, CodePage>> files = {
        {"Hello, world.", CodePage::Windows1252},
        {"Привет, как дела?", CodePage::Windows1251},
        {"Grüße aus Köln.", CodePage::MacRoman},
    };
    for (const auto& [text, page] : files) {
        INFO(text);
        const std::string damaged = readAs(bytes(bom + text), page);
        const MojibakeResult r = repairMojibake(damaged);
        CHECK(r.text == bom + text);
        REQUIRE(!r.fixes.empty());
        CHECK(r.fixes.front().offset == 0u);
        CHECK(r.fixes.front().repaired.starts_with(bom)); // with "Привет" in one fix
        CHECK(r.fixes.front().misdecodings == std::vector<CodePage>{page});
    }
    const std::string correct = "Un « naïf» et un « ¿ » espagnol.";
    CHECK(repairMojibake(correct).text == correct);
    // In the pipeline, --bom=strip takes out the mark restored.
    RepairOptions o;
    o.mojibake = true;
    o.bom = BomAction::Strip;
    const RepairResult stripped =
        repair(bytes(readAs(bytes(bom + "Hello"), CodePage::Windows1252)), o);
    CHECK(stripped.text == "Hello");
}

// "дії" (Ukrainian, "actions") read once more through windows-1251 is E4 B3 BF, the CJK
// Extension A character U+4CFF: the repaired paragraph was read back one level too deep.
TEST_CASE("a Ukrainian word is not read back once more as an ideograph") {
    const std::string clean = "Після завершення строку дії пароль може лишатися чинним. "
                              "Кількість днів до моменту завершення строку дії пароля.";
    RepairOptions o;
    o.mojibake = true;
    const RepairResult r = repair(bytes(readAs(bytes(clean), CodePage::Windows1251)), o);
    CHECK(r.text == clean);
}

// Two letters of Russian or Ukrainian can be one rarer Cyrillic letter through windows-1251:
// "ТІ" is D2 B2, the Tajik "Ҳ"; "С" + "»" is D1 BB, the historic "ѻ". Repaired capitals and
// guillemets stay as they are, while Kazakh, Tajik and Bashkir text read through windows-1251
// (where those letters carry the damage's signature) is still restored.
TEST_CASE("rare Cyrillic letters are restored only where the damage says so") {
    RepairOptions o;
    o.mojibake = true;
    for (const char* clean :
         {"ВЛАСТІ ЗАКОНОДАВЧОЇ та ВИКОНАВЧОЇ ВЛАСТІ, «СС» і «ТІ».",
          "Қазақстан Республикасы унитарлы мемлекет. Ғылым және білім, өнер және мәдениет.",
          "Ҷумҳурии Тоҷикистон давлати соҳибихтиёр, демократӣ ва ҳуқуқбунёд аст.",
          "Башҡортостан Республикаһы, Өфө ҡалаһы."}) {
        const RepairResult r = repair(bytes(readAs(bytes(clean), CodePage::Windows1251)), o);
        CHECK(r.text == clean);
    }
}

// The pipeline's later rounds judge the runs the round before wrote into, with the evidence of
// the whole text. Reading a fix's output as mis-decoded once more needs evidence that the text
// was mis-decoded twice through that page. Russian read once as KOI8-R or windows-1251 (the
// manual pages' lines this failed on) comes back as it was: before, "в " became the Hebrew "נ"
// (KOI8-R D7 and a lost A0), "её" the Romanian "ţ" (C5 A3), "у " the Armenian "ՠ", "и «" the
// ideograph "蠫" (windows-1251 E8, a lost A0, AB). Read twice, with NBSPs turned into spaces,
// the second reading's lost A0 after a fix's output is still restored: "déjà" through
// windows-1251 twice leaves "Г" + a space after the first round.
TEST_CASE("a later round reads a fix's output again only after two mis-decodings") {
    RepairOptions o;
    o.mojibake = true;
    const std::string russian =
        "перечисляются разделы через двоеточие или запятую. Если в \\fIсписке\\fP\n"
        "от запустившей её оболочки. COMMAND как у \\fBps\\fP, окружённое «(» и «)».\n";
    for (const CodePage page : {CodePage::Koi8R, CodePage::Windows1251}) {
        const RepairResult r = repair(bytes(readAs(bytes(russian), page)), o);
        CHECK(r.text == russian);
    }
    // Read as windows-1251, each NBSP made a space (as HTML tools do), and again.
    const auto misdecode = [](const std::string& s) {
        const std::string read = readAs(bytes(s), CodePage::Windows1251);
        std::string damaged;
        for (std::size_t k = 0; k < read.size(); ++k) {
            const bool nbsp = read.compare(k, 2, "\xC2\xA0") == 0;
            damaged += nbsp ? ' ' : read[k];
            k += nbsp ? 1 : 0;
        }
        return damaged;
    };
    const std::string french = "Il est déjà là, voilà tout. Le café est prêt. ";
    const std::string twice = misdecode(misdecode(french));
    CHECK(twice.find("Р“ ") != std::string::npos); // "à" is "Г" + a space, then "Р“" + one
    const RepairResult r = repair(bytes(twice + twice), o);
    CHECK(r.text == french + french);
}

// The same run met twice in a later round, once written by one earlier fix and once by two: the
// first is one fix's output, which windows-1252 read once more would make "é", and stays; the
// second is two fixes' outputs side by side, which a repair may read together. A memo that knew
// the run's bytes only would give both the first one's answer.
TEST_CASE("a later round remembers where the earlier fixes lie") {
    const std::string text = "x Ã© y x Ã© y"; // Ã, ©: 2 bytes each
    u8convert::detail::MojibakeEvidence evidence{};
    evidence[std::size_t(CodePage::Windows1252)] = 100; // read once, never twice
    const std::vector<u8convert::detail::ByteSpan> only = {{2, 4}, {11, 2}, {13, 2}};
    u8convert::detail::MojibakeEvidence carried = evidence;
    const MojibakeResult reference =
        u8convert::detail::referenceRepairMojibake(text, {}, {.evidence = &carried, .only = &only});
    CHECK(reference.text == "x Ã© y x é y");
    carried = evidence;
    u8convert::detail::MojibakeRun run;
    run.evidence = &carried;
    run.only = &only;
    const MojibakeResult fast = u8convert::detail::repairMojibake(text, {}, run);
    CHECK(fast.text == reference.text);
    CHECK(fast.fixCount == reference.fixCount);
}

// Read back once, "Ã€" is "ä" under ISO-8859-15 (€ is A4) and "À" under windows-1252 (€ is 80),
// and both cost the same. The deeper level takes the page the text shows read deeper more often,
// then fewer capitals, as the first level does; before, the first page in order (windows-1252)
// won every such tie.
TEST_CASE("deeper levels take the page the text shows read deeper more often") {
    const auto twice = [](const std::string& s, CodePage page) {
        return readAs(bytes(readAs(bytes(s), page)), page);
    };
    const std::string german = "Die Bären und Füchse gehen über die Brücke; sie ist größer. ";
    const std::string french = "À bientôt, Éloïse ! Über die Brücke, c’est très loin. ";
    for (const auto& [text, page] :
         {std::pair{german, CodePage::Latin9}, std::pair{french, CodePage::Windows1252}}) {
        const MojibakeResult r = repairMojibake(twice(text, page));
        CHECK(r.text == text);
    }
}

// A later round judges only the runs that hold a byte of the spans it is given (where the round
// before wrote), once, with the evidence it is given, and adds what it found to that.
TEST_CASE("a later round judges only the runs it is given, with the evidence given") {
    const std::string text = "CafÃ© and ThÃ© or ThÃ©";
    u8convert::detail::MojibakeEvidence evidence{};
    evidence[std::size_t(CodePage::Windows1252)] = 2;                // enough to show the page
    const std::vector<u8convert::detail::ByteSpan> only = {{15, 1}}; // the © of the first "ThÃ©"
    u8convert::detail::MojibakeRun run;
    run.evidence = &evidence;
    run.only = &only;
    for (unsigned parts : {1u, 2u}) {
        run.parts = parts;
        const MojibakeResult r = u8convert::detail::repairMojibake(text, {}, run);
        CHECK(r.text == "CafÃ© and Thé or ThÃ©");
        CHECK(r.fixCount == 1u);
    }
    // 2, and the fix of each run: its gain, up to 2.
    CHECK(evidence[std::size_t(CodePage::Windows1252)] == 6u);
}

// The spans a round hands on to the next (MojibakeRun::written): with the fast paths only the
// fixes in a run where the next round's sieve finds a start, which is what that round judges;
// the reference hands on every fix. "déjà vu" read twice as windows-1252 with its NBSPs turned
// into spaces: the first round repairs "ÃƒÂ©" into "é" and each "Ãƒ" into "Ã", and only "Ã" +
// a space (à, its A0 lost) is left for the next round, which knows windows-1252 lost bytes.
TEST_CASE("a later round is handed only the runs where its sieve finds a start") {
    const std::string damaged = "dÃƒÂ©jÃƒ  vu, voilÃƒ  tout";
    const auto handedOn = [](const MojibakeResult& r,
                             const std::vector<u8convert::detail::ByteSpan>& spans) {
        std::vector<std::string> texts;
        for (const u8convert::detail::ByteSpan& s : spans)
            texts.push_back(r.text.substr(s.offset, s.length));
        return texts;
    };
    for (unsigned parts : {1u, 2u}) {
        u8convert::detail::MojibakeEvidence evidence{};
        std::vector<u8convert::detail::ByteSpan> written;
        u8convert::detail::MojibakeRun run;
        run.evidence = &evidence;
        run.written = &written;
        run.parts = parts;
        const MojibakeResult r = u8convert::detail::repairMojibake(damaged, {}, run);
        CHECK(r.text == "déjÃ  vu, voilÃ  tout");
        CHECK(r.fixCount == 3u);
        CHECK(handedOn(r, written) == std::vector<std::string>{"Ã", "Ã"});
    }
    std::vector<u8convert::detail::ByteSpan> every;
    const MojibakeResult reference =
        u8convert::detail::referenceRepairMojibake(damaged, {}, {.written = &every});
    CHECK(reference.text == "déjÃ  vu, voilÃ  tout");
    CHECK(reference.fixCount == 3u);
    CHECK(handedOn(reference, every) == std::vector<std::string>{"é", "Ã", "Ã"});
    // Repaired whole, French leaves nothing for a later round.
    const std::string french = "Le café est très bon, voilà tout. ";
    std::string text;
    for (int k = 0; k < 40; ++k)
        text += readAs(bytes(french), CodePage::Windows1252);
    std::vector<u8convert::detail::ByteSpan> written;
    u8convert::detail::MojibakeRun run;
    run.written = &written;
    const MojibakeResult r = u8convert::detail::repairMojibake(text, {}, run);
    CHECK(r.fixCount == 120u);
    CHECK(written.empty());
}
