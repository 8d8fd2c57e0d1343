// u8scope-cli as a user runs it: a real process, real files, standard input.
#include "cli_run.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>

namespace {

using Run = u8test::CliRun;

Run cli(const QStringList& args, const QByteArray& stdinBytes = {}) {
    return u8test::runCli(args, stdinBytes);
}

QString corpus(const char* name) {
    return QDir(QStringLiteral(U8SCOPE_CORPUS_DIR)).filePath(QString::fromLatin1(name));
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    QString write(const QString& name, const QByteArray& bytes) {
        return u8test::writeFile(QDir(dir_.path()), name, bytes);
    }

    // Nothing but `keep` in the temporary directory: no stray temporary or partial files.
    void expectOnlyFiles(const QStringList& keep) {
        QStringList names = QDir(dir_.path()).entryList(QDir::Files | QDir::Hidden);
        names.sort();
        QStringList expected = keep;
        expected.sort();
        QCOMPARE(names, expected);
    }

private slots:
    void init() {
        QVERIFY(dir_.isValid());
        for (const QString& f : QDir(dir_.path()).entryList(QDir::Files | QDir::Hidden))
            QFile::remove(dir_.filePath(f));
    }

    void usageErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no command") << QStringList{} << "usage:";
        QTest::newRow("unknown command") << QStringList{"frobnicate"} << "unknown command";
        QTest::newRow("unknown option") << QStringList{"check", "--bogus", "x"} << "unknown option";
        QTest::newRow("check without file") << QStringList{"check"} << "no FILE";
        QTest::newRow("bad max-errors")
            << QStringList{"check", "--max-errors", "lots", "x"} << "needs a number";
        QTest::newRow("bad policy")
            << QStringList{"decode", "--errors=loose", "x"} << "unknown error policy";
        QTest::newRow("explain not hex") << QStringList{"explain", "zz"} << "not hex";
    }
    void usageErrors() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    }

    void checkValidFile() {
        const QString path =
            write("ok.txt", "plain ASCII, caf\xC3\xA9, \xE2\x82\xAC, \xF0\x9F\x98\x80\n");
        const Run r = cli({"check", path});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, (path + ": valid UTF-8\n").toUtf8());
        QVERIFY(r.err.isEmpty());
    }

    // FILE:LINE:COLUMN: offset N: KIND: HEX BYTES: explanation, column counted in characters.
    void checkReportsLineColumnInCharacters() {
        const QString path = write("bad.txt", "first line\nc\xC3\xA9\xC0\xAFx\n\xE2\x82\n");
        const Run r = cli({"check", path});
        QCOMPARE(r.exitCode, 1);
        const QList<QByteArray> lines = r.out.split('\n');
        QVERIFY(lines.size() >= 3);
        QVERIFY2(lines[0].startsWith((path + ":2:3: offset 14: overlong: C0 AF: ").toUtf8()),
                 lines[0].constData());
        QVERIFY(lines[0].contains("U+002F"));
        QVERIFY2(lines[1].startsWith((path + ":3:1: offset 18: truncated: E2 82: ").toUtf8()),
                 lines[1].constData());
        QVERIFY(r.out.contains("not valid UTF-8: 2 problems"));
    }

    void checkMaxErrors() {
        QByteArray bytes;
        for (int i = 0; i < 10; ++i)
            bytes += "x\xFF";
        const QString path = write("many.txt", bytes);
        const Run r = cli({"check", "--max-errors", "3", path});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out.count("never-valid-byte"), 3);
        QVERIFY(r.out.contains("7 more problems not shown"));
    }

    // Past --max-errors, problems are only counted (by the codec's count(), not located): the
    // count equals what locating every one finds. A damaged stretch of odd length, repeated over
    // more than one read chunk, lands at every offset of the codec's 64-byte windows.
    void checkCountsBeyondMaxErrors() {
        const QByteArray piece("A\xC0\xAF\x80\x80\xE2\x82\n\xED\xA0\xBD\xED\xB8\x80\xF8\x88\x80"
                               "\x80\x80\xFE\x80\xF5\x80\xE0\x80\xC3\xA9\xBF\xBF\xBF\xF4\x90z");
        const Run one = cli({"check", "--max-errors", "1000", write("one.txt", piece)});
        const QList<QByteArray> oneLines = one.out.split('\n');
        const qsizetype perPiece = oneLines.size() - 2; // the summary line, then an empty one
        QVERIFY(perPiece > 10);
        QVERIFY(one.out.contains(
            QStringLiteral("not valid UTF-8: %1 problems").arg(perPiece).toUtf8()));
        const int pieces = int((1024 * 1024 + 5000) / piece.size()) + 1;
        const Run many =
            cli({"check", "--max-errors", "3", write("many.txt", piece.repeated(pieces))});
        QCOMPARE(many.exitCode, 1);
        const QList<QByteArray> lines = many.out.split('\n');
        for (int i = 0; i < 3; ++i) // the same problems at the same places, another file name
            QCOMPARE(lines[i].mid(lines[i].indexOf(':')),
                     oneLines[i].mid(oneLines[i].indexOf(':')));
        QVERIFY2(
            many.out.contains(
                QStringLiteral("not valid UTF-8: %1 problems").arg(perPiece * pieces).toUtf8()),
            many.out.constData());
        const QByteArray total =
            QStringLiteral("<stdin>: not valid UTF-8: %1 problems").arg(perPiece * pieces).toUtf8();
        QVERIFY(
            cli({"check", "--max-errors", "3", "-"}, piece.repeated(pieces)).out.contains(total));
    }

    void checkGoesOnAfterAnUnreadableFile() {
        const QString good = write("good.txt", "fine\n");
        const QString missing = dir_.filePath("missing.txt");
        const Run r = cli({"check", missing, dir_.path(), good});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains((missing + ": No such file or directory").toUtf8()),
                 r.err.constData());
        QVERIFY2(r.err.contains((dir_.path() + ": Is a directory").toUtf8()), r.err.constData());
        QVERIFY(r.out.contains((good + ": valid UTF-8").toUtf8()));
    }

    void checkStandardInput() {
        const Run r = cli({"check", "-"}, "ab\xED\xA0\x80");
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.startsWith("<stdin>:1:3: offset 2: surrogate: ED A0 80: "),
                 r.out.constData());
        QCOMPARE(cli({"check", "-"}, "fine").exitCode, 0);
        QCOMPARE(cli({"check", "--quiet", "-"}, "\x80").out, QByteArray());
    }

    // A file is first scanned quickly and read again only when invalid: the problems found far
    // into it (beyond the first 1 MiB chunk), a character split across chunks, and a sequence cut
    // short by the end of the file must all come out as from a single pass.
    void checkLargeFileBothPasses() {
        QByteArray bytes(3 * 1024 * 1024 - 1, 'a');
        bytes[100] = '\n';
        bytes += "\xE2\x82\xAC";
        // The é takes offsets 1 MiB - 1 and 1 MiB: split between the first two chunks.
        const QByteArray valid = bytes.left(1024 * 1024 - 1) + "\xC3\xA9" + bytes.mid(1024 * 1024);
        const QString good = write("big-valid.txt", valid);
        Run r = cli({"check", good});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, (good + ": valid UTF-8\n").toUtf8());

        QByteArray broken = valid;
        broken[2 * 1024 * 1024] = char(0xFF);
        broken += "\xF0\x9F\x98"; // truncated by the end of the file
        const QString bad = write("big-broken.txt", broken);
        r = cli({"check", bad});
        QCOMPARE(r.exitCode, 1);
        // Line 2 starts at offset 101, so the FF is on its byte 2 MiB - 101 + 1; the two bytes
        // of the é before it make one column.
        const QByteArray first = QStringLiteral("%1:2:%2: offset %3: never-valid-byte: FF: ")
                                     .arg(bad)
                                     .arg(2 * 1024 * 1024 - 101)
                                     .arg(2 * 1024 * 1024)
                                     .toUtf8();
        QVERIFY2(r.out.startsWith(first), r.out.left(200).constData());
        QVERIFY2(r.out.contains(": truncated: F0 9F 98: "), r.out.constData());
        QVERIFY(r.out.contains("not valid UTF-8: 2 problems"));

        const QString cut = write("cut.txt", valid + "\xE2\x82");
        QCOMPARE(cli({"check", cut}).exitCode, 1);
        r = cli({"check", "--quiet", bad, good});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.isEmpty());
    }

    // A FIFO has no end the inspector could wait for: refused at once, never a hang.
    void checkRefusesFifo() {
        const QString fifo = dir_.filePath("pipe");
        QCOMPARE(QProcess::execute(QStringLiteral("mkfifo"), {fifo}), 0);
        const Run r = cli({"check", fifo});
        QFile::remove(fifo);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains((fifo + ": Not a regular file").toUtf8()), r.err.constData());
    }

    // An output that is not a regular file (a FIFO here, /dev/null alike) is written in place:
    // a temporary file renamed over it would replace the pipe or the device with a regular file.
    void outputIntoAFifoIsWrittenInPlace() {
        const QString fifo = dir_.filePath("out-pipe");
        QCOMPARE(QProcess::execute(QStringLiteral("mkfifo"), {fifo}), 0);
        QProcess reader;
        reader.start(QStringLiteral("cat"), {fifo});
        QVERIFY(reader.waitForStarted());
        const QString in = write("in.txt", "caf\xC3\xA9\n");
        const Run r = cli({"decode", "-o", fifo, in});
        const bool read = reader.waitForFinished(5000);
        if (!read)
            reader.kill();
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(read, "nothing was written into the FIFO");
        QCOMPARE(reader.readAllStandardOutput(), QByteArray("caf\xC3\xA9\n"));
        struct stat st {};
        QCOMPARE(::stat(QFile::encodeName(fifo).constData(), &st), 0);
        QVERIFY(S_ISFIFO(st.st_mode));
        QFile::remove(fifo);
    }

    void scanJsonLines() {
        const Run r = cli({"scan", "--json", "-"}, "a\xC0\xAF\xE2\x82\xAC\xF0\x9F");
        QCOMPARE(r.exitCode, 0);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 4);
        QCOMPARE(lines[0], QByteArray(R"({"offset":1,"length":1,"error":"never-valid-byte"})"));
        QCOMPARE(lines[1],
                 QByteArray(R"({"offset":2,"length":1,"error":"stray-continuation"})"));
        QCOMPARE(lines[2], QByteArray(R"({"offset":6,"length":2,"error":"truncated"})"));
        const QJsonObject summary =
            QJsonDocument::fromJson(lines[3]).object().value("summary").toObject();
        QCOMPARE(summary.value("bytes").toInt(), 8);
        QCOMPARE(summary.value("characters").toInt(), 2);
        QCOMPARE(summary.value("by_length").toObject().value("3").toInt(), 1);
        QCOMPARE(summary.value("errors").toObject().value("truncated").toInt(), 1);
        QCOMPARE(summary.value("valid").toBool(), false);
        QCOMPARE(summary.value("bom").toBool(), false);
        QCOMPARE(summary.value("lines").toInt(), 1);
    }

    void scanAllListsCharacters() {
        const Run r = cli({"scan", "--json", "--all", "-"}, "\xEF\xBB\xBFh\xC3\xA9\n");
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 5);
        QCOMPARE(lines[0], QByteArray(R"({"offset":0,"length":3,"cp":65279})"));
        QCOMPARE(lines[2], QByteArray(R"({"offset":4,"length":2,"cp":233})"));
        const QJsonObject summary =
            QJsonDocument::fromJson(lines[4]).object().value("summary").toObject();
        QCOMPARE(summary.value("bom").toBool(), true);
        QCOMPARE(summary.value("valid").toBool(), true);
    }

    void decodePolicies_data() {
        QTest::addColumn<QString>("policy");
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QByteArray>("expected");
        const QByteArray in = "a\xC0\xAF\x81z\xE2\x82";
        QTest::newRow("replace") << "replace" << in
                                 << QByteArray(
                                        "a\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBDz\xEF\xBF\xBD");
        QTest::newRow("ignore") << "ignore" << in << QByteArray("az");
        QTest::newRow("latin1") << "latin1" << in
                                << QByteArray("a\xC3\x80\xC2\xAF\xC2\x81z\xC3\xA2\xC2\x82");
        // windows-1252 (WHATWG index): 81 is unassigned and maps to U+0081; 82 is U+201A.
        QTest::newRow("cp1252") << "cp1252" << in
                                << QByteArray("a\xC3\x80\xC2\xAF\xC2\x81z\xC3\xA2\xE2\x80\x9A");
    }
    void decodePolicies() {
        QFETCH(QString, policy);
        QFETCH(QByteArray, input);
        QFETCH(QByteArray, expected);
        const Run r = cli({"decode", "--errors=" + policy, "-"}, input);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, expected);
    }

    // Byte for byte what Python 3's bytes.decode("utf-8", "replace"/"ignore") gives.
    void decodeMatchesPython() {
        if (QStandardPaths::findExecutable("python3").isEmpty())
            QSKIP("python3 is not installed");
        QRandomGenerator rng(20261122);
        QList<QByteArray> inputs;
        // Random bytes biased towards the interesting ones.
        static const unsigned char kPool[] = {0x41, 0x0A, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF,
                                              0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEE,
                                              0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xF8, 0xFC, 0xFE};
        for (int n = 0; n < 16; ++n) {
            QByteArray b;
            const int len = int(rng.bounded(1, 2000));
            for (int i = 0; i < len; ++i)
                b += char(rng.bounded(3) == 0 ? rng.bounded(256)
                                              : kPool[rng.bounded(int(sizeof kPool))]);
            inputs << b;
        }
        if (QFile::exists(corpus("UTF-8-test.txt"))) {
            QFile f(corpus("UTF-8-test.txt"));
            QVERIFY(f.open(QIODevice::ReadOnly));
            inputs << f.readAll();
        }
        for (const char* policy : {"replace", "ignore"}) {
            for (int i = 0; i < inputs.size(); ++i) {
                const QString path = write("in.bin", inputs[i]);
                QProcess py;
                py.start("python3", {"-c",
                                     QString("import sys; sys.stdout.buffer.write(open(sys.argv[1],"
                                             "'rb').read().decode('utf-8','%1').encode('utf-8'))")
                                         .arg(policy),
                                     path});
                QVERIFY(py.waitForFinished(60000));
                const QByteArray expected = py.readAllStandardOutput();
                const Run r = cli({"decode", QString("--errors=") + policy, path});
                QCOMPARE(r.exitCode, 0);
                if (r.out != expected)
                    QFAIL(qPrintable(QString("policy %1, input %2 (%3) differs from Python")
                                         .arg(policy)
                                         .arg(i)
                                         .arg(QString::fromLatin1(inputs[i].left(64).toHex(' ')))));
            }
        }
    }

    void decodeStrictLeavesNoOutput() {
        const QString in = write("in.txt", "good line\nbad \xF5 line\n");
        const QString out = dir_.filePath("out.txt");
        const Run r = cli({"decode", "--errors=strict", "-o", out, in});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains((in + ":2:5: offset 14: never-valid-byte: F5: ").toUtf8()) ||
                     r.err.contains((in + ":2:5: offset 14: ").toUtf8()),
                 r.err.constData());
        QVERIFY(!QFile::exists(out));
        expectOnlyFiles({"in.txt"});
    }

    void decodeStrictKeepsAnExistingOutput() {
        const QString in = write("in.txt", "bad \xC1\x81\n");
        const QString out = write("out.txt", "previous contents");
        QCOMPARE(cli({"decode", "-o", out, in}).exitCode, 1);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("previous contents"));
        expectOnlyFiles({"in.txt", "out.txt"});
    }

    void decodeWritesOutputFile() {
        const QString in = write("in.txt", "x\xFFy");
        const QString out = dir_.filePath("out.txt");
        const Run r = cli({"decode", "--errors=replace", "-o", out, in});
        QCOMPARE(r.exitCode, 0);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("x\xEF\xBF\xBDy"));
        expectOnlyFiles({"in.txt", "out.txt"});
    }

    void decodeNeverOverwritesItsInput() {
        const QByteArray original = "a\xFF\n";
        const QString in = write("in.txt", original);
        const Run r = cli({"decode", "--errors=replace", "-o", in, in});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("is the input file"));
        QFile f(in);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), original);
    }

    void decodeIntoMissingDirectoryFails() {
        const QString in = write("in.txt", "a");
        const Run r = cli({"decode", "-o", dir_.filePath("no/such/dir/out.txt"), in});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("No such file or directory"));
    }

    // A file of 8 MiB and more is scanned in two parts at once on two cores, cut near its
    // middle at the first byte that is no continuation byte (input_scan.h). Whatever lies at
    // the middle, the summary is the one standard input (scanned in turn, as it comes) gives.
    void statsOfAFileInPartsEqualsStandardInput_data() {
        QTest::addColumn<QByteArray>("middle"); // the bytes put at size / 2 - 2
        QTest::newRow("CR LF across the cut") << QByteArray("ab\r\ncd");
        QTest::newRow("4-byte character across it") << QByteArray("a\xF0\x9F\x98\x80z");
        QTest::newRow("lead cut short by ASCII") << QByteArray("a\xE2\x82zz");
        QTest::newRow("stray continuations") << QByteArray("a\x80\x80\x80\x80\x80\x80z");
        QTest::newRow("no cut within 64 bytes") << QByteArray(100, '\x80');
        QTest::newRow("overlong and invalid") << QByteArray("\xC0\xAF\xE0\x80\xFFz");
    }
    void statsOfAFileInPartsEqualsStandardInput() {
        QFETCH(QByteArray, middle);
        const qsizetype size = (8 << 20) + 4096;
        QByteArray bytes;
        bytes.reserve(size);
        bytes += "\xEF\xBB\xBF";
        while (bytes.size() < size)
            bytes += "Grüße \xE4\xB8\xAD\xE6\x96\x87 line\r\n";
        bytes.resize(size - 3);
        bytes += "end"; // the last line has no LF
        bytes.replace(size / 2 - 2, middle.size(), middle);
        const QString path = write("parts.txt", bytes);
        const Run fromFile = cli({"stats", "--json", path});
        const Run fromStdin = cli({"stats", "--json", "-"}, bytes);
        QCOMPARE(fromFile.exitCode, 0);
        QCOMPARE(fromStdin.exitCode, 0);
        const QJsonObject a = QJsonDocument::fromJson(fromFile.out).object();
        const QJsonObject b = QJsonDocument::fromJson(fromStdin.out).object();
        QCOMPARE(a.value("summary").toObject().value("bytes").toInteger(), qint64(size));
        QVERIFY2(a.value("summary") == b.value("summary"),
                 (fromFile.out + "\n" + fromStdin.out).constData());
        // check answers the same: valid only where the middle holds no error.
        const bool valid = b.value("summary").toObject().value("valid").toBool();
        QCOMPARE(cli({"check", "--quiet", path}).exitCode, valid ? 0 : 1);
    }

    // check's first pass reads a file in chunks of 256 KiB and checks each up to its last whole
    // character, reading a character the chunk's end cuts again with the next chunk: whatever
    // sits across a chunk's edge, its verdict is the one of the reporter (standard input).
    void checkAcrossChunkEdges() {
        const qsizetype edge = 256 << 10;
        const QByteArray pieces[] = {"\xF0\x9F\x98\x80", "\xE2\x82\xAC", "\xE2\x82z",
                                     "\xF0\x9F\x98z",    "\xC3",         "\x80\x80",
                                     "\xED\xA0\x80",     "\xC3\xA9\xFF"};
        for (const QByteArray& piece : pieces) {
            for (qsizetype at = edge - 4; at <= edge + 1; ++at) {
                QByteArray bytes(3 * edge + 10, 'a');
                bytes.replace(at, piece.size(), piece);
                const QString path = write("edge.txt", bytes);
                const int fromFile = cli({"check", "--quiet", path}).exitCode;
                const int fromStdin = cli({"check", "--quiet", "-"}, bytes).exitCode;
                QVERIFY2(fromFile == fromStdin && fromFile != 2,
                         qPrintable(QStringLiteral("%1 at %2: %3 against %4")
                                        .arg(QString::fromLatin1(piece.toHex(' ')))
                                        .arg(at)
                                        .arg(fromFile)
                                        .arg(fromStdin)));
            }
        }
    }

    // check stops at the first error: found in either part, the file is invalid.
    void checkFindsAnErrorInEitherPart() {
        const qsizetype size = (8 << 20) + 100;
        for (qsizetype at : {qsizetype(10), size / 2 - 1, size / 2 + 10, size - 1}) {
            QByteArray bytes(size, 'a');
            bytes[at] = char(0xFF);
            const QString path = write("one-error.txt", bytes);
            const Run r = cli({"check", path});
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.out.contains(QStringLiteral("offset %1: ").arg(at).toUtf8()),
                     r.out.constData());
        }
    }

    // A file of several read chunks is read one chunk ahead on a second thread: the decoding is
    // the one of standard input (read in other pieces) and of Python, under every policy, and
    // strict stops at its first error however far in it lies.
    void decodeLargeFileEqualsStandardInput() {
        QRandomGenerator rng(18);
        QByteArray bytes;
        while (bytes.size() < (3 << 20) / 2) {
            if (rng.bounded(50) == 0) {
                for (int k = int(rng.bounded(1, 300)); k > 0; --k)
                    bytes += char(rng.bounded(256));
            }
            bytes += "Grüße, Привет, 中文 😀 text between the damage.\n";
        }
        const QString path = write("large.bin", bytes);
        for (const char* policy : {"replace", "ignore", "latin1", "cp1252"}) {
            const Run fromFile = cli({"decode", QString("--errors=") + policy, path});
            const Run fromStdin = cli({"decode", QString("--errors=") + policy, "-"}, bytes);
            QCOMPARE(fromFile.exitCode, 0);
            QVERIFY2(fromFile.out == fromStdin.out, policy);
            QVERIFY(fromFile.out.size() > bytes.size() / 2);
        }
        if (!QStandardPaths::findExecutable("python3").isEmpty()) {
            QProcess py;
            py.start("python3", {"-c",
                                 "import sys; sys.stdout.buffer.write(open(sys.argv[1],'rb')"
                                 ".read().decode('utf-8','replace').encode('utf-8'))",
                                 path});
            QVERIFY(py.waitForFinished(60000));
            QVERIFY(cli({"decode", "--errors=replace", path}).out == py.readAllStandardOutput());
        }
        QByteArray late(2 << 20, 'a');
        late[(600 << 10) + 1] = char(0xC0);
        const QString strict = write("late-error.txt", late);
        const QString out = dir_.filePath("late-out.txt");
        const Run r = cli({"decode", "--errors=strict", "-o", out, strict});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("offset %1: ").arg((600 << 10) + 1).toUtf8()),
                 r.err.constData());
        QVERIFY(!QFile::exists(out));
    }

    // detect examines the first 4 MiB, read straight from a file or gathered from standard
    // input's pieces: the same answer either way, and the same as for a file of those 4 MiB and
    // one byte more (which tells that the window was cut).
    void detectReadsTheSameWindowFromAFileAndStandardInput() {
        QByteArray latin;
        while (latin.size() < (5 << 20))
            latin += "Caf\xE9 cr\xE8me, na\xEF"
                     "ve fa\xE7"
                     "ade \x96 d\xE9j\xE0 vu.\n";
        for (const QByteArray& bytes : {latin, latin.left(100000), latin.left((4 << 20) + 1)}) {
            const QString path = write("detect.txt", bytes);
            const Run fromFile = cli({"detect", "--json", path});
            const Run fromStdin = cli({"detect", "--json", "-"}, bytes);
            QCOMPARE(fromFile.exitCode, 0);
            QVERIFY(!fromFile.out.isEmpty());
            QCOMPARE(fromFile.out, fromStdin.out);
        }
        const Run whole = cli({"detect", "--json", write("whole.txt", latin)});
        QCOMPARE(whole.out,
                 cli({"detect", "--json", write("cut.txt", latin.left((4 << 20) + 1))}).out);
    }

    void statsReadableAndJson() {
        const QString path =
            write("s.txt", "\xEF\xBB\xBFl1\r\nl2\n\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\xFF");
        const Run text = cli({"stats", path});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("not valid UTF-8"));
        QVERIFY(text.out.contains("never-valid-byte 1"));
        QVERIFY(text.out.contains("CRLF 1"));
        QVERIFY(text.out.contains("BOM          yes"));
        const Run json = cli({"stats", "--json", path});
        QCOMPARE(json.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(o.value("file").toString(), path);
        const QJsonObject s = o.value("summary").toObject();
        QCOMPARE(s.value("bytes").toInt(), 20);
        QCOMPARE(s.value("characters").toInt(), 11);
        QCOMPARE(s.value("lines").toInt(), 3);
        QCOMPARE(s.value("bom").toBool(), true);
        QCOMPARE(s.value("errors").toObject().value("never-valid-byte").toInt(), 1);
        QCOMPARE(cli({"stats", dir_.filePath("nope")}).exitCode, 2);
        QVERIFY(!s.contains("graphemes")); // only when asked for
    }

    // --graphemes: e + U+0301, a flag, CR LF, an error byte and a mark after it are 4 clusters of
    // 8 code points (UAX #29), from a file and from standard input alike.
    void statsCountsGraphemeClusters() {
        const QByteArray bytes("e\xCC\x81\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7\r\n\xFF\xCC\x81");
        const QString path = write("g.txt", bytes);
        const Run text = cli({"stats", "--graphemes", path});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("graphemes    4 "), text.out.constData());
        for (const Run& json : {cli({"stats", "--graphemes", "--json", path}),
                                cli({"stats", "--graphemes", "--json", "-"}, bytes)}) {
            QCOMPARE(json.exitCode, 0);
            const QJsonObject s =
                QJsonDocument::fromJson(json.out).object().value("summary").toObject();
            QCOMPARE(s.value("graphemes").toInt(), 4);
            QCOMPARE(s.value("characters").toInt() + s.value("error_segments").toInt(), 8);
        }
    }

    void encodeWalkthrough() {
        const Run r = cli({"encode", "U+20AC"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("U+0800..U+FFFF"));
        QVERIFY(r.out.contains("1110xxxx 10xxxxxx 10xxxxxx"));
        QVERIFY(r.out.contains("11100010 10000010 10101100"));
        QVERIFY(r.out.contains("UTF-8: E2 82 AC"));
        const Run literal = cli({"encode", "\xF0\x9F\x98\x80"});
        QCOMPARE(literal.exitCode, 0);
        QVERIFY(literal.out.contains("UTF-8: F0 9F 98 80"));
        const Run surrogate = cli({"encode", "U+D800"});
        QCOMPARE(surrogate.exitCode, 1);
        QVERIFY(surrogate.out.contains("surrogate"));
        const Run tooLarge = cli({"encode", "U+110000"});
        QCOMPARE(tooLarge.exitCode, 1);
        QVERIFY(tooLarge.out.contains("beyond U+10FFFF"));
    }

    void explainBytes_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QStringList>("phrases");
        QTest::newRow("euro") << QStringList{"E2", "82", "AC"} << 0
                              << QStringList{"U+20AC", "1110xxxx 10xxxxxx 10xxxxxx", "Valid UTF-8"};
        QTest::newRow("overlong slash")
            << QStringList{"C0 AF"} << 1 << QStringList{"overlong", "U+002F", "section 10"};
        QTest::newRow("legacy 5-byte")
            << QStringList{"F8", "88", "80", "80", "80"} << 1
            << QStringList{"legacy-long-form", "5-byte", "RFC 2279", "111110xx"};
        QTest::newRow("cesu pair") << QStringList{"\\xED\\xA0\\xBD\\xED\\xB8\\x80"} << 1
                                   << QStringList{"CESU-8", "U+1F600", "F0 9F 98 80"};
        QTest::newRow("never valid") << QStringList{"FE"} << 1 << QStringList{"never-valid-byte"};
        QTest::newRow("truncated")
            << QStringList{"e282"} << 1 << QStringList{"truncated", "missing"};
    }
    void explainBytes() {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QStringList, phrases);
        const Run r = cli(QStringList{"explain"} + args);
        QCOMPARE(r.exitCode, exitCode);
        for (const QString& phrase : phrases)
            QVERIFY2(QString::fromUtf8(r.out).contains(phrase), qPrintable(phrase + "\n" + r.out));
    }

    // Markus Kuhn's stress test: its replace-decode has 379 U+FFFD (378 error segments plus the
    // one the file contains literally).
    void corpusStressTest() {
        if (!QFile::exists(corpus("UTF-8-test.txt")))
            QSKIP("../shared/corpus is absent");
        const Run check = cli({"check", "--max-errors", "0", corpus("UTF-8-test.txt")});
        QCOMPARE(check.exitCode, 1);
        const Run decoded = cli({"decode", "--errors=replace", corpus("UTF-8-test.txt")});
        QCOMPARE(decoded.exitCode, 0);
        QCOMPARE(QString::fromUtf8(decoded.out).count(QChar(0xFFFD)), 379);
        QCOMPARE(cli({"check", corpus("UTF-8-demo.txt")}).exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
