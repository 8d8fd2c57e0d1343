// The Edit menu's editing commands in the window: Paste (hex in the hex pane, text in the text
// pane, by focus), Paste Hex in the forms people copy and a clear word for what is not hex, Paste
// as Text, Insert Character… (by code point or name, its bytes shown first), Fill Selection,
// Revert Selection; View > Read Only; a long session of edits in both panes and repairs between
// them, undone to the file's bytes and redone.
#include "byte_document.h"
#include "byte_selection.h"
#include "document_controller.h"
#include "document_history.h"
#include "edit_actions.h"
#include "hex_view.h"
#include "insert_character_dialog.h"
#include "main_window.h"
#include "repair_actions.h"
#include "text_view.h"
#include "undo_stack.h"
#include "window_test_support.h"

#include <QAction>
#include <QClipboard>
#include <QLabel>
#include <QStatusBar>
#include <QtTest>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

using u8app::MainWindow;
using Mode = u8doc::DocumentEditor::Mode;

namespace {

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

void type(QWidget* pane, const QString& text) {
    for (const QChar c : text) {
        QTest::sendKeyEvent(QTest::Press, pane, Qt::Key_unknown, QString(c), Qt::NoModifier);
        QTest::sendKeyEvent(QTest::Release, pane, Qt::Key_unknown, QString(c), Qt::NoModifier);
    }
}

// Sets or clears the immutable attribute of `path` (chattr +i), which keeps even root from
// writing it; false where the file system has no such attribute.
bool setImmutable(const QString& path, bool on) {
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
    if (fd < 0)
        return false;
    int flags = 0;
    bool ok = ::ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0;
    flags = on ? flags | FS_IMMUTABLE_FL : flags & ~FS_IMMUTABLE_FL;
    ok = ok && ::ioctl(fd, FS_IOC_SETFLAGS, &flags) == 0;
    ::close(fd);
    return ok;
}

} // namespace

class TestWindowEditCommands : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    void open(MainWindow& w, const QByteArray& bytes = kDocument) {
        const QString path = u8test::writeFile(dir_, "doc.bin", bytes);
        QVERIFY(!path.isEmpty());
        QVERIFY(w.openFile(path));
    }
    static QString message(MainWindow& w) { return w.statusBar()->currentMessage(); }

private slots:
    void initTestCase() {
        u8test::useTestSettings(QStringLiteral("tst_window_edit_commands"));
        QVERIFY(dir_.isValid());
    }

    // Hex as people copy it, pasted at the cursor (overwriting, or inserted in insert mode).
    void pasteHexForms_data() {
        QTest::addColumn<QString>("clipboard");
        QTest::newRow("spaced") << "E2 82 AC";
        QTest::newRow("packed") << "e282ac";
        QTest::newRow("escapes") << "\\xE2\\x82\\xAC";
        QTest::newRow("0x, commas") << "0xE2, 0x82, 0xAC";
        QTest::newRow("C array") << "const unsigned char b[] = { 0xE2, 0x82, 0xAC };";
    }
    void pasteHexForms() {
        QFETCH(QString, clipboard);
        MainWindow w;
        open(w);
        w.goTo(4);
        QVERIFY(u8test::editActions(w)->pasteHex(clipboard));
        QCOMPARE(contentOf(*u8test::document(w)), kDocument.left(4) + "\xE2\x82\xAC");
        QCOMPARE(u8test::selection(w)->cursor(), quint64(7)); // after the pasted bytes: the end
        u8test::documentController(w)->setMode(Mode::Insert);
        w.goTo(0);
        QVERIFY(u8test::editActions(w)->pasteHex(clipboard));
        QCOMPARE(contentOf(*u8test::document(w)),
                 "\xE2\x82\xAC" + kDocument.left(4) + "\xE2\x82\xAC");
        QCOMPARE(u8test::history(w)->undoStack()->count(), 2); // a paste is a step of its own
    }

    void pasteOfWhatIsNotHexSaysWhy() {
        MainWindow w;
        open(w);
        QVERIFY(!u8test::editActions(w)->pasteHex(QStringLiteral("E2 8Z")));
        QVERIFY2(message(w).contains(QLatin1String("does not hold hex bytes")),
                 qPrintable(message(w)));
        QVERIFY2(message(w).contains(QLatin1String("'Z' at position 5")), qPrintable(message(w)));
        QVERIFY(!u8test::editActions(w)->pasteHex(QString()));
        QVERIFY(message(w).contains(QLatin1String("no text")));
        QCOMPARE(contentOf(*u8test::document(w)), kDocument);
        QVERIFY(!u8test::history(w)->isModified());
    }

    // Ctrl+V pastes as hex in the hex pane and as text in the text pane; a selection is replaced.
    void pasteFollowsTheFocus() {
        MainWindow w;
        open(w);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QGuiApplication::clipboard()->setText(QStringLiteral("41 42"));
        u8test::hexView(w)->setFocus();
        w.goTo(0);
        QTest::keyClick(u8test::hexView(w), Qt::Key_V, Qt::ControlModifier);
        QCOMPARE(contentOf(*u8test::document(w)), "AB" + kDocument.mid(2));
        u8test::textView(w)->setFocus();
        w.goTo(5, 2); // the error and 'c', selected
        QTest::keyClick(u8test::textView(w), Qt::Key_V, Qt::ControlModifier);
        QCOMPARE(contentOf(*u8test::document(w)), "AB" + kDocument.mid(2, 3) + "41 42");
        QCOMPARE(u8test::selection(w)->cursor(), quint64(10));
    }

    // Cut (Ctrl+X) copies the selection in the form of the pane with the focus and removes it,
    // as one undo step; read only, it copies and removes nothing.
    void cutFollowsTheFocus() {
        MainWindow w;
        open(w);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QGuiApplication::clipboard()->setText(QStringLiteral("before"));
        u8test::hexView(w)->setFocus();
        w.goTo(1, 3); // the EURO SIGN
        QTest::keyClick(u8test::hexView(w), Qt::Key_X, Qt::ControlModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("E2 82 AC"));
        QCOMPARE(contentOf(*u8test::document(w)), "a" + kDocument.mid(4));
        QCOMPARE(u8test::history(w)->undoStack()->count(), 1);
        QCOMPARE(u8test::history(w)->undoStack()->undoText(), QStringLiteral("Cut"));
        u8test::history(w)->undoStack()->undo();
        QCOMPARE(contentOf(*u8test::document(w)), kDocument);
        u8test::textView(w)->setFocus();
        w.goTo(1, 3);
        QTest::keyClick(u8test::textView(w), Qt::Key_X, Qt::ControlModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("€"));
        QCOMPARE(contentOf(*u8test::document(w)), "a" + kDocument.mid(4));
        u8test::history(w)->undoStack()->undo();
        u8test::documentController(w)->setUserReadOnly(true);
        QGuiApplication::clipboard()->setText(QStringLiteral("kept"));
        w.goTo(1, 3);
        QTest::keyClick(u8test::textView(w), Qt::Key_X, Qt::ControlModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("kept"));
        QCOMPARE(contentOf(*u8test::document(w)), kDocument);
        QVERIFY2(message(w).startsWith(QStringLiteral("Read only")), qPrintable(message(w)));
    }

    // Both panes' context menus hold the everyday edits, with their shortcuts and tooltips.
    void contextMenusOfThePanes() {
        MainWindow w;
        open(w);
        for (QWidget* pane : {static_cast<QWidget*>(u8test::hexView(w)),
                              static_cast<QWidget*>(u8test::textView(w))}) {
            QCOMPARE(pane->contextMenuPolicy(), Qt::ActionsContextMenu);
            QStringList texts;
            for (QAction* a : pane->actions()) {
                if (a->isSeparator())
                    continue;
                texts << a->text().remove(QLatin1Char('&'));
                QVERIFY2(!a->toolTip().isEmpty(), qPrintable(a->text()));
            }
            QCOMPARE(texts, (QStringList{"Cut", "Copy as Text", "Copy as Hex", "Paste", "Paste Hex",
                                         "Select All", "Explain Selection"}));
            QCOMPARE(pane->actions().first()->shortcut(), QKeySequence(QKeySequence::Cut));
        }
    }

    // Pasted text overwrites as many characters as it holds (an error segment is one).
    void pasteTextOverwritesCharacters() {
        MainWindow w;
        open(w);
        w.goTo(1);
        QVERIFY(u8test::editActions(w)->pasteText(QStringLiteral("xyz")));
        QCOMPARE(contentOf(*u8test::document(w)), QByteArray("axyzc"));
    }

    void insertCharacterByNameShowsItsBytes() {
        u8app::InsertCharacterDialog dialog;
        dialog.setQuery(QStringLiteral("euro sign"));
        QCOMPARE(dialog.character(), std::optional<char32_t>(0x20AC));
        QVERIFY2(dialog.preview().contains(QLatin1String("U+20AC EURO SIGN")),
                 qPrintable(dialog.preview()));
        QVERIFY(dialog.preview().contains(QLatin1String("E2 82 AC (3 bytes)")));
        dialog.setQuery(QStringLiteral("U+1F600"));
        QVERIFY(dialog.preview().contains(QLatin1String("F0 9F 98 80")));
        dialog.setQuery(QStringLiteral("U+D800"));
        QVERIFY(!dialog.character());
        QVERIFY(dialog.preview().contains(QLatin1String("surrogate")));
        dialog.setQuery(QStringLiteral("no such character"));
        QVERIFY(!dialog.character());

        MainWindow w;
        open(w);
        u8test::documentController(w)->setMode(Mode::Insert);
        w.goTo(4);
        QVERIFY(u8test::editActions(w)->insertCharacter(0xE9));
        QCOMPARE(contentOf(*u8test::document(w)),
                 kDocument.left(4) + "\xC3\xA9" + kDocument.mid(4));
        u8test::documentController(w)->setMode(Mode::Overwrite);
        w.goTo(1);
        QVERIFY(u8test::editActions(w)->insertCharacter(0x41)); // over EURO SIGN, whole
        QCOMPARE(contentOf(*u8test::document(w)), "aA\xC3\xA9" + kDocument.mid(4));
    }

    void fillSelection() {
        MainWindow w;
        open(w);
        w.goTo(1, 5);
        QVERIFY(u8test::editActions(w)->fillSelection(0x2A));
        QCOMPARE(contentOf(*u8test::document(w)), QByteArray("a*****c"));
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{1, 6}));
        u8test::history(w)->undoStack()->undo();
        QCOMPARE(contentOf(*u8test::document(w)), kDocument);
    }

    // Revert Selection gives the edited ranges it touches the file's bytes back, as a step.
    void revertSelection() {
        MainWindow w;
        open(w);
        w.goTo(0);
        type(u8test::hexView(w), QStringLiteral("41"));
        w.goTo(6);
        type(u8test::hexView(w), QStringLiteral("43"));
        QCOMPARE(contentOf(*u8test::document(w)), "A" + kDocument.mid(1, 5) + "C");
        w.goTo(5, 2);
        QVERIFY(u8test::documentController(w)->revertSelection());
        QCOMPARE(contentOf(*u8test::document(w)), "A" + kDocument.mid(1));
        w.goTo(0, 7);
        QVERIFY(u8test::documentController(w)->revertSelection());
        QCOMPARE(contentOf(*u8test::document(w)), kDocument);
        QVERIFY(!u8test::history(w)->isModified());
        QVERIFY(!u8test::documentController(w)->revertSelection());
        QVERIFY(message(w).contains(QLatin1String("Nothing to revert")));
        u8test::history(w)->undoStack()->undo();
        QCOMPARE(contentOf(*u8test::document(w)), "A" + kDocument.mid(1));
    }

    // Read only: keys and commands change nothing and say why; the mode field says it too.
    void readOnlyRefusesAndSaysWhy() {
        MainWindow w;
        open(w);
        QCOMPARE(u8test::statusField(w, "mode"), QStringLiteral("OVR"));
        QAction* readOnly = u8test::editActions(w)->readOnlyAction();
        readOnly->trigger();
        QVERIFY(u8test::documentController(w)->isReadOnly());
        QCOMPARE(u8test::statusField(w, "mode"), QStringLiteral("Read only"));
        w.goTo(0);
        type(u8test::hexView(w), QStringLiteral("41"));
        type(u8test::textView(w), QStringLiteral("x"));
        QTest::keyClick(u8test::textView(w), Qt::Key_Delete);
        QVERIFY(!u8test::editActions(w)->pasteText(QStringLiteral("y")));
        QCOMPARE(contentOf(*u8test::document(w)), kDocument);
        QVERIFY2(message(w).startsWith(QLatin1String("Read only")), qPrintable(message(w)));
        // Remembered for the next window.
        {
            MainWindow other;
            QVERIFY(u8test::documentController(other)->userReadOnly());
        }
        readOnly->trigger();
        type(u8test::textView(w), QStringLiteral("x"));
        QCOMPARE(contentOf(*u8test::document(w)), "x" + kDocument.mid(1));
        QCOMPARE(u8test::statusField(w, "mode"), QStringLiteral("OVR"));
        QTest::keyClick(u8test::textView(w), Qt::Key_Insert);
        QCOMPARE(u8test::statusField(w, "mode"), QStringLiteral("INS"));
    }

    // A file the user may not write opens read only, with the reason; turning it off edits it
    // (Save As then writes elsewhere).
    void unwritableFileOpensReadOnly() {
        const QString path = u8test::writeFile(dir_, "locked.txt", "locked");
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::ReadGroup));
        // Root may write whatever the mode says: then the immutable attribute locks it.
        const bool immutable = ::access(QFile::encodeName(path).constData(), W_OK) == 0;
        if (immutable && !setImmutable(path, true))
            QSKIP("running as root on a file system without the immutable attribute");
        MainWindow w;
        const bool opened = w.openFile(path);
        if (immutable)
            QVERIFY(setImmutable(path, false));
        QVERIFY(opened);
        QVERIFY(u8test::documentController(w)->isReadOnly());
        QVERIFY(
            u8test::documentController(w)->readOnlyReason().contains(QLatin1String("locked.txt")));
        QVERIFY(message(w).startsWith(QLatin1String("Read only")));
        u8test::editActions(w)->readOnlyAction()->trigger(); // off: edit anyway
        QVERIFY(!u8test::documentController(w)->isReadOnly());
    }

    void readOnlyReasonOverridesTheUsersChoice() {
        MainWindow w;
        open(w);
        u8test::documentController(w)->setReadOnlyReason(
            QStringLiteral("you may not write to doc.bin"));
        QVERIFY(u8test::editActions(w)->readOnlyAction()->isChecked());
        type(u8test::hexView(w), QStringLiteral("00"));
        QVERIFY2(message(w).contains(QLatin1String("you may not write to doc.bin")),
                 qPrintable(message(w)));
        QCOMPARE(contentOf(*u8test::document(w)), kDocument);
        open(w); // another file: its own reason, none here
        QVERIFY(!u8test::documentController(w)->isReadOnly());
    }

    // Hand edits and repairs in one history, in any order: each undoes, all of them back to the
    // file's bytes (unmodified), and redo makes them again.
    void editsAndRepairsInterleave() {
        MainWindow w;
        open(w, QByteArray("caf\xE9 ok\n"));
        u8test::repairActions(w)->setConfirm(
            [](const u8app::ChangePreview&) { return std::optional(u8app::PreviewChoice{}); });
        auto repair = [&] {
            QSignalSpy done(u8test::repairActions(w), &u8app::RepairActions::finished);
            u8convert::RepairOptions options;
            options.invalid = u8codec::ErrorPolicy::Cp1252;
            u8test::repairActions(w)->runRepair(QStringLiteral("Read as windows-1252"), options);
            QVERIFY(done.wait(20000));
        };
        std::vector<QByteArray> states{contentOf(*u8test::document(w))};
        w.goTo(0);
        type(u8test::textView(w), QStringLiteral("C")); // overwrite: "Caf\xE9 ok\n"
        states.push_back(contentOf(*u8test::document(w)));
        repair(); // \xE9 -> C3 A9
        states.push_back(contentOf(*u8test::document(w)));
        QCOMPARE(states.back(), QByteArray("Caf\xC3\xA9 ok\n"));
        u8test::documentController(w)->setMode(Mode::Insert);
        w.goTo(6);
        type(u8test::textView(w), QStringLiteral("!"));
        states.push_back(contentOf(*u8test::document(w)));
        QCOMPARE(states.back(), QByteArray("Caf\xC3\xA9 !ok\n"));
        w.goTo(0);
        type(u8test::hexView(w), QStringLiteral("ff")); // an invalid byte typed in front
        states.push_back(contentOf(*u8test::document(w)));
        repair(); // and repaired again
        states.push_back(contentOf(*u8test::document(w)));
        QCOMPARE(states.back(), QByteArray("\xC3\xBF"
                                           "Caf\xC3\xA9 !ok\n"));
        u8doc::UndoStack* stack = u8test::history(w)->undoStack();
        QCOMPARE(stack->count(), int(states.size()) - 1);
        for (std::size_t i = states.size() - 1; i-- > 0;) {
            stack->undo();
            QCOMPARE(contentOf(*u8test::document(w)), states[i]);
        }
        QVERIFY(!u8test::history(w)->isModified());
        for (std::size_t i = 1; i < states.size(); ++i) {
            stack->redo();
            QCOMPARE(contentOf(*u8test::document(w)), states[i]);
        }
        QVERIFY(u8test::history(w)->isModified());
    }
};

QTEST_MAIN(TestWindowEditCommands)
#include "tst_window_edit_commands.moc"
