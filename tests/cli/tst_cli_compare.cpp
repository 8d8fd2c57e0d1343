// `u8scope-cli compare` end to end (issue 36): exit statuses (0 same bytes, 1 differ, 2 error
// naming the file and the reason), the verdicts and labels in text and JSON, --bytes, --ignore,
// standard input for one side, files /proc sizes as 0, read errors, and a large generated pair
// (past the text limit, aligned window by window) whose scattered edits are all found.
#include "cli_run.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using u8test::CliRun;
using u8test::runCli;
using u8test::writeFile;

namespace {

QJsonObject json(const CliRun& r) {
    return QJsonDocument::fromJson(r.out).object();
}

} // namespace

class TestCliCompare : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    QString file(const QString& name, const QByteArray& bytes) {
        return writeFile(QDir(dir_.path()), name, bytes);
    }

private slots:
    void exitStatuses() {
        const QString a = file("a.txt", "caf\xC3\xA9\n"), same = file("same.txt", "caf\xC3\xA9\n");
        const QString other = file("other.txt", "cafe\n");
        const CliRun equal = runCli({"compare", a, same});
        QCOMPARE(equal.exitCode, 0);
        QVERIFY(equal.out.contains("same bytes"));
        QCOMPARE(runCli({"compare", a, other}).exitCode, 1);
        const CliRun missing = runCli({"compare", a, dir_.filePath("nope.txt")});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains("nope.txt: No such file or directory"), missing.err);
        const CliRun directory = runCli({"compare", dir_.path(), a});
        QCOMPARE(directory.exitCode, 2);
        QVERIFY2(directory.err.contains("Is a directory"), directory.err);
        // Reading /proc/self/mem at offset 0 fails with EIO: a failed read is no end of file.
        const CliRun unreadable = runCli({"compare", a, "/proc/self/mem"});
        QCOMPARE(unreadable.exitCode, 2);
        QVERIFY2(unreadable.err.contains("/proc/self/mem: Input/output error"), unreadable.err);
        QCOMPARE(runCli({"compare", a}).exitCode, 2);
        QCOMPARE(runCli({"compare", "-", "-"}).exitCode, 2);
        const CliRun badIgnore = runCli({"compare", "--ignore=eol,crlf", a, same});
        QCOMPARE(badIgnore.exitCode, 2);
        QVERIFY2(badIgnore.err.contains("'crlf'"), badIgnore.err);
    }

    // Each read failing in turn (fault_shim.c, preloaded) ends the comparison with exit 2 and
    // the file's name and the reason, wherever it falls: the byte pass, the texts read whole.
    void everyFailedReadIsReported() {
        QByteArray text;
        for (int i = 0; i < 60000; ++i)
            text += "line " + QByteArray::number(i) + " of the text\n";
        const QString a = file("fa.txt", text);
        const QString b = file("fb.txt", QByteArray(text).replace("line 50000 ", "line 50000!"));
        const auto run = [&](const QString& fault, const QString& counts) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert("LD_PRELOAD", QStringLiteral(U8SCOPE_FAULT_SHIM));
            if (!fault.isEmpty())
                env.insert("U8SCOPE_FAULT", fault);
            if (!counts.isEmpty())
                env.insert("U8SCOPE_FAULT_COUNT", counts);
            p.setProcessEnvironment(env);
            p.start(u8test::cliPath(), {"compare", a, b});
            p.waitForFinished(60000);
            return std::make_pair(p.exitCode(), p.readAllStandardError());
        };
        const QString counts = QDir(dir_.path()).filePath("counts");
        QCOMPARE(run({}, counts).first, 1);
        QFile f(counts);
        QVERIFY(f.open(QIODevice::ReadOnly));
        int preads = 0;
        for (const QByteArray& line : f.readAll().split('\n'))
            if (line.startsWith("pread "))
                preads = line.mid(6).toInt();
        QVERIFY(preads >= 4);
        for (int n = 1; n <= preads; ++n) {
            const auto [code, err] = run(QString("pread:%1:EIO").arg(n), {});
            QCOMPARE(code, 2);
            QVERIFY2(err.contains("Input/output error"), err);
            QVERIFY2(err.contains("fa.txt") || err.contains("fb.txt"), err);
        }
    }

    // /proc gives a size of 0 for files that hold text: they are read to their end.
    void procFilesAreReadToTheirEnd() {
        const QString a = file("status.txt", "Name:\tnothing\n");
        const QJsonObject j = json(runCli({"compare", "--json", "/proc/self/status", a}));
        QVERIFY(j.value("a").toObject().value("size").toInteger() > 100);
    }

    // Each verdict, and the places it sums up as hunks (their kind and number).
    void verdictsInJson_data() {
        QTest::addColumn<QByteArray>("b");
        QTest::addColumn<QString>("verdict");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("places");
        QTest::newRow("BOM") << QByteArray("\xEF\xBB\xBFLe caf\xC3\xA9.\nFin.\n") << "only-bom"
                             << "byte-order-mark" << 1;
        QTest::newRow("CRLF") << QByteArray("Le caf\xC3\xA9.\r\nFin.\r\n") << "only-line-endings"
                              << "line-ending" << 2;
        QTest::newRow("NFD") << QByteArray("Le cafe\xCC\x81.\nFin.\n") << "only-normal-form"
                             << "normal-form" << 1;
        QTest::newRow("trailing") << QByteArray("Le caf\xC3\xA9. \nFin.\t\n")
                                  << "only-trailing-space"
                                  << "text-edit" << 2;
        QTest::newRow("mojibake") << QByteArray("Le caf\xC3\x83\xC2\xA9.\nFin.\n")
                                  << "b-is-a-with-mojibake"
                                  << "encoding-damage" << 1;
        QTest::newRow("UTF-16LE") << QByteArray(
                                         "\xFF\xFEL\0e\0 \0c\0a\0f\0\xE9\0.\0\n\0F\0i\0n\0.\0\n\0",
                                         30)
                                  << "same-text-other-encoding"
                                  << "byte-order-mark" << 1;
        QTest::newRow("edit") << QByteArray("Le caf\xC3\xA9!\nFin.\n") << "differ"
                              << "text-edit" << 1;
    }
    void verdictsInJson() {
        QFETCH(QByteArray, b);
        QFETCH(QString, verdict);
        QFETCH(QString, kind);
        QFETCH(int, places);
        const QString a = file("a.txt", "Le caf\xC3\xA9.\nFin.\n");
        const CliRun r = runCli({"compare", "--json", a, file("b.txt", b)});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject j = json(r);
        QCOMPARE(j.value("verdict").toString(), verdict);
        QCOMPARE(j.value("hunk_count").toInteger(), places);
        const QJsonArray hunks = j.value("hunks").toArray();
        QCOMPARE(hunks.size(), places);
        for (const QJsonValue& h : hunks)
            QCOMPARE(h.toObject().value("kind").toString(), kind);
        QCOMPARE(j.value("a").toObject().value("encoding").toString(), QString("UTF-8"));
    }

    // Under a verdict the text lists its first 10 places and says how many more; --max-hunks
    // lists more. Every line of 1,500 in CR LF is past the alignment's bound: the lines are
    // paired, and each place is still found. Without a verdict, every hunk is listed.
    void placesUnderVerdict() {
        QByteArray lf, crlf, edited;
        for (int i = 0; i < 1500; ++i) {
            const QByteArray line = "line " + QByteArray::number(i);
            lf += line + "\n";
            crlf += line + "\r\n";
            edited += i % 100 == 5 ? line + "!\n" : line + "\n";
        }
        const QString a = file("lf.txt", lf), b = file("crlf.txt", crlf);
        const CliRun text = runCli({"compare", a, b});
        QCOMPARE(text.exitCode, 1);
        QVERIFY2(text.out.contains("only line endings differ: A has 1500 LF"), text.out);
        QCOMPARE(text.out.count(": line-ending: LF -> CR LF\n"), 10);
        QVERIFY2(text.out.contains("A 1:7 @6+1, B 1:7 @6+2: line-ending: LF -> CR LF"), text.out);
        QVERIFY2(text.out.contains("\n1490 more places not shown (--max-hunks=N lists N)\n"),
                 text.out);
        QVERIFY2(!text.out.contains("note:"), text.out);
        const CliRun more = runCli({"compare", "--max-hunks=1500", a, b});
        QCOMPARE(more.out.count(": line-ending: LF -> CR LF\n"), 1500);
        QVERIFY2(!more.out.contains("more places"), more.out);
        const QJsonObject j = json(runCli({"compare", "--json", a, b}));
        QCOMPARE(j.value("hunk_count").toInteger(), 1500);
        QCOMPARE(j.value("hunks").toArray().size(), 1000);
        QVERIFY(j.value("note").isNull());
        const CliRun differ = runCli({"compare", a, file("edited.txt", edited)});
        QCOMPARE(differ.out.count(": text-edit: inserted\n"), 15);
        QVERIFY2(!differ.out.contains("more"), differ.out);
    }

    void hunksInText() {
        const QString a = file("a.txt", "let cat = 1;\nok\n");
        const QString b = file("b.txt", "let c\xD0\xB0t = 1;\nok\xE2\x80\x8B\n");
        const CliRun r = runCli({"compare", a, b});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains("A 1:6 @5+1, B 1:6 @5+2: lookalike: 'a' U+0061 LATIN SMALL LETTER "
                                "A -> '\xD0\xB0' U+0430 CYRILLIC SMALL LETTER A"),
                 r.out);
        QVERIFY2(r.out.contains("invisible-inserted: U+200B ZERO WIDTH SPACE inserted"), r.out);
        const QJsonArray hunks = json(runCli({"compare", "--json", a, b})).value("hunks").toArray();
        QCOMPARE(hunks.size(), 2);
        const QJsonObject first = hunks[0].toObject();
        QCOMPARE(first.value("kind").toString(), QString("lookalike"));
        QCOMPARE(first.value("b").toObject().value("offset").toInteger(), 5);
        QCOMPARE(first.value("b").toObject().value("length").toInteger(), 2);
        QCOMPARE(first.value("b").toObject().value("column").toInteger(), 6);
    }

    void bytesAndIgnore() {
        const QString a = file("a.txt", "one\ntwo\n"), b = file("b.txt", "one\r\ntwo  \r\n");
        const CliRun bytes = runCli({"compare", "--bytes", a, b});
        QCOMPARE(bytes.exitCode, 1);
        QVERIFY2(bytes.out.contains("bytes 3-7 differ (5)"), bytes.out);
        QCOMPARE(runCli({"compare", "--ignore=eol", a, b}).exitCode, 1);
        const CliRun both = runCli({"compare", "--ignore=eol,trailing-space", a, b});
        QCOMPARE(both.exitCode, 0);
        QVERIFY2(both.out.contains("same text once eol, trailing-space differences are set aside"),
                 both.out);
    }

    void standardInput() {
        const QString a = file("a.txt", "caf\xC3\xA9\n");
        const CliRun same = runCli({"compare", "-", a}, "caf\xC3\xA9\n");
        QCOMPARE(same.exitCode, 0);
        const CliRun nfd = runCli({"compare", "--json", a, "-"}, "cafe\xCC\x81\n");
        QCOMPARE(nfd.exitCode, 1);
        QCOMPARE(json(nfd).value("b").toObject().value("name").toString(), QString("<stdin>"));
        QCOMPARE(json(nfd).value("verdict").toString(), QString("only-normal-form"));
    }

    // 520 MiB of generated text (past the 512 MiB held in memory) with 200 scattered edits, some
    // of which shift the lines after them: each is found, on its line.
    void largePair() {
        const QString a = dir_.filePath("big_a.txt"), b = dir_.filePath("big_b.txt");
        const QString script = QStringLiteral(
            "import sys\n"
            "line = 'a line of generated text, caf\\u00e9 and na\\u00efve, to fill the file\\n'\n"
            "n = (520 << 20) // len(line.encode())\n"
            "edits = {i * (n // 200) + 17: i for i in range(200)}\n"
            "with open(sys.argv[1], 'w') as fa, open(sys.argv[2], 'w') as fb:\n"
            "    block = line * 4096\n"
            "    i = 0\n"
            "    while i < n:\n"
            "        hit = [k for k in edits if i <= k < i + 4096]\n"
            "        if not hit:\n"
            "            fa.write(block); fb.write(block); i += 4096; continue\n"
            "        for j in range(i, i + 4096):\n"
            "            fa.write(line)\n"
            "            if j in edits:\n"
            "                fb.write(line.replace('generated', 'GENERATED') if edits[j] % 2 else "
            "line + 'new\\n')\n"
            "            else:\n"
            "                fb.write(line)\n"
            "        i += 4096\n");
        QProcess py;
        py.start("python3", {"-c", script, a, b});
        QVERIFY(py.waitForFinished(600000));
        QCOMPARE(py.exitCode(), 0);
        const CliRun r = runCli({"compare", "--json", a, b});
        QFile::remove(a);
        QFile::remove(b);
        QCOMPARE(r.exitCode, 1);
        const QJsonObject j = json(r);
        QCOMPARE(j.value("hunk_count").toInteger(), 200);
        QVERIFY2(j.value("note").isNull(), qPrintable(j.value("note").toString()));
        // Read as streams, the files' counts were not taken: null, not 0.
        QVERIFY(j.value("a").toObject().value("line_endings").isNull());
        QVERIFY(j.value("b").toObject().value("trailing_space").isNull());
        const QJsonArray hunks = j.value("hunks").toArray();
        qint64 shift = 0; // lines inserted in B before the hunk
        for (int i = 0; i < 200; ++i) {
            const QJsonObject h = hunks[i].toObject();
            QCOMPARE(h.value("kind").toString(), QString("text-edit"));
            const QJsonObject ha = h.value("a").toObject(), hb = h.value("b").toObject();
            QCOMPARE(hb.value("line").toInteger() - ha.value("line").toInteger(), shift);
            if (i % 2 == 0)
                ++shift;
            else
                QCOMPARE(hb.value("text").toString(), QString("GENERATED"));
        }
    }
};

QTEST_GUILESS_MAIN(TestCliCompare)
#include "tst_cli_compare.moc"
