// No silent failure, no lost line (issue 32): a read that fails is no end of file, a write that
// fails is no success, a file that changes while it is read is not replaced, standard input is
// spooled without a name and within a limit, and a failed write stops the reading. Each case is
// one the fault test of the issue found; the failures the LD_PRELOAD shim makes are in
// tst_cli_faults.cpp.
#include "cli_run.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <functional>
#include <sys/stat.h>
#include <unistd.h>

namespace {

using Run = u8test::CliRun;

// Runs the CLI with `setup` applied to its process first (files for its standard streams, the
// environment), calling `meanwhile` once it has started.
Run runWith(const QStringList& args, const std::function<void(QProcess&)>& setup,
            const std::function<void(QProcess&)>& meanwhile = {}, int timeoutMs = 60000) {
    QProcess p;
    setup(p);
    p.start(u8test::cliPath(), args);
    Run r;
    if (!p.waitForStarted())
        return r;
    if (meanwhile)
        meanwhile(p);
    if (p.state() != QProcess::NotRunning && !p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = "did not finish in time";
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace

class TestCliFailures : public u8test::ScratchSuite {
    Q_OBJECT

private slots:
    void init() { QVERIFY(clear()); }

    // Defect 1: lines appended while `transcode --in-place` runs were in neither the file nor
    // its backup. Now the file is refused, and every line is still in it.
    void inPlaceRefusesAFileThatChanged_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("transcode")
            << QStringList{"transcode", "--from=UTF-8", "--to=UTF-8", "--in-place"};
        QTest::newRow("repair") << QStringList{"repair", "--newlines=crlf", "--in-place"};
    }
    void inPlaceRefusesAFileThatChanged() {
        QFETCH(QStringList, args);
        QByteArray text;
        for (int i = 0; text.size() < (48 << 20); ++i)
            text += "line " + QByteArray::number(i) + " caf\xC3\xA9 na\xC3\xAFve\n";
        const QString path = write("f.txt", text);
        int appended = 0;
        const Run r = runWith(
            args << path, [](QProcess&) {},
            [&](QProcess& p) {
                QFile f(path);
                while (p.state() != QProcess::NotRunning) {
                    if (f.open(QIODevice::Append)) {
                        f.write("appended " + QByteArray::number(appended++) + "\n");
                        f.close();
                    }
                    p.waitForFinished(1);
                }
            });
        QVERIFY2(appended > 0, "the file was never changed while the command ran");
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray now = f.readAll();
        // Every line appended is in the file, the last one included.
        QVERIFY2(now.endsWith("appended " + QByteArray::number(appended - 1) + "\n"),
                 r.err.constData());
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("changed while it was being read"), r.err.constData());
        QCOMPARE(names(), QStringList{"f.txt"}); // no backup, no temporary file
    }

    // Defect 2: a read error was taken for the end of the file.
    void readErrorIsNoEndOfFile_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("check") << QStringList{"check"};
        QTest::newRow("stats") << QStringList{"stats"};
        QTest::newRow("decode") << QStringList{"decode", "--errors=replace", "-o", "OUT"};
        QTest::newRow("transcode")
            << QStringList{"transcode", "--from=UTF-8", "--to=UTF-16", "-o", "OUT"};
        QTest::newRow("repair") << QStringList{"repair", "-o", "OUT"};
        QTest::newRow("detect") << QStringList{"detect"};
        QTest::newRow("audit") << QStringList{"audit"};
    }
    void readErrorIsNoEndOfFile() {
        QFETCH(QStringList, args);
        args.replaceInStrings(QRegularExpression("^OUT$"), dir_.filePath("out"));
        // Reading /proc/self/mem at offset 0 fails with EIO: nothing is mapped there.
        const Run r = u8test::runCli(args << "/proc/self/mem");
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("/proc/self/mem: Input/output error"), r.err.constData());
        QCOMPARE(names(), QStringList{});
    }

    // Defect 3: `check` and `stats` took the size the file system reports (0 in /proc).
    void sizeFromTheFileSystemIsNotTrusted() {
        const Run stats = u8test::runCli({"stats", "--json", "/proc/self/status"});
        QCOMPARE(stats.exitCode, 0);
        QVERIFY2(!stats.out.contains("\"bytes\":0,"), stats.out.constData());
        QProcess holder; // its command line holds an FF byte
        holder.start("bash", {"-c", "exec sh -c 'sleep 30; exit' $'\\xff'"}); // a raw FF byte
        QVERIFY(holder.waitForStarted());
        QThread::msleep(100); // until bash has become sh
        const QString cmdline = QStringLiteral("/proc/%1/cmdline").arg(holder.processId());
        const Run check = u8test::runCli({"check", cmdline});
        holder.kill();
        holder.waitForFinished();
        QCOMPARE(check.exitCode, 1);
        QVERIFY2(check.out.contains("not valid UTF-8"), check.out.constData());
    }

    // Defect 4: the spool of standard input had a name while it was written (a signal left it
    // behind) and no limit.
    void spoolHasNoNameAndALimit() {
        QTemporaryDir spoolDir;
        const QString out = dir_.filePath("out");
        QStringList seen;
        const Run r = runWith(
            {"repair", "-o", out, "-"},
            [&](QProcess& p) {
                QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
                env.insert("TMPDIR", spoolDir.path());
                p.setProcessEnvironment(env);
            },
            [&](QProcess& p) {
                // More than repair holds in memory, so that it spools; stdin stays open.
                const QByteArray block(1 << 20, 'a');
                for (int i = 0; i < 24; ++i)
                    p.write(block);
                while (p.bytesToWrite() > 0)
                    p.waitForBytesWritten(-1);
                QThread::msleep(300);
                seen = QDir(spoolDir.path()).entryList(QDir::Files | QDir::Hidden);
                p.closeWriteChannel();
            });
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(seen, QStringList{});
        QCOMPARE(QFileInfo(out).size(), qint64(24) << 20);

        const Run capped =
            runWith({"repair", "--max-input=1048576", "-o", out + "2", "-"}, [&](QProcess& p) {
                p.setStandardInputFile("/dev/zero");
                QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
                env.insert("TMPDIR", spoolDir.path());
                p.setProcessEnvironment(env);
            });
        QCOMPARE(capped.exitCode, 2);
        QVERIFY2(capped.err.contains("--max-input"), capped.err.constData());
        QVERIFY(!QFile::exists(out + "2"));
        QCOMPARE(QDir(spoolDir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{});
    }

    // Defect 4: after a failed write the endless input was read on for ever.
    void failedWriteStopsTheReading_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("decode") << QStringList{"decode", "--errors=replace", "-o", "/dev/full"};
        QTest::newRow("transcode")
            << QStringList{"transcode", "--from=UTF-8", "--to=UTF-16", "-o", "/dev/full"};
        QTest::newRow("decode to stdout") << QStringList{"decode", "--errors=replace"};
        QTest::newRow("scan") << QStringList{"scan", "--all"};
    }
    void failedWriteStopsTheReading() {
        QFETCH(QStringList, args);
        const Run r = runWith(
            args << "-",
            [](QProcess& p) {
                p.setStandardInputFile("/dev/zero");
                p.setStandardOutputFile("/dev/full");
            },
            {}, 20000);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("No space left on device"), r.err.constData());
    }

    // Defect 5: write errors on standard output were ignored.
    void standardOutputErrorsAreReported_data() {
        QTest::addColumn<QStringList>("args");
        const QString f = QStringLiteral("IN");
        QTest::newRow("check") << QStringList{"check", f};
        QTest::newRow("stats") << QStringList{"stats", f};
        QTest::newRow("stats --json") << QStringList{"stats", "--json", f};
        QTest::newRow("detect") << QStringList{"detect", f};
        QTest::newRow("explain") << QStringList{"explain", "C3", "A9"};
        QTest::newRow("encode") << QStringList{"encode", "U+00E9"};
        QTest::newRow("audit") << QStringList{"audit", f};
        QTest::newRow("audit --json") << QStringList{"audit", "--json", f};
        QTest::newRow("audit --sarif") << QStringList{"audit", "--sarif", f};
        QTest::newRow("scan") << QStringList{"scan", f};
        QTest::newRow("dump") << QStringList{"dump", f};
        QTest::newRow("dump --html") << QStringList{"dump", "--html", f};
        QTest::newRow("--version") << QStringList{"--version"};
        QTest::newRow("--list-encodings") << QStringList{"--list-encodings"};
        QTest::newRow("--help") << QStringList{"--help"};
        QTest::newRow("help check") << QStringList{"help", "check"};
        QTest::newRow("stats --help") << QStringList{"stats", "--help"};
    }
    void standardOutputErrorsAreReported() {
        QFETCH(QStringList, args);
        const QString in = write("in.txt", "caf\xC3\xA9 \xE2\x80\xAE x\n");
        args.replaceInStrings(QRegularExpression("^IN$"), in);
        const Run r = runWith(args, [](QProcess& p) { p.setStandardOutputFile("/dev/full"); });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("standard output: No space left on device"), r.err.constData());
    }

    // Defect 5: with SIGPIPE ignored, a reader gone (EPIPE) stops the command with exit 2.
    void closedPipeStopsTheCommand() {
        QByteArray text;
        for (int i = 0; i < 20000; ++i)
            text += "x = \xE2\x80\xAE"
                    "evil\xE2\x80\xAC;\n";
        const QString in = write("bidi.c", text);
        const Run r = u8test::runShell("trap '' PIPE; \"$CLI\" audit '" + in +
                                       "' | head -c 10 >/dev/null; echo \"${PIPESTATUS[0]}\"");
        QCOMPARE(r.out.trimmed(), QByteArray("2"));
        QVERIFY2(r.err.contains("standard output: Broken pipe"), r.err.constData());
    }

    // A real full disk: a 1 MiB tmpfs, mounted in a mount namespace of its own (root only), that
    // the output, the backup or the temporary file does not fit on.
    void realFullDisk_data() {
        QTest::addColumn<QString>("command");
        QTest::newRow("decode -o") << "\"$CLI\" decode --errors=replace -o out \"$IN\"";
        QTest::newRow("transcode -o")
            << "\"$CLI\" transcode --from=UTF-8 --to=UTF-16 --unmappable=substitute -o out "
               "\"$IN\"";
        QTest::newRow("repair -o") << "\"$CLI\" repair -o out \"$IN\"";
        QTest::newRow("repair --in-place")
            << "cp \"$IN\" here && \"$CLI\" repair --newlines=crlf --in-place here";
        QTest::newRow("transcode --in-place")
            << "cp \"$IN\" here && \"$CLI\" transcode --from=UTF-8 --to=UTF-16 "
               "--unmappable=substitute --in-place here";
        QTest::newRow("decode, stdin") << "\"$CLI\" decode --errors=replace -o out - < \"$IN\"";
    }
    void realFullDisk() {
        QFETCH(QString, command);
        if (::geteuid() != 0 || QProcess::execute("unshare", {"-m", "true"}) != 0)
            QSKIP("needs root and mount namespaces (unshare -m)");
        QByteArray text;
        // Larger than the disk for -o; for --in-place, the file fits but not its backup too.
        while (text.size() < (command.contains("--in-place") ? 600 << 10 : 1200 << 10))
            text += "caf\xC3\xA9 na\xC3\xAFve \xFF line\n";
        const QString in = write("in.txt", text);
        QTemporaryDir mountPoint;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("CLI", u8test::cliPath());
        env.insert("IN", in);
        p.setProcessEnvironment(env);
        // The listing before and after the command: only what the setup made may be there.
        p.start("unshare",
                {"-m", "bash", "-c",
                 "mount -t tmpfs -o size=1m tmpfs '" + mountPoint.path() + "' && cd '" +
                     mountPoint.path() + "' && " + command + "; echo \"exit $?\"; ls -A"});
        QVERIFY(p.waitForFinished(60000));
        const QByteArray out = p.readAllStandardOutput();
        const QByteArray err = p.readAllStandardError();
        const bool inPlace = command.contains("--in-place");
        QCOMPARE(out, QByteArray(inPlace ? "exit 2\nhere\n" : "exit 2\n"));
        QVERIFY2(err.contains("No space left on device"), err.constData());
    }

    // Defect 16: without /proc the temporary output file had a name from the start, which a
    // SIGKILL left behind. Now it has none, as root (linked by its descriptor) and as another
    // user (copied into a named file only once complete); and the output is still right.
    void sigkillWithoutProcLeavesNothing_data() {
        QTest::addColumn<QString>("as");
        QTest::newRow("root") << "";
        QTest::newRow("another user") << "setpriv --reuid=65534 --regid=65534 --clear-groups ";
    }
    void sigkillWithoutProcLeavesNothing() {
        QFETCH(QString, as);
        if (::geteuid() != 0 || QProcess::execute("unshare", {"-m", "true"}) != 0)
            QSKIP("needs root and mount namespaces (unshare -m)");
        if (u8test::sanitized())
            QSKIP("a sanitizer's runtime reads /proc/self/maps as the program starts");
        QTemporaryDir work;
        QVERIFY(::chmod(work.path().toLocal8Bit().constData(), 0777) == 0);
        u8test::writeFile(QDir(work.path()), "in", "caf\xC3\xA9 \xFF\n");
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("CLI", u8test::cliPath());
        p.setProcessEnvironment(env);
        // The command waits on a FIFO nobody writes, its output begun, until it is killed; then
        // a whole run, whose output must be right.
        p.start("unshare",
                {"-m", "bash", "-c",
                 "umount -l /proc && cd '" + work.path() +
                     "' && mkfifo fifo && chmod 666 fifo && { " + as +
                     "\"$CLI\" decode --errors=replace -o out - < fifo & pid=$!; exec 3>fifo; "
                     "sleep 0.3; kill -9 $pid; wait $pid; exec 3>&-; rm fifo; ls -A; } && " +
                     as + "\"$CLI\" decode --errors=replace -o out in 2>/dev/null && cat out"});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.readAllStandardOutput(), QByteArray("in\ncaf\xC3\xA9 \xEF\xBF\xBD\n"));
    }
};

QTEST_GUILESS_MAIN(TestCliFailures)
#include "tst_cli_failures.moc"
