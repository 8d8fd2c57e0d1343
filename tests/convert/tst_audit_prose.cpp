// The text profile on correct prose: translation catalogues in Arabic,
// Hebrew, Persian, Hindi, Russian, Ukrainian, Greek, Chinese, Japanese and Korean, of a fixed
// set of Debian packages (so that installing another package does not change the input), and
// emoji sequences in sentences, built into the build tree by build_prose_corpus.py (ctest runs
// it first). No bidi-control, bidi-unterminated, confusable or mixed-script finding is allowed;
// the other kinds are counted and printed. Skips when the corpus was not built.
#include "audit_test_support.h"

#include <QDir>
#include <QTest>
#include <array>

using u8convert::AuditKind;
using u8convert::AuditProfile;
using namespace audittest;

namespace {

QDir corpusDir() {
    return QDir(QStringLiteral(U8SCOPE_PROSE_CORPUS_DIR));
}

constexpr AuditKind kForbidden[] = {AuditKind::BidiControl, AuditKind::BidiUnterminated,
                                    AuditKind::Confusable, AuditKind::MixedScript};

} // namespace

class TestAuditProse : public QObject {
    Q_OBJECT

private slots:
    void proseHasNoSuspiciousFinding_data() {
        QTest::addColumn<QString>("half");
        QTest::newRow("tune") << QStringLiteral("tune");
        QTest::newRow("heldout") << QStringLiteral("heldout");
    }
    void proseHasNoSuspiciousFinding() {
        QFETCH(QString, half);
        const QDir dir(corpusDir().filePath(half));
        const QStringList files = dir.entryList({QStringLiteral("*.txt")}, QDir::Files, QDir::Name);
        if (files.isEmpty())
            QSKIP("no prose corpus (tests/convert/build_prose_corpus.py found none of its "
                  "packages' catalogues)");
        std::array<std::uint64_t, u8convert::kAuditKindCount> total{};
        QStringList failures;
        for (const QString& name : files) {
            std::string text;
            QVERIFY(readFile(dir.filePath(name), text));
            std::array<std::uint64_t, u8convert::kAuditKindCount> counts{};
            u8convert::Auditor auditor(options(AuditProfile::Text));
            const auto sink = [&](const u8convert::AuditFinding& f) {
                ++counts[std::size_t(f.kind)];
                for (AuditKind k : kForbidden)
                    if (f.kind == k && failures.size() < 20)
                        failures << name + QLatin1String(": ") + describe(f);
            };
            auditor.feed(bytes(text), sink);
            auditor.finish(sink);
            QString line;
            for (int k = 0; k < u8convert::kAuditKindCount; ++k) {
                total[std::size_t(k)] += counts[std::size_t(k)];
                if (counts[std::size_t(k)] != 0)
                    line += QStringLiteral(" %1 %2")
                                .arg(QString::fromUtf8(u8convert::name(AuditKind(k)).data()))
                                .arg(counts[std::size_t(k)]);
            }
            qInfo("%s/%s: %zu bytes:%s", qPrintable(half), qPrintable(name), text.size(),
                  line.isEmpty() ? " no finding" : qPrintable(line));
        }
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
        for (AuditKind k : kForbidden)
            QCOMPARE(total[std::size_t(k)], std::uint64_t(0));
    }
};

QTEST_GUILESS_MAIN(TestAuditProse)
#include "tst_audit_prose.moc"
