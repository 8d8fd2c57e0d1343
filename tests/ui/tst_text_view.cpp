// The text pane: whole characters selected by mouse and keyboard, lines and wrapping, nothing
// hidden, a 4 GB source laid out from its neighbourhood only, and the panes kept in step.
#include "contrast.h"
#include "glyph_coverage.h"
#include "hex_view.h"
#include "keep_in_step.h"
#include "sample_sources.h"
#include "text_view.h"
#include "u8codec/local_segments.h"

#include <QFontInfo>
#include <QImage>
#include <QPainter>
#include <QScrollBar>
#include <QTest>

using u8ui::ByteRange;
using u8ui::TextView;

namespace {

struct Fixture {
    u8ui::ByteDocument document;
    u8ui::ByteSelection selection;
    TextView view;
    explicit Fixture(std::shared_ptr<const u8codec::ByteSource> source, QSize size = {700, 400}) {
        document.setSource(std::move(source), QStringLiteral("sample"));
        view.setDocument(&document);
        view.setSelection(&selection);
        view.resize(size);
        view.show();
    }
    void drag(quint64 from, quint64 to) {
        const QPoint start = view.rectForOffset(from).center();
        const QPoint end = view.rectForOffset(to).center();
        QTest::mousePress(view.viewport(), Qt::LeftButton, {}, start);
        QMouseEvent move(QEvent::MouseMove, end, view.viewport()->mapToGlobal(end), Qt::NoButton,
                         Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(view.viewport(), &move);
        QTest::mouseRelease(view.viewport(), Qt::LeftButton, {}, end);
    }
};

// A hex pane and a text pane on one document and selection, kept in step as in the window.
struct LinkedPanes {
    u8ui::ByteDocument document;
    u8ui::ByteSelection selection;
    u8ui::HexView hex;
    TextView text;
    LinkedPanes(const QByteArray& bytes, QSize hexSize, QSize textSize) {
        document.setSource(u8ui::testing::memorySource(bytes), QStringLiteral("lines"));
        hex.resize(hexSize);
        text.resize(textSize);
        hex.setDocument(&document);
        hex.setSelection(&selection);
        text.setDocument(&document);
        text.setSelection(&selection);
        u8ui::keepInStep(&hex, &text);
        hex.show();
        text.show();
    }
};

ByteRange segmentRange(const u8codec::ByteSource& source, quint64 offset) {
    const u8codec::Segment s = u8codec::segmentAt(source, offset);
    return {s.offset, s.end()};
}

} // namespace

class TestTextView : public QObject {
    Q_OBJECT
private slots:
    void clickSelectsTheWholeCharacter_data();
    void clickSelectsTheWholeCharacter();
    void dragSelectsExactBytesOfWholeCharacters_data();
    void dragSelectsExactBytesOfWholeCharacters();
    void everyByteIsShown();
    void aSplitSelectionCoversWholeCharacters();
    void keyboardMovesByCharacter_data();
    void keyboardMovesByCharacter();
    void linesBreakAtLineFeedsAndWrap();
    void hugeSourceIsLaidOutLocally_data();
    void hugeSourceIsLaidOutLocally();
    void localLayoutEqualsAWalkFromTheStart_data();
    void localLayoutEqualsAWalkFromTheStart();
    void localLayoutInUtf16EqualsAWalkFromTheStart_data();
    void localLayoutInUtf16EqualsAWalkFromTheStart();
    void panesKeepInStep();
    void aForcedBreakIsMarked();
    void aCharacterNoFontHasShowsItsCodePoint();
    void aClusterIsOneCell();
    void emojiClustersDrawInColour();
    void aZwjSequenceDrawsAsItsFontDraws();
    void errorBytesReadAlsoWhenSelected();
    void clickAndDragInAScrolledTextPaneKeepItStill();
    void newContentKeepsThePlace();
    void emptyMissingAndShrunkSourcesAreHarmless_data();
    void emptyMissingAndShrunkSourcesAreHarmless();
};

void TestTextView::clickSelectsTheWholeCharacter_data() {
    QTest::addColumn<quint64>("offset");
    QTest::newRow("ascii") << quint64(0);
    QTest::newRow("control") << quint64(2);
    QTest::newRow("continuation of e-acute") << quint64(4);
    QTest::newRow("euro") << quint64(6);
    QTest::newRow("emoji") << quint64(11);
    QTest::newRow("invalid C0") << quint64(13);
    QTest::newRow("truncated E2 82") << quint64(25);
    QTest::newRow("line feed") << quint64(27);
}

void TestTextView::clickSelectsTheWholeCharacter() {
    QFETCH(quint64, offset);
    const auto source = u8ui::testing::memorySource(u8ui::testing::everyRoleSample());
    Fixture f(source);
    const QRect glyph = f.view.rectForOffset(offset);
    QVERIFY(!glyph.isNull());
    QTest::mouseClick(f.view.viewport(), Qt::LeftButton, {}, glyph.center());
    const ByteRange expected = segmentRange(*source, offset);
    QCOMPARE(f.selection.range(), expected);
    QCOMPARE(f.selection.cursor(), expected.start);
    QCOMPARE(f.view.offsetAt(glyph.center()), std::optional<quint64>(expected.start));
}

void TestTextView::dragSelectsExactBytesOfWholeCharacters_data() {
    QTest::addColumn<quint64>("from");
    QTest::addColumn<quint64>("to");
    QTest::addColumn<ByteRange>("range");
    QTest::addColumn<quint64>("cursor");
    QTest::newRow("euro to emoji") << quint64(6) << quint64(9) << ByteRange{5, 12} << quint64(11);
    QTest::newRow("emoji back to e-acute")
        << quint64(9) << quint64(4) << ByteRange{3, 12} << quint64(3);
    QTest::newRow("into an error segment")
        << quint64(0) << quint64(24) << ByteRange{0, 26} << quint64(25);
    QTest::newRow("within one character")
        << quint64(5) << quint64(7) << ByteRange{5, 8} << quint64(7);
}

void TestTextView::dragSelectsExactBytesOfWholeCharacters() {
    QFETCH(quint64, from);
    QFETCH(quint64, to);
    QFETCH(ByteRange, range);
    QFETCH(quint64, cursor);
    Fixture f(u8ui::testing::memorySource(u8ui::testing::everyRoleSample()));
    f.drag(from, to);
    QCOMPARE(f.selection.range(), range);
    QCOMPARE(f.selection.cursor(), cursor);
}

void TestTextView::everyByteIsShown() {
    // Every byte, error bytes included, lies in some glyph; one error segment is one glyph.
    const QByteArray bytes = u8ui::testing::everyRoleSample();
    const auto source = u8ui::testing::memorySource(bytes);
    Fixture f(source);
    for (quint64 o = 0; o < quint64(bytes.size()); ++o) {
        const QRect rect = f.view.rectForOffset(o);
        QVERIFY2(!rect.isNull(), qPrintable(QString::number(o)));
        const ByteRange segment = segmentRange(*source, o);
        QCOMPARE(f.view.rectForOffset(segment.start), rect);
        if (segment.start > 0)
            QVERIFY(f.view.rectForOffset(segment.start - 1) != rect);
    }
    QVERIFY(f.view.rectForOffset(quint64(bytes.size())).isNull());
}

void TestTextView::aSplitSelectionCoversWholeCharacters() {
    Fixture f(u8ui::testing::memorySource(u8ui::testing::everyRoleSample()));
    f.selection.setCursor(27);
    auto pixel = [&](quint64 offset) {
        const QImage image = f.view.viewport()->grab().toImage();
        const QRect r = f.view.rectForOffset(offset);
        return image.pixelColor(r.left() + 1, r.top() + 1);
    };
    const QColor base = f.view.palette().color(QPalette::Base);
    QCOMPARE(pixel(3), base);
    QCOMPARE(pixel(5), base);
    // The hex pane selected A9 E2: the tail of e-acute and the head of the euro sign.
    f.selection.select(ByteRange{4, 6});
    QVERIFY(pixel(3) != base);
    QVERIFY(pixel(5) != base);
    QCOMPARE(pixel(0), base);
    QCOMPARE(pixel(8), base);
    // Search matches likewise cover whole characters.
    f.selection.setCursor(27);
    f.selection.setHighlights({ByteRange{9, 10}});
    QVERIFY(pixel(8) != base);
    QCOMPARE(pixel(5), base);
}

void TestTextView::keyboardMovesByCharacter_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<quint64>("start");
    QTest::addColumn<int>("key");
    QTest::addColumn<int>("modifiers");
    QTest::addColumn<ByteRange>("range");
    QTest::addColumn<quint64>("cursor");
    const QByteArray sample = u8ui::testing::everyRoleSample();
    const QByteArray lines("abc\nd\xC3\xA9"
                           "f\nxyz",
                           12);
    const int none = Qt::NoModifier;
    const int shift = Qt::ShiftModifier;
    QTest::newRow("right over e-acute")
        << sample << quint64(3) << int(Qt::Key_Right) << none << ByteRange{5, 8} << quint64(5);
    QTest::newRow("right from a continuation byte")
        << sample << quint64(10) << int(Qt::Key_Right) << none << ByteRange{12, 13} << quint64(12);
    QTest::newRow("left onto the euro")
        << sample << quint64(8) << int(Qt::Key_Left) << none << ByteRange{5, 8} << quint64(5);
    QTest::newRow("left over an error segment")
        << sample << quint64(26) << int(Qt::Key_Left) << none << ByteRange{24, 26} << quint64(24);
    QTest::newRow("shift+right extends by characters")
        << sample << quint64(3) << int(Qt::Key_Right) << shift << ByteRange{3, 8} << quint64(7);
    QTest::newRow("shift+left extends backwards")
        << sample << quint64(8) << int(Qt::Key_Left) << shift << ByteRange{5, 12} << quint64(5);
    QTest::newRow("ctrl+end") << sample << quint64(3) << int(Qt::Key_End)
                              << int(Qt::ControlModifier) << ByteRange{27, 28} << quint64(27);
    QTest::newRow("ctrl+home") << sample << quint64(20) << int(Qt::Key_Home)
                               << int(Qt::ControlModifier) << ByteRange{0, 1} << quint64(0);
    QTest::newRow("home") << lines << quint64(7) << int(Qt::Key_Home) << none << ByteRange{4, 5}
                          << quint64(4);
    QTest::newRow("end stops before the line feed")
        << lines << quint64(4) << int(Qt::Key_End) << none << ByteRange{7, 8} << quint64(7);
    QTest::newRow("down keeps the column")
        << lines << quint64(1) << int(Qt::Key_Down) << none << ByteRange{5, 7} << quint64(5);
    QTest::newRow("up keeps the column")
        << lines << quint64(10) << int(Qt::Key_Up) << none << ByteRange{5, 7} << quint64(5);
    QTest::newRow("up on the first line goes home")
        << lines << quint64(2) << int(Qt::Key_Up) << none << ByteRange{0, 1} << quint64(0);
    QTest::newRow("shift+down selects whole characters")
        << lines << quint64(1) << int(Qt::Key_Down) << shift << ByteRange{1, 7} << quint64(6);
    QTest::newRow("page down to the last line")
        << lines << quint64(1) << int(Qt::Key_PageDown) << none << ByteRange{10, 11} << quint64(10);
}

void TestTextView::keyboardMovesByCharacter() {
    QFETCH(QByteArray, bytes);
    QFETCH(quint64, start);
    QFETCH(int, key);
    QFETCH(int, modifiers);
    QFETCH(ByteRange, range);
    QFETCH(quint64, cursor);
    Fixture f(u8ui::testing::memorySource(bytes));
    f.selection.setCursor(start);
    QTest::keyClick(&f.view, Qt::Key(key), Qt::KeyboardModifiers(modifiers));
    QCOMPARE(f.selection.range(), range);
    QCOMPARE(f.selection.cursor(), cursor);
}

void TestTextView::linesBreakAtLineFeedsAndWrap() {
    QByteArray bytes("one\r\ntwo\nthree\r");
    bytes += QByteArray(400, 'x');
    Fixture f(u8ui::testing::memorySource(bytes), {300, 500});
    auto top = [&](quint64 o) { return f.view.rectForOffset(o).top(); };
    QCOMPARE(top(3), top(0));  // CR stays on its line
    QCOMPARE(top(4), top(0));  // and so does the LF that ends it
    QVERIFY(top(5) > top(4));  // "two" after CRLF
    QVERIFY(top(9) > top(5));  // "three" after LF
    QCOMPARE(top(14), top(9)); // a lone CR does not break
    QCOMPARE(top(15), top(9)); // the x run starts after it, then wraps
    const int lastX = int(bytes.size()) - 1;
    QVERIFY(top(quint64(lastX)) > top(15) + f.view.rectForOffset(15).height());
    // The wrapped line stays within the viewport.
    for (quint64 o = 15; o < quint64(bytes.size()); ++o) {
        const QRect r = f.view.rectForOffset(o);
        if (!r.isNull())
            QVERIFY(r.right() <= f.view.viewport()->width());
    }
    // Widening re-wraps: the run fits on one line again; a height change keeps the lines.
    f.view.resize(4000, 500);
    QCOMPARE(top(quint64(lastX)), top(15));
    f.view.resize(4000, 200);
    QCOMPARE(top(quint64(lastX)), top(15));
}

void TestTextView::hugeSourceIsLaidOutLocally_data() {
    QTest::addColumn<quint64>("lineLength");
    QTest::newRow("no line feeds") << quint64(0);
    QTest::newRow("100-byte lines") << quint64(100);
    QTest::newRow("5000-byte lines") << quint64(5000);
}

void TestTextView::hugeSourceIsLaidOutLocally() {
    QFETCH(quint64, lineLength);
    const quint64 size = quint64(4) << 30;
    auto source = std::make_shared<u8ui::testing::GeneratedSource>(size, lineLength);
    // The layout looks back at most 2 chunks and lays out paragraphs of at most 2 chunks; with
    // the last screen (for the scroll range) that stays well under this.
    const quint64 budget = 16 * TextView::kChunk;
    source->bytesRead = 0;
    Fixture f(source, {600, 400});
    f.view.viewport()->grab();
    QVERIFY2(source->bytesRead.load() <= budget, qPrintable(QString::number(source->bytesRead)));

    const quint64 deep = (quint64(3) << 30) + 12345;
    source->bytesRead = 0;
    f.view.setTopOffset(deep);
    f.view.viewport()->grab();
    QVERIFY2(source->bytesRead.load() <= budget, qPrintable(QString::number(source->bytesRead)));
    qInfo("bytes read to show offset 3 GiB + 12345: %llu", quint64(source->bytesRead.load()));
    const quint64 top = f.view.topOffset();
    QVERIFY(top <= deep);
    QVERIFY(deep - top < 2 * TextView::kChunk);
    // The top is a character boundary, and the layout does not depend on where it was entered.
    QVERIFY(!f.view.rectForOffset(deep).isNull());
    QCOMPARE(u8codec::segmentAt(*source, top).offset, top);
    for (quint64 o = top; o <= deep; o += std::max<quint64>(1, (deep - top) / 8)) {
        f.view.setTopOffset(o);
        QCOMPARE(f.view.topOffset(), top);
    }
    // The glyph under the first line's start is the character there.
    const auto first = f.view.offsetAt(QPoint(10, 5));
    QVERIFY(first.has_value());
    QCOMPARE(u8codec::segmentAt(*source, *first).offset, *first);

    // The scroll bar's arrow moves one visual line: the second line comes to the top.
    const quint64 before = f.view.topOffset();
    const int lineHeight = f.view.rectForOffset(before).height();
    const auto secondLine = f.view.offsetAt(QPoint(1, lineHeight + lineHeight / 2));
    QVERIFY(secondLine.has_value());
    f.view.verticalScrollBar()->triggerAction(QAbstractSlider::SliderSingleStepAdd);
    QCOMPARE(f.view.topOffset(), *secondLine);
    f.view.verticalScrollBar()->triggerAction(QAbstractSlider::SliderSingleStepSub);
    QCOMPARE(f.view.topOffset(), before);

    // Paging through keeps the top on character boundaries and moves forward.
    f.selection.setCursor(top);
    quint64 previous = f.view.topOffset();
    for (int i = 0; i < 5; ++i) {
        QTest::keyClick(&f.view, Qt::Key_PageDown);
        QVERIFY(f.view.topOffset() > previous);
        previous = f.view.topOffset();
    }
    // Ctrl+End goes to the last character of the 4 GB source.
    source->bytesRead = 0;
    QTest::keyClick(&f.view, Qt::Key_End, Qt::ControlModifier);
    QCOMPARE(f.selection.range().end, size);
    QVERIFY(!f.view.rectForOffset(size - 1).isNull());
    QVERIFY(source->bytesRead.load() <= budget);
    QVERIFY(f.view.verticalScrollBar()->value() > f.view.verticalScrollBar()->maximum() * 0.99);
}

void TestTextView::localLayoutEqualsAWalkFromTheStart_data() {
    QTest::addColumn<int>("lineFeedEvery"); // average distance between line feeds, 0 for none
    QTest::newRow("short lines") << 60;
    QTest::newRow("lines around a chunk") << 4000;
    QTest::newRow("lines of several chunks") << 11000;
    QTest::newRow("no line feeds") << 0;
}

void TestTextView::localLayoutEqualsAWalkFromTheStart() {
    // The pane finds the line holding an offset from nearby bytes only. Walking down line by
    // line from the start gives every line start of the whole text; entering anywhere must land
    // on the same lines.
    QFETCH(int, lineFeedEvery);
    QByteArray bytes;
    quint32 state = 12345;
    auto next = [&] { return state = state * 1103515245u + 12345u, (state >> 8) & 0xFFFF; };
    const char* pieces[] = {
        "a", "b ", "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\x80", "\xE2\x82", "\t", "\r"};
    while (bytes.size() < 48 * 1024) {
        if (lineFeedEvery > 0 && int(next() % quint32(lineFeedEvery)) == 0)
            bytes += '\n';
        else
            bytes += pieces[next() % 9];
    }
    const auto source = u8ui::testing::memorySource(bytes);
    Fixture f(source, {500, 200});
    QList<quint64> lineStarts{f.view.topOffset()};
    for (;;) {
        f.view.verticalScrollBar()->triggerAction(QAbstractSlider::SliderSingleStepAdd);
        if (f.view.topOffset() == lineStarts.last())
            break; // the last line is at the bottom
        QVERIFY(f.view.topOffset() > lineStarts.last());
        lineStarts.append(f.view.topOffset());
    }
    QVERIFY(lineStarts.size() > 100);
    for (quint64 start : lineStarts) // every line starts on a segment boundary
        QCOMPARE(u8codec::segmentAt(*source, start).offset, start);
    const quint64 lastTop = lineStarts.last();
    for (int i = 0; i < 400; ++i) {
        const quint64 offset = next() * 7919u % lastTop;
        f.view.setTopOffset(offset);
        const auto expected =
            std::prev(std::upper_bound(lineStarts.begin(), lineStarts.end(), offset));
        QCOMPARE(f.view.topOffset(), *expected);
    }
}

void TestTextView::localLayoutInUtf16EqualsAWalkFromTheStart_data() {
    QTest::addColumn<QString>("encoding");
    QTest::addColumn<int>("lineFeedEvery"); // in units; 0 for none
    QTest::newRow("LE, short lines") << "UTF-16LE" << 40;
    QTest::newRow("LE, lines around a chunk") << "UTF-16LE" << 2000;
    QTest::newRow("BE, no line feeds") << "UTF-16BE" << 0;
}

void TestTextView::localLayoutInUtf16EqualsAWalkFromTheStart() {
    // The same in UTF-16 (View > Text Encoding): lines start on a unit, a pair is never cut, and
    // 0A is a line feed only as the unit 000A (U+010A and U+0A00 hold the byte too).
    QFETCH(QString, encoding);
    QFETCH(int, lineFeedEvery);
    const auto made = u8convert::TextReading::make(encoding.toStdString());
    QVERIFY(made);
    const std::shared_ptr<const u8convert::TextReading> reading = *made;
    const bool little = encoding.endsWith(QLatin1String("LE"));
    QByteArray bytes;
    auto unit = [&](char16_t u) {
        bytes += char(little ? u & 0xFF : u >> 8);
        bytes += char(little ? u >> 8 : u & 0xFF);
    };
    quint32 state = 54321;
    auto next = [&] { return state = state * 1103515245u + 12345u, (state >> 8) & 0xFFFF; };
    const char16_t pieces[][2] = {{u'a', 0},        {u' ', 0},   {0x010A, 0}, {0x0A00, 0},
                                  {0xD83D, 0xDE00}, {0xDC00, 0}, {0x4E16, 0}, {0xD800, 0}};
    while (bytes.size() < 48 * 1024) {
        if (lineFeedEvery > 0 && int(next() % quint32(lineFeedEvery)) == 0) {
            unit(u'\n');
            continue;
        }
        const auto& p = pieces[next() % 8];
        unit(p[0]);
        if (p[1] != 0)
            unit(p[1]);
    }
    const auto source = u8ui::testing::memorySource(bytes);
    Fixture f(source, {500, 200});
    f.view.setTextReading(reading);
    QList<quint64> lineStarts{f.view.topOffset()};
    for (;;) {
        f.view.verticalScrollBar()->triggerAction(QAbstractSlider::SliderSingleStepAdd);
        if (f.view.topOffset() == lineStarts.last())
            break;
        QVERIFY(f.view.topOffset() > lineStarts.last());
        lineStarts.append(f.view.topOffset());
    }
    QVERIFY(lineStarts.size() > 100);
    for (quint64 start : lineStarts)
        QCOMPARE(reading->segmentAt(*source, start).offset, start);
    const quint64 lastTop = lineStarts.last();
    for (int i = 0; i < 300; ++i) {
        const quint64 offset = next() * 7919u % lastTop;
        f.view.setTopOffset(offset);
        const auto expected =
            std::prev(std::upper_bound(lineStarts.begin(), lineStarts.end(), offset));
        QCOMPARE(f.view.topOffset(), *expected);
    }
}

void TestTextView::panesKeepInStep() {
    QByteArray bytes;
    for (int i = 0; i < 2000; ++i)
        bytes += QByteArray("line ") + QByteArray::number(i) + " caf\xC3\xA9\n";
    LinkedPanes panes(bytes, {600, 400}, {600, 400});
    u8ui::ByteSelection& selection = panes.selection;
    u8ui::HexView& hex = panes.hex;
    TextView& text = panes.text;

    // Scrolling the hex pane brings the text pane to the same place.
    hex.setTopOffset(20000);
    QVERIFY(text.topOffset() <= hex.topOffset());
    QVERIFY(hex.topOffset() - text.topOffset() < 32);
    QVERIFY(!text.rectForOffset(hex.topOffset()).isNull());
    // And the other way round.
    text.setTopOffset(5000);
    QVERIFY(hex.topOffset() <= text.topOffset());
    QVERIFY(text.topOffset() - hex.topOffset() < 16);

    // A click in the text pane moves the hex pane's cursor, which stays visible in both.
    const quint64 target = text.topOffset() + 40;
    const QRect glyph = text.rectForOffset(target);
    QTest::mouseClick(text.viewport(), Qt::LeftButton, {}, glyph.center());
    QVERIFY(selection.range().contains(target));
    QVERIFY(!hex.cellRect(selection.cursor()).isNull());
    // A cursor set elsewhere (a problem, a search hit) far away shows in both panes.
    selection.setCursor(25000);
    QVERIFY(!hex.cellRect(25000).isNull());
    QVERIFY(!text.rectForOffset(25000).isNull());
}

// The text pane shows more bytes than the hex pane (60-byte lines): a click two-thirds down makes
// the hex pane scroll to reach the cursor, and the text pane must not follow it (it slid the
// text under the mouse, and a drag then selected far past the pointer).
void TestTextView::clickAndDragInAScrolledTextPaneKeepItStill() {
    QByteArray bytes;
    for (int i = 0; i < 3000; ++i)
        bytes += QByteArray::number(i).rightJustified(6, '0') + QByteArray(52, 'x') + " \n";
    LinkedPanes panes(bytes, {600, 400}, {700, 600});
    u8ui::ByteSelection& selection = panes.selection;
    u8ui::HexView& hex = panes.hex;
    TextView& text = panes.text;
    text.setTopOffset(100 * 60);
    const quint64 top = text.topOffset();
    QCOMPARE(top, quint64(100 * 60));
    QVERIFY(text.visibleLines() > 20);

    const auto pointOnLine = [&](int line) {
        return text.rectForOffset(top + quint64(line) * 60 + 3).center();
    };
    // A click: the view stays still, the cursor lands on the character under the mouse.
    const QPoint click = pointOnLine(text.visibleLines() * 2 / 3);
    const quint64 under = *text.offsetAt(click);
    QTest::mouseClick(text.viewport(), Qt::LeftButton, {}, click);
    QCOMPARE(text.topOffset(), top);
    QCOMPARE(selection.cursor(), under);
    QVERIFY(!hex.cellRect(under).isNull()); // the hex pane scrolled to show it

    // A drag from line 2 to line 16 of the screen selects exactly the characters under the
    // pointer at both ends.
    QTest::mouseClick(text.viewport(), Qt::LeftButton, {}, pointOnLine(0)); // back to the top
    QCOMPARE(text.topOffset(), top);
    const QPoint from = pointOnLine(2);
    const QPoint to = pointOnLine(16);
    const quint64 fromOffset = *text.offsetAt(from);
    const quint64 toOffset = *text.offsetAt(to);
    QTest::mousePress(text.viewport(), Qt::LeftButton, {}, from);
    for (int y = from.y(); y <= to.y(); y += 7) {
        const QPoint p(to.x(), std::min(y, to.y()));
        QMouseEvent move(QEvent::MouseMove, p, text.viewport()->mapToGlobal(p), Qt::NoButton,
                         Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(text.viewport(), &move);
    }
    QMouseEvent last(QEvent::MouseMove, to, text.viewport()->mapToGlobal(to), Qt::NoButton,
                     Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(text.viewport(), &last);
    QTest::mouseRelease(text.viewport(), Qt::LeftButton, {}, to);
    QCOMPARE(text.topOffset(), top);
    QCOMPARE(selection.range(), (ByteRange{fromOffset, toOffset + 1}));
}

// A line longer than a chunk without a line feed is cut at the chunk boundary (see the header):
// the cut is marked after its last character, inside the pane; lines that end at a line feed
// or at the end of the text get no mark.
void TestTextView::aCharacterNoFontHasShowsItsCodePoint() {
    // U+0378 is unassigned and U+1E4D0 NAG MUNDARI LETTER O (Unicode 15.0) is in no font of
    // Debian 12: both get their code point in a box. "a", "é" and "€" are in every font the set-up
    // installs.
    const QByteArray bytes("a\xCD\xB8\xC3\xA9\xE2\x82\xAC\xF0\x9E\x93\x90");
    Fixture f(u8ui::testing::memorySource(bytes));
    QVERIFY(!u8ui::fontsCanDraw(f.view.font(), U'\u0378'));
    QVERIFY(u8ui::fontsCanDraw(f.view.font(), U'\u00E9'));
    QCOMPARE(f.view.markerAt(1), QStringLiteral("0378"));
    QCOMPARE(f.view.markerAt(8), QStringLiteral("1E4D0"));
    QCOMPARE(f.view.markerAt(0), QString());
    QCOMPARE(f.view.markerAt(3), QString());
    QCOMPARE(f.view.markerAt(5), QString());
    // The box is as wide as its label needs, wider than a letter.
    QVERIFY(f.view.rectForOffset(1).width() > f.view.rectForOffset(0).width());
}

void TestTextView::aClusterIsOneCell() {
    // e + U+0301, then 👩‍👩‍👧 (three emoji joined by U+200D), then a flag, each one
    // cluster (UAX #29); an error segment after "x" stays a cell of its own, and so does the mark
    // after it (it has no base).
    const QByteArray bytes("e\xCC\x81 \xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D"
                           "\xF0\x9F\x91\xA7 \xF0\x9F\x87\xAB\xF0\x9F\x87\xB7 x\xFF\xCC\x81");
    Fixture f(u8ui::testing::memorySource(bytes));
    QVERIFY(f.view.showClusters());
    QCOMPARE(f.view.cellAt(1), (ByteRange{0, 3}));
    QCOMPARE(f.view.cellAt(10), (ByteRange{4, 22}));
    QCOMPARE(f.view.cellAt(23), (ByteRange{23, 31}));
    QCOMPARE(f.view.cellAt(33), (ByteRange{33, 34}));
    QCOMPARE(f.view.cellAt(34), (ByteRange{34, 36}));
    QCOMPARE(f.view.rectForOffset(2), f.view.rectForOffset(0));
    QCOMPARE(f.view.markerAt(8), QString()); // the ZWJ is inside the family's cell
    // A click on any byte of the cluster selects the whole cluster.
    QTest::mouseClick(f.view.viewport(), Qt::LeftButton, {}, f.view.rectForOffset(10).center());
    QCOMPARE(f.selection.range(), (ByteRange{4, 22}));

    f.view.setShowClusters(false);
    QCOMPARE(f.view.cellAt(1), (ByteRange{1, 3}));
    QCOMPARE(f.view.cellAt(0), (ByteRange{0, 1}));
    QCOMPARE(f.view.cellAt(23), (ByteRange{23, 27}));
    QCOMPARE(f.view.markerAt(8), QStringLiteral("ZWJ"));
    QVERIFY(f.view.rectForOffset(1) != f.view.rectForOffset(0));
}

// Issue 33, defect 8: a skin-toned emoji joined into one cell ("👍🏽") draws as one colour
// glyph, as wide as a lone emoji, never as a monochrome hand beside a brown square.
void TestTextView::emojiClustersDrawInColour() {
    // 0-7 👍🏽, 8 ' ', 9-12 👩, 13 LF
    const QByteArray bytes("\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD \xF0\x9F\x91\xA9\n");
    Fixture f(u8ui::testing::memorySource(bytes));
    f.selection.setCursor(quint64(bytes.size()) - 1); // the cursor box away from the emoji
    // Pixels far from grey: a colour glyph has many, an outline none.
    const auto colourful = [&f](const QRect& cell) {
        const QImage image = f.view.viewport()->grab().toImage();
        int n = 0;
        for (int y = cell.top(); y <= cell.bottom(); ++y)
            for (int x = cell.left(); x <= cell.left() + cell.width() / 2; ++x)
                n += QColor(image.pixel(x, y)).hsvSaturation() > 100;
        return n;
    };
    QVERIFY(f.view.showClusters());
    const QRect woman = f.view.rectForOffset(9);
    if (colourful(woman) < 10)
        QSKIP("no colour emoji font (fonts-noto-color-emoji) here");
    QCOMPARE(f.view.cellAt(0), (ByteRange{0, 8}));
    const QRect thumb = f.view.rectForOffset(0);
    QVERIFY2(qAbs(thumb.width() - woman.width()) <= 2,
             qPrintable(QStringLiteral("%1 against %2").arg(thumb.width()).arg(woman.width())));
    QVERIFY2(colourful(thumb) >= 10, qPrintable(QString::number(colourful(thumb))));
}

// Issue 33, defect 8: a family joined by ZWJ ("👨‍👩‍👧") is one cell drawn as the colour
// emoji font draws the whole sequence: Noto Color Emoji 2.042 (Emoji 15.1) draws family sequences
// as grey silhouettes, by design, so the cell is grey there; what must not happen is the sequence
// split into three people, or drawn small by a monochrome fallback font.
void TestTextView::aZwjSequenceDrawsAsItsFontDraws() {
    // 0-17 👨‍👩‍👧, 18 ' ', 19-22 👩, 23 LF
    const QByteArray family(
        "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7");
    const QByteArray bytes = family + " \xF0\x9F\x91\xA9\n";
    Fixture f(u8ui::testing::memorySource(bytes));
    f.selection.setCursor(quint64(bytes.size()) - 1);
    QFont emojiFont = f.view.font();
    emojiFont.setFamilies(QStringList{QStringLiteral("Noto Color Emoji")} + emojiFont.families());
    if (QFontInfo(emojiFont).family() != QStringLiteral("Noto Color Emoji"))
        QSKIP("no colour emoji font (fonts-noto-color-emoji) here");
    QCOMPARE(f.view.cellAt(0), (ByteRange{0, 18}));
    const QRect cell = f.view.rectForOffset(0);
    const QRect woman = f.view.rectForOffset(19);
    const QColor base = f.view.palette().color(QPalette::Base);
    // The box of what is drawn in `rect` of `image`, other than the background.
    const auto ink = [&base](const QImage& image, const QRect& area) {
        const QRect rect = area & image.rect();
        QRect box;
        for (int y = rect.top(); y <= rect.bottom(); ++y)
            for (int x = rect.left(); x <= rect.right(); ++x)
                if (image.pixelColor(x, y) != base)
                    box |= QRect(x, y, 1, 1);
        return box;
    };
    const QImage shot = f.view.viewport()->grab().toImage();
    const QRect drawn = ink(shot, cell);
    // As wide as one emoji (one glyph, not three people) and as tall as one (not a small
    // monochrome stand-in).
    QVERIFY2(qAbs(cell.width() - woman.width()) <= 2,
             qPrintable(QStringLiteral("%1 against %2").arg(cell.width()).arg(woman.width())));
    const QRect one = ink(shot, woman);
    QVERIFY2(drawn.height() >= one.height() * 8 / 10,
             qPrintable(QStringLiteral("%1 against %2").arg(drawn.height()).arg(one.height())));
    // And the glyph is the font's own: drawn alone with the emoji font, the same box.
    QImage reference(shot.size(), QImage::Format_ARGB32);
    reference.fill(base);
    QPainter painter(&reference);
    // In the view's pixel size: an image's resolution is not the screen's.
    QFont inPixels = emojiFont;
    inPixels.setPixelSize(QFontInfo(f.view.font()).pixelSize());
    painter.setFont(inPixels);
    painter.drawText(cell, Qt::AlignLeft | Qt::AlignVCenter, QString::fromUtf8(family));
    painter.end();
    const QRect expected = ink(reference, cell.adjusted(-2, -2, 2, 2));
    QVERIFY2(qAbs(drawn.width() - expected.width()) <= 2 &&
                 qAbs(drawn.height() - expected.height()) <= 2,
             qPrintable(QStringLiteral("%1x%2 against %3x%4")
                            .arg(drawn.width())
                            .arg(drawn.height())
                            .arg(expected.width())
                            .arg(expected.height())));
}

void TestTextView::aForcedBreakIsMarked() {
    QByteArray bytes;
    while (bytes.size() < 10000)
        bytes += "abcdefghijklmnopqrstuvwxyz";
    Fixture f(u8ui::testing::memorySource(bytes), {500, 400});
    f.view.setTopOffset(3900);
    const std::vector<QRect> marks = f.view.forcedBreakMarks();
    QCOMPARE(marks.size(), std::size_t(1));
    const QRect mark = marks.front();
    const QRect last = f.view.rectForOffset(TextView::kChunk - 1);
    QVERIFY(!last.isNull());
    QVERIFY2(mark.left() >= last.right() && mark.left() - last.right() <= 2,
             qPrintable(QStringLiteral("mark at %1, last glyph ends at %2")
                            .arg(mark.left())
                            .arg(last.right())));
    QCOMPARE(mark.top(), last.top());
    QVERIFY(mark.right() < f.view.viewport()->width());
    // Something is drawn there, not the bare background.
    const QImage shot = f.view.viewport()->grab().toImage();
    const QColor base = f.view.palette().color(QPalette::Base);
    int drawn = 0;
    for (int y = mark.top(); y <= mark.bottom(); ++y)
        for (int x = mark.left(); x <= mark.right(); ++x)
            drawn += shot.pixelColor(x, y) != base;
    QVERIFY2(drawn > mark.width() * mark.height() / 3, qPrintable(QString::number(drawn)));
    // The text after the cut starts the next line.
    QCOMPARE(f.view.rectForOffset(TextView::kChunk).left(),
             f.view.rectForOffset(f.view.topOffset()).left());

    QByteArray lines;
    for (int i = 0; i < 300; ++i)
        lines += "a line of text that ends at a line feed\n";
    Fixture plain(u8ui::testing::memorySource(lines), {500, 400});
    plain.view.setTopOffset(4000);
    QVERIFY(plain.view.forcedBreakMarks().empty());
    f.view.setTopOffset(bytes.size() - 10); // the last line ends the text, not a chunk
    QVERIFY(f.view.forcedBreakMarks().empty());
}

// An error segment's hex bytes are drawn in the text's size (they were 7 px on the hatch) and
// stand out from their plate, also when selected.
void TestTextView::errorBytesReadAlsoWhenSelected() {
    Fixture f(u8ui::testing::memorySource("ab\xC0 cd"));
    const QRect box = f.view.rectForOffset(2);
    QVERIFY(!box.isNull());
    const int capHeight = QFontMetrics(f.view.font()).capHeight();
    for (bool selected : {false, true}) {
        if (selected)
            f.selection.setAnchorAndCursor(1, 3);
        else
            f.selection.setCursor(0);
        QCOMPARE(f.selection.range().contains(2), selected);
        const QImage shot = f.view.viewport()->grab().toImage();
        // Inside the frame: the commonest colour is the plate, the digits' ink contrasts with
        // it at least 3:1 (the faint hatch and anti-aliased edges do not).
        const QRect inside = box.adjusted(4, 4, -4, -4);
        QMap<QRgb, int> counts;
        for (int y = inside.top(); y <= inside.bottom(); ++y)
            for (int x = inside.left(); x <= inside.right(); ++x)
                ++counts[shot.pixel(x, y)];
        const QRgb plate = std::max_element(counts.begin(), counts.end()).key();
        int top = INT_MAX, bottom = -1, ink = 0;
        for (int y = inside.top(); y <= inside.bottom(); ++y)
            for (int x = inside.left(); x <= inside.right(); ++x)
                if (u8ui::contrastRatio(shot.pixelColor(x, y), QColor(plate)) >= 3.0) {
                    top = std::min(top, y);
                    bottom = std::max(bottom, y);
                    ++ink;
                }
        QVERIFY2(ink >= 10, qPrintable(QStringLiteral("%1 ink pixels").arg(ink)));
        QVERIFY2(bottom - top + 1 >= capHeight - 1,
                 qPrintable(QStringLiteral("digits %1 px tall, the text's capitals %2 px")
                                .arg(bottom - top + 1)
                                .arg(capHeight)));
    }
}

void TestTextView::emptyMissingAndShrunkSourcesAreHarmless_data() {
    QTest::addColumn<int>("kind");
    QTest::newRow("no document source") << 0;
    QTest::newRow("empty") << 1;
    QTest::newRow("shrank to 10 of 100000 bytes") << 2;
    QTest::newRow("shrank to nothing") << 3;
}

void TestTextView::emptyMissingAndShrunkSourcesAreHarmless() {
    QFETCH(int, kind);
    u8ui::ByteDocument document;
    QByteArray lines;
    for (int i = 0; i < 50; ++i)
        lines += "caf\xC3\xA9 line\n";
    if (kind == 1)
        document.setSource(u8ui::testing::memorySource(QByteArray()), QStringLiteral("empty"));
    else if (kind == 2)
        document.setSource(std::make_shared<u8ui::testing::ShrunkSource>(lines.left(10), 100000),
                           QStringLiteral("shrunk"));
    else if (kind == 3)
        document.setSource(std::make_shared<u8ui::testing::ShrunkSource>(QByteArray(), 100000),
                           QStringLiteral("gone"));
    u8ui::ByteSelection selection;
    u8ui::HexView hex;
    TextView text;
    hex.setDocument(&document);
    hex.setSelection(&selection);
    text.setDocument(&document);
    text.setSelection(&selection);
    u8ui::keepInStep(&hex, &text);
    hex.resize(500, 300);
    text.resize(500, 300);
    hex.show();
    text.show();
    // Every key, click and scroll: nothing may crash or hang, and the cursor stays in range.
    const int keys[] = {Qt::Key_Right, Qt::Key_Left, Qt::Key_Down,     Qt::Key_Up,
                        Qt::Key_End,   Qt::Key_Home, Qt::Key_PageDown, Qt::Key_PageUp};
    for (QAbstractScrollArea* view :
         {static_cast<QAbstractScrollArea*>(&hex), static_cast<QAbstractScrollArea*>(&text)}) {
        for (int key : keys)
            for (auto modifiers :
                 {Qt::KeyboardModifiers(), Qt::KeyboardModifiers(Qt::ShiftModifier),
                  Qt::KeyboardModifiers(Qt::ControlModifier)}) {
                QTest::keyClick(view, Qt::Key(key), modifiers);
                view->viewport()->grab();
            }
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, QPoint(100, 10));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, QPoint(100, 250));
        view->verticalScrollBar()->setValue(view->verticalScrollBar()->maximum());
        view->viewport()->grab();
        QVERIFY(selection.cursor() < std::max<quint64>(1, document.size()));
    }
    hex.setTopOffset(50000);
    text.setTopOffset(50000);
    hex.viewport()->grab();
    text.viewport()->grab();
    if (kind == 2) { // what could be read is still shown
        hex.setTopOffset(0);
        text.setTopOffset(0);
        QVERIFY(!hex.cellRect(0).isNull());
        QVERIFY(!text.rectForOffset(9).isNull());
        QCOMPARE(text.offsetAt(text.rectForOffset(3).center()), std::optional<quint64>(3));
    }
}

void TestTextView::newContentKeepsThePlace() {
    QByteArray bytes;
    for (int i = 0; i < 3000; ++i)
        bytes += "line " + QByteArray::number(i) + "\n";
    Fixture f(u8ui::testing::memorySource(bytes));
    u8ui::HexView hex;
    hex.setDocument(&f.document);
    hex.resize(600, 400);
    f.view.setTopOffset(10000);
    hex.setTopOffset(10000);
    const quint64 top = f.view.topOffset();
    // A repair that rewrites the bytes (same lines here, plus some more).
    f.document.setSource(u8ui::testing::memorySource(bytes + bytes), QStringLiteral("repaired"));
    QCOMPARE(f.view.topOffset(), top);
    QCOMPARE(hex.topOffset(), quint64(10000));
    // Shorter content: both panes end up showing its end.
    f.document.setSource(u8ui::testing::memorySource(bytes.left(300)), QStringLiteral("cut"));
    QVERIFY(f.view.topOffset() < 300);
    QVERIFY(!f.view.rectForOffset(299).isNull());
    QVERIFY(!hex.cellRect(299).isNull());
}

QTEST_MAIN(TestTextView)
#include "tst_text_view.moc"
