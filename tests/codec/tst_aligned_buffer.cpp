// The page-aligned read buffer (u8codec::AlignedBuffer): aligned at every size, keeps
// its bytes when it grows, and a FileSource reads a file into it in chunks exactly as into any
// other storage. And u8codec::readAll(), the whole of a source into memory: a source that shrinks
// or grows while it is read, progress and cancel.
#include "codec_test_support.h"
#include "u8codec/aligned_buffer.h"
#include "u8codec/byte_source.h"
#include "u8codec/read_all.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

using u8codec::AlignedBuffer;

namespace {

bool pageAligned(const void* p) {
    return reinterpret_cast<std::uintptr_t>(p) % AlignedBuffer::kAlignment == 0;
}

// A source whose size() is `said` but whose bytes are `holds` (a file that shrank or grew after
// its size was taken), the byte at offset k being k % 251.
class ChangedSource final : public u8codec::ByteSource {
public:
    ChangedSource(std::uint64_t said, std::uint64_t holds) : said_(said), holds_(holds) {}
    std::uint64_t size() const override { return said_; }
    std::size_t read(std::uint64_t offset, std::span<std::uint8_t> dest) const override {
        const std::size_t n =
            std::size_t(std::min<std::uint64_t>(dest.size(), holds_ - std::min(holds_, offset)));
        for (std::size_t i = 0; i < n; ++i)
            dest[i] = std::uint8_t((offset + i) % 251);
        return n;
    }

private:
    std::uint64_t said_, holds_;
};

bool holdsTheSourcesBytes(const std::string& out) {
    for (std::size_t k = 0; k < out.size(); ++k)
        if (std::uint8_t(out[k]) != std::uint8_t(k % 251))
            return false;
    return true;
}

// Unchanged, shrunk, grown (followed or not), into a string or a vector of bytes.
TEST_CASE("readAll of a source unchanged, shrunk or grown, into a string or a vector") {
    constexpr std::uint64_t kSize = 3 * u8codec::kReadChunkSize + 17;
    std::string out = "old contents";
    REQUIRE(u8codec::readAll(ChangedSource(kSize, kSize), out) == u8codec::ReadEnd::Whole);
    REQUIRE(out.size() == std::size_t(kSize));
    REQUIRE(holdsTheSourcesBytes(out));
    REQUIRE(u8codec::readAll(ChangedSource(kSize, 1000), out) == u8codec::ReadEnd::Shorter);
    REQUIRE(out.size() == std::size_t(1000));
    REQUIRE(holdsTheSourcesBytes(out));
    const std::uint64_t grown = kSize + 2 * u8codec::kReadChunkSize + 5;
    REQUIRE(u8codec::readAll(ChangedSource(kSize, grown), out) == u8codec::ReadEnd::Whole);
    REQUIRE(out.size() == std::size_t(grown));
    REQUIRE(holdsTheSourcesBytes(out));
    u8codec::ReadAllOptions sizeOnly;
    sizeOnly.followGrowth = false;
    REQUIRE(u8codec::readAll(ChangedSource(kSize, grown), out, sizeOnly) ==
            u8codec::ReadEnd::Whole);
    REQUIRE(out.size() == std::size_t(kSize));
    std::vector<std::uint8_t> bytes;
    REQUIRE(u8codec::readAll(ChangedSource(0, 0), bytes) == u8codec::ReadEnd::Whole);
    REQUIRE(bytes.empty());
    REQUIRE(u8codec::readAll(ChangedSource(kSize, kSize), bytes) == u8codec::ReadEnd::Whole);
    REQUIRE(std::equal(bytes.begin(), bytes.end(), out.begin(), out.end(),
                       [](std::uint8_t a, char b) { return a == std::uint8_t(b); }));
}
// Progress after every chunk, up to the size, growth included; false cancels at once.
TEST_CASE("readAll reports progress after every chunk, and false cancels at once") {
    constexpr std::uint64_t kSize = 10000;
    u8codec::ReadAllOptions options;
    options.chunk = 3000;
    std::vector<std::uint64_t> seen;
    options.progress = [&](std::uint64_t done, std::uint64_t expected) {
        seen.push_back(done);
        return expected == kSize;
    };
    std::string out;
    REQUIRE(u8codec::readAll(ChangedSource(kSize, kSize + 7), out, options) ==
            u8codec::ReadEnd::Whole);
    REQUIRE(seen == (std::vector<std::uint64_t>{3000, 6000, 9000, 10000, 10007}));
    REQUIRE((holdsTheSourcesBytes(out) && out.size() == kSize + 7));
    seen.clear();
    options.progress = [&](std::uint64_t done, std::uint64_t) {
        seen.push_back(done);
        return done < 6000;
    };
    REQUIRE(u8codec::readAll(ChangedSource(kSize, kSize), out, options) ==
            u8codec::ReadEnd::Cancelled);
    REQUIRE(seen == (std::vector<std::uint64_t>{3000, 6000}));
    REQUIRE(out.size() == std::size_t(6000)); // what was read, no more
    REQUIRE(holdsTheSourcesBytes(out));
}
TEST_CASE("the buffer is page-aligned at every size") {
    REQUIRE((AlignedBuffer::kAlignment % 64) == std::size_t(0)); // whole cache lines
    REQUIRE((u8codec::kReadChunkSize % AlignedBuffer::kAlignment) == std::size_t(0));
    for (std::size_t size :
         {std::size_t(1), std::size_t(16), std::size_t(100), std::size_t(4096), std::size_t(4097),
          u8codec::kReadChunkSize, std::size_t(1) << 20, (std::size_t(3) << 20) + 5}) {
        AlignedBuffer b(size);
        REQUIRE(b.size() == size);
        REQUIRE_MESSAGE(pageAligned(b.data()), size);
        REQUIRE(b.span().size() == size);
        REQUIRE((b.end() - b.begin()) == std::ptrdiff_t(size));
        std::memset(b.data(), 0x5A, size); // every byte is writable
        REQUIRE(b[size - 1] == std::uint8_t(0x5A));
    }
}

TEST_CASE("the buffer is empty until sized") {
    AlignedBuffer b;
    REQUIRE(b.empty());
    REQUIRE(b.size() == std::size_t(0));
    REQUIRE(b.span().empty());
    b.resize(10);
    REQUIRE(!b.empty());
    REQUIRE(pageAligned(b.data()));
}

// Growing keeps the bytes (moved to new aligned storage); shrinking keeps the storage.
TEST_CASE("resizing keeps the bytes, and shrinking keeps the storage") {
    AlignedBuffer b(1000);
    for (std::size_t i = 0; i < b.size(); ++i)
        b[i] = std::uint8_t(i * 7);
    b.resize(300000);
    REQUIRE(pageAligned(b.data()));
    for (std::size_t i = 0; i < 1000; ++i)
        REQUIRE(b[i] == std::uint8_t(i * 7));
    const std::uint8_t* storage = b.data();
    b.resize(10);
    REQUIRE(b.data() == storage);
    REQUIRE(b.size() == std::size_t(10));
    b.resize(300000); // within the capacity: no new storage
    REQUIRE(b.data() == storage);
    for (std::size_t i = 0; i < 10; ++i)
        REQUIRE(b[i] == std::uint8_t(i * 7));
}

TEST_CASE("a moved buffer keeps its storage, and the moved-from one is empty") {
    AlignedBuffer a(5000);
    a[4999] = 42;
    const std::uint8_t* storage = a.data();
    AlignedBuffer b(std::move(a));
    REQUIRE(b.data() == storage);
    REQUIRE(b.size() == std::size_t(5000));
    REQUIRE(b[4999] == std::uint8_t(42));
    REQUIRE(a.empty()); // NOLINT(bugprone-use-after-move): moved-from is empty, by contract
    AlignedBuffer c(10);
    c = std::move(b);
    REQUIRE(c.data() == storage);
    REQUIRE(b.empty()); // NOLINT(bugprone-use-after-move)
}

// A file read through FileSource into the buffer in chunks of every awkward size gives its
// bytes, the last chunk short.
TEST_CASE("a file read through FileSource in chunks of every awkward size gives its bytes") {
    const u8test::TempDir dir;
    u8test::Random rng(18);
    std::string bytes(700001, '\0');
    for (char& c : bytes)
        c = char(rng.bounded(256));
    const std::string path = u8test::writeFile(dir.filePath("f.bin"), bytes);
    auto opened = u8codec::FileSource::open(path);
    REQUIRE(opened.ok());
    for (std::size_t chunk : {std::size_t(1) << 12, std::size_t(65537), u8codec::kReadChunkSize,
                              std::size_t(1) << 20}) {
        AlignedBuffer buffer(chunk);
        std::string read;
        for (std::uint64_t at = 0;;) {
            const std::size_t n = (*opened)->read(at, buffer.span());
            read.append(reinterpret_cast<const char*>(buffer.data()), n);
            at += n;
            if (n < buffer.size())
                break;
        }
        REQUIRE_MESSAGE((read == bytes), "chunks of ", chunk); // not printed: 700 kB
    }
}

} // namespace
