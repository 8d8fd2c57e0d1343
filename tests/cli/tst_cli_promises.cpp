// What u8scope-cli says it did is what it did (issue 32, the Medium and Low defects): a refusal
// writes nothing to standard output either, one byte order mark, /dev/stdout as standard output,
// operands that look like a code point or a name and are none refused, out of memory reported,
// --in-place that leaves alone what needs no change and refuses a file the user may not write,
// audit's output capped, file names escaped in text.
#include "cli_run.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <optional>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace {

using Run = u8test::CliRun;
using Strings = std::vector<std::string>;
using u8test::contains;
using u8test::startsWith;

Run cli(const Strings& args, const std::string& stdinBytes = {}) {
    return u8test::runCli(args, stdinBytes);
}

// The file's last modification, to the nanosecond (QFileInfo::lastModified).
std::optional<timespec> modifiedAt(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return std::nullopt;
    return st.st_mtim;
}

struct ArgsRow {
    const char* name;
    Strings args;
};

// Defect 6: a refusal wrote what came before the error to standard output.
TEST_CASE("a refusal writes nothing to standard output") {
    const ArgsRow rows[] = {
        {"decode strict", {"decode", "--errors=strict", "-"}},
        {"transcode fail", {"transcode", "--from=UTF-8", "--to=ISO-8859-1", "-o", "-", "-"}},
    };
    for (const ArgsRow& row : rows) {
        SUBCASE(row.name) {
            const Run r = cli(row.args, "abc \xE2\x82\xAC def \xFF tail\n");
            REQUIRE(r.exitCode == 1);
            REQUIRE(r.out == "");
            INFO(r.err);
            REQUIRE(contains(r.err, "nothing written"));
        }
    }
}

// Past the 16 MiB held back, what went out is said.
TEST_CASE("a long refusal says what was written") {
    std::string text(20 << 20, 'a');
    text += "\xFF";
    const Run r = cli({"decode", "--errors=strict", "-"}, text);
    REQUIRE(r.exitCode == 1);
    INFO(r.err);
    REQUIRE(contains(r.err, std::to_string(r.out.size()) + " bytes already written"));
}

struct BomRow {
    const char* name;
    std::string input;
    std::string to;
    std::string expected;
};

// Defect 7: --add-bom doubled a byte order mark.
TEST_CASE("--add-bom writes one byte order mark") {
    const BomRow rows[] = {
        {"UTF-8 with one",
         "\xEF\xBB\xBF"
         "ab",
         "UTF-8",
         "\xEF\xBB\xBF"
         "ab"},
        {"UTF-16 without", "ab", "UTF-16",
         std::string("\xFF\xFE"
                     "a\0b\0",
                     6)},
        {"UTF-16 with one",
         "\xEF\xBB\xBF"
         "ab",
         "UTF-16",
         std::string("\xFF\xFE"
                     "a\0b\0",
                     6)},
        {"UTF-32 with one",
         "\xEF\xBB\xBF"
         "a",
         "UTF-32",
         std::string("\xFF\xFE\0\0"
                     "a\0\0\0",
                     8)},
    };
    for (const BomRow& row : rows) {
        SUBCASE(row.name) {
            const Run r =
                cli({"transcode", "--from=UTF-8", "--to=" + row.to, "--add-bom", "-o", "-", "-"},
                    row.input);
            REQUIRE(r.exitCode == 0);
            REQUIRE(r.out == row.expected);
        }
    }
}

// Defect 11: -o /dev/stdout into a pipe was "a symbolic link to a file that cannot be
// reached".
TEST_CASE_FIXTURE(u8test::Scratch, "-o /dev/stdout is standard output") {
    for (const char* name : {"/dev/stdout", "/dev/fd/1"}) {
        SUBCASE(name) {
            const std::string in = write("in.txt", "caf\xC3\xA9\n");
            const Run r =
                u8test::runShell("\"$CLI\" decode -o " + std::string(name) + " '" + in + "' | cat");
            REQUIRE(r.out == "caf\xC3\xA9\n");
            INFO(r.err);
            REQUIRE(r.err.empty());
        }
    }
}

// Defect 13: an operand meant as a code point or a name and which is none was explained as
// its characters.
TEST_CASE("encode refuses what is no code point") {
    for (const char* operand : {"U+ZZ", "NO SUCH NAME", "U+FFFFFFFFFFFFFFFFFFFF", "0xG1"}) {
        SUBCASE(operand) {
            const Run r = cli({"encode", operand});
            REQUIRE(r.exitCode == 2);
            REQUIRE(r.out == "");
            INFO(r.err);
            REQUIRE(contains(r.err, operand));
        }
    }
}

TEST_CASE("encode still takes characters and names") {
    REQUIRE(cli({"encode", "EURO SIGN"}).exitCode == 0);
    REQUIRE(cli({"encode", "abc"}).exitCode == 0);
    REQUIRE(cli({"encode", "U+20AC"}).exitCode == 0);
    REQUIRE(cli({"encode", "U+110000"}).exitCode == 1); // explained, refused
}

// Defect 8: out of memory ended in std::bad_alloc and abort() (134).
TEST_CASE_FIXTURE(u8test::Scratch, "out of memory is reported") {
    if (u8test::sanitized())
        U8TEST_SKIP("a sanitizer's shadow memory does not fit under ulimit -v");
    std::ifstream random("/dev/urandom", std::ios::binary);
    REQUIRE(random.good());
    std::string bytes(50 << 20, '\0');
    REQUIRE(random.read(bytes.data(), std::streamsize(bytes.size())).good());
    write("random", bytes);
    const Run r = u8test::runShell("cd '" + path() +
                                   "' && ulimit -v 200000 && \"$CLI\" repair -o out random");
    REQUIRE(r.exitCode == 2);
    INFO(r.err);
    REQUIRE(contains(r.err, "out of memory"));
    REQUIRE(names() == Strings{"random"});
}

// Defect 9: stats --graphemes held a whole cluster: a 100 MB run of U+0301 took 130 MB.
// Now it runs in 100 MB of address space, the cluster counted and said to be that long.
TEST_CASE_FIXTURE(u8test::Scratch, "a long grapheme cluster is not held") {
    if (u8test::sanitized())
        U8TEST_SKIP("a sanitizer's shadow memory does not fit under ulimit -v");
    std::string run(100 << 20, '\0');
    run[0] = 'e';
    for (std::size_t i = 1; i + 1 < run.size(); i += 2) {
        run[i] = char(0xCC);
        run[i + 1] = char(0x81);
    }
    run.pop_back();
    write("run.txt", run);
    const Run r = u8test::runShell("cd '" + path() +
                                   "' && ulimit -v 100000 && \"$CLI\" stats --graphemes run.txt");
    REQUIRE(r.exitCode == 0);
    INFO(r.out);
    REQUIRE(contains(r.out, "graphemes    1  (grapheme clusters, UAX #29; longer than 1 MiB, "
                            "counted without being held: 1)"));
}

// Defect 15: --in-place with nothing to change wrote a backup and rewrote the file.
TEST_CASE_FIXTURE(u8test::Scratch, "--in-place leaves alone what needs no change") {
    const std::string file = write("clean.txt", "caf\xC3\xA9\n");
    const auto modified = modifiedAt(file);
    REQUIRE(modified.has_value());
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const Run r = cli({"repair", "--in-place", file});
    REQUIRE(r.exitCode == 0);
    INFO(r.err);
    REQUIRE(contains(r.err, "nothing to change; left as it was"));
    REQUIRE(names() == Strings{"clean.txt"});
    const auto now = modifiedAt(file);
    REQUIRE(now.has_value());
    REQUIRE(now->tv_sec == modified->tv_sec);
    REQUIRE(now->tv_nsec == modified->tv_nsec);
}

// Defect 12: --in-place by a user who may write the directory but not the file replaced it
// (and gave it to that user); a hard link was broken without a word.
TEST_CASE_FIXTURE(u8test::Scratch, "--in-place respects the file, its owner and its names") {
    if (::geteuid() != 0)
        U8TEST_SKIP("needs root, to run the CLI as another user (setpriv)");
    u8test::TempDir shared;
    REQUIRE(::chmod(shared.path().c_str(), 0777) == 0);
    const std::string file = u8test::writeFile(shared.filePath("f.txt"), "a\xFF\n");
    REQUIRE(::chmod(file.c_str(), 0644) == 0);
    const std::string as = "setpriv --reuid=65534 --regid=65534 --clear-groups \"$CLI\" ";
    const Run refused = u8test::runShell(as + "repair --in-place '" + file + "'");
    REQUIRE(refused.exitCode == 2);
    {
        INFO(refused.err);
        REQUIRE(contains(refused.err, "you may not write this file"));
    }
    REQUIRE(shared.fileNames() == Strings{"f.txt"});
    // Writable by all: replaced, and the change of owner said.
    REQUIRE(::chmod(file.c_str(), 0666) == 0);
    const Run given = u8test::runShell(as + "repair --in-place '" + file + "'");
    REQUIRE(given.exitCode == 0);
    {
        INFO(given.err);
        REQUIRE(contains(given.err, "its owner changed from 0:0 to 65534:65534"));
    }
    // A second name: said to keep the old content.
    const std::string other = write("g.txt", "a\xFF\n");
    REQUIRE(::link(other.c_str(), filePath("h.txt").c_str()) == 0);
    const Run linked = cli({"repair", "--in-place", other});
    REQUIRE(linked.exitCode == 0);
    INFO(linked.err);
    REQUIRE(contains(linked.err, "had 2 names (hard links)"));
}

// Defect 10: audit's output had no cap (3 MB of nested bidi openers gave 699 MB of text).
TEST_CASE_FIXTURE(u8test::Scratch, "audit caps its findings") {
    std::string text;
    for (int i = 0; i < 300000; ++i)
        text += "\xE2\x80\xAE"; // RIGHT-TO-LEFT OVERRIDE, never closed
    const std::string file = write("nested.txt", text);
    const Run r = cli({"audit", file});
    REQUIRE(r.exitCode == 1);
    {
        INFO(r.out.size());
        REQUIRE(r.out.size() < 2 << 20);
    }
    {
        INFO(r.out.substr(r.out.size() - std::min<std::size_t>(600, r.out.size())));
        REQUIRE(contains(r.out, file + ": 299000 more bidi-control findings not shown "
                                       "(--max-findings 1000)"));
    }
    const Run few = cli({"audit", "--max-findings=2", "--json", file});
    REQUIRE(u8test::count(few.out, "\"kind\":\"bidi-control\"") == 2);
    REQUIRE(contains(few.out, "\"notShown\":{\"bidi-control\":299998"));
    const Run sarif = cli({"audit", "--max-findings=2", "--sarif", file});
    REQUIRE(contains(sarif.out, "299998 more bidi-control findings not shown"));
}

// Defect 14: file names were printed raw in text: an ESC coloured the terminal, a newline
// broke FILE:LINE:COLUMN. Now in the shell's $'...' quoting; JSON escapes them itself.
TEST_CASE_FIXTURE(u8test::Scratch, "file names are escaped in text") {
    const std::string file = write("evil\x1B[31m\nname.txt", "a\xFF"
                                                             "b\n");
    const std::string shown = "$'" + path() + "/evil\\x1B[31m\\nname.txt'";
    const Run check = cli({"check", file});
    REQUIRE(check.exitCode == 1);
    {
        INFO(check.out);
        REQUIRE(!contains(check.out, '\x1B'));
        REQUIRE(startsWith(check.out, shown + ":1:2: offset 1: "));
    }
    const Run audit = cli({"audit", file});
    {
        INFO(audit.out);
        REQUIRE(startsWith(audit.out, shown + ":1:2: offset 1: "));
    }
    const Run stats = cli({"stats", file});
    {
        INFO(stats.out);
        REQUIRE(startsWith(stats.out, shown + ": not valid UTF-8"));
    }
    // In messages too: a file that is not there, an output that cannot be written.
    const Run missing = cli({"check", filePath("gone\x1B[31m.txt")});
    REQUIRE(missing.exitCode == 2);
    {
        INFO(missing.err);
        REQUIRE((!contains(missing.err, '\x1B') && contains(missing.err, "gone\\x1B[31m.txt")));
    }
    const Run unwritable = cli({"decode", "-o", "/nonexistent/out\x1B[31m", file});
    REQUIRE(unwritable.exitCode == 2);
    {
        INFO(unwritable.err);
        REQUIRE(!contains(unwritable.err, '\x1B'));
    }
    const Run json = cli({"stats", "--json", file});
    INFO(json.out);
    REQUIRE(contains(json.out, "/evil\\u001b[31m\\nname.txt\""));
}

// Defect 16: `scan` said invalid-byte where `check` said never-valid-byte: one name.
TEST_CASE_FIXTURE(u8test::Scratch, "scan and check name errors alike") {
    const std::string file = write("bad.txt", "a\xFF\x80"
                                              "b");
    const Run scan = cli({"scan", file});
    const Run check = cli({"check", file});
    for (const char* kind : {"never-valid-byte", "stray-continuation"}) {
        INFO(kind << "\n" << scan.out << "\n" << check.out);
        REQUIRE(contains(scan.out, kind));
        REQUIRE(contains(check.out, kind));
    }
}

// Defect 16: an allowlist saved with a byte order mark was refused.
TEST_CASE_FIXTURE(u8test::Scratch, "an allowlist may start with a byte order mark") {
    const std::string allow = write("allow.txt", "\xEF\xBB\xBFU+200D\n");
    const std::string text = write("t.txt", "a\xE2\x80\x8D"
                                            "b\n"); // ZERO WIDTH JOINER
    const Run r = cli({"audit", "--allow=" + allow, text});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
}

} // namespace
