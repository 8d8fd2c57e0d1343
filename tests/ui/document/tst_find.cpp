// The find engine without a window: its progress, matches across its 1 MiB chunks forwards,
// backwards and counted, the highlights of a window, cancel, and error segments by kind.
#include "find_engine.h"
#include "u8codec/byte_source.h"

#include <QTest>
#include <algorithm>
#include <atomic>
#include <string>
#include <vector>

class TestFind : public QObject {
    Q_OBJECT

private slots:
    // The engine reports the share of bytes read, in order, up to all of them.
    void reportsProgress() {
        const u8codec::MemorySource source(std::vector<std::uint8_t>(3 << 20, 'a'));
        std::vector<double> reports;
        const u8doc::FindProgress progress{nullptr, [&](double d) { reports.push_back(d); }};
        const u8doc::FindEngine engine(u8doc::FindQuery::forBytes("zz"));
        QVERIFY(!engine.next(source, 0, UINT64_MAX, progress));
        QCOMPARE(reports.size(), std::size_t(3)); // one per MiB chunk
        QVERIFY(std::is_sorted(reports.begin(), reports.end()));
        QCOMPARE(reports.back(), 1.0);
    }

    // The engine reads in 1 MiB chunks: matches across a chunk's edge are found once, forwards,
    // backwards and counted, exactly where a byte-by-byte search finds them.
    void agreesWithABruteForceSearch() {
        std::vector<std::uint8_t> bytes(3 << 20, '.');
        const std::vector<std::uint64_t> at = {0, (1 << 20) - 2, (1 << 20) + 3, (2 << 20) - 3,
                                               (3 << 20) - 4};
        for (std::uint64_t o : at) // "Ab" or "aB", then a 2-byte é or 1-byte e
            for (char c : std::string(o % 2 ? "Ab\xC3\xA9" : "aBe"))
                bytes[o++] = std::uint8_t(c);
        const u8codec::MemorySource source(bytes);
        // "abé" without case (the find bar's query for it), and e too: of different lengths.
        u8doc::FindQuery query;
        query.units = {{"a", "A"}, {"b", "B"}, {"\xC3\xA9", "\xC3\x89", "e"}};
        const u8doc::FindEngine engine(query);
        const u8doc::FindEngine::Count count = engine.count(source);
        QVERIFY(count.complete);
        QCOMPARE(count.starts, at);
        QCOMPARE(count.rankOf(at[2]), std::uint64_t(3));
        QCOMPARE(count.rankOf(at[2] + 1), std::uint64_t(0));
        std::vector<std::uint64_t> forward, backward;
        for (auto m = engine.next(source, 0); m; m = engine.next(source, m->offset + 1)) {
            forward.push_back(m->offset);
            QCOMPARE(m->length, std::uint64_t(m->offset % 2 ? 4 : 3));
        }
        for (auto m = engine.previous(source, UINT64_MAX); m;
             m = engine.previous(source, m->offset))
            backward.insert(backward.begin(), m->offset);
        QCOMPARE(forward, at);
        QCOMPARE(backward, at);
        // The highlights of a window include a match that starts just before it.
        const auto shown = engine.within(source, at[2] + 2, at[2] + 100);
        QCOMPARE(shown.size(), std::size_t(1));
        QCOMPARE(shown.front().offset, at[2]);
        // A cancelled run finds nothing.
        const std::atomic<bool> cancelled(true);
        QVERIFY(!engine.next(source, 0, UINT64_MAX, {&cancelled, {}}));
        QVERIFY(!engine.count(source, {&cancelled, {}}).complete);
    }

    // Error segments (the maximal subparts, segment.h), of any kind or of one kind, each
    // covering exactly its bytes; valid text around them is never a match.
    void findsErrorSegmentsByKind() {
        const std::string text = "a\xC0\xAF b \xE2\x82\xAC \xE2\x82";
        const u8codec::MemorySource source(std::vector<std::uint8_t>(text.begin(), text.end()));
        u8doc::FindQuery any;
        any.errorSegments = true;
        std::vector<std::pair<std::uint64_t, std::uint64_t>> found;
        const u8doc::FindEngine all(any);
        for (auto m = all.next(source, 0); m; m = all.next(source, m->offset + m->length))
            found.emplace_back(m->offset, m->length);
        // C0 (never in UTF-8), AF (a continuation with no lead), E2 82 (cut short by the end).
        const std::vector<std::pair<std::uint64_t, std::uint64_t>> expected = {
            {1, 1}, {2, 1}, {10, 2}};
        QCOMPARE(found, expected);
        QCOMPARE(all.count(source).total, std::uint64_t(3));
        u8doc::FindQuery truncated = any;
        truncated.errorKind = u8codec::ErrorKind::Truncated;
        const u8doc::FindEngine cut(truncated);
        const auto match = cut.next(source, 0);
        QVERIFY(match);
        QCOMPARE(match->offset, std::uint64_t(10));
        QCOMPARE(match->length, std::uint64_t(2));
        QVERIFY(!cut.previous(source, 10)); // none before it
        QVERIFY(!u8doc::FindQuery{}.errorSegments && u8doc::FindQuery{}.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestFind)
#include "tst_find.moc"
