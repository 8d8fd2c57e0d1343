// `u8scope-cli dump` as a user runs it: into a pipe (no colour) and on a terminal (a
// pseudo-terminal: colour unless NO_COLOR or TERM=dumb), --color forcing either way, standard
// input like a file, --offset inside a character and in hex, the three widths, a file of several
// read chunks, --html read back, and the usage errors.
#include "cli_run.h"

#include <QDir>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using Run = u8test::CliRun;

Run cli(const QStringList& args, const QByteArray& stdinBytes = {}) {
    return u8test::runCli(args, stdinBytes);
}

// Runs u8scope-cli with its standard output on a pseudo-terminal, as a terminal emulator would,
// with NO_COLOR set to `noColor` (unset when null) and TERM to `term`; what it wrote, with the
// terminal's CR LF line ends back to LF.
QByteArray onTerminal(const QStringList& args, const QByteArray& noColor = QByteArray(),
                      const QByteArray& term = "xterm-256color", unsigned short columns = 0) {
    std::vector<std::string> words{U8SCOPE_CLI};
    for (const QString& a : args)
        words.push_back(a.toStdString());
    std::vector<char*> argv;
    for (std::string& w : words)
        argv.push_back(w.data());
    argv.push_back(nullptr);
    int master = -1;
    winsize size{};
    size.ws_row = 24;
    size.ws_col = columns;
    const pid_t pid = ::forkpty(&master, nullptr, nullptr, columns ? &size : nullptr);
    if (pid < 0)
        return "forkpty failed";
    if (pid == 0) {
        if (noColor.isNull())
            ::unsetenv("NO_COLOR");
        else
            ::setenv("NO_COLOR", noColor.constData(), 1);
        ::setenv("TERM", term.constData(), 1);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    QByteArray out;
    char buffer[4096];
    for (;;) {
        const ssize_t n = ::read(master, buffer, sizeof buffer);
        if (n > 0)
            out.append(buffer, n);
        else if (!(n < 0 && errno == EINTR))
            break; // EIO once the child has closed the terminal
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    ::close(master);
    return out.replace("\r\n", "\n");
}

const QByteArray kEscape = "\x1b[";

} // namespace

class TestCliDump : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString sample_;

    QString write(const QString& name, const QByteArray& bytes) {
        return u8test::writeFile(QDir(dir_.path()), name, bytes);
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        sample_ = write("sample.txt", "Hi \xE4\xB8\x96\xE7\x95\x8C\n\xC0\xAF!\xF0\x9F\x98\x80\n");
    }

    void noColourIntoAPipe() {
        const Run r = cli({"dump", sample_});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.isEmpty());
        QVERIFY(!r.out.contains(kEscape));
        QVERIFY(r.out.startsWith("00000000  48 69 20 E4 B8 96 E7 95  8C 0A C0 AF 21 F0 9F 98  "
                                 "\xE2\x94\x82Hi \xE4\xB8\x96\xC2\xB7\xE7\x95\x8C\xC2\xB7"));
        QVERIFY(r.out.contains("offset 0xA: overlong: C0 AF: "));
    }

    void colourOnATerminal() {
        const QByteArray out = onTerminal({"dump", sample_});
        QVERIFY2(out.contains(kEscape), out.constData());
        QVERIFY(out.contains("\x1b[0;1;38;5;231;48;5;160mC0")); // an invalid byte's look
        // The same text once the colours are taken out.
        QString stripped = QString::fromUtf8(out);
        stripped.remove(QRegularExpression(QStringLiteral("\x1b\\[[0-9;]*m")));
        QCOMPARE(stripped.toUtf8(), cli({"dump", sample_}).out);
    }

    // https://no-color.org: any non-empty value turns colour off; --color=always wins.
    void noColor() {
        QVERIFY(!onTerminal({"dump", sample_}, "1").contains(kEscape));
        QVERIFY(!onTerminal({"dump", sample_}, "yes please").contains(kEscape));
        QVERIFY(onTerminal({"dump", sample_}, "").contains(kEscape));
        QVERIFY(onTerminal({"dump", "--color=always", sample_}, "1").contains(kEscape));
        QVERIFY(!onTerminal({"dump", "--color=never", sample_}).contains(kEscape));
        QVERIFY(!onTerminal({"dump", sample_}, QByteArray(), "dumb").contains(kEscape));
        const Run always = cli({"dump", "--color=always", sample_});
        QCOMPARE(always.exitCode, 0);
        QVERIFY(always.out.contains(kEscape));
    }

    // On a terminal the descriptions are wrapped to its width; into a pipe each is one line.
    void notesWrapOnATerminal() {
        const QByteArray out = onTerminal({"dump", sample_}, "1", "xterm-256color", 72);
        for (const QByteArray& line : out.split('\n'))
            if (!line.startsWith("0000")) // the rows are as wide as they are
                QVERIFY2(QString::fromUtf8(line).size() <= 72, line.constData());
        const Run piped = cli({"dump", sample_});
        QCOMPARE(piped.out.count('\n'), 3); // two rows, one note
        QVERIFY(out.count('\n') > 3);
        QCOMPARE(QString::fromUtf8(out).simplified(), QString::fromUtf8(piped.out).simplified());
    }

    void standardInputLikeAFile() {
        QFile f(sample_);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        const Run fromStdin = cli({"dump", "-"}, bytes);
        QCOMPARE(fromStdin.exitCode, 0);
        QCOMPARE(fromStdin.out, cli({"dump", sample_}).out);
        const Run offset = cli({"dump", "--offset=4", "-"}, bytes);
        QCOMPARE(offset.out, cli({"dump", "--offset=4", sample_}).out);
    }

    // The offset inside 世: its two other bytes shown as continuation bytes, then 界 whole.
    void offsetInsideACharacter() {
        const QString path = write("cjk.txt", "\xE4\xB8\x96\xE7\x95\x8C");
        const Run r = cli({"dump", "--offset=1", path});
        QCOMPARE(r.exitCode, 0);
        const QByteArray expected = "00000001  B8 96 E7 95 8C" + QByteArray(3 * 11 + 1, ' ') +
                                    "  \xE2\x94\x82" + "\xC2\xB7\xC2\xB7\xE7\x95\x8C\xC2\xB7" +
                                    QByteArray(11, ' ') + "\xE2\x94\x82\n";
        QCOMPARE(r.out, expected);
        QVERIFY(!r.out.contains("offset 0x1:")); // no stray continuation
        QCOMPARE(cli({"dump", "--offset=0x1", "--length=0x2", path}).out.left(20),
                 QByteArray("00000001  B8 96     "));
    }

    void widths() {
        const QString path = write("x.txt", QByteArray(64, 'x'));
        for (int width : {8, 16, 32}) {
            const Run r = cli({"dump", QStringLiteral("--width=%1").arg(width), path});
            QCOMPARE(r.exitCode, 0);
            const QList<QByteArray> lines = r.out.split('\n');
            QCOMPARE(lines.size(), 64 / width + 1); // and the empty piece after the last LF
            QCOMPARE(lines[0].count("78"), width);
            QVERIFY(lines[1].startsWith(
                QStringLiteral("%1").arg(width, 8, 16, QChar('0')).toUpper().toUtf8()));
        }
    }

    // A file of several read chunks (read one ahead on a second thread) and the same bytes
    // through standard input give the same dump; rows across the chunk ends are whole.
    void severalChunks() {
        QByteArray bytes;
        for (int i = 0; bytes.size() < (3 << 20) / 2; ++i)
            bytes += "caf\xC3\xA9 \xE4\xB8\x96\xE7\x95\x8C \xF0\x9F\x98\x80 " +
                     QByteArray::number(i) + '\n';
        bytes += "\xC0\xAF";
        const QString path = write("big.txt", bytes);
        const Run file = cli({"dump", "--color=never", path});
        QCOMPARE(file.exitCode, 0);
        QCOMPARE(file.out.count('\n'), (bytes.size() + 15) / 16 + 1); // one note
        QCOMPARE(file.out, cli({"dump", "-"}, bytes).out);
    }

    void html() {
        const QString path = write("page.txt", "<script>x</script> \xC0\xAF");
        const Run r = cli({"dump", "--html", "--color=always", path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(!r.out.contains(kEscape));
        QXmlStreamReader xml(r.out);
        int items = 0;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement()) {
                QVERIFY(xml.name() != u"script");
                items += xml.name() == u"li";
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(items, 1);
        QVERIFY(r.out.contains("&lt;script&gt;"));
    }

    void usageErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("width") << QStringList{"dump", "--width=12", "x"}
                               << "unknown width '12' (8, 16 or 32)";
        QTest::newRow("color") << QStringList{"dump", "--color=sometimes", "x"}
                               << "unknown --color value 'sometimes'";
        QTest::newRow("offset") << QStringList{"dump", "--offset=ten", "x"}
                                << "--offset needs a number";
        QTest::newRow("no file") << QStringList{"dump"} << "needs exactly one FILE";
        QTest::newRow("missing file") << QStringList{"dump", "/nonexistent/nothing"}
                                      << "/nonexistent/nothing: No such file or directory";
    }
    void usageErrors() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    void offsetPastTheEnd() {
        const Run file = cli({"dump", "--offset=100", sample_});
        QCOMPARE(file.exitCode, 2);
        QVERIFY(file.err.contains("is past its end (18 bytes)"));
        QVERIFY(file.out.isEmpty());
        const Run input = cli({"dump", "--offset=100", "-"}, "abc");
        QCOMPARE(input.exitCode, 2);
        QVERIFY(input.err.contains("is past its end"));
        // At the end exactly: nothing to show, and no error.
        const Run atEnd = cli({"dump", "--offset=18", sample_});
        QCOMPARE(atEnd.exitCode, 0);
        QVERIFY(atEnd.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliDump)
#include "tst_cli_dump.moc"
