// `u8scope-cli audit` as a user runs it: the three output formats (SARIF checked for
// the structure the 2.1.0 schema requires), exit codes, profiles by extension, --kinds,
// --allow, directories refused, standard input, and the Trojan Source samples.
#include "cli_run.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

namespace {

using Run = u8test::CliRun;

Run cli(const QStringList& args, const QByteArray& stdinBytes = {}) {
    return u8test::runCli(args, stdinBytes);
}

// A C file with one finding of several kinds, and ill-formed UTF-8 between them.
const QByteArray kSource = "int main() {\n"
                           "    /*\u202E } if (isAdmin) begin admins only */\n"
                           "    int is\u200BAdmin = 1;\n"
                           "    bad \xC0\xAF here;\n"
                           "    void say\u041Dello();\n"
                           "}\n";

// The physicalLocation of a SARIF result's first location.
QJsonObject physicalLocation(const QJsonObject& result) {
    return result.value("locations")
        .toArray()
        .at(0)
        .toObject()
        .value("physicalLocation")
        .toObject();
}

// The first run of a SARIF log.
QJsonObject firstRun(const QByteArray& log) {
    return QJsonDocument::fromJson(log).object().value("runs").toArray().at(0).toObject();
}

QStringList lines(const QByteArray& out) {
    QStringList l = QString::fromUtf8(out).split(QLatin1Char('\n'));
    if (!l.isEmpty() && l.last().isEmpty())
        l.removeLast();
    return l;
}

} // namespace

class TestCliAudit : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    QString write(const QString& name, const QByteArray& bytes) {
        return u8test::writeFile(QDir(dir_.path()), name, bytes);
    }

private slots:
    void usageErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no file") << QStringList{"audit"} << "no FILE given";
        QTest::newRow("bad profile")
            << QStringList{"audit", "--profile=prose", "x"} << "unknown profile 'prose'";
        QTest::newRow("bad kind") << QStringList{"audit", "--kinds=bidi-control,weird", "x"}
                                  << "unknown kind 'weird'";
        QTest::newRow("two formats")
            << QStringList{"audit", "--json", "--sarif", "x"} << "exclude each other";
        QTest::newRow("missing allowlist")
            << QStringList{"audit", "--allow=/nonexistent/allow.txt", "x"}
            << "allowlist /nonexistent/allow.txt: No such file";
    }
    void usageErrors() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    }

    void helpMentionsAudit() {
        const Run r = cli({"--help"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("audit [--profile=code|text]"));
    }

    void allowlistErrorNamesFileAndLine() {
        const QString allow = write("allow.txt", "U+200D\n# fine\nU+12G4\n");
        const Run r = cli({"audit", "--allow=" + allow, write("a.c", "x")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains((allow + ":3: 'U+12G4' is not a code point").toUtf8()),
                 r.err.constData());
    }

    // FILE:LINE:COLUMN: offset N: KIND: U+XXXX NAME: explanation, in offset order, ill-formed
    // UTF-8 in the same stream with `check`'s kinds; the profile and its reason said.
    void humanLines() {
        const QString path = write("attack.c", kSource);
        const Run r = cli({"audit", path});
        QCOMPARE(r.exitCode, 1);
        const QStringList l = lines(r.out);
        QCOMPARE(l.size(), 6);
        QVERIFY2(l[0].startsWith(path + QStringLiteral(":2:7: offset 19: bidi-control: U+202E "
                                                       "RIGHT-TO-LEFT OVERRIDE: ")),
                 qPrintable(l[0]));
        QVERIFY(l[0].contains(QLatin1String("CVE-2021-42574")));
        QVERIFY(l[1].startsWith(path + QStringLiteral(":2:7: offset 19: bidi-unterminated: ")));
        QVERIFY(l[2].startsWith(
            path + QStringLiteral(":3:11: offset 69: invisible: U+200B ZERO WIDTH SPACE: ")));
        QVERIFY2(l[3].startsWith(path + QStringLiteral(":4:9: offset 91: overlong: C0 AF: ")),
                 qPrintable(l[3]));
        QVERIFY(l[4].startsWith(
            path + QStringLiteral(":5:13: offset 112: confusable: U+041D CYRILLIC CAPITAL "
                                  "LETTER EN: \"say\u041Dello\" looks like \"sayHello\"")));
        QCOMPARE(l[5], path + QStringLiteral(
                                  ": code profile (extension .c): 5 findings: bidi-control 1, "
                                  "bidi-unterminated 1, confusable 1, invisible 1, overlong 1"));
        QVERIFY(r.err.isEmpty());
        // mixed-script is opt-in (issue 34 item 7): named, it is found.
        const Run mixed = cli({"audit", "--kinds=mixed-script", path});
        QCOMPARE(mixed.exitCode, 1);
        QVERIFY2(mixed.out.contains(": mixed-script: "), mixed.out.constData());
    }

    void cleanFileExitsZero() {
        const QString path = write("notes.txt", "caf\xC3\xA9, \xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D, "
                                                "\xE2\x80\x8F 10\xC2\xA0km\n");
        const Run r = cli({"audit", path});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, (path + ": text profile (no programming-language extension): nothing "
                                "suspicious found\n")
                            .toUtf8());
        // The same bytes as code: the RLM and the no-break space are findings.
        const Run code = cli({"audit", "--profile=code", path});
        QCOMPARE(code.exitCode, 1);
        QVERIFY(code.out.contains(": bidi-control: U+200F RIGHT-TO-LEFT MARK: "));
        QVERIFY(code.out.contains(": space-lookalike: U+00A0 NO-BREAK SPACE: "));
        QVERIFY(code.out.contains("code profile (--profile)"));
    }

    void jsonLines() {
        const QString path = write("attack.c", kSource);
        const Run r = cli({"audit", "--json", path});
        QCOMPARE(r.exitCode, 1);
        const QStringList l = lines(r.out);
        QCOMPARE(l.size(), 6);
        QStringList kinds;
        for (int i = 0; i < 5; ++i) {
            QJsonParseError error;
            const QJsonObject o = QJsonDocument::fromJson(l[i].toUtf8(), &error).object();
            QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(l[i]));
            for (const char* key :
                 {"file", "offset", "length", "line", "column", "kind", "cp", "message"})
                QVERIFY2(o.contains(QLatin1String(key)), key);
            QCOMPARE(o.value("file").toString(), path);
            kinds << o.value("kind").toString();
        }
        QCOMPARE(kinds, (QStringList{"bidi-control", "bidi-unterminated", "invisible", "overlong",
                                     "confusable"}));
        const QJsonObject first = QJsonDocument::fromJson(l[0].toUtf8()).object();
        QCOMPARE(first.value("offset").toInt(), 19);
        QCOMPARE(first.value("length").toInt(), 3);
        QCOMPARE(first.value("line").toInt(), 2);
        QCOMPARE(first.value("column").toInt(), 7);
        QCOMPARE(first.value("cp").toArray(), QJsonArray{0x202E});
        const QJsonObject confusable = QJsonDocument::fromJson(l[4].toUtf8()).object();
        QCOMPARE(confusable.value("lookalike").toString(), QStringLiteral("sayHello"));
        const QJsonObject overlong = QJsonDocument::fromJson(l[3].toUtf8()).object();
        QCOMPARE(overlong.value("bytes").toString(), QStringLiteral("C0 AF"));
        const QJsonObject summary =
            QJsonDocument::fromJson(l[5].toUtf8()).object().value("summary").toObject();
        QCOMPARE(summary.value("profile").toString(), QStringLiteral("code"));
        QCOMPARE(summary.value("findings").toInt(), 5);
        QCOMPARE(summary.value("kinds").toObject().value("invisible").toInt(), 1);
        QCOMPARE(summary.value("unicodeVersion").toString(), QStringLiteral("15.0"));
    }

    // The properties the SARIF 2.1.0 schema requires (sarifLog: version, runs; run: tool;
    // tool: driver; toolComponent: name; result: message; message: text), and what code
    // scanning reads: one rule per kind with its help, ruleId/ruleIndex, locations with a
    // region (startLine, startColumn, byteOffset, byteLength).
    void sarif() {
        const QString a = write("attack.c", kSource);
        const QString b = write("clean name.txt", "plain\n");
        const Run r = cli({"audit", "--sarif", a, b});
        QCOMPARE(r.exitCode, 1);
        QJsonParseError error;
        const QJsonObject log = QJsonDocument::fromJson(r.out, &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QCOMPARE(log.value("version").toString(), QStringLiteral("2.1.0"));
        QVERIFY(log.value("$schema").toString().endsWith(QLatin1String("sarif-schema-2.1.0.json")));
        const QJsonArray runs = log.value("runs").toArray();
        QCOMPARE(runs.size(), 1);
        const QJsonObject run = runs[0].toObject();
        const QJsonObject driver = run.value("tool").toObject().value("driver").toObject();
        QCOMPARE(driver.value("name").toString(), QStringLiteral("u8scope-cli"));
        QVERIFY(!driver.value("version").toString().isEmpty());
        QCOMPARE(run.value("columnKind").toString(), QStringLiteral("unicodeCodePoints"));
        const QJsonArray rules = driver.value("rules").toArray();
        QStringList ids;
        for (const QJsonValue& v : rules) {
            const QJsonObject rule = v.toObject();
            ids << rule.value("id").toString();
            QVERIFY(!rule.value("shortDescription").toObject().value("text").toString().isEmpty());
            QVERIFY(rule.value("help").toObject().value("text").toString().size() > 80);
        }
        for (const char* id :
             {"bidi-control", "bidi-unterminated", "invisible", "confusable", "mixed-script",
              "control", "noncharacter", "private-use", "unassigned", "space-lookalike", "not-nfc",
              "bom-inside", "hidden-payload", "overlong", "truncated"})
            QVERIFY2(ids.contains(QLatin1String(id)), id);
        const QJsonArray results = run.value("results").toArray();
        QCOMPARE(results.size(), 5);
        for (const QJsonValue& v : results) {
            const QJsonObject result = v.toObject();
            const QString ruleId = result.value("ruleId").toString();
            QCOMPARE(ids.value(result.value("ruleIndex").toInt()), ruleId);
            QVERIFY(!result.value("message").toObject().value("text").toString().isEmpty());
            const QJsonObject location = physicalLocation(result);
            QCOMPARE(location.value("artifactLocation").toObject().value("uri").toString(),
                     QString::fromLatin1(QUrl::fromLocalFile(a).toEncoded()));
            const QJsonObject region = location.value("region").toObject();
            for (const char* key : {"startLine", "startColumn", "byteOffset", "byteLength"})
                QVERIFY2(region.value(QLatin1String(key)).toInt() > 0, key);
        }
        const QJsonObject first = results[0].toObject();
        QCOMPARE(first.value("ruleId").toString(), QStringLiteral("bidi-control"));
        QCOMPARE(first.value("level").toString(), QStringLiteral("error"));
        const QJsonObject region = physicalLocation(first).value("region").toObject();
        QCOMPARE(region.value("startLine").toInt(), 2);
        QCOMPARE(region.value("startColumn").toInt(), 7);
        QCOMPARE(region.value("byteOffset").toInt(), 19);
        QCOMPARE(region.value("byteLength").toInt(), 3);
        QCOMPARE(run.value("invocations")
                     .toArray()
                     .at(0)
                     .toObject()
                     .value("executionSuccessful")
                     .toBool(),
                 true);
    }

    // Nothing found: a valid log with an empty results array, exit 0.
    void sarifWithNothingFound() {
        const Run clean = cli({"audit", "--sarif", write("clean name.txt", "plain\n")});
        QCOMPARE(clean.exitCode, 0);
        const QJsonObject run = firstRun(clean.out);
        QVERIFY(run.value("results").isArray());
        QVERIFY(run.value("results").toArray().isEmpty());
    }

    void kindsFilter() {
        const Run r = cli({"audit", "--kinds=invisible,invalid", write("attack.c", kSource)});
        QCOMPARE(r.exitCode, 1);
        const QStringList l = lines(r.out);
        QCOMPARE(l.size(), 3);
        QVERIFY(l[0].contains(QLatin1String(": invisible: ")));
        QVERIFY(l[1].contains(QLatin1String(": overlong: ")));
        const Run none = cli({"audit", "--kinds=hidden-payload", write("attack.c", kSource)});
        QCOMPARE(none.exitCode, 0);
    }

    void allowlist() {
        const QString allow =
            write("allow.txt", "# our Cyrillic identifiers\nU+0400..U+04FF\n200B\n");
        const Run r = cli({"audit", "--allow=" + allow,
                           "--kinds=invisible,confusable,mixed-script,bidi-control",
                           write("attack.c", kSource)});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!r.out.contains(": invisible: "));
        QVERIFY(!r.out.contains(": confusable: "));
        QVERIFY(!r.out.contains(": mixed-script: "));
        QVERIFY(r.out.contains(": bidi-control: "));
    }

    // SARIF partialFingerprints (SARIF 2.1.0 section 3.27.17): the same on two runs, and the
    // same when lines are added above the finding; two identical findings differ.
    void fingerprintsAreStable() {
        const auto fingerprints = [&](const QByteArray& source) {
            const Run r = cli({"audit", "--sarif", write("fp.c", source)});
            QStringList out;
            for (const QJsonValue& v : firstRun(r.out).value("results").toArray())
                out << v.toObject()
                           .value("partialFingerprints")
                           .toObject()
                           .value("u8scope/v1")
                           .toString();
            return out;
        };
        const QByteArray twice = "int is\u200BAdmin;\nint is\u200BAdmin;\n";
        const QStringList first = fingerprints(twice);
        QCOMPARE(first.size(), 2);
        QCOMPARE(first[0].size(), 16);
        QVERIFY(first[0] != first[1]);
        QCOMPARE(fingerprints(twice), first);
        QCOMPARE(fingerprints("// a comment\n\n" + twice), first);
        const Run json = cli({"audit", "--json", write("fp.c", twice)});
        QVERIFY(json.out.contains(("\"fingerprint\":\"" + first[0] + "\"").toUtf8()));
    }

    // --baseline: only what is new since an accepted run is reported, and decides the exit
    // status; the JSON Lines and SARIF outputs both serve as a baseline.
    void baseline() {
        const QString file = write("base.c", kSource);
        for (const char* format : {"--json", "--sarif"}) {
            const Run accepted = cli({"audit", format, file});
            const QString base = write(QStringLiteral("baseline.out"), accepted.out);
            const Run same = cli({"audit", "--baseline=" + base, file});
            QCOMPARE(same.exitCode, 0);
            QVERIFY2(same.out.contains("findings in the baseline not shown"), same.out.constData());
            write("base.c", "// new line above\n" + kSource + "int \u0430dmin;\n");
            const Run grown = cli({"audit", "--baseline=" + base, file});
            QCOMPARE(grown.exitCode, 1);
            const QStringList l = lines(grown.out).filter(QLatin1String(": offset "));
            QCOMPARE(l.size(), 1);
            QVERIFY2(l[0].contains(QLatin1String("confusable: U+0430")), qPrintable(l[0]));
            write("base.c", kSource);
        }
        const Run missing = cli({"audit", "--baseline=" + dir_.path() + "/none", file});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains("cannot read the baseline"));
    }

    // --allow names words and scripts too: 1C's platform word is left alone, a Cyrillic
    // look-alike in a Latin word is still found, and an allowed script is used on purpose.
    void allowWordsAndScripts() {
        const QString source =
            write("words.bsl", "Запрос = Новый HTTPЗапросX; Соединение = HTTPСоединениеX;\n"
                               "x = G\u043E\u043Egle;\n");
        const QString allow = write("words.txt", "word:HTTPЗапросX word:HTTPСоединениеX\n");
        const Run words =
            cli({"audit", "--kinds=confusable,mixed-script", "--allow=" + allow, source});
        QCOMPARE(words.exitCode, 1);
        QVERIFY2(!words.out.contains("HTTP"), words.out.constData());
        QVERIFY(words.out.contains(":2:6: offset"));
        const Run script = cli({"audit", "--kinds=confusable,mixed-script",
                                "--allow=" + write("script.txt", "script:Cyrillic\n"), source});
        QCOMPARE(script.exitCode, 0);
        const Run bad = cli({"audit", "--allow=" + write("bad.txt", "script:Nonesuch\n"), source});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("is not a script"));
    }

    // audit -r DIR: the files ripgrep would search (.gitignore and .ignore honoured, negation and
    // anchoring included; hidden entries and binary files skipped), in sorted order.
    void recursive() {
        const QString root = dir_.path() + QStringLiteral("/tree");
        const QByteArray attack = "int is\u200BAdmin;\n";
        for (const char* name :
             {"src/a.c", "src/deep/b.c", "build/x.c", ".hidden/h.c", "logs/x.log", "logs/keep.log",
              "only-root.c", "src/only-root.c", "src/z.c"}) {
            QDir().mkpath(QFileInfo(root + '/' + name).path());
            u8test::writeFile(QDir(root), QString::fromLatin1(name), attack);
        }
        u8test::writeFile(QDir(root), ".gitignore", "build/\n*.log\n!keep.log\n/only-root.c\n");
        u8test::writeFile(QDir(root), "src/.ignore", "deep/\n");
        u8test::writeFile(QDir(root), "src/blob.c", QByteArray("bin\0ary\u200B", 10));
        const Run r = cli({"audit", "-r", root});
        QCOMPARE(r.exitCode, 1);
        QStringList summaries = lines(r.out).filter(QLatin1String(" profile ("));
        for (QString& l : summaries)
            l = l.section(QLatin1String(": "), 0, 0).mid(root.size() + 1);
        QCOMPARE(summaries,
                 (QStringList{"logs/keep.log", "src/a.c", "src/only-root.c", "src/z.c"}));
        const Run plain = cli({"audit", root});
        QCOMPARE(plain.exitCode, 2);
        QVERIFY(plain.err.contains("give -r"));
        u8test::writeFile(QDir(root), "src/z.c", "int x;\n");
        const Run json = cli({"audit", "-r", "--json", root + "/src/z.c", root + "/src"});
        QCOMPARE(lines(json.out).filter(QLatin1String("\"summary\"")).size(), 4);
    }

    // audit -r reads each file once: a file under the directory is left out when a NUL is among
    // its first 8 KiB (one later is text), a file named is audited whatever it holds, and a
    // symbolic link is not followed (the listing says what an entry is).
    void recursiveSniffsWhatItReads() {
        const QString root = dir_.path() + QStringLiteral("/sniffed");
        QDir().mkpath(root + "/sub");
        const QByteArray attack = "int is\u200BAdmin;\n";
        u8test::writeFile(QDir(root), "head.c", QByteArray("bin\0", 4) + attack);
        u8test::writeFile(QDir(root), "sub/late.c",
                          QByteArray(9000, 'x') + '\n' + QByteArray("\0", 1) + attack);
        u8test::writeFile(QDir(root), "sub/text.c", attack);
        QVERIFY(QFile::link(root + "/sub/text.c", root + "/sub/link.c"));
        const auto audited = [&](const QStringList& operands) {
            QStringList summaries = lines(cli(QStringList{"audit", "-r"} + operands).out)
                                        .filter(QLatin1String(" profile ("));
            for (QString& l : summaries)
                l = l.section(QLatin1String(": "), 0, 0).mid(root.size() + 1);
            return summaries;
        };
        QCOMPARE(audited({root}), (QStringList{"sub/late.c", "sub/text.c"}));
        QCOMPARE(audited({root + "/head.c", root + "/sub"}),
                 (QStringList{"head.c", "sub/late.c", "sub/text.c"}));
        const Run late = cli({"audit", "-r", root + "/sub"});
        QCOMPARE(late.exitCode, 1);
        QCOMPARE(lines(late.out).filter(QLatin1String("U+200B")).size(), 2);
    }

    // audit -r of a directory inside a repository: the ignore files above it apply as git and
    // ripgrep apply them (the repository's .git/info/exclude, each .gitignore and .ignore from
    // its top down, anchored patterns from their own directory); outside a repository only the
    // .ignore files above.
    void recursiveHonoursIgnoreFilesAbove() {
        const QString repo = dir_.path() + QStringLiteral("/repo");
        QDir().mkpath(repo + "/.git/info");
        QDir().mkpath(repo + "/src/build");
        for (const char* name : {"src/a.c", "src/x.gen.c", "src/only-top.c", "src/secret.c",
                                 "src/build/y.c", "src/keep.c"})
            u8test::writeFile(QDir(repo), QString::fromLatin1(name), "int is\u200BAdmin;\n");
        u8test::writeFile(QDir(repo), ".gitignore", "*.gen.c\n/src/only-top.c\nbuild/\n");
        u8test::writeFile(QDir(repo), ".git/info/exclude", "secret.c\n");
        u8test::writeFile(QDir(repo), "src/.ignore", "!keep.c\n");
        const auto audited = [&](const QString& root) {
            QStringList summaries =
                lines(cli({"audit", "-r", root}).out).filter(QLatin1String(" profile ("));
            for (QString& l : summaries)
                l = l.section(QLatin1String(": "), 0, 0).mid(root.size() + 1);
            return summaries;
        };
        QCOMPARE(audited(repo + "/src"), (QStringList{"a.c", "keep.c"}));
        // A directory given is searched, as ripgrep does, though a rule above ignores it.
        QCOMPARE(audited(repo + "/src/build"), QStringList{"y.c"});
        // Outside a repository: the .ignore above applies, a .gitignore above does not.
        const QString outer = dir_.path() + QStringLiteral("/outer");
        QDir().mkpath(outer + "/inner");
        u8test::writeFile(QDir(outer), ".ignore", "*.tmp.c\n");
        u8test::writeFile(QDir(outer), ".gitignore", "a.c\n");
        for (const char* name : {"inner/a.c", "inner/z.tmp.c"})
            u8test::writeFile(QDir(outer), QString::fromLatin1(name), "int is\u200BAdmin;\n");
        QCOMPARE(audited(outer + "/inner"), QStringList{"a.c"});
    }

    // check -r walks a tree as audit -r does, writes the verdicts in sorted order and reports
    // the problems of an invalid file.
    void checkRecursive() {
        const QString root = dir_.path() + QStringLiteral("/checked");
        QDir().mkpath(root + "/a");
        for (const char* name : {"b.txt", "a/x.txt", "a/ignored.txt", ".hidden.txt"})
            u8test::writeFile(QDir(root), QString::fromLatin1(name), "fine\n");
        u8test::writeFile(QDir(root), "a/x.txt", "fine\n");
        u8test::writeFile(QDir(root), "a/ignored.txt", "bad \xC0\xAF\n");
        u8test::writeFile(QDir(root), "c.txt", "bad \xC0\xAF\n");
        u8test::writeFile(QDir(root), "a/.gitignore", "ignored.txt\n");
        u8test::writeFile(QDir(root), "blob.bin", QByteArray("\0\xC0\xAF", 3));
        const Run r = cli({"check", "-r", root});
        QCOMPARE(r.exitCode, 1);
        QStringList l = lines(r.out);
        for (QString& line : l)
            line = line.mid(root.size() + 1);
        QCOMPARE(l.size(), 4);
        QCOMPARE(l[0], QStringLiteral("a/x.txt: valid UTF-8"));
        QCOMPARE(l[1], QStringLiteral("b.txt: valid UTF-8"));
        QVERIFY2(l[2].startsWith(QLatin1String("c.txt:1:5: offset 4: overlong")), qPrintable(l[2]));
        QCOMPARE(l[3], QStringLiteral("c.txt: not valid UTF-8: 1 problem"));
        QCOMPARE(cli({"check", "-r", "-q", root + "/a"}).exitCode, 0);
        QCOMPARE(cli({"check", "-r", root + "/a", root + "/missing"}).exitCode, 2);
    }

    void directoryRefused() {
        const QString clean = write("ok.txt", "fine\n");
        const Run r = cli({"audit", dir_.path(), clean});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains((dir_.path() + " is a directory").toUtf8()), r.err.constData());
        QVERIFY(r.err.contains("give -r"));
        QVERIFY(r.out.contains("ok.txt: text profile"));
    }

    void standardInput() {
        const Run r = cli({"audit", "-"}, "x\xE2\x80\xAE"
                                          "y\n");
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.startsWith("<stdin>:1:2: offset 1: bidi-control: U+202E"),
                 r.out.constData());
        QVERIFY(r.out.contains("<stdin>: text profile (standard input)"));
    }

    // Every Trojan Source sample is reported with its attack's kinds by one run of the command.
    void trojanSourceSamples() {
        QStringList files;
        QDirIterator it(QStringLiteral(U8SCOPE_AUDIT_SAMPLES_DIR), {QStringLiteral("*.*")},
                        QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString f = it.next();
            if (!f.endsWith(QLatin1String(".md")))
                files << f;
        }
        QCOMPARE(files.size(), 40);
        const Run r = cli(QStringList{"audit"} + files);
        QCOMPARE(r.exitCode, 1);
        const QStringList l = lines(r.out);
        for (const QString& f : files) {
            const QString summary =
                l.filter(QRegularExpression(QLatin1Char('^') + QRegularExpression::escape(f) +
                                            QLatin1String(": code profile")))
                    .value(0);
            QVERIFY2(!summary.isEmpty(), qPrintable(f));
            const QString attack = QFileInfo(f).completeBaseName();
            const QStringList expected = attack == QLatin1String("invisible-function")
                                             ? QStringList{"invisible"}
                                         : attack == QLatin1String("homoglyph-function")
                                             ? QStringList{"confusable"}
                                             : QStringList{"bidi-control", "bidi-unterminated"};
            for (const QString& kind : expected)
                QVERIFY2(summary.contains(kind + QLatin1Char(' ')), qPrintable(summary));
        }
    }
};

QTEST_GUILESS_MAIN(TestCliAudit)
#include "tst_cli_audit.moc"
