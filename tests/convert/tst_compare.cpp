// The comparison engine (u8convert/compare.h): every whole-file verdict on a pair that has it and
// on a pair that only looks like it; every hunk label likewise; the positions a hunk gives on
// both sides (also through UTF-16); the byte pass's runs; --ignore; a large generated pair with
// scattered edits; and the bound on the alignment's work.
#include "u8codec/byte_source.h"
#include "u8convert/compare.h"
#include "u8convert/normalize.h"
#include "u8test/harness.h"

#include <algorithm>
#include <random>

using namespace u8codec;
using namespace u8convert;

namespace {

std::span<const std::uint8_t> bytes(const std::string& b) {
    return {reinterpret_cast<const std::uint8_t*>(b.data()), b.size()};
}

CompareResult run(const std::string& a, const std::string& b, IgnoreMask ignore = 0) {
    CompareOptions o;
    o.ignore = ignore;
    return compareTexts(bytes(a), bytes(b), o);
}

// `s` with every `from` replaced by `to` (QByteArray::replace), in one pass.
std::string replaced(const std::string& s, std::string_view from, std::string_view to) {
    std::string out;
    out.reserve(s.size());
    std::size_t done = 0;
    for (auto at = s.find(from); at != std::string::npos; at = s.find(from, done)) {
        out.append(s, done, at - done);
        out += to;
        done = at + from.size();
    }
    out.append(s, done);
    return out;
}

// Well-formed UTF-8 as UTF-16 code units (pairs for the planes above the BMP).
std::u16string utf16Of(std::string_view utf8) {
    std::u16string out;
    for (std::size_t i = 0; i < utf8.size();) {
        const auto b = static_cast<unsigned char>(utf8[i]);
        const int n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
        char32_t cp = n == 1 ? b : n == 2 ? b & 0x1F : n == 3 ? b & 0x0F : b & 0x07;
        for (int k = 1; k < n; ++k)
            cp = cp << 6 | (static_cast<unsigned char>(utf8[i + std::size_t(k)]) & 0x3F);
        i += std::size_t(n);
        if (cp > 0xFFFF) {
            out += char16_t(0xD800 + ((cp - 0x10000) >> 10));
            out += char16_t(0xDC00 + ((cp - 0x10000) & 0x3FF));
        } else {
            out += char16_t(cp);
        }
    }
    return out;
}

// Text whose every character is in Latin-1, in Latin-1 (QString::toLatin1).
std::string latin1Of(std::string_view utf8) {
    std::string out;
    for (const char16_t c : utf16Of(utf8))
        out += char(c);
    return out;
}

std::string utf16le(const std::u16string& s, bool bom) {
    std::string out = bom ? std::string("\xFF\xFE", 2) : std::string();
    for (char16_t c : s) {
        out += char(c & 0xFF);
        out += char(c >> 8);
    }
    return out;
}

std::string utf16be(const std::u16string& s, bool bom) {
    std::string out = bom ? std::string("\xFE\xFF", 2) : std::string();
    for (char16_t c : s) {
        out += char(c >> 8);
        out += char(c & 0xFF);
    }
    return out;
}

std::string nameOf(HunkKind kind) {
    return std::string(name(kind));
}

// The stages seen, named: "bytes; texts; ...".
std::string stagesText(const std::vector<CompareStage>& stages) {
    std::string out;
    for (CompareStage s : stages)
        out += std::string(name(s)) + "; ";
    return out;
}

MemorySource sourceOf(const std::string& b) {
    return MemorySource({b.begin(), b.end()});
}

// The first `n` hunks of two results are the same: kind, label, and both sides' places and text.
void compareHunks(const std::vector<CompareHunk>& got, const std::vector<CompareHunk>& expected,
                  std::size_t n) {
    REQUIRE((got.size() >= n && expected.size() >= n));
    for (std::size_t k = 0; k < n; ++k) {
        INFO("hunk ", k);
        const CompareHunk &g = got[k], &e = expected[k];
        REQUIRE(nameOf(g.kind) == nameOf(e.kind));
        REQUIRE(g.label == e.label);
        for (const auto& [x, y] : {std::pair{&g.a, &e.a}, std::pair{&g.b, &e.b}}) {
            INFO((x == &g.a ? "side A" : "side B"));
            REQUIRE(x->offset == y->offset);
            REQUIRE(x->length == y->length);
            REQUIRE(x->line == y->line);
            REQUIRE(x->column == y->column);
            REQUIRE(x->text == y->text);
        }
    }
}

const std::string kText =
    "Le café est prêt.\nUne deuxième ligne, assez longue pour la détection.\n";

struct VerdictRow {
    const char* name;
    std::string a, b;
    CompareVerdict verdict;
    std::string words; // a part of the verdict's text
};

std::vector<VerdictRow> verdictRows() {
    const std::u16string text = utf16Of(kText);
    const std::string crlf = replaced(kText, "\n", "\r\n");
    const std::string nfd = replaced(kText, "é", "e\xCC\x81");
    const std::string trailing = replaced(kText, "\n", "  \t\n");
    return {
        {"same bytes", kText, kText, CompareVerdict::SameBytes, "same bytes"},
        {"one byte off", kText, replaced(kText, "Le", "La"), CompareVerdict::Differ, "differ"},
        {"UTF-16LE", kText, utf16le(text, false), CompareVerdict::SameTextOtherEncoding,
         "B is UTF-16LE"},
        {"UTF-16BE with BOM", kText, utf16be(text, true), CompareVerdict::SameTextOtherEncoding,
         "B is UTF-16BE with BOM"},
        {"UTF-16LE, other text", kText, utf16le(text.substr(0, 20) + u"X" + text.substr(21), false),
         CompareVerdict::Differ, "B is UTF-16LE"},
        {"windows-1252", kText, latin1Of(kText), CompareVerdict::SameTextOtherEncoding,
         "A is UTF-8"},
        {"BOM", kText, "\xEF\xBB\xBF" + kText, CompareVerdict::OnlyBom, "B starts with one"},
        {"BOM and an edit", kText, "\xEF\xBB\xBF" + replaced(kText, "Le", "La"),
         CompareVerdict::Differ, "differ"},
        {"line endings", kText, crlf, CompareVerdict::OnlyLineEndings,
         "A has 2 LF, 0 CRLF, 0 CR; B has 0 LF, 2 CRLF, 0 CR"},
        {"line endings and an edit", kText, replaced(crlf, "Le", "La"), CompareVerdict::Differ,
         "differ"},
        {"NFD", kText, nfd, CompareVerdict::OnlyNormalForm,
         "A is NFC (0 places not NFC, 4 not NFD); B is mixed (2 places not NFC, 2 not NFD)"},
        {"accent lost", kText, replaced(kText, "é", "e"), CompareVerdict::Differ, "differ"},
        {"trailing space", kText, trailing, CompareVerdict::OnlyTrailingSpace,
         "0 lines of A and 2 of B"},
        {"leading space", kText, " " + kText, CompareVerdict::Differ, "differ"},
        {"mojibake", kText, replaced(kText, "é", "Ã©"), CompareVerdict::BIsAWithMojibake,
         "UTF-8 read as windows-1252, 2 places"},
        {"mojibake in A", "AÃ§Ã£o rÃ¡pida\n", "Ação rápida\n", CompareVerdict::AIsBWithMojibake,
         "A is B with mojibake: UTF-8 read as windows-1252"},
        {"only looks like mojibake", kText, replaced(kText, "é", "Ã"), CompareVerdict::Differ,
         "differ"},
    };
}

TEST_CASE("each whole-file verdict on a pair that has it and on one that only looks like it") {
    for (const VerdictRow& row : verdictRows()) {
        SUBCASE(row.name) {
            const CompareResult r = run(row.a, row.b);
            REQUIRE(r.status.ok());
            REQUIRE(int(r.verdict) == int(row.verdict));
            INFO("looking for \"", row.words, "\" in: ", r.verdictText);
            REQUIRE(r.verdictText.find(row.words) != std::string::npos);
            CHECK((r.hunkCount == 0) == (row.verdict != CompareVerdict::Differ));
        }
    }
}

// With hunksWithVerdict (the window's marks), a verdict keeps its words and the places it
// sums up are listed, each of the verdict's kind; without it, none (the verdicts above).
TEST_CASE("the hunks behind each verdict") {
    for (const VerdictRow& row : verdictRows()) {
        SUBCASE(row.name) {
            CompareOptions o;
            o.hunksWithVerdict = true;
            const CompareResult r = compareTexts(bytes(row.a), bytes(row.b), o);
            REQUIRE(int(r.verdict) == int(row.verdict));
            REQUIRE(r.verdictText == run(row.a, row.b).verdictText);
            const auto only = [&](HunkKind kind) {
                return !r.hunks.empty() &&
                       std::all_of(r.hunks.begin(), r.hunks.end(),
                                   [&](const auto& h) { return h.kind == kind; });
            };
            switch (row.verdict) {
            case CompareVerdict::SameBytes:
                CHECK(r.hunkCount == 0u);
                break;
            case CompareVerdict::OnlyBom:
                REQUIRE(only(HunkKind::ByteOrderMark));
                CHECK(r.hunks.front().b.length == 3u);
                break;
            case CompareVerdict::OnlyLineEndings:
                REQUIRE(only(HunkKind::LineEnding));
                CHECK(r.hunkCount == 2u);
                break;
            case CompareVerdict::OnlyNormalForm:
                CHECK(only(HunkKind::NormalForm));
                break;
            case CompareVerdict::BIsAWithMojibake:
            case CompareVerdict::AIsBWithMojibake:
                CHECK(only(HunkKind::EncodingDamage));
                break;
            case CompareVerdict::OnlyTrailingSpace:
            case CompareVerdict::Differ:
                CHECK(r.hunkCount > 0);
                break;
            default: // the same text: nothing to mark but a byte order mark of one side
                CHECK((r.hunks.empty() || only(HunkKind::ByteOrderMark)));
            }
        }
    }
}

// A line the normaliser refuses (a run of combining accents over kMaxUnboundedRun) is
// compared as it is: two such lines that differ are an edit, not a change of normal form
// (they were both "" once normalised, before the refusal was a Result).
TEST_CASE("a line the normaliser refuses is compared as it is") {
    std::string accents;
    for (std::size_t i = 0; i <= u8convert::kMaxUnboundedRun; ++i)
        accents += "\xCC\x81";
    const std::string a = "a" + accents + "\nkept\n", b = "b" + accents + "\nkept\n";
    const CompareResult r = run(a, b);
    INFO(r.status.message());
    REQUIRE(r.status.ok());
    REQUIRE(int(r.verdict) == int(CompareVerdict::Differ));
    REQUIRE(r.hunkCount == 1u);
    CHECK(nameOf(r.hunks.front().kind) == nameOf(HunkKind::TextEdit));
    // Such a line against itself is no difference.
    CHECK(int(run(a, a).verdict) == int(CompareVerdict::SameBytes));
}

TEST_CASE("each hunk label on a pair that has it and on one that only looks like it") {
    // Each pair differs in a second place too, so that no whole-file verdict holds.
    const std::string tail = "\nkept\nzzzz\n", other = "\nkept\nyyyy\n";
    const struct {
        const char* name;
        std::string a, b;
        HunkKind kind;
        const char* label;
    } rows[] = {
        {"zero width space", "a line" + tail, "a \xE2\x80\x8Bline" + other,
         HunkKind::InvisibleInserted, "U+200B ZERO WIDTH SPACE inserted"},
        {"word joiner removed", "a\xE2\x81\xA0line" + tail, "aline" + other,
         HunkKind::InvisibleRemoved, "U+2060 WORD JOINER removed"},
        {"a space inserted", "a line" + tail, "a  line" + other, HunkKind::TextEdit, "inserted"},
        {"Cyrillic a", "cat says" + tail, "c\xD0\xB0t says" + other, HunkKind::Lookalike,
         "'a' U+0061 LATIN SMALL LETTER A -> 'а' U+0430 CYRILLIC SMALL LETTER A"},
        {"b for a", "cat says" + tail, "cbt says" + other, HunkKind::TextEdit, "replaced"},
        {"decomposed", "un café noir" + tail, "un cafe\xCC\x81 noir" + other, HunkKind::NormalForm,
         "NFC -> NFD"},
        {"accent dropped", "un café noir" + tail, "un cafe noir" + other, HunkKind::TextEdit,
         "replaced"},
        {"CR LF", "one\ntwo" + tail, "one\r\ntwo" + other, HunkKind::LineEnding, "LF -> CR LF"},
        {"invalid byte", "thé, caf\xC3\xA9 ok" + tail, "thé, caf\xC3\x28 ok" + other,
         HunkKind::EncodingDamage, "invalid UTF-8 in B"},
        {"mojibake line", "un café noir et un thé" + tail, "un cafÃ© noir et un thÃ©" + other,
         HunkKind::EncodingDamage, "mojibake in B: UTF-8 read as windows-1252"},
        {"real Ã", "un café noir" + tail, "un cafÃ noir" + other, HunkKind::TextEdit, "replaced"},
    };
    for (const auto& row : rows) {
        SUBCASE(row.name) {
            const CompareResult r = run(row.a, row.b);
            REQUIRE(int(r.verdict) == int(CompareVerdict::Differ));
            REQUIRE(r.hunkCount == 2u);
            REQUIRE(nameOf(r.hunks.front().kind) == nameOf(row.kind));
            INFO(r.hunks.front().label);
            REQUIRE(r.hunks.front().label.find(row.label) != std::string::npos);
            CHECK(nameOf(r.hunks.back().kind) == nameOf(HunkKind::TextEdit));
        }
    }
}

// Both sides' line, column (characters) and byte offsets; a UTF-16 side counts its own bytes.
TEST_CASE("the positions of a hunk on both sides, also through UTF-16") {
    const CompareResult r =
        run("é first\nsecond é a\nthird\nfourth\n", "é first\nsecond é \xD0\xB0\nthird\nFOURTH\n");
    REQUIRE(r.hunkCount == 2u);
    const CompareHunk& h = r.hunks.front();
    CHECK(h.a.line == 2u);
    CHECK(h.a.column == 10u);
    CHECK(h.a.offset == 19u);
    CHECK(h.a.length == 1u);
    CHECK(h.b.offset == 19u);
    CHECK(h.b.length == 2u);

    const std::u16string b = utf16Of("é first\nsecond é b\n");
    const CompareResult u = run("é first\nsecond é a\n", utf16le(b, true));
    REQUIRE(u.hunkCount == 2u); // the byte order mark, then the edit
    CHECK(nameOf(u.hunks.front().kind) == nameOf(HunkKind::ByteOrderMark));
    const CompareHunk& e = u.hunks.back();
    CHECK(e.b.offset == 2u + 2 * 17); // BOM, then 17 characters
    CHECK(e.b.length == 2u);
    CHECK(e.b.line == 2u);
    CHECK(e.b.column == 10u);
}

TEST_CASE("--ignore sets kinds of difference aside, and what is left is still found") {
    const std::string crlf = replaced(kText, "\n", " \r\n");
    const IgnoreMask eol = ignoreBit(IgnoreKind::LineEndings);
    const IgnoreMask space = ignoreBit(IgnoreKind::TrailingSpace);
    CHECK(int(run(kText, crlf).verdict) == int(CompareVerdict::Differ));
    CHECK(int(run(kText, crlf, eol).verdict) == int(CompareVerdict::OnlyTrailingSpace));
    const CompareResult both = run(kText, crlf, eol | space);
    CHECK(int(both.verdict) == int(CompareVerdict::SameIgnoring));
    INFO(both.verdictText);
    CHECK(both.verdictText.find("eol, trailing-space") != std::string::npos);
    // What is left after ignoring is still found, and only that.
    const CompareResult left = run(kText, replaced(crlf, "Le", "La"), eol | space);
    REQUIRE(left.hunkCount == 1u);
    CHECK(left.hunks.front().a.text == std::string("e"));
    // Only a byte order mark, set aside: nothing is left.
    const CompareResult bom = run(kText, "\xEF\xBB\xBF" + kText, ignoreBit(IgnoreKind::Bom));
    CHECK(int(bom.verdict) == int(CompareVerdict::SameIgnoring));
    const CompareResult bomAndEdit =
        run(kText, "\xEF\xBB\xBF" + replaced(kText, "Le", "La"), ignoreBit(IgnoreKind::Bom));
    REQUIRE(bomAndEdit.hunkCount == 1u);
    CHECK(nameOf(bomAndEdit.hunks.front().kind) == nameOf(HunkKind::TextEdit));
    const auto parsed = parseIgnoreList("bom,nf");
    REQUIRE(parsed.ok());
    CHECK(*parsed == IgnoreMask(ignoreBit(IgnoreKind::Bom) | ignoreBit(IgnoreKind::NormalForm)));
    const auto bad = parseIgnoreList("eol,crlf");
    REQUIRE(!bad.ok());
    CHECK(bad.error().code == u8codec::ErrorCode::Invalid);
    CHECK(bad.message() == "crlf");
}

TEST_CASE("the byte pass's runs") {
    std::vector<std::uint8_t> a(3 << 20, 'x'), b = a;
    // Runs on both sides of the byte pass's 1 MiB chunk boundary join into one.
    for (std::size_t i = (1 << 20) - 2; i < (1 << 20) + 3; ++i)
        b[i] = 'y';
    b[10] = 'z';
    b.push_back('!');
    const CompareResult r = compareBytes(MemorySource(a), MemorySource(b));
    REQUIRE(r.status.ok());
    REQUIRE(r.byteRunCount == 2u);
    CHECK(r.byteRuns[0].offset == 10u);
    CHECK(r.byteRuns[1].offset == std::uint64_t((1 << 20) - 2));
    CHECK(r.byteRuns[1].length == 5u);
    CHECK(r.differingBytes == 6u);
    CHECK(r.firstDifference == 10u);
    CHECK(int(r.verdict) == int(CompareVerdict::Differ));
    const CompareResult same = compareBytes(MemorySource(a), MemorySource(a));
    CHECK(int(same.verdict) == int(CompareVerdict::SameBytes));
    // A prefix differs where it ends.
    b = a;
    b.pop_back();
    CHECK(compareBytes(MemorySource(a), MemorySource(b)).firstDifference ==
          std::uint64_t(a.size() - 1));
}

// 20,000 lines, 300 of them edited at scattered places: each found, on its line.
TEST_CASE("300 scattered edits in 20,000 lines are each found on their line") {
    std::string a, b;
    std::vector<int> edited;
    for (int i = 0; i < 20000; ++i) {
        const std::string line = "line " + std::to_string(i) + " of the generated text é\n";
        a += line;
        if (i % 67 == 13 && edited.size() < 300) {
            edited.push_back(i);
            b += replaced(line, "generated", "GENERATED");
        } else {
            b += line;
        }
    }
    const CompareResult r = run(a, b);
    REQUIRE(r.hunkCount == std::uint64_t(edited.size()));
    CHECK(r.note.empty());
    for (std::size_t k = 0; k < edited.size(); ++k) {
        INFO("hunk ", k);
        REQUIRE(r.hunks[k].a.line == std::uint64_t(edited[k] + 1));
        REQUIRE(r.hunks[k].b.text == std::string("GENERATED"));
    }
}

// Each verdict compares both texts rewritten a piece (4 MiB, to a line's end) at a time, up
// to their first difference: a piece that rewrites to nothing (blanks after the last line
// break, past a piece's end) is read past, and a difference in a later piece is still seen.
TEST_CASE("verdicts across the pieces the texts are rewritten in") {
    std::string a;
    const std::string line = "a line of text for the pieces, é\n";
    // The first piece ends at A's last line break: B's blanks after it are a piece alone.
    while (a.size() < (4 << 20))
        a += line;
    const CompareResult blanks = run(a, a + "   \t ");
    CHECK(int(blanks.verdict) == int(CompareVerdict::OnlyTrailingSpace));
    const std::string crlf = replaced(a, "\n", "\r\n");
    CHECK(int(run(a, crlf).verdict) == int(CompareVerdict::OnlyLineEndings));
    std::string late = crlf;
    late.replace(late.size() - 20, 1, "E"); // in the second piece only
    const CompareResult changed = run(a, late);
    CHECK(int(changed.verdict) == int(CompareVerdict::Differ));
}

// Past the bound on work the alignment gives up, says so, and still reports the change.
TEST_CASE("past the bound on work the alignment gives up and still reports the change") {
    std::string a, b;
    for (int i = 0; i < 200; ++i) {
        a += "a" + std::to_string(i) + "\n";
        b += "b" + std::to_string(i) + "\n";
    }
    CompareOptions o;
    o.maxEditCost = 50;
    const CompareResult r = compareTexts(bytes(a), bytes(b), o);
    INFO(r.note);
    CHECK(r.note.find("gave up") != std::string::npos);
    REQUIRE(r.hunkCount == 1u);
    CHECK(r.hunks.front().a.length == std::uint64_t(a.size()));
}

// Over the text limit, two UTF-8 files are aligned window by window as they are read: the
// same hunks, at the same offsets and lines, as the alignment in memory finds, also where
// edits insert and delete lines (the windows then start at different offsets).
TEST_CASE("streamed alignment equals the alignment in memory") {
    std::string a, b;
    for (int i = 0; i < 60000; ++i) {
        const std::string line = "row " + std::to_string(i) + " – the text goes on é\n";
        a += line;
        if (i % 997 == 5)
            b += replaced(line, "text", "TEXT");
        else if (i % 1499 == 7)
            b += line + "an inserted line\n";
        else if (i % 2011 == 9)
            continue; // deleted
        else if (i % 3001 == 11)
            b += replaced(line, "é", "e\xE2\x80\x8B");
        else
            b += line;
    }
    const std::vector<std::uint8_t> va(a.begin(), a.end()), vb(b.begin(), b.end());
    const CompareResult held = run(a, b);
    CompareOptions o;
    o.textLimit = 1024;
    const CompareResult streamed = compareSources(MemorySource(va), MemorySource(vb), o);
    REQUIRE(streamed.status.ok());
    INFO(streamed.note);
    REQUIRE(streamed.note.empty());
    REQUIRE(held.hunkCount > 100);
    REQUIRE(streamed.hunkCount == held.hunkCount);
    compareHunks(streamed.hunks, held.hunks, held.hunks.size());
}

// A changed block too large to label character by character is one hunk, still told
// apart as invalid UTF-8 or not.
TEST_CASE("a changed block too large to label is one hunk, told apart as invalid UTF-8 or not") {
    std::string a, b;
    for (int i = 0; i < 3000; ++i) {
        a += "a" + std::to_string(i) + " line of the first text\n";
        b += "b" + std::to_string(i) + " LINE OF THE OTHER TEXT\n";
    }
    CompareOptions o;
    o.maxEditCost = 100;
    const CompareResult r = compareTexts(bytes(a), bytes(b), o);
    REQUIRE(r.hunkCount == 1u);
    CHECK(nameOf(r.hunks.front().kind) == nameOf(HunkKind::TextEdit));
    const CompareResult bad = compareTexts(bytes(a), bytes(b + "caf\xC3\xA9 \xC0\xAF\n"), o);
    REQUIRE(bad.hunkCount == 1u);
    CHECK(nameOf(bad.hunks.front().kind) == nameOf(HunkKind::EncodingDamage));
    INFO(bad.hunks.front().label);
    CHECK(bad.hunks.front().label.find("overlong") != std::string::npos);
}

// Over the text limit, the verdicts a streamed reading can give: only the BOM, only line
// endings (with their counts), only trailing whitespace, the same once --ignore's kinds are
// set aside; and not given to a pair that also differs otherwise.
TEST_CASE("the verdicts of a streamed reading") {
    std::string text;
    for (int i = 0; i < 100000; ++i)
        text += "line " + std::to_string(i) + " caf\xC3\xA9\n";
    const std::string crlf = replaced(text, "\n", "\r\n");
    const std::string blanks = replaced(text, "\xC3\xA9\n", "\xC3\xA9 \t\n");
    const std::string both = replaced(text, "\xC3\xA9\n", "\xC3\xA9 \r\n");
    const auto streamed = [](const std::string& a, const std::string& b, IgnoreMask ignore) {
        CompareOptions o;
        o.textLimit = 4096;
        o.ignore = ignore;
        return compareSources(sourceOf(a), sourceOf(b), o);
    };
    const CompareResult eol = streamed(text, crlf, 0);
    CHECK(int(eol.verdict) == int(CompareVerdict::OnlyLineEndings));
    CHECK(eol.hunkCount == 0u);
    {
        // Three lines in CR LF: the verdict, and its three places marked.
        std::string few = text;
        for (const char* line : {"line 10 ", "line 50000 ", "line 99999 "}) {
            const std::size_t at = few.find('\n', few.find(line));
            few.replace(at, 1, "\r\n");
        }
        CompareOptions o;
        o.textLimit = 4096;
        o.hunksWithVerdict = true;
        const CompareResult marked = compareSources(sourceOf(text), sourceOf(few), o);
        CHECK(int(marked.verdict) == int(CompareVerdict::OnlyLineEndings));
        REQUIRE(marked.hunkCount == 3u);
        for (const CompareHunk& h : marked.hunks)
            CHECK(int(h.kind) == int(HunkKind::LineEnding));
        CHECK(marked.hunks[1].b.offset == marked.hunks[1].a.offset + 1);
        // Every line in CR LF is more than the alignment's bound: the verdict holds every
        // line in place, so the lines are paired and every place is found, the first
        // maxHunks listed, streamed and in memory alike.
        const CompareResult all = compareSources(sourceOf(text), sourceOf(crlf), o);
        CompareOptions inMemory;
        inMemory.hunksWithVerdict = true;
        const CompareResult held = compareTexts(bytes(text), bytes(crlf), inMemory);
        for (const CompareResult* r : {&all, &held}) {
            INFO((r == &all ? "streamed" : "in memory"));
            REQUIRE(int(r->verdict) == int(CompareVerdict::OnlyLineEndings));
            INFO(r->note);
            REQUIRE(r->note.empty());
            REQUIRE(r->hunkCount == 100000u);
            REQUIRE(r->hunks.size() == inMemory.maxHunks);
            for (std::size_t k = 0; k < r->hunks.size(); k += 97) {
                INFO("hunk ", k);
                const CompareHunk& h = r->hunks[k];
                REQUIRE(int(h.kind) == int(HunkKind::LineEnding));
                REQUIRE(h.label == std::string("LF -> CR LF"));
                REQUIRE(h.a.line == std::uint64_t(k + 1));
                REQUIRE(h.a.offset ==
                        std::uint64_t(
                            text.find('\n', k ? text.find("line " + std::to_string(k) + " ") : 0)));
                REQUIRE(h.b.offset == h.a.offset + k);
                REQUIRE(h.b.length == 2u);
            }
        }
        // Without a verdict the lines are not paired: the same pair with an edit is past the
        // bound, one block and a note saying the alignment gave up.
        const std::string edited = replaced(crlf, "line 500 ", "line 500!");
        const CompareResult differ = compareTexts(bytes(text), bytes(edited), inMemory);
        CHECK(int(differ.verdict) == int(CompareVerdict::Differ));
        CHECK(differ.hunkCount == 1u);
        INFO(differ.note);
        CHECK(differ.note.find("gave up") != std::string::npos);
    }
    {
        INFO(eol.verdictText);
        CHECK(eol.verdictText.find("A has 100000 LF, 0 CRLF, 0 CR; B has 0 LF, 100000 CRLF") !=
              std::string::npos);
    }
    const CompareResult blank = streamed(text, blanks, 0);
    CHECK(int(blank.verdict) == int(CompareVerdict::OnlyTrailingSpace));
    CHECK(blank.verdictText.find("0 lines of A and 100000 of B") != std::string::npos);
    CHECK(int(streamed(text, "\xEF\xBB\xBF" + text, 0).verdict) == int(CompareVerdict::OnlyBom));
    CHECK(int(streamed(text, both, 0).verdict) == int(CompareVerdict::Differ));
    const IgnoreMask eolAndBlanks =
        ignoreBit(IgnoreKind::LineEndings) | ignoreBit(IgnoreKind::TrailingSpace);
    CHECK(int(streamed(text, both, eolAndBlanks).verdict) == int(CompareVerdict::SameIgnoring));
    const std::string edited = replaced(crlf, "line 77777 ", "line 77777!");
    CHECK(int(streamed(text, edited, 0).verdict) == int(CompareVerdict::Differ));
    const CompareResult left = streamed(text, edited, ignoreBit(IgnoreKind::LineEndings));
    CHECK(int(left.verdict) == int(CompareVerdict::Differ));
    REQUIRE(left.hunkCount == 1u);
    CHECK(left.hunks.front().a.line == 77778u);
}

// Files of 16 MiB and more in two encodings are first compared as decoded streams: the
// same text is told in bounded memory, also past the text limit; a pair that differs goes on
// to the hunks.
TEST_CASE("the same text in two encodings is told streamed") {
    std::string u8;
    std::size_t units = 0; // UTF-16 code units so far (QString::size)
    for (int i = 0; units < (9 << 20); ++i) {
        const std::string line =
            "ligne " + std::to_string(i) + " : caf\u00e9, \u041f\u0440\u0438 \U0001F600\n";
        u8 += line;
        units += utf16Of(line).size();
    }
    const std::string u16 = utf16le(utf16Of(u8), false);
    REQUIRE(u16.size() == 2 * units);
    CompareOptions o;
    o.textLimit = 1 << 20;
    const CompareResult same = compareSources(sourceOf(u8), sourceOf("\xFF\xFE" + u16), o);
    CHECK(int(same.verdict) == int(CompareVerdict::SameTextOtherEncoding));
    CHECK(same.b.encoding == std::string("UTF-16LE"));
    CHECK(same.b.bom);
    std::string edited = u16;
    edited[edited.size() / 2] = 'X'; // the low byte of a character in the middle
    const CompareResult other = compareSources(sourceOf(u8), sourceOf(edited));
    CHECK(int(other.verdict) == int(CompareVerdict::Differ));
    CHECK(other.hunkCount == 1u);
}

// Streamed, a file that goes on past the other's end: the rest is one hunk.
TEST_CASE("streamed, a file that goes on past the other's end: the rest is one hunk") {
    std::vector<std::uint8_t> a;
    for (int i = 0; i < 20000; ++i)
        for (char ch : "a line of text\n")
            if (ch)
                a.push_back(std::uint8_t(ch));
    std::vector<std::uint8_t> b = a;
    for (int i = 0; i < 3; ++i)
        for (char ch : "more\n")
            if (ch)
                b.push_back(std::uint8_t(ch));
    CompareOptions o;
    o.textLimit = 1024;
    for (const bool swapped : {false, true}) {
        INFO((swapped ? "B, A" : "A, B"));
        const CompareResult r = swapped ? compareSources(MemorySource(b), MemorySource(a), o)
                                        : compareSources(MemorySource(a), MemorySource(b), o);
        INFO(r.note);
        CHECK(r.note.empty());
        REQUIRE(r.hunkCount == 1u);
        const HunkSide& longer = swapped ? r.hunks.front().a : r.hunks.front().b;
        CHECK(longer.offset == std::uint64_t(a.size()));
        CHECK(longer.length == 15u);
        CHECK(longer.line == 20001u);
    }
}

// Under a verdict the lines are paired, and a line whose change is a small run of ASCII
// (a CR, blanks) takes a short cut past the alignment of its characters: the places are
// the ones the alignment finds. Each pair here holds a verdict; the same pair with one more
// edit at its end holds none, and is aligned: its hunks but the last must be the same (the
// lines that change are kept apart, so that the alignment's blocks are single lines).
TEST_CASE("paired lines give the places the alignment finds") {
    const std::string bodies[] = {"plain words",
                                  "caf\xC3\xA9 au lait",
                                  "cafe\xCC\x81",
                                  "\xCE\xBB\xCF\x8C\xCE\xB3\xCE\xBF\xCF\x82 x",
                                  "",
                                  "  indented",
                                  "e\xCC\x81\xCC\xA3"};
    std::mt19937 rng(36);
    std::string a, eol, blanks, nfd;
    for (int i = 0; i < 400; ++i) {
        const std::string body = bodies[rng() % std::size(bodies)] + std::to_string(i % 3);
        const std::size_t breakA = rng() % 3, breakB = rng() % 3;
        const std::string breaks[] = {"\n", "\r\n", "\r"};
        const std::string tails[] = {"", " ", "\t", "  \t"};
        const std::string tailA = tails[rng() % 4];
        const std::string tailB = tails[rng() % 4];
        a += body + tailA + breaks[breakA];
        eol += body + tailA + breaks[breakB];
        blanks += body + tailB + breaks[breakA];
        nfd += replaced(body, "caf\xC3\xA9", "cafe\xCC\x81") + tailA + breaks[breakA];
        // An unchanged line between two that may change: the alignment's blocks are then
        // single lines, as the pairs are.
        const std::string kept = "kept line " + std::to_string(i) + "\n";
        for (std::string* text : {&a, &eol, &blanks, &nfd})
            *text += kept;
    }
    const struct {
        const char* name;
        const std::string& b;
        CompareVerdict verdict;
    } rows[] = {
        {"line endings", eol, CompareVerdict::OnlyLineEndings},
        {"trailing blanks", blanks, CompareVerdict::OnlyTrailingSpace},
        {"normal form", nfd, CompareVerdict::OnlyNormalForm},
    };
    for (const auto& row : rows) {
        SUBCASE(row.name) {
            CompareOptions o;
            o.hunksWithVerdict = true;
            const CompareResult paired = compareTexts(bytes(a), bytes(row.b), o);
            REQUIRE(int(paired.verdict) == int(row.verdict));
            const CompareResult aligned = compareTexts(bytes(a), bytes(row.b + "an edit\n"), o);
            REQUIRE(int(aligned.verdict) == int(CompareVerdict::Differ));
            INFO(aligned.note);
            REQUIRE(aligned.note.empty());
            REQUIRE(paired.hunkCount > 50);
            REQUIRE(paired.hunkCount + 1 == aligned.hunkCount);
            compareHunks(paired.hunks, aligned.hunks, paired.hunks.size());
        }
    }
}

// The stages a comparison goes through, in order: equal files never leave the byte pass.
TEST_CASE("the stages a comparison goes through, in order") {
    std::string a, b;
    for (int i = 0; i < 2000; ++i) {
        a += "line " + std::to_string(i) + "\n";
        b += "line " + std::to_string(i) + (i == 1500 ? "!\n" : "\n");
    }
    std::vector<CompareStage> seen;
    CompareOptions o;
    o.stage = [&](CompareStage s) { seen.push_back(s); };
    const CompareResult r = compareSources(sourceOf(a), sourceOf(b), o);
    CHECK(r.hunkCount == 1u);
    CHECK(stagesText(seen) ==
          stagesText({CompareStage::Bytes, CompareStage::Texts, CompareStage::Aligning}));
    seen.clear();
    const CompareResult same = compareSources(sourceOf(a), sourceOf(a), o);
    CHECK((same.status.ok() && same.verdict == CompareVerdict::SameBytes));
    CHECK(stagesText(seen) == stagesText({CompareStage::Bytes}));
    CHECK(std::string(name(CompareStage::Aligning)) == "aligning the texts");
}

// The alignment asks options.progress as it goes, between blocks and inside the search of a
// long one: a "no" there stops it (nothing is reported but that it was cancelled); always
// "yes", it runs to its end. In memory, streamed, and in one long search.
TEST_CASE("cancelled while aligning") {
    std::string a, b, rewrittenA, rewrittenB;
    for (int i = 0; i < 20000; ++i) {
        const std::string line = "line " + std::to_string(i) + " of the text\n";
        a += line;
        b += i % 50 == 7 ? replaced(line, "text", "TEXT") : line;
    }
    for (int i = 0; i < 3000; ++i) {
        rewrittenA += "a" + std::to_string(i) + "\n";
        rewrittenB += "b" + std::to_string(i) + "\n";
    }
    const struct {
        const char* name;
        const std::string& a;
        const std::string& b;
        std::uint64_t textLimit; // 0: the default
        std::uint64_t maxEditCost;
    } rows[] = {
        {"in memory", a, b, 0, 2000},
        {"streamed", a, b, 1024, 2000},
        {"one long search", rewrittenA, rewrittenB, 0, 100000},
    };
    for (const auto& row : rows) {
        SUBCASE(row.name) {
            const auto runStoppingAt = [&](int stopAt, int& asked) {
                CompareOptions o;
                o.textLimit = row.textLimit ? row.textLimit : o.textLimit;
                o.maxEditCost = row.maxEditCost;
                bool aligning = false;
                asked = 0;
                o.stage = [&](CompareStage s) { aligning = s == CompareStage::Aligning; };
                o.progress = [&](std::uint64_t, std::uint64_t) {
                    return !aligning || ++asked != stopAt;
                };
                return compareSources(sourceOf(row.a), sourceOf(row.b), o);
            };
            int asked = 0;
            const CompareResult full = runStoppingAt(-1, asked);
            REQUIRE(full.status.ok());
            REQUIRE(!full.status.failedWith(u8codec::ErrorCode::Cancelled));
            REQUIRE(full.hunkCount > 0);
            REQUIRE(asked > 40); // asked all along the way
            const CompareResult stopped = runStoppingAt(20, asked);
            REQUIRE(asked == 20);
            CHECK(!stopped.status.ok());
            CHECK(stopped.status.failedWith(u8codec::ErrorCode::Cancelled));
            CHECK(stopped.status.message() == std::string("cancelled"));
            CHECK(stopped.hunks.empty());
            CHECK(stopped.hunkCount == 0u);
        }
    }
}

// Files held in memory are read, counted and rewritten for the verdicts in pieces, with
// options.progress asked between them: a "no" while the texts are read stops the
// comparison there; always "yes", it goes on to its verdict.
TEST_CASE("cancelled while reading the texts") {
    std::string a, b;
    for (int i = 0; a.size() < (12 << 20); ++i) {
        const std::string line = "line " + std::to_string(i) + " of a long text, caf\xC3\xA9\n";
        a += line;
        b += replaced(line, "\xC3\xA9", "e\xCC\x81");
    }
    const auto runStoppingAt = [&](int stopAt, int& asked) {
        CompareOptions o;
        bool reading = false;
        asked = 0;
        o.stage = [&](CompareStage s) { reading = s == CompareStage::Texts; };
        o.progress = [&](std::uint64_t, std::uint64_t) { return !reading || ++asked != stopAt; };
        return compareSources(sourceOf(a), sourceOf(b), o);
    };
    int asked = 0;
    const CompareResult full = runStoppingAt(-1, asked);
    REQUIRE(int(full.verdict) == int(CompareVerdict::OnlyNormalForm));
    REQUIRE(asked > 10);
    const CompareResult stopped = runStoppingAt(8, asked);
    REQUIRE(asked == 8);
    CHECK(stopped.status.failedWith(u8codec::ErrorCode::Cancelled));
    CHECK(!stopped.status.ok());
    CHECK(stopped.verdictText.empty());
}

// Binary data (a signature, NUL bytes) is compared by its bytes, with a note naming the
// side and why; a text with the same two edits gets its hunks.
TEST_CASE("binary data is compared by its bytes, with a note") {
    std::string png("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16);
    for (int i = 0; i < 4000; ++i)
        png += char(i * 7 % 256);
    std::string other = png;
    other[100] = char(other[100] ^ 0x55);
    other[101] = char(other[101] ^ 0x55);
    other[3000] = char(other[3000] ^ 1);
    other += "tail";
    const auto compare = [](const std::string& a, const std::string& b) {
        return compareSources(sourceOf(a), sourceOf(b));
    };
    const CompareResult r = compare(png, other);
    REQUIRE(r.status.ok());
    CHECK(int(r.verdict) == int(CompareVerdict::Differ));
    CHECK(r.hunkCount == 0u);
    REQUIRE(r.byteRunCount == 2u);
    CHECK(r.byteRuns[0].offset == 100u);
    CHECK(r.byteRuns[0].length == 2u);
    CHECK(r.byteRuns[1].offset == 3000u);
    CHECK(r.note == "A looks like binary data (PNG image): compared byte by byte");
    std::string text;
    for (int i = 0; i < 400; ++i)
        text += "line " + std::to_string(i) + " of a text\n";
    std::string edited = text;
    edited[100] = 'X';
    edited[3000] = 'Y';
    const CompareResult t = compare(text, edited);
    CHECK(t.hunkCount == 2u);
    CHECK(t.note.empty());
}

// A file over the text limit in another encoding is compared by its bytes, with a note.
TEST_CASE("a file over the text limit in another encoding is compared by its bytes") {
    std::vector<std::uint8_t> a(4096, 'a'), b(2 + 2 * 4096, 0);
    b[0] = 0xFF;
    b[1] = 0xFE;
    for (std::size_t i = 0; i < 4096; ++i)
        b[2 + 2 * i] = i == 100 ? 'b' : 'a';
    CompareOptions o;
    o.textLimit = 1024;
    const CompareResult r = compareSources(MemorySource(a), MemorySource(b), o);
    CHECK(r.hunkCount == 0u);
    CHECK(r.byteRunCount > 0);
    INFO(r.note);
    CHECK(r.note.find("byte by byte") != std::string::npos);
}

} // namespace
