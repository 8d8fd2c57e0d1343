// The repair steps one by one and the pipeline: invalid sequences
// under each policy, CESU-8 and Modified UTF-8, BOM, line endings, normalisation; idempotence
// and the report.
#include "repair_samples.h"
#include "u8codec/scan.h"
#include "u8convert/repair.h"
#include "u8test/files.h"
#include "u8test/harness.h"
// The library-internal scan on two threads.
#include "scan_on_cores.h"

#include <nlohmann/json.hpp>
#include <random>

using namespace u8codec;
using namespace u8convert;
using namespace repairtest;
using u8test::bytesOf;

namespace {

RepairResult run(const std::string& in, const RepairOptions& o) {
    return repair(bytes(in), o);
}

// A number in [0, bound) (QRandomGenerator::bounded).
std::uint32_t bounded(std::mt19937& rng, std::uint32_t bound) {
    return std::uniform_int_distribution<std::uint32_t>(0, bound - 1)(rng);
}

struct PolicyRow {
    const char* name;
    std::string policy, expected;
    int changes;
};

TEST_CASE("invalid sequences under each policy: replaced, dropped, read as Latin-1 or cp1252") {
    const std::string in("caf\xE9 \xC3\xA9 \xF0\x9F\x98 x\x80\x81");
    const PolicyRow rows[] = {
        {"replace", "replace",
         "caf\xEF\xBF\xBD \xC3\xA9 \xEF\xBF\xBD "
         "x\xEF\xBF\xBD\xEF\xBF\xBD",
         3},
        {"drop", "ignore", "caf \xC3\xA9  x", 3},
        {"latin1", "latin1",
         "caf\xC3\xA9 \xC3\xA9 \xC3\xB0\xC2\x9F\xC2\x98 "
         "x\xC2\x80\xC2\x81",
         3},
        {"cp1252", "cp1252",
         "caf\xC3\xA9 \xC3\xA9 \xC3\xB0\xC5\xB8\xCB\x9C "
         "x\xE2\x82\xAC\xC2\x81",
         3},
    };
    for (const PolicyRow& row : rows) {
        SUBCASE(row.name) {
            RepairOptions o;
            o.invalid = *errorPolicyFromName(row.policy);
            const RepairResult r = run(in, o);
            REQUIRE(r.status.ok());
            CHECK(bytesOf(r.text) == bytesOf(row.expected));
            CHECK(int(r.report.counts[std::size_t(RepairKind::InvalidSequence)]) == row.changes);
            REQUIRE(!r.report.changes.empty());
            CHECK(r.report.changes.front().offset == 3u);
            CHECK(bytesOf(r.report.changes.front().before) == bytesOf("\xE9"));
        }
    }
}

struct CesuRow {
    const char* name;
    std::string input, expected;
    RepairKind kind;
};

TEST_CASE("CESU-8 pairs and Modified UTF-8's NUL are decoded with --cesu, invalid without") {
    const CesuRow rows[] = {
        // U+1F600 as CESU-8: D83D DE00 -> ED A0 BD ED B8 80.
        {"pair", "a\xED\xA0\xBD\xED\xB8\x80z", "a\xF0\x9F\x98\x80z", RepairKind::Cesu},
        {"modified nul", "a\xC0\x80z", std::string("a\0z", 3), RepairKind::ModifiedNul},
        {"two pairs", "\xED\xA0\x81\xED\xB0\x80\xED\xA0\xBD\xED\xB8\x80",
         "\xF0\x90\x90\x80\xF0\x9F\x98\x80", RepairKind::Cesu},
    };
    for (const CesuRow& row : rows) {
        SUBCASE(row.name) {
            RepairOptions o;
            o.cesu = true;
            const RepairResult r = run(row.input, o);
            REQUIRE(r.status.ok());
            CHECK(bytesOf(r.text) == bytesOf(row.expected));
            CHECK(r.report.counts[std::size_t(row.kind)] >= 1);
            CHECK(r.report.counts[std::size_t(RepairKind::InvalidSequence)] == 0u);
            // Without --cesu the same bytes are invalid sequences, replaced.
            const RepairResult plain = run(row.input, RepairOptions{});
            CHECK(plain.report.counts[std::size_t(RepairKind::InvalidSequence)] >= 1);
            // A lone surrogate is not CESU-8: it stays an invalid sequence.
            const RepairResult lone = run("a\xED\xA0\xBDz", o);
            CHECK(bytesOf(lone.text) == bytesOf("a\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBDz"));
        }
    }
}

struct BomRow {
    const char* name;
    std::string action, input, expected;
};

TEST_CASE("byte order marks stripped, added once, or kept") {
    const std::string bom("\xEF\xBB\xBF");
    const BomRow rows[] = {
        {"strip", "strip", bom + "a" + bom + "b", "ab"},
        {"strip none", "strip", "ab", "ab"},
        {"add", "add", "a" + bom + "b", bom + "ab"},
        {"add present", "add", bom + "ab", bom + "ab"},
        {"keep", "keep", bom + "a" + bom, bom + "a" + bom},
    };
    for (const BomRow& row : rows) {
        SUBCASE(row.name) {
            RepairOptions o;
            o.bom = *bomActionFromName(row.action);
            const RepairResult r = run(row.input, o);
            CHECK(bytesOf(r.text) == bytesOf(row.expected));
        }
    }
}

struct LineEndingRow {
    const char* name;
    std::string input;
    LineEnding target;
    std::string expected;
    int rewritten;
};

TEST_CASE("line endings made LF or CRLF, counted, the mix reported") {
    const std::string mixed("a\nb\r\nc\rd\r\n\r\ne\r");
    const LineEndingRow rows[] = {
        {"lf", mixed, LineEnding::Lf, "a\nb\nc\nd\n\ne\n", 5},
        {"crlf", mixed, LineEnding::CrLf, "a\r\nb\r\nc\r\nd\r\n\r\ne\r\n", 3},
        {"none", "abc", LineEnding::Lf, "abc", 0},
    };
    for (const LineEndingRow& row : rows) {
        SUBCASE(row.name) {
            RepairOptions o;
            o.lineEnding = row.target;
            const RepairResult r = run(row.input, o);
            CHECK(bytesOf(r.text) == bytesOf(row.expected));
            CHECK(int(r.report.counts[std::size_t(RepairKind::LineEnding)]) == row.rewritten);
            if (row.input.starts_with("a\n")) {
                CHECK(r.report.lineEndings.lf == 1u);
                CHECK(r.report.lineEndings.crlf == 3u);
                CHECK(r.report.lineEndings.cr == 2u);
                CHECK(r.report.lineEndings.mixed());
            }
        }
    }
}

struct MixRow {
    const char* name;
    std::string input, step, expected;
    int crlf, cr, lf;
};

// The mix is that of the text the line-ending step receives: the earlier steps' output.
TEST_CASE("the line-ending mix is that of the earlier steps' output") {
    const MixRow rows[] = {
        {"mojibake keeps it", "Caf\xC3\x83\xC2\xA9 \xC3\x83\xC2\xA9t\xC3\x83\xC2\xA9\r\nx\ry\n",
         "mojibake", "Caf\xC3\xA9 \xC3\xA9t\xC3\xA9\nx\ny\n", 1, 1, 1},
        {"normalisation keeps it", "e\xCC\x81\r\nx\r", "nfc", "\xC3\xA9\nx\n", 1, 1, 0},
        {"a dropped byte joins CR and LF", "a\r\x80\nb\n", "drop", "a\nb\n", 1, 0, 1},
        {"a stray BOM removed joins CR and LF", "a\r\xEF\xBB\xBF\nb\n", "bom", "a\nb\n", 1, 0, 1},
    };
    for (const MixRow& row : rows) {
        SUBCASE(row.name) {
            RepairOptions o;
            o.lineEnding = LineEnding::Lf;
            o.mojibake = row.step == "mojibake";
            if (row.step == "nfc")
                o.normalForm = NormalForm::Nfc;
            if (row.step == "drop")
                o.invalid = ErrorPolicy::Ignore;
            if (row.step == "bom")
                o.bom = BomAction::Strip;
            const RepairResult r = run(row.input, o);
            REQUIRE(r.status.ok());
            CHECK(bytesOf(r.text) == bytesOf(row.expected));
            CHECK(int(r.report.lineEndings.crlf) == row.crlf);
            CHECK(int(r.report.lineEndings.cr) == row.cr);
            CHECK(int(r.report.lineEndings.lf) == row.lf);
            CHECK(int(r.report.counts[std::size_t(RepairKind::LineEnding)]) == row.crlf + row.cr);
        }
    }
}

// A short input is validated without the codec's full scan and its line endings counted at the
// end; a long one is scanned (repair.cpp, Pipeline::run()): both report the same mix.
TEST_CASE("the line-ending mix is the same for a short input and a long, scanned one") {
    const std::string damage = "Caf\xC3\x83\xC2\xA9\r\nx\ry\n\r\n";
    for (const bool invalid : {false, true}) {
        for (const std::size_t pad : {std::size_t(0), std::size_t(5000)}) {
            INFO("invalid " << invalid << ", pad " << pad);
            const std::string input = std::string(pad, 'x') + (invalid ? "\x80" : "") + damage;
            RepairOptions o;
            o.invalid = ErrorPolicy::Ignore;
            const RepairResult r = run(input, o);
            REQUIRE(r.status.ok());
            CHECK(r.report.lineEndings.crlf == 2u);
            CHECK(r.report.lineEndings.cr == 1u);
            CHECK(r.report.lineEndings.lf == 1u);
            CHECK(r.report.counts[std::size_t(RepairKind::InvalidSequence)] == (invalid ? 1u : 0u));
        }
    }
}

TEST_CASE("the line-ending counter fed in two pieces counts what it counts whole") {
    const std::string s = "a\r\nb\rc\n\r\r\n";
    const LineEndingMix whole = countLineEndings(bytes(s));
    for (std::size_t cut = 0; cut <= s.size(); ++cut) {
        INFO("cut at " << cut);
        LineEndingCounter c;
        c.feed(bytes(s).first(cut));
        c.feed(bytes(s).subspan(cut));
        c.finish();
        CHECK(c.mix().lf == whole.lf);
        CHECK(c.mix().crlf == whole.crlf);
        CHECK(c.mix().cr == whole.cr);
    }
    CHECK(whole.crlf == 2u);
    CHECK(whole.cr == 2u);
    CHECK(whole.lf == 1u);
}

struct FormRow {
    const char* name;
    std::string form, input, expected;
};

TEST_CASE("normalisation to NFC and NFD, reported only where it changes the text") {
    const FormRow rows[] = {
        {"nfc", "nfc", "Cafe\xCC\x81 A\xCC\x8A", "Caf\xC3\xA9 \xC3\x85"},
        {"nfd", "nfd", "Caf\xC3\xA9", "Cafe\xCC\x81"},
        {"hangul nfd", "nfd", "\xEA\xB0\x80", "\xE1\x84\x80\xE1\x85\xA1"},
        {"already nfc", "nfc", "plain \xC3\xA9", "plain \xC3\xA9"},
    };
    for (const FormRow& row : rows) {
        SUBCASE(row.name) {
            RepairOptions o;
            o.normalForm = normalFormFromName(row.form);
            REQUIRE(o.normalForm.has_value());
            const RepairResult r = run(row.input, o);
            REQUIRE(r.status.ok());
            CHECK(bytesOf(r.text) == bytesOf(row.expected));
            CHECK((r.report.counts[std::size_t(RepairKind::Normalization)] > 0) ==
                  (row.input != row.expected));
            CHECK(isNormalized(r.text, *o.normalForm));
            for (const RepairChange& c : r.report.changes)
                CHECK(!c.after.empty());
        }
    }
}

// isNormalized() passes runs of ASCII and of quick-check-Yes starters without asking ICU: on
// strings drawn from characters that compose, decompose, reorder or are inert, next to ASCII and
// to each other, its answer must be exactly whether normalising changes the text.
TEST_CASE("the normal-form check agrees with normalising on strings that stress it") {
    const char* const pool[] = {
        "e",
        " ",
        "A",
        "\n",
        "\xC3\xA9", // e, space, A, LF, U+00E9
        "\xCC\x81",
        "\xCC\x8A",     // U+0301, U+030A (compose with a base)
        "\xCC\xA3",     // U+0323 (ccc 220: reorders before U+0301)
        "\xE2\x84\xA6", // U+2126 OHM SIGN (a singleton: never in NFC)
        "\xEA\xB0\x80",
        "\xE1\x84\x80", // U+AC00 syllable, U+1100 leading jamo
        "\xE1\x85\xA1",
        "\xE1\x86\xA8", // U+1161 vowel, U+11A8 trailing jamo
        "\xCE\xAC",
        "\xCE\xB1",         // U+03AC (alpha with tonos), U+03B1
        "\xEF\xA4\x80",     // U+F900 CJK compatibility ideograph
        "\xF0\x9D\x85\x9E", // U+1D15E MUSICAL SYMBOL HALF NOTE (decomposes)
        "\xF0\x9F\x98\x80", // U+1F600 emoji
        "\xF0\xAF\xA0\x80", // U+2F800 CJK compatibility ideograph (above the table)
        "\xF0\xA0\x80\x80", // U+20000 CJK extension B (above the table, in every form)
        "\xD0\x99",
        "\xD0\x98", // U+0419 (decomposes), U+0418
        "\xE6\x97\xA5",
        "\xE2\x80\x99", // U+65E5, U+2019
    };
    // Characters that are quick-check-Yes starters in both forms, for long stretches around
    // the pool's: the check visits 64 bytes at a time, so the pool's characters must fall at
    // every place of a block and across its edges.
    const char* const quick[] = {
        "e",       " ", "A", "\n", "\xE6\x97\xA5", "\xE2\x80\x99", "\xCE\xB1", "\xF0\x9F\x98\x80",
        "\xD0\x98"};
    std::mt19937 rng(20261123);
    const auto pick = [&](const auto& from) {
        return from[bounded(rng, std::uint32_t(std::size(from)))];
    };
    // Per form, short and long strings: how many were not in the form.
    int notNormalized[2][2] = {{0, 0}, {0, 0}};
    constexpr int kShort = 20000, kLong = 6000;
    for (int i = 0; i < kShort + kLong; ++i) {
        const bool isLong = i >= kShort;
        std::string s;
        for (int k = isLong ? int(bounded(rng, 70u)) : 0; k > 0; --k)
            s += pick(quick);
        for (int k = 1 + int(bounded(rng, isLong ? 3u : 7u)); k > 0; --k)
            s += pick(pool);
        for (int k = isLong ? int(bounded(rng, 70u)) : 0; k > 0; --k)
            s += pick(quick);
        for (NormalForm form : {NormalForm::Nfc, NormalForm::Nfd}) {
            const u8codec::Result<Normalized> n = normalize(s, form);
            REQUIRE(n.ok());
            const bool unchanged = n->text == s;
            if (isNormalized(s, form) != unchanged)
                FAIL(name(form) << " " << s << " (" << u8test::hexOf(s) << "): isNormalized says "
                                << std::string_view(unchanged ? "no" : "yes"));
            notNormalized[int(form)][isLong ? 1 : 0] += unchanged ? 0 : 1;
        }
    }
    // Both answers occur often in both forms, or the comparison would prove little.
    for (const auto& count : notNormalized) {
        CHECK(count[0] > kShort / 10);
        CHECK(count[0] < kShort * 9 / 10);
        CHECK(count[1] > kLong / 10);
        CHECK(count[1] < kLong * 9 / 10);
    }
}

TEST_CASE("the pipeline runs its steps in order and reports each change where it was") {
    RepairOptions o;
    o.cesu = true;
    o.mojibake = true;
    o.bom = BomAction::Strip;
    o.lineEnding = LineEnding::Lf;
    o.normalForm = NormalForm::Nfc;
    o.invalid = ErrorPolicy::Cp1252;
    const std::string in = "\xEF\xBB\xBF"
                           "CafÃ© \xE9t\xE9\r\n\xED\xA0\xBD\xED\xB8\x80 e\xCC\x81\r\n";
    const RepairResult r = run(in, o);
    REQUIRE(r.status.ok());
    CHECK(r.text == "Café été\n\xF0\x9F\x98\x80 \xC3\xA9\n");
    const RepairReport& rep = r.report;
    CHECK(rep.counts[std::size_t(RepairKind::Cesu)] == 1u);
    CHECK(rep.counts[std::size_t(RepairKind::InvalidSequence)] == 2u);
    CHECK(rep.counts[std::size_t(RepairKind::BomStripped)] == 1u);
    CHECK(rep.counts[std::size_t(RepairKind::Mojibake)] == 1u);
    CHECK(rep.counts[std::size_t(RepairKind::LineEnding)] == 2u);
    CHECK(rep.counts[std::size_t(RepairKind::Normalization)] == 1u);
    CHECK(rep.inputBytes == in.size());
    CHECK(rep.outputBytes == r.text.size());
    const nlohmann::json doc = nlohmann::json::parse(rep.toJson(), nullptr, false);
    REQUIRE(doc.is_object());
    REQUIRE(doc.contains("counts"));
    REQUIRE(doc["counts"].is_object());
    CHECK(doc["counts"].value("mojibake", 0) == 1);
    REQUIRE(doc.contains("changes"));
    CHECK(doc["changes"].is_array());
    CHECK(doc["changes"].size() == 6); // line endings are counted, not listed
    // Every change is located in the original bytes, whatever ran before it: "offset+length"
    // of each change of a kind.
    const auto located = [&](RepairKind kind) {
        std::string v;
        for (const RepairChange& c : rep.changes)
            if (c.kind == kind)
                v += (v.empty() ? "" : " ") + std::to_string(c.offset) + "+" +
                     std::to_string(c.length);
        return v;
    };
    CHECK(located(RepairKind::BomStripped) == "0+3");
    CHECK(located(RepairKind::Mojibake) == "6+4");
    CHECK(located(RepairKind::InvalidSequence) == "11+1 13+1");
    CHECK(located(RepairKind::Cesu) == "16+6");
    CHECK(located(RepairKind::Normalization) == "23+3");
    for (const RepairChange& c : rep.changes)
        CHECK(bytesOf(in.substr(c.offset, c.length)) == bytesOf(c.before));
    const std::string text = rep.toText();
    CHECK(text.find("UTF-8 read as windows-1252") != std::string::npos);
    CHECK(text.find("line endings in input: 0 LF, 2 CRLF, 0 CR") != std::string::npos);
}

// Found by fuzz_repair: invalid bytes read as windows-1252 around a stray BOM ("ï", U+FEFF,
// "»¿"); the BOM taken out leaves "ï»¿", which is EF BB BF read as ISO-8859-1, and the mojibake
// repair restores the BOM that the BOM step ran too early to take out. A second repair did.
TEST_CASE("a BOM the mojibake repair restores is stripped in the same repair") {
    RepairOptions o;
    o.invalid = ErrorPolicy::Cp1252;
    o.mojibake = true;
    o.bom = BomAction::Strip;
    const RepairResult r = run("\xEF\xEF\xBB\xBF\xBB\xBF\xC3\xC2\x8E", o);
    REQUIRE(r.status.ok());
    CHECK(r.text == "Î");
    const RepairReport& rep = r.report;
    CHECK(rep.counts[std::size_t(RepairKind::StrayBom)] == 1u);
    CHECK(rep.counts[std::size_t(RepairKind::Mojibake)] == 1u);
    CHECK(rep.counts[std::size_t(RepairKind::BomStripped)] == 1u);
    const RepairResult again = run(r.text, o);
    CHECK(bytesOf(again.text) == bytesOf(r.text));
    CHECK(again.report.total() == 0u);
}

TEST_CASE("the strict policy refuses invalid input, saying where") {
    RepairOptions o;
    o.invalid = ErrorPolicy::Strict;
    const RepairResult r = run("ab\xFF", o);
    CHECK(!r.status.ok());
    CHECK(r.text.empty());
    CHECK(r.status.message().find("offset 2") != std::string::npos);
    CHECK(r.status.failedWith(u8codec::ErrorCode::Invalid));
}

TEST_CASE("every step is idempotent: a second repair changes nothing") {
    for (int step = 0; step < 8; ++step) {
        const std::string stepName = std::to_string(step);
        SUBCASE(stepName.c_str()) {
            RepairOptions o;
            switch (step) {
            case 0:
                o.invalid = ErrorPolicy::Replace;
                break;
            case 1:
                o.invalid = ErrorPolicy::Cp1252;
                break;
            case 2:
                o.cesu = true;
                break;
            case 3:
                o.bom = BomAction::Add;
                break;
            case 4:
                o.lineEnding = LineEnding::CrLf;
                break;
            case 5:
                o.normalForm = NormalForm::Nfd;
                break;
            case 6:
                o.c1 = C1Action::Cp1252;
                break;
            default:
                o.mojibake = true;
                break;
            }
            std::string in = "\xEF\xBB\xBF"
                             "a\xC0\x80 \xED\xA0\xBD\xED\xB8\x80 CafÃ© \xE9\r\nx\ry\n\xEF\xBB\xBF"
                             "\xC2\x84\xC2\x8A"
                             "a\xC2\x93\n";
            for (const std::string& s : sentences())
                in += s + "\n";
            const RepairResult once = run(in, o);
            REQUIRE(once.status.ok());
            const RepairResult twice = run(once.text, o);
            REQUIRE(twice.status.ok());
            CHECK(bytesOf(twice.text) == bytesOf(once.text));
            // Nothing changes the second time (adding a BOM to text that has one is not a change).
            CHECK(twice.report.total() - twice.report.counts[std::size_t(RepairKind::BomAdded)] ==
                  0u);
        }
    }
}

TEST_CASE("clean text is left untouched by every step") {
    RepairOptions o;
    o.mojibake = true;
    o.cesu = true;
    o.normalForm = NormalForm::Nfc;
    o.bom = BomAction::Strip;
    std::string in;
    for (const std::string& s : sentences())
        in += s + "\n";
    const RepairResult r = run(in, o);
    CHECK(r.text == in);
    CHECK(r.report.total() == 0u);
}

// repair(std::string&&): a clean buffer becomes the result itself (no copy of a large file); a
// buffer that needs changes gives the same result as the copying form and is left as it was.
TEST_CASE("a clean buffer given up becomes the result itself; one with changes is left as it was") {
    RepairOptions o;
    o.mojibake = true;
    o.bom = BomAction::Strip;
    o.normalForm = NormalForm::Nfc;
    std::string clean(100000, 'x');
    clean += "Caf\xC3\xA9 \xE2\x80\x99 \xD0\x9F\xD1\x80\xD0\xB8\n";
    const std::string copy = clean;
    const void* const storage = clean.data();
    const RepairResult r = repair(std::move(clean), o);
    REQUIRE(r.status.ok());
    CHECK(r.report.total() == 0u);
    CHECK(bytesOf(r.text) == bytesOf(copy));
    CHECK(static_cast<const void*>(r.text.data()) == storage);

    const std::string broken = "Caf\xC3\x83\xC2\xA9 \xFF \xEF\xBB\xBFok";
    std::string given = broken;
    const RepairResult moved = repair(std::move(given), o);
    const RepairResult copied = repair(bytes(broken), o);
    REQUIRE(moved.status.ok());
    CHECK(moved.report.total() > 0);
    CHECK(bytesOf(moved.text) == bytesOf(copied.text));
    CHECK(moved.report.toJson() == copied.report.toJson());
    CHECK(bytesOf(given) == bytesOf(broken));
}

TEST_CASE("the repair reports progress about every MiB, and a cancel stops it") {
    // 3 MiB of damaged text: the mojibake step reports about every MiB, twice (two passes).
    std::string text;
    while (text.size() < (std::size_t(3) << 20))
        text += "Le cafÃ© est trÃ¨s bon. ";
    RepairOptions o;
    o.mojibake = true;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> calls;
    o.progress = [&](std::uint64_t done, std::uint64_t total) {
        calls.emplace_back(done, total);
        return true;
    };
    const RepairResult r = run(text, o);
    REQUIRE(r.status.ok());
    REQUIRE(calls.size() >= 6);
    for (std::size_t i = 0; i < calls.size(); ++i) {
        INFO("call " << i);
        CHECK(calls[i].second == std::uint64_t(text.size()));
        CHECK(calls[i].first <= calls[i].second);
        if (i > 0)
            CHECK(calls[i].first >= calls[i - 1].first);
    }
    CHECK(calls.back().first == std::uint64_t(text.size()));
    // Cancelled in the middle of the mojibake step: no text, the reason says so.
    int seen = 0;
    o.progress = [&](std::uint64_t, std::uint64_t) { return ++seen < 4; };
    const RepairResult c = run(text, o);
    CHECK(!c.status.ok());
    CHECK(c.status.failedWith(u8codec::ErrorCode::Cancelled));
    CHECK(c.text.empty());
    CHECK(seen == 4);
}

TEST_CASE("random buffers never break the contract: well-formed output, located changes") {
    // Random buffers built from pieces that stress every step: mojibake, CESU-8 halves, BOMs,
    // stray continuation and lead bytes, CR/LF, combining marks. Whatever the input, the output
    // is well-formed UTF-8, every change lies in the input (and the first steps' `before` is the
    // input at their offset), and a second repair changes nothing.
    const char* pieces[] = {"a",
                            " ",
                            "\r",
                            "\n",
                            "\r\n",
                            "\xC3",
                            "\xA9",
                            "\xC3\xA9",
                            "\xC3\x83",
                            "\xC2\xA9",
                            "\xE2\x80",
                            "\xE2\x80\x99",
                            "\xED\xA0\xBD",
                            "\xED\xB8\x80",
                            "\xC0\x80",
                            "\xEF\xBB\xBF",
                            "\xFF",
                            "\xF0\x9F",
                            "\xD0\xA0",
                            "\xD1\x9F",
                            "e\xCC\x81",
                            "\xE2\x80\x9C",
                            "\xC2\x81",
                            "\xC2\x84",
                            "\xC2\x8C",
                            "\xC2\x93",
                            "\xC2\xA0",
                            "\x80",
                            "\xBF",
                            "\xF4\x90\x80\x80",
                            "\xE0\x80\xAF"};
    std::mt19937 rng(20261122);
    RepairOptions o;
    o.cesu = true;
    o.mojibake = true;
    o.bom = BomAction::Strip;
    o.lineEnding = LineEnding::Lf;
    o.normalForm = NormalForm::Nfc;
    for (int round = 0; round < 2000; ++round) {
        std::string in;
        const int n = 1 + int(bounded(rng, 59)); // 1 to 59 pieces
        for (int k = 0; k < n; ++k)
            in += pieces[bounded(rng, std::uint32_t(std::size(pieces)))];
        o.invalid = round % 2 ? ErrorPolicy::Cp1252 : ErrorPolicy::Replace;
        // Half the rounds with every step, half with the mojibake repair alone.
        o.bom = round % 4 < 2 ? BomAction::Strip : BomAction::Keep;
        o.lineEnding = round % 4 < 2 ? std::optional(LineEnding::Lf) : std::nullopt;
        o.normalForm = round % 4 < 2 ? std::optional(NormalForm::Nfc) : std::nullopt;
        o.c1 = round % 3 == 0 ? C1Action::Keep : C1Action::Cp1252;
        INFO("round " << round << ", input " << u8test::hexOf(in));
        const RepairResult r = run(in, o);
        REQUIRE(r.status.ok());
        REQUIRE(scan(bytes(r.text)).valid());
        for (const RepairChange& c : r.report.changes) {
            REQUIRE(c.offset + c.length <= in.size());
            // Mojibake, C1 controls and normalisation may work on text an earlier step rewrote
            // (bytes reinterpreted as windows-1252 can read as mojibake, a C1 control can be the
            // mojibake repair's output): they then point at that change.
            if (c.kind != RepairKind::Normalization && c.kind != RepairKind::Mojibake &&
                c.kind != RepairKind::C1Control)
                REQUIRE(bytesOf(in.substr(c.offset, c.length)) == bytesOf(c.before));
        }
        const RepairResult again = run(r.text, o);
        REQUIRE(again.status.ok());
        REQUIRE(bytesOf(again.text) == bytesOf(r.text));
        REQUIRE(again.report.total() == 0u);
    }
}

// The pipeline's scan on two threads equals the scan: the halves' meeting point is moved over
// every byte of a mixture (a BOM, CR LF and lone CR and LF, each byte of 2-, 3- and 4-byte
// characters, every error kind, a lead cut short, a run of continuation bytes too long to find
// a cut in, a text ending in CR or inside a character).
TEST_CASE("the scan on two threads equals the scan, wherever the halves meet") {
    std::string mix = "\xEF\xBB\xBF"
                      "a\r\nb\rc\n\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"
                      "\xE0\x80\xAF\xED\xA0\x80\xF4\x90\x80\x80\xC0\xAF\xFF\xE2\x82 x\r";
    mix += std::string(70, '\x80');
    mix += "end\r\n\xC3";
    const std::string text = mix + mix + mix;
    for (std::size_t n = 1; n <= text.size(); ++n) {
        const std::string_view prefix(text.data(), n);
        const ScanSummary one = scan(bytes(prefix));
        for (const std::size_t minHalf : {std::size_t(1), std::size_t(5)}) {
            INFO("prefix of " << n << " bytes, halves of at least " << minHalf);
            const ScanSummary two = u8convert::detail::scanOnCores(bytes(prefix), minHalf);
            REQUIRE(two.toJson() == one.toJson());
            REQUIRE(two.lineFeeds == one.lineFeeds);
            REQUIRE(two.carriageReturns == one.carriageReturns);
        }
    }
}

} // namespace
