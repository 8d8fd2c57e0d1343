// The Auditor's copy (u8convert::Auditor's copy constructor): copied anywhere in a text, the copy
// and the original, each fed the rest, find exactly what one auditor fed the whole text finds.
// The window's audit resumes from such copies after an edit, so every piece of the auditor's
// state must travel with it: pending findings, unterminated embeddings, the identifiers seen
// (look-alike pairs across the text), the code lexer's context, a character cut in two.
#include "audit_test_support.h"

#include <QDir>
#include <QDirIterator>
#include <QTest>
#include <random>

using namespace audittest;
using u8convert::AuditFinding;
using u8convert::Auditor;
using u8convert::AuditProfile;

namespace {

QStringList described(const std::vector<AuditFinding>& findings) {
    QStringList out;
    for (const AuditFinding& f : findings)
        out << describe(f);
    return out;
}

// The texts: the Trojan Source samples and the attack and correct lines, and texts made so that
// state crosses the copy: a look-alike identifier far after its ASCII twin, behind a megabyte
// of plain ASCII; an embedding left open across lines; a comment and a string open at the copy.
std::vector<std::pair<QString, std::string>> texts() {
    std::vector<std::pair<QString, std::string>> out;
    for (const char* dir : {U8SCOPE_AUDIT_SAMPLES_DIR, U8SCOPE_AUDIT_LINES_DIR}) {
        QDirIterator it(QString::fromUtf8(dir), QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            std::string text;
            if (!path.endsWith(QLatin1String(".md")) && readFile(path, text))
                out.emplace_back(path, text);
        }
    }
    std::string far = "int sayHello(int x) { return x; }\n";
    while (far.size() < (std::size_t(1) << 20) + 5000)
        far += "int plain_ascii_line(int y) { return y + 1; } // comment\n";
    far += "int main() { return say\u041Dello(2); }\n/* \u202E open */ \"\u2066 string\n";
    out.emplace_back(QStringLiteral("far pair"), far);
    out.emplace_back(QStringLiteral("open embedding"),
                     "line one \u202B \u05D0\u05D1 and on\nline two \u2067 x\u200B y\n\u2069 end "
                     "\u00E9\u0301 caf\u00E9 \xC0\xAF \xF0\x9F\x98");
    return out;
}

std::vector<AuditFinding> feedAndFinish(Auditor& auditor, std::span<const std::uint8_t> rest,
                                        std::vector<AuditFinding> found) {
    const auto keep = [&](const AuditFinding& f) { found.push_back(f); };
    auditor.feed(rest, keep);
    auditor.finish(keep);
    return found;
}

} // namespace

class TestAuditCopy : public QObject {
    Q_OBJECT
private slots:
    void aCopyFindsWhatTheOriginalFinds_data() {
        QTest::addColumn<int>("profile");
        QTest::newRow("code") << int(AuditProfile::Code);
        QTest::newRow("text") << int(AuditProfile::Text);
    }
    void aCopyFindsWhatTheOriginalFinds() {
        QFETCH(int, profile);
        const u8convert::AuditOptions o = options(AuditProfile(profile));
        std::mt19937 random(37);
        int copies = 0;
        for (const auto& [name, text] : texts()) {
            const QStringList whole = described(run(text, o));
            const auto all = bytes(text);
            // Copies at the start, the end, and places drawn at random (inside characters too).
            std::vector<std::size_t> cuts = {0, all.size()};
            for (int k = 0; k < 6 && !all.empty(); ++k)
                cuts.push_back(random() % all.size());
            for (const std::size_t cut : cuts) {
                Auditor original(o);
                std::vector<AuditFinding> before;
                original.feed(all.first(cut), [&](const AuditFinding& f) { before.push_back(f); });
                Auditor copy(original);
                ++copies;
                // The copy first: the original's state must not be what the copy reads.
                const QStringList fromCopy =
                    described(feedAndFinish(copy, all.subspan(cut), before));
                const QStringList fromOriginal =
                    described(feedAndFinish(original, all.subspan(cut), before));
                QVERIFY2(fromCopy == whole, qPrintable(name + QStringLiteral(" at %1").arg(cut)));
                QVERIFY2(fromOriginal == whole,
                         qPrintable(name + QStringLiteral(" at %1").arg(cut)));
            }
        }
        QVERIFY(copies > 100);
    }

    // A copy outlives its original (the window keeps copies after the audit that made them).
    void aCopyOutlivesItsOriginal() {
        const u8convert::AuditOptions o = options(AuditProfile::Code);
        const std::string text = "int sayHello;\nint say\u041Dello; /* \u202E */\n";
        const std::size_t cut = text.find("say\u041D");
        std::unique_ptr<Auditor> copy;
        {
            Auditor original(o);
            original.feed(bytes(text).first(cut), [](const AuditFinding&) {});
            copy = std::make_unique<Auditor>(original);
        }
        QCOMPARE(described(feedAndFinish(*copy, bytes(text).subspan(cut), {})),
                 described(run(text, o)));
        QCOMPARE(copy->options().profile, AuditProfile::Code);
    }
};

QTEST_GUILESS_MAIN(TestAuditCopy)
#include "tst_audit_copy.moc"
