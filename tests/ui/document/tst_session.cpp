// One open document's owner without a window: what it knows of the file it opened (path, size,
// what became of it on disk, why it is read only), the signals a controller hears (opened,
// replaced, edited, checked, audited) and the verdict and reports it keeps for the bytes shown.
#include "audit_report.h"
#include "byte_document.h"
#include "document_controller.h"
#include "document_fixture.h"
#include "document_history.h"
#include "document_session.h"
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
