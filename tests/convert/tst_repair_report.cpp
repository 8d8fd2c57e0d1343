// The report of a repair: the confidence rule for mojibake fixes, the fields of a fix in the JSON
// report (pages, level, gain, evidence, confidence) and the explanation `repair --explain`
// prints.
#include "repair_samples.h"
#include "u8convert/repair.h"
#include "u8test/harness.h"
#include "u8test/text.h"

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

using namespace u8codec;
using namespace u8convert;
using namespace repairtest;
using nlohmann::json;

namespace {

RepairResult fixMojibake(const std::string& in) {
    RepairOptions o;
    o.mojibake = true;
    return repair(bytes(in), o);
}

json jsonOf(const RepairReport& report) {
    const std::string text = report.toJson();
    json doc = json::parse(text, nullptr, false);
    INFO("the report is not JSON: " << text);
    REQUIRE(!doc.is_discarded());
    return doc;
}

using u8test::contains;

struct ConfidenceRow {
    const char* name;
    int gain;
    int level;
    bool lostByte;
    int evidence;
    std::string expected;
};

} // namespace

TEST_CASE("the confidence of a mojibake fix follows from its gain, level, lost byte and evidence") {
    const ConfidenceRow rows[] = {
        {"clear gain", 2, 1, false, 1, "high"},
        {"well evidenced, no gain", 0, 1, false, 3, "high"},
        {"clear gain, lost byte", 5, 1, true, 10, "low"},
        {"no gain, thin evidence", 0, 1, false, 2, "low"},
        {"slight gain, thin evidence", 1, 1, false, 2, "medium"},
        {"three in a row, thin evidence", 4, 3, false, 1, "medium"},
        {"three in a row, evidenced", 4, 3, false, 3, "high"},
        {"double, clear gain", 2, 2, false, 1, "high"},
    };
    for (const ConfidenceRow& row : rows) {
        SUBCASE(row.name) {
            const Confidence c = judgeMojibakeFix(row.gain, std::size_t(row.level), row.lostByte,
                                                  std::uint64_t(row.evidence));
            CHECK(std::string(name(c)) == row.expected);
        }
    }
}

TEST_CASE("the confidence's reason names the gain, the evidence, a lost byte and the level") {
    std::string why;
    CHECK(judgeMojibakeFix(3, 3, true, 12, &why) == Confidence::Low); // a lost byte guessed
    CHECK(why == "reads 3 points more plausibly; 12 fixes through the same page in the "
                 "text; a lost byte had to be guessed; 3 mis-decodings in a row");
    CHECK(judgeMojibakeFix(0, 1, false, 1, &why) == Confidence::Low); // no gain, thin evidence
    CHECK(why == "reads no more plausibly than the damage; 1 fix through the same page "
                 "in the text");
}

TEST_CASE("a mojibake fix in the JSON report has its pages, level, gain, evidence, confidence") {
    const RepairResult r = fixMojibake("ÃƒÂ© and cafÃƒÂ©");
    REQUIRE(r.status.ok());
    const json changes = jsonOf(r.report).at("changes");
    REQUIRE(changes.size() == 2u);
    REQUIRE(r.report.changes.size() == 2u);
    for (std::size_t i = 0; i < changes.size(); ++i) {
        const json& c = changes[i];
        const RepairChange& fix = r.report.changes[i];
        CAPTURE(i);
        CHECK(c.at("kind") == "mojibake");
        CHECK(c.at("pages") == json::array({"windows-1252", "windows-1252"}));
        CHECK(c.at("level") == 2);
        CHECK(c.at("gain") == fix.gain);
        CHECK(c.at("lost_byte") == false);
        CHECK(c.at("evidence") == fix.evidence);
        CHECK(c.at("confidence") == std::string(name(fix.confidence)));
        // The pipeline judges by the one rule.
        CHECK(fix.confidence ==
              judgeMojibakeFix(fix.gain, fix.pages.size(), fix.lostByte, fix.evidence));
    }
}

TEST_CASE("the JSON of the other kinds of change keeps its fields") {
    RepairOptions o;
    o.bom = BomAction::Strip;
    const RepairResult r = repair(bytes("\xEF\xBB\xBFx\xC0\xAF"), o);
    const json changes = jsonOf(r.report).at("changes");
    REQUIRE(changes.size() == 2u);
    for (const json& c : changes) {
        std::vector<std::string> keys; // in order: the JSON object is sorted by key
        for (const auto& item : c.items())
            keys.push_back(item.key());
        CHECK(keys == std::vector<std::string>{"after", "before", "before_hex", "detail", "kind",
                                               "length", "offset"});
    }
}

TEST_CASE("the evidence of a fix counts every fix in the text through its first page") {
    // Needs the engine's MojibakeResult::fixesByPage: the evidence of a fix is every fix in the
    // text through its first page, the fix itself included.
    const RepairResult r = fixMojibake("CafÃ©, rÃ©sumÃ© and naÃ¯ve; Ð¿Ñ€Ð¸Ð²ÐµÑ‚");
    REQUIRE(r.status.ok());
    REQUIRE(r.report.listsEveryChange());
    std::map<CodePage, std::uint64_t> byPage;
    for (const RepairChange& c : r.report.changes)
        if (c.kind == RepairKind::Mojibake)
            ++byPage[c.pages.front()];
    CHECK(byPage[CodePage::Windows1252] >= 4u);
    for (const RepairChange& c : r.report.changes)
        if (c.kind == RepairKind::Mojibake)
            CHECK(c.evidence == byPage[c.pages.front()]);
}

TEST_CASE("fixes through a well-evidenced page are judged high") {
    // Needs the engine's fixesByPage (evidence 0 judges these low): four fixes through
    // windows-1252 with no lost byte are each well evidenced.
    const RepairResult r = fixMojibake("CafÃ©, rÃ©sumÃ©, naÃ¯ve and itâ€™s fine");
    REQUIRE(r.status.ok());
    REQUIRE(r.report.changes.size() >= 4u);
    for (const RepairChange& c : r.report.changes)
        CHECK(name(c.confidence) == std::string_view("high"));
}

TEST_CASE("the explanation says the pages, the evidence, the likelihood and the confidence") {
    const RepairResult r = fixMojibake("ÃƒÂ© and cafÃƒÂ© \xC0\xAF");
    const std::string text = r.report.toExplanation();
    INFO(text);
    CHECK(contains(text, "offset 0: mojibake: \"ÃƒÂ©\" -> \"é\"\n  UTF-8 read as windows-1252 "
                         "(and that result read as windows-1252).\n  Evidence: "));
    CHECK(contains(text, " in this file through windows-1252.\n  Likelihood: the repair reads "));
    CHECK(contains(text, " nats likelier in real text; least likely pairs of the damage "));
    CHECK(contains(text, ".\n  Confidence: "));
    CHECK(contains(text, "offset 25: invalid-sequence: "));
    CHECK(contains(text, "mojibake fixes by confidence: "));
    CHECK(text.ends_with("changes: invalid-sequence=1 mojibake=2; 27 bytes in, 19 bytes out\n"));
    // Capped: the rest is counted.
    CHECK(contains(r.report.toExplanation(1), "... 2 more change(s) not explained\n"));
}
