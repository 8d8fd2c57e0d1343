// DocumentScan: the background whole-document scan finishes with the same counts and problems as
// the codec's one-buffer reference, across chunk edges; its cap, cancel and read failures.
#include "document_scan.h"
#include "number_format.h"
#include "scan_reference.h"
#include "test_sources.h"
#include "u8codec/byte_source.h"
#include "u8codec/problem.h"
#include "u8codec/scan.h"
#include "u8codec/segmenter.h"

#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <cstring>
#include <fstream>
#include <random>
#include <vector>

using namespace u8ui;
using u8codec::ByteSource;
using u8codec::MemorySource;
using u8test::Reference;
using u8test::referenceOf;
using u8test::sameProblem;

namespace {

// Lines of text with characters of every length and every kind of problem, some of them placed
// across the scan's chunk edges.
std::vector<std::uint8_t> makeDocument(std::size_t size, unsigned seed) {
    static const std::vector<std::vector<std::uint8_t>> pieces = {
        {'t', 'e', 'x', 't', ' '},
        {'\n'},
        {'\r', '\n'},
        {0xC3, 0xA9},
        {0xE2, 0x82, 0xAC},
        {0xF0, 0x9F, 0x98, 0x80},
        {0xC0, 0xAF},                         // overlong '/'
        {0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80}, // CESU-8 pair
        {0xED, 0xB0, 0x80},                   // lone low surrogate
        {0xF4, 0x90, 0x80, 0x80},             // too large
        {0x80, 0x81},                         // stray continuations
        {0xE2, 0x82},                         // truncated
        {0xFE},                               // never valid
        {0xF8, 0x88, 0x80, 0x80, 0x80},       // RFC 2279 5-byte form
    };
    std::mt19937 rng(seed);
    std::vector<std::uint8_t> out;
    out.reserve(size + 8);
    while (out.size() < size) {
        const auto r = rng() % 100;
        const auto& p = r < 80 ? pieces[r % 3] : pieces[3 + rng() % (pieces.size() - 3)];
        out.insert(out.end(), p.begin(), p.end());
    }
    out.resize(size);
    for (std::size_t edge = u8doc::DocumentScan::kChunkSize; edge + 8 < size;
         edge += u8doc::DocumentScan::kChunkSize) {
        const std::uint8_t across[] = {'\n', 0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80, 0x80};
        std::memcpy(out.data() + edge - 3, across, sizeof across);
    }
    return out;
}

// Valid text with a few problems placed around the chunk edges, so that most chunks are clean
// (the scan passes over them) and the problems sit right where a passed-over chunk ends.
std::vector<std::uint8_t> makeMostlyValid(int variant) {
    static const std::vector<std::vector<std::uint8_t>> pieces = {{'w', 'o', 'r', 'd', ' '},
                                                                  {'\n'},
                                                                  {0xC3, 0xA9},
                                                                  {0xE2, 0x82, 0xAC},
                                                                  {0xF0, 0x9F, 0x98, 0x80}};
    const std::size_t chunk = u8doc::DocumentScan::kChunkSize;
    std::mt19937 rng{unsigned(variant)};
    std::vector<std::uint8_t> out;
    while (out.size() < 6 * chunk) {
        const auto& p = pieces[rng() % pieces.size()];
        out.insert(out.end(), p.begin(), p.end());
    }
    auto put = [&](std::size_t at, std::vector<std::uint8_t> bytes) {
        std::copy(bytes.begin(), bytes.end(), out.begin() + std::ptrdiff_t(at));
    };
    // Cuts the text after its last ASCII byte, so that no character is cut short.
    auto endOnAscii = [&] {
        while (out.back() >= 0x80)
            out.pop_back();
    };
    switch (variant) {
    case 0:
        put(chunk - 2, {0xE2, 0x82, 'A'});            // truncated across the first edge
        put(2 * chunk - 1, {0xF0, 0x9F, 0x98, 0x80}); // valid across the second
        put(3 * chunk, {0x80, 0x80, 'x'});            // stray run right at the third
        put(4 * chunk + 500, {'a', 0xC0, 0xAF, 'b'}); // overlong inside the fifth
        out.resize(6 * chunk + 2);
        out[6 * chunk] = 'z';
        out[6 * chunk + 1] = 0xE2; // truncated by the end, in a 2-byte last chunk
        break;
    case 1:
        put(chunk - 3, {0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80}); // CESU-8 pair across the edge
        put(3 * chunk - 1, {'\n', 0xC3, 0xA9});
        put(3 * chunk + 2, {0xA9, '\n'}); // stray after a valid character
        out.resize(5 * chunk + 1);
        out.back() = 0x80; // a 1-byte last chunk: a stray continuation
        break;
    case 2:
        // Problems still pending when a chunk ends, before clean chunks: an encoded high
        // surrogate (waiting for a low half), a run of stray continuation bytes, a lone C0.
        put(chunk - 3, {0xED, 0xA0, 0xBD});
        put(2 * chunk - 2, {0x80, 0x80});
        put(3 * chunk - 1, {0xC0});
        out.resize(5 * chunk);
        endOnAscii();
        break;
    default:
        out.resize(4 * chunk); // no problem at all
        endOnAscii();
        break;
    }
    return out;
}

} // namespace

using u8test::GatedSource;
using u8test::ShrinkingSource;

class TestDocumentScan : public QObject {
    Q_OBJECT
private slots:
    // Its offset in hex, as the rest of the window (issue 33, defect 12).
    void shortReadGivesAHexOffset() {
        const QString why = u8doc::DocumentScan::shortReadReason(0x1000, 8192);
        QVERIFY2(why.contains(QLatin1String("ended at byte 0x1000 although")), qPrintable(why));
    }

    void matchesReference_data() {
        QTest::addColumn<int>("size");
        QTest::addColumn<unsigned>("seed");
        QTest::newRow("empty") << 0 << 1u;
        QTest::newRow("one line") << 40 << 2u;
        QTest::newRow("three chunks") << int(3 * u8doc::DocumentScan::kChunkSize + 123) << 3u;
    }
    void matchesReference() {
        QFETCH(int, size);
        QFETCH(unsigned, seed);
        const auto bytes = makeDocument(std::size_t(size), seed);
        const Reference ref = referenceOf(bytes);
        const MemorySource source(bytes);
        std::atomic<bool> stop{false};
        quint64 lastDone = 0;
        const auto outcome = u8doc::DocumentScan::scan(
            source, ref.problems.size() + 1, stop, [&](quint64 done, quint64) { lastDone = done; });
        QVERIFY(outcome.report);
        const u8doc::ScanReport& r = *outcome.report;
        QCOMPARE(lastDone, quint64(bytes.size()));
        QCOMPARE(r.summary.toJson(), u8codec::scan(bytes).toJson());
        QCOMPARE(r.totalProblems, quint64(ref.problems.size()));
        QCOMPARE(r.problems.size(), ref.problems.size());
        for (std::size_t i = 0; i < ref.problems.size(); ++i) {
            QCOMPARE(r.problems[i].problem.offset, ref.problems[i].offset);
            QCOMPARE(r.problems[i].problem.length, ref.problems[i].length);
            QCOMPARE(int(r.problems[i].problem.kind), int(ref.problems[i].kind));
            QCOMPARE(r.problems[i].line, ref.lines[i]);
        }
        std::array<quint64, 256> counts{};
        for (std::uint8_t b : bytes)
            ++counts[b];
        QVERIFY(r.byteCounts == counts);
        QVERIFY(r.lineCheckpoints == u8test::checkpointsOf(bytes));
        quint64 byKind = 0;
        for (quint64 n : r.problemsByKind)
            byKind += n;
        QCOMPARE(byKind, r.totalProblems);
    }

    void mostlyValid_data() {
        QTest::addColumn<int>("variant");
        QTest::newRow("edges") << 0;
        QTest::newRow("pair and tiny tail") << 1;
        QTest::newRow("pending at edges") << 2;
        QTest::newRow("valid") << 3;
    }
    void mostlyValid() {
        QFETCH(int, variant);
        const auto bytes = makeMostlyValid(variant);
        const Reference ref = referenceOf(bytes);
        std::atomic<bool> stop{false};
        const auto outcome = u8doc::DocumentScan::scan(MemorySource(bytes), 1000, stop);
        QVERIFY(outcome.report);
        const u8doc::ScanReport& r = *outcome.report;
        QCOMPARE(r.summary.toJson(), u8codec::scan(bytes).toJson());
        QCOMPARE(r.totalProblems, quint64(ref.problems.size()));
        QCOMPARE(r.problems.size(), ref.problems.size());
        for (std::size_t i = 0; i < ref.problems.size(); ++i) {
            QCOMPARE(r.problems[i].problem.offset, ref.problems[i].offset);
            QCOMPARE(r.problems[i].problem.length, ref.problems[i].length);
            QCOMPARE(int(r.problems[i].problem.kind), int(ref.problems[i].kind));
            QCOMPARE(r.problems[i].line, ref.lines[i]);
        }
        if (variant == 3)
            QVERIFY(r.summary.valid());
        else
            QVERIFY(ref.problems.size() >= 3);
    }

    void histogramWithRuns() {
        // Runs of one byte value (counted a word at a time) mixed with varied bytes, at odd
        // lengths and alignments.
        std::vector<std::uint8_t> bytes;
        std::mt19937 rng{5};
        for (int run = 0; run < 2000; ++run) {
            const std::uint8_t value = std::uint8_t(rng() % 3 == 0 ? 0 : rng());
            bytes.insert(bytes.end(), rng() % 40, value);
            bytes.push_back(std::uint8_t(rng()));
        }
        std::array<quint64, 256> counts{};
        for (std::uint8_t b : bytes)
            ++counts[b];
        std::atomic<bool> stop{false};
        const auto outcome = u8doc::DocumentScan::scan(MemorySource(bytes), 10, stop);
        QVERIFY(outcome.report);
        QVERIFY(outcome.report->byteCounts == counts);
    }

    void knownFile() {
        // A small file whose problems are known by heart.
        QTemporaryDir dir;
        const QString path = dir.filePath("known.txt");
        {
            std::ofstream f(path.toStdString(), std::ios::binary);
            f << "ok\n"
                 "slash \xC0\xAF here\n"
                 "fine \xE2\x82\xAC\n"
                 "\xED\xA0\x80 and \xFF\n";
        }
        auto opened = u8codec::FileSource::open(path.toStdString());
        QVERIFY(opened.ok());
        std::shared_ptr<const ByteSource> source(std::move(opened).value());
        u8doc::DocumentScan scan;
        QSignalSpy finished(&scan, &u8doc::DocumentScan::finished);
        QSignalSpy progress(&scan, &u8doc::DocumentScan::progressChanged);
        scan.start(source);
        QVERIFY(scan.isRunning());
        QVERIFY(finished.wait(10000));
        QVERIFY(!scan.isRunning());
        QCOMPARE(progress.last().at(0).toInt(), 1000);
        const auto report = finished.at(0).at(0).value<std::shared_ptr<const u8doc::ScanReport>>();
        QVERIFY(report);
        QCOMPARE(report->totalProblems, quint64(3));
        QCOMPARE(report->problems[0].problem.kind, u8codec::ProblemKind::Overlong);
        QCOMPARE(report->problems[0].problem.offset, quint64(9));
        QCOMPARE(report->problems[0].line, quint64(2));
        QCOMPARE(report->problems[1].problem.kind, u8codec::ProblemKind::Surrogate);
        QCOMPARE(report->problems[1].line, quint64(4));
        QCOMPARE(report->problems[2].problem.kind, u8codec::ProblemKind::NeverValidByte);
        QCOMPARE(report->summary.lines, quint64(4));
        QCOMPARE(report->summary.byLength[3], quint64(1));
        QCOMPARE(report->byteCounts[0xC0], quint64(1));
        QCOMPARE(report->byteCounts['\n'], quint64(4));
        QVERIFY(!report->summary.valid());
    }

    void capKeepsTotal() {
        const auto bytes = makeDocument(200000, 9);
        const Reference ref = referenceOf(bytes);
        QVERIFY(ref.problems.size() > 10);
        std::atomic<bool> stop{false};
        const auto outcome = u8doc::DocumentScan::scan(MemorySource(bytes), 10, stop);
        QVERIFY(outcome.report);
        QCOMPARE(outcome.report->problems.size(), std::size_t(10));
        QCOMPARE(outcome.report->totalProblems, quint64(ref.problems.size()));
        QVERIFY(outcome.report->capped());
        QCOMPARE(outcome.report->problems[9].problem.offset, ref.problems[9].offset);
    }

    // Random bytes (a problem every three bytes): the stored problems (every field, and their
    // lines) and the counts by kind beyond the cap, which the scan finds without building the
    // problems, equal the straightforward path's, whether the cap is reached in the first chunk,
    // in the middle of a later one, or never.
    void randomBeyondCap_data() {
        QTest::addColumn<int>("cap");
        QTest::newRow("no list") << 0;
        QTest::newRow("full in the first chunk") << 1000;
        QTest::newRow("full in the second chunk") << 500000;
        QTest::newRow("never full") << 2000000;
    }
    void randomBeyondCap() {
        QFETCH(int, cap);
        std::vector<std::uint8_t> bytes(2 * u8doc::DocumentScan::kChunkSize + 77777);
        std::mt19937_64 rng{11};
        for (auto& b : bytes)
            b = std::uint8_t(rng());
        const Reference ref = referenceOf(bytes);
        QVERIFY(ref.problems.size() > 600000 && ref.problems.size() < std::size_t(2000000));
        std::atomic<bool> stop{false};
        const auto outcome = u8doc::DocumentScan::scan(MemorySource(bytes), std::size_t(cap), stop);
        QVERIFY(outcome.report);
        const u8doc::ScanReport& r = *outcome.report;
        QCOMPARE(r.totalProblems, quint64(ref.problems.size()));
        std::array<quint64, u8doc::kProblemKindCount> byKind{};
        for (const auto& p : ref.problems)
            ++byKind[std::size_t(p.kind)];
        for (int k = 0; k < u8doc::kProblemKindCount; ++k)
            QCOMPARE(r.problemsByKind[std::size_t(k)], byKind[std::size_t(k)]);
        QCOMPARE(r.problems.size(), std::min(std::size_t(cap), ref.problems.size()));
        for (std::size_t i = 0; i < r.problems.size(); ++i) {
            QVERIFY2(
                sameProblem(r.problems[i].problem, ref.problems[i]),
                qPrintable(
                    QStringLiteral("problem %1 at %2 differs").arg(i).arg(ref.problems[i].offset)));
            QCOMPARE(r.problems[i].line, ref.lines[i]);
        }
        QCOMPARE(r.summary.toJson(), u8codec::scan(bytes).toJson());
    }

    void cancelStopsWorker() {
        auto source = std::make_shared<GatedSource>(64 * u8doc::DocumentScan::kChunkSize);
        u8doc::DocumentScan scan;
        QSignalSpy finished(&scan, &u8doc::DocumentScan::finished);
        QSignalSpy cancelled(&scan, &u8doc::DocumentScan::cancelled);
        scan.start(source);
        scan.cancel();
        QCOMPARE(cancelled.count(), 1);
        QVERIFY(!scan.isRunning());
        source->gate.release(); // let the worker see the stop flag
        // A later scan of another source still works and reports only its own result.
        auto small = std::make_shared<MemorySource>(std::vector<std::uint8_t>{'a', 0x80});
        scan.start(small);
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.count(), 1);
        QCOMPARE(
            finished.at(0).at(0).value<std::shared_ptr<const u8doc::ScanReport>>()->totalProblems,
            quint64(1));
        QVERIFY(source->reads.load() < 64); // it stopped early
    }

    void destroyWhileRunning() {
        // What a whole scan of the same source reads: the destructor may come after the worker
        // finished (a busy machine), never after it read more.
        auto whole = std::make_shared<GatedSource>(64 * u8doc::DocumentScan::kChunkSize);
        whole->gate.release();
        {
            u8doc::DocumentScan scan;
            QSignalSpy finished(&scan, &u8doc::DocumentScan::finished);
            scan.start(whole);
            QVERIFY(finished.wait(10000));
        }
        auto source = std::make_shared<GatedSource>(64 * u8doc::DocumentScan::kChunkSize);
        {
            u8doc::DocumentScan scan;
            scan.start(source);
            source->gate.release();
        } // the destructor stops and waits for the worker
        QVERIFY2(source->reads.load() <= whole->reads.load(),
                 qPrintable(QStringLiteral("%1 reads, a whole scan %2")
                                .arg(source->reads.load())
                                .arg(whole->reads.load())));
    }

    void shrinkingSourceFails() {
        u8doc::DocumentScan scan;
        QSignalSpy failed(&scan, &u8doc::DocumentScan::failed);
        QSignalSpy finished(&scan, &u8doc::DocumentScan::finished);
        scan.start(std::make_shared<ShrinkingSource>(3 * u8doc::DocumentScan::kChunkSize,
                                                     u8doc::DocumentScan::kChunkSize + 1000));
        QVERIFY(failed.wait(10000));
        QCOMPARE(finished.count(), 0);
        const QString reason = failed.at(0).at(0).toString();
        QVERIFY2(reason.contains("shrank"), qPrintable(reason));
        QVERIFY2(
            reason.contains(u8doc::NumberFormat::offset(u8doc::DocumentScan::kChunkSize + 1000)),
            qPrintable(reason));
    }
};

QTEST_GUILESS_MAIN(TestDocumentScan)
#include "tst_document_scan.moc"
