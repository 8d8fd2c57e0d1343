// The hex pane: roles in context, mouse and keyboard on the shared selection, painting from the
// palette, and a 4 GB source painted from a few screens of reads.
#include "hex_view.h"
#include "legend_widget.h"
#include "sample_sources.h"

#include <QImage>
#include <QLabel>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>

using u8ui::ByteRange;
using u8ui::CellRole;
using u8ui::HexView;

Q_DECLARE_METATYPE(u8ui::CellRole)

namespace {

struct Fixture {
    u8ui::ByteDocument document;
    u8ui::ByteSelection selection;
    HexView view;
    explicit Fixture(std::shared_ptr<const u8codec::ByteSource> source, QSize size = {700, 400}) {
        document.setSource(std::move(source), QStringLiteral("sample"));
        view.setDocument(&document);
        view.setSelection(&selection);
        view.resize(size);
        view.show();
    }
};

} // namespace

class TestHexView : public QObject {
    Q_OBJECT
private slots:
    void rolesInContext_data();
    void rolesInContext();
    void cellsArePaintedInTheirRoleColour();
    void paintedRolesMatchTheCodecFromAnyTopRow_data();
    void paintedRolesMatchTheCodecFromAnyTopRow();
    void clickSetsTheCursor_data();
    void clickSetsTheCursor();
    void shiftClickAndDragExtend();
    void keyboardMovesByByte_data();
    void keyboardMovesByByte();
    void cellRectAndOffsetAtAgree_data();
    void cellRectAndOffsetAtAgree();
    void hugeSourcePaintsFromAFewScreens();
    void cursorFromElsewhereScrollsIntoView();
    void toolTipsExplain();
    void clustersAreBracketed();
    void legendExplainsEveryRole_data();
    void legendExplainsEveryRole();
};

void TestHexView::rolesInContext_data() {
    QTest::addColumn<quint64>("offset");
    QTest::addColumn<CellRole>("role");
    QTest::newRow("printable") << quint64(0) << CellRole::AsciiPrintable;
    QTest::newRow("space") << quint64(1) << CellRole::AsciiWhitespace;
    QTest::newRow("control 01") << quint64(2) << CellRole::AsciiControl;
    QTest::newRow("lead2") << quint64(3) << CellRole::Lead2;
    QTest::newRow("continuation of 2") << quint64(4) << CellRole::Continuation;
    QTest::newRow("lead3") << quint64(5) << CellRole::Lead3;
    QTest::newRow("continuation of 3") << quint64(7) << CellRole::Continuation;
    QTest::newRow("lead4") << quint64(8) << CellRole::Lead4;
    QTest::newRow("continuation of 4") << quint64(11) << CellRole::Continuation;
    QTest::newRow("stray 80") << quint64(12) << CellRole::ErrorUnexpectedContinuation;
    QTest::newRow("C0") << quint64(13) << CellRole::ErrorInvalidByte;
    QTest::newRow("E0 before 80") << quint64(14) << CellRole::ErrorOverlong;
    QTest::newRow("80 after E0") << quint64(15) << CellRole::ErrorUnexpectedContinuation;
    QTest::newRow("ED before A0") << quint64(17) << CellRole::ErrorSurrogate;
    QTest::newRow("F4 before 90") << quint64(20) << CellRole::ErrorTooLarge;
    QTest::newRow("90 after F4") << quint64(21) << CellRole::ErrorUnexpectedContinuation;
    QTest::newRow("E2 cut short") << quint64(24) << CellRole::ErrorTruncated;
    QTest::newRow("82 of the cut E2") << quint64(25) << CellRole::ErrorTruncated;
    QTest::newRow("Z after it") << quint64(26) << CellRole::AsciiPrintable;
    QTest::newRow("line feed") << quint64(27) << CellRole::AsciiWhitespace;
}

void TestHexView::rolesInContext() {
    QFETCH(quint64, offset);
    QFETCH(CellRole, role);
    Fixture f(u8ui::testing::memorySource(u8ui::testing::everyRoleSample()));
    QCOMPARE(f.view.roleAt(offset), role);
}

void TestHexView::cellsArePaintedInTheirRoleColour() {
    Fixture f(u8ui::testing::memorySource(u8ui::testing::everyRoleSample()));
    f.selection.setCursor(27); // away from the cells looked at
    const u8ui::RolePalette& palette = f.view.rolePalette();
    auto colourAt = [&](quint64 offset) {
        const QImage image = f.view.viewport()->grab().toImage();
        const QRect cell = f.view.cellRect(offset);
        // Just inside the cell's top-left corner: fill, clear of the digits and the frames.
        return image.pixelColor(cell.left() + 3, cell.top() + 3);
    };
    QCOMPARE(colourAt(0), palette.style(CellRole::AsciiPrintable).fill);
    QCOMPARE(colourAt(2), palette.style(CellRole::AsciiControl).fill);
    QCOMPARE(colourAt(6), palette.style(CellRole::Continuation).fill);
    // Selected cells are painted differently; the others are not.
    f.selection.select(ByteRange{5, 8});
    QVERIFY(colourAt(6) != palette.style(CellRole::Continuation).fill);
    QCOMPARE(colourAt(0), palette.style(CellRole::AsciiPrintable).fill);
    // So are search matches.
    f.selection.setHighlights({ByteRange{0, 1}});
    QVERIFY(colourAt(0) != palette.style(CellRole::AsciiPrintable).fill);
    // A dark window palette switches to the dark variant.
    QPalette dark = f.view.palette();
    dark.setColor(QPalette::Window, QColor(30, 30, 30));
    dark.setColor(QPalette::Base, QColor(20, 20, 20));
    f.view.setPalette(dark);
    QVERIFY(f.view.rolePalette().isDark());
    QCOMPARE(colourAt(2), f.view.rolePalette().style(CellRole::AsciiControl).fill);
}

void TestHexView::paintedRolesMatchTheCodecFromAnyTopRow_data() {
    QTest::addColumn<quint64>("top");
    QTest::newRow("from the start") << quint64(0);
    QTest::newRow("from inside the euro sign") << quint64(8);
    QTest::newRow("from inside the errors") << quint64(16);
    QTest::newRow("from inside the truncated E2 82") << quint64(24);
}

void TestHexView::paintedRolesMatchTheCodecFromAnyTopRow() {
    // The pane segments only its visible window; the colour of every cell must still be the role
    // the codec gives that byte in the whole stream (no highlight lands a byte off).
    QFETCH(quint64, top);
    const QByteArray bytes =
        QByteArray("xy") + u8ui::testing::everyRoleSample() + QByteArray(64, 'z');
    Fixture f(u8ui::testing::memorySource(bytes), {500, 120});
    f.view.setBytesPerRow(8);
    f.view.setTopOffset(top);
    QCOMPARE(f.view.topOffset(), top);
    f.selection.setHighlights({});
    f.view.setFocus();
    const QImage image = f.view.viewport()->grab().toImage();
    const u8ui::RolePalette& palette = f.view.rolePalette();
    int checked = 0;
    for (quint64 o = top; o < quint64(bytes.size()); ++o) {
        const QRect cell = f.view.cellRect(o);
        if (!f.view.viewport()->rect().contains(cell) || o == f.selection.cursor())
            continue;
        const CellRole role = f.view.roleAt(o);
        if (u8ui::RolePalette::isError(role))
            continue; // hatched
        QCOMPARE(image.pixelColor(cell.left() + 3, cell.top() + 3), palette.style(role).fill);
        ++checked;
    }
    QVERIFY(checked >= 8);
}

void TestHexView::clickSetsTheCursor_data() {
    QTest::addColumn<int>("bytesPerRow");
    QTest::addColumn<quint64>("offset");
    for (int bpr : {8, 16, 32})
        for (quint64 offset : {0, 5, 9, 17, 27})
            QTest::addRow("%d per row, byte %llu", bpr, offset) << bpr << offset;
}

void TestHexView::clickSetsTheCursor() {
    QFETCH(int, bytesPerRow);
    QFETCH(quint64, offset);
    Fixture f(u8ui::testing::memorySource(u8ui::testing::everyRoleSample()), {1200, 400});
    f.view.setBytesPerRow(bytesPerRow);
    QCOMPARE(f.view.bytesPerRow(), bytesPerRow);
    const QRect cell = f.view.cellRect(offset);
    QVERIFY(!cell.isNull());
    QTest::mouseClick(f.view.viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(f.selection.cursor(), offset);
    QCOMPARE(f.selection.range(), (ByteRange{offset, offset + 1}));
}

void TestHexView::shiftClickAndDragExtend() {
    Fixture f(u8ui::testing::memorySource(u8ui::testing::everyRoleSample()));
    QTest::mouseClick(f.view.viewport(), Qt::LeftButton, {}, f.view.cellRect(3).center());
    QTest::mouseClick(f.view.viewport(), Qt::LeftButton, Qt::ShiftModifier,
                      f.view.cellRect(6).center());
    // By byte: the selection may split a character in the hex pane.
    QCOMPARE(f.selection.range(), (ByteRange{3, 7}));

    // A drag from byte 20 back over the row break to byte 9.
    QTest::mousePress(f.view.viewport(), Qt::LeftButton, {}, f.view.cellRect(20).center());
    QMouseEvent move(QEvent::MouseMove, f.view.cellRect(9).center(),
                     f.view.viewport()->mapToGlobal(f.view.cellRect(9).center()), Qt::NoButton,
                     Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(f.view.viewport(), &move);
    QTest::mouseRelease(f.view.viewport(), Qt::LeftButton, {}, f.view.cellRect(9).center());
    QCOMPARE(f.selection.anchor(), quint64(20));
    QCOMPARE(f.selection.cursor(), quint64(9));
    QCOMPARE(f.selection.range(), (ByteRange{9, 21}));
}

void TestHexView::keyboardMovesByByte_data() {
    QTest::addColumn<quint64>("start");
    QTest::addColumn<int>("key");
    QTest::addColumn<int>("modifiers");
    QTest::addColumn<quint64>("cursor");
    QTest::addColumn<ByteRange>("range");
    const int none = Qt::NoModifier;
    // 16 bytes per row over the 28-byte sample.
    QTest::newRow("right into a character")
        << quint64(3) << int(Qt::Key_Right) << none << quint64(4) << ByteRange{4, 5};
    QTest::newRow("left") << quint64(9) << int(Qt::Key_Left) << none << quint64(8)
                          << ByteRange{8, 9};
    QTest::newRow("left at start stays")
        << quint64(0) << int(Qt::Key_Left) << none << quint64(0) << ByteRange{0, 1};
    QTest::newRow("down a row") << quint64(3) << int(Qt::Key_Down) << none << quint64(19)
                                << ByteRange{19, 20};
    QTest::newRow("down past the end stays")
        << quint64(20) << int(Qt::Key_Down) << none << quint64(20) << ByteRange{20, 21};
    QTest::newRow("up a row") << quint64(20) << int(Qt::Key_Up) << none << quint64(4)
                              << ByteRange{4, 5};
    QTest::newRow("home of row") << quint64(20) << int(Qt::Key_Home) << none << quint64(16)
                                 << ByteRange{16, 17};
    QTest::newRow("end of row") << quint64(3) << int(Qt::Key_End) << none << quint64(15)
                                << ByteRange{15, 16};
    QTest::newRow("end of last row clamps")
        << quint64(17) << int(Qt::Key_End) << none << quint64(27) << ByteRange{27, 28};
    QTest::newRow("ctrl+end") << quint64(3) << int(Qt::Key_End) << int(Qt::ControlModifier)
                              << quint64(27) << ByteRange{27, 28};
    QTest::newRow("ctrl+home") << quint64(20) << int(Qt::Key_Home) << int(Qt::ControlModifier)
                               << quint64(0) << ByteRange{0, 1};
    QTest::newRow("page down clamps")
        << quint64(2) << int(Qt::Key_PageDown) << none << quint64(27) << ByteRange{27, 28};
    QTest::newRow("shift+right extends by a byte")
        << quint64(3) << int(Qt::Key_Right) << int(Qt::ShiftModifier) << quint64(4)
        << ByteRange{3, 5};
    QTest::newRow("shift+down extends a row")
        << quint64(3) << int(Qt::Key_Down) << int(Qt::ShiftModifier) << quint64(19)
        << ByteRange{3, 20};
    QTest::newRow("shift+ctrl+home")
        << quint64(6) << int(Qt::Key_Home) << int(Qt::ShiftModifier | Qt::ControlModifier)
        << quint64(0) << ByteRange{0, 7};
}

void TestHexView::keyboardMovesByByte() {
    QFETCH(quint64, start);
    QFETCH(int, key);
    QFETCH(int, modifiers);
    QFETCH(quint64, cursor);
    QFETCH(ByteRange, range);
    Fixture f(u8ui::testing::memorySource(u8ui::testing::everyRoleSample()));
    f.selection.setCursor(start);
    QTest::keyClick(&f.view, Qt::Key(key), Qt::KeyboardModifiers(modifiers));
    QCOMPARE(f.selection.cursor(), cursor);
    QCOMPARE(f.selection.range(), range);
}

void TestHexView::cellRectAndOffsetAtAgree_data() {
    QTest::addColumn<int>("bytesPerRow");
    QTest::newRow("8") << 8;
    QTest::newRow("16") << 16;
    QTest::newRow("32") << 32;
}

void TestHexView::cellRectAndOffsetAtAgree() {
    QFETCH(int, bytesPerRow);
    QByteArray bytes(1000, 'x');
    Fixture f(u8ui::testing::memorySource(bytes), {1300, 300});
    f.view.setBytesPerRow(bytesPerRow);
    f.view.setTopOffset(100);
    QCOMPARE(f.view.topOffset(), quint64(100 / bytesPerRow * bytesPerRow));
    int checked = 0;
    for (quint64 offset = 0; offset < 1000; ++offset) {
        const QRect cell = f.view.cellRect(offset);
        if (cell.isNull())
            continue;
        ++checked;
        QCOMPARE(f.view.offsetAt(cell.center()), std::optional<quint64>(offset));
        QCOMPARE(f.view.offsetAt(cell.topLeft() + QPoint(1, 1)), std::optional<quint64>(offset));
    }
    QVERIFY(checked >= f.view.visibleRows() * bytesPerRow);
    QVERIFY(f.view.cellRect(f.view.topOffset() - 1).isNull()); // above the viewport
    QVERIFY(!f.view.offsetAt(QPoint(2, 2)).has_value());       // the offset column
}

void TestHexView::hugeSourcePaintsFromAFewScreens() {
    const quint64 size = quint64(4) << 30;
    auto source = std::make_shared<u8ui::testing::GeneratedSource>(size);
    Fixture f(source, {700, 500});
    const quint64 screen = quint64(f.view.visibleRows() + 1) * quint64(f.view.bytesPerRow());
    auto paint = [&] {
        source->bytesRead = 0;
        f.view.viewport()->grab();
        return source->bytesRead.load();
    };
    // The screen, and the context the segments and the grapheme clusters need around it.
    QVERIFY(paint() <= screen + 2 * u8convert::kClusterContext);
    QVERIFY(source->bytesRead.load() > 0);
    qInfo("bytes read to paint the first screen of 4 GiB: %llu", quint64(source->bytesRead.load()));

    // Deep into the file: the top row, the roles and the scroll bar follow.
    const quint64 deep = (quint64(3) << 30) + 7;
    f.view.setTopOffset(deep);
    QCOMPARE(f.view.topOffset(), deep / 16 * 16);
    QVERIFY(paint() <= screen + 2 * u8convert::kClusterContext);
    QVERIFY(f.view.verticalScrollBar()->maximum() > 0);
    const double fraction =
        double(f.view.verticalScrollBar()->value()) / f.view.verticalScrollBar()->maximum();
    QVERIFY(qAbs(fraction - 0.75) < 0.01);
    // The pattern "a" C3 A9 E2 82 AC F0 9F 98 80 repeats every 10 bytes.
    const CellRole expected[10] = {CellRole::AsciiPrintable, CellRole::Lead2,
                                   CellRole::Continuation,   CellRole::Lead3,
                                   CellRole::Continuation,   CellRole::Continuation,
                                   CellRole::Lead4,          CellRole::Continuation,
                                   CellRole::Continuation,   CellRole::Continuation};
    for (quint64 o = deep; o < deep + 20; ++o)
        QCOMPARE(f.view.roleAt(o), expected[o % 10]);

    // The end of the file, through the cursor.
    f.selection.setCursor(size - 1);
    QVERIFY(!f.view.cellRect(size - 1).isNull());
    QVERIFY(paint() <= screen + 2 * u8convert::kClusterContext);
    // Dragging the scaled scroll bar to its middle shows the middle of the file.
    f.view.verticalScrollBar()->setValue(f.view.verticalScrollBar()->maximum() / 2);
    QVERIFY(qAbs(double(f.view.topOffset()) / double(size) - 0.5) < 0.01);
    // The scaled bar's arrows and page clicks still move by one row and by one screen.
    const quint64 middle = f.view.topOffset();
    f.view.verticalScrollBar()->triggerAction(QAbstractSlider::SliderSingleStepAdd);
    QCOMPARE(f.view.topOffset(), middle + 16);
    f.view.verticalScrollBar()->triggerAction(QAbstractSlider::SliderPageStepAdd);
    QCOMPARE(f.view.topOffset(), middle + 16 + quint64(f.view.visibleRows()) * 16);
    f.view.verticalScrollBar()->triggerAction(QAbstractSlider::SliderSingleStepSub);
    QCOMPARE(f.view.topOffset(), middle + quint64(f.view.visibleRows()) * 16);
    QVERIFY(paint() <= screen + 2 * u8convert::kClusterContext);
}

void TestHexView::cursorFromElsewhereScrollsIntoView() {
    QByteArray bytes(100000, 'x');
    Fixture f(u8ui::testing::memorySource(bytes));
    QSignalSpy spy(&f.view, &HexView::topOffsetChanged);
    f.selection.setCursor(50000); // as the problems list or the text pane would
    QVERIFY(!f.view.cellRect(50000).isNull());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.takeFirst().at(0).toULongLong(), f.view.topOffset());
}

void TestHexView::clustersAreBracketed() {
    // e + U+0301 and a flag are clusters of two code points; "x", "é" (one code point) and the
    // stray byte are not bracketed. A cluster across a row break is bracketed on both rows.
    QByteArray bytes("e\xCC\x81 x\xC3\xA9\xFF ");
    bytes += QByteArray(5, 'a') + "\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7";
    Fixture f(u8ui::testing::memorySource(bytes));
    f.view.setBytesPerRow(16);
    QVERIFY(f.view.showClusters());
    const std::vector<ByteRange> expected{{0, 3}, {14, 22}};
    QCOMPARE(f.view.bracketedClusters(), expected);
    // Drawn: the bracket's colour under the flag's bytes on both rows.
    const QImage shot = f.view.viewport()->grab().toImage();
    const QColor bracket = f.view.rolePalette().clusterBracket();
    for (quint64 offset : {quint64(14), quint64(17)}) {
        const QRect cell = f.view.cellRect(offset);
        int drawn = 0;
        for (int x = cell.left(); x <= cell.right(); ++x)
            for (int y = cell.bottom() - 4; y <= cell.bottom(); ++y)
                drawn += shot.pixelColor(x, y) == bracket;
        QVERIFY2(drawn > 0, qPrintable(QString::number(offset)));
    }
    f.view.setShowClusters(false);
    QVERIFY(f.view.bracketedClusters().empty());
}

void TestHexView::toolTipsExplain() {
    const auto source = u8ui::testing::memorySource(u8ui::testing::everyRoleSample());
    const QString euro = u8ui::RolePalette::toolTip(*source, 6);
    QVERIFY2(euro.contains(QStringLiteral("U+20AC")), qPrintable(euro));
    QVERIFY2(euro.contains(QStringLiteral("E2 82 AC")), qPrintable(euro));
    QVERIFY2(euro.contains(QStringLiteral("Offset 0x6 (6)")), qPrintable(euro));
    const QString invalid = u8ui::RolePalette::toolTip(*source, 13);
    QVERIFY2(invalid.contains(QStringLiteral("C0")), qPrintable(invalid));
    QVERIFY2(invalid.contains(QStringLiteral("Never-valid byte")), qPrintable(invalid));
    const QString truncated = u8ui::RolePalette::toolTip(*source, 25);
    QVERIFY2(truncated.contains(QStringLiteral("E2 82")), qPrintable(truncated));
    QVERIFY(u8ui::RolePalette::toolTip(*source, 28).isEmpty());
}

void TestHexView::legendExplainsEveryRole_data() {
    QTest::addColumn<int>("mode");
    QTest::newRow("detailed") << int(u8ui::LegendWidget::Mode::Detailed);
    QTest::newRow("compact") << int(u8ui::LegendWidget::Mode::Compact);
}

void TestHexView::legendExplainsEveryRole() {
    QFETCH(int, mode);
    u8ui::LegendWidget legend;
    legend.setMode(u8ui::LegendWidget::Mode(mode));
    legend.show();
    QStringList names;
    for (QLabel* label : legend.findChildren<QLabel*>())
        names << label->text();
    const u8ui::RolePalette palette = u8ui::RolePalette::forPalette(legend.palette());
    for (CellRole role : u8ui::RolePalette::allRoles()) {
        QVERIFY(names.contains(u8ui::RolePalette::name(role)));
        QVERIFY(!u8ui::RolePalette::description(role).isEmpty());
        // The swatch is painted with the panes' own colours.
        QWidget* swatch = legend.swatch(role);
        QVERIFY(swatch);
        QVERIFY(swatch->toolTip().contains(u8ui::RolePalette::description(role)));
        const QImage image = swatch->grab().toImage();
        if (u8ui::RolePalette::isError(role)) // hatched: its bold frame is the error's colour
            QCOMPARE(image.pixelColor(3, image.height() / 2), palette.style(role).frame);
        else if (role == CellRole::Suspicious) // dotted: tst_audit_marks looks at it
            continue;
        else
            QCOMPARE(image.pixelColor(5, 5), palette.style(role).fill);
    }
}

QTEST_MAIN(TestHexView)
#include "tst_hex_view.moc"
