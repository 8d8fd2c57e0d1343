// The conventions of u8scope-cli: `COMMAND --help`, `-h` and `help COMMAND` for every
// command, `--version` everywhere, the closest option or command for a misspelt one, and every
// value the help documents accepted by the command.
#include "cli_run.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace {

using Run = u8test::CliRun;
using Strings = std::vector<std::string>;
using u8test::contains;
using u8test::simplified;

Run cli(const Strings& args) {
    return u8test::runCli(args);
}

Strings operator+(Strings a, const Strings& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// The non-empty pieces between the separators (Qt::SkipEmptyParts).
Strings words(std::string_view s, char separator) {
    Strings out;
    for (std::string& piece : u8test::split(s, separator))
        if (!piece.empty())
            out.push_back(std::move(piece));
    return out;
}

// `u8scope-cli --list-options`: "SCOPE OPTION [VALUE...]" a line ("-" for no command).
struct ListedOption {
    std::string name;
    Strings values;
};
std::map<std::string, std::vector<ListedOption>> listedOptions() {
    std::map<std::string, std::vector<ListedOption>> byScope;
    const Run r = cli({"--list-options"});
    INFO("u8scope-cli --list-options failed: " << r.err);
    REQUIRE(r.exitCode == 0);
    for (const std::string& line : words(r.out, '\n')) {
        const Strings w = u8test::split(line, ' ');
        REQUIRE(w.size() >= 2);
        byScope[w[0]].push_back({w[1], Strings(w.begin() + 2, w.end())});
    }
    return byScope;
}

Strings commandNames() {
    Strings names;
    for (const auto& [scope, options] : listedOptions())
        if (scope != "-")
            names.push_back(scope);
    return names;
}

std::vector<ListedOption> optionsOf(const std::string& scope) {
    const auto byScope = listedOptions();
    const auto it = byScope.find(scope);
    return it == byScope.end() ? std::vector<ListedOption>{} : it->second;
}

TEST_CASE("every command is listed in the help") {
    const Strings names = commandNames();
    REQUIRE(names.size() == 12);
    const Run general = cli({"--help"});
    REQUIRE(general.exitCode == 0);
    for (const std::string& name : names) {
        INFO(name);
        REQUIRE(contains(general.out, "\n  " + name + " "));
    }
    // The options taken without a command are listed too.
    for (const ListedOption& o : optionsOf("-")) {
        INFO(o.name);
        REQUIRE(contains(general.out, o.name));
    }
}

// Synopsis, every option, exit statuses and examples; the same for --help, -h and `help`.
TEST_CASE("each command's help: synopsis, options, exit statuses, examples") {
    for (const std::string& command : commandNames()) {
        SUBCASE(command.c_str()) {
            const Run help = cli({command, "--help"});
            REQUIRE(help.exitCode == 0);
            REQUIRE(help.err.empty());
            {
                INFO(help.out);
                REQUIRE(u8test::startsWith(help.out, "usage: u8scope-cli " + command));
            }
            for (const ListedOption& o : optionsOf(command)) {
                INFO(command << " " << o.name);
                REQUIRE(contains(help.out, o.name));
                for (const std::string& value : o.values) {
                    INFO(command << " " << o.name << "=" << value);
                    REQUIRE((contains(help.out, value) || o.values.size() > 8));
                }
            }
            REQUIRE(contains(help.out, "\nexit status:\n  0  "));
            REQUIRE(contains(help.out, "\nexamples:\n  u8scope-cli " + command + " "));
            REQUIRE(cli({command, "-h"}).out == help.out);
            REQUIRE(cli({"help", command}).out == help.out);
            // Help comes first even where the rest of the command line is wrong.
            const Run wrong = cli({command, "--jsn", "-h", "no-such-file"});
            REQUIRE(wrong.exitCode == 0);
            REQUIRE(wrong.out == help.out);
        }
    }
}

// The defaults are said where they are.
TEST_CASE("the defaults are shown") {
    const auto help = [](const char* command) { return simplified(cli({command, "--help"}).out); };
    REQUIRE(contains(help("check"), "(default: 100)"));
    REQUIRE(contains(help("decode"), "(default: strict)"));
    REQUIRE(contains(help("repair"), "(default: replace)"));
    REQUIRE(contains(help("transcode"), "(default: fail)"));
}

TEST_CASE("repair --help, once an unknown option") {
    const Run r = cli({"repair", "--help"});
    REQUIRE(r.exitCode == 0);
    REQUIRE(contains(r.out, "--mojibake[=PAGE,...]"));
    REQUIRE(contains(r.out, "(-o OUT | --in-place)"));
}

TEST_CASE("--version everywhere") {
    const std::string expected = "u8scope-cli " U8SCOPE_VERSION "\n";
    for (const Strings& args : {Strings{"--version"}, Strings{"check", "--version"},
                                Strings{"repair", "-o", "x", "--version"}}) {
        const Run r = cli(args);
        REQUIRE(r.exitCode == 0);
        REQUIRE(r.out == expected);
    }
}

struct MisspeltRow {
    const char* name;
    Strings args;
    std::string message;
};

TEST_CASE("a misspelt option, value or command: the closest one suggested") {
    const MisspeltRow rows[] = {
        {"option",
         {"repair", "--mojibak", "-o", "o", "in"},
         "unknown option '--mojibak'; did you mean '--mojibake'?"},
        {"option with a value",
         {"decode", "--eror=replace", "in"},
         "unknown option '--eror=replace'; did you mean '--errors'?"},
        {"swapped letters", {"check", "--qiuet", "in"}, "did you mean '--quiet'?"},
        {"a prefix", {"check", "--max", "3", "in"}, "did you mean '--max-errors'?"},
        {"value",
         {"decode", "--errors=replce", "in"},
         "unknown error policy 'replce' (strict, replace, ignore, latin1 or cp1252); did you mean "
         "'replace'?"},
        {"command", {"chekc", "in"}, "unknown command 'chekc'; did you mean 'check'?"},
        {"help topic",
         {"help", "trnscode"},
         "unknown command 'trnscode'; did you mean 'transcode'?"},
        {"top-level option",
         {"--verison"},
         "unknown option '--verison'; did you mean '--version'?"},
    };
    for (const MisspeltRow& row : rows) {
        SUBCASE(row.name) {
            const Run r = cli(row.args);
            REQUIRE(r.exitCode == 2);
            INFO(r.err);
            REQUIRE(contains(r.err, row.message));
            REQUIRE(r.out.empty());
        }
    }
}

// Nothing close: no guess.
TEST_CASE("far from anything: no guess") {
    const Run option = cli({"check", "--bogus", "in"});
    REQUIRE(option.exitCode == 2);
    REQUIRE(contains(option.err, "unknown option '--bogus'"));
    REQUIRE(!contains(option.err, "did you mean"));
    const Run command = cli({"frobnicate"});
    REQUIRE(command.exitCode == 2);
    REQUIRE(!contains(command.err, "did you mean"));
}

TEST_CASE("the encodings are listed, each once") {
    const Run r = cli({"--list-encodings"});
    REQUIRE(r.exitCode == 0);
    Strings names = words(r.out, '\n');
    for (const char* known : {"UTF-8", "UTF-16LE", "windows-1252", "ISO-8859-1", "Shift_JIS"}) {
        INFO(known);
        REQUIRE(std::find(names.begin(), names.end(), known) != names.end());
    }
    std::sort(names.begin(), names.end());
    const auto repeated = std::adjacent_find(names.begin(), names.end());
    INFO((repeated == names.end() ? std::string() : *repeated));
    REQUIRE(repeated == names.end());
}

// Each value the table documents is one its command takes: nothing documented is refused.
TEST_CASE_FIXTURE(u8test::Scratch, "every documented value is accepted") {
    const std::string in = write("in.c", "caf\xC3\xA9\n");
    const std::string out = filePath("out.txt");
    // A command line that runs each command, the value under test put first.
    const std::map<std::string, Strings> rest = {
        {"decode", {"-o", out, in}},
        {"repair", {"-o", out, in}},
        {"transcode", {"--from=UTF-8", "--to=UTF-16LE", "-o", out, in}},
        {"audit", {in}},
        {"dump", {in}},
        {"compare", {in, in}},
    };
    int tried = 0;
    for (const auto& [scope, options] : listedOptions())
        for (const ListedOption& o : options) {
            if (o.values.empty())
                continue;
            INFO(scope);
            REQUIRE(rest.count(scope) == 1);
            for (const std::string& value : o.values) {
                const Run r = cli(Strings{scope, o.name + "=" + value} + rest.at(scope));
                INFO(scope << " " << o.name << "=" << value << ": " << r.err);
                REQUIRE((r.exitCode == 0 || r.exitCode == 1));
                REQUIRE(!contains(r.err, "unknown"));
                ++tried;
            }
        }
    REQUIRE(tried > 40); // policies, actions, styles, profiles, audit kinds, code pages
}

} // namespace
