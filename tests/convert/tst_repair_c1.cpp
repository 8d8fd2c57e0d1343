// The C1 step: C1 controls that stand for windows-1252 punctuation (repair --c1=cp1252), alone
// and in the pipeline (offsets in the original input, the order after the mojibake repair,
// idempotence), and the detection's hint.
#include "repair_samples.h"
#include "u8convert/detect.h"
#include "u8convert/repair.h"
#include "u8convert/transcode.h"
#include "u8test/harness.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

using namespace u8codec;
using namespace u8convert;
using namespace repairtest;

namespace {

RepairResult run(const std::string& in, const RepairOptions& o) {
    return repair(bytes(in), o);
}

RepairOptions cp1252() {
    RepairOptions o;
    o.c1 = C1Action::Cp1252;
    return o;
}

// "„quoted“ … and “more”" as windows-1252 text converted to UTF-8 as if it were ISO-8859-1.
const std::string kQuoted = "\xC2\x84quoted\xC2\x93 \xC2\x85 and \xC2\x93more\xC2\x94";

std::string windows1252ReadAsLatin1(const std::string& utf8) {
    const std::string cp = transcode(bytes(utf8), "UTF-8", "windows-1252").output;
    return transcode(bytes(cp), "ISO-8859-1", "UTF-8").output;
}

} // namespace

TEST_CASE("the C1 actions are named keep and cp1252, and the kind c1-control") {
    CHECK(c1ActionFromName("keep") == std::optional(C1Action::Keep));
    CHECK(c1ActionFromName("cp1252") == std::optional(C1Action::Cp1252));
    CHECK(!c1ActionFromName("latin1"));
    CHECK(!c1ActionFromName(""));
    CHECK(name(RepairKind::C1Control) == std::string_view("c1-control"));
}

TEST_CASE("C1 controls in quoted text become windows-1252 punctuation, each change reported") {
    const RepairResult r = run(kQuoted, cp1252());
    REQUIRE(r.status.ok());
    CHECK(r.text == "„quoted“ … and “more”");
    CHECK(r.report.counts[std::size_t(RepairKind::C1Control)] == 5u);
    CHECK(r.report.total() == 5u);
    REQUIRE(int(r.report.changes.size()) == 5);
    const RepairChange& first = r.report.changes[0];
    CHECK(first.kind == RepairKind::C1Control);
    CHECK(first.offset == 0u);
    CHECK(first.length == 2u);
    CHECK(first.before == "\xC2\x84");
    CHECK(first.after == "„");
    CHECK(first.detail == "U+0084 (a C1 control) read as windows-1252 0x84: „");
    const RepairChange& second = r.report.changes[1];
    CHECK(second.offset == 8u);
    CHECK(second.detail == "U+0093 (a C1 control) read as windows-1252 0x93: “");
    CHECK(r.report.changes[2].after == "…");
    CHECK(r.report.changes[4].after == "”");
    for (const RepairChange& c : r.report.changes)
        CHECK(kQuoted.substr(c.offset, c.length) == c.before);
}

TEST_CASE("each C1 control becomes what ICU reads its byte as, the five undefined ones stay") {
    // ICU's windows-1252 converter is the reference: each control becomes what ICU reads its
    // byte as, and the five bytes it leaves undefined stay.
    int converted = 0;
    for (int b = 0x80; b <= 0x9F; ++b) {
        std::string in = "x";
        in += char(0xC2);
        in += char(b);
        in += 'y';
        const RepairResult r = run(in, cp1252());
        REQUIRE(r.status.ok());
        const std::string byte(1, char(b));
        const TranscodeResult icu = transcode(bytes(byte), "windows-1252", "UTF-8");
        const bool undefined = b == 0x81 || b == 0x8D || b == 0x8F || b == 0x90 || b == 0x9D;
        if (undefined) {
            CHECK(r.text == in);
            CHECK(r.report.total() == 0u);
        } else {
            REQUIRE(icu.status.ok());
            CHECK(r.text == "x" + icu.output + "y");
            CHECK(r.report.total() == 1u);
            ++converted;
        }
    }
    CHECK(converted == 27);
    CHECK(run("\xC2\x80\xC2\x99\xC2\x9F", cp1252()).text == "€™Ÿ");
}

TEST_CASE(
    "the controls windows-1252 leaves undefined stay, and other C2 characters are no C1 controls") {
    const std::string undefined = "a\xC2\x81"
                                  "b\xC2\x8D\xC2\x8F\xC2\x90\xC2\x9D";
    const RepairResult r = run(undefined + "\xC2\x93", cp1252());
    REQUIRE(r.status.ok());
    CHECK(r.text == undefined + "“");
    CHECK(r.report.total() == 1u);
    CHECK(findC1Punctuation(undefined) == std::string_view::npos);
    // Other characters with C2 lead bytes are not C1 controls.
    CHECK(findC1Punctuation("\xC2\xA0\xC2\xA9\xC2\xBF") == std::string_view::npos);
}

TEST_CASE("keep is the default, and it changes nothing") {
    CHECK(RepairOptions{}.c1 == C1Action::Keep);
    const RepairResult r = run(kQuoted, RepairOptions{});
    REQUIRE(r.status.ok());
    CHECK(r.text == kQuoted);
    CHECK(r.report.total() == 0u);
    RepairReport report;
    CHECK(repairC1(kQuoted, C1Action::Keep, report, 10) == kQuoted);
    CHECK(report.total() == 0u);
}

TEST_CASE("the step lists every edit, the report up to its cap") {
    RepairReport report;
    std::vector<TextEdit> edits;
    const std::string out = repairC1(kQuoted, C1Action::Cp1252, report, 2, &edits);
    CHECK(out == "„quoted“ … and “more”");
    // Every edit is listed, the report only up to maxReported; each counted.
    REQUIRE(int(edits.size()) == 5);
    CHECK(int(report.changes.size()) == 2);
    CHECK(report.counts[std::size_t(RepairKind::C1Control)] == 5u);
    CHECK(edits[0].offset == 0u);
    CHECK(edits[0].length == 2u);
    CHECK(edits[0].newLength == 3u);
    CHECK(edits[1].offset == 8u);
}

TEST_CASE("the C1 changes point at their bytes in the original input") {
    // Invalid bytes before (each FF becomes a 3-byte U+FFFD), a BOM stripped, line endings after:
    // the C1 changes point at their bytes in the input.
    const std::string in = "\xEF\xBB\xBF\xFF\xFF\xC2\x84"
                           "a\xC2\x93\r\n\xFF\xC2\x85\r\n";
    RepairOptions o = cp1252();
    o.invalid = ErrorPolicy::Replace;
    o.bom = BomAction::Strip;
    o.lineEnding = LineEnding::Lf;
    const RepairResult r = run(in, o);
    REQUIRE(r.status.ok());
    CHECK(r.text == "\xEF\xBF\xBD\xEF\xBF\xBD„a“\n\xEF\xBF\xBD…\n");
    std::vector<std::uint64_t> at;
    for (const RepairChange& c : r.report.changes) {
        CHECK(in.substr(c.offset, c.length) == c.before);
        if (c.kind == RepairKind::C1Control)
            at.push_back(c.offset);
    }
    CHECK(at == std::vector<std::uint64_t>{5, 8, 13});
    CHECK(r.report.counts[std::size_t(RepairKind::InvalidSequence)] == 3u);
    CHECK(r.report.counts[std::size_t(RepairKind::LineEnding)] == 2u);
    CHECK(r.report.counts[std::size_t(RepairKind::BomStripped)] == 1u);
}

TEST_CASE("mojibake is repaired before the C1 controls are read as punctuation") {
    // "Ä" + U+008C is "Č" read as ISO-8859-1: a byte of mojibake, not punctuation. The quotes
    // around it are punctuation.
    const std::string in = "\xC2\x84\xC3\x84\xC2\x8C"
                           "ech\xC2\x93";
    RepairOptions o = cp1252();
    o.mojibake = true;
    const RepairResult r = run(in, o);
    REQUIRE(r.status.ok());
    CHECK(r.text == "„Čech“");
    CHECK(r.report.counts[std::size_t(RepairKind::Mojibake)] == 1u);
    CHECK(r.report.counts[std::size_t(RepairKind::C1Control)] == 2u);
    for (const RepairChange& c : r.report.changes)
        CHECK(in.substr(c.offset, c.length) == c.before);
    // The other order makes "ÄŒ" (U+008C read as windows-1252): "Č" read as windows-1252, which
    // the mojibake repair then undoes as such, in one repair of its own (ISO-8859-15 would read
    // "ÄŒ" as "ļ", a rarer letter after a capital: the plausibility model tells them apart).
    const RepairResult c1First = run(in, cp1252());
    CHECK(c1First.text == "„ÄŒech“");
    RepairOptions mojibakeOnly;
    mojibakeOnly.mojibake = true;
    const RepairResult thenMojibake = run(c1First.text, mojibakeOnly);
    CHECK(thenMojibake.text == "„Čech“");
}

TEST_CASE("punctuation that makes mojibake is repaired in the same repair") {
    // "Р" + U+0084 is no page's mojibake, but read as windows-1252 it is "Р„", which is "Є" read
    // as windows-1251: a second repair would undo that, so the first does. (One "Р„" alone reads
    // only a little better as "Є"; two show the page.)
    const std::string in = "Привет \xD0\xA0\xC2\x84 мир \xD0\xA0\xC2\x84";
    RepairOptions o = cp1252();
    o.mojibake = true;
    const RepairResult r = run(in, o);
    REQUIRE(r.status.ok());
    CHECK(r.text == "Привет Є мир Є");
    CHECK(int(r.report.changes.size()) == 4);
    const auto at = [&](RepairKind kind, std::uint64_t offset, std::uint64_t length) {
        return std::any_of(r.report.changes.begin(), r.report.changes.end(),
                           [&](const RepairChange& c) {
                               return c.kind == kind && c.offset == offset && c.length == length;
                           });
    };
    CHECK(at(RepairKind::C1Control, 15, 2));
    // In the input: "Р" and the control it came from.
    CHECK(at(RepairKind::Mojibake, 13, 4));
    CHECK(at(RepairKind::Mojibake, 25, 4));
    CHECK(run(r.text, o).report.total() == 0u);
}

TEST_CASE("the C1 repair, alone and in the pipeline, is idempotent") {
    std::string in = kQuoted + " \xC2\x81\xC2\x9D Caf\xC3\x83\xC2\xA9 \xC2\x8A"
                               "koda\r\n";
    for (const std::string& s : sentences())
        in += windows1252ReadAsLatin1(s) + "\n";
    for (bool everything : {false, true}) {
        RepairOptions o = cp1252();
        if (everything) {
            o.mojibake = true;
            o.normalForm = NormalForm::Nfd;
            o.lineEnding = LineEnding::Lf;
        }
        const RepairResult once = run(in, o);
        REQUIRE(once.status.ok());
        CHECK(once.report.counts[std::size_t(RepairKind::C1Control)] > 5);
        const RepairResult twice = run(once.text, o);
        REQUIRE(twice.status.ok());
        CHECK(twice.text == once.text);
        CHECK(twice.report.total() == 0u);
    }
}

TEST_CASE("the reports show C1 controls by name, never as themselves") {
    const RepairResult r = run(kQuoted, cp1252());
    const std::string text = r.report.toText();
    // Terminals act on some C1 controls (U+009B is CSI): the text report names them instead.
    CHECK(text.find("\xC2\x84") == std::string::npos);
    INFO(text);
    CHECK(text.find("offset 0: c1-control: C2 84 \"<U+0084>\" -> \"„\"") != std::string::npos);
    CHECK(text.find("c1-control=5") != std::string::npos);
    const nlohmann::json json = nlohmann::json::parse(r.report.toJson(), nullptr, false);
    REQUIRE(!json.is_discarded());
    CHECK(json.at("counts").at("c1-control") == 5);
    const nlohmann::json& change = json.at("changes").at(0);
    CHECK(change.at("kind") == "c1-control");
    CHECK(change.at("before_hex") == "C2 84");
}

TEST_CASE("detection hints at C1 punctuation only where it is there") {
    const std::string german = "Der Kaffee im Café ist heiß, sagt Müller: „Schön!“ … – 5 €\n";
    const Detection hinted = detectEncoding(bytes(windows1252ReadAsLatin1(german)));
    CHECK(hinted.validUtf8);
    CHECK(hinted.mojibake.fixes == 0u);
    CHECK(hinted.c1Punctuation == 5u);
    // Clean text, the five undefined controls, and a control that is a byte of mojibake (undone
    // first) get no hint.
    for (const std::string& quiet : {german, std::string("Grüße \xC2\x81\xC2\x8D\xC2\x9D ok"),
                                     std::string("\xC3\x84\xC2\x8C"
                                                 "ech")}) {
        const Detection d = detectEncoding(bytes(quiet));
        CHECK(d.c1Punctuation == 0u);
    }
    // With mojibake too, both are found (the C1 controls counted once the mojibake is undone).
    const Detection both = detectEncoding(bytes("Le caf\xC3\x83\xC2\xA9 est tr\xC3\x83\xC2\xA8s "
                                                "bon, \xC2\x93vraiment\xC2\x94."));
    CHECK(both.c1Punctuation == 2u);
    CHECK(both.mojibake.fixes >= 2);
}
