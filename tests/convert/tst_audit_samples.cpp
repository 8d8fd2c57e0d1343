// The audit on real files: the Trojan Source attack classes in eight languages (audit_samples/),
// and every variation and emoji sequence Unicode defines (the unicode-data package's files).
#include "audit_test_support.h"

#include <QDir>
#include <QDirIterator>
#include <QTest>

using u8convert::AuditFinding;
using u8convert::AuditKind;
using u8convert::AuditProfile;
using namespace audittest;

namespace {

QString samplesDir() {
    return QStringLiteral(U8SCOPE_AUDIT_SAMPLES_DIR);
}

QString unicodeFile(const char* name) {
    return QDir(QStringLiteral(U8SCOPE_UNICODE_DATA_DIR)).filePath(QString::fromLatin1(name));
}

// The kinds each attack class must be reported with (audit_samples/README.md).
QList<AuditKind> expectedKinds(const QString& attack) {
    if (attack == QLatin1String("invisible-function"))
        return {AuditKind::Invisible};
    if (attack == QLatin1String("homoglyph-function"))
        return {AuditKind::Confusable, AuditKind::MixedScript};
    return {AuditKind::BidiControl, AuditKind::BidiUnterminated};
}

// The program without its attack: bidi controls and ZWSP removed, the Cyrillic letters replaced
// by the Latin ones they imitate.
std::string defused(std::string s) {
    for (const char* remove : {"\u202E", "\u2066", "\u2067", "\u2069", "\u200B"})
        for (auto at = s.find(remove); at != std::string::npos; at = s.find(remove))
            s.erase(at, std::strlen(remove));
    for (const auto& [from, to] : {std::pair{"\u041D", "H"}, std::pair{"\u0435", "e"}})
        for (auto at = s.find(from); at != std::string::npos; at = s.find(from))
            s.replace(at, std::strlen(from), to);
    return s;
}

// "1F3F4 E0067 ... ; ..." lines: the code points of the sequence before the first ';'.
std::string sequenceOf(const QString& line) {
    std::string utf8;
    const QString fields = line.section(QLatin1Char(';'), 0, 0).trimmed();
    for (const QString& hex : fields.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        bool ok = false;
        const uint cp = hex.toUInt(&ok, 16);
        if (!ok)
            return {};
        u8codec::appendUtf8(char32_t(cp), utf8);
    }
    return utf8;
}

} // namespace

class TestAuditSamples : public QObject {
    Q_OBJECT

private slots:
    void trojanSource_data() {
        QTest::addColumn<QString>("path");
        QDirIterator it(samplesDir(), QDir::Files, QDirIterator::Subdirectories);
        QStringList files;
        while (it.hasNext()) {
            const QString f = it.next();
            if (!f.endsWith(QLatin1String(".md")))
                files << f;
        }
        files.sort();
        QVERIFY2(files.size() == 40, qPrintable(samplesDir())); // 5 attacks in 8 languages
        for (const QString& f : files)
            QTest::newRow(qPrintable(QDir(samplesDir()).relativeFilePath(f))) << f;
    }
    // Each attack is reported with its kinds in the code profile, which the file name selects;
    // the same program without the attack characters has no finding.
    void trojanSource() {
        QFETCH(QString, path);
        std::string text;
        QVERIFY(readFile(path, text));
        std::string why;
        const AuditProfile profile = u8convert::profileForFileName(path.toStdString(), &why);
        QCOMPARE(profile, AuditProfile::Code);
        const auto findings = run(text, options(profile));
        const QString attack = QFileInfo(path).completeBaseName();
        for (AuditKind k : expectedKinds(attack)) {
            const bool found = std::any_of(findings.begin(), findings.end(),
                                           [&](const AuditFinding& f) { return f.kind == k; });
            QVERIFY2(found, qPrintable(QStringLiteral("%1 not reported: %2")
                                           .arg(QString::fromUtf8(u8convert::name(k).data()),
                                                summary(findings).join(QLatin1Char(' ')))));
        }
        const auto clean = run(defused(text), options(profile));
        QVERIFY2(clean.empty(), qPrintable(summary(clean).join(QLatin1Char(' '))));
    }

    // Every standardized and emoji variation sequence (StandardizedVariants.txt,
    // emoji-variation-sequences.txt) is a base that takes its selector: no finding in either
    // profile.
    void variationSequencesAreFine() {
        int sequences = 0;
        for (const char* name :
             {"StandardizedVariants.txt", "emoji/emoji-variation-sequences.txt"}) {
            QFile f(unicodeFile(name));
            if (!f.open(QIODevice::ReadOnly))
                QSKIP("Unicode data files absent (Debian package unicode-data)");
            while (!f.atEnd()) {
                const QString line =
                    QString::fromUtf8(f.readLine()).section(QLatin1Char('#'), 0, 0);
                const std::string seq = sequenceOf(line);
                if (seq.empty())
                    continue;
                ++sequences;
                for (AuditProfile p : {AuditProfile::Code, AuditProfile::Text}) {
                    const auto findings = run(" " + seq + " ", options(p));
                    // A few bases are unassigned in ICU's older Unicode, or not NFC (CJK
                    // compatibility ideographs); only the selector's own verdict is checked.
                    for (const auto& fnd : findings)
                        QVERIFY2(fnd.kind != AuditKind::Invisible &&
                                     fnd.kind != AuditKind::HiddenPayload,
                                 qPrintable(line + QLatin1String(": ") + describe(fnd)));
                }
            }
        }
        QVERIFY(sequences > 1000);
    }

    // Every fully-qualified emoji of emoji-test.txt (ZWJ sequences, keycaps, flags, tag
    // sequences, modifiers) is correct text: no finding in the text profile, and no invisible
    // finding in code either (strings and comments in code are text; issue 34 item 6).
    void emojiSequencesAreFineInText() {
        QFile f(unicodeFile("emoji/emoji-test.txt"));
        if (!f.open(QIODevice::ReadOnly))
            QSKIP("Unicode data files absent (Debian package unicode-data)");
        std::string all;
        int sequences = 0, withZwj = 0;
        while (!f.atEnd()) {
            const QString line = QString::fromUtf8(f.readLine());
            if (!line.contains(QLatin1String("; fully-qualified")))
                continue;
            const std::string seq = sequenceOf(line);
            QVERIFY(!seq.empty());
            all += seq + " ";
            ++sequences;
            withZwj += seq.find("\u200D") != std::string::npos;
        }
        QVERIFY(sequences > 3000);
        const auto text = run(all, options(AuditProfile::Text));
        QVERIFY2(text.empty(), qPrintable(summary(text).mid(0, 20).join(QLatin1Char(' '))));
        const auto code =
            run(all, options(AuditProfile::Code, u8convert::kindBit(AuditKind::Invisible)));
        QVERIFY(withZwj > 1000);
        QVERIFY2(code.empty(), qPrintable(summary(code).mid(0, 20).join(QLatin1Char(' '))));
    }
};

QTEST_GUILESS_MAIN(TestAuditSamples)
#include "tst_audit_samples.moc"
