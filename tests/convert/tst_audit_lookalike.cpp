// Look-alike letters inside a word of another script (UTS #39 section 4), escapes and format
// directives glued to words, and ZWJ/ZWNJ where a script needs them (UAX #31 A1, A2, B): every
// attack flagged, and correct multilingual text left alone (issue 34 items 5-7, issue 33 defect 5).
// audit_lines/attacks.txt and audit_lines/correct.txt hold the lines both ways.
#include "audit_test_support.h"

#include <QTest>

using u8convert::AuditKind;
using u8convert::AuditProfile;
using namespace audittest;

namespace {

// The kinds a CI gate trusts: none may be found in correct text.
constexpr AuditKind kTrusted[] = {AuditKind::BidiControl, AuditKind::BidiUnterminated,
                                  AuditKind::Invisible, AuditKind::Confusable,
                                  AuditKind::HiddenPayload};

// "\u{XXXX}" -> that character, "\\" -> "\".
std::string unescape(const QString& line) {
    std::string out;
    const QByteArray utf8 = line.toUtf8();
    for (qsizetype i = 0; i < utf8.size(); ++i) {
        if (utf8[i] == '\\' && i + 1 < utf8.size() && utf8[i + 1] == '\\') {
            out += '\\';
            ++i;
        } else if (utf8.mid(i, 3) == "\\u{") {
            const qsizetype close = utf8.indexOf('}', i);
            u8codec::appendUtf8(char32_t(utf8.mid(i + 3, close - i - 3).toUInt(nullptr, 16)), out);
            i = close;
        } else {
            out += utf8[i];
        }
    }
    return out;
}

QStringList dataLines(const char* name) {
    QFile f(QStringLiteral(U8SCOPE_AUDIT_LINES_DIR "/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QStringList lines;
    for (const QString& l : QString::fromUtf8(f.readAll()).split(QLatin1Char('\n')))
        if (!l.isEmpty() && !l.startsWith(QLatin1Char('#')))
            lines << l;
    return lines;
}

AuditProfile profileNamed(const QString& s) {
    return s == QLatin1String("code") ? AuditProfile::Code : AuditProfile::Text;
}

std::vector<u8convert::AuditFinding> auditDefault(const std::string& text, AuditProfile p) {
    return run(text, options(p, u8convert::defaultAuditKinds(p)));
}

std::vector<u8convert::AuditFinding> confusables(const std::string& text, AuditProfile p) {
    std::vector<u8convert::AuditFinding> out;
    for (const auto& f : auditDefault(text, p))
        if (f.kind == AuditKind::Confusable)
            out.push_back(f);
    return out;
}

// The confusable findings of `text` fed to the auditor in pieces of `chunking` bytes (0: whole).
std::size_t confusablesFed(const QString& text, AuditProfile p, int chunking) {
    std::size_t n = 0;
    for (const auto& f :
         run(text.toStdString(), options(p, u8convert::defaultAuditKinds(p)), chunking))
        n += f.kind == AuditKind::Confusable;
    return n;
}
} // namespace

class TestAuditLookalike : public QObject {
    Q_OBJECT

private slots:
    void attackLinesAreFlagged() {
        const QStringList lines = dataLines("attacks.txt");
        QVERIFY(lines.size() >= 20);
        QStringList missed;
        for (const QString& l : lines) {
            const QStringList f = l.split(QLatin1Char('\t'));
            QCOMPARE(f.size(), 3);
            const auto kind = u8convert::auditKindFromName(f[0].toStdString());
            QVERIFY2(kind, qPrintable(f[0]));
            bool found = false;
            for (int chunking : {0, 1, 7})
                for (const auto& finding :
                     run(unescape(f[2]),
                         options(profileNamed(f[1]),
                                 u8convert::defaultAuditKinds(profileNamed(f[1]))),
                         chunking))
                    found = found || finding.kind == *kind;
            if (!found)
                missed << l;
        }
        QVERIFY2(missed.isEmpty(), qPrintable(missed.join(QLatin1Char('\n'))));
    }

    void correctLinesAreLeftAlone() {
        const QStringList lines = dataLines("correct.txt");
        QVERIFY(lines.size() >= 10);
        QStringList alarms;
        for (const QString& l : lines) {
            const QStringList f = l.split(QLatin1Char('\t'));
            QCOMPARE(f.size(), 2);
            for (const auto& finding : auditDefault(unescape(f[1]), profileNamed(f[0])))
                for (AuditKind k : kTrusted)
                    if (finding.kind == k)
                        alarms << l + QLatin1String(": ") + describe(finding);
        }
        QVERIFY2(alarms.isEmpty(), qPrintable(alarms.join(QLatin1Char('\n'))));
    }

    void theLetterMeantIsNamed() {
        // Cyrillic о twice inside Latin: the Latin o was meant.
        auto found = confusables("G\u043E\u043Egle", AuditProfile::Text);
        QCOMPARE(found.size(), std::size_t(2));
        QCOMPARE(found[0].lookalike, std::string("Google"));
        QVERIFY2(QString::fromStdString(found[0].message)
                     .contains(QLatin1String("U+006F LATIN SMALL LETTER O")),
                 qPrintable(describe(found[0])));
        // A Latin i inside Cyrillic: the Cyrillic і was meant.
        found = confusables("в"
                            "i"
                            "део",
                            AuditProfile::Text);
        QCOMPARE(found.size(), std::size_t(1));
        QCOMPARE(found[0].codePoints, std::vector<char32_t>{U'i'});
        QCOMPARE(found[0].lookalike, std::string("в\u0456део"));
        QVERIFY(QString::fromStdString(found[0].message).contains(QLatin1String("Cyrillic")));
    }

    void wholeSegmentsOfTwoScriptsAreNotLookalikes_data() {
        QTest::addColumn<QString>("word");
        QTest::addColumn<bool>("flagged");
        QTest::newRow("HTTPСоединение") << QStringLiteral("HTTPСоединение") << false;
        QTest::newRow("ЗаписьXML") << QStringLiteral("ЗаписьXML") << false;
        QTest::newRow("ПолучитьHTTPСоединение")
            << QStringLiteral("ПолучитьHTTPСоединение") << false;
        QTest::newRow("вашID") << QStringLiteral("вашID") << false;
        QTest::newRow("answerα") << QStringLiteral("answerα") << false;
        QTest::newRow("kΩ") << QStringLiteral("kΩ") << false;
        QTest::newRow("ПРЕФИКСaa") << QStringLiteral("ПРЕФИКСaa") << false;
        QTest::newRow("часy") << QStringLiteral("час\u0079") << true;
        QTest::newRow("Gооgle") << QStringLiteral("G\u043E\u043Egle") << true;
        QTest::newRow("Еnginn") << QStringLiteral("\u0415nginn") << true;
        QTest::newRow("hellο") << QStringLiteral("hell\u03BF") << true;
        QTest::newRow("PАYPАL") << QStringLiteral("P\u0410YP\u0410L") << true;
        QTest::newRow("ПолучитьНТТРСоединение (all Cyrillic)")
            << QStringLiteral("ПолучитьНТТРСоединение") << false;
    }
    void wholeSegmentsOfTwoScriptsAreNotLookalikes() {
        QFETCH(QString, word);
        QFETCH(bool, flagged);
        for (AuditProfile p : {AuditProfile::Code, AuditProfile::Text}) {
            const auto found = confusables(word.toStdString(), p);
            QVERIFY2(found.empty() != flagged, qPrintable(word));
        }
    }

    // A catalogue's accelerator: a Latin letter after '&' or '_' in a word of another script is
    // a hotkey picked on purpose (Midnight Commander's Ukrainian strings), in text and in code's
    // strings (tr("&Open")); outside a string '&' is an operator and the name is judged. Without
    // the marker the letter is still flagged.
    void acceleratorLettersInCatalogues_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("code");
        QTest::addColumn<bool>("flagged");
        QTest::newRow("amp inside") << QStringLiteral("msgstr \"Г&aразд\"") << false << false;
        QTest::newRow("amp first") << QStringLiteral("msgstr \"&Hазад\"") << false << false;
        QTest::newRow("gtk underscore")
            << QStringLiteral("msgstr \"Пр_oдовжити\"") << false << false;
        QTest::newRow("no marker") << QStringLiteral("msgstr \"Гaразд\"") << false << true;
        QTest::newRow("escaped amp") << QStringLiteral("msgstr \"Г&&aразд\"") << false << true;
        QTest::newRow("code string") << QStringLiteral("tr(\"Г&aразд\");") << true << false;
        QTest::newRow("code operator") << QStringLiteral("int* p = &aразд;") << true << true;
    }
    void acceleratorLettersInCatalogues() {
        QFETCH(QString, text);
        QFETCH(bool, code);
        QFETCH(bool, flagged);
        const AuditProfile p = code ? AuditProfile::Code : AuditProfile::Text;
        for (int chunking : {0, 1, 3})
            QVERIFY2((confusablesFed(text, p, chunking) != 0) == flagged, qPrintable(text));
    }

    void escapesGluedToWordsAreDecoded_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("flagged");
        // The Latin letter of the escape would otherwise be read as a look-alike in the word.
        QTest::newRow("%s before Cyrillic") << QStringLiteral("%sмлн") << false;
        QTest::newRow("%-5s before Cyrillic") << QStringLiteral("%-5sтыс") << false;
        QTest::newRow("\\x before Cyrillic") << QStringLiteral("\\xесть") << false;
        QTest::newRow("\\c is no escape") << QStringLiteral("\\cсок") << true;
        QTest::newRow("%% then s is no directive") << QStringLiteral("%%sмлн") << true;
        QTest::newRow("s without % is a look-alike") << QStringLiteral(" sмлн") << true;
    }
    void escapesGluedToWordsAreDecoded() {
        QFETCH(QString, text);
        QFETCH(bool, flagged);
        for (AuditProfile p : {AuditProfile::Code, AuditProfile::Text})
            for (int chunking : {0, 1, 3})
                QVERIFY2((confusablesFed(text, p, chunking) != 0) == flagged, qPrintable(text));
    }

    void joinersWhereScriptsNeedThemInCode() {
        const auto joinerFindings = [](const std::string& s) {
            std::size_t n = 0;
            for (const auto& f : auditDefault(s, AuditProfile::Code))
                n += f.kind == AuditKind::Invisible;
            return n;
        };
        QCOMPARE(joinerFindings("// می\u200Cخواهم"), std::size_t(0));
        QCOMPARE(joinerFindings("x = \"ണ\u0D4D\u200D\""), std::size_t(0));
        QCOMPARE(joinerFindings("int is\u200CAdmin;"), std::size_t(1));
        QCOMPARE(joinerFindings("int \u200DisAdmin;"), std::size_t(1));
    }

    void zeroWidthSpaceBetweenKhmerWords() {
        const auto invisible = [](const std::string& s, AuditProfile p) {
            std::size_t n = 0;
            for (const auto& f : auditDefault(s, p))
                n += f.kind == AuditKind::Invisible;
            return n;
        };
        for (AuditProfile p : {AuditProfile::Code, AuditProfile::Text}) {
            // Khmer marks word boundaries with ZWSP (Unicode chapter 16).
            QCOMPARE(invisible("\u1780\u17D2\u1798\u17C2\u179A\u200B\u1797\u17B6\u179F\u17B6"
                               "\u200B \"\u200B\u1780\"",
                               p),
                     std::size_t(0));
            // Between Latin letters, or Khmer glued to Latin, it is a finding.
            QCOMPARE(invisible("pay\u200Bpal", p), std::size_t(1));
            QCOMPARE(invisible("\u1780\u200Bpal", p), std::size_t(1));
            QCOMPARE(invisible("a \u200B b", p), std::size_t(1));
            // Past spaces, punctuation and other ZWSPs, the nearest letters decide: Khmer text
            // puts ZWSP around quotes, numbers and Latin words; Latin or Hangul text has no use
            // for it (stray ZWSPs stay findings).
            QCOMPARE(invisible("\u1780\u200B\u200B \u1780", p), std::size_t(0));
            QCOMPARE(invisible("a\u200B\u200B \u1780", p), std::size_t(0));
            QCOMPARE(invisible("\"\u200B\u200B\u1780\u17B6\"", p), std::size_t(0));
            QCOMPARE(invisible("\u1780 APT\u200B \u1780", p), std::size_t(0));
            QCOMPARE(invisible("usados \u200B\u200Bpara", p), std::size_t(2));
            QCOMPARE(invisible("\uB370 \u200B\uB370", p), std::size_t(1));
            QCOMPARE(invisible("msgstr \"\u200B\"\n", p), std::size_t(1));
            QCOMPARE(invisible("(\u200B)", p), std::size_t(1));
            QCOMPARE(invisible("\u1780\npay\u200B pal", p), std::size_t(1));
            // After a virama (older Malayalam), between letters.
            QCOMPARE(invisible("\u0D15\u0D4D\u200B\u0D35", p), std::size_t(0));
        }
    }

    void joinersOfSoraniAndTelugu() {
        for (AuditProfile p : {AuditProfile::Code, AuditProfile::Text}) {
            std::size_t n = 0;
            // Sorani: HEH and ZWNJ for the vowel ە, at a word's end; Telugu: ZWJ ZWNJ after a
            // virama.
            for (const auto& f :
                 auditDefault("\u0628\u0647\u200C \u0C15\u0C4D\u200D\u200C\u0C35", p))
                n += f.kind == AuditKind::Invisible;
            QCOMPARE(n, std::size_t(0));
            n = 0;
            for (const auto& f : auditDefault("\u0628\u0628\u200C \u0C15\u200D\u200C\u0C35", p))
                n += f.kind == AuditKind::Invisible;
            QCOMPARE(n, std::size_t(3));
        }
    }

    void percentEncodingAndOtherDirectives() {
        for (const char* s : {"%%0Aспеціальний", "%Bнеразрешённы", "%(name)sмлн", "%tсек",
                              "'y' => ':countр'", ":timeс назад"})
            QVERIFY2(confusables(s, AuditProfile::Text).empty(), s);
        QVERIFY(!confusables("%%Bнеразрешённы", AuditProfile::Text).empty());
        // A placeholder is lower-case ASCII after ':' at the start of a word.
        QVERIFY(!confusables("Visit:Gооgle", AuditProfile::Text).empty());
        QVERIFY(!confusables("x :Gооgle", AuditProfile::Text).empty());
        QVERIFY(!confusables("a:countр", AuditProfile::Text).empty());
    }

    void defaultKinds() {
        const auto code = u8convert::defaultAuditKinds(AuditProfile::Code);
        const auto text = u8convert::defaultAuditKinds(AuditProfile::Text);
        QVERIFY(!(code & u8convert::kindBit(AuditKind::MixedScript)));
        QVERIFY(!(text & u8convert::kindBit(AuditKind::MixedScript)));
        QVERIFY(code & u8convert::kindBit(AuditKind::NotNfc));
        QVERIFY(!(text & u8convert::kindBit(AuditKind::NotNfc)));
        QVERIFY(text & u8convert::kindBit(AuditKind::BidiControl));
        // Asked for, mixed-script is still found.
        QCOMPARE(run("HTTPСоединение",
                     options(AuditProfile::Code, u8convert::kindBit(AuditKind::MixedScript)))
                     .size(),
                 std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestAuditLookalike)
#include "tst_audit_lookalike.moc"
