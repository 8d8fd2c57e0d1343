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
        type(w.hexView(), QStringLiteral("41"));
        w.documentController()->setMode(u8doc::DocumentEditor::Mode::Insert);
        w.goTo(5);
        type(w.textView(), QStringLiteral("!"));
        w.goTo(1);
        QTest::keyClick(w.textView(), Qt::Key_Delete);
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
        QCOMPARE(contentOf(*w.document()), edited);
        QVERIFY(!w.document()->editedRanges(0, w.document()->size()).empty());
        QVERIFY(w.isWindowModified());
        // The check and the audit of the edited bytes end before the save.
        QTRY_VERIFY(w.session()->checkReport() && w.session()->auditReport());
        const auto checked = w.session()->checkReport();
        const auto audited = w.session()->auditReport();
        const int steps = w.history()->undoStack()->count();
        QVERIFY(steps > 0);
        QVERIFY(saves(w)->save());
        QCOMPARE(readFile(path), edited);
        // The saved file is the new original: nothing marked as edited, unmodified; the history
        // stays, and the check and the audit are not run again (the bytes are the same).
        QCOMPARE(contentOf(*w.document()), edited);
        QVERIFY(w.document()->editedRanges(0, w.document()->size()).empty());
        QCOMPARE(w.history()->undoStack()->count(), steps);
        QVERIFY(!w.history()->isModified());
        QVERIFY(!w.isWindowModified());
        QVERIFY2(w.banner()->text().isEmpty(), qPrintable(w.banner()->text()));
        QVERIFY(!w.documentScan()->isRunning());
        QCOMPARE(w.session()->checkReport().get(), checked.get());
        QCOMPARE(w.session()->auditReport().get(), audited.get());
        QVERIFY(w.statusBar()->currentMessage().startsWith(QStringLiteral("Saved ")));
        // Undo goes on past the save: the bytes before the last edit (read from the file as it
        // was opened, which the save replaced by a rename), modified; Redo, the saved bytes.
        w.history()->undoStack()->undo();
        QCOMPARE(contentOf(*w.document()), QByteArray("A\xE2\x82\xAC"
                                                      "b!\xFF"
                                                      "c\n"));
        QVERIFY(w.history()->isModified());
        QVERIFY(w.isWindowModified());
        w.history()->undoStack()->redo();
        QCOMPARE(contentOf(*w.document()), edited);
        QVERIFY(!w.history()->isModified());
        QVERIFY(w.document()->editedRanges(0, w.document()->size()).empty());
        // Undone to the bytes opened: modified, since the file holds the edits now.
        for (int k = 0; k < steps; ++k)
            w.history()->undoStack()->undo();
        QCOMPARE(contentOf(*w.document()), kDocument);
        QVERIFY(w.history()->isModified());
        for (int k = 0; k < steps; ++k)
            w.history()->undoStack()->redo();
        QVERIFY(!w.history()->isModified());
        // Reopened from disk, it reads the same; a new edit and its undo work on it.
        MainWindow again;
        QVERIFY(again.openFile(path));
        QCOMPARE(contentOf(*again.document()), edited);
        w.goTo(0);
        type(w.hexView(), QStringLiteral("61"));
        QVERIFY(w.history()->isModified());
        w.history()->undoStack()->undo();
        QVERIFY(!w.history()->isModified());
        QCOMPARE(contentOf(*w.document()), edited);
        QTRY_VERIFY(w.banner()->text().isEmpty()); // our own save is no news
    }

    // A save with nothing edited runs neither the check nor the audit again.
    void saveWithoutEditsChecksNothingAgain() {
        const QString path = u8test::writeFile(dir_, "unedited.txt", kDocument);
        MainWindow w;
        QVERIFY(w.openFile(path));
        QTRY_VERIFY(w.session()->checkReport() && w.session()->auditReport());
        const auto checked = w.session()->checkReport();
        const auto audited = w.session()->auditReport();
        QVERIFY(saves(w)->save());
        QCOMPARE(readFile(path), kDocument);
        QVERIFY(!w.documentScan()->isRunning());
        QTest::qWait(2 * u8app::DocumentCheck::kQuietAfterEdit);
        QCOMPARE(w.session()->checkReport().get(), checked.get());
        QCOMPARE(w.session()->auditReport().get(), audited.get());
        QVERIFY(!w.history()->undoStack()->canUndo());
    }

    // A save that fails (the folder is gone) keeps the document, its edits and its history, and
    // says why.
    void failedSaveKeepsTheDocumentAndItsHistory() {
        QDir(dir_.path()).mkdir(QStringLiteral("gone"));
        const QString path = u8test::writeFile(dir_, "gone/file.txt", kDocument);
        MainWindow w;
        QVERIFY(w.openFile(path));
        const QByteArray edited = editBothPanes(w);
        const int steps = w.history()->undoStack()->count();
        QVERIFY(QDir(dir_.path()).rename(QStringLiteral("gone"), QStringLiteral("moved")));
        saves(w)->setConfirmOverwrite([](const QString&) { return true; });
        BoxCloser boxes;
        QSignalSpy messages(saves(w), &u8app::SaveActions::message);
        QVERIFY(!saves(w)->save());
        QVERIFY2(boxes.text.contains(QStringLiteral("could not be written")) &&
                     boxes.text.contains(QStringLiteral("The file is unchanged")),
                 qPrintable(boxes.text));
        QVERIFY(messages.last().first().toString().startsWith(QStringLiteral("Saving ")));
        QCOMPARE(contentOf(*w.document()), edited);
        QVERIFY(w.history()->isModified());
        QCOMPARE(w.history()->undoStack()->count(), steps);
        QCOMPARE(w.session()->path(), path);
        w.history()->undoStack()->undo();
        QVERIFY(contentOf(*w.document()) != edited);
        QVERIFY(w.history()->isModified());
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
        type(w.hexView(), QStringLiteral("41"));
        w.goTo(at + 1);
        w.hexView()->setTopOffset(at - 4 * quint64(w.hexView()->bytesPerRow())); // mid-screen
        QTest::qWait(50); // the text pane follows
        const quint64 top = w.hexView()->topOffset();
        QStringList said;
        QTimer poll;
        QObject::connect(&poll, &QTimer::timeout, [&] {
            if (!w.banner()->text().isEmpty() && !said.contains(w.banner()->text()))
                said << w.banner()->text();
        });
        poll.start(0);
        QVERIFY(saves(w)->save());
        QTest::qWait(500); // the file system's notice of the rename
        poll.stop();
        QVERIFY2(said.isEmpty(), qPrintable(said.join(QLatin1Char('\n'))));
        QCOMPARE(w.selection()->cursor(), at + 1);
        // Where it was: the text pane may align the top to its line, a row at most (before, the
        // view was back at the cursor's row from the top of the file: 20 rows off here).
        const quint64 row = quint64(w.hexView()->bytesPerRow());
        QVERIFY2(
            w.hexView()->topOffset() + row >= top && w.hexView()->topOffset() <= top + row,
            qPrintable(QStringLiteral("%1 against %2").arg(w.hexView()->topOffset()).arg(top)));
        QVERIFY(!w.history()->isModified());
    }

    void saveAsMakesTheNewFileTheDocument() {
        const QString path = u8test::writeFile(dir_, "first.txt", kDocument);
        const QString other = dir_.filePath(QStringLiteral("second.txt"));
        MainWindow w;
        QVERIFY(w.openFile(path));
        const QByteArray edited = editBothPanes(w);
        QVERIFY(saves(w)->writeAtomically(w.document()->sharedSource(), other));
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
        type(w.textView(), QStringLiteral("\u00E9"));
        QCOMPARE(contentOf(*w.document()), QByteArray("price: \xC3\xA9 5\n"));
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
        type(w.hexView(), QStringLiteral("41"));
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
        QVERIFY(w.history()->isModified());
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
        QTRY_VERIFY2(w.banner()->text().contains(QLatin1String("replaced")),
                     qPrintable(w.banner()->text()));
        QVERIFY(w.banner()->text().contains(QLatin1String("unsaved edits")));
        QCOMPARE(contentOf(*w.document()), edited);
        QString asked;
        saves(w)->setConfirmOverwrite([&asked](const QString& question) {
            asked = question;
            return false;
        });
        QVERIFY(!saves(w)->save());
        QVERIFY2(asked.contains(QLatin1String("was replaced by another file")), qPrintable(asked));
        QCOMPARE(readFile(path), QByteArray("their version\n"));
        QVERIFY(w.history()->isModified());
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
        QTRY_VERIFY(w.banner()->text().contains(QLatin1String("replaced")));
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
        QVERIFY(w.history()->isModified());
        QCOMPARE(contentOf(*w.document()), edited);
    }

    // Deleted: the edits are kept (the open file still reads), and Save writes it again.
    void deletedOnDiskUnderEdits() {
        const QString path = u8test::writeFile(dir_, "deleted.txt", kDocument);
        MainWindow w;
        QVERIFY(w.openFile(path));
        const QByteArray edited = editBothPanes(w);
        QVERIFY(QFile::remove(path));
        QTRY_VERIFY2(w.banner()->text().contains(QLatin1String("deleted")),
                     qPrintable(w.banner()->text()));
        QCOMPARE(w.banner()->actionText(), QStringLiteral("Save As…"));
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
        QTRY_VERIFY2(w.banner()->text().contains(QLatin1String("cut short")),
                     qPrintable(w.banner()->text()));
        QCOMPARE(w.banner()->level(), u8app::MessageBanner::Level::Error);
        saves(w)->setConfirmOverwrite([](const QString&) { return true; });
        BoxCloser closer;
        QVERIFY(!saves(w)->save());
        QVERIFY2(closer.text.contains(QLatin1String("could be read")), qPrintable(closer.text));
        QCOMPARE(readFile(path), kDocument.left(2));
    }
};

QTEST_MAIN(TestWindowEditSave)
#include "tst_window_edit_save.moc"
