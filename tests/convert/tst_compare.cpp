// The comparison engine (u8convert/compare.h): every whole-file verdict on a pair that has it and
// on a pair that only looks like it; every hunk label likewise; the positions a hunk gives on
// both sides (also through UTF-16); the byte pass's runs; --ignore; a large generated pair with
// scattered edits; and the bound on the alignment's work.
#include "u8codec/byte_source.h"
#include "u8convert/compare.h"
#include "u8convert/normalize.h"

#include <QRandomGenerator>
#include <QtTest>
#include <algorithm>

using namespace u8codec;
using namespace u8convert;

namespace {

std::span<const std::uint8_t> bytes(const QByteArray& b) {
    return {reinterpret_cast<const std::uint8_t*>(b.constData()), std::size_t(b.size())};
}

CompareResult run(const QByteArray& a, const QByteArray& b, IgnoreMask ignore = 0) {
    CompareOptions o;
    o.ignore = ignore;
    return compareTexts(bytes(a), bytes(b), o);
}

QByteArray utf16le(const QString& s, bool bom) {
    QByteArray out = bom ? QByteArray("\xFF\xFE", 2) : QByteArray();
    for (QChar c : s) {
        out += char(c.unicode() & 0xFF);
        out += char(c.unicode() >> 8);
    }
    return out;
}

QByteArray utf16be(const QString& s, bool bom) {
    QByteArray out = bom ? QByteArray("\xFE\xFF", 2) : QByteArray();
    for (QChar c : s) {
        out += char(c.unicode() >> 8);
        out += char(c.unicode() & 0xFF);
    }
    return out;
}

// The first `n` hunks of two results are the same: kind, label, and both sides' places and text.
void compareHunks(const std::vector<CompareHunk>& got, const std::vector<CompareHunk>& expected,
                  std::size_t n) {
    QVERIFY(got.size() >= n && expected.size() >= n);
    for (std::size_t k = 0; k < n; ++k) {
        const CompareHunk &g = got[k], &e = expected[k];
        QCOMPARE(name(g.kind), name(e.kind));
        QCOMPARE(g.label, e.label);
        for (const auto& [x, y] : {std::pair{&g.a, &e.a}, std::pair{&g.b, &e.b}}) {
            QCOMPARE(x->offset, y->offset);
            QCOMPARE(x->length, y->length);
            QCOMPARE(x->line, y->line);
            QCOMPARE(x->column, y->column);
            QCOMPARE(x->text, y->text);
        }
    }
}

const QByteArray kText = "Le café est prêt.\nUne deuxième ligne, assez longue pour la détection.\n";

} // namespace

Q_DECLARE_METATYPE(u8convert::CompareVerdict)
Q_DECLARE_METATYPE(u8convert::HunkKind)

namespace QTest {
// For QCOMPARE of the stages seen.
template <> char* toString(const std::vector<u8convert::CompareStage>& stages) {
    QByteArray out;
    for (CompareStage s : stages)
        out += QByteArray(name(s).data(), qsizetype(name(s).size())) + "; ";
    return qstrdup(out.constData());
}
} // namespace QTest

class TestCompare : public QObject {
    Q_OBJECT

private slots:
    void verdicts_data() {
        QTest::addColumn<QByteArray>("a");
        QTest::addColumn<QByteArray>("b");
        QTest::addColumn<CompareVerdict>("verdict");
        QTest::addColumn<QString>("words"); // a part of the verdict's text
        const QString text = QString::fromUtf8(kText);
        QByteArray crlf = kText;
        crlf.replace("\n", "\r\n");
        QByteArray nfd = kText;
        nfd.replace("é", "e\xCC\x81");
        QByteArray trailing = kText;
        trailing.replace("\n", "  \t\n");

        QTest::newRow("same bytes") << kText << kText << CompareVerdict::SameBytes << "same bytes";
        QTest::newRow("one byte off")
            << kText << QByteArray(kText).replace("Le", "La") << CompareVerdict::Differ << "differ";
        QTest::newRow("UTF-16LE") << kText << utf16le(text, false)
                                  << CompareVerdict::SameTextOtherEncoding << "B is UTF-16LE";
        QTest::newRow("UTF-16BE with BOM")
            << kText << utf16be(text, true) << CompareVerdict::SameTextOtherEncoding
            << "B is UTF-16BE with BOM";
        QTest::newRow("UTF-16LE, other text")
            << kText << utf16le(text.left(20) + "X" + text.mid(21), false) << CompareVerdict::Differ
            << "B is UTF-16LE";
        QTest::newRow("windows-1252")
            << kText << text.toLatin1() << CompareVerdict::SameTextOtherEncoding << "A is UTF-8";
        QTest::newRow("BOM") << kText << "\xEF\xBB\xBF" + kText << CompareVerdict::OnlyBom
                             << "B starts with one";
        QTest::newRow("BOM and an edit")
            << kText << "\xEF\xBB\xBF" + QByteArray(kText).replace("Le", "La")
            << CompareVerdict::Differ << "differ";
        QTest::newRow("line endings") << kText << crlf << CompareVerdict::OnlyLineEndings
                                      << "A has 2 LF, 0 CRLF, 0 CR; B has 0 LF, 2 CRLF, 0 CR";
        QTest::newRow("line endings and an edit")
            << kText << QByteArray(crlf).replace("Le", "La") << CompareVerdict::Differ << "differ";
        QTest::newRow("NFD")
            << kText << nfd << CompareVerdict::OnlyNormalForm
            << "A is NFC (0 places not NFC, 4 not NFD); B is mixed (2 places not NFC, 2 not NFD)";
        QTest::newRow("accent lost")
            << kText << QByteArray(kText).replace("é", "e") << CompareVerdict::Differ << "differ";
        QTest::newRow("trailing space")
            << kText << trailing << CompareVerdict::OnlyTrailingSpace << "0 lines of A and 2 of B";
        QTest::newRow("leading space")
            << kText << " " + kText << CompareVerdict::Differ << "differ";
        QTest::newRow("mojibake") << kText << QByteArray(kText).replace("é", "Ã©")
                                  << CompareVerdict::BIsAWithMojibake
                                  << "UTF-8 read as windows-1252, 2 places";
        QTest::newRow("mojibake in A")
            << QByteArray("AÃ§Ã£o rÃ¡pida\n") << QByteArray("Ação rápida\n")
            << CompareVerdict::AIsBWithMojibake
            << "A is B with mojibake: UTF-8 read as windows-1252";
        QTest::newRow("only looks like mojibake")
            << kText << QByteArray(kText).replace("é", "Ã") << CompareVerdict::Differ << "differ";
    }
    void verdicts() {
        QFETCH(QByteArray, a);
        QFETCH(QByteArray, b);
        QFETCH(CompareVerdict, verdict);
        QFETCH(QString, words);
        const CompareResult r = run(a, b);
        QVERIFY(r.ok);
        QCOMPARE(int(r.verdict), int(verdict));
        QVERIFY2(QString::fromStdString(r.verdictText).contains(words), r.verdictText.c_str());
        QCOMPARE(r.hunkCount == 0, verdict != CompareVerdict::Differ);
    }

    // With hunksWithVerdict (the window's marks), a verdict keeps its words and the places it
    // sums up are listed, each of the verdict's kind; without it, none (the verdicts above).
    void hunksBehindVerdicts_data() { verdicts_data(); }
    void hunksBehindVerdicts() {
        QFETCH(QByteArray, a);
        QFETCH(QByteArray, b);
        QFETCH(CompareVerdict, verdict);
        CompareOptions o;
        o.hunksWithVerdict = true;
        const CompareResult r = compareTexts(bytes(a), bytes(b), o);
        QCOMPARE(int(r.verdict), int(verdict));
        QCOMPARE(r.verdictText, run(a, b).verdictText);
        const auto only = [&](HunkKind kind) {
            return !r.hunks.empty() && std::all_of(r.hunks.begin(), r.hunks.end(),
                                                   [&](const auto& h) { return h.kind == kind; });
        };
        switch (verdict) {
        case CompareVerdict::SameBytes:
            QCOMPARE(r.hunkCount, 0u);
            break;
        case CompareVerdict::OnlyBom:
            QVERIFY(only(HunkKind::ByteOrderMark));
            QCOMPARE(r.hunks.front().b.length, 3u);
            break;
        case CompareVerdict::OnlyLineEndings:
            QVERIFY(only(HunkKind::LineEnding));
            QCOMPARE(r.hunkCount, 2u);
            break;
        case CompareVerdict::OnlyNormalForm:
            QVERIFY(only(HunkKind::NormalForm));
            break;
        case CompareVerdict::BIsAWithMojibake:
        case CompareVerdict::AIsBWithMojibake:
            QVERIFY(only(HunkKind::EncodingDamage));
            break;
        case CompareVerdict::OnlyTrailingSpace:
        case CompareVerdict::Differ:
            QVERIFY(r.hunkCount > 0);
            break;
        default: // the same text: nothing to mark but a byte order mark of one side
            QVERIFY(r.hunks.empty() || only(HunkKind::ByteOrderMark));
        }
    }

    // A line the normaliser refuses (a run of combining accents over kMaxUnboundedRun) is
    // compared as it is: two such lines that differ are an edit, not a change of normal form
    // (they were both "" once normalised, before the refusal was a Result).
    void refusedByTheNormaliserIsComparedAsItIs() {
        QByteArray accents;
        for (std::size_t i = 0; i <= u8convert::kMaxUnboundedRun; ++i)
            accents += "\xCC\x81";
        const QByteArray a = "a" + accents + "\nkept\n", b = "b" + accents + "\nkept\n";
        const CompareResult r = run(a, b);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(int(r.verdict), int(CompareVerdict::Differ));
        QCOMPARE(r.hunkCount, 1u);
        QCOMPARE(name(r.hunks.front().kind), name(HunkKind::TextEdit));
        // Such a line against itself is no difference.
        QCOMPARE(int(run(a, a).verdict), int(CompareVerdict::SameBytes));
    }

    void labels_data() {
        QTest::addColumn<QByteArray>("a");
        QTest::addColumn<QByteArray>("b");
        QTest::addColumn<HunkKind>("kind");
        QTest::addColumn<QString>("label");
        // Each pair differs in a second place too, so that no whole-file verdict holds.
        const QByteArray tail = "\nkept\nzzzz\n", other = "\nkept\nyyyy\n";
        QTest::newRow("zero width space")
            << "a line" + tail << "a \xE2\x80\x8Bline" + other << HunkKind::InvisibleInserted
            << "U+200B ZERO WIDTH SPACE inserted";
        QTest::newRow("word joiner removed")
            << "a\xE2\x81\xA0line" + tail << "aline" + other << HunkKind::InvisibleRemoved
            << "U+2060 WORD JOINER removed";
        QTest::newRow("a space inserted")
            << "a line" + tail << "a  line" + other << HunkKind::TextEdit << "inserted";
        QTest::newRow("Cyrillic a")
            << "cat says" + tail << "c\xD0\xB0t says" + other << HunkKind::Lookalike
            << "'a' U+0061 LATIN SMALL LETTER A -> 'а' U+0430 CYRILLIC SMALL LETTER A";
        QTest::newRow("b for a") << "cat says" + tail << "cbt says" + other << HunkKind::TextEdit
                                 << "replaced";
        QTest::newRow("decomposed") << "un café noir" + tail << "un cafe\xCC\x81 noir" + other
                                    << HunkKind::NormalForm << "NFC -> NFD";
        QTest::newRow("accent dropped")
            << "un café noir" + tail << "un cafe noir" + other << HunkKind::TextEdit << "replaced";
        QTest::newRow("CR LF") << "one\ntwo" + tail << "one\r\ntwo" + other << HunkKind::LineEnding
                               << "LF -> CR LF";
        QTest::newRow("invalid byte")
            << "thé, caf\xC3\xA9 ok" + tail << "thé, caf\xC3\x28 ok" + other
            << HunkKind::EncodingDamage << "invalid UTF-8 in B";
        QTest::newRow("mojibake line")
            << "un café noir et un thé" + tail << "un cafÃ© noir et un thÃ©" + other
            << HunkKind::EncodingDamage << "mojibake in B: UTF-8 read as windows-1252";
        QTest::newRow("real Ã") << "un café noir" + tail << "un cafÃ noir" + other
                                << HunkKind::TextEdit << "replaced";
    }
    void labels() {
        QFETCH(QByteArray, a);
        QFETCH(QByteArray, b);
        QFETCH(HunkKind, kind);
        QFETCH(QString, label);
        const CompareResult r = run(a, b);
        QCOMPARE(int(r.verdict), int(CompareVerdict::Differ));
        QCOMPARE(r.hunkCount, 2u);
        QCOMPARE(name(r.hunks.front().kind), name(kind));
        QVERIFY2(QString::fromStdString(r.hunks.front().label).contains(label),
                 r.hunks.front().label.c_str());
        QCOMPARE(name(r.hunks.back().kind), name(HunkKind::TextEdit));
    }

    // Both sides' line, column (characters) and byte offsets; a UTF-16 side counts its own bytes.
    void positions() {
        const CompareResult r = run("é first\nsecond é a\nthird\nfourth\n",
                                    "é first\nsecond é \xD0\xB0\nthird\nFOURTH\n");
        QCOMPARE(r.hunkCount, 2u);
        const CompareHunk& h = r.hunks.front();
        QCOMPARE(h.a.line, 2u);
        QCOMPARE(h.a.column, 10u);
        QCOMPARE(h.a.offset, 19u);
        QCOMPARE(h.a.length, 1u);
        QCOMPARE(h.b.offset, 19u);
        QCOMPARE(h.b.length, 2u);

        const QString b = QString::fromUtf8("é first\nsecond é b\n");
        const CompareResult u = run("é first\nsecond é a\n", utf16le(b, true));
        QCOMPARE(u.hunkCount, 2u); // the byte order mark, then the edit
        QCOMPARE(name(u.hunks.front().kind), name(HunkKind::ByteOrderMark));
        const CompareHunk& e = u.hunks.back();
        QCOMPARE(e.b.offset, 2u + 2 * 17); // BOM, then 17 characters
        QCOMPARE(e.b.length, 2u);
        QCOMPARE(e.b.line, 2u);
        QCOMPARE(e.b.column, 10u);
    }

    void ignore() {
        QByteArray crlf = kText;
        crlf.replace("\n", " \r\n");
        const IgnoreMask eol = ignoreBit(IgnoreKind::LineEndings);
        const IgnoreMask space = ignoreBit(IgnoreKind::TrailingSpace);
        QCOMPARE(int(run(kText, crlf).verdict), int(CompareVerdict::Differ));
        QCOMPARE(int(run(kText, crlf, eol).verdict), int(CompareVerdict::OnlyTrailingSpace));
        const CompareResult both = run(kText, crlf, eol | space);
        QCOMPARE(int(both.verdict), int(CompareVerdict::SameIgnoring));
        QVERIFY(both.verdictText.find("eol, trailing-space") != std::string::npos);
        // What is left after ignoring is still found, and only that.
        const CompareResult left = run(kText, QByteArray(crlf).replace("Le", "La"), eol | space);
        QCOMPARE(left.hunkCount, 1u);
        QCOMPARE(left.hunks.front().a.text, std::string("e"));
        // Only a byte order mark, set aside: nothing is left.
        const CompareResult bom = run(kText, "\xEF\xBB\xBF" + kText, ignoreBit(IgnoreKind::Bom));
        QCOMPARE(int(bom.verdict), int(CompareVerdict::SameIgnoring));
        const CompareResult bomAndEdit =
            run(kText, "\xEF\xBB\xBF" + QByteArray(kText).replace("Le", "La"),
                ignoreBit(IgnoreKind::Bom));
        QCOMPARE(bomAndEdit.hunkCount, 1u);
        QCOMPARE(name(bomAndEdit.hunks.front().kind), name(HunkKind::TextEdit));
        IgnoreMask parsed = 0;
        std::string bad;
        QVERIFY(parseIgnoreList("bom,nf", parsed, bad));
        QCOMPARE(parsed,
                 IgnoreMask(ignoreBit(IgnoreKind::Bom) | ignoreBit(IgnoreKind::NormalForm)));
        QVERIFY(!parseIgnoreList("eol,crlf", parsed, bad));
        QCOMPARE(bad, std::string("crlf"));
    }

    void byteRuns() {
        std::vector<std::uint8_t> a(3 << 20, 'x'), b = a;
        // Runs on both sides of the byte pass's 1 MiB chunk boundary join into one.
        for (std::size_t i = (1 << 20) - 2; i < (1 << 20) + 3; ++i)
            b[i] = 'y';
        b[10] = 'z';
        b.push_back('!');
        const CompareResult r = compareBytes(MemorySource(a), MemorySource(b));
        QVERIFY(r.ok);
        QCOMPARE(r.byteRunCount, 2u);
        QCOMPARE(r.byteRuns[0].offset, 10u);
        QCOMPARE(r.byteRuns[1].offset, std::uint64_t((1 << 20) - 2));
        QCOMPARE(r.byteRuns[1].length, 5u);
        QCOMPARE(r.differingBytes, 6u);
        QCOMPARE(r.firstDifference, 10u);
        QCOMPARE(int(r.verdict), int(CompareVerdict::Differ));
        const CompareResult same = compareBytes(MemorySource(a), MemorySource(a));
        QCOMPARE(int(same.verdict), int(CompareVerdict::SameBytes));
        // A prefix differs where it ends.
        b = a;
        b.pop_back();
        QCOMPARE(compareBytes(MemorySource(a), MemorySource(b)).firstDifference,
                 std::uint64_t(a.size() - 1));
    }

    // 20,000 lines, 300 of them edited at scattered places: each found, on its line.
    void largeScatteredEdits() {
        QByteArray a, b;
        std::vector<int> edited;
        for (int i = 0; i < 20000; ++i) {
            const QByteArray line = "line " + QByteArray::number(i) + " of the generated text é\n";
            a += line;
            if (i % 67 == 13 && edited.size() < 300) {
                edited.push_back(i);
                b += QByteArray(line).replace("generated", "GENERATED");
            } else {
                b += line;
            }
        }
        const CompareResult r = run(a, b);
        QCOMPARE(r.hunkCount, std::uint64_t(edited.size()));
        QVERIFY(r.note.empty());
        for (std::size_t k = 0; k < edited.size(); ++k) {
            QCOMPARE(r.hunks[k].a.line, std::uint64_t(edited[k] + 1));
            QCOMPARE(r.hunks[k].b.text, std::string("GENERATED"));
        }
    }

    // Each verdict compares both texts rewritten a piece (4 MiB, to a line's end) at a time, up
    // to their first difference: a piece that rewrites to nothing (blanks after the last line
    // break, past a piece's end) is read past, and a difference in a later piece is still seen.
    void verdictsAcrossPieces() {
        QByteArray a;
        const QByteArray line = "a line of text for the pieces, é\n";
        // The first piece ends at A's last line break: B's blanks after it are a piece alone.
        while (a.size() < (4 << 20))
            a += line;
        const CompareResult blanks = run(a, a + "   \t ");
        QCOMPARE(int(blanks.verdict), int(CompareVerdict::OnlyTrailingSpace));
        QByteArray crlf = a;
        crlf.replace("\n", "\r\n");
        QCOMPARE(int(run(a, crlf).verdict), int(CompareVerdict::OnlyLineEndings));
        QByteArray late = crlf;
        late.replace(late.size() - 20, 1, "E"); // in the second piece only
        const CompareResult changed = run(a, late);
        QCOMPARE(int(changed.verdict), int(CompareVerdict::Differ));
    }

    // Past the bound on work the alignment gives up, says so, and still reports the change.
    void alignmentGivesUp() {
        QByteArray a, b;
        for (int i = 0; i < 200; ++i) {
            a += "a" + QByteArray::number(i) + "\n";
            b += "b" + QByteArray::number(i) + "\n";
        }
        CompareOptions o;
        o.maxEditCost = 50;
        const CompareResult r = compareTexts(bytes(a), bytes(b), o);
        QVERIFY(r.note.find("gave up") != std::string::npos);
        QCOMPARE(r.hunkCount, 1u);
        QCOMPARE(r.hunks.front().a.length, std::uint64_t(a.size()));
    }

    // Over the text limit, two UTF-8 files are aligned window by window as they are read: the
    // same hunks, at the same offsets and lines, as the alignment in memory finds, also where
    // edits insert and delete lines (the windows then start at different offsets).
    void streamedEqualsInMemory() {
        QByteArray a, b;
        for (int i = 0; i < 60000; ++i) {
            const QByteArray line = "row " + QByteArray::number(i) + " – the text goes on é\n";
            a += line;
            if (i % 997 == 5)
                b += QByteArray(line).replace("text", "TEXT");
            else if (i % 1499 == 7)
                b += line + "an inserted line\n";
            else if (i % 2011 == 9)
                continue; // deleted
            else if (i % 3001 == 11)
                b += QByteArray(line).replace("é", "e\xE2\x80\x8B");
            else
                b += line;
        }
        const std::vector<std::uint8_t> va(a.begin(), a.end()), vb(b.begin(), b.end());
        const CompareResult held = run(a, b);
        CompareOptions o;
        o.textLimit = 1024;
        const CompareResult streamed = compareSources(MemorySource(va), MemorySource(vb), o);
        QVERIFY(streamed.ok);
        QVERIFY2(streamed.note.empty(), streamed.note.c_str());
        QVERIFY(held.hunkCount > 100);
        QCOMPARE(streamed.hunkCount, held.hunkCount);
        compareHunks(streamed.hunks, held.hunks, held.hunks.size());
    }

    // A changed block too large to label character by character is one hunk, still told
    // apart as invalid UTF-8 or not.
    void largeBlock() {
        QByteArray a, b;
        for (int i = 0; i < 3000; ++i) {
            a += "a" + QByteArray::number(i) + " line of the first text\n";
            b += "b" + QByteArray::number(i) + " LINE OF THE OTHER TEXT\n";
        }
        CompareOptions o;
        o.maxEditCost = 100;
        const CompareResult r = compareTexts(bytes(a), bytes(b), o);
        QCOMPARE(r.hunkCount, 1u);
        QCOMPARE(name(r.hunks.front().kind), name(HunkKind::TextEdit));
        const CompareResult bad = compareTexts(bytes(a), bytes(b + "caf\xC3\xA9 \xC0\xAF\n"), o);
        QCOMPARE(bad.hunkCount, 1u);
        QCOMPARE(name(bad.hunks.front().kind), name(HunkKind::EncodingDamage));
        QVERIFY2(bad.hunks.front().label.find("overlong") != std::string::npos,
                 bad.hunks.front().label.c_str());
    }

    // Over the text limit, the verdicts a streamed reading can give: only the BOM, only line
    // endings (with their counts), only trailing whitespace, the same once --ignore's kinds are
    // set aside; and not given to a pair that also differs otherwise.
    void streamedVerdicts() {
        QByteArray text;
        for (int i = 0; i < 100000; ++i)
            text += "line " + QByteArray::number(i) + " caf\xC3\xA9\n";
        QByteArray crlf = text, blanks = text, both = text;
        crlf.replace("\n", "\r\n");
        blanks.replace("\xC3\xA9\n", "\xC3\xA9 \t\n");
        both.replace("\xC3\xA9\n", "\xC3\xA9 \r\n");
        const auto streamed = [](const QByteArray& a, const QByteArray& b, IgnoreMask ignore) {
            CompareOptions o;
            o.textLimit = 4096;
            o.ignore = ignore;
            return compareSources(MemorySource({a.begin(), a.end()}),
                                  MemorySource({b.begin(), b.end()}), o);
        };
        const CompareResult eol = streamed(text, crlf, 0);
        QCOMPARE(int(eol.verdict), int(CompareVerdict::OnlyLineEndings));
        QCOMPARE(eol.hunkCount, 0u);
        {
            // Three lines in CR LF: the verdict, and its three places marked.
            QByteArray few = text;
            for (const char* line : {"line 10 ", "line 50000 ", "line 99999 "}) {
                const qsizetype at = few.indexOf('\n', few.indexOf(line));
                few.replace(at, 1, "\r\n");
            }
            CompareOptions o;
            o.textLimit = 4096;
            o.hunksWithVerdict = true;
            const CompareResult marked = compareSources(MemorySource({text.begin(), text.end()}),
                                                        MemorySource({few.begin(), few.end()}), o);
            QCOMPARE(int(marked.verdict), int(CompareVerdict::OnlyLineEndings));
            QCOMPARE(marked.hunkCount, 3u);
            for (const CompareHunk& h : marked.hunks)
                QCOMPARE(int(h.kind), int(HunkKind::LineEnding));
            QCOMPARE(marked.hunks[1].b.offset, marked.hunks[1].a.offset + 1);
            // Every line in CR LF is more than the alignment's bound: the verdict holds every
            // line in place, so the lines are paired and every place is found, the first
            // maxHunks listed, streamed and in memory alike.
            const CompareResult all = compareSources(MemorySource({text.begin(), text.end()}),
                                                     MemorySource({crlf.begin(), crlf.end()}), o);
            CompareOptions inMemory;
            inMemory.hunksWithVerdict = true;
            const CompareResult held = compareTexts(bytes(text), bytes(crlf), inMemory);
            for (const CompareResult* r : {&all, &held}) {
                QCOMPARE(int(r->verdict), int(CompareVerdict::OnlyLineEndings));
                QVERIFY2(r->note.empty(), r->note.c_str());
                QCOMPARE(r->hunkCount, 100000u);
                QCOMPARE(r->hunks.size(), inMemory.maxHunks);
                for (std::size_t k = 0; k < r->hunks.size(); k += 97) {
                    const CompareHunk& h = r->hunks[k];
                    QCOMPARE(int(h.kind), int(HunkKind::LineEnding));
                    QCOMPARE(h.label, std::string("LF -> CR LF"));
                    QCOMPARE(h.a.line, std::uint64_t(k + 1));
                    QCOMPARE(h.a.offset,
                             std::uint64_t(text.indexOf(
                                 '\n',
                                 k ? text.indexOf("line " + QByteArray::number(qulonglong(k)) + " ")
                                   : 0)));
                    QCOMPARE(h.b.offset, h.a.offset + k);
                    QCOMPARE(h.b.length, 2u);
                }
            }
            // Without a verdict the lines are not paired: the same pair with an edit is past the
            // bound, one block and a note saying the alignment gave up.
            QByteArray edited = crlf;
            edited.replace("line 500 ", "line 500!");
            const CompareResult differ = compareTexts(bytes(text), bytes(edited), inMemory);
            QCOMPARE(int(differ.verdict), int(CompareVerdict::Differ));
            QCOMPARE(differ.hunkCount, 1u);
            QVERIFY2(differ.note.find("gave up") != std::string::npos, differ.note.c_str());
        }
        QVERIFY2(eol.verdictText.find("A has 100000 LF, 0 CRLF, 0 CR; B has 0 LF, 100000 CRLF") !=
                     std::string::npos,
                 eol.verdictText.c_str());
        const CompareResult blank = streamed(text, blanks, 0);
        QCOMPARE(int(blank.verdict), int(CompareVerdict::OnlyTrailingSpace));
        QVERIFY(blank.verdictText.find("0 lines of A and 100000 of B") != std::string::npos);
        QCOMPARE(int(streamed(text, "\xEF\xBB\xBF" + text, 0).verdict),
                 int(CompareVerdict::OnlyBom));
        QCOMPARE(int(streamed(text, both, 0).verdict), int(CompareVerdict::Differ));
        const IgnoreMask eolAndBlanks =
            ignoreBit(IgnoreKind::LineEndings) | ignoreBit(IgnoreKind::TrailingSpace);
        QCOMPARE(int(streamed(text, both, eolAndBlanks).verdict),
                 int(CompareVerdict::SameIgnoring));
        QByteArray edited = crlf;
        edited.replace("line 77777 ", "line 77777!");
        QCOMPARE(int(streamed(text, edited, 0).verdict), int(CompareVerdict::Differ));
        const CompareResult left = streamed(text, edited, ignoreBit(IgnoreKind::LineEndings));
        QCOMPARE(int(left.verdict), int(CompareVerdict::Differ));
        QCOMPARE(left.hunkCount, 1u);
        QCOMPARE(left.hunks.front().a.line, 77778u);
    }

    // Files of 16 MiB and more in two encodings are first compared as decoded streams: the
    // same text is told in bounded memory, also past the text limit; a pair that differs goes on
    // to the hunks.
    void streamedSameText() {
        QString text;
        for (int i = 0; text.size() < (9 << 20); ++i)
            text += "ligne " + QString::number(i) + " : caf\u00e9, \u041f\u0440\u0438 \U0001F600\n";
        const QByteArray u8 = text.toUtf8();
        QByteArray u16(reinterpret_cast<const char*>(text.utf16()), text.size() * 2);
        const auto source = [](const QByteArray& b) { return MemorySource({b.begin(), b.end()}); };
        CompareOptions o;
        o.textLimit = 1 << 20;
        const CompareResult same = compareSources(source(u8), source("\xFF\xFE" + u16), o);
        QCOMPARE(int(same.verdict), int(CompareVerdict::SameTextOtherEncoding));
        QCOMPARE(same.b.encoding, std::string("UTF-16LE"));
        QVERIFY(same.b.bom);
        QByteArray edited = u16;
        edited[edited.size() / 2] = 'X'; // the low byte of a character in the middle
        const CompareResult other = compareSources(source(u8), source(edited));
        QCOMPARE(int(other.verdict), int(CompareVerdict::Differ));
        QCOMPARE(other.hunkCount, 1u);
    }

    // Streamed, a file that goes on past the other's end: the rest is one hunk.
    void streamedTail() {
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
            const CompareResult r = swapped ? compareSources(MemorySource(b), MemorySource(a), o)
                                            : compareSources(MemorySource(a), MemorySource(b), o);
            QVERIFY2(r.note.empty(), r.note.c_str());
            QCOMPARE(r.hunkCount, 1u);
            const HunkSide& longer = swapped ? r.hunks.front().a : r.hunks.front().b;
            QCOMPARE(longer.offset, std::uint64_t(a.size()));
            QCOMPARE(longer.length, 15u);
            QCOMPARE(longer.line, 20001u);
        }
    }

    // Under a verdict the lines are paired, and a line whose change is a small run of ASCII
    // (a CR, blanks) takes a short cut past the alignment of its characters: the places are
    // the ones the alignment finds. Each pair here holds a verdict; the same pair with one more
    // edit at its end holds none, and is aligned: its hunks but the last must be the same (the
    // lines that change are kept apart, so that the alignment's blocks are single lines).
    void pairedLinesEqualAligned_data() {
        QTest::addColumn<QByteArray>("a");
        QTest::addColumn<QByteArray>("b");
        QTest::addColumn<CompareVerdict>("verdict");
        const QList<QByteArray> bodies = {"plain words",
                                          "caf\xC3\xA9 au lait",
                                          "cafe\xCC\x81",
                                          "\xCE\xBB\xCF\x8C\xCE\xB3\xCE\xBF\xCF\x82 x",
                                          "",
                                          "  indented",
                                          "e\xCC\x81\xCC\xA3"};
        QRandomGenerator rng(36);
        QByteArray a, eol, blanks, nfd;
        for (int i = 0; i < 400; ++i) {
            const QByteArray body = bodies[rng.bounded(bodies.size())] + QByteArray::number(i % 3);
            const int breakA = rng.bounded(3), breakB = rng.bounded(3);
            const QByteArray breaks[] = {"\n", "\r\n", "\r"};
            const QByteArray tails[] = {"", " ", "\t", "  \t"};
            const QByteArray tailA = tails[rng.bounded(4)], tailB = tails[rng.bounded(4)];
            a += body + tailA + breaks[breakA];
            eol += body + tailA + breaks[breakB];
            blanks += body + tailB + breaks[breakA];
            nfd += QByteArray(body).replace("caf\xC3\xA9", "cafe\xCC\x81") + tailA + breaks[breakA];
            // An unchanged line between two that may change: the alignment's blocks are then
            // single lines, as the pairs are.
            const QByteArray kept = "kept line " + QByteArray::number(i) + "\n";
            for (QByteArray* text : {&a, &eol, &blanks, &nfd})
                *text += kept;
        }
        QTest::newRow("line endings") << a << eol << CompareVerdict::OnlyLineEndings;
        QTest::newRow("trailing blanks") << a << blanks << CompareVerdict::OnlyTrailingSpace;
        QTest::newRow("normal form") << a << nfd << CompareVerdict::OnlyNormalForm;
    }
    void pairedLinesEqualAligned() {
        QFETCH(QByteArray, a);
        QFETCH(QByteArray, b);
        QFETCH(CompareVerdict, verdict);
        CompareOptions o;
        o.hunksWithVerdict = true;
        const CompareResult paired = compareTexts(bytes(a), bytes(b), o);
        QCOMPARE(int(paired.verdict), int(verdict));
        const CompareResult aligned = compareTexts(bytes(a), bytes(b + "an edit\n"), o);
        QCOMPARE(int(aligned.verdict), int(CompareVerdict::Differ));
        QVERIFY2(aligned.note.empty(), aligned.note.c_str());
        QVERIFY(paired.hunkCount > 50);
        QCOMPARE(paired.hunkCount + 1, aligned.hunkCount);
        compareHunks(paired.hunks, aligned.hunks, paired.hunks.size());
    }

    // The stages a comparison goes through, in order: equal files never leave the byte pass.
    void stages() {
        QByteArray a, b;
        for (int i = 0; i < 2000; ++i) {
            a += "line " + QByteArray::number(i) + "\n";
            b += "line " + QByteArray::number(i) + (i == 1500 ? "!\n" : "\n");
        }
        std::vector<CompareStage> seen;
        CompareOptions o;
        o.stage = [&](CompareStage s) { seen.push_back(s); };
        const CompareResult r = compareSources(MemorySource({a.begin(), a.end()}),
                                               MemorySource({b.begin(), b.end()}), o);
        QCOMPARE(r.hunkCount, 1u);
        QCOMPARE(seen, (std::vector<CompareStage>{CompareStage::Bytes, CompareStage::Texts,
                                                  CompareStage::Aligning}));
        seen.clear();
        const CompareResult same = compareSources(MemorySource({a.begin(), a.end()}),
                                                  MemorySource({a.begin(), a.end()}), o);
        QVERIFY(same.ok && same.verdict == CompareVerdict::SameBytes);
        QCOMPARE(seen, std::vector<CompareStage>{CompareStage::Bytes});
        QCOMPARE(name(CompareStage::Aligning), std::string_view("aligning the texts"));
    }

    // The alignment asks options.progress as it goes, between blocks and inside the search of a
    // long one: a "no" there stops it (nothing is reported but that it was cancelled); always
    // "yes", it runs to its end. In memory, streamed, and in one long search.
    void cancelledWhileAligning_data() {
        QTest::addColumn<QByteArray>("a");
        QTest::addColumn<QByteArray>("b");
        QTest::addColumn<quint64>("textLimit"); // 0: the default
        QTest::addColumn<quint64>("maxEditCost");
        QByteArray a, b, rewrittenA, rewrittenB;
        for (int i = 0; i < 20000; ++i) {
            const QByteArray line = "line " + QByteArray::number(i) + " of the text\n";
            a += line;
            b += i % 50 == 7 ? QByteArray(line).replace("text", "TEXT") : line;
        }
        for (int i = 0; i < 3000; ++i) {
            rewrittenA += "a" + QByteArray::number(i) + "\n";
            rewrittenB += "b" + QByteArray::number(i) + "\n";
        }
        QTest::newRow("in memory") << a << b << quint64(0) << quint64(2000);
        QTest::newRow("streamed") << a << b << quint64(1024) << quint64(2000);
        QTest::newRow("one long search")
            << rewrittenA << rewrittenB << quint64(0) << quint64(100000);
    }
    void cancelledWhileAligning() {
        QFETCH(QByteArray, a);
        QFETCH(QByteArray, b);
        QFETCH(quint64, textLimit);
        QFETCH(quint64, maxEditCost);
        const auto runStoppingAt = [&](int stopAt, int& asked) {
            CompareOptions o;
            o.textLimit = textLimit ? textLimit : o.textLimit;
            o.maxEditCost = maxEditCost;
            bool aligning = false;
            asked = 0;
            o.stage = [&](CompareStage s) { aligning = s == CompareStage::Aligning; };
            o.progress = [&](std::uint64_t, std::uint64_t) {
                return !aligning || ++asked != stopAt;
            };
            return compareSources(MemorySource({a.begin(), a.end()}),
                                  MemorySource({b.begin(), b.end()}), o);
        };
        int asked = 0;
        const CompareResult full = runStoppingAt(-1, asked);
        QVERIFY(full.ok);
        QVERIFY(!full.cancelled);
        QVERIFY(full.hunkCount > 0);
        QVERIFY2(asked > 40, qPrintable(QString::number(asked))); // asked all along the way
        const CompareResult stopped = runStoppingAt(20, asked);
        QCOMPARE(asked, 20);
        QVERIFY(!stopped.ok);
        QVERIFY(stopped.cancelled);
        QCOMPARE(stopped.error, std::string("cancelled"));
        QVERIFY(stopped.hunks.empty());
        QCOMPARE(stopped.hunkCount, 0u);
    }

    // Files held in memory are read, counted and rewritten for the verdicts in pieces, with
    // options.progress asked between them: a "no" while the texts are read stops the
    // comparison there; always "yes", it goes on to its verdict.
    void cancelledWhileReadingTheTexts() {
        QByteArray a, b;
        for (int i = 0; a.size() < (12 << 20); ++i) {
            const QByteArray line =
                "line " + QByteArray::number(i) + " of a long text, caf\xC3\xA9\n";
            a += line;
            b += QByteArray(line).replace("\xC3\xA9", "e\xCC\x81");
        }
        const auto runStoppingAt = [&](int stopAt, int& asked) {
            CompareOptions o;
            bool reading = false;
            asked = 0;
            o.stage = [&](CompareStage s) { reading = s == CompareStage::Texts; };
            o.progress = [&](std::uint64_t, std::uint64_t) {
                return !reading || ++asked != stopAt;
            };
            return compareSources(MemorySource({a.begin(), a.end()}),
                                  MemorySource({b.begin(), b.end()}), o);
        };
        int asked = 0;
        const CompareResult full = runStoppingAt(-1, asked);
        QCOMPARE(int(full.verdict), int(CompareVerdict::OnlyNormalForm));
        QVERIFY2(asked > 10, qPrintable(QString::number(asked)));
        const CompareResult stopped = runStoppingAt(8, asked);
        QCOMPARE(asked, 8);
        QVERIFY(stopped.cancelled);
        QVERIFY(!stopped.ok);
        QVERIFY(stopped.verdictText.empty());
    }

    // Binary data (a signature, NUL bytes) is compared by its bytes, with a note naming the
    // side and why; a text with the same two edits gets its hunks.
    void binaryByBytes() {
        QByteArray png("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16);
        for (int i = 0; i < 4000; ++i)
            png += char(i * 7 % 256);
        QByteArray other = png;
        other[100] = char(other[100] ^ 0x55);
        other[101] = char(other[101] ^ 0x55);
        other[3000] = char(other[3000] ^ 1);
        other += "tail";
        const auto compare = [](const QByteArray& a, const QByteArray& b) {
            return compareSources(MemorySource({a.begin(), a.end()}),
                                  MemorySource({b.begin(), b.end()}));
        };
        const CompareResult r = compare(png, other);
        QVERIFY(r.ok);
        QCOMPARE(int(r.verdict), int(CompareVerdict::Differ));
        QCOMPARE(r.hunkCount, 0u);
        QCOMPARE(r.byteRunCount, 2u);
        QCOMPARE(r.byteRuns[0].offset, 100u);
        QCOMPARE(r.byteRuns[0].length, 2u);
        QCOMPARE(r.byteRuns[1].offset, 3000u);
        QVERIFY2(r.note == "A looks like binary data (PNG image): compared byte by byte",
                 r.note.c_str());
        QByteArray text;
        for (int i = 0; i < 400; ++i)
            text += "line " + QByteArray::number(i) + " of a text\n";
        QByteArray edited = text;
        edited[100] = 'X';
        edited[3000] = 'Y';
        const CompareResult t = compare(text, edited);
        QCOMPARE(t.hunkCount, 2u);
        QVERIFY(t.note.empty());
    }

    // A file over the text limit in another encoding is compared by its bytes, with a note.
    void overTheTextLimit() {
        std::vector<std::uint8_t> a(4096, 'a'), b(2 + 2 * 4096, 0);
        b[0] = 0xFF;
        b[1] = 0xFE;
        for (std::size_t i = 0; i < 4096; ++i)
            b[2 + 2 * i] = i == 100 ? 'b' : 'a';
        CompareOptions o;
        o.textLimit = 1024;
        const CompareResult r = compareSources(MemorySource(a), MemorySource(b), o);
        QCOMPARE(r.hunkCount, 0u);
        QVERIFY(r.byteRunCount > 0);
        QVERIFY(r.note.find("byte by byte") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestCompare)
#include "tst_compare.moc"
