// `u8scope-cli dump` as a user runs it: into a pipe (no colour) and on a terminal (a
// pseudo-terminal: colour unless NO_COLOR or TERM=dumb), --color forcing either way, standard
// input like a file, --offset inside a character and in hex, the three widths, a file of several
// read chunks, --html read back, and the usage errors.
#include "cli_run.h"
#include "u8test/xml_reader.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <optional>
#include <pty.h>
#include <regex>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using Run = u8test::CliRun;
using u8test::checkUsageErrors;
using u8test::contains;
using u8test::count;
using u8test::simplified;
using u8test::startsWith;
using u8test::UsageRow;

Run cli(const std::vector<std::string>& args, const std::string& stdinBytes = {}) {
    return u8test::runCli(args, stdinBytes);
}

// Every CR LF as LF.
std::string withLf(std::string s) {
    for (std::size_t at = s.find("\r\n"); at != std::string::npos; at = s.find("\r\n", at))
        s.replace(at, 2, "\n");
    return s;
}

// Runs u8scope-cli with its standard output on a pseudo-terminal, as a terminal emulator would,
// with NO_COLOR set to `noColor` (unset when nullopt) and TERM to `term`; what it wrote, with the
// terminal's CR LF line ends back to LF.
std::string onTerminal(const std::vector<std::string>& args,
                       const std::optional<std::string>& noColor = std::nullopt,
                       const std::string& term = "xterm-256color", unsigned short columns = 0) {
    std::vector<std::string> words{u8test::cliPath()};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& w : words)
        argv.push_back(w.data());
    argv.push_back(nullptr);
    int master = -1;
    winsize size{};
    size.ws_row = 24;
    size.ws_col = columns;
    const pid_t pid = ::forkpty(&master, nullptr, nullptr, columns ? &size : nullptr);
    if (pid < 0)
        return "forkpty failed";
    if (pid == 0) {
        if (!noColor)
            ::unsetenv("NO_COLOR");
        else
            ::setenv("NO_COLOR", noColor->c_str(), 1);
        ::setenv("TERM", term.c_str(), 1);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    std::string out;
    char buffer[4096];
    for (;;) {
        const ssize_t n = ::read(master, buffer, sizeof buffer);
        if (n > 0)
            out.append(buffer, std::size_t(n));
        else if (!(n < 0 && errno == EINTR))
            break; // EIO once the child has closed the terminal
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    ::close(master);
    return withLf(out);
}

const std::string kEscape = "\x1b[";

// The length QString gives UTF-8 text: its UTF-16 code units.
std::size_t utf16Length(std::string_view utf8) {
    std::size_t n = 0;
    for (const unsigned char c : utf8)
        n += (c & 0xC0) != 0x80 ? 1 : 0;          // a character starts
    return n + std::size_t(count(utf8, "\xF0")) + // a surrogate pair for U+10000 and up
           std::size_t(count(utf8, "\xF1")) + std::size_t(count(utf8, "\xF2")) +
           std::size_t(count(utf8, "\xF3")) + std::size_t(count(utf8, "\xF4"));
}

// The sample every test case dumps, in a scratch folder of its own.
struct Fixture : u8test::Scratch {
    const std::string sample =
        write("sample.txt", "Hi \xE4\xB8\x96\xE7\x95\x8C\n\xC0\xAF!\xF0\x9F\x98\x80\n");
};

// The reader the page is checked with finds what is not well-formed.
TEST_CASE("the XML check finds what is not well-formed") {
    const auto wellFormed = [](std::string_view doc) {
        u8test::XmlReader reader(doc);
        return reader.read() != nullptr;
    };
    u8test::XmlReader good("<a><b x=\"1\"/>&lt;&#65;</a>");
    const auto root = good.read();
    INFO(good.error());
    REQUIRE(root);
    CHECK(u8test::elementNames(*root) == std::vector<std::string>{"a", "b"});
    CHECK(!wellFormed("<a><b></a></b>"));
    CHECK(!wellFormed("<a>"));
    CHECK(!wellFormed("<a></a><b></b>"));
    CHECK(!wellFormed("<a x=1></a>"));
    CHECK(!wellFormed("<a x='1' x='2'></a>"));
    CHECK(!wellFormed("<a>&nbsp;</a>"));
    CHECK(!wellFormed("<a>x < y</a>"));
    CHECK(!wellFormed("text <a></a>"));
}

TEST_CASE_FIXTURE(Fixture, "no colour into a pipe") {
    const Run r = cli({"dump", sample});
    REQUIRE(r.exitCode == 0);
    REQUIRE(r.err.empty());
    REQUIRE(!contains(r.out, kEscape));
    REQUIRE(startsWith(r.out, "00000000  48 69 20 E4 B8 96 E7 95  8C 0A C0 AF 21 F0 9F 98  "
                              "\xE2\x94\x82Hi \xE4\xB8\x96\xC2\xB7\xE7\x95\x8C\xC2\xB7"));
    REQUIRE(contains(r.out, "offset 0xA: overlong: C0 AF: "));
}

TEST_CASE_FIXTURE(Fixture, "colour on a terminal") {
    const std::string out = onTerminal({"dump", sample});
    INFO(out);
    REQUIRE(contains(out, kEscape));
    REQUIRE(contains(out, "\x1b[0;1;38;5;231;48;5;160mC0")); // an invalid byte's look
    // The same text once the colours are taken out.
    const std::string stripped = std::regex_replace(out, std::regex("\x1b\\[[0-9;]*m"), "");
    REQUIRE(stripped == cli({"dump", sample}).out);
}

// https://no-color.org: any non-empty value turns colour off; --color=always wins.
TEST_CASE_FIXTURE(Fixture, "NO_COLOR, TERM=dumb and --color") {
    REQUIRE(!contains(onTerminal({"dump", sample}, "1"), kEscape));
    REQUIRE(!contains(onTerminal({"dump", sample}, "yes please"), kEscape));
    REQUIRE(contains(onTerminal({"dump", sample}, ""), kEscape));
    REQUIRE(contains(onTerminal({"dump", "--color=always", sample}, "1"), kEscape));
    REQUIRE(!contains(onTerminal({"dump", "--color=never", sample}), kEscape));
    REQUIRE(!contains(onTerminal({"dump", sample}, std::nullopt, "dumb"), kEscape));
    const Run always = cli({"dump", "--color=always", sample});
    REQUIRE(always.exitCode == 0);
    REQUIRE(contains(always.out, kEscape));
}

// On a terminal the descriptions are wrapped to its width; into a pipe each is one line.
TEST_CASE_FIXTURE(Fixture, "notes wrap to a terminal's width, not into a pipe") {
    const std::string out = onTerminal({"dump", sample}, "1", "xterm-256color", 72);
    for (const std::string& line : u8test::split(out, '\n'))
        if (!startsWith(line, "0000")) { // the rows are as wide as they are
            INFO(line);
            REQUIRE(utf16Length(line) <= 72);
        }
    const Run piped = cli({"dump", sample});
    REQUIRE(count(piped.out, "\n") == 3); // two rows, one note
    REQUIRE(count(out, "\n") > 3);
    REQUIRE(simplified(out) == simplified(piped.out));
}

TEST_CASE_FIXTURE(Fixture, "standard input is dumped like a file") {
    const std::string bytes = u8test::readFileOrFail(sample);
    const Run fromStdin = cli({"dump", "-"}, bytes);
    REQUIRE(fromStdin.exitCode == 0);
    REQUIRE(fromStdin.out == cli({"dump", sample}).out);
    const Run offset = cli({"dump", "--offset=4", "-"}, bytes);
    REQUIRE(offset.out == cli({"dump", "--offset=4", sample}).out);
}

// The offset inside 世: its two other bytes shown as continuation bytes, then 界 whole.
TEST_CASE_FIXTURE(Fixture, "an offset inside a character") {
    const std::string path = write("cjk.txt", "\xE4\xB8\x96\xE7\x95\x8C");
    const Run r = cli({"dump", "--offset=1", path});
    REQUIRE(r.exitCode == 0);
    const std::string expected = "00000001  B8 96 E7 95 8C" + std::string(3 * 11 + 1, ' ') +
                                 "  \xE2\x94\x82" + "\xC2\xB7\xC2\xB7\xE7\x95\x8C\xC2\xB7" +
                                 std::string(11, ' ') + "\xE2\x94\x82\n";
    REQUIRE(r.out == expected);
    REQUIRE(!contains(r.out, "offset 0x1:")); // no stray continuation
    REQUIRE(cli({"dump", "--offset=0x1", "--length=0x2", path}).out.substr(0, 20) ==
            "00000001  B8 96     ");
}

TEST_CASE_FIXTURE(Fixture, "the three widths") {
    const std::string path = write("x.txt", std::string(64, 'x'));
    for (const int width : {8, 16, 32}) {
        CAPTURE(width);
        const Run r = cli({"dump", "--width=" + std::to_string(width), path});
        REQUIRE(r.exitCode == 0);
        const std::vector<std::string> lines = u8test::split(r.out, '\n');
        REQUIRE(lines.size() == std::size_t(64 / width + 1)); // and the empty piece after the LF
        REQUIRE(count(lines[0], "78") == width);
        char offset[16];
        std::snprintf(offset, sizeof offset, "%08X", unsigned(width));
        REQUIRE(startsWith(lines[1], offset));
    }
}

// A file of several read chunks (read one ahead on a second thread) and the same bytes
// through standard input give the same dump; rows across the chunk ends are whole.
TEST_CASE_FIXTURE(Fixture, "a file of several read chunks dumps as standard input does") {
    std::string bytes;
    for (int i = 0; bytes.size() < (3 << 20) / 2; ++i)
        bytes +=
            "caf\xC3\xA9 \xE4\xB8\x96\xE7\x95\x8C \xF0\x9F\x98\x80 " + std::to_string(i) + '\n';
    bytes += "\xC0\xAF";
    const std::string path = write("big.txt", bytes);
    const Run file = cli({"dump", "--color=never", path});
    REQUIRE(file.exitCode == 0);
    REQUIRE(std::size_t(count(file.out, "\n")) == (bytes.size() + 15) / 16 + 1); // one note
    REQUIRE(file.out == cli({"dump", "-"}, bytes).out);
}

TEST_CASE_FIXTURE(Fixture, "--html is well-formed, escapes the text and lists the note") {
    const std::string path = write("page.txt", "<script>x</script> \xC0\xAF");
    const Run r = cli({"dump", "--html", "--color=always", path});
    REQUIRE(r.exitCode == 0);
    REQUIRE(!contains(r.out, kEscape));
    u8test::XmlReader xml(r.out);
    const auto root = xml.read();
    INFO(xml.error());
    REQUIRE(root);
    int items = 0;
    for (const std::string& name : u8test::elementNames(*root)) {
        REQUIRE(name != "script");
        items += name == "li";
    }
    REQUIRE(items == 1);
    REQUIRE(contains(r.out, "&lt;script&gt;"));
}

TEST_CASE("usage errors exit 2 with the reason and write nothing") {
    const UsageRow rows[] = {
        {"width", {"dump", "--width=12", "x"}, "unknown width '12' (8, 16 or 32)"},
        {"color", {"dump", "--color=sometimes", "x"}, "unknown --color value 'sometimes'"},
        {"offset", {"dump", "--offset=ten", "x"}, "--offset needs a number"},
        {"no file", {"dump"}, "needs exactly one FILE"},
        {"missing file",
         {"dump", "/nonexistent/nothing"},
         "/nonexistent/nothing: No such file or directory"},
    };
    checkUsageErrors(rows);
}

TEST_CASE_FIXTURE(Fixture, "an offset past the end") {
    const Run file = cli({"dump", "--offset=100", sample});
    REQUIRE(file.exitCode == 2);
    REQUIRE(contains(file.err, "is past its end (18 bytes)"));
    REQUIRE(file.out.empty());
    const Run input = cli({"dump", "--offset=100", "-"}, "abc");
    REQUIRE(input.exitCode == 2);
    REQUIRE(contains(input.err, "is past its end"));
    // At the end exactly: nothing to show, and no error.
    const Run atEnd = cli({"dump", "--offset=18", sample});
    REQUIRE(atEnd.exitCode == 0);
    REQUIRE(atEnd.out.empty());
}

} // namespace
