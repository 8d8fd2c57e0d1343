// navigate.h: next/previous error and non-ASCII segment, chunked, must equal the whole-stream
// segmentation everywhere, and above all at the chunk edges where local segmentation restarts.
#include "codec_test_support.h"
#include "u8codec/byte_source.h"
#include "u8codec/navigate.h"
#include "u8codec/problem.h"
#include "u8codec/segmenter.h"

#include <algorithm>
#include <atomic>
#include <optional>
#include <random>
#include <vector>

using namespace u8codec;

namespace {

// Text with characters of every length and errors of every kind, many of them placed so that
// they straddle multiples of kNavigateChunk (where each forward chunk starts) and of
// size - k * kNavigateChunk (where each backward chunk starts).
std::vector<std::uint8_t> makeStream(unsigned seed, std::size_t size) {
    static const std::vector<std::vector<std::uint8_t>> pieces = {
        {'a'},
        {'\n'},
        {0xC3, 0xA9},             // é
        {0xE2, 0x82, 0xAC},       // €
        {0xF0, 0x9F, 0x98, 0x80}, // 😀
        {0xC0, 0xAF},             // overlong
        {0xED, 0xA0, 0x80},       // surrogate
        {0xF4, 0x90, 0x80, 0x80}, // too large
        {0x80},                   // stray continuation
        {0xE2, 0x82},             // truncated
        {0xFF},                   // invalid
    };
    std::mt19937 rng(seed);
    std::vector<std::uint8_t> out;
    while (out.size() < size) {
        const auto r = rng() % 100;
        // Mostly ASCII, so that whole chunks take the all-ASCII shortcut too.
        const auto& p = r < 90 ? pieces[0] : pieces[1 + rng() % (pieces.size() - 1)];
        out.insert(out.end(), p.begin(), p.end());
    }
    out.resize(size);
    // A multi-byte character and an error across every chunk edge.
    for (std::uint64_t edge = kNavigateChunk; edge + 4 < size; edge += kNavigateChunk) {
        const std::uint8_t across[] = {0xE2, 0x82, 0xAC, 0xED, 0xA0, 0x80};
        for (int i = 0; i < 6; ++i)
            out[edge - 2 + i] = across[i];
    }
    for (std::uint64_t edge = size; edge > kNavigateChunk + 4; edge -= kNavigateChunk) {
        const std::uint8_t across[] = {0xF0, 0x9F, 0x98, 0x80, 0xE2, 0x82};
        for (int i = 0; i < 6; ++i)
            out[edge - kNavigateChunk - 3 + i] = across[i];
    }
    return out;
}

// Counts its reads, and sets a cancel flag after the first one when asked.
struct ReadCounter final : ByteSource {
    explicit ReadCounter(std::vector<std::uint8_t> b) : inner(std::move(b)) {}
    std::uint64_t size() const override { return inner.size(); }
    std::size_t read(std::uint64_t offset, std::span<std::uint8_t> dest) const override {
        ++reads;
        if (cancelAfterFirstRead)
            *cancelAfterFirstRead = true;
        return inner.read(offset, dest);
    }
    MemorySource inner;
    mutable int reads = 0;
    mutable std::atomic<bool>* cancelAfterFirstRead = nullptr;
};

TEST_CASE("next and previous error and non-ASCII segment equal the whole stream's, at every edge") {
    const struct {
        const char* name;
        unsigned seed;
        int size;
    } rows[] = {
        {"three chunks", 1u, int(3 * kNavigateChunk + 17)},
        {"exact chunks", 2u, int(2 * kNavigateChunk)},
        {"small", 3u, 300},
        {"all ascii tail", 4u, int(kNavigateChunk + 5)},
    };
    for (const auto& row : rows)
        SUBCASE(row.name) {
            const unsigned seed = row.seed;
            const int size = row.size;
            const auto bytes = makeStream(seed, std::size_t(size));
            const MemorySource source(bytes);
            const std::vector<Segment> all = segment(bytes);

            auto expectNext = [&](std::uint64_t from, bool errorsOnly) -> std::optional<Segment> {
                for (const Segment& s : all)
                    if (s.offset >= from &&
                        (errorsOnly ? !s.isValid() : !(s.isValid() && s.length == 1)))
                        return s;
                return std::nullopt;
            };
            auto expectPrevious = [&](std::uint64_t before,
                                      bool errorsOnly) -> std::optional<Segment> {
                for (auto it = all.rbegin(); it != all.rend(); ++it)
                    if (it->offset < before &&
                        (errorsOnly ? !it->isValid() : !(it->isValid() && it->length == 1)))
                        return *it;
                return std::nullopt;
            };

            // Every offset near a chunk edge (forward and backward), plus a random sample.
            std::vector<std::uint64_t> offsets;
            for (std::uint64_t edge = 0; edge <= std::uint64_t(size); edge += kNavigateChunk)
                for (int d = -8; d <= 8; ++d)
                    offsets.push_back(edge + d);
            for (std::uint64_t edge = size; edge > kNavigateChunk; edge -= kNavigateChunk)
                for (int d = -8; d <= 8; ++d)
                    offsets.push_back(edge - kNavigateChunk + d);
            // Steps grow 1 KiB, 2 KiB, 4 KiB, ...: start so that a later step's edge falls right on
            // a character or error placed across a multiple of kNavigateChunk.
            for (std::uint64_t edge = kNavigateChunk; edge < std::uint64_t(size);
                 edge += kNavigateChunk)
                for (std::uint64_t grown = 1024; grown < kNavigateChunk; grown = 2 * grown + 1024)
                    for (int d = -3; d <= 3; ++d) {
                        offsets.push_back(edge - grown + d); // forward edges
                        offsets.push_back(edge + grown + d); // backward edges
                    }
            std::mt19937 rng(seed);
            for (int i = 0; i < 60; ++i)
                offsets.push_back(rng() % (size + 1));
            offsets.push_back(size);
            offsets.push_back(size + 10);

            for (std::uint64_t at : offsets) {
                if (at > std::uint64_t(size) + 10)
                    continue; // d < 0 at edge 0 wrapped around
                REQUIRE(findNextError(source, at) == expectNext(at, true));
                REQUIRE(findNextNonAscii(source, at) == expectNext(at, false));
                REQUIRE(findPreviousError(source, at) == expectPrevious(at, true));
                REQUIRE(findPreviousNonAscii(source, at) == expectPrevious(at, false));
            }
        }
}

TEST_CASE("walking forward or backward finds every error once") {
    const auto bytes = makeStream(7, 2 * kNavigateChunk + 100);
    const MemorySource source(bytes);
    std::uint64_t expected = 0;
    for (const Segment& s : segment(bytes))
        expected += s.isValid() ? 0 : 1;
    std::uint64_t found = 0;
    std::uint64_t from = 0;
    while (const auto s = findNextError(source, from)) {
        ++found;
        from = s->end();
    }
    REQUIRE(found == expected);
    // And backwards.
    std::uint64_t back = 0;
    std::uint64_t before = bytes.size();
    while (const auto s = findPreviousError(source, before)) {
        ++back;
        before = s->offset;
    }
    REQUIRE(back == expected);
}

TEST_CASE("problemAt at every offset equals the whole stream's problems") {
    // Every offset of a dense stream: the local answer equals the whole-stream problems.
    const auto bytes = makeStream(11, 6000);
    const MemorySource source(bytes);
    std::vector<Problem> all;
    ProblemScanner scanner;
    auto sink = [&](const Problem& p) { all.push_back(p); };
    scanner.feed(bytes, sink);
    scanner.finish(sink);
    REQUIRE(all.size() > 50);
    std::size_t next = 0;
    for (std::uint64_t at = 0; at < bytes.size(); ++at) {
        while (next < all.size() && all[next].end() <= at)
            ++next;
        const bool inside = next < all.size() && all[next].offset <= at;
        const auto found = problemAt(source, at);
        REQUIRE(found.has_value() == inside);
        if (inside) {
            REQUIRE(found->offset == all[next].offset);
            REQUIRE(found->length == all[next].length);
            REQUIRE(int(found->kind) == int(all[next].kind));
            REQUIRE(found->value == all[next].value);
        }
    }
    REQUIRE(!problemAt(source, bytes.size()));
}

TEST_CASE("nothing is found in an empty or a clean source") {
    const MemorySource empty(std::vector<std::uint8_t>{});
    REQUIRE(!findNextError(empty, 0));
    REQUIRE(!findPreviousNonAscii(empty, 10));
    const MemorySource clean(std::vector<std::uint8_t>(3 * kNavigateChunk, 'x'));
    REQUIRE(!findNextNonAscii(clean, 0));
    REQUIRE(!findPreviousError(clean, 3 * kNavigateChunk));
}

// A search stops at the first chunk after `cancel` becomes true, with no answer, although
// the error it looks for is further on; without a cancel the same search finds it.
TEST_CASE("a search stops at the first chunk after it is cancelled") {
    std::vector<std::uint8_t> bytes(64 * kNavigateChunk, 'x');
    bytes[bytes.size() / 2] = 0xFF;
    const ReadCounter source(std::move(bytes));
    std::atomic<bool> cancel{false};
    source.cancelAfterFirstRead = &cancel;
    REQUIRE(!findNextError(source, 0, &cancel));
    REQUIRE(source.reads == 1);
    cancel = false;
    source.reads = 0;
    REQUIRE(!findPreviousNonAscii(source, source.size(), &cancel));
    REQUIRE(source.reads == 1);
    source.cancelAfterFirstRead = nullptr;
    cancel = false;
    const auto next = findNextError(source, 0, &cancel);
    REQUIRE(next);
    REQUIRE(next->offset == (source.size() / 2));
    const auto previous = findPreviousNonAscii(source, source.size(), &cancel);
    REQUIRE(previous);
    REQUIRE(previous->offset == (source.size() / 2));
}

} // namespace
