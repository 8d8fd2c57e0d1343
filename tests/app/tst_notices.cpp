// What the commands say in the banner, heard through a Notices that only records (no window):
// a file that cannot be opened (missing, a folder, a device, unreadable) and why, an empty file,
// a file that shrank, grew or vanished on disk, edits at risk, and the verdict on binary data,
// which holds the whole-file check until the banner's button asks for it.
#include "byte_document.h"
#include "document_controller.h"
#include "document_history.h"
#include "document_session.h"
#include "encoding_check.h"
#include "open_actions.h"
#include "recording_notices.h"
#include "repair_actions.h"
#include "save_actions.h"
#include "window_test_support.h"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QWidget>
#include <QtTest>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

using Level = u8doc::Notices::Level;

// The commands that open a file and examine its encoding, as the window composes them, around
// one session, speaking through a RecordingNotices; `window` is only their parent.
struct Commands {
    QWidget window; // first: destroyed last, after the commands it parents
    RecordingNotices notices;
    u8app::DocumentController controller{&window};
    u8doc::DocumentSession session{&controller, &window};
    u8app::SaveActions saves{&window, controller.document(), controller.history(), &session};
    u8app::OpenActions open{&window, &notices, &session, &saves};
    u8app::RepairActions repairs{&window, controller.document(), controller.history()};
    u8app::EncodingCheck encoding{&repairs, &notices, &session, &window};

    Commands() {
        // As the window does: other bytes are examined, a file's only.
        QObject::connect(&session, &u8doc::DocumentSession::replaced, &window, [this] {
            encoding.restart(session.hasFile() ? controller.document()->sharedSource() : nullptr,
                             controller.document()->displayName(), session.openedSize());
        });
    }
};

} // namespace

class TestNotices : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        u8test::useTestSettings(QStringLiteral("tst_notices"));
        QVERIFY(dir_.isValid());
    }

    void badPaths_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("reason");
        QTest::newRow("missing") << dir_.filePath("no-such-file.txt") << "the file does not exist";
        QTest::newRow("directory") << dir_.path() << "it is a folder, not a file";
        // A file in /proc that refuses to be opened even by root: another process's memory.
        QTest::newRow("unreadable") << "/proc/1/mem"
                                    << "";
        QTest::newRow("device") << "/dev/null"
                                << "Not a regular file (a device, pipe or socket cannot be "
                                   "inspected)";
        // Opening a FIFO for reading would block until a writer comes: it must be refused first.
        const QString fifo = dir_.filePath(QStringLiteral("fifo"));
        if (::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0)
            QTest::newRow("fifo") << fifo
                                  << "Not a regular file (a device, pipe or socket cannot be "
                                     "inspected)";
    }

    // The banner names the file and the reason, as an error with a way to open another; the
    // document shown stays.
    void badPaths() {
        QFETCH(QString, path);
        QFETCH(QString, reason);
        if (QByteArray(QTest::currentDataTag()) == "unreadable") {
            const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
            if (fd >= 0) {
                ::close(fd);
                QSKIP("this process may read that file here (e.g. root with CAP_SYS_PTRACE)");
            }
        }
        Commands c;
        c.open.openSample();
        const quint64 sampleSize = c.controller.document()->size();
        QVERIFY(!c.open.openFile(path));
        const QString message = c.notices.banner();
        QVERIFY2(message.startsWith(
                     QStringLiteral("Cannot open %1: ").arg(QDir::toNativeSeparators(path))),
                 qPrintable(message));
        QVERIFY2(message.endsWith(reason + QLatin1Char('.')), qPrintable(message));
        QCOMPARE(c.notices.bannerLevel(), Level::Error);
        QCOMPARE(c.notices.bannerActionText(), QStringLiteral("Open Another File…"));
        QCOMPARE(c.controller.document()->size(), sampleSize);
        QVERIFY(c.session.path().isEmpty());
    }

    void unreadableByPermission() {
        if (::geteuid() == 0)
            QSKIP("running as root: file permissions do not stop reads");
        const QString path = write("secret.txt", "x");
        QFile::setPermissions(path, QFileDevice::Permissions());
        Commands c;
        QVERIFY(!c.open.openFile(path));
        QVERIFY2(c.notices.banner().contains(QLatin1String("Permission denied")),
                 qPrintable(c.notices.banner()));
    }

    // An empty file opens and says so; a file that opens well takes any banner away.
    void emptyFileIsSaidAndAGoodOneSaysNothing() {
        Commands c;
        QVERIFY(!c.open.openFile(dir_.filePath("missing.txt")));
        QVERIFY(!c.notices.banner().isEmpty());
        QVERIFY(c.open.openFile(write("empty.txt", "")));
        QCOMPARE(c.notices.banner(),
                 QStringLiteral("empty.txt is empty (0 bytes): there is nothing to inspect."));
        QCOMPARE(c.notices.bannerLevel(), Level::Information);
        QVERIFY(c.open.openFile(write("good.txt", "good\n")));
        QVERIFY(c.notices.banner().isEmpty());
        QVERIFY(c.notices.said().isEmpty());
    }

    // What another program does to the open file is said as it happens: cut short or grown
    // (the bytes shown follow, nothing of the user's at stake), deleted (the bytes stay).
    void changesOnDiskAreSaid() {
        const QString path = write("changes.txt", "0123456789");
        Commands c;
        QVERIFY(c.open.openFile(path));
        QVERIFY(::truncate(QFile::encodeName(path).constData(), 3) == 0);
        QTRY_COMPARE(c.notices.banner(),
                     QStringLiteral("changes.txt shrank on disk from 10 bytes to 3 bytes: the "
                                    "bytes past the new end are gone."));
        QCOMPARE(c.controller.document()->size(), quint64(3));
        QFile grow(path);
        QVERIFY(grow.open(QIODevice::Append));
        QCOMPARE(grow.write("3456"), qint64(4));
        grow.close();
        QTRY_COMPARE(c.notices.banner(),
                     QStringLiteral("changes.txt grew on disk from 3 bytes to 7 bytes: the new "
                                    "bytes are shown."));
        QCOMPARE(c.notices.bannerLevel(), Level::Information);
        QCOMPARE(c.controller.document()->size(), quint64(7));
        QVERIFY(QFile::remove(path));
        QTRY_VERIFY2(c.notices.banner().startsWith(
                         QStringLiteral("changes.txt was deleted or renamed on disk.")),
                     qPrintable(c.notices.banner()));
        QCOMPARE(c.notices.bannerLevel(), Level::Warning);
        QCOMPARE(c.controller.document()->size(), quint64(7)); // as it was opened
    }

    // Under unsaved edits a file cut short is an error (the edits cannot be saved whole), with
    // Reload on the button.
    void editsAtRiskAreSaid() {
        const QString path = write("edited.txt", "0123456789");
        Commands c;
        QVERIFY(c.open.openFile(path));
        u8doc::DocumentEditor::Change change;
        change.offset = 0;
        change.length = 1;
        change.bytes = "X";
        change.cursorAfter = 1;
        QVERIFY(c.controller.edit(change));
        QVERIFY(::truncate(QFile::encodeName(path).constData(), 4) == 0);
        QTRY_VERIFY2(c.notices.banner().startsWith(QStringLiteral(
                         "edited.txt was cut short on disk while you have unsaved edits")),
                     qPrintable(c.notices.banner()));
        QCOMPARE(c.notices.bannerLevel(), Level::Error);
        QCOMPARE(c.notices.bannerActionText(), QStringLiteral("Reload"));
        QCOMPARE(c.controller.document()->size(), quint64(10)); // the edits are kept
    }

    // Binary data: the verdict comes first and holds the check, the banner says so; its button
    // asks for the check. Text: no banner, and the check is due only after the verdict.
    void binaryVerdictHoldsTheCheck() {
        QByteArray elf("\x7F"
                       "ELF\x02\x01\x01\0",
                       8);
        for (int i = 0; i < 2000; ++i)
            elf += QByteArray("\0\0\x01\xFF\x10\0\x48\x89", 8);
        Commands c;
        QSignalSpy due(&c.session, &u8doc::DocumentSession::checkDue);
        QSignalSpy examined(&c.encoding, &u8app::EncodingCheck::examined);
        QVERIFY(c.open.openFile(write("tool", elf)));
        QCOMPARE(due.count(), 0); // the detection runs first
        QTRY_COMPARE(examined.count(), 1);
        QVERIFY2(c.notices.banner().contains(
                     QLatin1String("tool looks like binary data, not text (ELF executable)")),
                 qPrintable(c.notices.banner()));
        QCOMPARE(c.session.binaryKind(), QStringLiteral("ELF executable"));
        QTest::qWait(50);
        QCOMPARE(due.count(), 0);
        QVERIFY(c.session.checkWaits());
        c.notices.pressBannerButton(); // Check as UTF-8 Anyway
        QCOMPARE(due.count(), 1);
        QVERIFY(c.notices.banner().isEmpty());

        QVERIFY(c.open.openFile(write("text.txt", "plain text\n")));
        QCOMPARE(due.count(), 1); // not before its verdict
        QTRY_COMPARE(due.count(), 2);
        QTRY_COMPARE(examined.count(), 2);
        QVERIFY(c.notices.banner().isEmpty());
        QVERIFY(c.session.binaryKind().isEmpty());
    }

    // Bytes of no file (the tour sample) are not examined: their check is due at once.
    void theSampleIsCheckedAtOnce() {
        Commands c;
        QSignalSpy due(&c.session, &u8doc::DocumentSession::checkDue);
        c.open.openSample();
        QCOMPARE(due.count(), 1);
        QVERIFY(c.notices.banner().isEmpty());
    }

private:
    QString write(const char* name, const QByteArray& bytes) {
        return u8test::writeFile(dir_, name, bytes);
    }
    QTemporaryDir dir_;
};

QTEST_MAIN(TestNotices)
#include "tst_notices.moc"
