// ProblemsModel: rows, lookup by offset, the lazy explanation and the note about the cap.
#include "document_scan.h"
#include "problems_model.h"
#include "u8codec/byte_source.h"

#include <QAbstractItemModelTester>
#include <QFontDatabase>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QTest>
#include <limits>
#include <random>

using namespace u8ui;

namespace {

std::shared_ptr<const u8doc::ScanReport> reportOf(std::vector<std::uint8_t> bytes,
                                                  std::size_t cap) {
    std::atomic<bool> stop{false};
    return u8doc::DocumentScan::scan(u8codec::MemorySource(std::move(bytes)), cap, stop).report;
}

std::vector<std::uint8_t> randomBinary(std::size_t size) {
    std::mt19937 rng(42);
    std::vector<std::uint8_t> out(size);
    for (auto& b : out)
        b = std::uint8_t(rng());
    return out;
}

} // namespace

class TestProblemsModel : public QObject {
    Q_OBJECT
private slots:
    // Issue 33, defect 13: one name per kind of error, from the codec, whether the window speaks
    // of an error segment (the status bar, the tooltips, the Summary, Find) or of a problem (the
    // Problems list, the Inspector): never "Unexpected continuation byte" beside "Stray
    // continuation", or "Invalid byte" beside "Never-valid byte".
    void oneNamePerErrorKind() {
        using E = u8codec::ErrorKind;
        using P = u8codec::ProblemKind;
        const std::pair<E, P> same[] = {
            {E::InvalidByte, P::NeverValidByte}, {E::UnexpectedContinuation, P::StrayContinuation},
            {E::Overlong, P::Overlong},          {E::Surrogate, P::Surrogate},
            {E::TooLarge, P::TooLarge},          {E::Truncated, P::Truncated}};
        for (const auto& [segment, problem] : same)
            QCOMPARE(QString::fromUtf8(u8codec::title(segment).data()),
                     u8ui::ProblemsModel::kindTitle(problem));
    }

    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void rowsAndColumns() {
        ProblemsModel model;
        QAbstractItemModelTester tester(&model);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(model.cappedNote().isEmpty());
        const std::string text = "ok\nslash \xC0\xAF\nend \xE2\x82";
        model.setReport(reportOf({text.begin(), text.end()}, 100));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), 4);
        QCOMPARE(model.completeUntil(), std::numeric_limits<quint64>::max());
        QCOMPARE(model.headerData(ProblemsModel::LineColumn, Qt::Horizontal).toString(),
                 QString("Line"));
        QCOMPARE(model.data(model.index(0, ProblemsModel::OffsetColumn)).toString(),
                 QString("0x00000009"));
        QCOMPARE(model.data(model.index(0, ProblemsModel::LineColumn)).toString(), QString("2"));
        QCOMPARE(model.data(model.index(0, ProblemsModel::KindColumn)).toString(),
                 QString("Overlong form"));
        const QString why = model.data(model.index(0, ProblemsModel::ExplanationColumn)).toString();
        QVERIFY2(why.startsWith("C0 AF is an overlong 2-byte form of U+002F"), qPrintable(why));
        QCOMPARE(model.data(model.index(1, 0), ProblemsModel::OffsetRole).toULongLong(), 16ull);
        QCOMPARE(model.data(model.index(1, 0), ProblemsModel::LengthRole).toULongLong(), 2ull);
        QCOMPARE(model.data(model.index(1, 0), ProblemsModel::LineRole).toULongLong(), 3ull);
        QCOMPARE(model.data(model.index(1, 0), ProblemsModel::KindRole).toInt(),
                 int(u8codec::ProblemKind::Truncated));
        QVERIFY(!model.data(model.index(2, 0)).isValid());
        QVERIFY(model.problemAt(2) == nullptr);
        model.setReport(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void offsetsInAFixedPitchFont() {
        ProblemsModel model;
        const std::string text = "slash \xC0\xAF";
        model.setReport(reportOf({text.begin(), text.end()}, 100));
        const QFont offsetFont =
            model.data(model.index(0, ProblemsModel::OffsetColumn), Qt::FontRole).value<QFont>();
        QCOMPARE(offsetFont, QFontDatabase::systemFont(QFontDatabase::FixedFont));
        // The explanation keeps the list's own font.
        QVERIFY(
            !model.data(model.index(0, ProblemsModel::ExplanationColumn), Qt::FontRole).isValid());
    }

    void exportsCsvJsonAndARow() {
        ProblemsModel model;
        QCOMPARE(model.toCsv(), QByteArray("offset,offset_hex,length,line,kind,explanation\r\n"));
        QCOMPARE(model.toJson().trimmed(), QByteArray("[\n]"));
        const std::string text = "ok\nslash \xC0\xAF\nend \xE2\x82";
        model.setReport(reportOf({text.begin(), text.end()}, 100));
        const QList<QByteArray> lines = model.toCsv().split('\n');
        QCOMPARE(lines.size(), 4); // header, two rows, the empty rest after the last CRLF
        QVERIFY2(lines[1].startsWith("9,0x00000009,2,2,overlong,\"C0 AF is an overlong"),
                 lines[1].constData());
        QVERIFY(lines[1].endsWith("\"\r"));
        QVERIFY2(lines[2].startsWith("16,0x00000010,2,3,truncated,"), lines[2].constData());
        const QJsonArray rows = QJsonDocument::fromJson(model.toJson()).array();
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows[0].toObject().value("offset").toInteger(), 9);
        QCOMPARE(rows[0].toObject().value("offset_hex").toString(), QString("0x00000009"));
        QCOMPARE(rows[0].toObject().value("length").toInteger(), 2);
        QCOMPARE(rows[1].toObject().value("line").toInteger(), 3);
        QCOMPARE(rows[1].toObject().value("kind").toString(), QString("truncated"));
        QVERIFY(rows[0].toObject().value("explanation").toString().startsWith("C0 AF"));
        const QString row = model.rowText(0);
        QVERIFY2(row.startsWith("0x00000009\t2\tOverlong form\tC0 AF"), qPrintable(row));
        QVERIFY(model.rowText(2).isEmpty());
    }

    void lookupByOffset() {
        ProblemsModel model;
        model.setReport(reportOf(randomBinary(20000), 1000000));
        const int rows = model.rowCount();
        QVERIFY(rows > 1000);
        // Against a linear search, at every offset of the first 3000 bytes and near the end.
        auto check = [&](quint64 offset) {
            int atOrAfter = -1, before = -1, containing = -1;
            for (int r = 0; r < rows; ++r) {
                const auto* p = model.problemAt(r);
                if (p->offset < offset)
                    before = r;
                if (atOrAfter < 0 && p->offset >= offset)
                    atOrAfter = r;
                if (offset >= p->offset && offset < p->end())
                    containing = r;
            }
            QCOMPARE(model.rowAtOrAfter(offset), atOrAfter);
            QCOMPARE(model.rowBefore(offset), before);
            QCOMPARE(model.rowContaining(offset), containing);
        };
        for (quint64 offset = 0; offset < 3000; ++offset)
            check(offset);
        for (quint64 offset = 19990; offset < 20010; ++offset)
            check(offset);
    }

    void millionsCapped() {
        // Random binary: millions of problems, only the first 100 000 stored.
        const auto report =
            reportOf(randomBinary(8 << 20), u8doc::DocumentScan::kDefaultProblemCap);
        QVERIFY(report->totalProblems > 1000000);
        ProblemsModel model;
        model.setReport(report);
        QCOMPARE(model.rowCount(), 100000);
        QCOMPARE(model.cappedNote(),
                 QString("Showing the first 100,000 of %1 problems.")
                     .arg(QLocale().toString(qulonglong(report->totalProblems))));
        // The last stored row answers like any other.
        QVERIFY(
            !model.data(model.index(99999, ProblemsModel::ExplanationColumn)).toString().isEmpty());
        QCOMPARE(model.rowAtOrAfter(quint64(-1)), -1);
        QCOMPARE(model.rowBefore(quint64(-1)), 99999);
        QCOMPARE(model.completeUntil(), model.problemAt(99999)->end());
    }
};

QTEST_MAIN(TestProblemsModel)
#include "tst_problems_model.moc"
