// DocumentScan in parts, one per thread: the report equals the straightforward reference (the
// one-part scan's answer) whatever the cuts and chunk sizes, with problems at and across the
// cuts, CR at a cut with LF after it, a lead byte or a continuation byte where the cut is looked
// for, a stretch with no valid character (no cut there), lines longer than a part; progress on
// the calling thread, cancel within a chunk per part, and the first part's short read reported.
#include "document_scan.h"
#include "number_format.h"
#include "scan_reference.h"
#include "u8codec/byte_source.h"
#include "u8codec/scan.h"

#include <QTest>
#include <atomic>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

using namespace u8ui;
using u8codec::ByteSource;
using u8codec::MemorySource;
using Bytes = std::vector<std::uint8_t>;

namespace {

// Text with characters of every length, CR LF, lone CR and every kind of problem; `lineFeeds`
// out of 100 pieces are line breaks (0: one long line).
Bytes makeText(std::mt19937& rng, std::size_t size, unsigned lineFeeds) {
    static const std::vector<Bytes> text = {
        {'t', 'e', 'x', 't', ' '}, {0xC3, 0xA9}, {0xE2, 0x82, 0xAC}, {0xF0, 0x9F, 0x98, 0x80}};
    static const std::vector<Bytes> problems = {
        {0xC0, 0xAF},                         // overlong '/'
        {0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80}, // CESU-8 pair
        {0xED, 0xB0, 0x80},                   // lone low surrogate
        {0xF4, 0x90, 0x80, 0x80},             // too large
        {0x80, 0x81},                         // stray continuations
        {0xE2, 0x82},                         // truncated
        {0xFE},                               // never valid
        {0xF8, 0x88, 0x80, 0x80, 0x80},       // RFC 2279 5-byte form
        {'\r'},                               // a lone CR
    };
    Bytes out;
    out.reserve(size + 8);
    while (out.size() < size) {
        const unsigned r = rng() % 100;
        if (r < lineFeeds) {
            if (rng() % 4 == 0)
                out.push_back('\r');
            out.push_back('\n');
            continue;
        }
        const Bytes& piece =
            r % 10 == 0 ? problems[rng() % problems.size()] : text[rng() % text.size()];
        out.insert(out.end(), piece.begin(), piece.end());
    }
    out.resize(size);
    return out;
}

// What is put where a cut is wanted, and where (relative to the wanted offset). Every one but
// the last leaves a place where a part can begin within a few bytes.
struct Pattern {
    std::ptrdiff_t shift;
    Bytes bytes;
};
const std::vector<Pattern>& patterns() {
    static const std::vector<Pattern> all = {
        {0, {'\r', '\n'}},                               // CR at the cut, LF after it
        {0, {0xE2, 'x'}},                                // a lead cut short where the cut is sought
        {-1, {0xE2, 0x82, 0xAC, 'y'}},                   // sought on a continuation byte
        {-3, {0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80, 'z'}}, // a CESU-8 pair across it
        {-1, {0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80, 'z'}}, // sought inside its first half
        {-3, {0xED, 0xA0, 0xBD, 0xC3, 0xA9}},            // a high surrogate pending before it
        {-2, {0x80, 0x80, 0x80, 0x80, 0x80, 'q'}},       // a run of strays across it
        {-2, {0xF8, 0x88, 0x80, 0x80, 0x80, 'w'}},       // a naive 5-byte form across it
        {0, {'a', 0xEF, 0xBB, 0xBF}},                    // a part begins with EF BB BF
        {-1, {'\r', 0x80, '\n'}},                        // CR, stray, LF
    };
    return all;
}
// No valid character for longer than a cut is looked for: no part begins there.
constexpr std::size_t kNoValidStretch = 10000;

void putErrorStretch(Bytes& bytes, std::size_t at) {
    for (std::size_t i = 0; i < kNoValidStretch; ++i)
        bytes[at + i] = i % 2 == 0 ? 0xC0 : 0x80;
}

// The bytes of a MemorySource without contiguous(): read by copying, as a file is, into the
// scan's aligned buffers. Counts its reads; after `fullReads` reads (0: never) it delivers
// nothing past `shrinksTo`, as a file cut short after the scan placed its cuts.
class CopyingSource final : public ByteSource {
public:
    explicit CopyingSource(const Bytes& bytes, int fullReads = 0, std::uint64_t shrinksTo = 0)
        : bytes_(bytes), fullReads_(fullReads), shrinksTo_(shrinksTo) {}
    std::uint64_t size() const override { return bytes_.size(); }
    std::size_t read(std::uint64_t offset, std::span<std::uint8_t> dest) const override {
        const int n = ++reads;
        const std::uint64_t end = fullReads_ > 0 && n > fullReads_
                                      ? std::min<std::uint64_t>(shrinksTo_, bytes_.size())
                                      : bytes_.size();
        if (offset >= end)
            return 0;
        const std::size_t got = std::size_t(std::min<std::uint64_t>(dest.size(), end - offset));
        std::memcpy(dest.data(), bytes_.data() + offset, got);
        return got;
    }
    mutable std::atomic<int> reads{0};

private:
    const Bytes& bytes_;
    int fullReads_;
    std::uint64_t shrinksTo_;
};

// Every field of the report against the reference.
void compareWithReference(const u8doc::ScanReport& r, const Bytes& bytes, std::size_t cap) {
    const u8test::Reference ref = u8test::referenceOf(bytes);
    QCOMPARE(r.summary.toJson(), u8codec::scan(bytes).toJson());
    QCOMPARE(r.totalProblems, quint64(ref.problems.size()));
    std::array<quint64, u8doc::kProblemKindCount> byKind{};
    for (const auto& p : ref.problems)
        ++byKind[std::size_t(p.kind)];
    QVERIFY(r.problemsByKind == byKind);
    QCOMPARE(r.problems.size(), std::min(cap, ref.problems.size()));
    for (std::size_t i = 0; i < r.problems.size(); ++i) {
        QVERIFY2(
            u8test::sameProblem(r.problems[i].problem, ref.problems[i]),
            qPrintable(
                QStringLiteral("problem %1 at %2 differs").arg(i).arg(ref.problems[i].offset)));
        QCOMPARE(r.problems[i].line, ref.lines[i]);
    }
    std::array<quint64, 256> counts{};
    for (std::uint8_t b : bytes)
        ++counts[b];
    QVERIFY(r.byteCounts == counts);
    QVERIFY(r.lineCheckpoints == u8test::checkpointsOf(bytes));
}

} // namespace

class TestDocumentScanParts : public QObject {
    Q_OBJECT
private slots:
    void partsEqualReference_data() {
        QTest::addColumn<unsigned>("seed");
        for (unsigned seed = 1; seed <= 24; ++seed)
            QTest::addRow("seed %u", seed) << seed;
    }
    void partsEqualReference() {
        QFETCH(unsigned, seed);
        std::mt19937 rng(seed);
        // Some documents span several line checkpoints; small ones take small chunks.
        const bool large = seed % 3 != 0;
        const std::size_t size = large ? (1u << 20) + rng() % (10u << 20) : 40000 + rng() % 40000;
        const unsigned lineFeeds = seed % 4 == 0 ? 0 : 1 + rng() % 20;
        Bytes bytes = makeText(rng, size, lineFeeds);
        // Wanted cuts at least 16 KiB apart, each with a pattern there.
        std::vector<quint64> near;
        std::size_t expectedParts = 1;
        const std::size_t wanted = 1 + rng() % 6;
        for (std::size_t k = 0; k < wanted; ++k) {
            const std::size_t slot = size / wanted;
            if (slot < 3 * kNoValidStretch)
                break;
            const std::size_t at =
                k * slot + kNoValidStretch + rng() % (slot - 2 * kNoValidStretch);
            const std::size_t kind = rng() % (patterns().size() + 1);
            if (kind == patterns().size()) {
                putErrorStretch(bytes, at - 100);
            } else {
                const Pattern& p = patterns()[kind];
                std::copy(p.bytes.begin(), p.bytes.end(),
                          bytes.begin() + std::ptrdiff_t(at) + p.shift);
                ++expectedParts;
            }
            near.push_back(at);
        }
        static const std::size_t kChunks[] = {1, 7, 4096, 65536 + 13,
                                              u8doc::DocumentScan::kChunkSize};
        u8doc::DocumentScan::Split split;
        split.near = near;
        split.chunkSize = kChunks[large ? 2 + rng() % 3 : rng() % 3];
        static const std::size_t kCaps[] = {0, 1, 50, u8doc::DocumentScan::kDefaultProblemCap};
        const std::size_t cap = kCaps[rng() % 4];
        std::atomic<bool> stop{false};
        const MemorySource inMemory(bytes);
        const CopyingSource copied(bytes);
        const ByteSource& source = seed % 2 ? static_cast<const ByteSource&>(inMemory) : copied;
        const auto outcome = u8doc::DocumentScan::scan(source, cap, stop, {}, split);
        QVERIFY(outcome.report);
        QCOMPARE(outcome.parts, expectedParts);
        compareWithReference(*outcome.report, bytes, cap);
    }

    // Wanted cuts closer than a part can be: each comes after the place the one before moved
    // to, or is dropped; parts of one byte are fine.
    void crowdedCuts() {
        std::mt19937 rng(77);
        Bytes bytes = makeText(rng, 600, 10);
        std::vector<quint64> near;
        for (quint64 at = 1; at < bytes.size(); at += 1 + rng() % 5)
            near.push_back(at);
        near.push_back(bytes.size() - 1);
        near.push_back(bytes.size()); // past the end: dropped
        u8doc::DocumentScan::Split split;
        split.near = near;
        split.chunkSize = 3;
        std::atomic<bool> stop{false};
        const auto outcome =
            u8doc::DocumentScan::scan(MemorySource(bytes), 100000, stop, {}, split);
        QVERIFY(outcome.report);
        QVERIFY(outcome.parts > 50);
        compareWithReference(*outcome.report, bytes, 100000);
    }

    // Progress comes on the calling thread only, never goes back, and ends at the size.
    void progressOnCallingThread() {
        std::mt19937 rng(3);
        const Bytes bytes = makeText(rng, 9u << 20, 5);
        u8doc::DocumentScan::Split split;
        split.near = {2u << 20, 4u << 20, 6u << 20};
        split.chunkSize = 65536;
        std::atomic<bool> stop{false};
        const auto caller = std::this_thread::get_id();
        quint64 last = 0;
        int calls = 0;
        bool inOrder = true, onCaller = true;
        const auto outcome = u8doc::DocumentScan::scan(
            CopyingSource(bytes), 1000, stop,
            [&](quint64 done, quint64 total) {
                inOrder = inOrder && done >= last && total == bytes.size();
                onCaller = onCaller && std::this_thread::get_id() == caller;
                last = done;
                ++calls;
            },
            split);
        QVERIFY(outcome.report);
        QCOMPARE(outcome.parts, std::size_t(4));
        QVERIFY(inOrder);
        QVERIFY(onCaller);
        QCOMPARE(last, quint64(bytes.size()));
        QVERIFY(calls >= 32); // after each 64 KiB chunk of the first part at least
    }

    // Once stop is set, each part reads at most the chunk it was at.
    void cancelWithinAChunkPerPart() {
        const Bytes bytes(32u << 20, 'a');
        const CopyingSource source(bytes);
        u8doc::DocumentScan::Split split;
        split.near = {8u << 20, 16u << 20, 24u << 20};
        split.chunkSize = 65536;
        std::atomic<bool> stop{false};
        int readsAtStop = 0;
        const auto outcome = u8doc::DocumentScan::scan(
            source, 1000, stop,
            [&](quint64 done, quint64) {
                if (done >= (1u << 20) && !stop) {
                    readsAtStop = source.reads.load();
                    stop = true;
                }
            },
            split);
        QVERIFY(outcome.cancelled);
        QVERIFY(!outcome.report);
        QVERIFY(readsAtStop > 0);
        QVERIFY2(source.reads.load() <= readsAtStop + 4,
                 qPrintable(QStringLiteral("%1 reads, %2 when stopped")
                                .arg(source.reads.load())
                                .arg(readsAtStop)));
    }

    // The file shrinks after the cuts were placed: the later parts meet the end first, but the
    // message names where the data ended for the first part that met it, as a scan in one part
    // would.
    void shortReadOfTheFirstPartThatMeetsIt() {
        const Bytes bytes(8u << 20, 'c');
        const quint64 realEnd = (3u << 20) + 1000;
        const CopyingSource source(bytes, 2, realEnd); // two reads to place two cuts
        u8doc::DocumentScan::Split split;
        split.near = {2u << 20, 5u << 20};
        split.chunkSize = 65536;
        std::atomic<bool> stop{false};
        const auto outcome = u8doc::DocumentScan::scan(source, 1000, stop, {}, split);
        QVERIFY(!outcome.report);
        QVERIFY(!outcome.cancelled);
        QCOMPARE(outcome.parts, std::size_t(3));
        QVERIFY2(outcome.error.contains(u8doc::NumberFormat::offset(realEnd)),
                 qPrintable(outcome.error));
        QVERIFY2(outcome.error.contains(u8doc::NumberFormat::count(bytes.size())),
                 qPrintable(outcome.error));
    }
};

QTEST_GUILESS_MAIN(TestDocumentScanParts)
#include "tst_document_scan_parts.moc"
