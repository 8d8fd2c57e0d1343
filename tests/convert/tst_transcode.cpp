// Transcoding: round trips, the fast loops against ICU, byte equality
// with uconv (run as a process), unmappable characters reported with their offsets.
#include "repair_samples.h"
#include "u8convert/transcode.h"
// The kernels behind the UTF-16 loops, so that every kernel is checked, not only the one this
// CPU picks (library-internal header).
#include "u8test/files.h"
#include "u8test/harness.h"
#include "u8test/process.h"
#include "utf16_kernels.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <random>

using namespace u8codec;
using namespace u8convert;
using namespace repairtest;
using u8test::bytesOf;

namespace {

std::string allSentences() {
    std::string s;
    for (const std::string& line : sentences())
        s += line + "\n";
    return s;
}

// Runs uconv; returns nullopt when it failed (non-zero exit).
std::optional<std::string> uconv(const std::string& input, const std::vector<std::string>& args) {
    u8test::ProcessOptions options;
    options.stdinBytes = input;
    options.timeoutMs = 30000;
    const u8test::ProcessRun run = u8test::runProcess("uconv", args, options);
    if (!run.started || run.exitCode != 0)
        return std::nullopt;
    return run.out;
}

bool haveUconv() {
    return !u8test::findExecutable("uconv").empty();
}

// A number in [0, bound) (QRandomGenerator::bounded).
std::uint32_t bounded(std::mt19937& rng, std::uint32_t bound) {
    return std::uniform_int_distribution<std::uint32_t>(0, bound - 1)(rng);
}

// Code points of every UTF-8 length, at the edges of each length and of the surrogate range.
const std::vector<char32_t>& samplesOfLength(int length) {
    static const std::vector<char32_t> samples[5] = {
        {},
        {0x00, 0x0A, 0x20, 0x41, 0x7A, 0x7F},
        {0x80, 0xE9, 0x3A9, 0x416, 0x5D0, 0x7FF},
        {0x800, 0x20AC, 0x2019, 0x65E5, 0xD55C, 0xD7FF, 0xE000, 0xFEFF, 0xFFFD, 0xFFFF},
        {0x10000, 0x1F600, 0x1F44D, 0x10FFFF},
    };
    return samples[length];
}

// UTF-8 and UTF-16 (LE, BE) of code points, written out here from the definitions (RFC 3629,
// RFC 2781): a reference independent of the codec.
std::string utf8Of(const std::vector<char32_t>& cps) {
    std::string out;
    for (const char32_t c : cps) {
        if (c < 0x80) {
            out += char(c);
        } else if (c < 0x800) {
            out += char(0xC0 | (c >> 6));
            out += char(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            out += char(0xE0 | (c >> 12));
            out += char(0x80 | ((c >> 6) & 0x3F));
            out += char(0x80 | (c & 0x3F));
        } else {
            out += char(0xF0 | (c >> 18));
            out += char(0x80 | ((c >> 12) & 0x3F));
            out += char(0x80 | ((c >> 6) & 0x3F));
            out += char(0x80 | (c & 0x3F));
        }
    }
    return out;
}
std::string utf16Of(const std::vector<char32_t>& cps, bool bigEndian) {
    std::string out;
    auto unit = [&](char16_t u) {
        const char hi = char(u >> 8);
        const char lo = char(u & 0xFF);
        out += bigEndian ? hi : lo;
        out += bigEndian ? lo : hi;
    };
    for (const char32_t c : cps) {
        if (c < 0x10000) {
            unit(char16_t(c));
        } else {
            unit(char16_t(0xD800 + ((c - 0x10000) >> 10)));
            unit(char16_t(0xDC00 + ((c - 0x10000) & 0x3FF)));
        }
    }
    return out;
}

// Random text in runs of one UTF-8 length, `weights` giving how often each length (1-4) is
// chosen and `runs` the longest run: from long ASCII stretches to every length in turn.
std::vector<char32_t> randomText(std::mt19937& rng, std::size_t count,
                                 const std::array<int, 5>& weights, int longestRun) {
    const int total = weights[1] + weights[2] + weights[3] + weights[4];
    std::vector<char32_t> cps;
    while (cps.size() < count) {
        int pick = int(bounded(rng, std::uint32_t(total)));
        int length = 1;
        while (pick >= weights[std::size_t(length)])
            pick -= weights[std::size_t(length++)];
        const std::vector<char32_t>& pool = samplesOfLength(length);
        const int run = 1 + int(bounded(rng, std::uint32_t(longestRun)));
        for (int i = 0; i < run; ++i)
            cps.push_back(pool[bounded(rng, std::uint32_t(pool.size()))]);
    }
    return cps;
}

std::vector<Isa> kernels() {
    std::vector<Isa> k{Isa::Portable};
    for (const Isa v : {Isa::Avx2, Isa::Avx512})
        if (u8convert::detail::utf16KernelSupported(v))
            k.push_back(v);
    return k;
}

// Runs both directions of every kernel on `cps` and compares with the reference bytes. Input
// and output live in buffers of exactly the size the kernels are promised, so that a sanitizer
// build sees any read or write past them. The first difference ends the test case.
void checkKernels(const std::vector<char32_t>& cps, const char* what) {
    const std::string utf8 = utf8Of(cps);
    const std::vector<std::uint8_t> u8(utf8.begin(), utf8.end());
    for (const bool be : {false, true}) {
        const std::string utf16 = utf16Of(cps, be);
        const std::vector<std::uint8_t> u16(utf16.begin(), utf16.end());
        for (const Isa k : kernels()) {
            INFO(std::string_view(what) << " " << name(k) << std::string_view(be ? " BE" : " LE"));
            std::vector<char> out(2 * u8.size() + u8convert::detail::kUtf16KernelSlack);
            const char* e = u8convert::detail::utf8ToUtf16Units(k, u8.data(), u8.data() + u8.size(),
                                                                out.data(), be);
            REQUIRE(e != nullptr);
            REQUIRE(bytesOf(std::string(out.data(), std::size_t(e - out.data()))) ==
                    bytesOf(utf16));
            const std::optional<std::uint64_t> length =
                u8convert::detail::utf8LengthOfUtf16(k, u16.data(), u16.data() + u16.size(), be);
            REQUIRE(length == std::optional<std::uint64_t>(utf8.size()));
            std::vector<std::uint8_t> back(u16.size() / 2 * 3 +
                                           u8convert::detail::kUtf16KernelSlack);
            const std::uint8_t* f = u8convert::detail::utf16ToUtf8Bytes(
                k, u16.data(), u16.data() + u16.size(), back.data(), be);
            REQUIRE(f != nullptr);
            REQUIRE(std::vector<std::uint8_t>(back.cbegin(), back.cbegin() + (f - back.data())) ==
                    u8);
        }
    }
}

struct ConversionRow {
    std::string name, from, to, policy, input;
};

// The conversions checked against uconv and streamed against whole.
std::vector<ConversionRow> conversionRows() {
    std::vector<ConversionRow> rows;
    const std::string text = allSentences();
    const std::string latin = "Caf\xC3\xA9 na\xC3\xAFve \xE2\x82\xAC 5 \xE2\x80\x9Cq\xE2\x80\x9D "
                              "\xC2\x81 end";
    for (const char* to : {"UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE", "UTF-16"})
        rows.push_back({std::string("utf-8 to ") + to, "UTF-8", to, "substitute", text});
    for (const char* to : {"ISO-8859-1", "windows-1252", "ISO-8859-15", "KOI8-R", "Shift_JIS",
                           "EUC-JP", "GB18030", "Big5", "EUC-KR", "ISO-8859-7", "windows-1251"})
        for (const char* policy : {"substitute", "escape"}) {
            rows.push_back(
                {std::string("text to ") + to + " " + policy, "UTF-8", to, policy, text});
            rows.push_back(
                {std::string("latin to ") + to + " " + policy, "UTF-8", to, policy, latin});
        }
    // From legacy bytes: every byte value.
    std::string all;
    for (int b = 0; b < 256; ++b)
        all += char(b);
    for (const char* from : {"ISO-8859-1", "windows-1252", "KOI8-R", "ISO-8859-7", "IBM437",
                             "macintosh", "windows-1251"})
        rows.push_back({std::string(from) + " to utf-8", from, "UTF-8", "substitute", all});
    rows.push_back({"invalid utf-8 to utf-16le", "UTF-8", "UTF-16LE", "substitute",
                    "a\xFF\xC3 b\xED\xA0\x80z"});
    rows.push_back({"invalid utf-8 escaped", "UTF-8", "ISO-8859-1", "escape", "a\xFF\xC3 b"});
    rows.push_back({"utf-16le to utf-8", "UTF-16LE", "UTF-8", "substitute",
                    std::string("a\0\xE9\0=\xD8\0\xDE", 8)});
    rows.push_back({"lone surrogate utf-16le", "UTF-16LE", "UTF-8", "substitute",
                    std::string("a\0\x00\xD8z\0", 6)});
    return rows;
}

TEST_CASE("text goes to an encoding and back unchanged") {
    for (const char* encoding : {"UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE", "UTF-16", "UTF-32",
                                 "GB18030", "UTF-7", "SCSU"}) {
        SUBCASE(encoding) {
            const std::string text = allSentences() + "\xF0\x9F\x98\x80 \xEF\xBF\xBF end";
            const TranscodeResult there = transcode(bytes(text), "UTF-8", encoding);
            INFO(there.status.message());
            REQUIRE(there.status.ok());
            const TranscodeResult back = transcode(bytes(there.output), encoding, "UTF-8");
            INFO(back.status.message());
            REQUIRE(back.status.ok());
            std::string expected = text;
            if (back.output.starts_with("\xEF\xBB\xBF") && !text.starts_with("\xEF\xBB\xBF"))
                expected.insert(0, "\xEF\xBB\xBF"); // a signature written by "UTF-16"/"UTF-32"
            CHECK(back.output == expected);
        }
    }
}

TEST_CASE("the same bytes as uconv, with substitutes and escapes") {
    if (!haveUconv())
        U8TEST_SKIP("uconv (icu-devtools) is not installed");
    for (const ConversionRow& row : conversionRows()) {
        SUBCASE(row.name.c_str()) {
            TranscodeOptions opt;
            opt.unmappable = *unmappablePolicyFromName(row.policy);
            const TranscodeResult r = transcode(bytes(row.input), row.from, row.to, opt);
            INFO(r.status.message());
            REQUIRE(r.status.ok());
            const std::string callback = row.policy == "escape" ? "escape-xml-hex" : "substitute";
            const auto expected =
                uconv(row.input, {"-f", row.from, "-t", row.to, "--callback", callback});
            REQUIRE(expected.has_value());
            CHECK(bytesOf(r.output) == bytesOf(*expected));
        }
    }
}

TEST_CASE("the fast loops give the known bytes of UTF-16, UTF-32 and cp1252") {
    const std::string s = "A\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"; // A é € 😀
    const TranscodeResult le = transcode(bytes(s), "UTF-8", "UTF-16LE");
    CHECK(le.fastPath);
    CHECK(bytesOf(le.output) == bytesOf(std::string("A\0\xE9\0\xAC\x20\x3D\xD8\x00\xDE", 10)));
    const TranscodeResult odd = transcode(bytes("abc"), "utf-16be", "UTF-8");
    CHECK(!odd.status.ok()); // odd length: the last code unit is cut short
    CHECK(odd.invalidInput == 1u);
    const TranscodeResult u32 = transcode(bytes(s), "UTF-8", "UTF-32BE");
    CHECK(u32.fastPath);
    CHECK(bytesOf(u32.output) ==
          bytesOf(std::string("\0\0\0A\0\0\0\xE9\0\0\x20\xAC\0\x01\xF6\x00", 16)));
    const TranscodeResult back = transcode(bytes(u32.output), "UTF-32BE", "UTF-8");
    CHECK(back.fastPath);
    CHECK(back.output == s);
    // Long ASCII runs take the vector path; a character after 16 ASCII bytes must not be lost.
    const std::string longer = std::string(40, 'x') + "\xC3\xA9" + std::string(17, 'y');
    const TranscodeResult w = transcode(bytes(longer), "UTF-8", "UTF-16BE");
    const TranscodeResult n = transcode(bytes(w.output), "UTF-16BE", "UTF-8");
    CHECK(n.output == longer);
    const TranscodeResult cp = transcode(bytes("\xE2\x82\xAC \xC5\xA0"), "UTF-8", "cp1252");
    CHECK(cp.fastPath);
    CHECK(bytesOf(cp.output) == bytesOf("\x80 \x8A"));
}

TEST_CASE("unmappable characters are reported with their offsets, substituted or escaped") {
    const std::string s = "ab\xE2\x82\xAC"
                          "c\xF0\x9F\x98\x80"
                          "d"; // ab€c😀d
    TranscodeOptions opt;      // fail
    const TranscodeResult fail = transcode(bytes(s), "UTF-8", "ISO-8859-1", opt);
    CHECK(!fail.status.ok());
    CHECK(fail.output.empty());
    CHECK(fail.unmappable == 2u);
    CHECK(fail.unmappableOffsets == std::vector<std::uint64_t>{2, 6});
    CHECK(fail.status.message().find("offset 2") != std::string::npos);
    CHECK(fail.status.failedWith(u8codec::ErrorCode::Invalid));
    opt.unmappable = UnmappablePolicy::Substitute;
    const TranscodeResult sub = transcode(bytes(s), "UTF-8", "ISO-8859-1", opt);
    CHECK(sub.status.ok());
    CHECK(bytesOf(sub.output) == bytesOf("ab\x1A"
                                         "c\x1A"
                                         "d"));
    opt.unmappable = UnmappablePolicy::Escape;
    const TranscodeResult esc = transcode(bytes(s), "UTF-8", "ISO-8859-1", opt);
    CHECK(esc.output == "ab&#x20AC;c&#x1F600;d");
    opt.escape = EscapeStyle::Java;
    CHECK(transcode(bytes(s), "UTF-8", "ISO-8859-1", opt).output == "ab\\u20ACc\\uD83D\\uDE00d");
    CHECK(esc.unmappable == 2u);
}

TEST_CASE("invalid input is reported with its offsets, or replaced") {
    const std::string s = "ok\xFF"
                          "x\xC3";
    const TranscodeResult r = transcode(bytes(s), "UTF-8", "UTF-16LE");
    CHECK(!r.status.ok());
    CHECK(r.invalidInput == 2u);
    CHECK(r.invalidInputOffsets == std::vector<std::uint64_t>{2, 4});
    TranscodeOptions opt;
    opt.unmappable = UnmappablePolicy::Substitute;
    const TranscodeResult s2 = transcode(bytes(s), "UTF-8", "UTF-8", opt);
    CHECK(bytesOf(s2.output) == bytesOf("ok\xEF\xBF\xBDx\xEF\xBF\xBD"));
}

TEST_CASE("an unknown encoding is refused by name; an alias is canonicalised") {
    const TranscodeResult r = transcode(bytes("a"), "UTF-8", "no-such-encoding");
    CHECK(!r.status.ok());
    CHECK(r.status.message() == "unknown encoding 'no-such-encoding'");
    CHECK(r.status.failedWith(u8codec::ErrorCode::Invalid));
    CHECK(canonicalEncodingName("latin1").value_or("") == "ISO-8859-1");
}

// `u8scope-cli --list-encodings` and its completions offer encodingNames(): each must be a name
// the transcoder takes, listed once, by the name people know (windows-1251, not ICU's table).
TEST_CASE("every listed encoding opens, is listed once and by the name people know") {
    const std::vector<std::string> names = encodingNames();
    REQUIRE(names.size() > 100);
    for (const std::string& name : names) {
        INFO(name);
        CHECK(canonicalEncodingName(name));
    }
    std::vector<std::string> sorted = names;
    std::sort(sorted.begin(), sorted.end());
    CHECK(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
    for (const char* known : {"UTF-8", "windows-1251", "ISO-8859-2", "Shift_JIS", "KOI8-R"}) {
        INFO(std::string_view(known));
        CHECK(std::find(names.begin(), names.end(), known) != names.end());
    }
    CHECK(std::find(names.begin(), names.end(), "ibm-5347_P100-1998") == names.end());
}

// Results and messages name an encoding as people know it, whatever alias was asked for: ICU's
// canonical name of most code pages is IBM's table ("ibm-5347_P100-1998" is windows-1251).
TEST_CASE("results and messages name an encoding as people know it, whatever alias was asked") {
    const std::pair<const char*, const char*> names[] = {
        {"cp1251", "windows-1251"}, {"ibm-5347_P100-1998", "windows-1251"},
        {"koi8r", "KOI8-R"},        {"latin2", "ISO-8859-2"},
        {"sjis", "Shift_JIS"},      {"eucjp", "EUC-JP"},
        {"mac", "macintosh"},       {"cp437", "IBM437"},
        {"utf16le", "UTF-16LE"},    {"windows-1252", "windows-1252"}};
    for (const auto& [asked, known] : names) {
        INFO(std::string_view(asked));
        const TranscodeResult r = transcode(bytes("ab"), asked, "UTF-8"); // U+6261 in UTF-16LE
        REQUIRE(r.status.ok());
        CHECK(r.from == std::string_view(known));
        CHECK(Transcoder(asked, "UTF-8").state().from == std::string_view(known));
        CHECK(transcode(bytes("a"), "UTF-8", asked).to == std::string_view(known));
    }
    // ISO-8859-7 leaves AE undefined.
    const TranscodeResult bad = transcode(bytes("a\xAE"), "greek", "UTF-8");
    REQUIRE(!bad.status.ok());
    INFO(bad.status.message());
    CHECK(bad.status.message().find("not valid ISO-8859-7") != std::string::npos);
}

TEST_CASE("one byte order mark, whole and streamed, and none where the encoding has none") {
    TranscodeOptions opt;
    opt.addSignature = true;
    CHECK(bytesOf(transcode(bytes("a"), "UTF-8", "UTF-16BE", opt).output) ==
          bytesOf(std::string("\xFE\xFF\0a", 4)));
    CHECK(bytesOf(transcode(bytes("a"), "UTF-8", "UTF-8", opt).output) == bytesOf("\xEF\xBB\xBF"
                                                                                  "a"));
    CHECK(!transcode(bytes("a"), "UTF-8", "KOI8-R", opt).status.ok());
    // One byte order mark, always (issue 32): the input's own is dropped, and ICU's UTF-16 and
    // UTF-32, which write one of their own, get no second. Whole and streamed (in pieces of one
    // byte, so that the signature is cut) alike.
    const struct {
        const char *input, *from, *to;
        std::string expected;
    } cases[] = {
        {"\xEF\xBB\xBF"
         "ab",
         "UTF-8", "UTF-8",
         "\xEF\xBB\xBF"
         "ab"},
        {"ab", "UTF-8", "UTF-16",
         std::string("\xFF\xFE"
                     "a\0b\0",
                     6)},
        {"\xEF\xBB\xBF"
         "ab",
         "UTF-8", "UTF-16",
         std::string("\xFF\xFE"
                     "a\0b\0",
                     6)},
        {"\xEF\xBB\xBF"
         "ab",
         "UTF-8", "UTF-16LE",
         std::string("\xFF\xFE"
                     "a\0b\0",
                     6)},
        {"ab", "UTF-8", "UTF-32",
         std::string("\xFF\xFE\0\0"
                     "a\0\0\0"
                     "b\0\0\0",
                     12)},
        {"\xFF\xFE"
         "a",
         "UTF-16LE", "UTF-8",
         "\xEF\xBB\xBF"
         "a"},
    };
    for (const auto& c : cases) {
        INFO(u8test::hexOf(std::string_view(c.input))
             << " from " << std::string_view(c.from) << " to " << std::string_view(c.to));
        const std::string_view in(
            c.input, c.from == std::string_view("UTF-16LE") ? 4 : std::strlen(c.input));
        const std::string whole = transcode(bytes(std::string(in)), c.from, c.to, opt).output;
        CHECK(bytesOf(whole) == bytesOf(c.expected));
        Transcoder t(c.from, c.to, opt);
        std::string streamed;
        for (const char ch : in) {
            const auto byte = static_cast<std::uint8_t>(ch);
            REQUIRE(t.feed(std::span<const std::uint8_t>(&byte, 1), streamed).ok());
        }
        REQUIRE(t.finish(streamed).ok());
        CHECK(bytesOf(streamed) == bytesOf(c.expected));
    }
}

TEST_CASE("progress comes in pieces, monotonic, changing nothing; a cancel stops the conversion") {
    // 3 MiB through ICU's path (GB18030): progress in 1 MiB pieces, monotonic, ending at total.
    std::string text;
    while (text.size() < (std::size_t(3) << 20))
        text += allSentences();
    TranscodeOptions opt;
    std::vector<std::uint64_t> done;
    opt.progress = [&](std::uint64_t d, std::uint64_t total) {
        if (total != text.size())
            return false;
        done.push_back(d);
        return true;
    };
    const TranscodeResult r = transcode(bytes(text), "UTF-8", "GB18030", opt);
    INFO(r.status.message());
    REQUIRE(r.status.ok());
    CHECK(!r.fastPath);
    CHECK(done.size() >= 4);
    for (std::size_t i = 1; i < done.size(); ++i)
        CHECK(done[i] >= done[i - 1]);
    // The pieces change nothing: the same bytes as one piece (the round trip restores the text).
    const TranscodeResult back = transcode(bytes(r.output), "GB18030", "UTF-8");
    CHECK(back.output == text);
    int calls = 0;
    opt.progress = [&](std::uint64_t, std::uint64_t) { return ++calls < 3; };
    const TranscodeResult c = transcode(bytes(text), "UTF-8", "GB18030", opt);
    CHECK(!c.status.ok());
    CHECK(c.status.failedWith(u8codec::ErrorCode::Cancelled));
    CHECK(c.output.empty());
}

TEST_CASE("streamed in pieces of any size, a conversion gives what the whole one gives") {
    for (const ConversionRow& row : conversionRows()) {
        SUBCASE(row.name.c_str()) {
            const auto in = bytes(row.input);
            for (const UnmappablePolicy p :
                 {*unmappablePolicyFromName(row.policy), UnmappablePolicy::Fail}) {
                TranscodeOptions opt;
                opt.unmappable = p;
                const TranscodeResult whole = transcode(in, row.from, row.to, opt);
                for (std::size_t piece : {std::size_t(1), std::size_t(2), std::size_t(3),
                                          std::size_t(7), std::size_t(64), std::size_t(1) << 20}) {
                    INFO("policy " << name(p) << ", pieces of " << piece);
                    Transcoder t(row.from, row.to, opt);
                    REQUIRE(t.status().ok());
                    std::string out;
                    bool ok = true;
                    for (std::size_t at = 0; at < in.size() && ok; at += piece)
                        ok = t.feed(in.subspan(at, std::min(piece, in.size() - at)), out).ok();
                    ok = ok && t.finish(out).ok();
                    REQUIRE(ok == whole.status.ok());
                    if (ok)
                        REQUIRE(bytesOf(out) == bytesOf(whole.output));
                    REQUIRE(t.state().unmappable == whole.unmappable);
                    REQUIRE(t.state().invalidInput == whole.invalidInput);
                    // Offsets are exact unless a bad sequence is cut between pieces.
                    if (piece >= in.size()) {
                        REQUIRE(t.state().unmappableOffsets == whole.unmappableOffsets);
                        REQUIRE(t.state().invalidInputOffsets == whole.invalidInputOffsets);
                    }
                }
            }
        }
    }
}

struct KernelRow {
    const char* name;
    int seed, ascii, two, three, four, longestRun;
};

TEST_CASE("every UTF-16 kernel matches the reference on random text of every mix of lengths") {
    const KernelRow rows[] = {
        {"mostly ascii, long runs", 1, 20, 2, 2, 1, 60},
        {"every length, short runs", 2, 1, 1, 1, 1, 3},
        {"two-byte runs", 3, 1, 8, 0, 0, 20},
        {"three-byte runs", 4, 1, 0, 8, 0, 20},
        {"four-byte runs", 5, 1, 1, 1, 8, 12},
        {"no ascii", 6, 0, 1, 1, 1, 2},
    };
    for (const KernelRow& row : rows) {
        SUBCASE(row.name) {
            std::mt19937 rng(std::uint32_t(row.seed));
            const std::array<int, 5> weights{0, row.ascii, row.two, row.three, row.four};
            for (int round = 0; round < 200; ++round) {
                INFO("seed " << row.seed << " round " << round);
                const std::size_t count = 1 + bounded(rng, 300u);
                checkKernels(randomText(rng, count, weights, row.longestRun), "random");
            }
            // One text long enough for many kernel pieces, through the public API as well.
            const std::vector<char32_t> cps = randomText(rng, 40000, weights, row.longestRun);
            checkKernels(cps, "long");
            const std::string utf8 = utf8Of(cps);
            for (const bool be : {false, true}) {
                const char* encoding = be ? "UTF-16BE" : "UTF-16LE";
                INFO(std::string_view(encoding));
                const TranscodeResult there = transcode(bytes(utf8), "UTF-8", encoding);
                REQUIRE((there.status.ok() && there.fastPath));
                CHECK(bytesOf(there.output) == bytesOf(utf16Of(cps, be)));
                const TranscodeResult back = transcode(bytes(there.output), encoding, "UTF-8");
                REQUIRE((back.status.ok() && back.fastPath));
                CHECK(bytesOf(back.output) == bytesOf(utf8));
            }
        }
    }
}

TEST_CASE("every UTF-16 kernel converts a character at every offset of its windows") {
    // One character of each length at every offset around the 16- and 32-byte windows (and
    // 16-unit windows) from the start and from the end, in ASCII and in non-ASCII surroundings,
    // and two 4-byte ones in a row.
    for (const char32_t filler : {char32_t('a'), char32_t(0xE9), char32_t(0x65E5)})
        for (const int length : {2, 3, 4})
            for (const char32_t c : samplesOfLength(length))
                for (int at = 0; at < 72; ++at)
                    for (const int after : {70 - at, 70}) { // at every offset from the end, too
                        INFO("filler " << u8test::codePointsOf(std::u32string(1, filler)) << ", "
                                       << u8test::codePointsOf(std::u32string(1, c)) << " at " << at
                                       << ", " << after << " after");
                        std::vector<char32_t> cps(std::size_t(at), filler);
                        cps.push_back(c);
                        if (length == 4)
                            cps.push_back(c);
                        cps.insert(cps.end(), std::size_t(std::max(after, 0)), filler);
                        checkKernels(cps, "window offset");
                    }
}

TEST_CASE("a character across the edge of the pieces the whole conversion hands the kernels") {
    // The whole-buffer conversion hands the kernels pieces of some KiB: a character of each
    // length across every byte of a piece's end (the piece size is a power of two up to 64 KiB).
    for (const int length : {2, 3, 4}) {
        const char32_t c = samplesOfLength(length).back();
        for (std::size_t edge = std::size_t(1) << 12; edge <= (std::size_t(1) << 16); edge *= 2)
            for (int shift = -5; shift <= 2; ++shift) {
                INFO("length " << length << ", edge " << edge << ", shift " << shift);
                std::vector<char32_t> cps(std::size_t(std::ptrdiff_t(edge) + shift), U'x');
                cps.push_back(c);
                cps.insert(cps.end(), 20, U'y');
                const std::string utf8 = utf8Of(cps);
                const TranscodeResult there = transcode(bytes(utf8), "UTF-8", "UTF-16LE");
                REQUIRE((there.status.ok() && there.fastPath));
                REQUIRE(bytesOf(there.output) == bytesOf(utf16Of(cps, false)));
                const TranscodeResult back = transcode(bytes(there.output), "UTF-16LE", "UTF-8");
                REQUIRE((back.status.ok() && back.fastPath));
                REQUIRE(bytesOf(back.output) == bytesOf(utf8));
                // The same in UTF-16 units: the edge falls between the halves of a pair.
                std::vector<char32_t> units(std::size_t(std::ptrdiff_t(edge / 2) + shift), U'x');
                units.push_back(c);
                units.insert(units.end(), 20, U'y');
                const std::string utf16 = utf16Of(units, true);
                const TranscodeResult fromBe = transcode(bytes(utf16), "UTF-16BE", "UTF-8");
                REQUIRE((fromBe.status.ok() && fromBe.fastPath));
                REQUIRE(bytesOf(fromBe.output) == bytesOf(utf8Of(units)));
            }
    }
}

TEST_CASE("lone surrogates are found everywhere, and left to ICU, which reports the one place") {
    // A high surrogate not followed by a low one, and a low one without a high one before it, at
    // every unit around the 16- and 32-unit windows, amid ASCII, 2-byte and 3-byte characters
    // (each kernel has a path for blocks of each): the loops must leave the text to ICU, which
    // reports the one place (and writes U+FFFD there, as uconv does).
    for (const bool be : {false, true})
        for (const char16_t lone : {char16_t(0xD83D), char16_t(0xDE00)})
            for (const char32_t filler : {U'a', U'\u00E9', U'\u20AC'})
                for (int at = 0; at < 72; ++at) {
                    INFO(std::string_view(be ? "BE" : "LE")
                         << ", lone " << u8test::codePointsOf(std::u32string(1, lone))
                         << ", filler " << u8test::codePointsOf(std::u32string(1, filler))
                         << ", at unit " << at);
                    std::vector<char32_t> cps(72, filler);
                    std::string utf16 = utf16Of(cps, be);
                    const char hi = char(lone >> 8);
                    const char lo = char(lone & 0xFF);
                    utf16[std::size_t(2 * at) + (be ? 0 : 1)] = hi;
                    utf16[std::size_t(2 * at) + (be ? 1 : 0)] = lo;
                    const char* encoding = be ? "UTF-16BE" : "UTF-16LE";
                    TranscodeOptions opt;
                    opt.unmappable = UnmappablePolicy::Substitute;
                    const TranscodeResult r = transcode(bytes(utf16), encoding, "UTF-8", opt);
                    REQUIRE(r.status.ok());
                    REQUIRE(!r.fastPath);
                    REQUIRE(r.invalidInput == 1u);
                    REQUIRE(r.invalidInputOffsets ==
                            std::vector<std::uint64_t>{std::uint64_t(2 * at)});
                    std::vector<char32_t> expected = cps;
                    expected[std::size_t(at)] = 0xFFFD;
                    REQUIRE(r.output == utf8Of(expected));
                    // The same through a Transcoder, whose loops convert without a sizing pass and
                    // meet the surrogate themselves.
                    Transcoder t(encoding, "UTF-8", opt);
                    std::string out;
                    REQUIRE((t.feed(bytes(utf16), out).ok() && t.finish(out).ok()));
                    REQUIRE(out == r.output);
                    REQUIRE(t.state().invalidInputOffsets == r.invalidInputOffsets);
                    for (const Isa k : kernels()) {
                        INFO(name(k));
                        const auto* u16 = reinterpret_cast<const std::uint8_t*>(utf16.data());
                        REQUIRE(
                            !u8convert::detail::utf8LengthOfUtf16(k, u16, u16 + utf16.size(), be));
                        std::string kernelOut(
                            utf16.size() / 2 * 3 + u8convert::detail::kUtf16KernelSlack, '\0');
                        REQUIRE(!u8convert::detail::utf16ToUtf8Bytes(
                            k, u16, u16 + utf16.size(),
                            reinterpret_cast<std::uint8_t*>(kernelOut.data()), be));
                    }
                }
    // A high surrogate as the very last unit.
    const TranscodeResult last =
        transcode(bytes(std::string("a\0\x3D\xD8", 4)), "UTF-16LE", "UTF-8");
    CHECK(!last.status.ok());
    CHECK(last.invalidInputOffsets == std::vector<std::uint64_t>{2});
}

struct BadRow {
    const char* name;
    std::string bad;
};

TEST_CASE("a bad sequence after a long valid prefix goes to ICU's path, as uconv converts it") {
    // Valid multilingual text over many windows and pieces, then one bad sequence, then more
    // text; and the same with the bad sequence as the last bytes: the output equals uconv's.
    if (!haveUconv())
        U8TEST_SKIP("uconv (icu-devtools) is not installed");
    const BadRow rows[] = {
        {"FF", "\xFF"},
        {"lone continuation", "\x80"},
        {"truncated 3-byte", "\xE2\x82"},
        {"overlong", "\xC0\xAF"},
        {"surrogate", "\xED\xA0\x80"},
        {"above U+10FFFF", "\xF4\x90\x80\x80"},
        {"truncated 4-byte", "\xF0\x9F\x98"},
    };
    for (const BadRow& row : rows) {
        SUBCASE(row.name) {
            std::string prefix; // beyond the first pieces the whole-buffer conversion validates
            while (prefix.size() < 600000)
                prefix += allSentences();
            for (const std::string& input : {prefix + row.bad + allSentences(), prefix + row.bad}) {
                TranscodeOptions opt;
                opt.unmappable = UnmappablePolicy::Substitute;
                for (const char* to : {"UTF-16LE", "UTF-16BE"}) {
                    INFO(std::string_view(to) << std::string_view(
                             input.size() > prefix.size() + row.bad.size() ? ", text after"
                                                                           : ", at the end"));
                    const TranscodeResult r = transcode(bytes(input), "UTF-8", to, opt);
                    REQUIRE(r.status.ok());
                    REQUIRE(!r.fastPath);
                    REQUIRE(r.invalidInput >= 1);
                    REQUIRE(r.invalidInputOffsets.front() == std::uint64_t(prefix.size()));
                    const auto expected =
                        uconv(input, {"-f", "UTF-8", "-t", to, "--callback", "substitute"});
                    REQUIRE(expected.has_value());
                    REQUIRE(bytesOf(r.output) == bytesOf(*expected));
                }
            }
        }
    }
}

TEST_CASE("a bad sequence at every byte around a validation piece's edge is found") {
    // A bad sequence at every byte around a power of two from 64 KiB to 1 MiB (where a
    // conversion that works in pieces would cut the input), cut there or not, is found, and the
    // whole text goes to ICU's path.
    if (!haveUconv())
        U8TEST_SKIP("uconv (icu-devtools) is not installed");
    for (const std::string bad : {"\x80\x80\x80\x80\x80", "\xE2\x82", "\xF0\x9F\x98", "\xC3"})
        for (std::size_t edge = std::size_t(1) << 16; edge <= (std::size_t(1) << 20); edge *= 4)
            for (int shift = -4; shift <= 1; ++shift) {
                INFO("bad " << u8test::hexOf(bad) << ", edge " << edge << ", shift " << shift);
                const auto at = std::size_t(std::ptrdiff_t(edge) + shift);
                const std::string input = std::string(at, 'x') + bad + "\xC3\xA9 end";
                TranscodeOptions opt;
                opt.unmappable = UnmappablePolicy::Substitute;
                const TranscodeResult r = transcode(bytes(input), "UTF-8", "UTF-16LE", opt);
                REQUIRE(r.status.ok());
                REQUIRE(!r.fastPath);
                REQUIRE(r.invalidInputOffsets.front() == std::uint64_t(at));
                if (edge == (std::size_t(1) << 18)) { // the bytes, against uconv, at one size
                    const auto expected =
                        uconv(input, {"-f", "UTF-8", "-t", "UTF-16LE", "--callback", "substitute"});
                    REQUIRE(expected.has_value());
                    REQUIRE(bytesOf(r.output) == bytesOf(*expected));
                }
            }
}

TEST_CASE("the fast loops equal ICU's UTF-16 converter on random damaged input, both ways") {
    // ICU's "UTF-16" converter (a byte order mark, then the platform's order) never takes the
    // loops: on random text with random bytes mixed in, the loops' output (or ICU's, where they
    // hand the input over) must equal it after the mark, with the same invalid places; and back.
    std::mt19937 rng(7);
    TranscodeOptions opt;
    opt.unmappable = UnmappablePolicy::Substitute;
    int fast = 0;
    for (int round = 0; round < 3000; ++round) {
        std::string text = utf8Of(randomText(rng, 1 + bounded(rng, 120u), {0, 6, 2, 2, 1}, 40));
        const int damage = round % 3 == 0 ? 0 : int(bounded(rng, 4u));
        for (int i = 0; i < damage && !text.empty(); ++i)
            text[bounded(rng, std::uint32_t(text.size()))] = char(bounded(rng, 256u));
        INFO("round " << round << ", text " << u8test::hexOf(text));
        const TranscodeResult icu = transcode(bytes(text), "UTF-8", "UTF-16", opt);
        REQUIRE((icu.status.ok() && !icu.fastPath));
        // ICU writes the platform's byte order, with its mark.
        const bool icuBigEndian = icu.output.starts_with("\xFE\xFF");
        REQUIRE((icuBigEndian || icu.output.starts_with("\xFF\xFE")));
        const TranscodeResult loops =
            transcode(bytes(text), "UTF-8", icuBigEndian ? "UTF-16BE" : "UTF-16LE", opt);
        REQUIRE(loops.status.ok());
        REQUIRE(bytesOf(loops.output) == bytesOf(icu.output.substr(2)));
        REQUIRE(loops.invalidInputOffsets == icu.invalidInputOffsets);
        fast += loops.fastPath ? 1 : 0;
        // Back from UTF-16BE, with random units damaged (lone surrogates among them).
        std::string utf16 = transcode(bytes(text), "UTF-8", "UTF-16BE", opt).output;
        for (int i = 0; i < damage && utf16.size() >= 2; ++i) {
            const std::size_t at = 2 * bounded(rng, std::uint32_t(utf16.size() / 2));
            const auto unit = char16_t(0xD7F0 + bounded(rng, 0x820u)); // around the surrogates
            utf16[at] = char(unit >> 8);
            utf16[at + 1] = char(unit & 0xFF);
        }
        INFO("UTF-16BE " << u8test::hexOf(utf16));
        const TranscodeResult back = transcode(bytes(utf16), "UTF-16BE", "UTF-8", opt);
        const TranscodeResult backIcu =
            transcode(bytes("\xFE\xFF" + utf16), "UTF-16", "UTF-8", opt);
        REQUIRE((back.status.ok() && backIcu.status.ok() && !backIcu.fastPath));
        REQUIRE(bytesOf(back.output) == bytesOf(backIcu.output));
        REQUIRE(back.invalidInput == backIcu.invalidInput);
    }
    CHECK(fast > 1000); // the loops did take most of them
}

} // namespace
