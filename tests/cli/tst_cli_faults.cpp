// Every writing command under injected failures (issue 32): the LD_PRELOAD shim fault_shim.c
// makes the Nth read, pread, write, fsync, rename, link or close fail with EIO or ENOSPC, for a
// range of N covering each call the clean run makes. Each run must end either in failure, reported
// (exit 2, a message with the reason), with the directory exactly as it was (the input untouched,
// no temporary file, no partial output, no new backup). The one failure that may pass unnoticed is
// the close of the spool of standard input after it was read: then the run must give the clean
// run's result.
#include "cli_run.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QMap>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <sys/stat.h>

namespace {

using Run = u8test::CliRun;

// What a directory holds: each file's name and a hash of its bytes.
using Snapshot = QMap<QString, QByteArray>;

Snapshot snapshot(const QDir& dir) {
    Snapshot s;
    for (const QString& name : dir.entryList(QDir::Files | QDir::Hidden)) {
        QFile f(dir.filePath(name));
        if (f.open(QIODevice::ReadOnly))
            s.insert(name, QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha1));
    }
    return s;
}

struct Fault {
    QString call;
    long nth = 0;
    bool sticky = false; // the Nth call and every one after fail
    QString error;       // EIO, ENOSPC
    QString spec() const {
        return call + ':' + QString::number(nth) + (sticky ? "+" : "") + ':' + error;
    }
};

// Runs the CLI in `dir` with its standard input from `stdinFile` (if any) and its standard
// output into `stdoutFile` (outside `dir`), under `fault`; with `countsFile`, the shim writes how
// often each call was made.
Run runUnder(const QDir& dir, const QStringList& args, const QString& stdinFile,
             const QString& stdoutFile, const Fault* fault, const QString& countsFile = {}) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("LD_PRELOAD", QStringLiteral(U8SCOPE_FAULT_SHIM));
    env.insert("TMPDIR", dir.path()); // a spool left behind would show
    if (fault)
        env.insert("U8SCOPE_FAULT", fault->spec());
    if (!countsFile.isEmpty())
        env.insert("U8SCOPE_FAULT_COUNT", countsFile);
    p.setProcessEnvironment(env);
    p.setWorkingDirectory(dir.path());
    p.setStandardInputFile(stdinFile.isEmpty() ? QProcess::nullDevice() : stdinFile);
    p.setStandardOutputFile(stdoutFile);
    p.start(u8test::cliPath(), args);
    Run r;
    if (!p.waitForStarted() || !p.waitForFinished(120000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.err = p.readAllStandardError();
    QFile out(stdoutFile);
    if (out.open(QIODevice::ReadOnly))
        r.out = out.readAll();
    return r;
}

QMap<QString, long> readCounts(const QString& path) {
    QMap<QString, long> counts;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return counts;
    for (const QByteArray& line : f.readAll().split('\n')) {
        const QList<QByteArray> parts = line.split(' ');
        if (parts.size() == 2)
            counts.insert(QString::fromLatin1(parts[0]), parts[1].toLong());
    }
    return counts;
}

// Which N to try out of `count` calls: every one up to 12, else the first 6, the last 6 and a
// few between.
QList<long> callsToFail(long count) {
    QList<long> n;
    for (long k = 1; k <= count; ++k)
        if (count <= 12 || k <= 6 || k > count - 6 || k % std::max(1L, count / 6) == 0)
            n.append(k);
    return n;
}

QByteArray contents(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray text(int bytes) {
    QByteArray t;
    for (int i = 0; t.size() < bytes; ++i)
        t += "line " + QByteArray::number(i) + " caf\xC3\xA9 \xE2\x82\xAC na\xC3\xAFve \xFF\n";
    return t;
}

} // namespace

class TestCliFaults : public QObject {
    Q_OBJECT

private slots:
    void everyWritingCommand_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("inputBytes");
        QTest::addColumn<bool>("fromStdin");
        const int small = 64 << 10;
        const int large = 18 << 20; // streamed: read ahead, repaired in windows
        const QStringList decode{"decode", "--errors=replace"};
        const QStringList transcode{"transcode", "--from=UTF-8", "--to=UTF-16",
                                    "--unmappable=substitute"};
        QTest::newRow("decode -o") << (decode + QStringList{"-o", "out", "in"}) << small << false;
        QTest::newRow("decode -o, large")
            << (decode + QStringList{"-o", "out", "in"}) << large << false;
        QTest::newRow("decode, stdout") << (decode + QStringList{"in"}) << small << false;
        QTest::newRow("decode -o, stdin")
            << (decode + QStringList{"-o", "out", "-"}) << small << true;
        QTest::newRow("transcode -o")
            << (transcode + QStringList{"-o", "out", "in"}) << small << false;
        QTest::newRow("transcode --in-place")
            << (transcode + QStringList{"--in-place", "in"}) << small << false;
        QTest::newRow("transcode --in-place, large")
            << (transcode + QStringList{"--in-place", "in"}) << large << false;
        QTest::newRow("repair -o") << QStringList{"repair", "-o", "out", "in"} << small << false;
        QTest::newRow("repair --in-place")
            << QStringList{"repair", "--in-place", "in"} << small << false;
        QTest::newRow("repair --in-place, large")
            << QStringList{"repair", "--in-place", "in"} << large << false;
        QTest::newRow("repair -o, spooled stdin")
            << QStringList{"repair", "-o", "out", "-"} << large << true;
        QTest::newRow("repair, stdout") << QStringList{"repair", "-o", "-", "in"} << small << false;
        QTest::newRow("dump --html") << QStringList{"dump", "--html", "in"} << small << false;
        QTest::newRow("scan") << QStringList{"scan", "in"} << small << false;
        QTest::newRow("check") << QStringList{"check", "in"} << small << false;
        QTest::newRow("stats, large") << QStringList{"stats", "in"} << large << false;
        QTest::newRow("audit") << QStringList{"audit", "in"} << small << false;
    }
    void everyWritingCommand() {
        QFETCH(QStringList, args);
        QFETCH(int, inputBytes);
        QFETCH(bool, fromStdin);
        // The calls whose failure does not matter, which may give the clean result: the close
        // of the spool of standard input, once it was read (the last close counted).
        QStringList harmless;
        QTemporaryDir work, outside;
        QVERIFY(work.isValid() && outside.isValid());
        const QDir dir(work.path());
        const QString in = u8test::writeFile(dir, "in", text(inputBytes));
        const QString stdinFile = fromStdin ? in : QString();
        const QString stdoutFile = QDir(outside.path()).filePath("stdout");
        const Snapshot before = snapshot(dir);

        // The clean run: what the command writes, and how often it makes each call.
        const QString countsFile = QDir(outside.path()).filePath("counts");
        const Run clean = runUnder(dir, args, stdinFile, stdoutFile, nullptr, countsFile);
        QVERIFY2(clean.exitCode == 0 || clean.exitCode == 1, clean.err.constData());
        const Snapshot cleanResult = snapshot(dir);
        const QByteArray cleanOut = clean.out;
        const QMap<QString, long> counts = readCounts(countsFile);
        QVERIFY(!counts.isEmpty());
        if (args.contains("repair") && fromStdin)
            harmless << "close:" + QString::number(counts.value("close")) + ":EIO"
                     << "close:" + QString::number(counts.value("close")) + ":ENOSPC";

        int runs = 0, failed = 0;
        QStringList tolerated;
        for (const QString call : {"read", "pread", "write", "fsync", "rename", "link", "close"}) {
            for (const long nth : callsToFail(counts.value(call))) {
                for (const bool sticky : {false, true}) {
                    if (sticky && call != "read" && call != "pread")
                        continue;
                    // Back to the state before the clean run.
                    for (const QString& name : dir.entryList(QDir::Files | QDir::Hidden))
                        QFile::remove(dir.filePath(name));
                    u8test::writeFile(dir, "in", text(inputBytes));
                    const Fault fault{call, nth, sticky, nth % 2 ? "EIO" : "ENOSPC"};
                    const Run r = runUnder(dir, args, stdinFile, stdoutFile, &fault);
                    ++runs;
                    const QByteArray why =
                        (fault.spec() + ": exit " + QString::number(r.exitCode) + ": ").toUtf8() +
                        r.err;
                    if (harmless.contains(fault.spec()) && r.exitCode == clean.exitCode &&
                        snapshot(dir) == cleanResult && r.out == cleanOut) {
                        tolerated << fault.spec();
                        continue;
                    }
                    ++failed;
                    QVERIFY2(r.exitCode == 2, why.constData());
                    QVERIFY2(r.err.contains("Input/output error") ||
                                 r.err.contains("No space left on device"),
                             why.constData());
                    QVERIFY2(snapshot(dir) == before, ("left behind: " + why).constData());
                }
            }
        }
        qInfo("%d runs, %d of them failing as they should, the rest with the clean result (%s)",
              runs, failed, qPrintable(tolerated.join(' ')));
        QVERIFY(failed > 0);
    }

    // Issue 35: --in-place keeps the old file itself as its backup, by one link(2) made just
    // before the rename (same inode, no byte copied); where the file system refuses the link
    // (another device, links not allowed, too many, not supported) the backup is copied instead,
    // with the same bytes under a new inode. Any other failure of the link is reported, with
    // nothing changed.
    void inPlaceBackupByLinkOrCopy_data() {
        QTest::addColumn<QString>("linkError"); // empty: link(2) works
        QTest::addColumn<QString>("kind");      // how the backup is said to be made
        QTest::newRow("linked") << QString() << "a hard link";
        for (const char* refused : {"EXDEV", "EPERM", "EMLINK", "ENOTSUP"})
            QTest::newRow(refused) << QString::fromLatin1(refused) << "a copy";
        QTest::newRow("EIO") << "EIO" << QString();
    }
    void inPlaceBackupByLinkOrCopy() {
        QFETCH(QString, linkError);
        QFETCH(QString, kind);
        QTemporaryDir work, outside;
        QVERIFY(work.isValid() && outside.isValid());
        const QDir dir(work.path());
        const QByteArray original = text(64 << 10);
        const QString in = u8test::writeFile(dir, "in", original);
        struct stat before {};
        QCOMPARE(::stat(QFile::encodeName(in).constData(), &before), 0);
        const QString countsFile = QDir(outside.path()).filePath("counts");
        const Fault fault{"link", 1, false, linkError};
        const Run r = runUnder(dir, {"repair", "--in-place", "in"}, {},
                               QDir(outside.path()).filePath("stdout"),
                               linkError.isEmpty() ? nullptr : &fault, countsFile);
        QCOMPARE(readCounts(countsFile).value("link"), 1L); // the one link: the backup's
        const QString backupPath = dir.filePath("in.bak");
        if (kind.isEmpty()) {
            QVERIFY2(r.exitCode == 2 && r.err.contains("Input/output error"), r.err.constData());
            QCOMPARE(dir.entryList(QDir::Files | QDir::Hidden), QStringList{"in"});
            QCOMPARE(contents(in), original);
            return;
        }
        QVERIFY2(r.exitCode == 0, r.err.constData());
        struct stat backup {};
        QCOMPARE(::stat(QFile::encodeName(backupPath).constData(), &backup), 0);
        QCOMPARE(contents(backupPath), original);
        QVERIFY(contents(in) != original);
        QCOMPARE(dir.entryList(QDir::Files | QDir::Hidden), (QStringList{"in", "in.bak"}));
        // A copy may be a reflink where the file system can make one: a new inode either way.
        const bool reflinked = r.err.contains("original saved as in.bak (a reflink)");
        QVERIFY2(r.err.contains("original saved as in.bak (" + kind.toUtf8() + ")") ||
                     (kind == "a copy" && reflinked),
                 r.err.constData());
        QCOMPARE(backup.st_ino == before.st_ino, kind == "a hard link");
        QCOMPARE(backup.st_mode, before.st_mode);
    }

    // Issue 35: the program, not the library, removes an output's temporary file when it is
    // interrupted. Where the file system has no unnamed files (the shim refuses O_TMPFILE), the
    // temporary file has a name from the start; the command waits on a FIFO nobody writes, is
    // sent the signal, and must leave nothing behind and still end by that signal.
    void signalRemovesTheNamedTemporaryFile_data() {
        QTest::addColumn<int>("signal");
        QTest::newRow("SIGTERM") << SIGTERM;
        QTest::newRow("SIGHUP") << SIGHUP;
    }
    void signalRemovesTheNamedTemporaryFile() {
        QFETCH(int, signal);
        QTemporaryDir work;
        QVERIFY(work.isValid());
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("CLI", u8test::cliPath());
        env.insert("SHIM", QStringLiteral(U8SCOPE_FAULT_SHIM));
        p.setProcessEnvironment(env);
        p.setWorkingDirectory(work.path());
        p.start("bash", {"-c", "mkfifo fifo && { LD_PRELOAD=\"$SHIM\" "
                               "U8SCOPE_FAULT=tmpfile:1+:EOPNOTSUPP \"$CLI\" decode "
                               "--errors=replace -o out - < fifo & pid=$!; exec 3>fifo; "
                               "for i in $(seq 1000); do ls -A | grep -q '^[.]out[.]u8scope-' "
                               "&& break; sleep 0.01; done; ls -A | grep -c '^[.]out[.]u8scope-'; "
                               "kill -" +
                                   QString::number(signal) +
                                   " $pid; wait $pid; echo \"status $?\"; exec 3>&-; "
                                   "rm fifo; ls -A; }"});
        QVERIFY(p.waitForFinished(60000));
        // One named temporary file while it ran; the status of a process ended by the signal
        // (128 + its number); and then an empty directory.
        const QByteArray expected = "1\nstatus " + QByteArray::number(128 + signal) + "\n";
        QCOMPARE(p.readAllStandardOutput(), expected);
    }
};

QTEST_GUILESS_MAIN(TestCliFaults)
#include "tst_cli_faults.moc"
