// Repair line by line (u8convert/repair_lines.h, `repair --scope=line`): each line judged by its
// own evidence, the text written line after line, the reports added up with offsets in the input.
#include "u8convert/mojibake.h"
#include "u8convert/repair_lines.h"
#include "u8test/harness.h"

#include <cstdio>
#include <string>
#include <vector>

using namespace u8codec;
using namespace u8convert;

namespace {

struct Run {
    RepairResult result;
    std::string text;
};

Run byLine(const std::string& in, RepairOptions options = {}) {
    options.mojibake = true;
    const MemorySource source(std::vector<std::uint8_t>(in.begin(), in.end()));
    Run run;
    RepairSink sink;
    sink.write = [&](std::string_view piece) {
        run.text += piece;
        return true;
    };
    run.result = repairLineByLine(source, sink, options);
    return run;
}

} // namespace

TEST_CASE("line by line, each line is repaired through its own page, offsets in the input") {
    const std::string in = "id,name\n1,CAFÃ‰\n2,РџСЂРёРІРµС‚\n3,Zoë\r\n4,KrakÃ³w";
    const Run r = byLine(in);
    REQUIRE(r.result.status.ok());
    CHECK(r.text == "id,name\n1,CAFÉ\n2,Привет\n3,Zoë\r\n4,Kraków");
    const RepairReport& report = r.result.report;
    CHECK(report.counts[std::size_t(RepairKind::Mojibake)] == 3u);
    CHECK(report.inputBytes == std::uint64_t(in.size()));
    CHECK(report.outputBytes == std::uint64_t(r.text.size()));
    CHECK(report.lineEndings.lf == 3u);
    CHECK(report.lineEndings.crlf == 1u);
    // Every change names its bytes where they stand in the input.
    REQUIRE(report.changes.size() == std::size_t(3));
    for (const RepairChange& c : report.changes)
        CHECK(in.substr(c.offset, c.length) == c.before);
    CHECK(report.changes[1].pages == std::vector<CodePage>{CodePage::Windows1251});
}

// The default, the whole file's judgement, where the lines' damage shows different pages (a
// record each from a Spanish, a Russian, a Czech and a Ukrainian source): each line's own
// evidence decides its page, as line by line.
TEST_CASE("the whole file's repair takes each line's own page where lines show different pages") {
    const auto damaged = [](const char* text, CodePage page) {
        const std::string utf8(text);
        return readAs(std::span(reinterpret_cast<const std::uint8_t*>(utf8.data()), utf8.size()),
                      page);
    };
    const std::string clean = "id;name;city\n1;Zoë Müller;Köln\n";
    std::string in = clean;
    in += "2;" + damaged("José Pérez Núñez;Málaga", CodePage::Windows1252) + "\n";
    in += "3;" + damaged("Ольга Смирнова;Москва", CodePage::Windows1251) + "\n";
    in += "4;" + damaged("Tomáš Dvořák;České Budějovice", CodePage::Windows1250) + "\n";
    in += "5;" + damaged("Олена Шевченко;Київ", CodePage::Koi8U) + "\n";
    const std::string want = clean + "2;José Pérez Núñez;Málaga\n3;Ольга Смирнова;Москва\n"
                                     "4;Tomáš Dvořák;České Budějovice\n5;Олена Шевченко;Київ\n";
    RepairOptions whole;
    whole.mojibake = true;
    CHECK(repair(std::string(in), whole).text == want);
    CHECK(byLine(in).text == want);
}

TEST_CASE("a correct line is not repaired on another line's evidence") {
    // "Ã" + a space is "à" whose A0 became a space, but only where the text shows windows-1252's
    // damage: the whole file does, this line alone does not.
    const std::string in = "cafÃ© rÃ©sumÃ© naÃ¯ve\nÃ is a letter\n";
    RepairOptions whole;
    whole.mojibake = true;
    CHECK(repair(std::string(in), whole).text == "café résumé naïve\nà is a letter\n");
    CHECK(byLine(in).text == "café résumé naïve\nÃ is a letter\n");
}

TEST_CASE("one line repaired line by line is the same as repaired whole") {
    RepairOptions o;
    o.mojibake = true;
    o.c1 = C1Action::Cp1252;
    o.lineEnding = LineEnding::Lf;
    for (const std::string one : {"JOSÃ‰ PÃ‰REZ\r\n", "plain ASCII\n", "\xC0\xAF bad\n", "a"}) {
        const RepairResult whole = repair(std::string(one), o);
        const Run lines = byLine(one, o);
        REQUIRE(lines.result.status.ok());
        CHECK(lines.text == whole.text);
        CHECK(lines.result.report.toJson() == whole.report.toJson());
    }
}

TEST_CASE("a BOM is added before the first line only") {
    RepairOptions o;
    o.bom = BomAction::Add;
    const Run r = byLine("one\n\xEF\xBB\xBFtwo\nthree\n", o);
    REQUIRE(r.result.status.ok());
    CHECK(r.text == "\xEF\xBB\xBFone\ntwo\nthree\n");
}

TEST_CASE("strict names the line at fault") {
    RepairOptions o;
    o.invalid = ErrorPolicy::Strict;
    const Run r = byLine("fine\nalso fine\nbad \xFF here\n", o);
    REQUIRE(!r.result.status.ok());
    INFO(r.result.status.message());
    CHECK(r.result.status.message().starts_with("in the line at offset 15: "));
}

TEST_CASE("lines longer than a block are repaired whole") {
    // Lines cut across the 1 MiB blocks the input is read in, and a last line without an LF.
    std::string in, want;
    for (int k = 0; k < 3; ++k) {
        in += std::string(700'000, 'x') + " cafÃ© rÃ©sumÃ©\n";
        want += std::string(700'000, 'x') + " café résumé\n";
    }
    in += "end rÃ©sumÃ©";
    want += "end résumé";
    const Run r = byLine(in);
    REQUIRE(r.result.status.ok());
    CHECK((r.text == want)); // not decomposed: both are megabytes
    CHECK(r.result.report.counts[std::size_t(RepairKind::Mojibake)] == 11u);
}

TEST_CASE("a failed write stops the repair") {
    const std::string in = "CAFÃ‰\nCAFÃ‰\nCAFÃ‰\n";
    const MemorySource source(std::vector<std::uint8_t>(in.begin(), in.end()));
    int writes = 0;
    RepairSink sink;
    sink.write = [&](std::string_view) { return ++writes < 2; };
    RepairOptions o;
    o.mojibake = true;
    const RepairResult r = repairLineByLine(source, sink, o);
    REQUIRE(!r.status.ok());
    CHECK(writes == 2);
    CHECK(r.status.message() == "the output could not be written");
}

// Lines are repaired a block at a time on the codec's threads: the text, the counts and every
// change's offset are those of repairing each line alone, in order, over several blocks; a
// strict failure names the first bad line however the lines were shared out.
TEST_CASE("many lines on the threads come out in order, each as repaired alone") {
    const char* kinds[] = {"plain ASCII row %d\n", "JOSÃ‰ PÃ‰REZ %d\n", "Ð¼Ð¾Ð»Ð¾ÐºÐ¾ %d\n",
                           "Москва — столица %d\n", "cafÃ© crÃ¨me %d\r\n"};
    std::string in;
    std::vector<std::string> lines;
    for (int k = 0; in.size() < 3'500'000; ++k) {
        char line[64];
        std::snprintf(line, sizeof line, kinds[(k * 7) % 5], k);
        lines.push_back(line);
        in += line;
    }
    RepairOptions o;
    o.mojibake = true;
    o.maxReportedChanges = 1'000'000;
    std::string want;
    std::vector<std::uint64_t> offsets;
    std::uint64_t at = 0, mojibake = 0;
    for (const std::string& line : lines) {
        const RepairResult r = repair(std::string(line), o);
        REQUIRE(r.status.ok());
        want += r.text;
        for (const RepairChange& c : r.report.changes)
            offsets.push_back(at + c.offset);
        mojibake += r.report.counts[std::size_t(RepairKind::Mojibake)];
        at += line.size();
    }
    const Run run = byLine(in, o);
    REQUIRE(run.result.status.ok());
    CHECK((run.text == want)); // not decomposed: both are megabytes
    CHECK(run.result.report.counts[std::size_t(RepairKind::Mojibake)] == mojibake);
    REQUIRE(run.result.report.changes.size() == offsets.size());
    for (std::size_t k = 0; k < offsets.size(); ++k)
        REQUIRE(run.result.report.changes[k].offset == offsets[k]);

    // Two bad lines in the second block: the first of them is named.
    std::string bad = in;
    const std::size_t first = bad.find('\n', 1'500'000) + 1, second = bad.find('\n', 2'000'000) + 1;
    bad[second] = '\xFF';
    bad[first] = '\xFF';
    o.invalid = ErrorPolicy::Strict;
    const Run strict = byLine(bad, o);
    REQUIRE(!strict.result.status.ok());
    INFO(strict.result.status.message());
    CHECK(strict.result.status.message().starts_with("in the line at offset " +
                                                     std::to_string(first) + ": "));
}
