// The fast fuzz checks (u8fuzz::checkDecodeScanFast, u8fuzz::checkTranscodeFast): each input is
// run through the vectorised paths once or twice and held to an answer built from the exact
// reference Segmenter, so that a libFuzzer target runs more than 10,000 inputs a second. The
// thorough checks (fuzz_checks.cpp) try every chunking and every offset instead.
#include "fuzz_checks.h"
#include "u8codec/codec.h"
#include "u8convert/transcode.h"
// The library-internal UTF-16 kernels, to hold each one to the others.
#include "utf16_kernels.h"

#include <algorithm>
#include <vector>

namespace u8fuzz {

using namespace u8codec;
using namespace u8convert;
using namespace u8convert::detail;

namespace {

// One chunking steered by the data (the fuzzer then chooses the splits too), with an empty
// chunk now and then; chunks reach 70 bytes so that the 64-byte block kernels meet splits.
std::vector<std::span<const std::uint8_t>> steeredChunks(std::span<const std::uint8_t> d) {
    std::vector<std::span<const std::uint8_t>> out;
    std::size_t i = 0, k = 0;
    while (i < d.size()) {
        const std::uint8_t b = d[(k++ * 7) % d.size()];
        if (b % 11 == 0)
            out.push_back(d.subspan(i, 0));
        const std::size_t size = std::min<std::size_t>(1 + b % 70, d.size() - i);
        out.push_back(d.subspan(i, size));
        i += size;
    }
    return out;
}

// A number taken from the data, to choose among variants so that each input runs only some of
// them and the fuzzer steers which.
unsigned choice(std::span<const std::uint8_t> data) {
    return data.empty() ? 0u : unsigned(data.back()) + unsigned(data.size());
}

void appendCodePoint(char32_t c, std::string& out) {
    std::uint8_t bytes[4];
    const std::size_t n = encode(c, bytes);
    out.append(reinterpret_cast<const char*>(bytes), n);
}

// What decoding under `policy` must give, segment by segment (Unicode chapter 3: one U+FFFD per
// maximal subpart; the byte policies map each byte of an error segment on its own).
std::string expectedDecoding(std::span<const std::uint8_t> data, const std::vector<Segment>& segs,
                             ErrorPolicy policy) {
    std::string out;
    out.reserve(data.size() + 16);
    for (const Segment& s : segs) {
        const auto bytes = data.subspan(s.offset, s.length);
        if (s.isValid()) {
            out.append(reinterpret_cast<const char*>(bytes.data()), bytes.size());
            continue;
        }
        switch (policy) {
        case ErrorPolicy::Strict:
            return out;
        case ErrorPolicy::Replace:
            appendCodePoint(0xFFFD, out);
            break;
        case ErrorPolicy::Ignore:
            break;
        case ErrorPolicy::Latin1:
            for (std::uint8_t b : bytes)
                appendCodePoint(b, out);
            break;
        case ErrorPolicy::Cp1252:
            for (std::uint8_t b : bytes)
                appendCodePoint(cp1252ToUnicode(b), out);
            break;
        }
    }
    return out;
}

std::string checkDecoding(std::span<const std::uint8_t> data, const std::vector<Segment>& segs,
                          const std::vector<std::span<const std::uint8_t>>& chunks,
                          std::uint64_t errors) {
    // Replace on every input (the policy most callers use), one other chosen by the data.
    constexpr ErrorPolicy kOthers[] = {ErrorPolicy::Ignore, ErrorPolicy::Latin1,
                                       ErrorPolicy::Cp1252, ErrorPolicy::Strict};
    const ErrorPolicy other = kOthers[choice(data) % 4];
    for (ErrorPolicy p : {ErrorPolicy::Replace, other}) {
        const std::string want = expectedDecoding(data, segs, p);
        if (decode(data, p) != want)
            return "decode differs from the reference segments: " + std::string(name(p));
        Decoder d(p);
        std::string out;
        bool ok = true;
        for (auto c : chunks)
            ok = d.feed(c, out) && ok;
        ok = d.finish(out) && ok;
        if (out != want)
            return "chunked decode differs from the reference segments: " + std::string(name(p));
        if (ok != (p != ErrorPolicy::Strict || errors == 0))
            return "chunked decode's status differs from the reference: " + std::string(name(p));
        const std::uint64_t counted =
            p == ErrorPolicy::Strict ? std::min<std::uint64_t>(errors, 1) : errors;
        if (d.errorSegments() != counted)
            return "decoder error count: " + std::string(name(p));
    }
    return {};
}

std::string checkScanPaths(std::span<const std::uint8_t> data, const std::vector<Segment>& segs,
                           const std::vector<std::span<const std::uint8_t>>& chunks) {
    // The reference: characters and errors per segment, line-ending bytes by a byte loop.
    ScanSummary reference;
    for (const Segment& s : segs)
        Scanner::count(s, reference);
    for (std::size_t i = 0; i < data.size(); ++i) {
        reference.lineFeeds += data[i] == '\n';
        reference.carriageReturns += data[i] == '\r';
        reference.crlf += data[i] == '\n' && i > 0 && data[i - 1] == '\r';
    }
    reference.lines = reference.lineFeeds + (!data.empty() && data.back() != '\n');
    reference.bom = data.size() >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF;
    const std::size_t asciiRun = std::size_t(
        std::find_if(data.begin(), data.end(), [](std::uint8_t b) { return b >= 0x80; }) -
        data.begin());
    for (Isa path : {Isa::Portable, Isa::Sse2, Isa::Avx2}) {
        if (!scanPathSupported(path))
            continue;
        const std::string pathName(name(path));
        if (asciiRunLength(data, path) != asciiRun)
            return "asciiRunLength differs from a byte loop on path " + pathName;
        const ScanSummary whole = scan(data, path);
        Scanner chunked(path);
        const bool chunkedHere = unsigned(path) == 1 + choice(data) % 3;
        if (chunkedHere) {
            for (auto c : chunks)
                chunked.feed(c);
            chunked.finish();
        }
        for (const ScanSummary* got : {&whole, chunkedHere ? &chunked.summary() : &whole})
            if (got->characters != reference.characters || got->byLength != reference.byLength ||
                got->errors != reference.errors || got->bytes != data.size() ||
                got->lineFeeds != reference.lineFeeds ||
                got->carriageReturns != reference.carriageReturns || got->crlf != reference.crlf ||
                got->lines != reference.lines || got->bom != reference.bom)
                return "scan summary differs from the per-segment count on path " + pathName;
    }
    return {};
}

std::span<const std::uint8_t> bytesOf(const std::string& s) {
    return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

// Every UTF-16 kernel writes the same units for well-formed `utf8` (in the byte order asked for),
// reads them back to `utf8`, and measures the UTF-8 length exactly.
std::string checkUtf16Kernels(const std::string& utf8, bool bigEndian) {
    const auto* begin = reinterpret_cast<const std::uint8_t*>(utf8.data());
    const auto* end = begin + utf8.size();
    std::string firstUnits;
    for (Isa k : {Isa::Portable, Isa::Avx2, Isa::Avx512}) {
        if (!utf16KernelSupported(k))
            continue;
        const std::string kernel = "UTF-16 kernel " + std::to_string(int(k));
        {
            std::string units(2 * utf8.size() + kUtf16KernelSlack, '\0');
            const char* unitsEnd = utf8ToUtf16Units(k, begin, end, units.data(), bigEndian);
            if (!unitsEnd)
                return kernel + " refuses well-formed UTF-8";
            units.resize(std::size_t(unitsEnd - units.data()));
            if (k == Isa::Portable)
                firstUnits = units;
            else if (units != firstUnits)
                return kernel + " writes other units than the portable one";
            const auto* u = reinterpret_cast<const std::uint8_t*>(units.data());
            const auto length = utf8LengthOfUtf16(k, u, u + units.size(), bigEndian);
            if (!length || *length != utf8.size())
                return kernel + " measures the UTF-8 length wrong";
            std::string back(units.size() / 2 * 3 + kUtf16KernelSlack, '\0');
            auto* out = reinterpret_cast<std::uint8_t*>(back.data());
            const std::uint8_t* backEnd = utf16ToUtf8Bytes(k, u, u + units.size(), out, bigEndian);
            if (!backEnd || std::size_t(backEnd - out) != utf8.size() ||
                back.compare(0, utf8.size(), utf8) != 0)
                return kernel + " does not read its units back to the UTF-8";
        }
    }
    return {};
}

// Arbitrary bytes read as UTF-16: every kernel accepts or refuses alike, and what it accepts
// goes back to the same units.
std::string checkUtf16Input(std::span<const std::uint8_t> data) {
    const auto* begin = data.data();
    const auto* end = begin + (data.size() & ~std::size_t(1));
    std::optional<std::string> first;
    bool firstSet = false;
    for (Isa k : {Isa::Portable, Isa::Avx2, Isa::Avx512}) {
        if (!utf16KernelSupported(k))
            continue;
        std::string out(std::size_t(end - begin) / 2 * 3 + kUtf16KernelSlack, '\0');
        auto* o = reinterpret_cast<std::uint8_t*>(out.data());
        const std::uint8_t* outEnd = utf16ToUtf8Bytes(k, begin, end, o, false);
        std::optional<std::string> got;
        if (outEnd)
            got = out.substr(0, std::size_t(outEnd - o));
        if (!firstSet) {
            first = got;
            firstSet = true;
        } else if (got != first) {
            return "UTF-16 kernel " + std::to_string(int(k)) + " reads raw UTF-16 differently";
        }
    }
    if (first) {
        std::string units;
        if (!utf8ToUtf16(bytesOf(*first), false, units) ||
            units != std::string(reinterpret_cast<const char*>(begin), std::size_t(end - begin)))
            return "UTF-16 read from raw bytes does not go back to the same units";
    }
    return {};
}

} // namespace

std::string checkDecodeScanFast(std::span<const std::uint8_t> data) {
    const std::vector<Segment> segs = segment(data);
    const auto chunks = steeredChunks(data);
    const auto errors = std::uint64_t(
        std::count_if(segs.begin(), segs.end(), [](const Segment& s) { return !s.isValid(); }));
    if (std::string failure = checkDecoding(data, segs, chunks, errors); !failure.empty())
        return failure;
    return checkScanPaths(data, segs, chunks);
}

std::string checkTranscodeFast(std::span<const std::uint8_t> data) {
    const std::string utf8 = decode(data, ErrorPolicy::Replace);
    const unsigned variant = choice(data);
    if (std::string failure = checkUtf16Kernels(utf8, variant % 2); !failure.empty())
        return failure;
    if (std::string failure = checkUtf16Input(data); !failure.empty())
        return failure;
    // The public conversions and the streaming Transcoder: UTF-8 to a Unicode form (chosen by
    // the data) and back is the identity on well-formed text, whole or in pieces.
    const auto chunks = steeredChunks(bytesOf(utf8));
    constexpr const char* kForms[] = {"UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"};
    {
        const char* form = kForms[variant / 2 % 4];
        const TranscodeResult there = transcode(bytesOf(utf8), "UTF-8", form);
        if (!there.status.ok())
            return std::string("UTF-8 to ") + form + " fails: " + there.status.message();
        Transcoder pieces("UTF-8", form);
        std::string streamed;
        bool ok = true;
        for (auto c : chunks)
            ok = pieces.feed(c, streamed).ok() && ok;
        ok = pieces.finish(streamed).ok() && ok;
        if (!ok)
            return std::string("UTF-8 to ") + form + " in pieces fails where the whole does not";
        if (streamed != there.output)
            return std::string("UTF-8 to ") + form + " in pieces differs from whole";
        const TranscodeResult back = transcode(bytesOf(there.output), form, "UTF-8");
        if (!back.status.ok() || back.output != utf8)
            return std::string("UTF-8 to ") + form + " and back is not the identity";
        // --add-bom: one byte order mark, whatever the text starts with, whole and in pieces
        // (issue 32). The data may start with U+FEFF itself.
        TranscodeOptions signed_;
        signed_.addSignature = true;
        const TranscodeResult marked = transcode(bytesOf(utf8), "UTF-8", form, signed_);
        Transcoder markedPieces("UTF-8", form, signed_);
        std::string markedStreamed;
        bool markedOk = true;
        for (auto c : chunks)
            markedOk = markedPieces.feed(c, markedStreamed).ok() && markedOk;
        markedOk = markedPieces.finish(markedStreamed).ok() && markedOk;
        if (markedOk != marked.status.ok())
            return std::string("UTF-8 to ") + form + " with a BOM: pieces and whole disagree";
        const std::string unmarked = utf8.starts_with("\xEF\xBB\xBF") ? utf8.substr(3) : utf8;
        const TranscodeResult plain = transcode(bytesOf(unmarked), "UTF-8", form);
        const std::string mark =
            transcode(bytesOf(std::string("\xEF\xBB\xBF")), "UTF-8", form).output;
        if (!marked.status.ok() || marked.output != mark + plain.output)
            return std::string("UTF-8 to ") + form + " with a BOM is not one BOM and the text";
        if (markedStreamed != marked.output)
            return std::string("UTF-8 to ") + form + " with a BOM in pieces differs from whole";
    }
    return {};
}

} // namespace u8fuzz
