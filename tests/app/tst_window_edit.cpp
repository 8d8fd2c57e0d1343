// Editing in the window, driven as a user does: key presses in the hex pane (digits,
// Delete, Backspace, Insert) and the text pane (typed text, input-method commits, Return, Delete,
// Backspace), in overwrite and insert mode, at the start, the middle and the end, inside a
// multi-byte character and on an error segment; then undo of everything back to the file's bytes
// (unmodified again), redo, and the edits marked in both panes.
#include "byte_document.h"
#include "byte_selection.h"
#include "document_controller.h"
#include "document_history.h"
#include "edit_actions.h"
#include "hex_view.h"
#include "main_window.h"
#include "text_view.h"
#include "undo_stack.h"
#include "window_test_support.h"

#include <QInputMethodEvent>
#include <QLabel>
#include <QStatusBar>
#include <QtTest>

using u8app::MainWindow;
using Mode = u8doc::DocumentEditor::Mode;

namespace {

// 'a', EURO SIGN (E2 82 AC), 'b', the never-valid byte FF, 'c'.
const QByteArray kDocument("a\xE2\x82\xAC"
                           "b\xFF"
                           "c");

QByteArray contentOf(const u8ui::ByteDocument& document) {
    QByteArray out(qsizetype(document.size()), '\0');
    if (document.source())
        out.resize(qsizetype(document.source()->read(
            0, std::span(reinterpret_cast<std::uint8_t*>(out.data()), std::size_t(out.size())))));
    return out;
}

// The keys of a script: text is typed (one key per character), "<del>", "<bs>", "<ins>",
// "<ret>" are those keys.
void press(QWidget* pane, const QString& script) {
    for (int i = 0; i < script.size();) {
        if (script.at(i) == QLatin1Char('<')) {
            const int close = script.indexOf(QLatin1Char('>'), i);
            const QString key = script.mid(i + 1, close - i - 1);
            const Qt::Key k = key == QLatin1String("del")   ? Qt::Key_Delete
                              : key == QLatin1String("bs")  ? Qt::Key_Backspace
                              : key == QLatin1String("ins") ? Qt::Key_Insert
                                                            : Qt::Key_Return;
            QTest::keyClick(pane, k);
            i = close + 1;
            continue;
        }
        // One character (a surrogate pair is one), with its text, as a keyboard sends it.
        const int n = script.at(i).isHighSurrogate() ? 2 : 1;
        const QString text = script.mid(i, n);
        QTest::sendKeyEvent(QTest::Press, pane, Qt::Key_unknown, text, Qt::NoModifier);
        QTest::sendKeyEvent(QTest::Release, pane, Qt::Key_unknown, text, Qt::NoModifier);
        i += n;
    }
}

} // namespace

class TestWindowEdit : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    QString write(const char* name, const QByteArray& bytes) {
        const QString path = u8test::writeFile(dir_, name, bytes);
        if (path.isEmpty())
            qFatal("cannot write %s", name);
        return path;
    }
    // The window on a fresh copy of kDocument, the cursor at `at`, in `mode`.
    void open(MainWindow& w, quint64 at, Mode mode) {
        QVERIFY(w.openFile(write("doc.bin", kDocument)));
        u8test::documentController(w)->setMode(mode);
        if (at < quint64(kDocument.size()))
            w.goTo(at);
        else
            u8test::selection(w)->setCursor(at); // the end: where an editable document appends
    }

private slots:
    void initTestCase() {
        u8test::useTestSettings(QStringLiteral("tst_window_edit"));
        QVERIFY(dir_.isValid());
    }

    // Every hex-pane edit: (cursor, mode, keys) gives these bytes and this cursor.
    void hexPane_data() {
        QTest::addColumn<quint64>("at");
        QTest::addColumn<bool>("insert");
        QTest::addColumn<QString>("keys");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<quint64>("cursor");
        const QByteArray d = kDocument;
        QTest::newRow("overwrite start") << 0ull << false << "41"
                                         << "A" + d.mid(1) << 1ull;
        QTest::newRow("overwrite inside EURO SIGN")
            << 2ull << false << "5a" << d.left(2) + "\x5A" + d.mid(3) << 3ull;
        QTest::newRow("overwrite the error")
            << 5ull << false << "C3" << d.left(5) + "\xC3" + "c" << 6ull;
        QTest::newRow("overwrite the last byte, then append")
            << 6ull << false << "4445" << d.left(6) + "DE" << 8ull;
        QTest::newRow("overwrite at the end appends") << 7ull << false << "0a" << d + "\n" << 8ull;
        QTest::newRow("first digit keeps the low one") << 0ull << false << "4"
                                                       << "A" + d.mid(1) << 0ull; // 61 -> 41
        QTest::newRow("insert start") << 0ull << true << "41"
                                      << "A" + d << 1ull;
        QTest::newRow("insert inside EURO SIGN")
            << 2ull << true << "00" << d.left(2) + QByteArray(1, '\0') + d.mid(2) << 3ull;
        QTest::newRow("insert before the error")
            << 5ull << true << "c3a9" << d.left(5) + "\xC3\xA9" + d.mid(5) << 7ull;
        QTest::newRow("insert at the end") << 7ull << true << "21" << d + "!" << 8ull;
        QTest::newRow("insert one digit") << 1ull << true << "7"
                                          << "ap" + d.mid(1) << 1ull;
        QTest::newRow("delete start") << 0ull << false << "<del>" << d.mid(1) << 0ull;
        QTest::newRow("delete inside EURO SIGN")
            << 2ull << true << "<del>" << d.left(2) + d.mid(3) << 2ull;
        QTest::newRow("delete the error") << 5ull << false << "<del><del>" << d.left(5) << 5ull;
        QTest::newRow("delete at the end: nothing") << 7ull << false << "<del>" << d << 7ull;
        QTest::newRow("backspace start: nothing") << 0ull << false << "<bs>" << d << 0ull;
        QTest::newRow("backspace inside EURO SIGN") << 3ull << false << "<bs><bs>"
                                                    << "a\xAC" + d.mid(4) << 1ull;
        QTest::newRow("backspace at the end") << 7ull << true << "<bs>" << d.left(6) << 6ull;
        QTest::newRow("insert key switches mode") << 0ull << false << "<ins>41"
                                                  << "A" + d << 1ull;
    }
    void hexPane() {
        QFETCH(quint64, at);
        QFETCH(bool, insert);
        QFETCH(QString, keys);
        QFETCH(QByteArray, bytes);
        QFETCH(quint64, cursor);
        MainWindow w;
        open(w, at, insert ? Mode::Insert : Mode::Overwrite);
        press(u8test::hexView(w), keys);
        QCOMPARE(contentOf(*u8test::document(w)), bytes);
        QCOMPARE(u8test::selection(w)->cursor(), cursor);
        const bool changed = bytes != kDocument;
        QCOMPARE(u8test::history(w)->isModified(), changed);
        // One run of typing is one step: undo gives the file's bytes back, redo the edit.
        u8doc::UndoStack* stack = u8test::history(w)->undoStack();
        QCOMPARE(stack->count(), changed ? 1 : 0);
        if (!changed)
            return;
        stack->undo();
        QCOMPARE(contentOf(*u8test::document(w)), kDocument);
        QVERIFY(!u8test::history(w)->isModified());
        stack->redo();
        QCOMPARE(contentOf(*u8test::document(w)), bytes);
    }

    // Issue 33, defect 18: a key that is no hex digit in the hex pane changes nothing and says
    // what the pane takes, in the status bar.
    void hexPaneSaysWhatItTakes() {
        MainWindow w;
        open(w, 0, Mode::Overwrite);
        press(u8test::hexView(w), QStringLiteral("z"));
        QCOMPARE(contentOf(*u8test::document(w)), kDocument);
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("0–9")),
                 qPrintable(w.statusBar()->currentMessage()));
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("A–F")));
        // A hex digit goes in, and is no refusal.
        w.statusBar()->clearMessage();
        press(u8test::hexView(w), QStringLiteral("4"));
        QVERIFY(w.statusBar()->currentMessage().isEmpty());
    }

    // Every text-pane edit: a typed character replaces (overwrite) or goes in before (insert) a
    // whole character or error segment; Delete and Backspace remove one.
    void textPane_data() {
        QTest::addColumn<quint64>("at");
        QTest::addColumn<bool>("insert");
        QTest::addColumn<QString>("keys");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<quint64>("cursor");
        const QByteArray d = kDocument;
        const QString eacute = QStringLiteral("\u00E9");
        QTest::newRow("overwrite start") << 0ull << false << "X"
                                         << "X" + d.mid(1) << 1ull;
        QTest::newRow("overwrite EURO SIGN with one byte") << 1ull << false << "X"
                                                           << "aX" + d.mid(4) << 2ull;
        QTest::newRow("overwrite the error with é")
            << 5ull << false << eacute << d.left(5) + "\xC3\xA9" + "c" << 7ull;
        QTest::newRow("overwrite the last, then append")
            << 6ull << false << "yz" << d.left(6) + "yz" << 8ull;
        QTest::newRow("overwrite a run of characters")
            << 0ull << false << "XYZW" << QByteArray("XYZWc") << 4ull;
        QTest::newRow("insert start") << 0ull << true << eacute << "\xC3\xA9" + d << 2ull;
        QTest::newRow("insert before EURO SIGN (cursor inside it)") << 2ull << true << "-"
                                                                    << "a-" + d.mid(1) << 2ull;
        QTest::newRow("insert an emoji") << 4ull << true << QStringLiteral("\U0001F600")
                                         << d.left(4) + "\xF0\x9F\x98\x80" + d.mid(4) << 8ull;
        QTest::newRow("insert at the end") << 7ull << true << "!" << d + "!" << 8ull;
        QTest::newRow("return is a line feed")
            << 4ull << true << "<ret>" << d.left(4) + "\n" + d.mid(4) << 5ull;
        QTest::newRow("delete EURO SIGN whole") << 1ull << false << "<del>"
                                                << "a" + d.mid(4) << 1ull;
        QTest::newRow("delete the error segment")
            << 5ull << true << "<del>" << d.left(5) + "c" << 5ull;
        QTest::newRow("delete at the end: nothing") << 7ull << false << "<del>" << d << 7ull;
        QTest::newRow("backspace EURO SIGN whole") << 4ull << false << "<bs>"
                                                   << "a" + d.mid(4) << 1ull;
        QTest::newRow("backspace the error") << 6ull << false << "<bs>" << d.left(5) + "c" << 5ull;
        QTest::newRow("backspace at the end") << 7ull << false << "<bs><bs>" << d.left(5) << 5ull;
        QTest::newRow("backspace start: nothing") << 0ull << true << "<bs>" << d << 0ull;
    }
    void textPane() {
        QFETCH(quint64, at);
        QFETCH(bool, insert);
        QFETCH(QString, keys);
        QFETCH(QByteArray, bytes);
        QFETCH(quint64, cursor);
        MainWindow w;
        open(w, at, insert ? Mode::Insert : Mode::Overwrite);
        press(u8test::textView(w), keys);
        QCOMPARE(contentOf(*u8test::document(w)), bytes);
        QCOMPARE(u8test::selection(w)->cursor(), cursor);
        const bool changed = bytes != kDocument;
        QCOMPARE(u8test::history(w)->isModified(), changed);
        u8doc::UndoStack* stack = u8test::history(w)->undoStack();
        QCOMPARE(stack->count(), changed ? 1 : 0);
        if (!changed)
            return;
        stack->undo();
        QCOMPARE(contentOf(*u8test::document(w)), kDocument);
        QVERIFY(!u8test::history(w)->isModified());
        stack->redo();
        QCOMPARE(contentOf(*u8test::document(w)), bytes);
    }

    // What an input method commits is typed, composed characters included; what it is still
    // composing is not.
    void inputMethodCommits() {
        MainWindow w;
        open(w, 1, Mode::Insert);
        QInputMethodEvent composing(QStringLiteral("e"), {});
        QApplication::sendEvent(u8test::textView(w), &composing);
        QCOMPARE(contentOf(*u8test::document(w)), kDocument);
        QInputMethodEvent commit;
        commit.setCommitString(QStringLiteral("\u00E9"));
        QApplication::sendEvent(u8test::textView(w), &commit);
        QInputMethodEvent decomposed;
        decomposed.setCommitString(QStringLiteral("e\u0301"));
        QApplication::sendEvent(u8test::textView(w), &decomposed);
        QCOMPARE(contentOf(*u8test::document(w)), "a\xC3\xA9"
                                                  "e\xCC\x81" +
                                                      kDocument.mid(1));
        QCOMPARE(u8test::selection(w)->cursor(), quint64(1 + 2 + 3));
        QVERIFY(u8test::textView(w)->inputMethodQuery(Qt::ImEnabled).toBool());
    }

    // Typing into an empty file: the cursor stands at the end, where bytes go.
    void emptyFile() {
        MainWindow w;
        QVERIFY(w.openFile(write("empty.txt", {})));
        press(u8test::textView(w), QStringLiteral("hi"));
        press(u8test::hexView(w), QStringLiteral("21"));
        QCOMPARE(contentOf(*u8test::document(w)), QByteArray("hi!"));
        QCOMPARE(u8test::selection(w)->cursor(), quint64(3));
    }

    // The line and column after an edit deep in a large file: what was counted before the edit
    // is kept, what follows it counted again (a line feed typed moves every later line down).
    void linesAfterAnEditDeepInAFile() {
        QByteArray line(63, 'x');
        line += '\n';
        QByteArray bytes;
        while (bytes.size() < (20 << 20))
            bytes += line;
        MainWindow w;
        QVERIFY(w.openFile(u8test::writeFile(dir_, "lines.txt", bytes)));
        QSignalSpy located(&w, &MainWindow::lineLocated);
        auto lineAt = [&](quint64 offset) {
            located.clear();
            w.goTo(offset);
            if (!u8test::statusField(w, "line").startsWith(QLatin1String("Line ")) ||
                u8test::statusField(w, "line").contains(QStringLiteral("…")))
                located.wait(20000);
            return u8test::statusField(w, "line");
        };
        const quint64 far = 18u << 20;
        const QString before = lineAt(far);
        QCOMPARE(before, QStringLiteral("Line %1, column 1").arg(QLocale().toString(far / 64 + 1)));
        u8test::documentController(w)->setMode(Mode::Insert);
        w.goTo(15u << 20);
        for (int i = 0; i < 3; ++i) // three: the lines after move by three bytes (one would hide
            QTest::keyClick(u8test::textView(w), Qt::Key_Return); // a stale checkpoint's error)
        QCOMPARE(lineAt(far + 3),
                 QStringLiteral("Line %1, column 1").arg(QLocale().toString(far / 64 + 4)));
        QCOMPARE(lineAt(64 * 3), QStringLiteral("Line 4, column 1"));
        u8test::history(w)->undoStack()->undo();
        QCOMPARE(lineAt(far), before);
    }

    // Line feeds typed while the line of a far offset is still being counted: the count goes
    // on, keeps only what lies before the edit, and the line shown is that of the edited bytes.
    void lineFeedTypedWhileCounting() {
        QByteArray line(63, 'x');
        line += '\n';
        QByteArray bytes;
        while (bytes.size() < (40 << 20))
            bytes += line;
        MainWindow w;
        QVERIFY(w.openFile(u8test::writeFile(dir_, "counting.txt", bytes)));
        QSignalSpy located(&w, &MainWindow::lineLocated);
        const quint64 far = 38u << 20;
        u8test::documentController(w)->setMode(Mode::Insert);
        w.goTo(far); // counted in the background: 38 MiB
        w.goTo(1u << 20);
        // Three line feeds while it counts, most likely (one would hide a stale count: the
        // lines after it move by one byte, and the stale checkpoint's error cancels out).
        for (int i = 0; i < 3; ++i)
            QTest::keyClick(u8test::textView(w), Qt::Key_Return);
        w.goTo(far + 3);
        const QString expected =
            QStringLiteral("Line %1, column 1").arg(QLocale().toString(far / 64 + 4));
        QTRY_COMPARE_WITH_TIMEOUT(u8test::statusField(w, "line"), expected, 20000);
    }

    // Keys the panes do not edit with stay navigation and shortcuts.
    void shortcutsAndArrowsDoNotType() {
        MainWindow w;
        open(w, 0, Mode::Overwrite);
        QTest::keyClick(u8test::hexView(w), Qt::Key_Right);
        QTest::keyClick(u8test::hexView(w), Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(u8test::textView(w), Qt::Key_G, Qt::ControlModifier);
        QTest::keyClick(u8test::textView(w), Qt::Key_Escape);
        QTest::keyClick(u8test::hexView(w), Qt::Key_G); // not a hex digit
        QCOMPARE(contentOf(*u8test::document(w)), kDocument);
        QVERIFY(!u8test::history(w)->isModified());
    }
};

QTEST_MAIN(TestWindowEdit)
#include "tst_window_edit.moc"
