// The contract of u8codec::ByteSource (byte_source.h), one suite run against every source the
// programs read through: bytes in memory, a file, a piece table with edits, and a snapshot of
// one that later edits leave alone. Each holds the same bytes; each must give them back the same
// way: at every offset and length, short only at the end, nothing past it, from several threads
// at once, contiguous() all of them or nothing, and a file that shrinks underneath read short
// (the callers take a short read as the new end) with its new size reported.
#include "codec_test_support.h"
#include "u8codec/byte_source.h"
#include "u8codec/piece_table.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

using u8codec::ByteSource;
using u8test::Bytes;

namespace {

// 100,003 bytes: text with multi-byte characters, invalid bytes and NULs (so a read that stops
// at a zero or an error, not at its length, shows), a prime length so no chunk divides it.
Bytes sampleBytes() {
    Bytes b;
    std::mt19937 random(35);
    const std::string pieces[] = {"plain ASCII ",       "é",    "€",         "😀", "\xC0\xAF",
                                  std::string(1, '\0'), "\xFF", "Ελληνικά ", "\n"};
    while (b.size() < 100003) {
        const std::string& p = pieces[random() % std::size(pieces)];
        b.insert(b.end(), p.begin(), p.end());
    }
    b.resize(100003);
    return b;
}

// A source under test and what it must hold. `file` is set for sources that read a file (the
// file itself, or a piece table whose original it is): those are also shrunk underneath.
struct Subject {
    std::shared_ptr<const ByteSource> source;
    std::shared_ptr<u8codec::PieceTable> table; // kept alive for a snapshot, edited after
    Bytes expected;
    std::string file;
};

std::shared_ptr<const ByteSource> openFile(const std::string& path) {
    auto opened = u8codec::FileSource::open(path);
    if (!opened)
        return nullptr;
    return std::shared_ptr<const ByteSource>(std::move(opened).value());
}

// Edits `table` (holding `model`'s bytes) so that its bytes lie in many pieces: insertions,
// erasures and replacements spread over the document, each done to `model` as well.
bool editIntoPieces(u8codec::PieceTable& table, Bytes& model, unsigned seed) {
    std::mt19937 random(seed);
    for (int k = 0; k < 60; ++k) {
        const std::uint64_t at = random() % (model.size() + 1);
        const std::uint64_t length = std::min<std::uint64_t>(random() % 300, model.size() - at);
        Bytes text(random() % 200);
        for (auto& b : text)
            b = std::uint8_t(random());
        switch (k % 3) {
        case 0:
            if (!table.insert(at, text))
                return false;
            model.insert(model.begin() + std::ptrdiff_t(at), text.begin(), text.end());
            break;
        case 1:
            if (!table.erase(at, length))
                return false;
            model.erase(model.begin() + std::ptrdiff_t(at),
                        model.begin() + std::ptrdiff_t(at + length));
            break;
        default:
            if (!table.replace(at, length, text))
                return false;
            model.erase(model.begin() + std::ptrdiff_t(at),
                        model.begin() + std::ptrdiff_t(at + length));
            model.insert(model.begin() + std::ptrdiff_t(at), text.begin(), text.end());
        }
    }
    return table.pieceCount() > 20;
}

// The sources, each made fresh (a test may shrink a file under its source), their files in a
// scratch folder of their own.
class Subjects {
public:
    static constexpr const char* kNames[] = {"memory", "file", "piece table over memory",
                                             "piece table over a file",
                                             "snapshot, the table edited after it"};

    Subject make(int which) const {
        const Bytes bytes = sampleBytes();
        switch (which) {
        case 0:
            return Subject{std::make_shared<u8codec::MemorySource>(bytes), nullptr, bytes, {}};
        case 1: {
            const std::string path = fileOf("file.bin", bytes);
            return Subject{openFile(path), nullptr, bytes, path};
        }
        case 2: {
            auto table = std::make_shared<u8codec::PieceTable>(
                std::make_shared<u8codec::MemorySource>(bytes));
            Bytes model = bytes;
            if (!editIntoPieces(*table, model, 1))
                return Subject{};
            return Subject{table, table, model, {}};
        }
        case 3: {
            const std::string path = fileOf("table.bin", bytes);
            auto table = std::make_shared<u8codec::PieceTable>(openFile(path));
            Bytes model = bytes;
            if (!editIntoPieces(*table, model, 2))
                return Subject{};
            return Subject{table, table, model, path};
        }
        default: {
            auto table = std::make_shared<u8codec::PieceTable>(
                std::make_shared<u8codec::MemorySource>(bytes));
            Bytes model = bytes;
            if (!editIntoPieces(*table, model, 3))
                return Subject{};
            std::shared_ptr<const ByteSource> snapshot = table->snapshot();
            Bytes later = model;
            if (!editIntoPieces(*table, later, 4))
                return Subject{};
            return Subject{snapshot, table, model, {}};
        }
        }
    }

private:
    std::string fileOf(const char* name, const Bytes& bytes) const {
        return u8test::writeFile(dir_.filePath(name), bytes);
    }
    u8test::TempDir dir_;
};

constexpr int kSubjectCount = int(std::size(Subjects::kNames));

// size() is the bytes' length; a read at any offset gives min(length, size - offset) bytes,
// equal to the bytes there, and nothing at or past the end or into no room.
TEST_CASE("size() is the length, and a read anywhere gives the bytes there and no more") {
    for (int which = 0; which < kSubjectCount; ++which)
        SUBCASE(Subjects::kNames[which]) {
            const Subjects subjects;
            const Subject s = subjects.make(which);
            REQUIRE(s.source);
            const ByteSource& source = *s.source;
            const Bytes& expected = s.expected;
            const std::uint64_t size = expected.size();
            REQUIRE(source.size() == size);
            REQUIRE(source.currentSize() == (std::optional<std::uint64_t>(size)));
            std::vector<std::uint64_t> offsets = {
                0,           1,        4095, 4096,     4097,          size / 2,
                size - 4097, size - 1, size, size + 1, size + 100000, ~std::uint64_t(0) - 10};
            std::mt19937 random(7);
            for (int k = 0; k < 200; ++k)
                offsets.push_back(random() % size);
            for (const std::uint64_t offset : offsets)
                for (const std::size_t length : {std::size_t(0), std::size_t(1), std::size_t(7),
                                                 std::size_t(4096), std::size_t(65537)}) {
                    Bytes got(length + 3, 0xAA);
                    const std::size_t n =
                        source.read(offset, std::span<std::uint8_t>(got.data(), length));
                    const std::size_t want =
                        offset >= size
                            ? 0
                            : std::size_t(std::min<std::uint64_t>(length, size - offset));
                    REQUIRE(n == want);
                    REQUIRE_MESSAGE(
                        std::equal(got.begin(), got.begin() + std::ptrdiff_t(n),
                                   expected.begin() + std::ptrdiff_t(std::min(offset, size))),
                        "offset ", offset, " length ", length);
                    // Nothing written past what it says it read.
                    REQUIRE(std::all_of(got.begin() + std::ptrdiff_t(n), got.end(),
                                        [](std::uint8_t b) { return b == 0xAA; }));
                }
        }
}

// Read front to back in chunks of every size a reader uses, the bytes are the whole.
TEST_CASE("read front to back in chunks of every size, the bytes are the whole") {
    for (int which = 0; which < kSubjectCount; ++which)
        SUBCASE(Subjects::kNames[which]) {
            const Subjects subjects;
            const Subject s = subjects.make(which);
            REQUIRE(s.source);
            for (const std::size_t chunk : {std::size_t(1) << 12, std::size_t(1) << 16,
                                            std::size_t(12345), std::size_t(1) << 20}) {
                Bytes whole;
                Bytes buffer(chunk);
                for (std::uint64_t at = 0;;) {
                    const std::size_t n = s.source->read(at, buffer);
                    whole.insert(whole.end(), buffer.begin(), buffer.begin() + std::ptrdiff_t(n));
                    at += n;
                    if (n < chunk)
                        break;
                }
                REQUIRE(whole.size() == s.expected.size());
                REQUIRE(whole == s.expected);
            }
        }
}

// contiguous(): the whole bytes where they already are in memory, else empty; never part.
TEST_CASE("contiguous() gives all the bytes or nothing, never part") {
    for (int which = 0; which < kSubjectCount; ++which)
        SUBCASE(Subjects::kNames[which]) {
            const Subjects subjects;
            const Subject s = subjects.make(which);
            REQUIRE(s.source);
            const std::span<const std::uint8_t> all = s.source->contiguous();
            if (!all.empty())
                REQUIRE(std::equal(all.begin(), all.end(), s.expected.begin(), s.expected.end()));
            // Bytes in memory are given at once: the scanners read them without a copy.
            if (which == 0) // memory
                REQUIRE(all.size() == s.expected.size());
        }
}

// The window's background check and the streamed repair read parts on every core at once:
// reads from four threads give each the bytes it asked for.
TEST_CASE("reads from four threads at once each give the bytes asked for") {
    for (int which = 0; which < kSubjectCount; ++which)
        SUBCASE(Subjects::kNames[which]) {
            const Subjects subjects;
            const Subject s = subjects.make(which);
            REQUIRE(s.source);
            std::atomic<int> wrong{0};
            std::vector<std::thread> threads;
            for (unsigned t = 0; t < 4; ++t)
                threads.emplace_back([&, t] {
                    std::mt19937 random(100 + t);
                    Bytes got(5000);
                    for (int k = 0; k < 400; ++k) {
                        const std::uint64_t offset = random() % s.expected.size();
                        const std::size_t n = s.source->read(offset, got);
                        const auto want = std::size_t(
                            std::min<std::uint64_t>(got.size(), s.expected.size() - offset));
                        if (n != want || !std::equal(got.begin(), got.begin() + std::ptrdiff_t(n),
                                                     s.expected.begin() + std::ptrdiff_t(offset)))
                            ++wrong;
                    }
                });
            for (std::thread& t : threads)
                t.join();
            REQUIRE(wrong.load() == 0);
        }
}

// A file cut short after it was opened: reads end where its bytes now end (short, never past
// them, never a crash), and the source that reads the file itself says its new size.
TEST_CASE("a file cut short underneath reads short, and says its new size") {
    for (int which = 0; which < kSubjectCount; ++which)
        SUBCASE(Subjects::kNames[which]) {
            const Subjects subjects;
            const Subject s = subjects.make(which);
            REQUIRE(s.source);
            if (s.file.empty()) {
                MESSAGE("skipped: reads no file");
                continue;
            }
            constexpr std::uint64_t kLeft = 30000;
            REQUIRE(::truncate(s.file.c_str(), off_t(kLeft)) == 0);
            Bytes got(s.expected.size());
            const std::size_t n = s.source->read(0, got);
            REQUIRE(n <= s.expected.size());
            if (!s.table) {
                REQUIRE(n == std::size_t(kLeft));
                REQUIRE(
                    std::equal(got.begin(), got.begin() + std::ptrdiff_t(n), s.expected.begin()));
                REQUIRE(s.source->currentSize() == (std::optional<std::uint64_t>(kLeft)));
            } else {
                // The table's bytes before its first piece of the lost part of the original are
                // still the document's.
                REQUIRE(n < s.expected.size());
                REQUIRE(
                    std::equal(got.begin(), got.begin() + std::ptrdiff_t(n), s.expected.begin()));
                REQUIRE(s.table->originalState() == u8codec::OriginalState::Shrunk);
            }
        }
}

} // namespace
