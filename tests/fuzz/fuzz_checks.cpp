#include "fuzz_checks.h"

#include "u8codec/codec.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace u8fuzz {

using namespace u8codec;

namespace {

std::string at(const char* what, std::uint64_t where) {
    return std::string(what) + " (at " + std::to_string(where) + ")";
}

// Chunk lengths derived from the data itself, so the fuzzer steers the splits too; plus the
// fixed sizes 1, 2, 3 and 7.
std::vector<std::vector<std::span<const std::uint8_t>>> chunkings(std::span<const std::uint8_t> d) {
    std::vector<std::vector<std::span<const std::uint8_t>>> out;
    for (std::size_t size : {std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(7)}) {
        std::vector<std::span<const std::uint8_t>> c;
        for (std::size_t i = 0; i < d.size(); i += size)
            c.push_back(d.subspan(i, std::min(size, d.size() - i)));
        out.push_back(std::move(c));
    }
    std::vector<std::span<const std::uint8_t>> steered;
    std::size_t i = 0, k = 0;
    while (i < d.size()) {
        const std::uint8_t b = d[k++ % d.size()];
        if (b % 6 == 0)
            steered.push_back(d.subspan(i, 0)); // an empty chunk, on purpose
        const std::size_t size = std::min<std::size_t>(1 + b % 5, d.size() - i);
        steered.push_back(d.subspan(i, size));
        i += size;
    }
    out.push_back(std::move(steered));
    return out;
}

// The cheaper selection for the checks that run once per policy: byte by byte and steered.
std::vector<std::vector<std::span<const std::uint8_t>>>
fewChunkings(std::span<const std::uint8_t> d) {
    auto all = chunkings(d);
    return {std::move(all.front()), std::move(all.back())};
}

std::vector<Segment> segmentsOf(const std::vector<std::span<const std::uint8_t>>& chunks) {
    std::vector<Segment> out;
    Segmenter s;
    auto sink = [&](const Segment& seg) { out.push_back(seg); };
    for (auto c : chunks)
        s.feed(c, sink);
    s.finish(sink);
    return out;
}

bool sameProblem(const Problem& a, const Problem& b) {
    return a.offset == b.offset && a.length == b.length && a.kind == b.kind && a.value == b.value &&
           a.announcedLength == b.announcedLength && a.errorSegments == b.errorSegments &&
           a.headLength == b.headLength &&
           std::equal(a.head.begin(), a.head.begin() + a.headLength, b.head.begin());
}

std::vector<Problem> problemsOf(const std::vector<std::span<const std::uint8_t>>& chunks) {
    std::vector<Problem> out;
    ProblemScanner s;
    auto sink = [&](const Problem& p) { out.push_back(p); };
    for (auto c : chunks)
        s.feed(c, sink);
    s.finish(sink);
    return out;
}

} // namespace

namespace {

// Segments tile the data; lengths and code points are plausible; kinds follow errorKindOf. Counts
// the error segments and gathers the bytes of the valid characters.
std::string checkTiling(std::span<const std::uint8_t> data, const std::vector<Segment>& whole,
                        std::uint64_t& errors, std::string& valid) {
    std::uint64_t next = 0;
    for (const Segment& s : whole) {
        if (s.offset != next)
            return at("segments do not tile the data", s.offset);
        if (s.isValid()) {
            std::uint8_t enc[4];
            if (s.length < 1 || s.length > 4 || !isScalarValue(s.codePoint) ||
                encode(s.codePoint, enc) != s.length ||
                !std::equal(enc, enc + s.length, data.begin() + std::ptrdiff_t(s.offset)))
                return at("a character's bytes are not the encoding of its code point", s.offset);
            valid.append(reinterpret_cast<const char*>(enc), s.length);
        } else {
            ++errors;
            if (s.length < 1 || s.length > 3)
                return at("error segment length", s.offset);
            const int after = s.offset + 1 < data.size() ? data[s.offset + 1] : -1;
            if (s.error != errorKindOf(data[s.offset], after))
                return at("error kind differs from errorKindOf(b0, b1)", s.offset);
        }
        next = s.end();
    }
    if (next != data.size())
        return "segments do not reach the end";

    return {};
}

// The local view equals the whole at every offset (inputs are capped by the fuzz options).
std::string checkLocalView(std::span<const std::uint8_t> data, const std::vector<Segment>& whole) {
    const MemorySource source(std::vector<std::uint8_t>(data.begin(), data.end()));
    std::vector<std::uint32_t> segmentOfByte(data.size());
    for (std::size_t i = 0; i < whole.size(); ++i)
        for (std::uint64_t o = whole[i].offset; o < whole[i].end(); ++o)
            segmentOfByte[o] = std::uint32_t(i);
    for (std::uint64_t o = 0; o < data.size(); ++o) {
        if (!(segmentAt(source, o) == whole[segmentOfByte[o]]))
            return at("segmentAt differs from the whole", o);
        const std::uint64_t to = std::min<std::uint64_t>(data.size(), o + 1 + data[o] % 9);
        const std::vector<Segment> want(whole.begin() + segmentOfByte[o],
                                        whole.begin() + segmentOfByte[to - 1] + 1);
        if (segmentsInRange(source, o, to) != want)
            return at("segmentsInRange differs from the whole", o);
    }

    return {};
}

std::string checkDecodes(std::span<const std::uint8_t> data, const std::vector<Segment>& whole,
                         std::uint64_t errors, const std::string& valid) {
    // Replace: well-formed, one U+FFFD per error segment (plus those already in the data).
    const std::string replaced = decode(data, ErrorPolicy::Replace);
    const auto replacedSegments =
        segment({reinterpret_cast<const std::uint8_t*>(replaced.data()), replaced.size()});
    std::uint64_t fffd = 0;
    for (const Segment& s : replacedSegments) {
        if (!s.isValid())
            return "replace output is not well-formed UTF-8";
        fffd += s.codePoint == 0xFFFD;
    }
    std::uint64_t literalFffd = 0;
    for (const Segment& s : whole)
        literalFffd += s.codePoint == 0xFFFD && s.isValid();
    if (fffd != errors + literalFffd)
        return "replace output does not hold one U+FFFD per error segment";
    if (decode(data, ErrorPolicy::Ignore) != valid)
        return "ignore output is not the valid characters";
    for (ErrorPolicy p : {ErrorPolicy::Replace, ErrorPolicy::Ignore, ErrorPolicy::Latin1,
                          ErrorPolicy::Cp1252, ErrorPolicy::Strict}) {
        const std::string one = decode(data, p);
        for (const auto& chunks : fewChunkings(data)) {
            Decoder d(p);
            std::string out;
            bool ok = true;
            for (auto c : chunks)
                ok = d.feed(c, out) && ok;
            ok = d.finish(out) && ok;
            if (out != one)
                return std::string("chunked decode differs: ") + std::string(name(p));
            // Only the strict policy fails, and only at an error.
            if (ok != (p != ErrorPolicy::Strict || !d.firstError()))
                return std::string("chunked decode's status is wrong: ") + std::string(name(p));
            // Strict stops counting at its first error.
            const std::uint64_t counted =
                p == ErrorPolicy::Strict ? std::min<std::uint64_t>(errors, 1) : errors;
            if (d.errorSegments() != counted)
                return std::string("decoder error count: ") + std::string(name(p));
        }
        for (const Segment& s :
             segment({reinterpret_cast<const std::uint8_t*>(one.data()), one.size()}))
            if (!s.isValid())
                return std::string("decode output is not well-formed: ") + std::string(name(p));
    }

    return {};
}

std::string checkScanSummary(std::span<const std::uint8_t> data,
                             const std::vector<Segment>& whole) {
    // Equal to the per-segment count, in any chunking.
    ScanSummary reference;
    for (const Segment& s : whole)
        Scanner::count(s, reference);
    for (const auto& chunks : fewChunkings(data)) {
        Scanner scanner;
        for (auto c : chunks)
            scanner.feed(c);
        scanner.finish();
        const ScanSummary& got = scanner.summary();
        if (got.characters != reference.characters || got.byLength != reference.byLength ||
            got.errors != reference.errors || got.bytes != data.size())
            return "scan summary differs from the per-segment count";
    }
    return {};
}

} // namespace

std::string checkSegmenter(std::span<const std::uint8_t> data) {
    const std::vector<Segment> whole = segment(data);
    std::uint64_t errors = 0;
    std::string valid; // the bytes of the valid characters, in order
    if (std::string failure = checkTiling(data, whole, errors, valid); !failure.empty())
        return failure;
    // Chunked feeding gives the same segments.
    for (const auto& chunks : chunkings(data))
        if (segmentsOf(chunks) != whole)
            return "chunked segments differ from one buffer";

    if (std::string failure = checkLocalView(data, whole); !failure.empty())
        return failure;
    if (std::string failure = checkDecodes(data, whole, errors, valid); !failure.empty())
        return failure;
    return checkScanSummary(data, whole);
}

std::string checkProblems(std::span<const std::uint8_t> data) {
    const std::vector<Segment> segments = segment(data);
    const std::vector<Problem> whole = problemsOf({data});
    for (const auto& chunks : chunkings(data)) {
        const std::vector<Problem> got = problemsOf(chunks);
        if (got.size() != whole.size() ||
            !std::equal(got.begin(), got.end(), whole.begin(), sameProblem))
            return "chunked problems differ from one buffer";
    }
    // Problems are in order and disjoint, and cover exactly the error segments.
    std::uint64_t previousEnd = 0;
    std::size_t seg = 0;
    for (const Problem& p : whole) {
        if (p.length == 0 || p.offset < previousEnd)
            return at("problems overlap or are empty", p.offset);
        previousEnd = p.end();
        while (seg < segments.size() && segments[seg].end() <= p.offset) {
            if (!segments[seg].isValid())
                return at("an error segment is in no problem", segments[seg].offset);
            ++seg;
        }
        std::uint32_t count = 0;
        std::uint64_t covered = p.offset;
        while (seg < segments.size() && segments[seg].offset < p.end()) {
            if (segments[seg].isValid() || segments[seg].offset != covered)
                return at("a problem covers a valid character or part of a segment", p.offset);
            covered = segments[seg].end();
            ++count;
            ++seg;
        }
        if (covered != p.end() || count != p.errorSegments)
            return at("a problem's error segment count or end is wrong", p.offset);
        const std::size_t head = std::min<std::uint64_t>(p.length, p.head.size());
        if (p.headLength != head || !std::equal(p.head.begin(), p.head.begin() + head,
                                                data.begin() + std::ptrdiff_t(p.offset)))
            return at("a problem's head bytes are wrong", p.offset);
        const std::string text = explain(p);
        if (text.empty() || text.find(hexBytes(p.headBytes().first(1))) == std::string::npos)
            return at("an explanation does not name the first byte", p.offset);
    }
    for (; seg < segments.size(); ++seg)
        if (!segments[seg].isValid())
            return at("an error segment is in no problem", segments[seg].offset);
    return {};
}

} // namespace u8fuzz
