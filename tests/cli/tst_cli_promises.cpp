// What u8scope-cli says it did is what it did (issue 32, the Medium and Low defects): a refusal
// writes nothing to standard output either, one byte order mark, /dev/stdout as standard output,
// operands that look like a code point or a name and are none refused, out of memory reported,
// --in-place that leaves alone what needs no change and refuses a file the user may not write,
// audit's output capped, file names escaped in text.
#include "cli_run.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <sys/stat.h>
#include <unistd.h>

namespace {

using Run = u8test::CliRun;

Run cli(const QStringList& args, const QByteArray& stdinBytes = {}) {
    return u8test::runCli(args, stdinBytes);
}

} // namespace

class TestCliPromises : public u8test::ScratchSuite {
    Q_OBJECT

private slots:
    void init() { QVERIFY(clear()); }

    // Defect 6: a refusal wrote what came before the error to standard output.
    void refusalWritesNothingToStandardOutput_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("decode strict") << QStringList{"decode", "--errors=strict", "-"};
        QTest::newRow("transcode fail")
            << QStringList{"transcode", "--from=UTF-8", "--to=ISO-8859-1", "-o", "-", "-"};
    }
    void refusalWritesNothingToStandardOutput() {
        QFETCH(QStringList, args);
        const Run r = cli(args, "abc \xE2\x82\xAC def \xFF tail\n");
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out, QByteArray());
        QVERIFY2(r.err.contains("nothing written"), r.err.constData());
    }
    // Past the 16 MiB held back, what went out is said.
    void longRefusalSaysWhatWasWritten() {
        QByteArray text(20 << 20, 'a');
        text += "\xFF";
        const Run r = cli({"decode", "--errors=strict", "-"}, text);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QByteArray::number(r.out.size()) + " bytes already written"),
                 r.err.constData());
    }

    // Defect 7: --add-bom doubled a byte order mark.
    void oneByteOrderMark_data() {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("UTF-8 with one") << QByteArray("\xEF\xBB\xBF"
                                                      "ab")
                                        << "UTF-8"
                                        << QByteArray("\xEF\xBB\xBF"
                                                      "ab");
        QTest::newRow("UTF-16 without") << QByteArray("ab") << "UTF-16"
                                        << QByteArray("\xFF\xFE"
                                                      "a\0b\0",
                                                      6);
        QTest::newRow("UTF-16 with one") << QByteArray("\xEF\xBB\xBF"
                                                       "ab")
                                         << "UTF-16"
                                         << QByteArray("\xFF\xFE"
                                                       "a\0b\0",
                                                       6);
        QTest::newRow("UTF-32 with one") << QByteArray("\xEF\xBB\xBF"
                                                       "a")
                                         << "UTF-32"
                                         << QByteArray("\xFF\xFE\0\0"
                                                       "a\0\0\0",
                                                       8);
    }
    void oneByteOrderMark() {
        QFETCH(QByteArray, input);
        QFETCH(QString, to);
        QFETCH(QByteArray, expected);
        const Run r =
            cli({"transcode", "--from=UTF-8", "--to=" + to, "--add-bom", "-o", "-", "-"}, input);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, expected);
    }

    // Defect 11: -o /dev/stdout into a pipe was "a symbolic link to a file that cannot be
    // reached".
    void devStdoutIsStandardOutput_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("/dev/stdout") << "/dev/stdout";
        QTest::newRow("/dev/fd/1") << "/dev/fd/1";
    }
    void devStdoutIsStandardOutput() {
        QFETCH(QString, name);
        const QString in = write("in.txt", "caf\xC3\xA9\n");
        const Run r = u8test::runShell("\"$CLI\" decode -o " + name + " '" + in + "' | cat");
        QCOMPARE(r.out, QByteArray("caf\xC3\xA9\n"));
        QVERIFY2(r.err.isEmpty(), r.err.constData());
    }

    // Defect 13: an operand meant as a code point or a name and which is none was explained as
    // its characters.
    void encodeRefusesWhatIsNoCodePoint_data() {
        QTest::addColumn<QString>("operand");
        QTest::newRow("U+ZZ") << "U+ZZ";
        QTest::newRow("no such name") << "NO SUCH NAME";
        QTest::newRow("too long") << "U+FFFFFFFFFFFFFFFFFFFF";
        QTest::newRow("0x") << "0xG1";
    }
    void encodeRefusesWhatIsNoCodePoint() {
        QFETCH(QString, operand);
        const Run r = cli({"encode", operand});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.out, QByteArray());
        QVERIFY2(r.err.contains(operand.toUtf8()), r.err.constData());
    }
    void encodeStillTakesCharactersAndNames() {
        QCOMPARE(cli({"encode", "EURO SIGN"}).exitCode, 0);
        QCOMPARE(cli({"encode", "abc"}).exitCode, 0);
        QCOMPARE(cli({"encode", "U+20AC"}).exitCode, 0);
        QCOMPARE(cli({"encode", "U+110000"}).exitCode, 1); // explained, refused
    }

    // Defect 8: out of memory ended in std::bad_alloc and abort() (134).
    void outOfMemoryIsReported() {
        if (u8test::sanitized())
            QSKIP("a sanitizer's shadow memory does not fit under ulimit -v");
        QFile random("/dev/urandom");
        QVERIFY(random.open(QIODevice::ReadOnly));
        write("random", random.read(50 << 20));
        const Run r = u8test::runShell("cd '" + dir_.path() +
                                       "' && ulimit -v 200000 && \"$CLI\" repair -o out random");
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("out of memory"), r.err.constData());
        QCOMPARE(names(), QStringList{"random"});
    }

    // Defect 9: stats --graphemes held a whole cluster: a 100 MB run of U+0301 took 130 MB.
    // Now it runs in 100 MB of address space, the cluster counted and said to be that long.
    void longClusterIsNotHeld() {
        if (u8test::sanitized())
            QSKIP("a sanitizer's shadow memory does not fit under ulimit -v");
        QByteArray run(100 << 20, '\0');
        run[0] = 'e';
        for (qsizetype i = 1; i + 1 < run.size(); i += 2) {
            run[i] = char(0xCC);
            run[i + 1] = char(0x81);
        }
        run.chop(1);
        write("run.txt", run);
        const Run r = u8test::runShell(
            "cd '" + dir_.path() + "' && ulimit -v 100000 && \"$CLI\" stats --graphemes run.txt");
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("graphemes    1  (grapheme clusters, UAX #29; longer than 1 MiB, "
                                "counted without being held: 1)"),
                 r.out.constData());
    }

    // Defect 15: --in-place with nothing to change wrote a backup and rewrote the file.
    void inPlaceLeavesAloneWhatNeedsNoChange() {
        const QString path = write("clean.txt", "caf\xC3\xA9\n");
        const QDateTime modified = QFileInfo(path).lastModified();
        QThread::msleep(20);
        const Run r = cli({"repair", "--in-place", path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains("nothing to change; left as it was"), r.err.constData());
        QCOMPARE(names(), QStringList{"clean.txt"});
        QCOMPARE(QFileInfo(path).lastModified(), modified);
    }

    // Defect 12: --in-place by a user who may write the directory but not the file replaced it
    // (and gave it to that user); a hard link was broken without a word.
    void inPlaceRespectsTheFile() {
        if (::geteuid() != 0)
            QSKIP("needs root, to run the CLI as another user (setpriv)");
        QTemporaryDir shared;
        QVERIFY(::chmod(shared.path().toLocal8Bit().constData(), 0777) == 0);
        const QString path = u8test::writeFile(QDir(shared.path()), "f.txt", "a\xFF\n");
        QVERIFY(::chmod(path.toLocal8Bit().constData(), 0644) == 0);
        const QString as = "setpriv --reuid=65534 --regid=65534 --clear-groups \"$CLI\" ";
        const Run refused = u8test::runShell(as + "repair --in-place '" + path + "'");
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("you may not write this file"), refused.err.constData());
        QCOMPARE(QDir(shared.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"f.txt"});
        // Writable by all: replaced, and the change of owner said.
        QVERIFY(::chmod(path.toLocal8Bit().constData(), 0666) == 0);
        const Run given = u8test::runShell(as + "repair --in-place '" + path + "'");
        QCOMPARE(given.exitCode, 0);
        QVERIFY2(given.err.contains("its owner changed from 0:0 to 65534:65534"),
                 given.err.constData());
        // A second name: said to keep the old content.
        const QString other = write("g.txt", "a\xFF\n");
        QVERIFY(::link(other.toLocal8Bit().constData(),
                       dir_.filePath("h.txt").toLocal8Bit().constData()) == 0);
        const Run linked = cli({"repair", "--in-place", other});
        QCOMPARE(linked.exitCode, 0);
        QVERIFY2(linked.err.contains("had 2 names (hard links)"), linked.err.constData());
    }

    // Defect 10: audit's output had no cap (3 MB of nested bidi openers gave 699 MB of text).
    void auditCapsItsFindings() {
        QByteArray text;
        for (int i = 0; i < 300000; ++i)
            text += "\xE2\x80\xAE"; // RIGHT-TO-LEFT OVERRIDE, never closed
        const QString path = write("nested.txt", text);
        const Run r = cli({"audit", path});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.size() < 2 << 20, QByteArray::number(r.out.size()).constData());
        QVERIFY2(r.out.contains(path.toUtf8() +
                                ": 299000 more bidi-control findings not shown (--max-findings "
                                "1000)"),
                 r.out.right(600).constData());
        const Run few = cli({"audit", "--max-findings=2", "--json", path});
        QCOMPARE(few.out.count("\"kind\":\"bidi-control\""), 2);
        QVERIFY(few.out.contains("\"notShown\":{\"bidi-control\":299998"));
        const Run sarif = cli({"audit", "--max-findings=2", "--sarif", path});
        QVERIFY(sarif.out.contains("299998 more bidi-control findings not shown"));
    }

    // Defect 14: file names were printed raw in text: an ESC coloured the terminal, a newline
    // broke FILE:LINE:COLUMN. Now in the shell's $'...' quoting; JSON escapes them itself.
    void fileNamesAreEscapedInText() {
        const QString name = QStringLiteral("evil\x1B[31m\nname.txt");
        const QString path = write(name, "a\xFF"
                                         "b\n");
        const QByteArray shown = "$'" + dir_.path().toUtf8() + "/evil\\x1B[31m\\nname.txt'";
        const Run check = cli({"check", path});
        QCOMPARE(check.exitCode, 1);
        QVERIFY2(!check.out.contains('\x1B'), check.out.constData());
        QVERIFY2(check.out.startsWith(shown + ":1:2: offset 1: "), check.out.constData());
        const Run audit = cli({"audit", path});
        QVERIFY2(audit.out.startsWith(shown + ":1:2: offset 1: "), audit.out.constData());
        const Run stats = cli({"stats", path});
        QVERIFY2(stats.out.startsWith(shown + ": not valid UTF-8"), stats.out.constData());
        // In messages too: a file that is not there, an output that cannot be written.
        const Run missing = cli({"check", dir_.filePath("gone\x1B[31m.txt")});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(!missing.err.contains('\x1B') && missing.err.contains("gone\\x1B[31m.txt"),
                 missing.err.constData());
        const Run unwritable = cli({"decode", "-o", "/nonexistent/out\x1B[31m", path});
        QCOMPARE(unwritable.exitCode, 2);
        QVERIFY2(!unwritable.err.contains('\x1B'), unwritable.err.constData());
        const Run json = cli({"stats", "--json", path});
        QVERIFY2(json.out.contains("/evil\\u001b[31m\\nname.txt\""), json.out.constData());
    }

    // Defect 16: `scan` said invalid-byte where `check` said never-valid-byte: one name.
    void scanAndCheckNameErrorsAlike() {
        const QString path = write("bad.txt", "a\xFF\x80"
                                              "b");
        const Run scan = cli({"scan", path});
        const Run check = cli({"check", path});
        for (const QByteArray kind : {"never-valid-byte", "stray-continuation"}) {
            QVERIFY2(scan.out.contains(kind), scan.out.constData());
            QVERIFY2(check.out.contains(kind), check.out.constData());
        }
    }

    // Defect 16: an allowlist saved with a byte order mark was refused.
    void allowlistMayStartWithAByteOrderMark() {
        const QString allow = write("allow.txt", "\xEF\xBB\xBFU+200D\n");
        const QString text = write("t.txt", "a\xE2\x80\x8D"
                                            "b\n"); // ZERO WIDTH JOINER
        const Run r = cli({"audit", "--allow=" + allow, text});
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliPromises)
#include "tst_cli_promises.moc"
