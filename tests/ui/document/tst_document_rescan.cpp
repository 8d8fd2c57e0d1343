// The check after an edit (DocumentScan::rescan): the report kept up to the last resume point
// before the edit and joined with a scan from there equals a whole scan of the edited bytes, over
// hundreds of random edits in a row (each rescan going on from the report of the one before), at
// the start, in the middle and at the end, inserting and deleting invalid bytes and pieces of
// multi-byte characters at and across resume points, CR LF split by a resume point, a small
// problem cap; the bytes read through a piece table as the window reads them. A keystroke near
// the end of a large document scans only from the resume point before it.
#include "document_scan.h"
#include "scan_reference.h"
#include "u8codec/byte_source.h"
#include "u8codec/piece_table.h"
#include "u8codec/scan.h"

#include <QTest>
#include <array>
#include <atomic>
#include <random>
#include <vector>

using u8codec::MemorySource;
using u8doc::DocumentScan;
using u8doc::ScanReport;
using Bytes = std::vector<std::uint8_t>;

namespace {

// Pieces of text the random documents and edits are made of: characters of every length, line
// breaks, and every kind of problem, whole or in parts.
const std::vector<Bytes>& pieces() {
    static const std::vector<Bytes> all = {
        {'t', 'e', 'x', 't', ' '},
        {0xC3, 0xA9},
        {0xE2, 0x82, 0xAC},
        {0xF0, 0x9F, 0x98, 0x80},
        {'\n'},
        {'\r', '\n'},
        {'\r'},
        {0xC0, 0xAF},                         // overlong '/'
        {0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80}, // CESU-8 pair
        {0xED, 0xA0, 0xBD},                   // a high surrogate alone
        {0x80, 0x81},                         // stray continuations
        {0x82},                               // one continuation byte
        {0xE2, 0x82},                         // truncated
        {0xF0},                               // a lead alone
        {0xFE},                               // never valid
        {0xF8, 0x88, 0x80, 0x80, 0x80},       // RFC 2279 5-byte form
        {0xEF, 0xBB, 0xBF},                   // a byte order mark
    };
    return all;
}

Bytes randomBytes(std::mt19937& rng, std::size_t size, bool errorDense) {
    Bytes out;
    while (out.size() < size) {
        // Mostly text, a problem now and then (or often).
        const std::size_t k = rng() % 100 < (errorDense ? 40u : 4u) ? 7 + rng() % 10 : rng() % 7;
        out.insert(out.end(), pieces()[k].begin(), pieces()[k].end());
    }
    out.resize(size);
    return out;
}

// Every field but the resume points (where they lie depends on where the scan began).
void compareReports(const ScanReport& got, const ScanReport& whole) {
    QCOMPARE(got.summary.toJson(), whole.summary.toJson());
    QCOMPARE(got.summary.bom, whole.summary.bom);
    QVERIFY(got.byteCounts == whole.byteCounts);
    QCOMPARE(got.problemCap, whole.problemCap);
    QCOMPARE(got.totalProblems, whole.totalProblems);
    QVERIFY(got.problemsByKind == whole.problemsByKind);
    QCOMPARE(got.problems.size(), whole.problems.size());
    for (std::size_t i = 0; i < got.problems.size(); ++i) {
        QVERIFY2(u8test::sameProblem(got.problems[i].problem, whole.problems[i].problem),
                 qPrintable(QStringLiteral("problem %1 at %2 differs")
                                .arg(i)
                                .arg(whole.problems[i].problem.offset)));
        QCOMPARE(got.problems[i].line, whole.problems[i].line);
    }
    QVERIFY(got.lineCheckpoints == whole.lineCheckpoints);
}

// An edit's offset: near the start, the end, a resume point of the report, or anywhere.
quint64 pickOffset(std::mt19937& rng, const ScanReport& report, quint64 size) {
    switch (rng() % 4) {
    case 0:
        return std::min<quint64>(size, rng() % 8);
    case 1:
        return size - std::min<quint64>(size, rng() % 8);
    case 2:
        if (!report.resumePoints.empty()) {
            const quint64 at =
                report.resumePoints[rng() % report.resumePoints.size()].offset + rng() % 7;
            return std::min<quint64>(size, at > 3 ? at - 3 : 0);
        }
        [[fallthrough]];
    default:
        return rng() % (size + 1);
    }
}

// One random edit of `table` and `bytes` alike: an insert of pieces (or of parts of them), a
// deletion, or a replacement. Returns the first offset it changed.
quint64 randomEdit(std::mt19937& rng, u8codec::PieceTable& table, Bytes& bytes,
                   const ScanReport& report) {
    const quint64 at = pickOffset(rng, report, bytes.size());
    const quint64 removable = std::min<quint64>(bytes.size() - at, 1 + rng() % 9);
    const quint64 removed = rng() % 3 == 0 ? 0 : rng() % (removable + 1);
    Bytes inserted;
    if (removed == 0 || rng() % 2 == 0) {
        const Bytes& piece = pieces()[rng() % pieces().size()];
        // Sometimes only the start or the end of a piece: half a character.
        const std::size_t from = rng() % 3 == 0 ? rng() % piece.size() : 0;
        inserted.assign(piece.begin() + std::ptrdiff_t(from), piece.end());
        if (rng() % 3 == 0)
            inserted.resize(1 + rng() % inserted.size());
    }
    const auto edited = table.replace(at, removed, inserted);
    if (!edited)
        qFatal("the piece table refused an edit inside the document");
    bytes.erase(bytes.begin() + std::ptrdiff_t(at), bytes.begin() + std::ptrdiff_t(at + removed));
    bytes.insert(bytes.begin() + std::ptrdiff_t(at), inserted.begin(), inserted.end());
    return at;
}

} // namespace

class TestDocumentRescan : public QObject {
    Q_OBJECT
private slots:
    // Edits one after another, each rescan going on from the one before: always the whole scan.
    void randomEditsEqualWholeScan_data() {
        QTest::addColumn<unsigned>("seed");
        for (unsigned seed = 1; seed <= 12; ++seed)
            QTest::addRow("seed %u", seed) << seed;
    }
    void randomEditsEqualWholeScan() {
        QFETCH(unsigned, seed);
        std::mt19937 rng(seed);
        const bool errorDense = seed % 4 == 0;
        Bytes bytes = randomBytes(rng, 8000 + rng() % 20000, errorDense);
        u8codec::PieceTable table(std::make_shared<MemorySource>(bytes));
        DocumentScan::Split split;
        static const std::size_t kChunks[] = {16, 64, 333, 1024};
        split.chunkSize = kChunks[seed % 4];
        split.resumeStep = 64 + rng() % 1000;
        // Cuts into parts on threads too, in some runs: wanted near a few places.
        if (seed % 3 == 0)
            split.near = std::vector<quint64>{bytes.size() / 3, bytes.size() / 2};
        else
            split.near = std::vector<quint64>{};
        static const std::size_t kCaps[] = {3, 40, DocumentScan::kDefaultProblemCap};
        const std::size_t cap = kCaps[seed % 3];
        std::atomic<bool> stop{false};
        auto report = DocumentScan::scan(*table.snapshot(), cap, stop, {}, split).report;
        QVERIFY(report);
        QVERIFY(report->resumePoints.size() > 2);
        std::size_t resumed = 0;
        for (int edit = 0; edit < 150; ++edit) {
            const quint64 from = randomEdit(rng, table, bytes, *report);
            const auto source = table.snapshot();
            const auto again = DocumentScan::rescan(*source, *report, from, stop, {}, split);
            const auto whole = DocumentScan::scan(*source, cap, stop, {}, split);
            QVERIFY(again.report && whole.report);
            QVERIFY(again.scannedFrom <= from);
            resumed += again.scannedFrom > 0;
            compareReports(*again.report, *whole.report);
            if (QTest::currentTestFailed())
                qWarning("edit %d at %llu", edit, static_cast<unsigned long long>(from));
            QCOMPARE(again.report->summary.toJson(), u8codec::scan(bytes).toJson());
            report = again.report;
        }
        // Most edits resumed after the start.
        QVERIFY2(resumed > 75, qPrintable(QString::number(resumed)));
    }

    // The resume points themselves: at handover points, each with the counts of the bytes
    // before it, whichever scan made them.
    void resumePointsHoldTheCountsBeforeThem() {
        std::mt19937 rng(5);
        const Bytes bytes = randomBytes(rng, 50000, false);
        DocumentScan::Split split;
        split.near = std::vector<quint64>{20000};
        split.chunkSize = 512;
        split.resumeStep = 4000;
        std::atomic<bool> stop{false};
        const MemorySource source(bytes);
        const auto report = DocumentScan::scan(source, 100, stop, {}, split).report;
        QVERIFY(report);
        QVERIFY(report->resumePoints.size() >= 10);
        quint64 last = 0;
        for (const u8doc::ResumePoint& p : report->resumePoints) {
            QVERIFY(p.offset > last);
            last = p.offset;
            const Bytes before(bytes.begin(), bytes.begin() + std::ptrdiff_t(p.offset));
            QCOMPARE(p.summary.toJson(), u8codec::scan(before).toJson());
            QCOMPARE(p.totalProblems, quint64(u8test::referenceOf(before).problems.size()));
            std::array<quint64, 256> counts{};
            for (const std::uint8_t b : before)
                ++counts[b];
            QVERIFY(p.byteCounts == counts);
            quint64 lineFeeds = 0, lineStart = 0;
            for (quint64 i = 0; i < p.offset; ++i)
                if (bytes[i] == '\n') {
                    ++lineFeeds;
                    lineStart = i + 1;
                }
            QCOMPARE(p.line.lineFeeds, lineFeeds);
            QCOMPARE(p.line.lineStart, lineStart);
        }
    }

    // CR at the end of what is kept, and the LF after it typed again: one CRLF, not two lines.
    void crlfAcrossTheResumePoint() {
        Bytes bytes(3000, 'a');
        DocumentScan::Split split;
        split.near = std::vector<quint64>{};
        split.chunkSize = 256;
        split.resumeStep = 1000;
        std::atomic<bool> stop{false};
        auto report = DocumentScan::scan(MemorySource(bytes), 10, stop, {}, split).report;
        QVERIFY(!report->resumePoints.empty());
        const quint64 at = report->resumePoints.front().offset;
        bytes[at - 1] = '\r'; // changes the bytes before the point: it is not used
        bytes[at] = '\n';
        auto again = DocumentScan::rescan(MemorySource(bytes), *report, at - 1, stop, {}, split);
        QVERIFY(again.scannedFrom < at);
        compareReports(*again.report,
                       *DocumentScan::scan(MemorySource(bytes), 10, stop, {}, split).report);
        QCOMPARE(again.report->summary.crlf, quint64(1));
        // Now an edit after the point: what is kept ends with CR, the scan begins with LF.
        report = again.report;
        bytes[at + 10] = 0xFF;
        again = DocumentScan::rescan(MemorySource(bytes), *report, at + 10, stop, {}, split);
        QVERIFY(again.scannedFrom > 0);
        compareReports(*again.report,
                       *DocumentScan::scan(MemorySource(bytes), 10, stop, {}, split).report);
        QCOMPARE(again.report->summary.crlf, quint64(1));
        QCOMPARE(again.report->totalProblems, quint64(1));
    }

    // No resume point before the edit (an edit at the start): the whole scan.
    void editBeforeEveryPointScansWhole() {
        std::mt19937 rng(9);
        Bytes bytes = randomBytes(rng, 20000, false);
        DocumentScan::Split split;
        split.near = std::vector<quint64>{};
        split.chunkSize = 1024;
        split.resumeStep = 4096;
        std::atomic<bool> stop{false};
        const auto report = DocumentScan::scan(MemorySource(bytes), 100, stop, {}, split).report;
        bytes[2] = 0x80;
        const auto again = DocumentScan::rescan(MemorySource(bytes), *report, 2, stop, {}, split);
        QCOMPARE(again.scannedFrom, quint64(0));
        compareReports(*again.report,
                       *DocumentScan::scan(MemorySource(bytes), 100, stop, {}, split).report);
    }

    // A keystroke near the end of a large document (the default steps): the scan begins at most
    // a resume step (and a chunk) before it, and the report is the whole scan's. Progress counts
    // on from the resume point to the size.
    void keystrokeNearTheEndScansLittle() {
        std::mt19937 rng(3);
        Bytes bytes = randomBytes(rng, std::size_t(40) << 20, false);
        u8codec::PieceTable table(std::make_shared<MemorySource>(bytes));
        std::atomic<bool> stop{false};
        const auto report = DocumentScan::scan(*table.snapshot(), 1000, stop).report;
        QVERIFY(report->resumePoints.size() >= 8);
        const quint64 at = bytes.size() - 1000;
        const std::uint8_t typed[] = {0xE2, 0x82};
        QVERIFY(table.insert(at, typed).ok());
        quint64 firstDone = 0, lastDone = 0, total = 0;
        const auto again = DocumentScan::rescan(*table.snapshot(), *report, at, stop,
                                                [&](quint64 done, quint64 all) {
                                                    if (firstDone == 0)
                                                        firstDone = done;
                                                    lastDone = done;
                                                    total = all;
                                                });
        QVERIFY(again.scannedFrom + u8doc::kResumeStep + DocumentScan::kChunkSize >= at);
        QVERIFY(again.scannedFrom <= at);
        QCOMPARE(total, table.size());
        QCOMPARE(lastDone, table.size());
        QVERIFY(firstDone > again.scannedFrom);
        compareReports(*again.report, *DocumentScan::scan(*table.snapshot(), 1000, stop).report);
        QCOMPARE(again.report->totalProblems, report->totalProblems + 1);
    }
};

QTEST_GUILESS_MAIN(TestDocumentRescan)
#include "tst_document_rescan.moc"
