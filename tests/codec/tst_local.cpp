// The local view: segments around any offset, computed from a bounded neighbourhood, equal those
// of segmenting the whole buffer, at every offset (a character is at most 4 bytes, so a bounded
// look-back finds a boundary: RFC 3629 section 1).
#include "codec_test_support.h"
#include "u8codec/byte_source.h"
#include "u8codec/local_segments.h"
#include "u8codec/segmenter.h"

#include <string>
#include <vector>

using namespace u8codec;
using u8test::Bytes;

namespace {

// The whole-buffer answer, with the index of the segment that holds each byte.
struct Whole {
    std::vector<Segment> segments;
    std::vector<std::uint32_t> segmentOfByte;

    explicit Whole(const Bytes& b) : segments(segment(u8test::view(b))), segmentOfByte(b.size()) {
        for (std::size_t i = 0; i < segments.size(); ++i)
            for (std::uint64_t o = segments[i].offset; o < segments[i].end(); ++o)
                segmentOfByte[o] = std::uint32_t(i);
    }
    // The segments that overlap [from, to), to clamped to the size.
    std::vector<Segment> overlapping(std::uint64_t from, std::uint64_t to) const {
        to = std::min<std::uint64_t>(to, segmentOfByte.size());
        if (from >= to)
            return {};
        return {segments.begin() + segmentOfByte[from],
                segments.begin() + segmentOfByte[to - 1] + 1};
    }
};

// A source whose size is stale: the file shrank to `bytes` after `claimedSize` was read.
class ShrunkSource final : public ByteSource {
public:
    ShrunkSource(Bytes bytes, std::uint64_t claimedSize)
        : memory_(std::move(bytes)), claimed_(claimedSize) {}
    std::uint64_t size() const override { return claimed_; }
    std::size_t read(std::uint64_t offset, std::span<std::uint8_t> dest) const override {
        return memory_.read(offset, dest);
    }

private:
    MemorySource memory_;
    std::uint64_t claimed_;
};

struct Input {
    std::string name;
    Bytes bytes;
};

// The rows every test runs on.
std::vector<Input> inputs() {
    std::vector<Input> out;
    const auto constructed = u8test::constructedInputs();
    for (std::size_t i = 0; i < constructed.size(); ++i)
        out.push_back({"constructed " + std::to_string(i), constructed[i]});
    // Error-dense: every 1-, 2- and 3-byte combination of edge bytes, concatenated, so that
    // every offset sits next to every kind of sequence start and end.
    static constexpr std::uint8_t kEdge[] = {0x41, 0x80, 0x9F, 0xA0, 0xBF, 0xC1, 0xC2,
                                             0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF};
    Bytes dense;
    for (std::uint8_t a : kEdge)
        for (std::uint8_t b : kEdge)
            for (std::uint8_t c : kEdge)
                dense.insert(dense.end(), {a, b, c, 0x80, 0xBF});
    out.push_back({"edge triples", dense});
    for (const char* name : {"UTF-8-test.txt", "UTF-8-demo.txt"}) {
        Bytes b;
        if (u8test::loadCorpus(name, b))
            out.push_back({name, std::move(b)});
    }
    return out;
}

TEST_CASE("the segment at every offset is the whole buffer's") {
    for (const Input& input : inputs())
        SUBCASE(input.name.c_str()) {
            const Bytes& b = input.bytes;
            const Whole whole(b);
            const MemorySource source(b);
            for (std::uint64_t o = 0; o < b.size(); ++o) {
                const Segment got = segmentAt(source, o);
                const Segment& want = whole.segments[whole.segmentOfByte[o]];
                REQUIRE_MESSAGE(got == want, "offset ", o, ": got ", u8test::describe(got),
                                ", want ", u8test::describe(want));
            }
        }
}

TEST_CASE("the segments of a range at every offset are the whole buffer's") {
    for (const Input& input : inputs())
        SUBCASE(input.name.c_str()) {
            const Bytes& b = input.bytes;
            const Whole whole(b);
            const MemorySource source(b);
            for (std::uint64_t from = 0; from <= b.size(); ++from)
                for (std::uint64_t width : {1, 2, 3, 4, 5, 7, 16, 61}) {
                    const std::string diff =
                        u8test::firstDifference(segmentsInRange(source, from, from + width),
                                                whole.overlapping(from, from + width));
                    REQUIRE_MESSAGE(diff.empty(), "[", from, ", +", width, "): ", diff);
                }
        }
}

TEST_CASE("the segments from the smallest window the contract allows are the whole buffer's") {
    for (const Input& input : inputs())
        SUBCASE(input.name.c_str()) {
            const Bytes& b = input.bytes;
            const Whole whole(b);
            const std::uint64_t n = b.size();
            for (std::uint64_t from = 0; from < n; ++from)
                for (std::uint64_t width : {1, 3, 9}) {
                    const std::uint64_t to = std::min(n, from + width);
                    // The smallest window the contract allows, and one with extra bytes before and
                    // after.
                    for (std::uint64_t slack : {0, 5}) {
                        const std::uint64_t begin =
                            from >= kMaxLookBehind + slack ? from - kMaxLookBehind - slack : 0;
                        const std::uint64_t end = std::min(n, to + kMaxLookAhead + slack);
                        const std::span<const std::uint8_t> window(b.data() + begin, end - begin);
                        const std::string diff = u8test::firstDifference(
                            segmentsInWindow(window, begin, end == n, from, to),
                            whole.overlapping(from, to));
                        REQUIRE_MESSAGE(diff.empty(), "[", from, ", ", to, ") in window [", begin,
                                        ", ", end, "): ", diff);
                    }
                }
        }
}

TEST_CASE("every byte's role from the local segment is its role in the whole") {
    // The role each byte is coloured by, from the local segment, equals its role in the whole.
    for (const Input& input : inputs())
        SUBCASE(input.name.c_str()) {
            const Bytes& b = input.bytes;
            const Whole whole(b);
            const MemorySource source(b);
            for (std::uint64_t from = 0; from < b.size(); from += 37) {
                const auto local = segmentsInRange(source, from, from + 37);
                for (const Segment& s : local)
                    for (std::uint64_t o = std::max(s.offset, from);
                         o < std::min(s.end(), from + 37); ++o)
                        REQUIRE(roleInSegment(s, o) ==
                                roleInSegment(whole.segments[whole.segmentOfByte[o]], o));
            }
        }
}

TEST_CASE("an empty source, ranges out of range, and an offset inside a character") {
    const MemorySource empty(Bytes{});
    REQUIRE(segmentsInRange(empty, 0, 10).empty());
    const MemorySource source(u8test::hex("E2 82 AC 41"));
    REQUIRE(segmentsInRange(source, 2, 2).empty());
    REQUIRE(segmentsInRange(source, 4, 9).empty());
    REQUIRE(segmentsInRange(source, 9, 12).empty());
    const auto last = segmentsInRange(source, 3, 100);
    REQUIRE(last.size() == std::size_t(1));
    REQUIRE(last[0].codePoint == char32_t('A'));
    // An offset inside a character gives the whole character.
    const Segment euro = segmentAt(source, 2);
    REQUIRE(euro.offset == std::uint64_t(0));
    REQUIRE(int(euro.length) == 3);
    REQUIRE(euro.codePoint == char32_t(0x20AC));
}

TEST_CASE("a source that shrank ends at the short read") {
    // The size says 10 but only "41 E2 82" can be read: the short read is the new end, so E2 82
    // is a truncated sequence, as segmenting the three bytes gives.
    const ShrunkSource source(u8test::hex("41 E2 82"), 10);
    const auto got = segmentsInRange(source, 0, 10);
    const std::string diff =
        u8test::firstDifference(got, segment(u8test::view(u8test::hex("41 E2 82"))));
    REQUIRE_MESSAGE(diff.empty(), diff);
    REQUIRE(segmentAt(source, 2).error == ErrorKind::Truncated);
}

} // namespace
