// The dump (codec/dump) below u8scope-cli: the text cell and role of every kind of byte and
// character, rows of 8, 16 and 32 with wide characters across their ends, an offset inside a
// character, a length that ends inside one, problems under the rows they start in (also when
// they are told only a row later, and when a run outgrows the rows held back), any chunking
// giving the same rows, the totals by role, more characters than the cache of texts holds; the
// terminal writer's lines with and without colour (built here from the
// documented layout, not copied from the program); the HTML page read back as XML; and the
// terminal colours' contrast.
#include "cell_text.h"
#include "dump_rows.h"
#include "html_dump.h"
#include "role_colours.h"
#include "terminal_dump.h"
#include "u8codec/encoder.h"
#include "u8codec/problem.h"

#include <QMap>
#include <QRegularExpression>
#include <QTest>
#include <QXmlStreamReader>

using namespace u8dump;
using Kind = TextCell::Kind;

namespace {

std::span<const std::uint8_t> bytesOf(const QByteArray& b) {
    return {reinterpret_cast<const std::uint8_t*>(b.constData()), std::size_t(b.size())};
}

// The whole stream at once: with all of it given, whether `rows` wanted more does not matter
// (finish() ends the stream either way).
void feedWhole(DumpRows& rows, std::span<const std::uint8_t> bytes) {
    static_cast<void>(rows.feed(bytes));
}

struct Collect final : RowSink {
    std::vector<DumpRow> rows;
    void row(const DumpRow& r) override { rows.push_back(r); }
};

// Every row of `bytes`, fed in pieces of `chunk` bytes (0: at once).
std::vector<DumpRow> rowsOf(const QByteArray& bytes, DumpOptions options = {},
                            std::size_t chunk = 0, DumpTotals* totals = nullptr) {
    Collect sink;
    DumpRows rows(options, sink);
    QByteArray fed = bytes.mid(qsizetype(DumpRows::streamStart(options)));
    auto all = bytesOf(fed);
    if (chunk == 0)
        chunk = std::max<std::size_t>(all.size(), 1);
    for (std::size_t i = 0; i < all.size(); i += chunk)
        if (!rows.feed(all.subspan(i, std::min(chunk, all.size() - i))))
            break;
    rows.finish();
    if (totals)
        *totals = rows.totals();
    return sink.rows;
}

// The cells of the first row: "kind role text" each, for a compact comparison.
QStringList cellsOf(const DumpRow& row) {
    static const char* kKinds[] = {"glyph", "marker", "replacement", "filler", "covered"};
    QStringList cells;
    for (int i = 0; i < row.count; ++i) {
        const TextCell& t = row.text[std::size_t(i)];
        QString cell = QString::fromLatin1(kKinds[int(t.kind)]) + ' ' +
                       QString::fromUtf8(key(row.roles[std::size_t(i)]).data());
        if (t.kind != Kind::Filler && t.kind != Kind::Covered)
            cell += ' ' + QString::fromUtf8(t.view().data(), qsizetype(t.size)) +
                    (t.columns > 1 ? QStringLiteral("/%1").arg(t.columns) : QString());
        cells << cell;
    }
    return cells;
}

QString terminalText(const QByteArray& bytes, bool colour, DumpOptions options = {},
                     int wrapColumns = 0) {
    std::string out;
    TerminalDump terminal(
        colour, options.width, offsetDigitsFor(bytes.size()),
        [&](std::string_view piece) {
            out.append(piece);
            return true;
        },
        wrapColumns);
    DumpRows rows(options, terminal);
    feedWhole(rows, bytesOf(bytes.mid(qsizetype(DumpRows::streamStart(options)))));
    rows.finish();
    return terminal.finish() ? QString::fromStdString(out) : QString();
}

// ANSI select graphic rendition, as the layout documents it: a reset, then the look.
QString sgr(int fg, int bg = -1, bool bold = false, bool dim = false, bool underline = false) {
    QString s = QStringLiteral("\x1b[0");
    if (bold)
        s += ";1";
    if (dim)
        s += ";2";
    if (underline)
        s += ";4";
    if (fg >= 0)
        s += QStringLiteral(";38;5;%1").arg(fg);
    if (bg >= 0)
        s += QStringLiteral(";48;5;%1").arg(bg);
    return s + 'm';
}
const QString kReset = QStringLiteral("\x1b[0m");

// "#rrggbb", as CSS writes an opaque colour.
QString cssName(Argb colour) {
    return QString::asprintf("#%06x", unsigned(colour & 0xFFFFFFu));
}

// HSL lightness, 0-255.
int lightness(Argb colour) {
    const int r = int(colour >> 16 & 0xFF), g = int(colour >> 8 & 0xFF), b = int(colour & 0xFF);
    return (std::max({r, g, b}) + std::min({r, g, b})) / 2;
}
const QString kBar = QStringLiteral("\u2502");

// `count` pieces of bytes, each chosen by `add` from a pick in 0-255 of a linear congruential
// generator started at `seed` (the same bytes on every machine).
template <typename Add> QByteArray generated(quint32 seed, int count, Add add) {
    QByteArray bytes;
    quint32 state = seed;
    for (int i = 0; i < count; ++i) {
        state = state * 1664525u + 1013904223u;
        add(int(state >> 24), bytes);
    }
    return bytes;
}

// The HTML page of `bytes`, named `name`, dumped whole with the default options.
std::string htmlPageOf(const QByteArray& bytes, const std::string& name) {
    std::string page;
    HtmlDump html({name, std::uint64_t(bytes.size()), "u8scope test", {}}, {}, 8,
                  [&](std::string_view piece) {
                      page.append(piece);
                      return true;
                  });
    DumpRows rows({}, html);
    feedWhole(rows, bytesOf(bytes));
    rows.finish();
    return html.finish(rows.totals()) ? page : std::string();
}

} // namespace

class TestDump : public QObject {
    Q_OBJECT
private slots:
    void cellsOfEveryKind_data();
    void cellsOfEveryKind();
    void wideGlyphAtTheEndOfARow();
    void widths();
    void offsetInsideACharacter();
    void lengthEndsInsideACharacter();
    void problemsUnderTheirRows();
    void longRunIsHeldBackBoundedly();
    void anyChunkingGivesTheSameRows();
    void totalsCountEveryShownByte();
    void totalsSentenceNamesTheLastByte();
    void htmlFirstOffsetInHex();
    void manyCharactersKeepTheirTexts();
    void offsetPastTheEnd();
    void terminalWithoutColour();
    void terminalWithColour();
    void terminalNoteLine();
    void terminalNotesWrapped();
    void htmlReadsBack();
    void htmlEscapesTheInput();
    void terminalColoursReadOnDarkAndLight();
    void windowPaletteIsTheTable();
};

void TestDump::cellsOfEveryKind_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QStringList>("cells");
    QTest::newRow("printable") << QByteArray("A~")
                               << QStringList{"glyph printable A", "glyph printable ~"};
    QTest::newRow("whitespace") << QByteArray(" \t\n\r")
                                << QStringList{"glyph whitespace  ", "glyph whitespace ␉",
                                               "glyph whitespace ␊", "glyph whitespace ␍"};
    QTest::newRow("controls") << QByteArray("\x01\x1b\x7f", 3)
                              << QStringList{"glyph control ␁", "glyph control ␛",
                                             "glyph control ␡"};
    QTest::newRow("NUL") << QByteArray("\0", 1) << QStringList{"glyph control ␀"};
    QTest::newRow("2-byte") << QByteArray("\xC3\xA9")
                            << QStringList{"glyph lead2 é", "filler continuation"};
    QTest::newRow("3-byte wide") << QByteArray("\xE4\xB8\x96")
                                 << QStringList{"glyph lead3 世/2", "covered continuation",
                                                "filler continuation"};
    QTest::newRow("3-byte narrow")
        << QByteArray("\xE2\x82\xAC")
        << QStringList{"glyph lead3 €", "filler continuation", "filler continuation"};
    QTest::newRow("4-byte emoji") << QByteArray("\xF0\x9F\x98\x80")
                                  << QStringList{"glyph lead4 😀/2", "covered continuation",
                                                 "filler continuation", "filler continuation"};
    QTest::newRow("combining mark")
        << QByteArray("e\xCC\x81")
        << QStringList{"glyph printable e", "glyph lead2 ◌́", "filler continuation"};
    QTest::newRow("BOM: abbreviation fits")
        << QByteArray("\xEF\xBB\xBF")
        << QStringList{"marker lead3 BOM/3", "covered continuation", "covered continuation"};
    QTest::newRow("RLO") << QByteArray("\xE2\x80\xAE")
                         << QStringList{"marker lead3 RLO/3", "covered continuation",
                                        "covered continuation"};
    QTest::newRow("ZWSP: does not fit")
        << QByteArray("\xE2\x80\x8B")
        << QStringList{"marker lead3 ◇", "filler continuation", "filler continuation"};
    QTest::newRow("NEL: C1 control")
        << QByteArray("\xC2\x85") << QStringList{"marker lead2 ◇", "filler continuation"};
    QTest::newRow("NBSP") << QByteArray("\xC2\xA0")
                          << QStringList{"marker lead2 ␣", "filler continuation"};
    QTest::newRow("invalid byte") << QByteArray("\xC0")
                                  << QStringList{"replacement never-valid-byte �"};
    QTest::newRow("FF") << QByteArray("\xFF") << QStringList{"replacement never-valid-byte �"};
    QTest::newRow("stray continuation")
        << QByteArray("\x80") << QStringList{"replacement stray-continuation �"};
    QTest::newRow("overlong") << QByteArray("\xE0\x80")
                              << QStringList{"replacement overlong �",
                                             "replacement stray-continuation �"};
    QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80")
                               << QStringList{"replacement surrogate �",
                                              "replacement stray-continuation �",
                                              "replacement stray-continuation �"};
    QTest::newRow("too large") << QByteArray("\xF4\x90")
                               << QStringList{"replacement too-large �",
                                              "replacement stray-continuation �"};
    QTest::newRow("truncated") << QByteArray("\xE2\x82"
                                             "A")
                               << QStringList{"replacement truncated �", "filler truncated",
                                              "glyph printable A"};
    QTest::newRow("truncated at the end")
        << QByteArray("\xF0\x9F\x98")
        << QStringList{"replacement truncated �", "filler truncated", "filler truncated"};
}

// One cell a byte: the glyph in the lead's cell, fillers after it, a wide glyph covering the
// cell after its own; every role and every error kind.
void TestDump::cellsOfEveryKind() {
    QFETCH(QByteArray, bytes);
    QFETCH(QStringList, cells);
    const auto rows = rowsOf(bytes);
    QCOMPARE(rows.size(), std::size_t(1));
    QCOMPARE(cellsOf(rows[0]), cells);
    for (int i = 0; i < rows[0].count; ++i)
        QCOMPARE(rows[0].bytes[std::size_t(i)], std::uint8_t(bytes[i]));
}

// A wide character whose lead is a row's last cell: its glyph goes to the next row, where the
// character goes on; the lead's cell holds a filler in the lead's role.
void TestDump::wideGlyphAtTheEndOfARow() {
    const auto rows = rowsOf("abcdefg\xE4\xB8\x96", {.width = 8});
    QCOMPARE(rows.size(), std::size_t(2));
    QCOMPARE(cellsOf(rows[0]).last(), QStringLiteral("filler lead3"));
    QCOMPARE(cellsOf(rows[1]), (QStringList{"glyph continuation 世/2", "covered continuation"}));
    QCOMPARE(rows[1].text[0].role, CellRole::Lead3); // the glyph keeps its lead's look
    QCOMPARE(rows[1].offset, std::uint64_t(8));
}

void TestDump::widths() {
    QByteArray bytes(100, 'x');
    for (int width : {8, 16, 32}) {
        const auto rows = rowsOf(bytes, {.width = width});
        QCOMPARE(rows.size(), std::size_t((100 + width - 1) / width));
        for (std::size_t i = 0; i + 1 < rows.size(); ++i) {
            QCOMPARE(rows[i].count, width);
            QCOMPARE(rows[i].offset, std::uint64_t(i * std::size_t(width)));
        }
        QCOMPARE(rows.back().count, 100 - width * int(rows.size() - 1));
    }
}

// An offset inside a character: its remaining bytes are shown as the continuation bytes they
// are (fillers), not as stray continuation errors; rows start at the offset.
void TestDump::offsetInsideACharacter() {
    DumpTotals totals;
    const auto rows = rowsOf("\xE4\xB8\x96\xE7\x95\x8C", {.offset = 1}, 0, &totals);
    QCOMPARE(rows.size(), std::size_t(1));
    QCOMPARE(rows[0].offset, std::uint64_t(1));
    QCOMPARE(cellsOf(rows[0]),
             (QStringList{"filler continuation", "filler continuation", "glyph lead3 界/2",
                          "covered continuation", "filler continuation"}));
    QCOMPARE(totals.problems, std::uint64_t(0));
    QCOMPARE(totals.start, std::uint64_t(1));
    QCOMPARE(totals.end, std::uint64_t(6));
    // Four bytes in (past the look-behind of three): the same, and in every chunking.
    const QByteArray longer = QByteArray("0123") + "\xF0\x9F\x98\x80" + "z";
    for (std::size_t chunk : {1u, 2u, 0u}) {
        const auto r = rowsOf(longer, {.offset = 6}, chunk);
        QCOMPARE(cellsOf(r[0]),
                 (QStringList{"filler continuation", "filler continuation", "glyph printable z"}));
    }
}

// A length that ends inside a character: the bytes shown keep their roles (a lead, not a
// truncated sequence); the glyph is shown while its cells are, left out once they are not.
void TestDump::lengthEndsInsideACharacter() {
    DumpTotals totals;
    const auto rows = rowsOf("ab\xE4\xB8\x96"
                             "cd",
                             {.length = 4}, 0, &totals);
    QCOMPARE(cellsOf(rows[0]), (QStringList{"glyph printable a", "glyph printable b",
                                            "glyph lead3 世/2", "covered continuation"}));
    QCOMPARE(totals.problems, std::uint64_t(0));
    QCOMPARE(totals.end, std::uint64_t(4));
    const auto shorter = rowsOf("ab\xE4\xB8\x96"
                                "cd",
                                {.length = 3});
    QCOMPARE(cellsOf(shorter[0]),
             (QStringList{"glyph printable a", "glyph printable b", "filler lead3"}));
    // A problem that starts inside the range is told whole; one after it is not.
    const auto cut = rowsOf("ab\x80\x80\x80"
                            "c\xFF",
                            {.length = 3}, 0, &totals);
    QCOMPARE(totals.problems, std::uint64_t(1));
    QCOMPARE(cut[0].notes.size(), std::size_t(1));
    QCOMPARE(cut[0].notes[0].problem.length, std::uint64_t(3));
    QCOMPARE(cut[0].notes[0].firstCell, 2);
    QCOMPARE(cut[0].notes[0].endCell, 3); // only its first byte is shown
}

// Each problem under the row it starts in, its cells marked, its role its first byte's; a
// problem that ends a row is told only when the next row begins, and is still under its own.
void TestDump::problemsUnderTheirRows() {
    const QByteArray bytes = QByteArray("abcdef\xC0\xAF") + "gh\xE2\x82" + "ijkl" + "\xED\xA0\x80";
    DumpTotals totals;
    const auto rows = rowsOf(bytes, {.width = 8}, 0, &totals);
    QCOMPARE(rows.size(), std::size_t(3));
    QCOMPARE(totals.problems, std::uint64_t(3));
    QCOMPARE(rows[0].notes.size(), std::size_t(1));
    const DumpNote& overlong = rows[0].notes[0];
    QCOMPARE(overlong.problem.kind, u8codec::ProblemKind::Overlong);
    QCOMPARE(overlong.firstCell, 6);
    QCOMPARE(overlong.endCell, 8);
    QCOMPARE(overlong.role, CellRole::ErrorInvalidByte);
    QCOMPARE(rows[1].notes.size(), std::size_t(1));
    QCOMPARE(rows[1].notes[0].problem.kind, u8codec::ProblemKind::Truncated);
    QCOMPARE(rows[1].notes[0].firstCell, 2);
    QCOMPARE(rows[1].notes[0].endCell, 4);
    QCOMPARE(rows[2].notes.size(), std::size_t(1));
    QCOMPARE(rows[2].notes[0].problem.kind, u8codec::ProblemKind::Surrogate);
    QCOMPARE(rows[2].notes[0].role, CellRole::ErrorSurrogate);
    QCOMPARE(rows[2].notes[0].firstCell, 0);
    QCOMPARE(rows[2].notes[0].endCell, 3);
    // The same problems as the codec's scanner finds in the whole.
    std::vector<u8codec::Problem> expected;
    u8codec::ProblemScanner scanner;
    auto sink = [&](const u8codec::Problem& p) { expected.push_back(p); };
    scanner.feed(bytesOf(bytes), sink);
    scanner.finish(sink);
    QCOMPARE(expected.size(), std::size_t(3));
    QCOMPARE(rows[1].notes[0].problem.offset, expected[1].offset);
}

// A run of stray continuation bytes longer than the rows held back: rows still go out as the
// bytes come (constant memory), and the run's note goes under the first row still held.
void TestDump::longRunIsHeldBackBoundedly() {
    const int width = 16;
    const std::size_t runRows = std::size_t(DumpRows::kMaxHeldRows) * 3;
    const QByteArray bytes = QByteArray("ab") + QByteArray(int(runRows) * width, '\x80') + "z";
    Collect sink;
    DumpRows rows({.width = width}, sink);
    std::size_t mostHeld = 0;
    const auto all = bytesOf(bytes);
    for (std::size_t i = 0; i < all.size(); i += 64) {
        // Fed on past "enough" on purpose: the rows held back are measured whatever a reader
        // does with feed()'s answer.
        static_cast<void>(rows.feed(all.subspan(i, std::min<std::size_t>(64, all.size() - i))));
        const std::size_t complete = (i + 64) / std::size_t(width);
        mostHeld = std::max(mostHeld, complete - std::min(complete, sink.rows.size()));
    }
    rows.finish();
    QVERIFY2(mostHeld <= std::size_t(DumpRows::kMaxHeldRows) + 4,
             qPrintable(QString::number(mostHeld)));
    std::size_t notes = 0;
    for (const DumpRow& r : sink.rows)
        for (const DumpNote& n : r.notes) {
            ++notes;
            QCOMPARE(n.problem.offset, std::uint64_t(2));
            QCOMPARE(n.problem.length, std::uint64_t(runRows) * width);
            QVERIFY(r.offset > 0); // not under the first row: that one had to go out
            QCOMPARE(n.firstCell, 0);
        }
    QCOMPARE(notes, std::size_t(1));
}

void TestDump::anyChunkingGivesTheSameRows() {
    // Mostly text, with every kind of lead and error now and then.
    const QByteArray bytes = generated(22, 3000, [](int pick, QByteArray& out) {
        if (pick < 150)
            out += char('a' + pick % 26);
        else if (pick < 170)
            out += "\xE4\xB8\x96";
        else if (pick < 190)
            out += "\xF0\x9F\x98\x80";
        else if (pick < 210)
            out += "\xC3\xA9";
        else
            out += char(0x80 + pick % 128);
    });
    for (std::uint64_t offset : {0u, 1u, 2u, 5u, 17u}) {
        const DumpOptions options{.width = 16, .offset = offset, .length = 2500};
        const auto whole = rowsOf(bytes, options);
        for (std::size_t chunk : {1u, 3u, 64u, 1000u}) {
            const auto pieces = rowsOf(bytes, options, chunk);
            QCOMPARE(pieces.size(), whole.size());
            for (std::size_t i = 0; i < whole.size(); ++i) {
                QCOMPARE(cellsOf(pieces[i]), cellsOf(whole[i]));
                QCOMPARE(pieces[i].notes.size(), whole[i].notes.size());
                for (std::size_t n = 0; n < whole[i].notes.size(); ++n) {
                    QCOMPARE(pieces[i].notes[n].problem.offset, whole[i].notes[n].problem.offset);
                    QCOMPARE(pieces[i].notes[n].firstCell, whole[i].notes[n].firstCell);
                }
            }
        }
    }
}

// The totals count each shown byte once, under the role of its cell, whichever way its row was
// filled (well-formed stretches are counted apart from their placing, a character across a row's
// end is placed the general way) and whatever the chunking.
void TestDump::totalsCountEveryShownByte() {
    const QByteArray bytes = generated(18, 4000, [](int pick, QByteArray& out) {
        if (pick < 110)
            out += char('a' + pick % 26);
        else if (pick < 130)
            out += " \t\n\r"[pick % 4];
        else if (pick < 140)
            out += pick % 2 ? "\x7F" : "\x1B";
        else if (pick < 165)
            out += "\xE4\xB8\x96";
        else if (pick < 185)
            out += "\xF0\x9F\x98\x80";
        else if (pick < 215)
            out += "\xC3\xA9";
        else
            out += char(0x80 + pick % 128);
    });
    for (const int width : {8, 16, 32})
        for (const std::uint64_t offset : {0u, 5u})
            for (const std::size_t chunk : {0u, 7u, 1000u}) {
                DumpTotals totals;
                const auto rows = rowsOf(bytes, {.width = width, .offset = offset, .length = 7000},
                                         chunk, &totals);
                QList<quint64> shown(kCellRoleCount);
                quint64 cells = 0;
                for (const DumpRow& r : rows)
                    for (int i = 0; i < r.count; ++i, ++cells)
                        ++shown[int(r.roles[std::size_t(i)])];
                QCOMPARE(quint64(totals.end - totals.start), cells);
                QCOMPARE(QList<quint64>(totals.bytesByRole.begin(), totals.bytesByRole.end()),
                         shown);
            }
}

// The totals line of the HTML and printed pages: offsets in hex as in the window, the range's
// last byte shown (a 153-byte file is 0x0 to 0x98, not "0 to 153").
void TestDump::totalsSentenceNamesTheLastByte() {
    DumpTotals t;
    t.end = 153;
    t.problems = 2;
    QCOMPARE(QString::fromStdString(totalsSentence(t)),
             QStringLiteral("Bytes 0x0 to 0x98 (153 bytes), 2 problems."));
    t.start = 0x10;
    t.end = 0x11;
    t.problems = 1;
    QCOMPARE(QString::fromStdString(totalsSentence(t)),
             QStringLiteral("Bytes 0x10 to 0x10 (1 byte), 1 problem."));
    t.end = t.start;
    t.problems = 0;
    QCOMPARE(QString::fromStdString(totalsSentence(t)), QStringLiteral("No bytes, 0 problems."));
    // The HTML page says the same.
    const std::string page = htmlPageOf(QByteArray(153, 'a'), "a.txt");
    QVERIFY(!page.empty());
    QVERIFY2(page.find("Bytes 0x0 to 0x98 (153 bytes), 0 problems.") != std::string::npos,
             page.c_str());
}

// The page's first line gives its first offset in hex, as its totals and rows do and the window
// does (issue 33, defect 12: it said "From offset 4096" above "Bytes 0x1000 to ...").
void TestDump::htmlFirstOffsetInHex() {
    const QByteArray bytes(0x1100, 'a');
    std::string page;
    const DumpOptions options{.width = 16, .offset = 0x1000};
    HtmlDump html({"a.txt", std::uint64_t(bytes.size()), "u8scope test", {}}, options, 8,
                  [&](std::string_view piece) {
                      page.append(piece);
                      return true;
                  });
    DumpRows rows(options, html);
    feedWhole(rows, bytesOf(bytes.mid(qsizetype(DumpRows::streamStart(options)))));
    rows.finish();
    QVERIFY(html.finish(rows.totals()));
    QVERIFY2(page.find("From offset 0x1000 of 4352 bytes") != std::string::npos, page.c_str());
    QVERIFY2(page.find("Bytes 0x1000 to 0x10FF (256 bytes)") != std::string::npos, page.c_str());
}

// More characters than the cache of texts holds (the 20992 CJK unified ideographs, many sharing
// a set of it), forwards then backwards: each keeps its own text, computed again once put out.
void TestDump::manyCharactersKeepTheirTexts() {
    CellTexts texts;
    for (const bool backwards : {false, true})
        for (char32_t i = 0; i <= 0x9FFF - 0x4E00; ++i) {
            const char32_t cp = backwards ? 0x9FFF - i : 0x4E00 + i;
            std::uint8_t utf8[4];
            const int n = u8codec::encode(cp, utf8);
            const TextCell& t = texts.forCharacter({utf8, std::size_t(n)});
            QCOMPARE(QByteArray(t.view().data(), qsizetype(t.size)),
                     QByteArray(reinterpret_cast<const char*>(utf8), n));
            QCOMPARE(t.columns, std::uint8_t(2)); // East Asian Wide
        }
}

void TestDump::offsetPastTheEnd() {
    for (std::uint64_t offset : {3u, 4u, 9u}) {
        Collect sink;
        DumpRows rows({.offset = offset}, sink);
        feedWhole(rows, bytesOf(QByteArray("abc").mid(
                            qsizetype(DumpRows::streamStart({.offset = offset})))));
        rows.finish();
        QCOMPARE(rows.offsetPastEnd(), offset > 3);
        QVERIFY(sink.rows.empty());
    }
}

// The documented layout: offset, two spaces, hex in groups of 8, two spaces, the text between
// bars, padded to the row's width.
void TestDump::terminalWithoutColour() {
    const QString text = terminalText("A\xC3\xA9\n"
                                      "\xE4\xB8\x96z",
                                      false, {.width = 8});
    const QString expected = QStringLiteral("00000000  41 C3 A9 0A E4 B8 96 7A  ") + kBar +
                             QStringLiteral("Aé·␊世·z") + kBar + '\n';
    QCOMPARE(text, expected);
    const QString two = terminalText(QByteArray(18, 'x'), false, {.width = 16});
    const QStringList lines = two.split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QCOMPARE(lines[0],
             QStringLiteral("00000000  78 78 78 78 78 78 78 78  78 78 78 78 78 78 78 78  ") + kBar +
                 QString(16, 'x') + kBar);
    QCOMPARE(lines[1], QStringLiteral("00000010  78 78") + QString(3 * 14 + 1, ' ') +
                           QStringLiteral("  ") + kBar + QStringLiteral("xx") + QString(14, ' ') +
                           kBar);
    QVERIFY(!text.contains('\x1b'));
}

// The looks of role_colours.h's table: ASCII printable in the terminal's own colour, whitespace
// teal 30, lead2 32, lead3 27, continuation 28 (fillers dimmed), an error on its background,
// which stops at its last digit.
void TestDump::terminalWithColour() {
    const QString text = terminalText("A \xC3\xA9\xE4\xB8\x96\xFF", true, {.width = 8});
    const QString hex = QStringLiteral("00000000  ") + sgr(-1) + "41 " + sgr(30) + "20 " + sgr(32) +
                        "C3 " + sgr(28) + "A9 " + sgr(27) + "E4 " + sgr(28) + "B8 96 " +
                        sgr(231, 160, true) + "FF" + kReset;
    const QString textColumn = sgr(-1) + "A" + sgr(30) + " " + sgr(32) + "é" +
                               sgr(28, -1, false, true) + "·" + sgr(27) + "世" +
                               sgr(28, -1, false, true) + "·" + sgr(231, 160, true) + "�" + kReset;
    const QString expected = hex + "  " + kBar + textColumn + kBar + '\n';
    QCOMPARE(text.section('\n', 0, 0) + '\n', expected);
    // The error's note: its caret in the error's colour.
    QVERIFY(text.section('\n', 1, 1).contains(sgr(160, -1, true) + "^~" + kReset + " offset 0x7:"));
}

void TestDump::terminalNoteLine() {
    const QByteArray bytes = QByteArray("abcdefghij\xC0\xAFmn");
    const QString text = terminalText(bytes, false, {.width = 16});
    const QStringList lines = text.split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    u8codec::ProblemScanner scanner;
    std::string described;
    auto sink = [&](const u8codec::Problem& p) {
        described = u8codec::oneLine(p, u8codec::OffsetStyle::Hex);
    };
    scanner.feed(bytesOf(bytes), sink);
    scanner.finish(sink);
    // The caret under C0 AF: the 11th and 12th bytes, past the gap after the 8th.
    const int column = 8 + 2 + 10 * 3 + 1;
    QCOMPARE(lines[1],
             QString(column, ' ') + QStringLiteral("^~~~~ ") + QString::fromStdString(described));
    QCOMPARE(lines[0].indexOf(QStringLiteral("C0 AF")), column);
}

// On a terminal of 60 columns: no line longer, the lines after a note's first just inside the
// hex, and the words those of the description.
void TestDump::terminalNotesWrapped() {
    const QByteArray bytes = QByteArray("abcdefghij\xF0\x82\x82\xAC") + "mn";
    const QStringList lines =
        terminalText(bytes, false, {.width = 16}, 60).split('\n', Qt::SkipEmptyParts);
    QVERIFY(lines.size() > 3);
    u8codec::ProblemScanner scanner;
    QString described;
    auto sink = [&](const u8codec::Problem& p) {
        described = QString::fromStdString(u8codec::oneLine(p, u8codec::OffsetStyle::Hex));
    };
    scanner.feed(bytesOf(bytes), sink);
    scanner.finish(sink);
    QString words;
    for (int i = 1; i < lines.size(); ++i) {
        QVERIFY2(lines[i].size() <= 60, qPrintable(lines[i]));
        if (i == 1) {
            // The caret under F0 82 82 AC: 11 columns from the 11th byte's.
            QVERIFY2(lines[i].startsWith(QString(41, ' ') + '^' + QString(10, '~') + " offset"),
                     qPrintable(lines[i]));
            words += lines[i].mid(lines[i].indexOf("offset"));
        } else {
            // Two columns in from the hex: a hanging indent.
            QVERIFY2(lines[i].startsWith(QString(12, ' ')) && lines[i][12] != ' ',
                     qPrintable(lines[i]));
            words += ' ' + lines[i].mid(12);
        }
    }
    QCOMPARE(words, described);
}

// The page is well-formed XML with the structure it promises: a style sheet with each role's
// colours from the window's table, the dump, a legend of the roles present and every problem.
void TestDump::htmlReadsBack() {
    const QByteArray bytes =
        QByteArray("Hi \xE4\xB8\x96\n\xC0\xAF\x80\xF0\x9F\x98\x80\xED\xA0\x80z\xE2\x82");
    std::string page;
    const DumpOptions options{.width = 16};
    HtmlDump html({"t\xFF.txt", std::uint64_t(bytes.size()), "u8scope test", {}}, options, 8,
                  [&](std::string_view piece) {
                      page.append(piece);
                      return true;
                  });
    DumpRows rows(options, html);
    feedWhole(rows, bytesOf(bytes));
    rows.finish();
    QVERIFY(html.finish(rows.totals()));

    QXmlStreamReader xml(QByteArray::fromStdString(page));
    QString style, title;
    QStringList problems, legend, elements;
    QSet<QString> classes;
    QString current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            elements << xml.name().toString();
            for (const QString& c : xml.attributes().value("class").toString().split(' '))
                if (c.startsWith("r-"))
                    classes << c;
            if (xml.name() == u"style")
                style = xml.readElementText();
            else if (xml.name() == u"title")
                title = xml.readElementText();
            else if (xml.name() == u"li")
                problems << xml.readElementText(QXmlStreamReader::IncludeChildElements);
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(page.starts_with("<!DOCTYPE html>"));
    QVERIFY(!elements.contains("script"));
    QVERIFY(!elements.contains("link"));
    QVERIFY(!elements.contains("img"));
    QVERIFY(title.contains(QStringLiteral("t\uFFFD.txt"))); // the name's bad byte as U+FFFD
    // Every role shown has its light colours in the style sheet.
    QVERIFY(classes.size() >= 8);
    for (int r = 0; r < kCellRoleCount; ++r) {
        const CellRole role = CellRole(r);
        const QString cls = "r-" + QString::fromUtf8(key(role).data());
        const RoleColours& c = lightPalette()[role];
        const QString rule =
            "." + cls + "{background-color:" + cssName(c.fill) + ";color:" + cssName(c.text);
        QVERIFY2(style.contains(rule), qPrintable(rule));
        if (isError(role))
            QVERIFY2(style.contains(cssName(c.frame) + ";outline-offset"), qPrintable(cls));
    }
    for (const char* shown :
         {"r-printable", "r-whitespace", "r-lead3", "r-lead4", "r-continuation",
          "r-never-valid-byte", "r-stray-continuation", "r-surrogate", "r-truncated"})
        QVERIFY2(classes.contains(shown), shown);
    // Every problem the codec finds is listed, in order.
    QStringList expected;
    u8codec::ProblemScanner scanner;
    auto sink = [&](const u8codec::Problem& p) {
        expected << QString::fromStdString(u8codec::oneLine(p, u8codec::OffsetStyle::Hex));
    };
    scanner.feed(bytesOf(bytes), sink);
    scanner.finish(sink);
    QCOMPARE(expected.size(), 4);
    QCOMPARE(problems, expected);
    QCOMPARE(rows.totals().problems, std::uint64_t(4));
}

// The input's "<script>" is text in the page, never an element; quotes and ampersands too.
void TestDump::htmlEscapesTheInput() {
    const std::string page = htmlPageOf("<script>alert(\"x\")</script> & <b>", "<i>name</i>");
    QVERIFY(!page.empty());
    QXmlStreamReader xml(QByteArray::fromStdString(page));
    QString text;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement())
            QVERIFY2(xml.name() != u"script" && xml.name() != u"b" && xml.name() != u"i",
                     qPrintable(xml.name().toString()));
        if (xml.isCharacters())
            text += xml.text();
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(text.contains("<script>alert(\"x")); // 16 bytes a row
    QVERIFY(text.contains(")</script> & <b"));
    QVERIFY(text.contains("<i>name</i>"));
    QVERIFY(page.find("<script") == std::string::npos);
}

// Valid roles change only the foreground: readable on black and on white; errors set both, far
// apart from each other.
void TestDump::terminalColoursReadOnDarkAndLight() {
    const Argb black = 0xFF000000u, white = 0xFFFFFFFFu;
    QSet<int> seen;
    for (int r = 0; r < kCellRoleCount; ++r) {
        const CellRole role = CellRole(r);
        const TerminalLook look = terminalLook(role);
        if (role == CellRole::AsciiPrintable) {
            QCOMPARE(look.foreground, -1);
            continue;
        }
        QVERIFY(look.foreground >= 16 && look.foreground <= 255);
        if (isError(role)) {
            QVERIFY(look.background >= 16);
            QVERIFY2(contrast(xtermColour(look.foreground), xtermColour(look.background)) >= 4.5,
                     key(role).data());
            QVERIFY2(!seen.contains(look.background), key(role).data());
            seen << look.background;
        } else {
            QCOMPARE(look.background, -1);
            QVERIFY2(contrast(xtermColour(look.foreground), black) >= 3.0, key(role).data());
            QVERIFY2(contrast(xtermColour(look.foreground), white) >= 3.0, key(role).data());
            QVERIFY2(!seen.contains(look.foreground), key(role).data());
            seen << look.foreground;
        }
    }
    QCOMPARE(xtermColour(16), Argb(0xFF000000u));
    QCOMPARE(xtermColour(231), Argb(0xFFFFFFFFu));
    QCOMPARE(xtermColour(244), Argb(0xFF808080u));
    QCOMPARE(xtermColour(208), Argb(0xFFFF8700u));
}

// The table keeps the window's promises: leads darken with their length, every error kind has a
// frame and a hatch of its own.
void TestDump::windowPaletteIsTheTable() {
    for (const Palette* p : {&lightPalette(), &darkPalette()}) {
        const auto lightnessOf = [&](CellRole r) { return lightness((*p)[r].fill); };
        if (p->dark) {
            QVERIFY(lightnessOf(CellRole::Lead2) < lightnessOf(CellRole::Lead3));
            QVERIFY(lightnessOf(CellRole::Lead3) < lightnessOf(CellRole::Lead4));
        } else {
            QVERIFY(lightnessOf(CellRole::Lead2) > lightnessOf(CellRole::Lead3));
            QVERIFY(lightnessOf(CellRole::Lead3) > lightnessOf(CellRole::Lead4));
        }
        QSet<int> hatches;
        for (int r = int(CellRole::ErrorInvalidByte); r < kCellRoleCount; ++r) {
            QVERIFY((*p)[CellRole(r)].frame != 0);
            hatches << int(hatchOf(CellRole(r)));
        }
        QCOMPARE(hatches.size(), kCellRoleCount - int(CellRole::ErrorInvalidByte));
        QVERIFY(!hatches.contains(int(Hatch::None)));
    }
}

QTEST_APPLESS_MAIN(TestDump)
#include "tst_dump.moc"
