// View > Text Encoding: the text pane read through another encoding without changing a byte; the
// status bar says which; a character of that encoding is one cell whose bytes the selection takes
// whole (one byte in windows-1252, two or four in UTF-16); lines break at that encoding's line
// feed; typing is refused there; the hex pane's roles stay UTF-8's.
#include "byte_document.h"
#include "byte_selection.h"
#include "hex_view.h"
#include "main_window.h"
#include "text_encoding_actions.h"
#include "text_view.h"
#include "window_test_support.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

using u8app::MainWindow;

namespace {

QByteArray documentBytes(const MainWindow& w) {
    QByteArray out(qsizetype(u8test::document(w)->size()), '\0');
    u8test::document(w)->source()->read(
        0, std::span(reinterpret_cast<std::uint8_t*>(out.data()), std::size_t(out.size())));
    return out;
}

QString encodingField(const MainWindow& w) {
    const auto* field = w.findChild<QLabel*>(QStringLiteral("textEncoding"));
    return field ? field->text() : QString();
}

} // namespace

class TestWindowTextEncoding : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        u8test::useTestSettings(QStringLiteral("tst_window_text_encoding"));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(dir_.isValid());
    }

    void theMenuOffersTheEncodings() {
        MainWindow w;
        QStringList offered;
        for (QMenu* menu : w.menuBar()->findChildren<QMenu*>())
            if (menu->title().remove(QLatin1Char('&')) == QStringLiteral("Text Encoding"))
                for (QAction* a : menu->actions())
                    if (!a->isSeparator())
                        offered << a->text();
        for (const char* name :
             {"UTF-8", "windows-1252", "ISO-8859-1", "ISO-8859-15", "windows-1250", "windows-1251",
              "KOI8-R", "macintosh", "UTF-16LE", "UTF-16BE"})
            QVERIFY2(offered.contains(QLatin1String(name)), name);
        QCOMPARE(encodingField(w), QStringLiteral("Text: UTF-8"));
    }

    void windows1252CutsEveryByteAndChangesNone() {
        MainWindow w;
        const QByteArray bytes("caf\xC3\xA9 \x80\n");
        QVERIFY(w.openFile(u8test::writeFile(dir_, "latin.txt", bytes)));
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        u8ui::TextView* text = u8test::textView(w);
        const u8ui::CellRole hexRole = u8test::hexView(w)->roleAt(3);
        // UTF-8: C3 A9 is one character.
        QCOMPARE(text->cellAt(3), (u8ui::ByteRange{3, 5}));
        QVERIFY(u8test::textEncodingActions(w)->setEncoding(QStringLiteral("windows-1252")));
        QCOMPARE(encodingField(w), QStringLiteral("Text: windows-1252"));
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("no byte changed")));
        // "Ã©": two cells, one byte each; a click on the second selects that byte alone.
        QTRY_COMPARE(text->cellAt(3), (u8ui::ByteRange{3, 4}));
        QCOMPARE(text->cellAt(4), (u8ui::ByteRange{4, 5}));
        QTest::mouseClick(text->viewport(), Qt::LeftButton, {}, text->rectForOffset(4).center());
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{4, 5}));
        // 0x80 is the euro sign there, no control; in ISO-8859-1 it is the C1 control PAD.
        QVERIFY(text->markerAt(6).isEmpty());
        QVERIFY2(text->toolTipPreface(6).startsWith(
                     QStringLiteral("Read as windows-1252: U+20AC EURO SIGN\n\nIn UTF-8:")),
                 qPrintable(text->toolTipPreface(6)));
        QVERIFY(u8test::textEncodingActions(w)->setEncoding(QStringLiteral("ISO-8859-1")));
        QTRY_VERIFY(!text->markerAt(6).isEmpty());
        // No byte changed; the hex pane still colours UTF-8's roles.
        QCOMPARE(documentBytes(w), bytes);
        QCOMPARE(u8test::hexView(w)->roleAt(3), hexRole);
        // Arrows step a byte at a time through the text pane.
        u8test::selection(w)->setCursor(3);
        text->setFocus();
        QTest::keyClick(text, Qt::Key_Right);
        QCOMPARE(u8test::selection(w)->cursor(), 4ull);
        // Typing would put UTF-8 into a pane that reads something else: refused, and said.
        QTest::keyClick(text, Qt::Key_A);
        QTest::keyClick(text, Qt::Key_Delete);
        QCOMPARE(documentBytes(w), bytes);
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("reads the bytes as")),
                 qPrintable(w.statusBar()->currentMessage()));
        QVERIFY(u8test::textEncodingActions(w)->setEncoding(QStringLiteral("UTF-8")));
        QTRY_COMPARE(text->cellAt(3), (u8ui::ByteRange{3, 5}));
        QCOMPARE(encodingField(w), QStringLiteral("Text: UTF-8"));
        QVERIFY(text->toolTipPreface(6).isEmpty());
    }

    void utf16UnitsPairsAndLines() {
        MainWindow w;
        // "hi", LF, U+1F600 (D83D DE00), "z"; little endian.
        const QByteArray bytes("h\0i\0\n\0\x3D\xD8\x00\xDE"
                               "z\0",
                               12);
        QVERIFY(w.openFile(u8test::writeFile(dir_, "utf16.txt", bytes)));
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(u8test::textEncodingActions(w)->setEncoding(QStringLiteral("UTF-16LE")));
        u8ui::TextView* text = u8test::textView(w);
        QTRY_COMPARE(text->cellAt(1), (u8ui::ByteRange{0, 2}));
        QCOMPARE(text->cellAt(3), (u8ui::ByteRange{2, 4}));
        for (quint64 o : {6ull, 7ull, 8ull, 9ull})
            QCOMPARE(text->cellAt(o), (u8ui::ByteRange{6, 10}));
        // The line feed 0A 00 ends the first line: the emoji starts the second.
        QVERIFY(text->rectForOffset(6).top() > text->rectForOffset(0).top());
        QCOMPARE(text->rectForOffset(10).top(), text->rectForOffset(6).top());
        // Copy as Text copies the characters shown, whole.
        w.goTo(7, 4);
        for (QAction* a : w.findChildren<QAction*>())
            if (a->text() == QStringLiteral("Copy as &Text"))
                a->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("\U0001F600z"));
        // A byte selected in the hex pane lights the character it belongs to.
        w.goTo(8);
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{8, 9}));
        QTest::mouseClick(text->viewport(), Qt::LeftButton, {}, text->rectForOffset(7).center());
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{6, 10}));
        // The reading lasts for the session: another file opened keeps it.
        QVERIFY(w.openFile(u8test::writeFile(dir_, "second.txt", QByteArray("a\0b\0", 4))));
        QCOMPARE(encodingField(w), QStringLiteral("Text: UTF-16LE"));
        QTRY_COMPARE(text->cellAt(2), (u8ui::ByteRange{2, 4}));
    }

private:
    QTemporaryDir dir_;
};

QTEST_MAIN(TestWindowTextEncoding)
#include "tst_window_text_encoding.moc"
