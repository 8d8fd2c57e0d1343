// The conventions of u8scope-cli: `COMMAND --help`, `-h` and `help COMMAND` for every
// command, `--version` everywhere, the closest option or command for a misspelt one, and every
// value the help documents accepted by the command.
#include "cli_run.h"

#include <QMap>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

using Run = u8test::CliRun;

Run cli(const QStringList& args) {
    return u8test::runCli(args);
}

// `u8scope-cli --list-options`: "SCOPE OPTION [VALUE...]" a line ("-" for no command).
struct ListedOption {
    QString name;
    QStringList values;
};
QMap<QString, QList<ListedOption>> listedOptions() {
    QMap<QString, QList<ListedOption>> byScope;
    const Run r = cli({"--list-options"});
    if (r.exitCode != 0)
        qFatal("u8scope-cli --list-options failed: %s", r.err.constData());
    for (const QString& line : QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts)) {
        QStringList words = line.split(' ');
        const QString scope = words.takeFirst();
        const QString name = words.takeFirst();
        byScope[scope].append({name, words});
    }
    return byScope;
}

QStringList commandNames() {
    QStringList names = listedOptions().keys();
    names.removeAll(QStringLiteral("-"));
    return names;
}

} // namespace

class TestCliHelp : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

private slots:
    void everyCommandIsListed() {
        const QStringList names = commandNames();
        QCOMPARE(names.size(), 12);
        const Run general = cli({"--help"});
        QCOMPARE(general.exitCode, 0);
        for (const QString& name : names)
            QVERIFY2(general.out.contains(("\n  " + name + " ").toUtf8()), qPrintable(name));
        // The options taken without a command are listed too.
        for (const ListedOption& o : listedOptions().value(QStringLiteral("-")))
            QVERIFY2(general.out.contains(o.name.toUtf8()), qPrintable(o.name));
    }

    void commandHelp_data() {
        QTest::addColumn<QString>("command");
        for (const QString& name : commandNames())
            QTest::newRow(qPrintable(name)) << name;
    }
    // Synopsis, every option, exit statuses and examples; the same for --help, -h and `help`.
    void commandHelp() {
        QFETCH(QString, command);
        const Run help = cli({command, "--help"});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.err.isEmpty());
        QVERIFY2(help.out.startsWith(("usage: u8scope-cli " + command).toUtf8()),
                 help.out.constData());
        for (const ListedOption& o : listedOptions().value(command)) {
            QVERIFY2(help.out.contains(o.name.toUtf8()), qPrintable(command + " " + o.name));
            for (const QString& value : o.values)
                QVERIFY2(help.out.contains(value.toUtf8()) || o.values.size() > 8,
                         qPrintable(command + " " + o.name + "=" + value));
        }
        QVERIFY(help.out.contains("\nexit status:\n  0  "));
        QVERIFY(help.out.contains("\nexamples:\n  u8scope-cli " + command.toUtf8() + " "));
        QCOMPARE(cli({command, "-h"}).out, help.out);
        QCOMPARE(cli({"help", command}).out, help.out);
        // Help comes first even where the rest of the command line is wrong.
        const Run wrong = cli({command, "--jsn", "-h", "no-such-file"});
        QCOMPARE(wrong.exitCode, 0);
        QCOMPARE(wrong.out, help.out);
    }

    // The defaults are said where they are.
    void defaultsAreShown() {
        const auto help = [](const char* command) {
            return QString::fromUtf8(cli({command, "--help"}).out).simplified();
        };
        QVERIFY(help("check").contains("(default: 100)"));
        QVERIFY(help("decode").contains("(default: strict)"));
        QVERIFY(help("repair").contains("(default: replace)"));
        QVERIFY(help("transcode").contains("(default: fail)"));
    }

    void repairHelpWasAnUnknownOption() {
        const Run r = cli({"repair", "--help"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("--mojibake[=PAGE,...]"));
        QVERIFY(r.out.contains("(-o OUT | --in-place)"));
    }

    void version() {
        const QByteArray expected = "u8scope-cli " U8SCOPE_VERSION "\n";
        for (const QStringList& args : {QStringList{"--version"}, QStringList{"check", "--version"},
                                        QStringList{"repair", "-o", "x", "--version"}}) {
            const Run r = cli(args);
            QCOMPARE(r.exitCode, 0);
            QCOMPARE(r.out, expected);
        }
    }

    void misspelt_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("option") << QStringList{"repair", "--mojibak", "-o", "o", "in"}
                                << "unknown option '--mojibak'; did you mean '--mojibake'?";
        QTest::newRow("option with a value")
            << QStringList{"decode", "--eror=replace", "in"}
            << "unknown option '--eror=replace'; did you mean '--errors'?";
        QTest::newRow("swapped letters")
            << QStringList{"check", "--qiuet", "in"} << "did you mean '--quiet'?";
        QTest::newRow("a prefix") << QStringList{"check", "--max", "3", "in"}
                                  << "did you mean '--max-errors'?";
        QTest::newRow("value") << QStringList{"decode", "--errors=replce", "in"}
                               << "unknown error policy 'replce' (strict, replace, ignore, "
                                  "latin1 or cp1252); did you mean 'replace'?";
        QTest::newRow("command") << QStringList{"chekc", "in"}
                                 << "unknown command 'chekc'; did you mean 'check'?";
        QTest::newRow("help topic") << QStringList{"help", "trnscode"}
                                    << "unknown command 'trnscode'; did you mean 'transcode'?";
        QTest::newRow("top-level option")
            << QStringList{"--verison"} << "unknown option '--verison'; did you mean '--version'?";
    }
    void misspelt() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    // Nothing close: no guess.
    void farFromAnything() {
        const Run option = cli({"check", "--bogus", "in"});
        QCOMPARE(option.exitCode, 2);
        QVERIFY(option.err.contains("unknown option '--bogus'"));
        QVERIFY(!option.err.contains("did you mean"));
        const Run command = cli({"frobnicate"});
        QCOMPARE(command.exitCode, 2);
        QVERIFY(!command.err.contains("did you mean"));
    }

    void encodingsAreListed() {
        const Run r = cli({"--list-encodings"});
        QCOMPARE(r.exitCode, 0);
        QStringList names = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
        for (const char* known : {"UTF-8", "UTF-16LE", "windows-1252", "ISO-8859-1", "Shift_JIS"})
            QVERIFY2(names.contains(QLatin1String(known)), known);
        QCOMPARE(names.removeDuplicates(), 0);
    }

    // Each value the table documents is one its command takes: nothing documented is refused.
    void documentedValuesAreAccepted() {
        QVERIFY(dir_.isValid());
        const QString in = u8test::writeFile(QDir(dir_.path()), "in.c", "caf\xC3\xA9\n");
        const QString out = QDir(dir_.path()).filePath("out.txt");
        // A command line that runs each command, the value under test put first.
        const QMap<QString, QStringList> rest = {
            {"decode", {"-o", out, in}},
            {"repair", {"-o", out, in}},
            {"transcode", {"--from=UTF-8", "--to=UTF-16LE", "-o", out, in}},
            {"audit", {in}},
            {"dump", {in}},
            {"compare", {in, in}},
        };
        int tried = 0;
        const auto byScope = listedOptions();
        for (auto scope = byScope.begin(); scope != byScope.end(); ++scope)
            for (const ListedOption& o : scope.value()) {
                if (o.values.isEmpty())
                    continue;
                QVERIFY2(rest.contains(scope.key()), qPrintable(scope.key()));
                for (const QString& value : o.values) {
                    const Run r = cli(QStringList{scope.key(), o.name + "=" + value} +
                                      rest.value(scope.key()));
                    const QString what =
                        scope.key() + " " + o.name + "=" + value + ": " + QString::fromUtf8(r.err);
                    QVERIFY2(r.exitCode == 0 || r.exitCode == 1, qPrintable(what));
                    QVERIFY2(!r.err.contains("unknown"), qPrintable(what));
                    ++tried;
                }
            }
        QVERIFY(tried > 40); // policies, actions, styles, profiles, audit kinds, code pages
    }
};

QTEST_GUILESS_MAIN(TestCliHelp)
#include "tst_cli_help.moc"
