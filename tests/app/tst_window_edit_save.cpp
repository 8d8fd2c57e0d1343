// Saving edits: Save streams the document (the file's bytes and the edits) over the
// file atomically, and the saved file becomes the new original: nothing marked, the history kept
// (undo goes on past the save, modified), nothing checked again, the next edit modified again; a
// failed save keeps the document and its history; Save As makes the new file the document's; a save
// can be cancelled. While edits are unsaved and another program replaces, cuts or deletes the file,
// the banner says so and Save asks before writing over anything.
#include "byte_document.h"
#include "byte_selection.h"
#include "document_check.h"
#include "document_controller.h"
#include "document_history.h"
#include "document_scan.h"
#include "document_session.h"
#include "hex_view.h"
#include "main_window.h"
#include "message_banner.h"
#include "save_actions.h"
#include "save_encoding_dialog.h"
#include "text_view.h"
#include "undo_stack.h"
#include "window_test_support.h"

#include <QApplication>
#include <QComboBox>
#include <QFileDialog>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QStatusBar>
#include <QTimer>
#include <QtTest>
#include <unistd.h>

using u8app::MainWindow;

namespace {

const QByteArray kDocument("a\xE2\x82\xAC"
                           "b\xFF"
                           "c\n");

QByteArray contentOf(const u8ui::ByteDocument& document) {
    QByteArray out(qsizetype(document.size()), '\0');
    if (document.source())
        out.resize(qsizetype(document.source()->read(
            0, std::span(reinterpret_cast<std::uint8_t*>(out.data()), std::size_t(out.size())))));
    return out;
}

QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

void type(QWidget* pane, const QString& text) {
    for (const QChar c : text) {
        QTest::sendKeyEvent(QTest::Press, pane, Qt::Key_unknown, QString(c), Qt::NoModifier);
        QTest::sendKeyEvent(QTest::Release, pane, Qt::Key_unknown, QString(c), Qt::NoModifier);
    }
}

// Accepts every message box that shows (a save that fails says so in one).
class BoxCloser {
public:
    BoxCloser() {
        QObject::connect(&timer_, &QTimer::timeout, [this] {
            for (QWidget* w : QApplication::topLevelWidgets())
                if (auto* box = qobject_cast<QMessageBox*>(w); box && box->isVisible()) {
                    text = box->text();
                    box->accept();
                }
        });
        timer_.start(20);
    }
    QString text;

private:
    QTimer timer_;
};

} // namespace

class TestWindowEditSave : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    // Edits in both panes: 'a' overwritten with 'A' (hex), '!' inserted before the error (text),
    // the EURO SIGN deleted (text).
    static QByteArray editBothPanes(MainWindow& w) {
        w.goTo(0);
        type(u8test::hexView(w), QStringLiteral("41"));
        u8test::documentController(w)->setMode(u8doc::DocumentEditor::Mode::Insert);
        w.goTo(5);
        type(u8test::textView(w), QStringLiteral("!"));
        w.goTo(1);
        QTest::keyClick(u8test::textView(w), Qt::Key_Delete);
        return QByteArray("Ab!\xFF"
                          "c\n");
    }
    static u8app::SaveActions* saves(MainWindow& w) { return w.findChild<u8app::SaveActions*>(); }

private slots:
    void initTestCase() {
        u8test::useTestSettings(QStringLiteral("tst_window_edit_save"));
        QVERIFY(dir_.isValid());
    }

    void savedEditsBecomeTheFile() {
        const QString path = u8test::writeFile(dir_, "saved.txt", kDocument);
        MainWindow w;
        QVERIFY(w.openFile(path));
        const QByteArray edited = editBothPanes(w);
        QCOMPARE(contentOf(*u8test::document(w)), edited);
        QVERIFY(!u8test::document(w)->editedRanges(0, u8test::document(w)->size()).empty());
        QVERIFY(w.isWindowModified());
        // The check and the audit of the edited bytes end before the save.
        QTRY_VERIFY(u8test::session(w)->checkReport() && u8test::session(w)->auditReport());
        const auto checked = u8test::session(w)->checkReport();
        const auto audited = u8test::session(w)->auditReport();
        const int steps = u8test::history(w)->undoStack()->count();
        QVERIFY(steps > 0);
        QVERIFY(saves(w)->save());
        QCOMPARE(readFile(path), edited);
        // The saved file is the new original: nothing marked as edited, unmodified; the history
        // stays, and the check and the audit are not run again (the bytes are the same).
        QCOMPARE(contentOf(*u8test::document(w)), edited);
        QVERIFY(u8test::document(w)->editedRanges(0, u8test::document(w)->size()).empty());
        QCOMPARE(u8test::history(w)->undoStack()->count(), steps);
        QVERIFY(!u8test::history(w)->isModified());
        QVERIFY(!w.isWindowModified());
        QVERIFY2(u8test::banner(w)->text().isEmpty(), qPrintable(u8test::banner(w)->text()));
        QVERIFY(!u8test::documentScan(w)->isRunning());
        QCOMPARE(u8test::session(w)->checkReport().get(), checked.get());
        QCOMPARE(u8test::session(w)->auditReport().get(), audited.get());
        QVERIFY(w.statusBar()->currentMessage().startsWith(QStringLiteral("Saved ")));
        // Undo goes on past the save: the bytes before the last edit (read from the file as it
        // was opened, which the save replaced by a rename), modified; Redo, the saved bytes.
        u8test::history(w)->undoStack()->undo();
        QCOMPARE(contentOf(*u8test::document(w)), QByteArray("A\xE2\x82\xAC"
                                                      "b!\xFF"
                                                      "c\n"));
        QVERIFY(u8test::history(w)->isModified());
        QVERIFY(w.isWindowModified());
        u8test::history(w)->undoStack()->redo();
        QCOMPARE(contentOf(*u8test::document(w)), edited);
        QVERIFY(!u8test::history(w)->isModified());
        QVERIFY(u8test::document(w)->editedRanges(0, u8test::document(w)->size()).empty());
        // Undone to the bytes opened: modified, since the file holds the edits now.
        for (int k = 0; k < steps; ++k)
            u8test::history(w)->undoStack()->undo();
        QCOMPARE(contentOf(*u8test::document(w)), kDocument);
        QVERIFY(u8test::history(w)->isModified());
        for (int k = 0; k < steps; ++k)
            u8test::history(w)->undoStack()->redo();
        QVERIFY(!u8test::history(w)->isModified());
        // Reopened from disk, it reads the same; a new edit and its undo work on it.
        MainWindow again;
        QVERIFY(again.openFile(path));
        QCOMPARE(contentOf(*u8test::document(again)), edited);
        w.goTo(0);
        type(u8test::hexView(w), QStringLiteral("61"));
        QVERIFY(u8test::history(w)->isModified());
        u8test::history(w)->undoStack()->undo();
        QVERIFY(!u8test::history(w)->isModified());
        QCOMPARE(contentOf(*u8test::document(w)), edited);
        QTRY_VERIFY(u8test::banner(w)->text().isEmpty()); // our own save is no news
    }

    // A save with nothing edited runs neither the check nor the audit again.
    void saveWithoutEditsChecksNothingAgain() {
        const QString path = u8test::writeFile(dir_, "unedited.txt", kDocument);
        MainWindow w;
        QVERIFY(w.openFile(path));
        QTRY_VERIFY(u8test::session(w)->checkReport() && u8test::session(w)->auditReport());
        const auto checked = u8test::session(w)->checkReport();
        const auto audited = u8test::session(w)->auditReport();
        QVERIFY(saves(w)->save());
        QCOMPARE(readFile(path), kDocument);
        QVERIFY(!u8test::documentScan(w)->isRunning());
        QTest::qWait(2 * u8app::DocumentCheck::kQuietAfterEdit);
        QCOMPARE(u8test::session(w)->checkReport().get(), checked.get());
        QCOMPARE(u8test::session(w)->auditReport().get(), audited.get());
        QVERIFY(!u8test::history(w)->undoStack()->canUndo());
    }

    // A save that fails (the folder is gone) keeps the document, its edits and its history, and
    // says why.
    void failedSaveKeepsTheDocumentAndItsHistory() {
        QDir(dir_.path()).mkdir(QStringLiteral("gone"));
        const QString path = u8test::writeFile(dir_, "gone/file.txt", kDocument);
        MainWindow w;
        QVERIFY(w.openFile(path));
        const QByteArray edited = editBothPanes(w);
        const int steps = u8test::history(w)->undoStack()->count();
        QVERIFY(QDir(dir_.path()).rename(QStringLiteral("gone"), QStringLiteral("moved")));
        saves(w)->setConfirmOverwrite([](const QString&) { return true; });
        BoxCloser boxes;
        QSignalSpy messages(saves(w), &u8app::SaveActions::message);
        QVERIFY(!saves(w)->save());
        QVERIFY2(boxes.text.contains(QStringLiteral("could not be written")) &&
                     boxes.text.contains(QStringLiteral("The file is unchanged")),
                 qPrintable(boxes.text));
        QVERIFY(messages.last().first().toString().startsWith(QStringLiteral("Saving ")));
        QCOMPARE(contentOf(*u8test::document(w)), edited);
        QVERIFY(u8test::history(w)->isModified());
        QCOMPARE(u8test::history(w)->undoStack()->count(), steps);
        QCOMPARE(u8test::session(w)->path(), path);
        u8test::history(w)->undoStack()->undo();
        QVERIFY(contentOf(*u8test::document(w)) != edited);
        QVERIFY(u8test::history(w)->isModified());
    }

    // Issue 33, defect 3: the window's own save of a large file is no news: no banner says the
    // file was replaced by another program, at any moment, and the view stays where it was.
    void ownSaveIsNoChangeOnDisk() {
        QByteArray big;
        while (big.size() < (qsizetype(48) << 20))
            big += "Grüße, テスト, a line of a large file to save.\n";
        const QString path = u8test::writeFile(dir_, "large.txt", big);
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(path));
        const quint64 at = quint64(big.size()) / 2 + 5;
        w.goTo(at);
        type(u8test::hexView(w), QStringLiteral("41"));
        w.goTo(at + 1);
        u8test::hexView(w)->setTopOffset(
            at - 4 * quint64(u8test::hexView(w)->bytesPerRow())); // mid-screen
        QTest::qWait(50);                                         // the text pane follows
        const quint64 top = u8test::hexView(w)->topOffset();
        QStringList said;
        QTimer poll;
        QObject::connect(&poll, &QTimer::timeout, [&] {
            if (!u8test::banner(w)->text().isEmpty() && !said.contains(u8test::banner(w)->text()))
                said << u8test::banner(w)->text();
        });
        poll.start(0);
        QVERIFY(saves(w)->save());
        QTest::qWait(500); // the file system's notice of the rename
        poll.stop();
        QVERIFY2(said.isEmpty(), qPrintable(said.join(QLatin1Char('\n'))));
        QCOMPARE(u8test::selection(w)->cursor(), at + 1);
        // Where it was: the text pane may align the top to its line, a row at most (before, the
        // view was back at the cursor's row from the top of the file: 20 rows off here).
        const quint64 row = quint64(u8test::hexView(w)->bytesPerRow());
        QVERIFY2(
            u8test::hexView(w)->topOffset() + row >= top &&
                u8test::hexView(w)->topOffset() <= top + row,
            qPrintable(
                QStringLiteral("%1 against %2").arg(u8test::hexView(w)->topOffset()).arg(top)));
        QVERIFY(!u8test::history(w)->isModified());
    }

    void saveAsMakesTheNewFileTheDocument() {
        const QString path = u8test::writeFile(dir_, "first.txt", kDocument);
        const QString other = dir_.filePath(QStringLiteral("second.txt"));
        MainWindow w;
        QVERIFY(w.openFile(path));
        const QByteArray edited = editBothPanes(w);
        QVERIFY(saves(w)->writeAtomically(u8test::document(w)->sharedSource(), other));
        QCOMPARE(readFile(other), edited);
        QCOMPARE(readFile(path), kDocument); // the first file is untouched
    }

    // Save As Encoding converts the edited document: the EURO SIGN, which ISO-8859-1 cannot
    // hold, typed over with é, which it can.
    void saveAsEncodingConvertsTheEdits() {
        const QString path = u8test::writeFile(dir_, "euro.txt", "price: \xE2\x82\xAC 5\n");
        // The name the file dialog suggests, beside the file: accepted as it is.
        const QString target = dir_.filePath(QStringLiteral("euro.iso-8859-1.txt"));
        MainWindow w;
        QVERIFY(w.openFile(path));
        w.goTo(7);
        type(u8test::textView(w), QStringLiteral("\u00E9"));
        QCOMPARE(contentOf(*u8test::document(w)), QByteArray("price: \xC3\xA9 5\n"));
        std::function<void()> drive = [&] {
            QWidget* modal = QApplication::activeModalWidget();
            if (auto* d = qobject_cast<u8app::SaveEncodingDialog*>(modal); d && d->isVisible()) {
                d->encodingBox()->setCurrentText(QStringLiteral("ISO-8859-1"));
                d->policyBox()->setCurrentIndex(0); // refuse what does not fit
                d->accept();
            } else if (auto* f = qobject_cast<QFileDialog*>(modal); f && f->isVisible()) {
                QMetaObject::invokeMethod(f, "accept"); // a protected slot: as its button does
                return;
            }
            QTimer::singleShot(20, drive);
        };
        QTimer::singleShot(0, drive);
        saves(w)->saveAsEncoding();
        QCOMPARE(readFile(target), QByteArray("price: \xE9 5\n"));
        QCOMPARE(readFile(path), QByteArray("price: \xE2\x82\xAC 5\n"));
    }

    // Cancelled while it writes: the file is as it was, the edits still unsaved.
    void cancelledSaveLeavesTheFile() {
        const QString path = dir_.filePath(QStringLiteral("large.bin"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.resize(qint64(256) << 20)); // sparse: 256 MiB of zeros
        }
        MainWindow w;
        QVERIFY(w.openFile(path));
        type(u8test::hexView(w), QStringLiteral("41"));
        // Cancel as soon as the save's progress dialog exists (it shows itself later).
        QTimer canceller;
        connect(&canceller, &QTimer::timeout, [&w] {
            for (QProgressDialog* d : w.findChildren<QProgressDialog*>())
                emit d->canceled(); // as its Cancel button does
        });
        canceller.start(0);
        QSignalSpy messages(saves(w), &u8app::SaveActions::message);
        QVERIFY(!saves(w)->save());
        canceller.stop();
        QVERIFY(messages.last().first().toString().contains(QLatin1String("cancelled")));
        QCOMPARE(QFileInfo(path).size(), qint64(256) << 20);
        QCOMPARE(readFile(path).left(1), QByteArray(1, '\0'));
        QVERIFY(u8test::history(w)->isModified());
        QCOMPARE(QDir(dir_.path()).entryList({QStringLiteral("large.bin*")}, QDir::Files).size(),
                 1); // no temporary file left behind
    }

    // Another program replaces the file (an editor saving by rename) while edits are unsaved:
    // the banner says so, the edits still read the version opened, Save asks first.
    void replacedOnDiskUnderEdits() {
        const QString path = u8test::writeFile(dir_, "replaced.txt", kDocument);
        MainWindow w;
        QVERIFY(w.openFile(path));
        const QByteArray edited = editBothPanes(w);
        const QString theirs = u8test::writeFile(dir_, "theirs.tmp", "their version\n");
        QVERIFY(::rename(QFile::encodeName(theirs).constData(),
                         QFile::encodeName(path).constData()) == 0);
        QTRY_VERIFY2(u8test::banner(w)->text().contains(QLatin1String("replaced")),
                     qPrintable(u8test::banner(w)->text()));
        QVERIFY(u8test::banner(w)->text().contains(QLatin1String("unsaved edits")));
        QCOMPARE(contentOf(*u8test::document(w)), edited);
        QString asked;
        saves(w)->setConfirmOverwrite([&asked](const QString& question) {
            asked = question;
            return false;
        });
        QVERIFY(!saves(w)->save());
        QVERIFY2(asked.contains(QLatin1String("was replaced by another file")), qPrintable(asked));
        QCOMPARE(readFile(path), QByteArray("their version\n"));
        QVERIFY(u8test::history(w)->isModified());
        saves(w)->setConfirmOverwrite([](const QString&) { return true; });
        QVERIFY(saves(w)->save());
        QCOMPARE(readFile(path), edited);
    }

    // Issue 33, defect 9: with unsaved edits and the file changed on disk, Reload's question
    // defaults to Cancel: Enter keeps both the edits and the other program's change.
    void reloadUnderEditsDefaultsToTheSafeChoice() {
        const QString path = u8test::writeFile(dir_, "reload.txt", kDocument);
        MainWindow w;
        QVERIFY(w.openFile(path));
        const QByteArray edited = editBothPanes(w);
        const QString theirs = u8test::writeFile(dir_, "theirs2.tmp", "their version\n");
        QVERIFY(::rename(QFile::encodeName(theirs).constData(),
                         QFile::encodeName(path).constData()) == 0);
        QTRY_VERIFY(u8test::banner(w)->text().contains(QLatin1String("replaced")));
        QMessageBox::StandardButton defaultButton = QMessageBox::NoButton;
        QString question;
        QTimer::singleShot(50, [&] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            QVERIFY(box);
            question = box->text();
            defaultButton = box->standardButton(box->defaultButton());
            QTest::keyClick(box, Qt::Key_Return); // what a user pressing Enter gets
        });
        saves(w)->setConfirmOverwrite([](const QString&) { return true; });
        w.reload();
        QCOMPARE(defaultButton, QMessageBox::Cancel);
        QVERIFY2(question.contains(QLatin1String("was replaced by another file")),
                 qPrintable(question));
        QCOMPARE(readFile(path), QByteArray("their version\n"));
        QVERIFY(u8test::history(w)->isModified());
        QCOMPARE(contentOf(*u8test::document(w)), edited);
    }

    // Deleted: the edits are kept (the open file still reads), and Save writes it again.
    void deletedOnDiskUnderEdits() {
        const QString path = u8test::writeFile(dir_, "deleted.txt", kDocument);
        MainWindow w;
        QVERIFY(w.openFile(path));
        const QByteArray edited = editBothPanes(w);
        QVERIFY(QFile::remove(path));
        QTRY_VERIFY2(u8test::banner(w)->text().contains(QLatin1String("deleted")),
                     qPrintable(u8test::banner(w)->text()));
        QCOMPARE(u8test::banner(w)->actionText(), QStringLiteral("Save As…"));
        saves(w)->setConfirmOverwrite([](const QString&) { return true; });
        QVERIFY(saves(w)->save());
        QCOMPARE(readFile(path), edited);
    }

    // Cut short in place: the bytes the edits did not replace are partly gone, so nothing can be
    // saved whole; the save fails and writes nothing.
    void truncatedOnDiskUnderEdits() {
        const QString path = u8test::writeFile(dir_, "cut.txt", kDocument);
        MainWindow w;
        QVERIFY(w.openFile(path));
        editBothPanes(w);
        QVERIFY(::truncate(QFile::encodeName(path).constData(), 2) == 0);
        QTRY_VERIFY2(u8test::banner(w)->text().contains(QLatin1String("cut short")),
                     qPrintable(u8test::banner(w)->text()));
        QCOMPARE(u8test::banner(w)->level(), u8app::MessageBanner::Level::Error);
        saves(w)->setConfirmOverwrite([](const QString&) { return true; });
        BoxCloser closer;
        QVERIFY(!saves(w)->save());
        QVERIFY2(closer.text.contains(QLatin1String("could be read")), qPrintable(closer.text));
        QCOMPARE(readFile(path), kDocument.left(2));
    }
};

QTEST_MAIN(TestWindowEditSave)
#include "tst_window_edit_save.moc"
