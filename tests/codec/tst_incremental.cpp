// Feeding bytes in chunks gives exactly what one buffer gives: segments, problems, decoded text
// and the scan summary, at every split point and for chunk sizes 1-7.
#include "codec_test_support.h"
#include "u8codec/decoder.h"
#include "u8codec/problem.h"
#include "u8codec/scan.h"
#include "u8codec/segmenter.h"

#include <string>
#include <vector>

using namespace u8codec;
using u8test::Bytes;

namespace {

using Chunks = std::vector<std::span<const std::uint8_t>>;

// The input cut at the given points (ascending), keeping empty chunks: a caller may feed one.
Chunks cutAt(const Bytes& b, std::initializer_list<std::size_t> points) {
    Chunks out;
    std::size_t from = 0;
    for (std::size_t p : points) {
        out.push_back(std::span<const std::uint8_t>(b.data() + from, p - from));
        from = p;
    }
    out.push_back(std::span<const std::uint8_t>(b.data() + from, b.size() - from));
    return out;
}

Chunks cutEvery(const Bytes& b, std::size_t size) {
    Chunks out;
    for (std::size_t from = 0; from < b.size(); from += size)
        out.push_back(
            std::span<const std::uint8_t>(b.data() + from, std::min(size, b.size() - from)));
    return out;
}

std::vector<Segment> segmentsOf(const Chunks& chunks) {
    std::vector<Segment> out;
    Segmenter s;
    auto sink = [&](const Segment& seg) { out.push_back(seg); };
    for (auto c : chunks)
        s.feed(c, sink);
    s.finish(sink);
    return out;
}

// Compares segments with the expected list as they arrive: the every-split tests run the corpus
// files (tens of kilobytes) once per split point, so nothing is allocated per split.
struct SegmentChecker {
    const std::vector<Segment>& want;
    std::size_t next = 0;
    std::size_t firstBad = SIZE_MAX;
    void operator()(const Segment& s) {
        if (firstBad == SIZE_MAX && (next >= want.size() || !(s == want[next])))
            firstBad = next;
        ++next;
    }
    bool matched() const { return firstBad == SIZE_MAX && next == want.size(); }
};

bool segmentsMatch(const Chunks& chunks, const std::vector<Segment>& want) {
    SegmentChecker check{want};
    Segmenter s;
    for (auto c : chunks)
        s.feed(c, check);
    s.finish(check);
    return check.matched();
}

bool sameProblem(const Problem& a, const Problem& b) {
    return a.offset == b.offset && a.length == b.length && a.kind == b.kind && a.value == b.value &&
           a.announcedLength == b.announcedLength && a.errorSegments == b.errorSegments &&
           a.headLength == b.headLength &&
           std::equal(a.head.begin(), a.head.begin() + a.headLength, b.head.begin());
}

std::vector<Problem> problemsOf(const Chunks& chunks) {
    std::vector<Problem> out;
    ProblemScanner s;
    auto sink = [&](const Problem& p) { out.push_back(p); };
    for (auto c : chunks)
        s.feed(c, sink);
    s.finish(sink);
    return out;
}

bool sameProblems(const std::vector<Problem>& a, const std::vector<Problem>& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), sameProblem);
}

bool problemsMatch(const Chunks& chunks, const std::vector<Problem>& want) {
    std::size_t next = 0;
    bool ok = true;
    ProblemScanner s;
    auto sink = [&](const Problem& p) {
        ok = ok && next < want.size() && sameProblem(p, want[next]);
        ++next;
    };
    for (auto c : chunks)
        s.feed(c, sink);
    s.finish(sink);
    return ok && next == want.size();
}

struct Decoded {
    std::string text;
    bool ok = true;
    std::optional<Segment> firstError;
    std::uint64_t errorSegments = 0;
    bool operator==(const Decoded&) const = default;
};

Decoded decodeChunks(const Chunks& chunks, ErrorPolicy policy, std::string buffer = {}) {
    Decoded d;
    buffer.clear();
    d.text = std::move(buffer);
    Decoder decoder(policy);
    for (auto c : chunks)
        d.ok = decoder.feed(c, d.text) && d.ok;
    d.ok = decoder.finish(d.text) && d.ok;
    d.firstError = decoder.firstError();
    d.errorSegments = decoder.errorSegments();
    return d;
}

ScanSummary scanChunks(const Chunks& chunks, Isa path = Isa::Auto) {
    Scanner s(path);
    for (auto c : chunks)
        s.feed(c);
    s.finish();
    return s.summary();
}

bool sameSummary(const ScanSummary& a, const ScanSummary& b) {
    return a.bytes == b.bytes && a.characters == b.characters && a.byLength == b.byLength &&
           a.errors == b.errors && a.lineFeeds == b.lineFeeds &&
           a.carriageReturns == b.carriageReturns && a.crlf == b.crlf && a.lines == b.lines &&
           a.bom == b.bom;
}

// The summary counted the slow way: one segment at a time through Scanner::count (the reference
// the scanner's fast path must equal), lines and the BOM counted here byte by byte.
ScanSummary referenceSummary(const Bytes& b) {
    ScanSummary s;
    for (const Segment& seg : segment(u8test::view(b)))
        Scanner::count(seg, s);
    s.bytes = b.size();
    for (std::size_t i = 0; i < b.size(); ++i) {
        s.lineFeeds += b[i] == '\n';
        s.carriageReturns += b[i] == '\r';
        s.crlf += b[i] == '\n' && i > 0 && b[i - 1] == '\r';
    }
    s.lines = s.lineFeeds + (!b.empty() && b.back() != '\n' ? 1 : 0);
    s.bom = b.size() >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF;
    return s;
}

std::vector<Isa> scanPaths() {
    std::vector<Isa> out;
    for (Isa p : {Isa::Auto, Isa::Portable, Isa::Sse2, Isa::Avx2})
        if (scanPathSupported(p))
            out.push_back(p);
    return out;
}

std::string pathName(Isa p) {
    return std::string(name(p));
}

constexpr ErrorPolicy kPolicies[] = {ErrorPolicy::Strict, ErrorPolicy::Replace, ErrorPolicy::Ignore,
                                     ErrorPolicy::Latin1, ErrorPolicy::Cp1252};

// The inputs the every-split tests run on: a short input whole; a corpus file as overlapping
// 128-byte slices 64 bytes apart, each a complete input of its own, so that every split point of
// the file is tried with at least 32 bytes of the file on both sides (far more than the 3 bytes
// of state a split can carry) without running the whole file once per split.
std::vector<Bytes> splitSubjects(const Bytes& b) {
    constexpr std::size_t kSlice = 128, kStride = 64;
    if (b.size() <= 2 * kSlice)
        return {b};
    std::vector<Bytes> out;
    for (std::size_t from = 0; from < b.size(); from += kStride) {
        const std::size_t to = std::min(b.size(), from + kSlice);
        out.emplace_back(b.begin() + std::ptrdiff_t(from), b.begin() + std::ptrdiff_t(to));
        if (to == b.size())
            break;
    }
    return out;
}

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
    for (const char* name : {"UTF-8-test.txt", "UTF-8-demo.txt"}) {
        Bytes b;
        if (u8test::loadCorpus(name, b))
            out.push_back({name, std::move(b)});
    }
    return out;
}

TEST_CASE("the segmenter fed in two chunks split anywhere gives the segments of one buffer") {
    for (const Input& input : inputs())
        SUBCASE(input.name.c_str()) {
            const Bytes& file = input.bytes;
            for (const Bytes& b : splitSubjects(file)) {
                const auto whole = segment(u8test::view(b));
                for (std::size_t p = 0; p <= b.size(); ++p) {
                    if (segmentsMatch(cutAt(b, {p}), whole))
                        continue;
                    const std::string diff =
                        u8test::firstDifference(segmentsOf(cutAt(b, {p})), whole);
                    FAIL("split at ", p, " of ", u8test::hexString(b), ": ", diff);
                }
            }
            // The whole file too, split every 53 bytes: offsets carried over long distances.
            const auto whole = segment(u8test::view(file));
            for (std::size_t p = 0; p <= file.size(); p += 53)
                REQUIRE_MESSAGE(segmentsMatch(cutAt(file, {p}), whole), "whole file, split at ", p);
        }
}

TEST_CASE("the segmenter fed in three chunks cut close together gives the same segments") {
    // Two cuts close together split one sequence into three pieces (or leave an empty chunk).
    for (const Input& input : inputs())
        SUBCASE(input.name.c_str()) {
            const Bytes& b = input.bytes;
            if (b.size() > 4096) {
                // The two-way splits and chunk sizes cover the corpus; this is for short inputs.
                MESSAGE("skipped: the two-way splits and chunk sizes cover the corpus");
                continue;
            }
            const auto whole = segment(u8test::view(b));
            for (std::size_t p = 0; p <= b.size(); ++p)
                for (std::size_t q = p; q <= std::min(b.size(), p + 4); ++q) {
                    const std::string diff =
                        u8test::firstDifference(segmentsOf(cutAt(b, {p, q})), whole);
                    REQUIRE_MESSAGE(diff.empty(), "cuts at ", p, ", ", q, ": ", diff);
                }
        }
}

// One input each; a failing REQUIRE in them ends the test case, as QVERIFY did its row.
void checkProblemsEverySplit(const Bytes& b) {
    const auto whole = problemsOf(cutAt(b, {}));
    // Every error segment is covered by exactly one problem, in order.
    std::uint64_t covered = 0;
    for (const Problem& p : whole)
        covered += p.errorSegments;
    std::uint64_t errors = 0;
    for (const Segment& s : segment(u8test::view(b)))
        errors += !s.isValid();
    REQUIRE(covered == errors);
    for (std::size_t p = 0; p <= b.size(); ++p)
        REQUIRE_MESSAGE(problemsMatch(cutAt(b, {p}), whole), "split at ", p, " of ",
                        u8test::hexString(b));
}

TEST_CASE("problems found in two chunks split anywhere are those of one buffer") {
    for (const Input& input : inputs())
        SUBCASE(input.name.c_str()) {
            for (const Bytes& b : splitSubjects(input.bytes))
                checkProblemsEverySplit(b);
        }
}

void checkDecoderEverySplit(const Bytes& b) {
    for (ErrorPolicy policy : kPolicies) {
        const Decoded whole = decodeChunks(cutAt(b, {}), policy);
        std::optional<Segment> oneShotError;
        REQUIRE(decode(u8test::view(b), policy, &oneShotError) == whole.text);
        REQUIRE(oneShotError == whole.firstError);
        Decoded split;
        for (std::size_t p = 0; p <= b.size(); ++p) {
            // Reuse one output buffer across splits.
            split = decodeChunks(cutAt(b, {p}), policy, std::move(split.text));
            REQUIRE_MESSAGE((split == whole), name(policy), ", split at ", p, " of ",
                            u8test::hexString(b));
        }
    }
}

TEST_CASE("every policy's decoding in two chunks split anywhere is that of one buffer") {
    for (const Input& input : inputs())
        SUBCASE(input.name.c_str()) {
            for (const Bytes& b : splitSubjects(input.bytes))
                checkDecoderEverySplit(b);
        }
}

void checkScannerEverySplit(const Bytes& b) {
    const ScanSummary reference = referenceSummary(b);
    // Every kernel this CPU can run (the vectorised ones skip ASCII and valid blocks).
    for (Isa path : scanPaths()) {
        REQUIRE_MESSAGE(sameSummary(scan(u8test::view(b), path), reference), pathName(path), ": ",
                        u8test::hexString(b));
        for (std::size_t p = 0; p <= b.size(); ++p)
            REQUIRE_MESSAGE(sameSummary(scanChunks(cutAt(b, {p}), path), reference), pathName(path),
                            ": split at ", p, " of ", u8test::hexString(b));
    }
}

TEST_CASE("every kernel's summary in two chunks split anywhere is the reference's") {
    for (const Input& input : inputs())
        SUBCASE(input.name.c_str()) {
            for (const Bytes& b : splitSubjects(input.bytes))
                checkScannerEverySplit(b);
        }
}

TEST_CASE("the kernels' blocks: a sequence at every position around the block sizes") {
    // The vectorised kernels work in blocks: put an ill-formed or multi-byte sequence at every
    // position of inputs around the block sizes, in ASCII and in 3-byte text, and split them
    // there too.
    const Bytes inserts[] = {u8test::hex("80"),          u8test::hex("E2 82"),
                             u8test::hex("F0 9F 98 80"), u8test::hex("ED A0 80"),
                             u8test::hex("C2 A9"),       u8test::hex("0D 0A")};
    for (std::size_t length : {15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 129}) {
        for (bool cjk : {false, true}) {
            Bytes base;
            while (base.size() < length) {
                if (cjk)
                    base.insert(base.end(), {0xE4, 0xB8, 0xAD});
                else
                    base.push_back('a');
            }
            for (const Bytes& insert : inserts)
                for (std::size_t at = 0; at <= base.size(); ++at) {
                    Bytes b = base;
                    b.insert(b.begin() + std::ptrdiff_t(at), insert.begin(), insert.end());
                    const ScanSummary reference = referenceSummary(b);
                    for (Isa path : scanPaths()) {
                        REQUIRE_MESSAGE(sameSummary(scan(u8test::view(b), path), reference),
                                        pathName(path), ": ", u8test::hexString(b));
                        REQUIRE_MESSAGE(sameSummary(scanChunks(cutAt(b, {at}), path), reference),
                                        pathName(path), ": split at ", at, " of ",
                                        u8test::hexString(b));
                    }
                }
        }
    }
}

TEST_CASE("chunks of 1 to 7 bytes give the segments, problems, summary and text of one buffer") {
    for (const Input& input : inputs())
        SUBCASE(input.name.c_str()) {
            const Bytes& b = input.bytes;
            const auto whole = segment(u8test::view(b));
            const auto problems = problemsOf(cutAt(b, {}));
            const ScanSummary summary = referenceSummary(b);
            for (std::size_t size = 1; size <= 7; ++size) {
                const Chunks chunks = cutEvery(b, size);
                const std::string diff = u8test::firstDifference(segmentsOf(chunks), whole);
                REQUIRE_MESSAGE(diff.empty(), "chunks of ", size, ": ", diff);
                REQUIRE_MESSAGE(sameProblems(problemsOf(chunks), problems), "problems, chunks of ",
                                size);
                REQUIRE_MESSAGE(sameSummary(scanChunks(chunks), summary), "summary, chunks of ",
                                size);
                for (ErrorPolicy policy : kPolicies)
                    REQUIRE_MESSAGE(
                        (decodeChunks(chunks, policy) == decodeChunks(cutAt(b, {}), policy)),
                        name(policy), ", chunks of ", size);
            }
        }
}

} // namespace
