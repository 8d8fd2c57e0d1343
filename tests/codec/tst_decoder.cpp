// The decoder under each error policy, and its replace / ignore output against ICU and Python 3
// (byte for byte what they give: one U+FFFD per maximal subpart, Unicode chapter 3).
#include "codec_test_support.h"
#include "u8codec/decoder.h"
#include "u8codec/segmenter.h"
#include "u8test/files.h"
#include "u8test/process.h"

#include <string>
#include <unicode/utf8.h>
#include <vector>

#if U8SCOPE_HAVE_ICU
#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/ustring.h>
#endif

using namespace u8codec;
using u8test::Bytes;

namespace {

// The WHATWG Encoding Standard's index-windows-1252 for bytes 80-9F (pointers 0-31), with the
// five bytes it leaves to the C1 controls (81 8D 8F 90 9D) shown as those controls; every other
// byte stands for the code point of the same value.
constexpr char32_t kWindows1252High[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, // 80-87
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F, // 88-8F
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, // 90-97
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178, // 98-9F
};

// The code points in UTF-8, written by ICU's macro (not by the codec under test).
std::string utf8Of(std::initializer_list<char32_t> cps) {
    std::string out;
    for (char32_t cp : cps) {
        std::uint8_t units[4];
        std::int32_t n = 0;
        U8_APPEND_UNSAFE(units, n, UChar32(cp));
        out.append(reinterpret_cast<const char*>(units), std::size_t(n));
    }
    return out;
}

using u8test::stringOf;

// Inputs for the comparisons with ICU and Python: the constructed inputs, every pair of edge
// bytes around an 'A', and random byte strings biased towards multi-byte forms.
std::vector<Bytes> comparisonInputs() {
    std::vector<Bytes> inputs = u8test::constructedInputs();
    static constexpr std::uint8_t kEdge[] = {0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0,
                                             0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEE, 0xEF,
                                             0xF0, 0xF1, 0xF4, 0xF5, 0xF8, 0xFC, 0xFE, 0xFF};
    for (std::uint8_t a : kEdge)
        for (std::uint8_t b : kEdge)
            for (std::uint8_t c : kEdge)
                inputs.push_back({0x41, a, b, c, 0x42});
    u8test::Random rng(3629);
    for (int n = 0; n < 400; ++n) {
        Bytes b(std::size_t(rng.bounded(1, 64)));
        for (auto& x : b)
            x = rng.bounded(4) == 0 ? std::uint8_t(rng.bounded(0x80))
                                    : std::uint8_t(0x80 + rng.bounded(0x80));
        inputs.push_back(std::move(b));
    }
    for (const char* name : {"UTF-8-test.txt", "UTF-8-demo.txt"}) {
        Bytes b;
        if (u8test::loadCorpus(name, b))
            inputs.push_back(std::move(b));
    }
    return inputs;
}

#if U8SCOPE_HAVE_ICU
// ICU's UTF-8 converter with its default substitution callback (U+FFFD for each illegal
// sequence, which since ICU 60 is one maximal subpart) or with the skip callback; the UTF-16
// result back in UTF-8 through ICU too.
std::string icuDecode(const Bytes& in, bool skip) {
    UErrorCode status = U_ZERO_ERROR;
    UConverter* cnv = ucnv_open("UTF-8", &status);
    if (U_FAILURE(status))
        return "ucnv_open failed";
    if (skip)
        ucnv_setToUCallBack(cnv, UCNV_TO_U_CALLBACK_SKIP, nullptr, nullptr, nullptr, &status);
    std::vector<UChar> out(in.size() * 2 + 4);
    const int32_t n =
        ucnv_toUChars(cnv, out.data(), int32_t(out.size()),
                      reinterpret_cast<const char*>(in.data()), int32_t(in.size()), &status);
    ucnv_close(cnv);
    if (U_FAILURE(status))
        return std::string("ICU error ") + u_errorName(status);
    std::string utf8(std::size_t(n) * 3, '\0');
    std::int32_t length = 0;
    u_strToUTF8(utf8.data(), std::int32_t(utf8.size()), &length, out.data(), n, &status);
    if (U_FAILURE(status))
        return std::string("ICU error ") + u_errorName(status);
    utf8.resize(std::size_t(length));
    return utf8;
}
#endif

// Python 3's bytes.decode("utf-8", "replace") and ("utf-8", "ignore") of every input, in one
// process: inputs and outputs are framed by 4-byte little-endian lengths.
const char* kPythonScript = R"(import struct, sys
data = open(sys.argv[1], 'rb').read()
out = open(sys.argv[2], 'wb')
i = 0
while i < len(data):
    (n,) = struct.unpack_from('<I', data, i)
    chunk = data[i + 4:i + 4 + n]
    i += 4 + n
    for errors in ('replace', 'ignore'):
        text = chunk.decode('utf-8', errors).encode('utf-8')
        out.write(struct.pack('<I', len(text)))
        out.write(text)
out.close()
)";

void appendFramed(std::string& to, const std::string& bytes) {
    const auto n = std::uint32_t(bytes.size());
    const char len[4] = {char(n & 0xFF), char((n >> 8) & 0xFF), char((n >> 16) & 0xFF),
                         char(n >> 24)};
    to.append(len, 4);
    to.append(bytes);
}

std::vector<std::string> readFramed(const std::string& from) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i + 4 <= from.size()) {
        const auto* p = reinterpret_cast<const unsigned char*>(from.data() + i);
        const auto n = std::size_t(p[0] | (p[1] << 8) | (p[2] << 16) | (std::uint32_t(p[3]) << 24));
        out.push_back(from.substr(i + 4, n));
        i += 4 + n;
    }
    return out;
}

int countReplacementCharacters(const std::string& utf8) {
    int n = 0;
    for (std::size_t at = utf8.find("\xEF\xBF\xBD"); at != std::string::npos;
         at = utf8.find("\xEF\xBF\xBD", at + 3))
        ++n;
    return n;
}

bool isWellFormed(const std::string& s) {
    for (const Segment& seg : segment({reinterpret_cast<const std::uint8_t*>(s.data()), s.size()}))
        if (!seg.isValid())
            return false;
    return true;
}

} // namespace

struct PolicyCase {
    const char* name;
    const char* hexInput;
    ErrorPolicy policy;
    std::string expected; // UTF-8
    int errorSegments;
};

TEST_CASE("each policy's output, and the error segments counted") {
    const std::string fffd = utf8Of({0xFFFD});
    const char* const table38 = "61 F1 80 80 E1 80 C2 62 80 63 80 BF 64";
    const PolicyCase rows[] = {
        // Unicode Standard table 3-8: one U+FFFD per maximal subpart.
        {"table 3-8 replace", table38, ErrorPolicy::Replace,
         "a" + fffd + fffd + fffd + "b" + fffd + "c" + fffd + fffd + "d", 6},
        {"table 3-8 ignore", table38, ErrorPolicy::Ignore, "abcd", 6},
        {"table 3-8 latin1", table38, ErrorPolicy::Latin1,
         utf8Of({'a', 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 'b', 0x80, 'c', 0x80, 0xBF, 'd'}), 6},
        {"table 3-8 cp1252", table38, ErrorPolicy::Cp1252,
         utf8Of(
             {'a', 0xF1, 0x20AC, 0x20AC, 0xE1, 0x20AC, 0xC2, 'b', 0x20AC, 'c', 0x20AC, 0xBF, 'd'}),
         6},
        {"valid text untouched under strict", "41 E2 82 AC F0 9F 98 80", ErrorPolicy::Strict,
         utf8Of({'A', 0x20AC, 0x1F600}), 0},
        {"C0 AF replace", "C0 AF", ErrorPolicy::Replace, fffd + fffd, 2},
        {"C0 AF latin1", "C0 AF", ErrorPolicy::Latin1, utf8Of({0xC0, 0xAF}), 2},
        {"truncated at end replace", "41 F0 9F 98", ErrorPolicy::Replace, "A" + fffd, 1},
        {"truncated at end cp1252", "41 F0 9F 98", ErrorPolicy::Cp1252,
         utf8Of({'A', 0xF0, 0x0178, 0x02DC}), 1},
        {"mojibake bytes cp1252 unassigned", "81 8D 8F 90 9D", ErrorPolicy::Cp1252,
         utf8Of({0x81, 0x8D, 0x8F, 0x90, 0x9D}), 5},
        {"surrogate pair ignore", "78 ED A0 BD ED B8 80 79", ErrorPolicy::Ignore, "xy", 6},
        {"empty", "", ErrorPolicy::Replace, "", 0},
    };
    for (const PolicyCase& row : rows) {
        SUBCASE(row.name) {
            const ErrorPolicy policy = row.policy;
            const int errorSegments = row.errorSegments;
            const Bytes in = u8test::hex(row.hexInput);
            std::optional<Segment> firstError;
            REQUIRE(u8test::bytesOf(decode(u8test::view(in), policy, &firstError)) ==
                    u8test::bytesOf(row.expected));
            REQUIRE(firstError.has_value() == (errorSegments > 0));
            Decoder d(policy);
            std::string out;
            REQUIRE(d.feed(u8test::view(in), out));
            REQUIRE(d.finish(out));
            REQUIRE(int(d.errorSegments()) == errorSegments);
        }
    }
}

TEST_CASE("strict stops at the first error, and appends nothing after it") {
    const Bytes in = u8test::hex("41 42 E2 82 43 C0 44");
    Decoder d(ErrorPolicy::Strict, 100);
    std::string out;
    REQUIRE(!d.feed(u8test::view(in), out));
    REQUIRE(out == std::string("AB")); // what came before the error, nothing after it
    REQUIRE(d.firstError().has_value());
    REQUIRE(d.firstError()->offset == std::uint64_t(102));
    REQUIRE(int(d.firstError()->length) == 2);
    REQUIRE(d.firstError()->error == ErrorKind::Truncated);
    // Once failed, further bytes append nothing.
    const Bytes more = u8test::hex("45 46");
    REQUIRE(!d.feed(u8test::view(more), out));
    REQUIRE(!d.finish(out));
    REQUIRE(out == std::string("AB"));
    // A truncated sequence at the very end fails only at finish().
    Decoder e(ErrorPolicy::Strict);
    std::string out2;
    REQUIRE(e.feed(u8test::view(u8test::hex("41 E2 82")), out2));
    REQUIRE(!e.finish(out2));
    REQUIRE(out2 == std::string("A"));
    REQUIRE(e.firstError()->error == ErrorKind::Truncated);
}

// firstErrorIn() finds, without decoding, the error a strict decode stops at: the same segment
// on every comparison input and on each input cut at every length (an error near the end, a
// character cut short by it), and none in well-formed text.
TEST_CASE("firstErrorIn finds, without decoding, the error a strict decode stops at") {
    REQUIRE(firstErrorIn({}) == (std::optional<Segment>{}));
    const Bytes clean = u8test::hex("41 C3 A9 E2 82 AC F0 9F 98 80");
    REQUIRE(firstErrorIn(u8test::view(clean)) == (std::optional<Segment>{}));
    const std::optional<Segment> found = firstErrorIn(u8test::view(u8test::hex("41 42 E2 82 43")));
    REQUIRE(found.has_value());
    REQUIRE(found->offset == std::uint64_t(2));
    REQUIRE(found->error == ErrorKind::Truncated);
    int errors = 0;
    for (const Bytes& whole : comparisonInputs()) {
        for (std::size_t cut = 0; cut <= std::min<std::size_t>(whole.size(), 70); ++cut) {
            const auto in = u8test::view(whole).first(whole.size() - cut);
            std::optional<Segment> strict;
            static_cast<void>(decode(in, ErrorPolicy::Strict, &strict)); // only where it stops
            REQUIRE(firstErrorIn(in) == strict);
            errors += strict.has_value();
        }
    }
    REQUIRE(errors > 100); // the inputs do hold errors, at many places
}

TEST_CASE("the policies' names") {
    for (ErrorPolicy p : {ErrorPolicy::Strict, ErrorPolicy::Replace, ErrorPolicy::Ignore,
                          ErrorPolicy::Latin1, ErrorPolicy::Cp1252})
        REQUIRE(errorPolicyFromName(name(p)) == (std::optional<ErrorPolicy>(p)));
    REQUIRE(name(ErrorPolicy::Cp1252) == std::string_view("cp1252"));
    REQUIRE(!errorPolicyFromName("windows-1252").has_value());
    REQUIRE(!errorPolicyFromName("").has_value());
}

TEST_CASE("cp1252: every byte's character, and the five unassigned ones are C1 controls") {
    for (int b = 0; b < 256; ++b) {
        const char32_t want = b >= 0x80 && b <= 0x9F ? kWindows1252High[b - 0x80] : char32_t(b);
        REQUIRE(uint(cp1252ToUnicode(std::uint8_t(b))) == uint(want));
        // A high byte on its own is always an error segment (a stray continuation, a lead at
        // the end, or a byte that never appears), so the cp1252 policy shows its character.
        if (b >= 0x80) {
            const Bytes in{std::uint8_t(b)};
            REQUIRE(u8test::bytesOf(decode(u8test::view(in), ErrorPolicy::Cp1252)) ==
                    u8test::bytesOf(utf8Of({want})));
        }
    }
    // The five bytes windows-1252 leaves unassigned are the C1 controls of the same value.
    for (int b : {0x81, 0x8D, 0x8F, 0x90, 0x9D})
        REQUIRE(uint(cp1252ToUnicode(std::uint8_t(b))) == uint(b));
}

TEST_CASE("latin1: every high byte is the code point of its value") {
    for (int b = 0x80; b < 256; ++b) {
        const Bytes in{0x41, std::uint8_t(b), 0x42};
        REQUIRE(u8test::bytesOf(decode(u8test::view(in), ErrorPolicy::Latin1)) ==
                u8test::bytesOf(utf8Of({'A', char32_t(b), 'B'})));
    }
}

TEST_CASE("the output is well-formed under every policy") {
    for (const Bytes& in : comparisonInputs())
        for (ErrorPolicy p : {ErrorPolicy::Strict, ErrorPolicy::Replace, ErrorPolicy::Ignore,
                              ErrorPolicy::Latin1, ErrorPolicy::Cp1252}) {
            const std::string out = decode(u8test::view(in), p);
            REQUIRE_MESSAGE(isWellFormed(out), u8test::hexString(u8test::view(in)));
        }
}

TEST_CASE("replace and ignore give what ICU's converter gives") {
#if U8SCOPE_HAVE_ICU
    for (const Bytes& in : comparisonInputs()) {
        const std::string replaced = decode(u8test::view(in), ErrorPolicy::Replace);
        const std::string ignored = decode(u8test::view(in), ErrorPolicy::Ignore);
        REQUIRE_MESSAGE((replaced == icuDecode(in, false)),
                        "replace: ", u8test::hexString(u8test::view(in)));
        REQUIRE_MESSAGE((ignored == icuDecode(in, true)),
                        "ignore: ", u8test::hexString(u8test::view(in)));
    }
#else
    U8TEST_SKIP("built without ICU");
#endif
}

TEST_CASE("replace and ignore give what Python 3 gives") {
    const std::string python = u8test::findExecutable("python3");
    if (python.empty())
        U8TEST_SKIP("python3 not found");
    const u8test::TempDir dir;
    const std::vector<Bytes> inputs = comparisonInputs();
    std::string framed;
    for (const Bytes& in : inputs)
        appendFramed(framed, stringOf(in));
    const std::string inFile = u8test::writeFile(dir.filePath("in.bin"), framed);
    u8test::ProcessOptions options;
    options.timeoutMs = 60000;
    const u8test::ProcessRun run =
        u8test::runProcess(python, {"-c", kPythonScript, inFile, dir.filePath("out.bin")}, options);
    REQUIRE_MESSAGE(run.started, "python3 did not start");
    REQUIRE_MESSAGE(!run.timedOut, "python3 did not finish in 60 s");
    REQUIRE_MESSAGE(run.exitCode == 0, run.err);
    const std::vector<std::string> outputs =
        readFramed(u8test::readFileOrFail(dir.filePath("out.bin")));
    REQUIRE(outputs.size() == inputs.size() * 2);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const std::string label = u8test::hexString(u8test::view(inputs[i])).substr(0, 200);
        REQUIRE_MESSAGE((decode(u8test::view(inputs[i]), ErrorPolicy::Replace) == outputs[2 * i]),
                        "replace: ", label);
        REQUIRE_MESSAGE(
            (decode(u8test::view(inputs[i]), ErrorPolicy::Ignore) == outputs[2 * i + 1]),
            "ignore: ", label);
    }
}

TEST_CASE("the corpus's test file: one U+FFFD per error segment, and strict stops at the first") {
    Bytes in;
    if (!u8test::loadCorpus("UTF-8-test.txt", in))
        U8TEST_SKIP("corpus not found (U8SCOPE_CORPUS_DIR)");
    // The file holds one U+FFFD itself (its test 2.3.3, EF BF BD, a valid character); every
    // other U+FFFD in the output stands for one error segment.
    REQUIRE(countReplacementCharacters(std::string(in.begin(), in.end())) == 1);
    Decoder d(ErrorPolicy::Replace);
    std::string out;
    REQUIRE(d.feed(u8test::view(in), out));
    REQUIRE(d.finish(out));
    REQUIRE(countReplacementCharacters(out) == 379);
    REQUIRE(d.errorSegments() == std::uint64_t(378));
    // Strict stops at the first of them, which is the first error segment of the file.
    std::optional<Segment> first;
    static_cast<void>(decode(u8test::view(in), ErrorPolicy::Strict, &first)); // where it stops
    REQUIRE(first.has_value());
    for (const Segment& s : segment(u8test::view(in)))
        if (!s.isValid()) {
            REQUIRE((*first) == s);
            break;
        }
}

// Long well-formed stretches are copied after the vectorised scan has checked them, 64 KiB at
// a time; errors near and across those blocks' edges, characters cut by them and by the chunks
// fed, and every policy give what feeding one byte at a time (which never copies a block) gives:
// the same text, the same first error, the same count.
TEST_CASE("errors around the edges of the blocks copied whole give what one byte at a time gives") {
    std::string text;
    while (text.size() < 300000)
        text += "Grüße, Привет, 中文 and 😀 — ";
    const auto insertAt = [&](std::size_t at, std::string_view bad) {
        while ((std::uint8_t(text[at]) & 0xC0) == 0x80)
            ++at;
        text.insert(at, bad);
    };
    insertAt(65536 + 70000, "\xC0\xAF");
    insertAt(65534, "\xF0\x9F\x98"); // a character cut short where the first block ends
    insertAt(200000, "\x80\xFF");
    text.insert(131072 - 1, "\xE2\x82"); // straddles the second block's end
    const auto bytes = std::span<const std::uint8_t>(
        reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
    for (ErrorPolicy policy : {ErrorPolicy::Replace, ErrorPolicy::Ignore, ErrorPolicy::Latin1,
                               ErrorPolicy::Cp1252, ErrorPolicy::Strict}) {
        Decoder oneByOne(policy);
        std::string expected;
        bool expectedOk = true; // false under Strict, at the first error: compared below too
        for (std::uint8_t b : bytes)
            expectedOk =
                oneByOne.feed(std::span<const std::uint8_t>(&b, 1), expected) && expectedOk;
        expectedOk = oneByOne.finish(expected) && expectedOk;
        for (std::size_t chunk :
             {std::size_t(4096), std::size_t(65537), std::size_t(100000), bytes.size()}) {
            Decoder d(policy);
            std::string out;
            bool ok = true;
            for (std::size_t at = 0; at < bytes.size(); at += chunk)
                ok = d.feed(bytes.subspan(at, std::min(chunk, bytes.size() - at)), out) && ok;
            ok = d.finish(out) && ok;
            REQUIRE(ok == expectedOk);
            REQUIRE(ok == (policy != ErrorPolicy::Strict));
            REQUIRE(out.size() == expected.size());
            REQUIRE((out == expected)); // not printed: 300 kB
            REQUIRE(d.errorSegments() == oneByOne.errorSegments());
            REQUIRE(d.firstError().has_value() == oneByOne.firstError().has_value());
            if (d.firstError())
                REQUIRE(d.firstError()->offset == oneByOne.firstError()->offset);
        }
    }
}

namespace {

struct Decoded {
    std::string text;
    std::uint64_t errorSegments = 0;
    std::optional<Segment> firstError;
    bool ok = true;
};

// The decoding written out from its definition, segment by segment (the Segmenter's maximal
// subparts): a valid character is copied, an error segment takes the policy's form. Shares no
// code with the Decoder's fast paths.
Decoded referenceDecode(std::span<const std::uint8_t> bytes, ErrorPolicy policy) {
    Decoded d;
    for (const Segment& s : segment(bytes)) {
        if (!d.ok)
            break;
        const auto* b = bytes.data() + s.offset;
        if (s.isValid()) {
            d.text.append(reinterpret_cast<const char*>(b), s.length);
            continue;
        }
        ++d.errorSegments;
        if (!d.firstError)
            d.firstError = s;
        switch (policy) {
        case ErrorPolicy::Strict:
            d.ok = false;
            break;
        case ErrorPolicy::Replace:
            d.text += utf8Of({0xFFFD});
            break;
        case ErrorPolicy::Ignore:
            break;
        case ErrorPolicy::Latin1:
            for (int k = 0; k < s.length; ++k)
                d.text += utf8Of({char32_t(b[k])});
            break;
        case ErrorPolicy::Cp1252:
            for (int k = 0; k < s.length; ++k)
                d.text += utf8Of({b[k] >= 0x80 && b[k] <= 0x9F ? kWindows1252High[b[k] - 0x80]
                                                               : char32_t(b[k])});
            break;
        }
    }
    return d;
}

Decoded decodeInChunks(std::span<const std::uint8_t> bytes, ErrorPolicy policy, std::size_t chunk) {
    Decoded d;
    Decoder decoder(policy);
    for (std::size_t at = 0; at < bytes.size(); at += chunk)
        d.ok = decoder.feed(bytes.subspan(at, std::min(chunk, bytes.size() - at)), d.text) && d.ok;
    d.ok = decoder.finish(d.text) && d.ok;
    d.errorSegments = decoder.errorSegments();
    d.firstError = decoder.firstError();
    return d;
}

// Inputs for the fast paths: error-dense random bytes, text with errors now and then (every
// kind, at window edges and far apart), and text that is valid throughout.
std::vector<std::pair<std::string, Bytes>> fastPathInputs() {
    std::vector<std::pair<std::string, Bytes>> inputs;
    u8test::Random rng(1818);
    Bytes random(60000);
    for (auto& b : random)
        b = std::uint8_t(rng.bounded(256));
    inputs.push_back({"random bytes", random});
    Bytes high(30000); // bytes 80-FF only: every policy's error path, no ASCII between
    for (auto& b : high)
        b = std::uint8_t(0x80 + rng.bounded(0x80));
    inputs.push_back({"high bytes", high});
    std::string text;
    while (text.size() < 150000)
        text += "Grüße, Привет, 中文 and 😀 — plain ASCII words in between. ";
    inputs.push_back({"valid", Bytes(text.begin(), text.end())});
    static const char* const kBad[] = {
        "\xC0\xAF", "\xE0\x80\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80",
        "\xF5",     "\xFF",         "\x80",         "\xBF\xBF",
        "\xE2\x82", "\xF0\x9F\x98", "\xC2",         "\x81\x8D\x8F\x90\x9D"};
    for (int density : {40, 400, 20000}) {
        std::string damaged = text;
        for (std::size_t at = std::size_t(rng.bounded(density)); at < damaged.size();
             at += 1 + std::size_t(rng.bounded(density)))
            damaged.insert(at, kBad[rng.bounded(int(std::size(kBad)))]);
        inputs.push_back({"errors every ~" + std::to_string(density / 2) + " bytes",
                          Bytes(damaged.begin(), damaged.end())});
    }
    std::string edges = text.substr(0, 4096);
    for (std::size_t at : {63, 64, 65, 127, 128, 129, 191, 192, 1000, 4000})
        edges.insert(at, kBad[at % std::size(kBad)]);
    inputs.push_back({"errors at window edges", Bytes(edges.begin(), edges.end())});
    return inputs;
}

} // namespace

// Every policy over the vectorised paths (well-formed blocks copied whole, error windows from the
// byte-class masks, latin1 and cp1252 from their tables) gives what the segments say and what
// feeding one byte at a time gives (which never reaches those paths), for every chunking: the
// same text, error count and first error.
TEST_CASE(
    "every policy over the vectorised paths gives what the segments say, for every chunking") {
    for (ErrorPolicy policy : {ErrorPolicy::Replace, ErrorPolicy::Ignore, ErrorPolicy::Latin1,
                               ErrorPolicy::Cp1252, ErrorPolicy::Strict})
        SUBCASE(std::string(name(policy)).c_str()) {
            for (const auto& [label, bytes] : fastPathInputs()) {
                const Decoded want = referenceDecode(bytes, policy);
                const Decoded oneByOne = decodeInChunks(bytes, policy, 1);
                REQUIRE_MESSAGE((oneByOne.text == want.text), label, ": one by one");
                REQUIRE(oneByOne.errorSegments ==
                        (policy == ErrorPolicy::Strict
                             ? std::min<std::uint64_t>(want.errorSegments, 1)
                             : want.errorSegments));
                for (std::size_t chunk :
                     {std::size_t(2), std::size_t(3), std::size_t(63), std::size_t(64),
                      std::size_t(65), std::size_t(127), std::size_t(129), std::size_t(1000),
                      std::size_t(4096), std::size_t(65537), bytes.size()}) {
                    const std::string where = label + ", chunks of " + std::to_string(chunk);
                    const Decoded got = decodeInChunks(bytes, policy, chunk);
                    REQUIRE_MESSAGE((got.text == want.text), where);
                    REQUIRE_MESSAGE((got.text == oneByOne.text), where);
                    REQUIRE(got.ok == want.ok);
                    REQUIRE(got.errorSegments == oneByOne.errorSegments);
                    REQUIRE_MESSAGE(got.firstError == want.firstError, where);
                }
            }
        }
}

// The Writer gets long well-formed stretches as views into the fed bytes, and in all the same
// text as the string form.
TEST_CASE("the Writer gets long well-formed stretches as views into the fed bytes") {
    for (const auto& [label, bytes] : fastPathInputs()) {
        for (ErrorPolicy policy : {ErrorPolicy::Replace, ErrorPolicy::Cp1252}) {
            for (std::size_t chunk : {std::size_t(1000), std::size_t(1) << 18, bytes.size()}) {
                Decoder decoder(policy);
                std::string written;
                bool direct = false;
                const Decoder::Writer write = [&](std::string_view piece) {
                    const auto* p = reinterpret_cast<const std::uint8_t*>(piece.data());
                    direct = direct || (p >= bytes.data() && p < bytes.data() + bytes.size());
                    written.append(piece);
                };
                bool ok = true;
                for (std::size_t at = 0; at < bytes.size(); at += chunk)
                    ok = decoder.feed(std::span<const std::uint8_t>(bytes).subspan(
                                          at, std::min(chunk, bytes.size() - at)),
                                      write) &&
                         ok;
                ok = decoder.finish(write) && ok;
                const std::string where = label + ", chunks of " + std::to_string(chunk);
                const Decoded intoString = decodeInChunks(bytes, policy, chunk);
                REQUIRE_MESSAGE((written == intoString.text), where);
                REQUIRE_MESSAGE(ok == intoString.ok, where);
                if (label == "valid" && chunk >= (std::size_t(1) << 18))
                    REQUIRE_MESSAGE(direct, where);
            }
        }
    }
}
