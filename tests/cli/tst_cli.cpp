// u8scope-cli as a user runs it: a real process, real files, standard input.
#include "cli_run.h"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <random>
#include <sys/stat.h>

namespace {

using Run = u8test::CliRun;
using nlohmann::json;
using u8test::checkUsageErrors;
using u8test::contains;
using u8test::count;
using u8test::startsWith;
using u8test::UsageRow;

Run cli(const std::vector<std::string>& args, const std::string& stdinBytes = {}) {
    return u8test::runCli(args, stdinBytes);
}

std::string corpus(const char* name) {
    return std::string(U8SCOPE_CORPUS_DIR "/") + name;
}

json parsed(const std::string& text) {
    return json::parse(text, nullptr, false);
}

// A number drawn in [from, to) (QRandomGenerator::bounded).
int bounded(std::mt19937& rng, int from, int to) {
    return from + int(rng() % unsigned(to - from));
}

// The whole output of a python3 -c line run on `path` (the reference decoder).
std::string pythonDecode(const std::string& policy, const std::string& path) {
    const u8test::ProcessRun py = u8test::runProcess(
        "python3", {"-c",
                    "import sys; sys.stdout.buffer.write(open(sys.argv[1],'rb').read().decode("
                    "'utf-8','" +
                        policy + "').encode('utf-8'))",
                    path});
    INFO(py.err);
    REQUIRE(py.exitCode == 0);
    return py.out;
}

// The scratch folder of each test case.
struct Fixture : u8test::Scratch {
    // Nothing but `keep` in the temporary directory: no stray temporary or partial files.
    void expectOnlyFiles(std::vector<std::string> keep) const {
        std::sort(keep.begin(), keep.end());
        CHECK(names() == keep);
    }
};

TEST_CASE("usage errors exit 2 with a message saying what is wrong") {
    const UsageRow rows[] = {
        {"no command", {}, "usage:"},
        {"unknown command", {"frobnicate"}, "unknown command"},
        {"unknown option", {"check", "--bogus", "x"}, "unknown option"},
        {"check without file", {"check"}, "no FILE"},
        {"bad max-errors", {"check", "--max-errors", "lots", "x"}, "needs a number"},
        {"bad policy", {"decode", "--errors=loose", "x"}, "unknown error policy"},
        {"explain not hex", {"explain", "zz"}, "not hex"},
    };
    checkUsageErrors(rows);
}

// A usage error is found before any input is read: the command ends at once, its input left
// unread (the test process, whose write then fails with EPIPE, goes on: u8test::runProcess).
TEST_CASE("a usage error exits 2 without reading the input waiting") {
    const Run r = cli({"frobnicate", "-"}, std::string(8 << 20, 'a'));
    REQUIRE(r.exitCode == 2);
    INFO(r.err);
    REQUIRE(contains(r.err, "unknown command"));
}

TEST_CASE_FIXTURE(Fixture, "check says a valid file is valid UTF-8") {
    const std::string path =
        write("ok.txt", "plain ASCII, caf\xC3\xA9, \xE2\x82\xAC, \xF0\x9F\x98\x80\n");
    const Run r = cli({"check", path});
    REQUIRE(r.exitCode == 0);
    REQUIRE(r.out == path + ": valid UTF-8\n");
    REQUIRE(r.err.empty());
}

// FILE:LINE:COLUMN: offset N: KIND: HEX BYTES: explanation, column counted in characters.
TEST_CASE_FIXTURE(Fixture, "check reports line and column, the column counted in characters") {
    const std::string path = write("bad.txt", "first line\nc\xC3\xA9\xC0\xAFx\n\xE2\x82\n");
    const Run r = cli({"check", path});
    REQUIRE(r.exitCode == 1);
    const std::vector<std::string> lines = u8test::split(r.out, '\n');
    REQUIRE(lines.size() >= 3);
    INFO(lines[0]);
    REQUIRE(startsWith(lines[0], path + ":2:3: offset 14: overlong: C0 AF: "));
    REQUIRE(contains(lines[0], "U+002F"));
    INFO(lines[1]);
    REQUIRE(startsWith(lines[1], path + ":3:1: offset 18: truncated: E2 82: "));
    REQUIRE(contains(r.out, "not valid UTF-8: 2 problems"));
}

TEST_CASE_FIXTURE(Fixture, "check --max-errors shows that many problems and counts the rest") {
    std::string bytes;
    for (int i = 0; i < 10; ++i)
        bytes += "x\xFF";
    const std::string path = write("many.txt", bytes);
    const Run r = cli({"check", "--max-errors", "3", path});
    REQUIRE(r.exitCode == 1);
    REQUIRE(count(r.out, "never-valid-byte") == 3);
    REQUIRE(contains(r.out, "7 more problems not shown"));
}

// Past --max-errors, problems are only counted (by the codec's count(), not located): the
// count equals what locating every one finds. A damaged stretch of odd length, repeated over
// more than one read chunk, lands at every offset of the codec's 64-byte windows.
TEST_CASE_FIXTURE(Fixture, "problems past --max-errors are counted as locating them finds") {
    const std::string piece("A\xC0\xAF\x80\x80\xE2\x82\n\xED\xA0\xBD\xED\xB8\x80\xF8\x88\x80"
                            "\x80\x80\xFE\x80\xF5\x80\xE0\x80\xC3\xA9\xBF\xBF\xBF\xF4\x90z");
    const Run one = cli({"check", "--max-errors", "1000", write("one.txt", piece)});
    const std::vector<std::string> oneLines = u8test::split(one.out, '\n');
    const long perPiece = long(oneLines.size()) - 2; // the summary line, then an empty one
    REQUIRE(perPiece > 10);
    REQUIRE(contains(one.out, "not valid UTF-8: " + std::to_string(perPiece) + " problems"));
    const int pieces = int((1024 * 1024 + 5000) / piece.size()) + 1;
    const std::string many_bytes = u8test::repeated(piece, std::size_t(pieces));
    const Run many = cli({"check", "--max-errors", "3", write("many.txt", many_bytes)});
    REQUIRE(many.exitCode == 1);
    const std::vector<std::string> lines = u8test::split(many.out, '\n');
    REQUIRE(lines.size() >= 3);
    for (int i = 0; i < 3; ++i) // the same problems at the same places, another file name
        REQUIRE(lines[i].substr(lines[i].find(':')) == oneLines[i].substr(oneLines[i].find(':')));
    const std::string problems = std::to_string(perPiece * pieces) + " problems";
    INFO(many.out);
    REQUIRE(contains(many.out, "not valid UTF-8: " + problems));
    REQUIRE(contains(cli({"check", "--max-errors", "3", "-"}, many_bytes).out,
                     "<stdin>: not valid UTF-8: " + problems));
}

TEST_CASE_FIXTURE(Fixture, "check goes on after a file it cannot read") {
    const std::string good = write("good.txt", "fine\n");
    const std::string missing = filePath("missing.txt");
    const Run r = cli({"check", missing, path(), good});
    REQUIRE(r.exitCode == 2);
    INFO(r.err);
    REQUIRE(contains(r.err, missing + ": No such file or directory"));
    REQUIRE(contains(r.err, path() + ": Is a directory"));
    REQUIRE(contains(r.out, good + ": valid UTF-8"));
}

TEST_CASE("check reads standard input") {
    const Run r = cli({"check", "-"}, "ab\xED\xA0\x80");
    REQUIRE(r.exitCode == 1);
    INFO(r.out);
    REQUIRE(startsWith(r.out, "<stdin>:1:3: offset 2: surrogate: ED A0 80: "));
    REQUIRE(cli({"check", "-"}, "fine").exitCode == 0);
    REQUIRE(cli({"check", "--quiet", "-"}, "\x80").out == "");
}

// A file is first scanned quickly and read again only when invalid: the problems found far
// into it (beyond the first 1 MiB chunk), a character split across chunks, and a sequence cut
// short by the end of the file must all come out as from a single pass.
TEST_CASE_FIXTURE(Fixture, "a large file checked in two passes reports as one pass would") {
    std::string bytes(3 * 1024 * 1024 - 1, 'a');
    bytes[100] = '\n';
    bytes += "\xE2\x82\xAC";
    // The é takes offsets 1 MiB - 1 and 1 MiB: split between the first two chunks.
    const std::string valid =
        bytes.substr(0, 1024 * 1024 - 1) + "\xC3\xA9" + bytes.substr(1024 * 1024);
    const std::string good = write("big-valid.txt", valid);
    Run r = cli({"check", good});
    REQUIRE(r.exitCode == 0);
    REQUIRE(r.out == good + ": valid UTF-8\n");

    std::string broken = valid;
    broken[2 * 1024 * 1024] = char(0xFF);
    broken += "\xF0\x9F\x98"; // truncated by the end of the file
    const std::string bad = write("big-broken.txt", broken);
    r = cli({"check", bad});
    REQUIRE(r.exitCode == 1);
    // Line 2 starts at offset 101, so the FF is on its byte 2 MiB - 101 + 1; the two bytes
    // of the é before it make one column.
    const std::string first = bad + ":2:" + std::to_string(2 * 1024 * 1024 - 101) + ": offset " +
                              std::to_string(2 * 1024 * 1024) + ": never-valid-byte: FF: ";
    INFO(r.out.substr(0, 200));
    REQUIRE(startsWith(r.out, first));
    REQUIRE(contains(r.out, ": truncated: F0 9F 98: "));
    REQUIRE(contains(r.out, "not valid UTF-8: 2 problems"));

    const std::string cut = write("cut.txt", valid + "\xE2\x82");
    REQUIRE(cli({"check", cut}).exitCode == 1);
    r = cli({"check", "--quiet", bad, good});
    REQUIRE(r.exitCode == 1);
    REQUIRE(r.out.empty());
}

// A FIFO has no end the inspector could wait for: refused at once, never a hang.
TEST_CASE_FIXTURE(Fixture, "check refuses a FIFO") {
    const std::string fifo = filePath("pipe");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const Run r = cli({"check", fifo});
    std::remove(fifo.c_str());
    REQUIRE(r.exitCode == 2);
    INFO(r.err);
    REQUIRE(contains(r.err, fifo + ": Not a regular file"));
}

// An output that is not a regular file (a FIFO here, /dev/null alike) is written in place:
// a temporary file renamed over it would replace the pipe or the device with a regular file.
TEST_CASE_FIXTURE(Fixture, "an output into a FIFO is written in place") {
    const std::string fifo = filePath("out-pipe");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    u8test::Child reader("cat", {fifo});
    REQUIRE(reader.started());
    const std::string in = write("in.txt", "caf\xC3\xA9\n");
    const Run r = cli({"decode", "-o", fifo, in});
    const bool read = reader.waitFor(5000);
    if (!read)
        reader.kill();
    REQUIRE(r.exitCode == 0);
    INFO("nothing was written into the FIFO");
    REQUIRE(read);
    REQUIRE(reader.run().out == "caf\xC3\xA9\n");
    struct stat st {};
    REQUIRE(::stat(fifo.c_str(), &st) == 0);
    REQUIRE(S_ISFIFO(st.st_mode));
    std::remove(fifo.c_str());
}

TEST_CASE("scan --json writes one line per problem, then the summary") {
    const Run r = cli({"scan", "--json", "-"}, "a\xC0\xAF\xE2\x82\xAC\xF0\x9F");
    REQUIRE(r.exitCode == 0);
    const std::vector<std::string> lines = u8test::split(u8test::trimmed(r.out), '\n');
    REQUIRE(lines.size() == 4);
    REQUIRE(lines[0] == R"({"offset":1,"length":1,"error":"never-valid-byte"})");
    REQUIRE(lines[1] == R"({"offset":2,"length":1,"error":"stray-continuation"})");
    REQUIRE(lines[2] == R"({"offset":6,"length":2,"error":"truncated"})");
    const json summary = parsed(lines[3]).at("summary");
    REQUIRE(summary.at("bytes") == 8);
    REQUIRE(summary.at("characters") == 2);
    REQUIRE(summary.at("by_length").at("3") == 1);
    REQUIRE(summary.at("errors").at("truncated") == 1);
    REQUIRE(summary.at("valid") == false);
    REQUIRE(summary.at("bom") == false);
    REQUIRE(summary.at("lines") == 1);
}

TEST_CASE("scan --all lists the characters too") {
    const Run r = cli({"scan", "--json", "--all", "-"}, "\xEF\xBB\xBFh\xC3\xA9\n");
    const std::vector<std::string> lines = u8test::split(u8test::trimmed(r.out), '\n');
    REQUIRE(lines.size() == 5);
    REQUIRE(lines[0] == R"({"offset":0,"length":3,"cp":65279})");
    REQUIRE(lines[2] == R"({"offset":4,"length":2,"cp":233})");
    const json summary = parsed(lines[4]).at("summary");
    REQUIRE(summary.at("bom") == true);
    REQUIRE(summary.at("valid") == true);
}

struct PolicyRow {
    const char* name;
    std::string policy;
    std::string input;
    std::string expected;
};

TEST_CASE("decode under each error policy") {
    const std::string in = "a\xC0\xAF\x81z\xE2\x82";
    const PolicyRow rows[] = {
        {"replace", "replace", in, "a\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBDz\xEF\xBF\xBD"},
        {"ignore", "ignore", in, "az"},
        {"latin1", "latin1", in, "a\xC3\x80\xC2\xAF\xC2\x81z\xC3\xA2\xC2\x82"},
        // windows-1252 (WHATWG index): 81 is unassigned and maps to U+0081; 82 is U+201A.
        {"cp1252", "cp1252", in, "a\xC3\x80\xC2\xAF\xC2\x81z\xC3\xA2\xE2\x80\x9A"},
    };
    for (const PolicyRow& row : rows) {
        SUBCASE(row.name) {
            const Run r = cli({"decode", "--errors=" + row.policy, "-"}, row.input);
            REQUIRE(r.exitCode == 0);
            REQUIRE(r.out == row.expected);
        }
    }
}

// Byte for byte what Python 3's bytes.decode("utf-8", "replace"/"ignore") gives.
TEST_CASE_FIXTURE(Fixture, "decode matches Python 3 byte for byte") {
    if (u8test::findExecutable("python3").empty())
        U8TEST_SKIP("python3 is not installed");
    std::mt19937 rng(20261122);
    std::vector<std::string> inputs;
    // Random bytes biased towards the interesting ones.
    static const unsigned char kPool[] = {0x41, 0x0A, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF,
                                          0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEE,
                                          0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xF8, 0xFC, 0xFE};
    for (int n = 0; n < 16; ++n) {
        std::string b;
        const int len = bounded(rng, 1, 2000);
        for (int i = 0; i < len; ++i)
            b += char(bounded(rng, 0, 3) == 0 ? bounded(rng, 0, 256)
                                              : kPool[bounded(rng, 0, int(sizeof kPool))]);
        inputs.push_back(b);
    }
    if (const auto stress = u8test::readFile(corpus("UTF-8-test.txt")))
        inputs.push_back(*stress);
    for (const char* policy : {"replace", "ignore"}) {
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            const std::string path = write("in.bin", inputs[i]);
            const std::string expected = pythonDecode(policy, path);
            const Run r = cli({"decode", std::string("--errors=") + policy, path});
            REQUIRE(r.exitCode == 0);
            if (r.out != expected)
                FAIL("policy " << policy << ", input " << i << " ("
                               << u8test::hexOf(std::string_view(inputs[i]).substr(0, 64))
                               << ") differs from Python");
        }
    }
}

TEST_CASE_FIXTURE(Fixture, "decode --errors=strict leaves no output") {
    const std::string in = write("in.txt", "good line\nbad \xF5 line\n");
    const std::string out = filePath("out.txt");
    const Run r = cli({"decode", "--errors=strict", "-o", out, in});
    REQUIRE(r.exitCode == 1);
    INFO(r.err);
    REQUIRE((contains(r.err, in + ":2:5: offset 14: never-valid-byte: F5: ") ||
             contains(r.err, in + ":2:5: offset 14: ")));
    REQUIRE(!u8test::exists(out));
    expectOnlyFiles({"in.txt"});
}

TEST_CASE_FIXTURE(Fixture, "decode --errors=strict keeps an existing output") {
    const std::string in = write("in.txt", "bad \xC1\x81\n");
    const std::string out = write("out.txt", "previous contents");
    REQUIRE(cli({"decode", "-o", out, in}).exitCode == 1);
    REQUIRE(u8test::readFileOrFail(out) == "previous contents");
    expectOnlyFiles({"in.txt", "out.txt"});
}

TEST_CASE_FIXTURE(Fixture, "decode -o writes the output file") {
    const std::string in = write("in.txt", "x\xFFy");
    const std::string out = filePath("out.txt");
    const Run r = cli({"decode", "--errors=replace", "-o", out, in});
    REQUIRE(r.exitCode == 0);
    REQUIRE(u8test::readFileOrFail(out) == "x\xEF\xBF\xBDy");
    expectOnlyFiles({"in.txt", "out.txt"});
}

TEST_CASE_FIXTURE(Fixture, "decode never overwrites its input") {
    const std::string original = "a\xFF\n";
    const std::string in = write("in.txt", original);
    const Run r = cli({"decode", "--errors=replace", "-o", in, in});
    REQUIRE(r.exitCode == 2);
    REQUIRE(contains(r.err, "is the input file"));
    REQUIRE(u8test::readFileOrFail(in) == original);
}

TEST_CASE_FIXTURE(Fixture, "decode into a missing directory fails") {
    const std::string in = write("in.txt", "a");
    const Run r = cli({"decode", "-o", filePath("no/such/dir/out.txt"), in});
    REQUIRE(r.exitCode == 2);
    REQUIRE(contains(r.err, "No such file or directory"));
}

struct MiddleRow {
    const char* name;
    std::string middle; // the bytes put at size / 2 - 2
};

// A file of 8 MiB and more is scanned in two parts at once on two cores, cut near its
// middle at the first byte that is no continuation byte (input_scan.h). Whatever lies at
// the middle, the summary is the one standard input (scanned in turn, as it comes) gives.
TEST_CASE_FIXTURE(Fixture, "stats of a file scanned in two parts equals standard input's") {
    const MiddleRow rows[] = {
        {"CR LF across the cut", "ab\r\ncd"},
        {"4-byte character across it", "a\xF0\x9F\x98\x80z"},
        {"lead cut short by ASCII", "a\xE2\x82zz"},
        {"stray continuations", "a\x80\x80\x80\x80\x80\x80z"},
        {"no cut within 64 bytes", std::string(100, '\x80')},
        {"overlong and invalid", "\xC0\xAF\xE0\x80\xFFz"},
    };
    for (const MiddleRow& row : rows) {
        SUBCASE(row.name) {
            const std::size_t size = (8 << 20) + 4096;
            std::string bytes;
            bytes.reserve(size);
            bytes += "\xEF\xBB\xBF";
            while (bytes.size() < size)
                bytes += "Grüße \xE4\xB8\xAD\xE6\x96\x87 line\r\n";
            bytes.resize(size - 3);
            bytes += "end"; // the last line has no LF
            bytes.replace(size / 2 - 2, row.middle.size(), row.middle);
            const std::string path = write("parts.txt", bytes);
            const Run fromFile = cli({"stats", "--json", path});
            const Run fromStdin = cli({"stats", "--json", "-"}, bytes);
            REQUIRE(fromFile.exitCode == 0);
            REQUIRE(fromStdin.exitCode == 0);
            const json a = parsed(fromFile.out);
            const json b = parsed(fromStdin.out);
            REQUIRE(a.at("summary").at("bytes") == size);
            INFO(fromFile.out << "\n" << fromStdin.out);
            REQUIRE(a.at("summary") == b.at("summary"));
            // check answers the same: valid only where the middle holds no error.
            const bool valid = b.at("summary").at("valid").get<bool>();
            REQUIRE(cli({"check", "--quiet", path}).exitCode == (valid ? 0 : 1));
        }
    }
}

// check's first pass reads a file in chunks of 256 KiB and checks each up to its last whole
// character, reading a character the chunk's end cuts again with the next chunk: whatever
// sits across a chunk's edge, its verdict is the one of the reporter (standard input).
TEST_CASE_FIXTURE(Fixture, "check's verdict across chunk edges is standard input's") {
    const std::size_t edge = 256 << 10;
    const std::string pieces[] = {"\xF0\x9F\x98\x80", "\xE2\x82\xAC", "\xE2\x82z",
                                  "\xF0\x9F\x98z",    "\xC3",         "\x80\x80",
                                  "\xED\xA0\x80",     "\xC3\xA9\xFF"};
    for (const std::string& piece : pieces) {
        for (std::size_t at = edge - 4; at <= edge + 1; ++at) {
            std::string bytes(3 * edge + 10, 'a');
            bytes.replace(at, piece.size(), piece);
            const std::string path = write("edge.txt", bytes);
            const int fromFile = cli({"check", "--quiet", path}).exitCode;
            const int fromStdin = cli({"check", "--quiet", "-"}, bytes).exitCode;
            INFO(u8test::hexOf(piece)
                 << " at " << at << ": " << fromFile << " against " << fromStdin);
            REQUIRE((fromFile == fromStdin && fromFile != 2));
        }
    }
}

// check stops at the first error: found in either part, the file is invalid.
TEST_CASE_FIXTURE(Fixture, "check finds an error in either part of a large file") {
    const std::size_t size = (8 << 20) + 100;
    for (const std::size_t at : {std::size_t(10), size / 2 - 1, size / 2 + 10, size - 1}) {
        std::string bytes(size, 'a');
        bytes[at] = char(0xFF);
        const std::string path = write("one-error.txt", bytes);
        const Run r = cli({"check", path});
        REQUIRE(r.exitCode == 1);
        INFO(r.out);
        REQUIRE(contains(r.out, "offset " + std::to_string(at) + ": "));
    }
}

// A file of several read chunks is read one chunk ahead on a second thread: the decoding is
// the one of standard input (read in other pieces) and of Python, under every policy, and
// strict stops at its first error however far in it lies.
TEST_CASE_FIXTURE(Fixture, "decode of a large file equals standard input's and Python's") {
    std::mt19937 rng(18);
    std::string bytes;
    while (bytes.size() < (3 << 20) / 2) {
        if (bounded(rng, 0, 50) == 0) {
            for (int k = bounded(rng, 1, 300); k > 0; --k)
                bytes += char(bounded(rng, 0, 256));
        }
        bytes += "Grüße, Привет, 中文 😀 text between the damage.\n";
    }
    const std::string path = write("large.bin", bytes);
    for (const char* policy : {"replace", "ignore", "latin1", "cp1252"}) {
        const Run fromFile = cli({"decode", std::string("--errors=") + policy, path});
        const Run fromStdin = cli({"decode", std::string("--errors=") + policy, "-"}, bytes);
        REQUIRE(fromFile.exitCode == 0);
        INFO(policy);
        REQUIRE(fromFile.out == fromStdin.out);
        REQUIRE(fromFile.out.size() > bytes.size() / 2);
    }
    if (!u8test::findExecutable("python3").empty())
        REQUIRE(cli({"decode", "--errors=replace", path}).out == pythonDecode("replace", path));
    std::string late(2 << 20, 'a');
    late[(600 << 10) + 1] = char(0xC0);
    const std::string strict = write("late-error.txt", late);
    const std::string out = filePath("late-out.txt");
    const Run r = cli({"decode", "--errors=strict", "-o", out, strict});
    REQUIRE(r.exitCode == 1);
    INFO(r.err);
    REQUIRE(contains(r.err, "offset " + std::to_string((600 << 10) + 1) + ": "));
    REQUIRE(!u8test::exists(out));
}

// detect examines the first 4 MiB, read straight from a file or gathered from standard
// input's pieces: the same answer either way, and the same as for a file of those 4 MiB and
// one byte more (which tells that the window was cut).
TEST_CASE_FIXTURE(Fixture, "detect reads the same window from a file and standard input") {
    std::string latin;
    while (latin.size() < (5 << 20))
        latin += "Caf\xE9 cr\xE8me, na\xEF"
                 "ve fa\xE7"
                 "ade \x96 d\xE9j\xE0 vu.\n";
    for (const std::string& bytes :
         {latin, latin.substr(0, 100000), latin.substr(0, (4 << 20) + 1)}) {
        const std::string path = write("detect.txt", bytes);
        const Run fromFile = cli({"detect", "--json", path});
        const Run fromStdin = cli({"detect", "--json", "-"}, bytes);
        REQUIRE(fromFile.exitCode == 0);
        REQUIRE(!fromFile.out.empty());
        REQUIRE(fromFile.out == fromStdin.out);
    }
    const Run whole = cli({"detect", "--json", write("whole.txt", latin)});
    REQUIRE(whole.out ==
            cli({"detect", "--json", write("cut.txt", latin.substr(0, (4 << 20) + 1))}).out);
}

TEST_CASE_FIXTURE(Fixture, "stats, readable and in JSON") {
    const std::string path =
        write("s.txt", "\xEF\xBB\xBFl1\r\nl2\n\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\xFF");
    const Run text = cli({"stats", path});
    REQUIRE(text.exitCode == 0);
    REQUIRE(contains(text.out, "not valid UTF-8"));
    REQUIRE(contains(text.out, "never-valid-byte 1"));
    REQUIRE(contains(text.out, "CRLF 1"));
    REQUIRE(contains(text.out, "BOM          yes"));
    const Run jsonRun = cli({"stats", "--json", path});
    REQUIRE(jsonRun.exitCode == 0);
    const json o = parsed(jsonRun.out);
    REQUIRE(o.at("file") == path);
    const json s = o.at("summary");
    REQUIRE(s.at("bytes") == 20);
    REQUIRE(s.at("characters") == 11);
    REQUIRE(s.at("lines") == 3);
    REQUIRE(s.at("bom") == true);
    REQUIRE(s.at("errors").at("never-valid-byte") == 1);
    REQUIRE(cli({"stats", filePath("nope")}).exitCode == 2);
    REQUIRE(!s.contains("graphemes")); // only when asked for
}

// --graphemes: e + U+0301, a flag, CR LF, an error byte and a mark after it are 4 clusters of
// 8 code points (UAX #29), from a file and from standard input alike.
TEST_CASE_FIXTURE(Fixture, "stats --graphemes counts grapheme clusters") {
    const std::string bytes("e\xCC\x81\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7\r\n\xFF\xCC\x81");
    const std::string path = write("g.txt", bytes);
    const Run text = cli({"stats", "--graphemes", path});
    REQUIRE(text.exitCode == 0);
    INFO(text.out);
    REQUIRE(contains(text.out, "graphemes    4 "));
    for (const Run& r : {cli({"stats", "--graphemes", "--json", path}),
                         cli({"stats", "--graphemes", "--json", "-"}, bytes)}) {
        REQUIRE(r.exitCode == 0);
        const json s = parsed(r.out).at("summary");
        REQUIRE(s.at("graphemes") == 4);
        REQUIRE(s.at("characters").get<int>() + s.at("error_segments").get<int>() == 8);
    }
}

TEST_CASE("encode walks through a code point's encoding") {
    const Run r = cli({"encode", "U+20AC"});
    REQUIRE(r.exitCode == 0);
    REQUIRE(contains(r.out, "U+0800..U+FFFF"));
    REQUIRE(contains(r.out, "1110xxxx 10xxxxxx 10xxxxxx"));
    REQUIRE(contains(r.out, "11100010 10000010 10101100"));
    REQUIRE(contains(r.out, "UTF-8: E2 82 AC"));
    const Run literal = cli({"encode", "\xF0\x9F\x98\x80"});
    REQUIRE(literal.exitCode == 0);
    REQUIRE(contains(literal.out, "UTF-8: F0 9F 98 80"));
    const Run surrogate = cli({"encode", "U+D800"});
    REQUIRE(surrogate.exitCode == 1);
    REQUIRE(contains(surrogate.out, "surrogate"));
    const Run tooLarge = cli({"encode", "U+110000"});
    REQUIRE(tooLarge.exitCode == 1);
    REQUIRE(contains(tooLarge.out, "beyond U+10FFFF"));
}

struct ExplainRow {
    const char* name;
    std::vector<std::string> args;
    int exitCode;
    std::vector<std::string> phrases;
};

TEST_CASE("explain says what bytes are") {
    const ExplainRow rows[] = {
        {"euro", {"E2", "82", "AC"}, 0, {"U+20AC", "1110xxxx 10xxxxxx 10xxxxxx", "Valid UTF-8"}},
        {"overlong slash", {"C0 AF"}, 1, {"overlong", "U+002F", "section 10"}},
        {"legacy 5-byte",
         {"F8", "88", "80", "80", "80"},
         1,
         {"legacy-long-form", "5-byte", "RFC 2279", "111110xx"}},
        {"cesu pair", {"\\xED\\xA0\\xBD\\xED\\xB8\\x80"}, 1, {"CESU-8", "U+1F600", "F0 9F 98 80"}},
        {"never valid", {"FE"}, 1, {"never-valid-byte"}},
        {"truncated", {"e282"}, 1, {"truncated", "missing"}},
    };
    for (const ExplainRow& row : rows) {
        SUBCASE(row.name) {
            std::vector<std::string> args{"explain"};
            args.insert(args.end(), row.args.begin(), row.args.end());
            const Run r = cli(args);
            REQUIRE(r.exitCode == row.exitCode);
            for (const std::string& phrase : row.phrases) {
                INFO(phrase << "\n" << r.out);
                REQUIRE(contains(r.out, phrase));
            }
        }
    }
}

// Markus Kuhn's stress test: its replace-decode has 379 U+FFFD (378 error segments plus the
// one the file contains literally).
TEST_CASE("Markus Kuhn's stress test") {
    if (!u8test::exists(corpus("UTF-8-test.txt")))
        U8TEST_SKIP("../shared/corpus is absent");
    const Run check = cli({"check", "--max-errors", "0", corpus("UTF-8-test.txt")});
    REQUIRE(check.exitCode == 1);
    const Run decoded = cli({"decode", "--errors=replace", corpus("UTF-8-test.txt")});
    REQUIRE(decoded.exitCode == 0);
    REQUIRE(count(decoded.out, "\xEF\xBF\xBD") == 379);
    REQUIRE(cli({"check", corpus("UTF-8-demo.txt")}).exitCode == 0);
}

} // namespace
