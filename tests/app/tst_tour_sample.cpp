// The bundled tour sample teaches by example, so it must hold every byte class, every error kind
// and every problem kind the codec knows, each on a line that names what it shows.
#include "u8codec/codec.h"

#include <QFile>
#include <QtTest>
#include <set>

using namespace u8codec;

class TestTourSample : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QFile f(QStringLiteral(U8SCOPE_TOUR_PATH));
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.errorString()));
        const QByteArray data = f.readAll();
        bytes_.assign(data.begin(), data.end());
        QVERIFY(bytes_.size() > 500);
        QVERIFY(bytes_.size() < 16 * 1024); // short: a newcomer reads it through
    }

    void everyByteClass() {
        std::set<ByteClass> seen;
        for (std::uint8_t b : bytes_)
            seen.insert(classify(b));
        for (ByteClass c : {ByteClass::Ascii, ByteClass::Continuation, ByteClass::Lead2,
                            ByteClass::Lead3, ByteClass::Lead4, ByteClass::Invalid})
            QVERIFY2(seen.count(c), name(c).data());
        // The four restricted leads each start a valid character somewhere.
        std::set<std::uint8_t> validLeads;
        for (const Segment& s : segment(bytes_))
            if (s.isValid())
                validLeads.insert(bytes_[s.offset]);
        for (std::uint8_t lead : {0xE0, 0xED, 0xF0, 0xF4})
            QVERIFY2(validLeads.count(lead), qPrintable(QString::number(lead, 16)));
    }

    void everyErrorKindOnALineThatNamesIt_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("word"); // the line of the first such segment says this
        QTest::newRow("never-valid-byte") << int(ErrorKind::InvalidByte) << "Invalid byte";
        QTest::newRow("stray-continuation")
            << int(ErrorKind::UnexpectedContinuation) << "continuation";
        QTest::newRow("overlong") << int(ErrorKind::Overlong) << "Overlong";
        QTest::newRow("surrogate") << int(ErrorKind::Surrogate) << "Surrogate";
        QTest::newRow("too-large") << int(ErrorKind::TooLarge) << "Too large";
        QTest::newRow("truncated") << int(ErrorKind::Truncated) << "Truncated";
    }
    void everyErrorKindOnALineThatNamesIt() {
        QFETCH(int, kind);
        QFETCH(QString, word);
        for (const Segment& s : segment(bytes_)) {
            if (int(s.error) != kind)
                continue;
            QVERIFY2(lineAt(s.offset).contains(word), qPrintable(lineAt(s.offset)));
            return;
        }
        QFAIL("no segment of this kind in the tour");
    }

    void everyProblemKind() {
        std::set<ProblemKind> seen;
        ProblemScanner scanner;
        auto sink = [&](const Problem& p) { seen.insert(p.kind); };
        scanner.feed(bytes_, sink);
        scanner.finish(sink);
        for (ProblemKind k :
             {ProblemKind::NeverValidByte, ProblemKind::StrayContinuation, ProblemKind::Overlong,
              ProblemKind::Surrogate, ProblemKind::SurrogatePair, ProblemKind::TooLarge,
              ProblemKind::LegacyLongForm, ProblemKind::Truncated})
            QVERIFY2(seen.count(k), name(k).data());
    }

    // Errors stay on their own line: every problem lies between the brackets of one line, so no
    // line's explanation text is damaged by the bytes it shows.
    void problemsStayInsideBrackets() {
        ProblemScanner scanner;
        int count = 0;
        auto sink = [&](const Problem& p) {
            ++count;
            const QString line = lineAt(p.offset);
            QVERIFY2(line.contains(QLatin1String(": [")), qPrintable(line));
            const std::uint64_t open = lineStart(p.offset);
            const auto* begin = bytes_.data();
            const QByteArray raw(reinterpret_cast<const char*>(begin + open),
                                 qsizetype(p.end() - open));
            QVERIFY2(raw.contains(": ["), qPrintable(line));
        };
        scanner.feed(bytes_, sink);
        scanner.finish(sink);
        QVERIFY(count >= 15);
    }

private:
    std::uint64_t lineStart(std::uint64_t offset) const {
        while (offset > 0 && bytes_[offset - 1] != '\n')
            --offset;
        return offset;
    }
    QString lineAt(std::uint64_t offset) const {
        std::uint64_t end = offset;
        while (end < bytes_.size() && bytes_[end] != '\n')
            ++end;
        const std::uint64_t start = lineStart(offset);
        return QString::fromUtf8(reinterpret_cast<const char*>(bytes_.data() + start),
                                 qsizetype(end - start));
    }

    std::vector<std::uint8_t> bytes_;
};

QTEST_APPLESS_MAIN(TestTourSample)
#include "tst_tour_sample.moc"
