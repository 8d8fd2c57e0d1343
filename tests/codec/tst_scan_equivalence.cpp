// The fast Scanner (block kernels: scalar, SSE2, AVX2) must give exactly the summary a plain
// per-segment count over u8codec::segment() gives, on every input and however the input is cut
// into chunks. The reference below counts segments from the exact Segmenter and counts line
// bytes one by one; it knows no UTF-8 rule of its own.
#include "codec_test_support.h"
#include "u8codec/decoder.h"
#include "u8codec/encoder.h"
#include "u8codec/scan.h"
#include "u8codec/segmenter.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

using namespace u8codec;

namespace {

using Bytes = std::vector<std::uint8_t>;

ScanSummary reference(const Bytes& bytes) {
    ScanSummary s;
    for (const Segment& seg : segment(bytes))
        Scanner::count(seg, s);
    std::uint8_t last = 0;
    for (std::uint8_t b : bytes) {
        if (b == '\n') {
            ++s.lineFeeds;
            s.crlf += last == '\r' ? 1 : 0;
        } else if (b == '\r') {
            ++s.carriageReturns;
        }
        last = b;
    }
    s.bytes = bytes.size();
    s.lines = s.lineFeeds + (!bytes.empty() && last != '\n' ? 1 : 0);
    s.bom = bytes.size() >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF;
    return s;
}

// Compares field by field so that a failure names the field; returns false on a mismatch.
bool same(const ScanSummary& got, const ScanSummary& want, const char* what) {
    const bool equal = got.bytes == want.bytes && got.characters == want.characters &&
                       got.byLength == want.byLength && got.errors == want.errors &&
                       got.lineFeeds == want.lineFeeds &&
                       got.carriageReturns == want.carriageReturns && got.crlf == want.crlf &&
                       got.lines == want.lines && got.bom == want.bom;
    if (!equal)
        MESSAGE(what, "\n  got  ", got.toJson(), "\n  want ", want.toJson());
    return equal;
}

ScanSummary scanChunks(const Bytes& bytes, Isa path, const std::vector<std::size_t>& cuts) {
    Scanner scanner(path);
    std::size_t from = 0;
    for (std::size_t cut : cuts) {
        scanner.feed(std::span<const std::uint8_t>(bytes).subspan(from, cut - from));
        from = cut;
    }
    scanner.feed(std::span<const std::uint8_t>(bytes).subspan(from));
    scanner.finish();
    return scanner.summary();
}

// Building blocks of test text: every kind of character and every kind of error segment, the
// restricted leads at both ends of their ranges, and line endings.
const std::vector<Bytes>& pieces(int group) {
    static const std::vector<Bytes> ascii = {{'t', 'h', 'e', ' '},
                                             {'U', 'T', 'F', '-', '8', ' '},
                                             {'\n'},
                                             {'\r', '\n'},
                                             {'\r'},
                                             {'a'},
                                             {0x00},
                                             {0x7F},
                                             {'\t'}};
    static const std::vector<Bytes> multibyte = {{0xC2, 0x80},
                                                 {0xC3, 0xA9},
                                                 {0xDF, 0xBF},
                                                 {0xE0, 0xA0, 0x80},
                                                 {0xE2, 0x82, 0xAC},
                                                 {0xE4, 0xB8, 0xAD},
                                                 {0xE6, 0x96, 0x87},
                                                 {0xED, 0x9F, 0xBF},
                                                 {0xEE, 0x80, 0x80},
                                                 {0xEF, 0xBF, 0xBD},
                                                 {0xEF, 0xBB, 0xBF},
                                                 {0xF0, 0x90, 0x80, 0x80},
                                                 {0xF0, 0x9F, 0x98, 0x80},
                                                 {0xF3, 0xBF, 0xBF, 0xBF},
                                                 {0xF4, 0x8F, 0xBF, 0xBF}};
    static const std::vector<Bytes> errors = {{0xC0, 0xAF},
                                              {0xC1, 0xBF},
                                              {0x80},
                                              {0xBF},
                                              {0x80, 0x80, 0x80},
                                              {0xE0, 0x80, 0xAF},
                                              {0xE0, 0x9F, 0xBF},
                                              {0xED, 0xA0, 0x80},
                                              {0xED, 0xBF, 0xBF},
                                              {0xF0, 0x80, 0x80, 0xAF},
                                              {0xF0, 0x8F, 0xBF, 0xBF},
                                              {0xF4, 0x90, 0x80, 0x80},
                                              {0xF5, 0x80, 0x80, 0x80},
                                              {0xF8, 0x88, 0x80, 0x80, 0x80},
                                              {0xFC, 0x84, 0x80, 0x80, 0x80, 0x80},
                                              {0xFE},
                                              {0xFF},
                                              {0xC2},
                                              {0xE2, 0x82},
                                              {0xF0, 0x9F, 0x98},
                                              {0xF4},
                                              {0xE0},
                                              {0xED},
                                              {0xF0}};
    switch (group) {
    case 0:
        return ascii;
    case 1:
        return multibyte;
    default:
        return errors;
    }
}

// Random text of `length` pieces; weights[g] is the chance (in 1000) of a piece from group g.
Bytes randomText(u8test::Random& rng, std::size_t length, const int (&weights)[3]) {
    Bytes out;
    for (std::size_t i = 0; i < length; ++i) {
        const int roll = int(rng.bounded(1000));
        const int group = roll < weights[0] ? 0 : roll < weights[0] + weights[1] ? 1 : 2;
        const Bytes& piece = pieces(group)[rng.bounded(pieces(group).size())];
        out.insert(out.end(), piece.begin(), piece.end());
    }
    return out;
}

Bytes randomBytes(u8test::Random& rng, std::size_t length) {
    Bytes out(length);
    for (auto& b : out)
        b = std::uint8_t(rng.bounded(256));
    return out;
}

std::vector<Isa> supportedPaths() {
    std::vector<Isa> paths;
    for (Isa p : {Isa::Portable, Isa::Sse2, Isa::Avx2})
        if (scanPathSupported(p))
            paths.push_back(p);
    return paths;
}

TEST_CASE("the paths are reported: Auto resolves to one this CPU runs") {
    // Auto resolves to a concrete path this CPU supports; Scalar is always there.
    const Isa chosen = resolveScanPath(Isa::Auto);
    REQUIRE(chosen != Isa::Auto);
    REQUIRE(scanPathSupported(chosen));
    REQUIRE(scanPathSupported(Isa::Portable));
    REQUIRE(resolveScanPath(Isa::Portable) == Isa::Portable);
    REQUIRE(name(Isa::Avx2) == std::string_view("avx2"));
    MESSAGE("scan path on this CPU: ", name(chosen));
#if defined(__x86_64__)
    REQUIRE(scanPathSupported(Isa::Sse2));
#endif
}

TEST_CASE("random inputs of every profile and length scan as the reference counts") {
    const char* profiles[] = {"ascii",         "mostly-ascii", "multibyte",
                              "sparse-errors", "errors",       "random-bytes"};
    for (Isa path : supportedPaths())
        for (int profile = 0; profile < 6; ++profile)
            for (int length : {0, 1, 3, 63, 64, 65, 200, 1000, 5000}) {
                const std::string rowName = std::string(name(path)) + "/" + profiles[profile] +
                                            "/" + std::to_string(length);
                SUBCASE(rowName.c_str()) {
                    static const int weights[5][3] = {
                        {1000, 0, 0}, {950, 49, 1}, {100, 899, 1}, {600, 398, 2}, {300, 400, 300}};
                    for (std::uint32_t seed = 1; seed <= 40; ++seed) {
                        u8test::Random rng(seed * 7919 + std::uint32_t(profile));
                        const Bytes bytes =
                            profile == 5 ? randomBytes(rng, std::size_t(length))
                                         : randomText(rng, std::size_t(length), weights[profile]);
                        REQUIRE_MESSAGE(same(scan(bytes, path), reference(bytes), "one buffer"),
                                        "seed ", seed);
                    }
                }
            }
}

// Each error piece (and each valid multi-byte piece) placed at every offset around the first
// two 64-byte block edges, in ASCII and in multi-byte surroundings, and at the very end.
TEST_CASE("every error piece at every offset around the first block edges") {
    const char* contexts[] = {"ascii", "two-byte", "cjk", "four-byte"};
    for (Isa path : supportedPaths())
        for (int context = 0; context < 4; ++context) {
            const std::string rowName = std::string(name(path)) + "/" + contexts[context];
            SUBCASE(rowName.c_str()) {
                static const Bytes fills[4] = {
                    {'x'}, {0xC3, 0xA9}, {0xE4, 0xB8, 0xAD}, {0xF0, 0x9F, 0x98, 0x80}};
                const Bytes& fill = fills[context];
                for (int group = 1; group <= 2; ++group) {
                    for (const Bytes& piece : pieces(group)) {
                        for (std::size_t at = 0; at <= 140; ++at) {
                            Bytes bytes;
                            while (bytes.size() < at)
                                bytes.insert(bytes.end(), fill.begin(), fill.end());
                            bytes.resize(
                                at); // may cut a fill character: another error, also compared
                            bytes.insert(bytes.end(), piece.begin(), piece.end());
                            const Bytes endsHere = bytes;
                            while (bytes.size() < 260)
                                bytes.insert(bytes.end(), fill.begin(), fill.end());
                            REQUIRE_MESSAGE(
                                same(scan(bytes, path), reference(bytes), "piece inside"),
                                "piece at ", at);
                            REQUIRE_MESSAGE(
                                same(scan(endsHere, path), reference(endsHere), "piece at the end"),
                                "piece at ", at);
                        }
                    }
                }
            }
        }
}

// Every pair of byte values with the pair straddling the edge between the first two blocks,
// followed by a third byte that is ASCII, a continuation, or a lead.
TEST_CASE("every pair of byte values across a block edge") {
    for (Isa path : supportedPaths())
        for (int context = 0; context < 2; ++context) {
            const std::string rowName =
                std::string(name(path)) + "/" + (context == 0 ? "ascii" : "cjk");
            SUBCASE(rowName.c_str()) {
                Bytes bytes;
                if (context == 0) {
                    bytes.assign(63, 'a');
                } else {
                    while (bytes.size() < 63)
                        bytes.insert(bytes.end(), {0xE6, 0x96, 0x87});
                    bytes.resize(63);
                }
                bytes.resize(200, 'z');
                for (int third : {0x41, 0x80, 0xBF, 0xE4}) {
                    bytes[65] = std::uint8_t(third);
                    for (int first = 0; first < 256; ++first) {
                        for (int second = 0; second < 256; ++second) {
                            bytes[63] = std::uint8_t(first);
                            bytes[64] = std::uint8_t(second);
                            if (!same(scan(bytes, path), reference(bytes), "pair"))
                                FAIL("bytes ",
                                     u8test::hexOf(Bytes{std::uint8_t(first), std::uint8_t(second),
                                                         std::uint8_t(third)}));
                        }
                    }
                }
            }
        }
}

// Triples and quadruples from the byte values where the rules change, at offsets where they
// straddle a block edge in every way.
TEST_CASE("quadruples of the byte values where the rules change, across a block edge") {
    for (Isa path : supportedPaths())
        for (int start : {61, 62, 63, 64, 125}) {
            const std::string rowName = std::string(name(path)) + "/at-" + std::to_string(start);
            SUBCASE(rowName.c_str()) {
                static const std::uint8_t values[] = {0x00, 0x0A, 0x0D, 0x41, 0x7F, 0x80, 0x8F,
                                                      0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2,
                                                      0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF,
                                                      0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF};
                Bytes bytes(192, 'q');
                const std::size_t at = std::size_t(start);
                for (std::uint8_t a : values)
                    for (std::uint8_t b : values)
                        for (std::uint8_t c : values)
                            for (std::uint8_t d : {std::uint8_t(0x41), std::uint8_t(0x80),
                                                   std::uint8_t(0xBF), std::uint8_t(0xF0)}) {
                                bytes[at] = a;
                                bytes[at + 1] = b;
                                bytes[at + 2] = c;
                                bytes[at + 3] = d;
                                if (!same(scan(bytes, path), reference(bytes), "quadruple"))
                                    FAIL("bytes ", u8test::hexOf(Bytes{a, b, c, d}));
                            }
            }
        }
}

// Two chunks cut at every point and three chunks cut at many pairs of points: sequences, error
// segments and CR LF pairs split across feed() calls are counted as in one buffer.
TEST_CASE("two and three chunks cut anywhere count as one buffer") {
    for (Isa path : supportedPaths())
        for (int profile = 0; profile < 3; ++profile) {
            const std::string rowName = std::string(name(path)) + "/" +
                                        (profile == 0   ? "multibyte"
                                         : profile == 1 ? "errors"
                                                        : "crlf");
            SUBCASE(rowName.c_str()) {
                static const int weights[3][3] = {{200, 800, 0}, {300, 400, 300}, {900, 100, 0}};
                u8test::Random rng(std::uint32_t(99 + profile));
                Bytes bytes = randomText(rng, 120, weights[profile]);
                if (profile == 2) // many CR LF pairs and lone CRs
                    for (std::size_t i = 0; i + 1 < bytes.size(); i += 5)
                        bytes[i] = '\r';
                const ScanSummary want = reference(bytes);
                for (std::size_t cut = 0; cut <= bytes.size(); ++cut)
                    REQUIRE_MESSAGE(same(scanChunks(bytes, path, {cut}), want, "two chunks"),
                                    "cut at ", cut);
                for (std::size_t first = 0; first <= bytes.size(); first += 3)
                    for (std::size_t second = first; second <= bytes.size(); ++second)
                        REQUIRE_MESSAGE(
                            same(scanChunks(bytes, path, {first, second}), want, "three chunks"),
                            "cuts at ", first, " and ", second);
            }
        }
}

// The same input fed in chunks of every size from 1 to 200 bytes.
TEST_CASE("the same input fed in chunks of every size from 1 to 200 bytes") {
    for (Isa path : supportedPaths())
        SUBCASE(std::string(name(path)).c_str()) {
            static const int weights[3] = {500, 490, 10};
            u8test::Random rng(4242);
            const Bytes bytes = randomText(rng, 3000, weights);
            const ScanSummary want = reference(bytes);
            for (std::size_t size = 1; size <= 200; ++size) {
                std::vector<std::size_t> cuts;
                for (std::size_t c = size; c < bytes.size(); c += size)
                    cuts.push_back(c);
                REQUIRE_MESSAGE(same(scanChunks(bytes, path, cuts), want, "fixed-size chunks"),
                                "chunk size ", size);
            }
        }
}

// Valid text much longer than the periods at which kernels sum counts kept in vector lanes (the
// AVX2 kernel: every 7 and every 126 blocks of 64 bytes), then one error after the first n bytes
// for many n: the counts taken before an error must be those of the blocks before it, whatever
// the phase of those periods.
TEST_CASE("an error after long valid stretches, at every phase of the kernels' periods") {
    const char* profiles[] = {"multibyte", "mostly-ascii", "crlf"};
    for (Isa path : supportedPaths())
        for (int profile = 0; profile < 3; ++profile) {
            const std::string rowName = std::string(name(path)) + "/" + profiles[profile];
            SUBCASE(rowName.c_str()) {
                static const int weights[3][3] = {{50, 950, 0}, {950, 50, 0}, {900, 100, 0}};
                u8test::Random rng(std::uint32_t(777 + profile));
                Bytes valid = randomText(rng, 60000, weights[profile]);
                if (profile == 2) // CR LF pairs and lone CRs all along
                    for (std::size_t i = 0; i + 1 < valid.size(); i += 37)
                        if (valid[i] < 0x80 && valid[i + 1] < 0x80)
                            valid[i] = '\r';
                REQUIRE(valid.size() > 2 * 126 * 64);
                REQUIRE(same(scan(valid, path), reference(valid), "valid"));
                static const Bytes error = {0xE2, 0x82}; // truncated
                for (std::size_t at = 7 * 64 - 5; at < valid.size(); at += 64 * 29 + 7) {
                    // Move the error to the next character boundary.
                    std::size_t cut = at;
                    while (cut < valid.size() && valid[cut] >= 0x80 && valid[cut] < 0xC0)
                        ++cut;
                    Bytes bytes(valid.begin(), valid.begin() + std::ptrdiff_t(cut));
                    bytes.insert(bytes.end(), error.begin(), error.end());
                    bytes.insert(bytes.end(), valid.begin() + std::ptrdiff_t(cut), valid.end());
                    REQUIRE_MESSAGE(
                        same(scan(bytes, path), reference(bytes), "error after a valid stretch"),
                        "error at ", cut);
                }
            }
        }
}

TEST_CASE("the corpus files scan as the reference counts, whole and in chunks") {
    for (Isa path : supportedPaths())
        for (const std::string file : {"UTF-8-demo.txt", "UTF-8-test.txt"}) {
            const std::string rowName = std::string(name(path)) + "/" + file;
            SUBCASE(rowName.c_str()) {
                const std::string corpusFile = std::string(U8SCOPE_CORPUS_DIR "/") + file;
                if (!u8test::exists(corpusFile)) {
                    MESSAGE("skipped: the corpus (U8SCOPE_CORPUS_DIR) is not present");
                    continue;
                }
                const std::string data = u8test::readFileOrFail(corpusFile);
                const Bytes bytes(data.begin(), data.end());
                const ScanSummary want = reference(bytes);
                REQUIRE(same(scan(bytes, path), want, "one buffer"));
                for (std::size_t size : {1, 2, 3, 7, 63, 64, 65, 100, 4096}) {
                    std::vector<std::size_t> cuts;
                    for (std::size_t c = size; c < bytes.size(); c += size)
                        cuts.push_back(c);
                    REQUIRE_MESSAGE(same(scanChunks(bytes, path, cuts), want, "chunks"),
                                    "chunk size ", size);
                }
                if (file == "UTF-8-test.txt")
                    REQUIRE(!want.valid());
                else
                    REQUIRE(want.valid());
            }
        }
}

// The run of ASCII at the start, for every length and every position of the first non-ASCII
// byte, against a byte-by-byte count.
TEST_CASE("the run of ASCII at the start, at every length and stop") {
    for (Isa path : supportedPaths())
        SUBCASE(std::string(name(path)).c_str()) {
            for (std::size_t length = 0; length <= 100; ++length) {
                for (std::size_t stop = 0; stop <= length; ++stop) {
                    Bytes bytes(length, 'a');
                    if (stop < length)
                        bytes[stop] = stop % 2 == 0 ? 0x80 : 0xFF;
                    std::size_t want = 0;
                    while (want < bytes.size() && bytes[want] < 0x80)
                        ++want;
                    REQUIRE(u8codec::asciiRunLength(bytes, path) == want);
                }
            }
        }
}

// The Decoder copies runs of ASCII without the segmenter: its output, error count and first
// error must still be what the segments say, whole or fed in chunks.
TEST_CASE("the Decoder's ASCII fast path gives what the segments say") {
    for (ErrorPolicy policy : {ErrorPolicy::Strict, ErrorPolicy::Replace, ErrorPolicy::Ignore,
                               ErrorPolicy::Latin1, ErrorPolicy::Cp1252})
        SUBCASE(std::string(name(policy)).c_str()) {
            static const int weights[3] = {800, 180, 20};
            for (std::uint32_t seed = 1; seed <= 30; ++seed) {
                u8test::Random rng(seed);
                const Bytes bytes = randomText(rng, 400, weights);
                // The reference, segment by segment.
                std::string want;
                std::uint64_t errorSegments = 0;
                std::optional<Segment> firstError;
                bool stopped = false;
                for (const Segment& s : segment(bytes)) {
                    const auto* b = bytes.data() + s.offset;
                    if (s.isValid()) {
                        if (!stopped)
                            want.append(reinterpret_cast<const char*>(b), s.length);
                        continue;
                    }
                    ++errorSegments;
                    if (!firstError)
                        firstError = s;
                    if (stopped)
                        continue;
                    switch (policy) {
                    case ErrorPolicy::Strict:
                        stopped = true;
                        break;
                    case ErrorPolicy::Replace:
                        want += "\xEF\xBF\xBD";
                        break;
                    case ErrorPolicy::Ignore:
                        break;
                    case ErrorPolicy::Latin1:
                        for (int k = 0; k < s.length; ++k)
                            appendUtf8(b[k], want);
                        break;
                    case ErrorPolicy::Cp1252:
                        for (int k = 0; k < s.length; ++k)
                            appendUtf8(cp1252ToUnicode(b[k]), want);
                        break;
                    }
                }
                for (std::size_t chunk :
                     {bytes.size(), std::size_t(1), std::size_t(5), std::size_t(64)}) {
                    Decoder decoder(policy);
                    std::string got;
                    bool ok = true;
                    for (std::size_t at = 0; at < bytes.size() && ok; at += chunk)
                        ok = decoder.feed(std::span<const std::uint8_t>(bytes).subspan(
                                              at, std::min(chunk, bytes.size() - at)),
                                          got);
                    ok = decoder.finish(got) && ok;
                    const std::string where =
                        "seed " + std::to_string(seed) + ", chunks of " + std::to_string(chunk);
                    REQUIRE_MESSAGE((got == want), where);
                    REQUIRE(ok == !(policy == ErrorPolicy::Strict && firstError.has_value()));
                    REQUIRE_MESSAGE(decoder.firstError() == firstError, where);
                    if (policy != ErrorPolicy::Strict)
                        REQUIRE(decoder.errorSegments() == errorSegments);
                }
            }
        }
}

// The well-formed prefix of `bytes` as the Segmenter reads it: up to the first error segment (a
// character cut short by the end is one).
static std::size_t segmenterPrefix(const Bytes& bytes) {
    std::size_t end = 0;
    bool error = false;
    Segmenter s;
    s.feed(std::span<const std::uint8_t>(bytes), [&](const Segment& seg) {
        if (!error && seg.isValid())
            end = std::size_t(seg.end());
        error = error || !seg.isValid();
    });
    return end;
}

// The well-formed prefix that the Decoder copies whole: on every path, the offset of the first
// error segment (or of a character cut short by the end), as the Segmenter gives it, with every
// error piece at every offset around the first block edges and in long random text.
TEST_CASE("the well-formed prefix is the Segmenter's, on every path") {
    for (Isa path : supportedPaths())
        SUBCASE(std::string(name(path)).c_str()) {
            static const Bytes fills[4] = {
                {'x'}, {0xC3, 0xA9}, {0xE4, 0xB8, 0xAD}, {0xF0, 0x9F, 0x98, 0x80}};
            for (const Bytes& fill : fills) {
                for (const Bytes& piece : pieces(2)) {
                    for (std::size_t at = 0; at <= 200; ++at) {
                        Bytes bytes;
                        while (bytes.size() < at)
                            bytes.insert(bytes.end(), fill.begin(), fill.end());
                        bytes.resize(at); // may cut a fill character: an earlier error
                        bytes.insert(bytes.end(), piece.begin(), piece.end());
                        const Bytes endsHere = bytes;
                        while (bytes.size() < 330)
                            bytes.insert(bytes.end(), fill.begin(), fill.end());
                        const std::string where =
                            "piece " + u8test::hexOf(piece) + " at " + std::to_string(at);
                        REQUIRE_MESSAGE(u8codec::wellFormedLength(bytes, path) ==
                                            segmenterPrefix(bytes),
                                        where);
                        REQUIRE_MESSAGE(u8codec::wellFormedLength(endsHere, path) ==
                                            segmenterPrefix(endsHere),
                                        where, ", at the end");
                    }
                }
            }
            static const int weights[3] = {600, 399, 1};
            for (std::uint32_t seed = 1; seed <= 40; ++seed) {
                u8test::Random rng(seed);
                const Bytes bytes = randomText(rng, 20000, weights);
                REQUIRE(u8codec::wellFormedLength(bytes, path) == segmenterPrefix(bytes));
            }
        }
}

// A text shorter than a block is all tail, checked one character at a time (wellFormedTail() in
// scan.cpp): every pair of bytes after "ab", followed by continuation bytes or not, gives the
// Segmenter's prefix, well-formed ones whole.
TEST_CASE("a text shorter than a block has the Segmenter's well-formed prefix") {
    std::size_t whole = 0;
    for (unsigned lead = 0; lead < 256; ++lead)
        for (unsigned second = 0; second < 256; ++second)
            for (const Bytes& after : {Bytes{}, Bytes{0x80}, Bytes{0xBF, 0x80}, Bytes{'z'}}) {
                // Appended byte by byte: GCC 12 takes an insert() into this 4-byte vector for a
                // write beyond it (-Warray-bounds).
                Bytes bytes{'a', 'b', std::uint8_t(lead), std::uint8_t(second)};
                for (const std::uint8_t b : after)
                    bytes.push_back(b);
                const std::size_t expected = segmenterPrefix(bytes);
                whole += expected == bytes.size();
                REQUIRE_MESSAGE(u8codec::wellFormedLength(bytes) == expected, u8test::hexOf(bytes));
            }
    CHECK(whole > 1000); // the well-formed ones were among them
}

// Parts of random text scanned on their own (as u8scope-cli scans a file on every core) and
// joined with joinSummaries give the summary of the whole, wherever the cut lies before a byte that
// is no continuation byte: CR LF, BOM, errors and a last line without LF around the cut included.
TEST_CASE("parts scanned on their own and joined give the summary of the whole") {
    static const int weights[3] = {700, 200, 100};
    for (std::uint32_t seed = 1; seed <= 60; ++seed) {
        u8test::Random rng(seed);
        Bytes bytes = randomText(rng, 40, weights);
        if (seed % 3 == 0)
            bytes.insert(bytes.begin(), {0xEF, 0xBB, 0xBF});
        if (seed % 4 == 0)
            bytes.insert(bytes.begin() + std::ptrdiff_t(bytes.size() / 2), {'\r', '\n'});
        const ScanSummary want = reference(bytes);
        for (std::size_t cut = 0; cut <= bytes.size(); ++cut) {
            if (cut < bytes.size() && (bytes[cut] & 0xC0) == 0x80)
                continue; // a part never starts with a continuation byte
            const std::span<const std::uint8_t> all(bytes);
            const bool crlf =
                cut > 0 && cut < bytes.size() && bytes[cut - 1] == '\r' && bytes[cut] == '\n';
            const ScanSummary joined =
                joinSummaries(scan(all.first(cut)), scan(all.subspan(cut)), crlf);
            REQUIRE_MESSAGE(same(joined, want, "joined"), "seed ", seed, ", cut at ", cut);
        }
    }
}

// A text cut where segmentStartNear() says scans in two parts whose joined summary equals the
// whole's, wherever the cut is looked for: across a BOM, CR LF, every byte of 2-, 3- and
// 4-byte characters, every error kind, a lead cut short, a run of continuation bytes too long
// to find a cut in, a text ending in CR or inside a character.
TEST_CASE("a text cut where segmentStartNear() says joins into the whole's summary") {
    std::string mix = "\xEF\xBB\xBF"
                      "a\r\nb\rc\n\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"
                      "\xE0\x80\xAF\xED\xA0\x80\xF4\x90\x80\x80\xC0\xAF\xFF\xE2\x82 x\r";
    mix += std::string(70, '\x80');
    mix += "end\r\n\xC3";
    const std::string text = mix + mix;
    const Bytes bytes(text.begin(), text.end());
    const ScanSummary whole = scan(bytes);
    int cuts = 0;
    for (std::size_t from = 0; from < bytes.size(); ++from) {
        const std::optional<std::size_t> cut = segmentStartNear(bytes, from);
        if (!cut) {
            // Only inside (or just before) the long run of continuation bytes.
            REQUIRE((from + kSegmentStartSearch > bytes.size() ||
                     std::all_of(bytes.begin() + std::ptrdiff_t(from),
                                 bytes.begin() + std::ptrdiff_t(from + kSegmentStartSearch),
                                 [](std::uint8_t b) { return b >= 0x80 && b <= 0xBF; })));
            continue;
        }
        REQUIRE((*cut >= from && *cut < bytes.size()));
        REQUIRE((bytes[*cut] < 0x80 || bytes[*cut] > 0xBF));
        const std::span<const std::uint8_t> all(bytes);
        const bool crlf = *cut > 0 && bytes[*cut - 1] == '\r' && bytes[*cut] == '\n';
        const ScanSummary joined =
            joinSummaries(scan(all.first(*cut)), scan(all.subspan(*cut)), crlf);
        REQUIRE_MESSAGE(joined.toJson() == whole.toJson(), "cut at ", *cut);
        REQUIRE(joined.lineFeeds == whole.lineFeeds);
        ++cuts;
    }
    REQUIRE(cuts > int(bytes.size()) / 2);
    REQUIRE(joinSummaries(ScanSummary{}, whole, false).toJson() == whole.toJson());
    REQUIRE(joinSummaries(whole, ScanSummary{}, false).toJson() == whole.toJson());
}

} // namespace
