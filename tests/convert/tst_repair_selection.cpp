// Applying part of a repair (repair_selection.cpp): every change ticked gives the pipeline's text
// byte for byte, none gives the original, one unticked leaves exactly its place original, and
// changes that rewrote each other's text are tied.
#include "repair_samples.h"
#include "u8convert/repair.h"
#include "u8test/harness.h"

#include <algorithm>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

using namespace u8codec;
using namespace u8convert;
using namespace repairtest;

namespace {

RepairOptions mojibakeOnly() {
    RepairOptions o;
    o.mojibake = true;
    return o;
}

RepairOptions everyStep() {
    RepairOptions o;
    o.cesu = true;
    o.mojibake = true;
    o.bom = BomAction::Strip;
    o.lineEnding = LineEnding::Lf;
    o.normalForm = NormalForm::Nfc;
    o.invalid = ErrorPolicy::Cp1252;
    o.c1 = C1Action::Cp1252;
    return o;
}

struct InputRow {
    const char* name;
    std::string input;
    int options; // 0: mojibake only, 1: every step, 2: mojibake + NFD
};

const std::vector<InputRow>& inputs() {
    static const std::vector<InputRow> rows = {
        {"fixes and an ill-formed byte", "CafÃ© rÃ©sumÃ© \xC0\xAF naÃ¯ve", 0},
        {"double encoding", "ÃƒÂ© and cafÃƒÂ©", 0},
        {"every step",
         "\xEF\xBB\xBF"
         "CafÃ© \xE9t\xE9\r\n\xED\xA0\xBD\xED\xB8\x80 "
         "e\xCC\x81\r\n",
         1},
        {"stray BOM inside damage", "abc Ã\xEF\xBB\xBF© and CafÃ©\r\nx\xC0 \xF0\x9F\x98\x80", 1},
        {"C1 controls and mojibake",
         "\xC2\x84ja\xC2\x93 CafÃ© \xC3\x84\xC2\x8C and \xD0\xA0\xC2\x84 "
         "\xD0\xA0\xC2\x84\r\n",
         1},
        {"NFD of fixes", "CafÃ© and rÃ©sumÃ©, e\xCC\x81", 2},
    };
    return rows;
}

RepairOptions optionsNumber(int n) {
    RepairOptions o = n == 1 ? everyStep() : mojibakeOnly();
    if (n == 2)
        o.normalForm = NormalForm::Nfd;
    return o;
}

using Selection = u8codec::Result<AppliedSelection>;

RepairResult repaired(const std::string& in, const RepairOptions& o) {
    RepairResult r = repair(bytes(in), o);
    INFO("the sample must be repaired with every change listed");
    REQUIRE(r.status.ok());
    REQUIRE(r.report.listsEveryChange());
    REQUIRE(!r.report.changes.empty());
    return r;
}

Selection select(const std::string& in, const RepairResult& r, const std::vector<bool>& ticked,
                 std::optional<LineEnding> lineEnding) {
    return applySelectedChanges(bytes(in), r.report.changes, ticked, lineEnding);
}

} // namespace

TEST_CASE("every change ticked gives the pipeline's text") {
    for (const InputRow& row : inputs()) {
        SUBCASE(row.name) {
            const RepairOptions o = optionsNumber(row.options);
            const RepairResult r = repaired(row.input, o);
            const Selection s = select(
                row.input, r, std::vector<bool>(r.report.changes.size(), true), o.lineEnding);
            INFO(s.message());
            REQUIRE(s.ok());
            CHECK(s->text == r.text);
            CHECK(s->applied == std::uint64_t(r.report.changes.size()));
        }
    }
}

TEST_CASE("no change ticked gives the original") {
    for (const InputRow& row : inputs()) {
        SUBCASE(row.name) {
            const RepairResult r = repaired(row.input, optionsNumber(row.options));
            const Selection s = select(
                row.input, r, std::vector<bool>(r.report.changes.size(), false), std::nullopt);
            INFO(s.message());
            REQUIRE(s.ok());
            CHECK(s->text == row.input);
            CHECK(s->applied == std::uint64_t(0));
        }
    }
}

TEST_CASE("one change unticked leaves exactly its place original") {
    // One pass of untied changes: the expectation is the original with every other change put
    // in at its offset, from the back.
    const std::string input("CafÃ© rÃ©sumÃ© \xC0\xAF naÃ¯ve, itâ€™s");
    RepairOptions o = mojibakeOnly();
    o.invalid = ErrorPolicy::Replace;
    const RepairResult r = repaired(input, o);
    const auto& changes = r.report.changes;
    REQUIRE(changes.size() >= 4u);
    for (std::size_t skip = 0; skip < changes.size(); ++skip) {
        CAPTURE(skip);
        std::string expected = input;
        std::vector<std::size_t> order(changes.size());
        std::iota(order.begin(), order.end(), std::size_t(0));
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return changes[a].offset > changes[b].offset;
        });
        for (std::size_t i : order)
            if (i != skip)
                expected.replace(std::size_t(changes[i].offset), std::size_t(changes[i].length),
                                 changes[i].after);
        std::vector<bool> ticked(changes.size(), true);
        ticked[skip] = false;
        const Selection s = select(input, r, ticked, std::nullopt);
        INFO(s.message());
        REQUIRE(s.ok());
        CHECK(s->text == expected);
        CHECK(s->applied == std::uint64_t(changes.size() - 1));
        CHECK(s->text != r.text);
    }
}

TEST_CASE("a stray BOM inside damage is tied to the fix of that damage") {
    // The BOM step removes U+FEFF from "Ã" U+FEFF "©"; the mojibake repair then takes the two
    // halves as one: unticking either leaves both out.
    const std::string input("abc Ã\xEF\xBB\xBF© and CafÃ©");
    RepairOptions o = mojibakeOnly();
    o.bom = BomAction::Strip;
    const RepairResult r = repaired(input, o);
    const auto& changes = r.report.changes;
    REQUIRE(changes.size() == std::size_t(3));
    CHECK(changes[0].kind == RepairKind::StrayBom);
    const u8codec::Result<ChangeTies> ties = tieChanges(bytes(input), changes);
    REQUIRE(ties.ok());
    CHECK(*ties == std::vector<std::size_t>{0, 0, 2});
    for (std::size_t unticked : {0, 1}) {
        CAPTURE(unticked);
        std::vector<bool> ticked(3, true);
        ticked[unticked] = false;
        const Selection s = select(input, r, ticked, std::nullopt);
        REQUIRE(s.ok());
        CHECK(s->text == "abc Ã\xEF\xBB\xBF© and Café");
        CHECK(s->applied == std::uint64_t(1));
    }
}

TEST_CASE("a normalisation inside a fix is tied to the fix") {
    // NFD rewrites the "é" the mojibake repair wrote: that change points at the start of the fix.
    const std::string input("CafÃ© e\xCC\x81");
    RepairOptions o = mojibakeOnly();
    o.normalForm = NormalForm::Nfd;
    const RepairResult r = repaired(input, o);
    const auto& changes = r.report.changes;
    REQUIRE(changes.size() == std::size_t(2));
    CHECK(changes[1].kind == RepairKind::Normalization);
    CHECK(changes[1].offset == changes[0].offset);
    const u8codec::Result<ChangeTies> ties = tieChanges(bytes(input), changes);
    REQUIRE(ties.ok());
    CHECK(*ties == std::vector<std::size_t>{0, 0});
    const Selection s = select(input, r, {true, false}, std::nullopt);
    REQUIRE(s.ok());
    CHECK(s->text == input);
}

TEST_CASE("separate changes are not tied") {
    // A normalisation next to (not inside) a fix, and a BOM stripped right before damage.
    const std::string input("\xEF\xBB\xBF"
                            "CafÃ©e\xCC\x81");
    RepairOptions o = mojibakeOnly();
    o.bom = BomAction::Strip;
    o.normalForm = NormalForm::Nfc;
    const RepairResult r = repaired(input, o);
    const u8codec::Result<ChangeTies> ties = tieChanges(bytes(input), r.report.changes);
    REQUIRE(ties.ok());
    REQUIRE(ties->size() == std::size_t(3));
    CHECK(*ties == std::vector<std::size_t>{0, 1, 2});
    const Selection s = select(input, r, {false, true, true}, std::nullopt);
    REQUIRE(s.ok());
    CHECK(s->text == "\xEF\xBB\xBF"
                     "Caf\xC3\xA9\xC3\xA9");
}

TEST_CASE("a change that does not fit the text, or a wrong count of ticks, is refused") {
    const std::string input("CafÃ© rÃ©sumÃ©");
    const RepairResult r = repaired(input, mojibakeOnly());
    const std::string other("Cafe resume and more");
    const Selection s =
        select(other, r, std::vector<bool>(r.report.changes.size(), true), std::nullopt);
    REQUIRE(!s.ok());
    CHECK(s.failedWith(u8codec::ErrorCode::Invalid));
    INFO(s.message());
    CHECK(s.message().find("change 1 (mojibake at offset 3) does not fit") != std::string::npos);
    const Selection wrongCount = select(input, r, {true}, std::nullopt);
    REQUIRE(!wrongCount.ok());
    CHECK(wrongCount.message() == std::string("one tick per change is needed"));
}

TEST_CASE("a capped list of changes does not list every change; line endings are never listed") {
    RepairOptions o = mojibakeOnly();
    o.lineEnding = LineEnding::Lf;
    o.maxReportedChanges = 1;
    const std::string in = "CafÃ©\r\nrÃ©sumÃ©\r\n";
    const RepairResult capped = repair(bytes(in), o);
    CHECK(!capped.report.listsEveryChange());
    o.maxReportedChanges = 1000;
    const RepairResult whole = repair(bytes(in), o);
    CHECK(whole.report.listsEveryChange()); // line endings are counted, never listed
}

TEST_CASE("leaving out a kind turns its step off; leaving out every page turns mojibake off") {
    RepairOptions o = everyStep();
    CHECK(!leaveOutKind(o, RepairKind::InvalidSequence));
    CHECK(o.invalid == ErrorPolicy::Cp1252);
    CHECK(leaveOutKind(o, RepairKind::ModifiedNul));
    CHECK(!o.cesu);
    CHECK(leaveOutKind(o, RepairKind::StrayBom));
    CHECK(o.bom == BomAction::Keep);
    CHECK(leaveOutKind(o, RepairKind::LineEnding));
    CHECK(!o.lineEnding);
    CHECK(leaveOutKind(o, RepairKind::Normalization));
    CHECK(!o.normalForm);
    CHECK(o.mojibake);
    // A page left out is not tried; without any page, no mojibake repair runs.
    const std::string in = "CafÃ© rÃ©sumÃ©";
    RepairOptions m = mojibakeOnly();
    m.mojibakeOptions.codePages = {CodePage::Windows1252, CodePage::Latin1};
    m.mojibakeOptions.assumedPages = {CodePage::Windows1252};
    leaveOutPage(m, CodePage::Windows1252);
    CHECK(m.mojibakeOptions.codePages == std::vector<CodePage>{CodePage::Latin1});
    CHECK(m.mojibakeOptions.assumedPages.empty());
    CHECK(m.mojibake);
    leaveOutPage(m, CodePage::Latin1);
    CHECK(!m.mojibake);
    CHECK(repair(bytes(in), m).report.total() == std::uint64_t(0));
    CHECK(leaveOutKind(m, RepairKind::Mojibake));
}
