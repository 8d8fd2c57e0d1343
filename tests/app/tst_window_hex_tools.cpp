// The hex-editor tools of the window: Tools > Checksums… (CRC-32, MD5, SHA-1, SHA-256 of the
// selection or the whole file, on a worker thread, cancellable, copyable); File > Save Selection
// As… (the selected bytes, raw, written atomically) and Edit > Insert File… (one undo step,
// refused while read only); Edit > Replace… (text, hex, code points; Replace All as one undo
// step with a count).
#include "background_job.h"
#include "byte_document.h"
#include "byte_selection.h"
#include "checksum_actions.h"
#include "checksum_dialog.h"
#include "checksums.h"
#include "document_controller.h"
#include "document_history.h"
#include "find_replace_dialog.h"
#include "main_window.h"
#include "replace_search.h"
#include "selection_file_actions.h"
#include "u8codec/byte_source.h"
#include "undo_stack.h"
#include "window_test_support.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>
#include <vector>

using u8app::ChecksumDialog;
using u8app::MainWindow;

namespace {

std::vector<std::uint8_t> bytesOf(const char* s) {
    return std::vector<std::uint8_t>(s, s + std::strlen(s));
}

// A pattern that is not periodic in a chunk's length, so a chunk read twice or skipped changes
// every sum.
std::vector<std::uint8_t> pattern(std::size_t n) {
    std::vector<std::uint8_t> out(n);
    for (std::size_t i = 0; i < n; ++i)
        out[i] = std::uint8_t(i * 7 + (i >> 8));
    return out;
}

QByteArray documentBytes(const MainWindow& w) {
    QByteArray out(qsizetype(u8test::document(w)->size()), '\0');
    const std::size_t got = u8test::document(w)->source()->read(
        0, std::span(reinterpret_cast<std::uint8_t*>(out.data()), std::size_t(out.size())));
    out.truncate(qsizetype(got));
    return out;
}

QByteArray fileBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

} // namespace

class TestWindowHexTools : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        u8test::useTestSettings(QStringLiteral("tst_window_hex_tools"));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(dir_.isValid());
    }

    void checksumsOfTheStandardCheckString() {
        const u8codec::MemorySource source(bytesOf("123456789"));
        u8app::JobControl control;
        const auto sums = u8app::computeChecksums(source, 0, source.size(), control);
        QVERIFY(sums);
        QCOMPARE(sums->crc32, QStringLiteral("cbf43926"));
        QCOMPARE(sums->md5, QStringLiteral("25f9e794323b453885f5181f1b624d0b"));
        QCOMPARE(sums->sha1, QStringLiteral("f7c3bc1d808e04732adf679965ccc34ca7ae3441"));
        QCOMPARE(
            sums->sha256,
            QStringLiteral("15e2b0d3c33891ebb0f1ef609ec419420c20e320ce94c65fbc8c3312448eb225"));
        QCOMPARE(control.permille(), 1000);
    }

    void checksumsAcrossChunks() {
        // Three chunks and a bit: the sums are zlib's and sha256sum's of the whole.
        const u8codec::MemorySource source(pattern(3 * 1024 * 1024 + 17));
        u8app::JobControl control;
        const auto sums = u8app::computeChecksums(source, 0, source.size(), control);
        QVERIFY(sums);
        QCOMPARE(sums->crc32, QStringLiteral("b02c3595"));
        QCOMPARE(
            sums->sha256,
            QStringLiteral("bb956a5cd83eaead22a56a2a7a1896c8ea76cdbff579525dc1081de7798642d3"));
    }

    void cancelledOrShortGivesNoSums() {
        const u8codec::MemorySource source(bytesOf("hello, world"));
        u8app::JobControl cancelled;
        cancelled.cancel();
        QVERIFY(!u8app::computeChecksums(source, 0, source.size(), cancelled));
        // Asked past the end (the file shrank): no sum of fewer bytes than asked for.
        u8app::JobControl control;
        bool shortRead = false;
        QVERIFY(!u8app::computeChecksums(source, 0, 20, control, &shortRead));
        QVERIFY(shortRead);
    }

    void checksumsOfTheSelectionFromTheToolsMenu() {
        MainWindow w;
        QVERIFY(w.openFile(u8test::writeFile(dir_, "sums.txt", "hello, world")));
        // One byte (the cursor alone) means the whole file.
        ChecksumDialog* whole = u8test::checksumActions(w)->showChecksums();
        QVERIFY(whole);
        QCOMPARE(whole->scope(), ChecksumDialog::Scope::WholeFile);
        QTRY_COMPARE(whole->value("MD5"), QStringLiteral("e4d7f1b4ed2e42d15898f4b27b019da4"));
        QCOMPARE(whole->value("CRC-32"), QStringLiteral("ffab723a"));
        delete whole;
        // "world" selected: its sums, and the whole file's at a change of scope.
        u8test::selection(w)->setAnchorAndCursor(7, 11);
        QAction* action = u8test::checksumActions(w)->checksumsAction();
        QCOMPARE(action->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+K")));
        QVERIFY(!action->toolTip().isEmpty());
        action->trigger();
        auto* dialog = w.findChild<ChecksumDialog*>(QStringLiteral("checksumDialog"));
        QVERIFY(dialog);
        QCOMPARE(dialog->scope(), ChecksumDialog::Scope::Selection);
        QTRY_COMPARE(dialog->value("CRC-32"), QStringLiteral("3a771143"));
        QVERIFY(dialog->statusText().contains(QStringLiteral("0x7 to 0xB (5 bytes)")));
        QSignalSpy computed(dialog, &ChecksumDialog::computed);
        dialog->setScope(ChecksumDialog::Scope::WholeFile);
        QTRY_COMPARE(computed.count(), 1);
        QCOMPARE(dialog->value("CRC-32"), QStringLiteral("ffab723a"));
        // Each field's Copy button copies what it shows.
        const QList<QToolButton*> copies = dialog->findChildren<QToolButton*>();
        QCOMPARE(copies.size(), 4);
        copies.first()->click();
        QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("ffab723a"));
        dialog->close();
    }

    void saveSelectionWritesTheSelectedBytes() {
        MainWindow w;
        const QString doc =
            u8test::writeFile(dir_, "part.bin", QByteArray("ab\xE2\x82\xAC\xFFyz", 8));
        QVERIFY(w.openFile(doc));
        u8test::selection(w)->setAnchorAndCursor(2, 5); // the euro sign and the stray FF
        // An existing file is replaced whole, not written into.
        const QString out = u8test::writeFile(dir_, "out.bin", QByteArray(100, 'x'));
        u8app::SelectionFileActions* files = u8test::selectionFileActions(w);
        QVERIFY(files->saveSelectionTo(out));
        QCOMPARE(fileBytes(out), QByteArray("\xE2\x82\xAC\xFF", 4));
        QVERIFY(w.statusBar()->currentMessage().contains(out));
        // Never over the open document: Save is for that.
        QVERIFY(!files->saveSelectionTo(doc));
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("is the open document")));
        QCOMPARE(fileBytes(doc), QByteArray("ab\xE2\x82\xAC\xFFyz", 8));
        QVERIFY(!files->saveSelectionAction()->shortcut().isEmpty());
    }

    void insertFileIsOneUndoStep() {
        MainWindow w;
        QVERIFY(w.openFile(u8test::writeFile(dir_, "host.txt", "abcdef")));
        const QString insert = u8test::writeFile(dir_, "insert.bin", "XYZ");
        u8test::selection(w)->setAnchorAndCursor(2, 3); // "cd": the file goes before it
        u8app::SelectionFileActions* files = u8test::selectionFileActions(w);
        QVERIFY(files->insertFile(insert));
        QCOMPARE(documentBytes(w), QByteArray("abXYZcdef"));
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{2, 5})); // what came in, selected
        QCOMPARE(u8test::history(w)->undoStack()->count(), 1);
        QCOMPARE(u8test::history(w)->undoStack()->undoText(), QStringLiteral("Insert File"));
        u8test::history(w)->undoStack()->undo();
        QCOMPARE(documentBytes(w), QByteArray("abcdef"));
        // Read only: refused, saying which file and why.
        u8test::documentController(w)->setUserReadOnly(true);
        QVERIFY(!files->insertFile(insert));
        QCOMPARE(documentBytes(w), QByteArray("abcdef"));
        QVERIFY(w.statusBar()->currentMessage().contains(insert));
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("Read only")));
        u8test::documentController(w)->setUserReadOnly(false);
        // A file that cannot be read: its name and the reason.
        const QString missing = dir_.filePath(QStringLiteral("missing.bin"));
        QVERIFY(!files->insertFile(missing));
        QVERIFY(w.statusBar()->currentMessage().contains(missing));
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("No such file")));
        QCOMPARE(u8test::history(w)->undoStack()->count(), 1); // the undone insert, nothing new
    }

    void replaceAllIsOneUndoStepWithACount() {
        MainWindow w;
        QVERIFY(w.openFile(u8test::writeFile(dir_, "replace.txt", "cafe Cafe CAFE caf\xC3\xA9")));
        u8app::FindReplaceDialog* dialog = w.showFindReplace();
        QVERIFY(dialog);
        dialog->setMode(u8app::FindReplaceDialog::Mode::Text);
        dialog->setFindText(QStringLiteral("cafe"));
        dialog->setReplaceText(QStringLiteral("tea"));
        dialog->setMatchCase(false);
        QCOMPARE(dialog->replaceAll(), quint64(3));
        QCOMPARE(documentBytes(w), QByteArray("tea tea tea caf\xC3\xA9"));
        QVERIFY(dialog->statusText().contains(QStringLiteral("Replaced 3 matches")));
        QCOMPARE(u8test::history(w)->undoStack()->count(), 1);
        QCOMPARE(u8test::history(w)->undoStack()->undoText(), QStringLiteral("Replace All"));
        u8test::history(w)->undoStack()->undo();
        QCOMPARE(documentBytes(w), QByteArray("cafe Cafe CAFE caf\xC3\xA9"));
        u8test::history(w)->undoStack()->redo();
        QCOMPARE(documentBytes(w), QByteArray("tea tea tea caf\xC3\xA9"));
        // Code points: the é (C3 A9) by U+00E9, replaced by the hex bytes of "e".
        dialog->setMode(u8app::FindReplaceDialog::Mode::CodePoint);
        dialog->setFindText(QStringLiteral("U+00E9"));
        dialog->setReplaceText(QStringLiteral("U+0065 U+0301"));
        QCOMPARE(dialog->replaceAll(), quint64(1));
        QCOMPARE(documentBytes(w), QByteArray("tea tea tea cafe\xCC\x81"));
        // Hex, with nothing: the matches removed.
        dialog->setMode(u8app::FindReplaceDialog::Mode::Hex);
        dialog->setFindText(QStringLiteral("74 65"));
        dialog->setReplaceText(QString());
        QCOMPARE(dialog->replaceAll(), quint64(3));
        QCOMPARE(documentBytes(w), QByteArray("a a a cafe\xCC\x81"));
        QCOMPARE(u8test::history(w)->undoStack()->count(), 3);
        // Nothing found, a bad pattern, read only: nothing changes and the dialog says why.
        dialog->setFindText(QStringLiteral("FF"));
        QCOMPARE(dialog->replaceAll(), quint64(0));
        QVERIFY(dialog->statusText().contains(QStringLiteral("Not found")));
        dialog->setFindText(QStringLiteral("GG"));
        QCOMPARE(dialog->replaceAll(), quint64(0));
        QVERIFY(dialog->statusText().contains(QStringLiteral("Not hex")));
        u8test::documentController(w)->setUserReadOnly(true);
        dialog->setFindText(QStringLiteral("61"));
        QCOMPARE(dialog->replaceAll(), quint64(0));
        QVERIFY(dialog->statusText().contains(QStringLiteral("Read only")));
        QCOMPARE(documentBytes(w), QByteArray("a a a cafe\xCC\x81"));
        QCOMPARE(u8test::history(w)->undoStack()->count(), 3);
    }

    void replaceOneAtATime() {
        MainWindow w;
        QVERIFY(w.openFile(u8test::writeFile(dir_, "one.txt", "ab ab ab")));
        u8app::FindReplaceDialog* dialog = w.showFindReplace();
        dialog->setMode(u8app::FindReplaceDialog::Mode::Text);
        dialog->setMatchCase(true);
        dialog->setFindText(QStringLiteral("ab"));
        dialog->setReplaceText(QStringLiteral("X"));
        w.goTo(1); // inside the first "ab": the next match is the second
        QVERIFY(dialog->findNext());
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{3, 5}));
        QVERIFY(dialog->replace()); // replaces the selected match, selects the next
        QCOMPARE(documentBytes(w), QByteArray("ab X ab"));
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{5, 7}));
        QVERIFY(dialog->replace());
        QCOMPARE(documentBytes(w), QByteArray("ab X X"));
        // Wraps to the start for the last one.
        QCOMPARE(u8test::selection(w)->range(), (u8ui::ByteRange{0, 2}));
        QVERIFY(dialog->statusText().contains(QStringLiteral("from the start again")));
        QCOMPARE(u8test::history(w)->undoStack()->count(), 2); // one step per Replace
        QAction* replaceAction = nullptr;
        for (QAction* a : w.actions())
            if (a->text() == QStringLiteral("&Replace…"))
                replaceAction = a;
        QVERIFY(replaceAction);
        QCOMPARE(replaceAction->shortcut(), QKeySequence(QStringLiteral("Ctrl+H")));
        QVERIFY(!replaceAction->toolTip().isEmpty());
    }

    void replaceAllDoesNotOverlap() {
        // "aa" in "aaaaa": at 0 and 2, as editors replace (not at 0, 1, 2 and 3).
        const u8codec::MemorySource source(bytesOf("aaaaa"));
        u8app::JobControl control;
        bool more = true;
        const auto splices = u8app::gatherReplacements(
            source, u8doc::FindEngine(u8doc::FindQuery::forBytes("aa")), "b", control, 10, &more);
        QVERIFY(splices);
        QCOMPARE(splices->size(), std::size_t(2));
        QCOMPARE((*splices)[0].offset, quint64(0));
        QCOMPARE((*splices)[1].offset, quint64(2));
        QVERIFY(!more);
        // Past the limit: said, so that nothing is replaced in part.
        QVERIFY(u8app::gatherReplacements(
            source, u8doc::FindEngine(u8doc::FindQuery::forBytes("a")), "b", control, 3, &more));
        QVERIFY(more);
    }

private:
    QTemporaryDir dir_;
};

QTEST_MAIN(TestWindowHexTools)
#include "tst_window_hex_tools.moc"
