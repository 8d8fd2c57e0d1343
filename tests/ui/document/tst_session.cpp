// One open document's owner without a window: what it knows of the file it opened (path, size,
// what became of it on disk, why it is read only), the signals a controller hears (opened,
// replaced, edited, checked, audited) and the verdict and reports it keeps for the bytes shown.
#include "audit_report.h"
#include "byte_document.h"
#include "document_controller.h"
#include "document_fixture.h"
#include "document_history.h"
#include "document_session.h"
#include "save_source.h"
#include "scan_report.h"
#include "u8codec/byte_source.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <unistd.h>

namespace {

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size() && f.flush();
}

std::shared_ptr<u8codec::FileSource> openSource(const QString& path) {
    auto opened = u8codec::FileSource::open(QFile::encodeName(path).toStdString());
    if (!opened.ok())
        return nullptr;
    return std::shared_ptr<u8codec::FileSource>(std::move(opened).value());
}

} // namespace

class TestSession : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    QString write(const QString& name, const QByteArray& bytes) {
        const QString path = dir_.filePath(name);
        return writeFile(path, bytes) ? path : QString();
    }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    // A file opened: its path, its size, its bytes shown under its name; opened then replaced.
    void openFileShowsItsBytes() {
        u8app::DocumentController controller(nullptr);
        u8doc::DocumentSession session(&controller);
        const QString path = write(QStringLiteral("a.txt"), "caf\xC3\xA9\n");
        QVERIFY(!path.isEmpty());
        QStringList heard;
        connect(&session, &u8doc::DocumentSession::opened, this,
                [&](const QString& p) { heard << QStringLiteral("opened ") + p; });
        connect(&session, &u8doc::DocumentSession::replaced, this,
                [&] { heard << QStringLiteral("replaced"); });
        session.openFile(openSource(path), path);
        QCOMPARE(heard,
                 QStringList({QStringLiteral("opened ") + path, QStringLiteral("replaced")}));
        QCOMPARE(session.path(), path);
        QVERIFY(session.hasFile());
        QCOMPARE(session.openedSize(), quint64(6));
        QCOMPARE(contentOf(*controller.document()), QByteArray("caf\xC3\xA9\n"));
        QCOMPARE(controller.document()->displayName(), QStringLiteral("a.txt"));
        QCOMPARE(session.changeOnDisk(), u8doc::FileOnDisk::Change::None);
        QVERIFY(session.readOnlyReason().isEmpty());
        QVERIFY(!controller.isReadOnly());

        // Bytes of no file, then nothing: no path, and no file to ask the disk about.
        session.openBytes(bytesOf("sample"), QStringLiteral("tour.txt (sample)"));
        QVERIFY(session.path().isEmpty());
        QVERIFY(!session.hasFile());
        QCOMPARE(session.openedSize(), quint64(6));
        QCOMPARE(session.changeOnDisk(), u8doc::FileOnDisk::Change::None);
        session.close();
        QVERIFY(!controller.document()->source());
        QCOMPARE(session.openedSize(), quint64(0));
    }

    // What another program did to the file since it was opened, each case told apart.
    void changeOnDiskIsTold() {
        u8app::DocumentController controller(nullptr);
        u8doc::DocumentSession session(&controller);
        const QString path = write(QStringLiteral("b.txt"), "0123456789");
        session.openFile(openSource(path), path);
        QFile grow(path);
        QVERIFY(grow.open(QIODevice::Append));
        QCOMPARE(grow.write("more"), qint64(4));
        grow.close();
        u8doc::FileOnDisk now;
        QCOMPARE(session.changeOnDisk(&now), u8doc::FileOnDisk::Change::Grew);
        QCOMPARE(now.size(), quint64(14));
        QVERIFY(QFile::resize(path, 3));
        QCOMPARE(session.changeOnDisk(), u8doc::FileOnDisk::Change::Shrank);
        // Another file renamed over it: a new inode.
        const QString other = write(QStringLiteral("b.new"), "0123456789");
        QVERIFY(::rename(QFile::encodeName(other).constData(),
                         QFile::encodeName(path).constData()) == 0);
        QCOMPARE(session.changeOnDisk(), u8doc::FileOnDisk::Change::Replaced);
        QVERIFY(QFile::remove(path));
        QCOMPARE(session.changeOnDisk(), u8doc::FileOnDisk::Change::Deleted);
        QCOMPARE(session.onDisk().size(), quint64(10)); // the file as it was opened
    }

    // A file the user may not write opens read only, and says why.
    void unwritableFileOpensReadOnly() {
        if (::geteuid() == 0)
            QSKIP("root may write any file: the permission bits cannot refuse it");
        u8app::DocumentController controller(nullptr);
        u8doc::DocumentSession session(&controller);
        const QString path = write(QStringLiteral("c.txt"), "locked");
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner));
        session.openFile(openSource(path), path);
        QVERIFY2(session.readOnlyReason().contains(QStringLiteral("c.txt")),
                 qPrintable(session.readOnlyReason()));
        QVERIFY(controller.isReadOnly());
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner));
        session.openFile(openSource(path), path);
        QVERIFY(session.readOnlyReason().isEmpty());
    }

    // A hand edit is heard as edited from its first offset; a replacement (a repair, its undo)
    // as replaced, and it drops the verdict on the bytes before.
    void editsAndReplacementsAreTold() {
        u8app::DocumentController controller(nullptr);
        u8doc::DocumentSession session(&controller);
        session.openBytes(bytesOf("abcdef"), QStringLiteral("t.txt"));
        QSignalSpy edited(&session, &u8doc::DocumentSession::edited);
        QSignalSpy replaced(&session, &u8doc::DocumentSession::replaced);
        QSignalSpy binary(&session, &u8doc::DocumentSession::binaryFound);
        session.setVerdict(QStringLiteral("ELF executable"));
        QCOMPARE(binary.count(), 1);
        QCOMPARE(session.binaryKind(), QStringLiteral("ELF executable"));
        u8doc::DocumentEditor::Change change;
        change.offset = 3;
        change.length = 1;
        change.bytes = "D";
        change.cursorAfter = 4;
        QVERIFY(controller.edit(change));
        QCOMPARE(edited.count(), 1);
        QCOMPARE(edited.first().first().toULongLong(), 3ULL);
        QCOMPARE(replaced.count(), 0);
        QCOMPARE(session.binaryKind(), QStringLiteral("ELF executable")); // the same file
        controller.history()->replaceContent(QStringLiteral("Fix"), bytesOf("fixed"));
        QCOMPARE(replaced.count(), 1);
        QVERIFY(session.binaryKind().isEmpty());
        controller.history()->undoStack()->undo();
        QCOMPARE(replaced.count(), 2);
        QCOMPARE(contentOf(*controller.document()), QByteArray("abcDef"));
        session.setVerdict(QString());
        QCOMPARE(binary.count(), 1); // "not binary" is no news
    }

    // Save keeps the history: the file written (a new file, renamed over the old one) becomes
    // the session's, the bytes stay with their check report and marks of edits go; Undo goes back
    // past the save, reading the file as it was opened (the old version, still open), and marks
    // the document modified; Redo comes back to the saved bytes, unmodified.
    void saveKeepsTheHistory() {
        u8app::DocumentController controller(nullptr);
        u8doc::DocumentSession session(&controller);
        u8doc::DocumentHistory* history = controller.history();
        const QString path = write(QStringLiteral("saved.txt"), "abc\xC3\xA9"
                                                                "def\n");
        session.openFile(openSource(path), path);
        u8doc::DocumentEditor::Change change;
        change.offset = 1;
        change.length = 1;
        change.bytes = "\xE2\x82\xAC"; // "€" in place of "b"
        change.cursorAfter = 4;
        QVERIFY(controller.edit(change));
        QVERIFY(history->isModified());
        QVERIFY(!controller.document()->editedRanges(0, 20).empty());
        const QByteArray edited = contentOf(*controller.document());
        auto report = std::make_shared<u8doc::ScanReport>();
        session.setCheckReport(report);

        const auto result = u8io::saveSource(*controller.document()->source(),
                                             QFile::encodeName(path).toStdString());
        QVERIFY2(result.ok(), result.message().c_str());
        history->markSaved();
        QSignalSpy replaced(&session, &u8doc::DocumentSession::replaced);
        QSignalSpy editedSignal(&session, &u8doc::DocumentSession::edited);
        QSignalSpy opened(&session, &u8doc::DocumentSession::opened);
        session.adoptSavedFile(openSource(path), path);
        QCOMPARE(replaced.count() + editedSignal.count() + opened.count(), 0);
        QCOMPARE(session.checkReport().get(), report.get()); // nothing to check again
        QCOMPARE(session.changeOnDisk(), u8doc::FileOnDisk::Change::None);
        QCOMPARE(session.openedSize(), quint64(edited.size()));
        QVERIFY(!history->isModified());
        QCOMPARE(contentOf(*controller.document()), edited);
        QVERIFY(controller.document()->editedRanges(0, 20).empty());
        QFile onDisk(path);
        QVERIFY(onDisk.open(QIODevice::ReadOnly));
        QCOMPARE(onDisk.readAll(), edited);

        // Undo past the save: the opened bytes, from the old file, and modified.
        QVERIFY(history->undoStack()->canUndo());
        history->undoStack()->undo();
        QCOMPARE(contentOf(*controller.document()), QByteArray("abc\xC3\xA9"
                                                               "def\n"));
        QVERIFY(history->isModified());
        QCOMPARE(editedSignal.count(), 1);
        QCOMPARE(editedSignal.first().first().toULongLong(), 1ULL);
        // Redo: the saved bytes again, read from the saved file, unmodified.
        history->undoStack()->redo();
        QCOMPARE(contentOf(*controller.document()), edited);
        QVERIFY(!history->isModified());
        QVERIFY(controller.document()->editedRanges(0, 20).empty());

        // An edit after the save is a step of its own, marked against the saved bytes.
        change.offset = 0;
        change.length = 1;
        change.bytes = "A";
        change.cursorAfter = 1;
        QVERIFY(controller.edit(change));
        QVERIFY(history->isModified());
        const auto marks = controller.document()->editedRanges(0, 20);
        QCOMPARE(marks.size(), std::size_t(1));
        QCOMPARE(marks.front().offset, quint64(0));
        QCOMPARE(marks.front().length, quint64(1));
        history->undoStack()->undo();
        QVERIFY(!history->isModified());
        QCOMPARE(contentOf(*controller.document()), edited);
        history->undoStack()->undo();
        QCOMPARE(contentOf(*controller.document()), QByteArray("abc\xC3\xA9"
                                                               "def\n"));
        QVERIFY(history->isModified());
    }

    // A save with nothing edited changes nothing but the file the session names; edits made
    // while the file was written keep the document modified, its bytes as they are.
    void saveWithoutEditsAndEditsDuringTheSave() {
        u8app::DocumentController controller(nullptr);
        u8doc::DocumentSession session(&controller);
        const QString path = write(QStringLiteral("plain.txt"), "plain\n");
        session.openFile(openSource(path), path);
        QSignalSpy changed(controller.document(), &u8ui::ByteDocument::contentChanged);
        QSignalSpy replaced(&session, &u8doc::DocumentSession::replaced);
        const QString copy = dir_.filePath(QStringLiteral("copy.txt"));
        QVERIFY(u8io::saveSource(*controller.document()->source(),
                                 QFile::encodeName(copy).toStdString())
                    .ok());
        controller.history()->markSaved();
        session.adoptSavedFile(openSource(copy), copy);
        QCOMPARE(replaced.count(), 0);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().first().value<u8ui::ByteDocument::Change>(),
                 u8ui::ByteDocument::Change::Saved);
        QCOMPARE(session.path(), copy);
        QCOMPARE(controller.document()->displayName(), QStringLiteral("copy.txt"));
        QVERIFY(!controller.history()->undoStack()->canUndo());

        // Marked saved, then edited before the file is taken: it stays modified and as it is.
        controller.history()->markSaved();
        u8doc::DocumentEditor::Change change;
        change.offset = 0;
        change.length = 1;
        change.bytes = "P";
        change.cursorAfter = 1;
        QVERIFY(controller.edit(change));
        session.adoptSavedFile(openSource(copy), copy);
        QVERIFY(controller.history()->isModified());
        QCOMPARE(contentOf(*controller.document()), QByteArray("Plain\n"));
        QVERIFY(!controller.document()->editedRanges(0, 6).empty());
    }

    // New bytes are examined first, then checked: the check is due only once their verdict is
    // text, and on binary data only when the user asks; other bytes make it wait again.
    void checkFollowsTheVerdict() {
        u8app::DocumentController controller(nullptr);
        u8doc::DocumentSession session(&controller);
        QStringList heard;
        connect(&session, &u8doc::DocumentSession::replaced, this,
                [&] { heard << QStringLiteral("replaced"); });
        connect(&session, &u8doc::DocumentSession::binaryFound, this,
                [&](const QString& kind) { heard << QStringLiteral("binary ") + kind; });
        connect(&session, &u8doc::DocumentSession::checkDue, this,
                [&] { heard << QStringLiteral("check"); });
        const QString text = write(QStringLiteral("text.txt"), "caf\xC3\xA9\n");
        session.openFile(openSource(text), text);
        QCOMPARE(heard, QStringList({QStringLiteral("replaced")}));
        QVERIFY(session.checkWaits()); // for the verdict
        session.setVerdict(QString());
        QCOMPARE(heard, QStringList({QStringLiteral("replaced"), QStringLiteral("check")}));
        QVERIFY(!session.checkWaits());

        // Binary data: no check, until asked.
        heard.clear();
        const QString elf = write(QStringLiteral("a.out"), QByteArray("\x7F"
                                                                      "ELF\x02\x01",
                                                                      6));
        session.openFile(openSource(elf), elf);
        session.setVerdict(QStringLiteral("ELF executable"));
        QCOMPARE(heard, QStringList(
                            {QStringLiteral("replaced"), QStringLiteral("binary ELF executable")}));
        QVERIFY(session.checkWaits());
        session.askCheck();
        QCOMPARE(heard.last(), QStringLiteral("check"));
        QVERIFY(!session.checkWaits());
        QCOMPARE(session.binaryKind(), QStringLiteral("ELF executable"));

        // Asked before the verdict came: the verdict is kept, and starts nothing more.
        heard.clear();
        session.openFile(openSource(elf), elf);
        session.askCheck();
        session.setVerdict(QStringLiteral("ELF executable"));
        QCOMPARE(heard, QStringList({QStringLiteral("replaced"), QStringLiteral("check")}));
        QVERIFY(!session.checkWaits());

        // A hand edit changes no verdict: the check does not wait on edited text.
        u8doc::DocumentEditor::Change change;
        change.offset = 0;
        change.length = 1;
        change.bytes = "E";
        change.cursorAfter = 1;
        session.openFile(openSource(text), text);
        session.setVerdict(QString());
        QVERIFY(controller.edit(change));
        QVERIFY(!session.checkWaits());
        // A replacement (a repair) does: its bytes get their own verdict.
        controller.history()->replaceContent(QStringLiteral("Fix"), bytesOf("fixed"));
        QVERIFY(session.checkWaits());
    }

    // The reports are kept and announced; null says the last one no longer holds.
    void reportsAreKeptAndAnnounced() {
        u8app::DocumentController controller(nullptr);
        u8doc::DocumentSession session(&controller);
        QSignalSpy checked(&session, &u8doc::DocumentSession::checked);
        QSignalSpy audited(&session, &u8doc::DocumentSession::audited);
        auto report = std::make_shared<u8doc::ScanReport>();
        report->totalProblems = 2;
        session.setCheckReport(report);
        QCOMPARE(session.checkReport().get(), report.get());
        QCOMPARE(checked.count(), 1);
        auto audit = std::make_shared<u8doc::AuditReport>();
        session.setAuditReport(audit);
        QCOMPARE(session.auditReport().get(), audit.get());
        QCOMPARE(audited.count(), 1);
        session.setCheckReport(nullptr);
        QVERIFY(!session.checkReport());
        QCOMPARE(checked.count(), 2);
    }
};

QTEST_GUILESS_MAIN(TestSession)
#include "tst_session.moc"
