// `u8scope-cli audit` as a user runs it: the three output formats (SARIF checked for
// the structure the 2.1.0 schema requires), exit codes, profiles by extension, --kinds,
// --allow, directories refused, standard input, and the Trojan Source samples.
#include "cli_run.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

namespace {

using Run = u8test::CliRun;
using nlohmann::json;
using u8test::checkUsageErrors;
using u8test::contains;
using u8test::lines;
using u8test::startsWith;
using u8test::UsageRow;
using Strings = std::vector<std::string>;

Run cli(const Strings& args, const std::string& stdinBytes = {}) {
    return u8test::runCli(args, stdinBytes);
}

Strings operator+(Strings a, const Strings& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// A C file with one finding of several kinds, and ill-formed UTF-8 between them.
const std::string kSource = "int main() {\n"
                            "    /*\u202E } if (isAdmin) begin admins only */\n"
                            "    int is\u200BAdmin = 1;\n"
                            "    bad \xC0\xAF here;\n"
                            "    void say\u041Dello();\n"
                            "}\n";

json parsed(const std::string& text) {
    return json::parse(text, nullptr, false);
}

// The physicalLocation of a SARIF result's first location.
json physicalLocation(const json& result) {
    return result.at("locations").at(0).at("physicalLocation");
}

// The first run of a SARIF log.
json firstRun(const std::string& log) {
    return parsed(log).at("runs").at(0);
}

// The lines that hold `what` (QStringList::filter).
Strings filter(const Strings& l, const std::string& what) {
    Strings kept;
    for (const std::string& line : l)
        if (contains(line, what))
            kept.push_back(line);
    return kept;
}

// The file names the summary lines (" profile (") of `out` name, below `root`.
Strings summarised(const std::string& out, const std::string& root) {
    Strings summaries = filter(lines(out), " profile (");
    for (std::string& l : summaries)
        l = l.substr(0, l.find(": ")).substr(root.size() + 1);
    return summaries;
}

// QUrl::fromLocalFile(path).toEncoded(): a file URL, its path percent-encoded.
std::string fileUrl(const std::string& path) {
    std::string url = "file://";
    for (const unsigned char c : path) {
        if (std::isalnum(c) ||
            std::string_view("-._~/!$&'()*+,;=:@").find(char(c)) != std::string_view::npos) {
            url += char(c);
        } else {
            char cell[4];
            std::snprintf(cell, sizeof cell, "%%%02X", unsigned(c));
            url += cell;
        }
    }
    return url;
}

// Writes `bytes` to root/name, making the folders on the way.
void writeUnder(const std::string& root, const std::string& name, std::string_view bytes) {
    const std::filesystem::path path = std::filesystem::path(root) / name;
    std::filesystem::create_directories(path.parent_path());
    u8test::writeFile(path.string(), bytes);
}

TEST_CASE("usage errors exit 2 with the reason") {
    const UsageRow rows[] = {
        {"no file", {"audit"}, "no FILE given"},
        {"bad profile", {"audit", "--profile=prose", "x"}, "unknown profile 'prose'"},
        {"bad kind", {"audit", "--kinds=bidi-control,weird", "x"}, "unknown kind 'weird'"},
        {"two formats", {"audit", "--json", "--sarif", "x"}, "exclude each other"},
        {"missing allowlist",
         {"audit", "--allow=/nonexistent/allow.txt", "x"},
         "allowlist /nonexistent/allow.txt: No such file"},
    };
    checkUsageErrors(rows);
}

TEST_CASE("the help mentions audit") {
    const Run r = cli({"--help"});
    REQUIRE(r.exitCode == 0);
    REQUIRE(contains(r.out, "audit [--profile=code|text]"));
}

TEST_CASE_FIXTURE(u8test::Scratch, "an allowlist's error names its file and line") {
    const std::string allow = write("allow.txt", "U+200D\n# fine\nU+12G4\n");
    const Run r = cli({"audit", "--allow=" + allow, write("a.c", "x")});
    REQUIRE(r.exitCode == 2);
    INFO(r.err);
    REQUIRE(contains(r.err, allow + ":3: 'U+12G4' is not a code point"));
}

// FILE:LINE:COLUMN: offset N: KIND: U+XXXX NAME: explanation, in offset order, ill-formed
// UTF-8 in the same stream with `check`'s kinds; the profile and its reason said.
TEST_CASE_FIXTURE(u8test::Scratch, "findings as lines for people, in offset order") {
    const std::string path = write("attack.c", kSource);
    const Run r = cli({"audit", path});
    REQUIRE(r.exitCode == 1);
    const Strings l = lines(r.out);
    REQUIRE(l.size() == 6);
    INFO(l[0]);
    REQUIRE(startsWith(l[0], path + ":2:7: offset 19: bidi-control: U+202E "
                                    "RIGHT-TO-LEFT OVERRIDE: "));
    REQUIRE(contains(l[0], "CVE-2021-42574"));
    REQUIRE(startsWith(l[1], path + ":2:7: offset 19: bidi-unterminated: "));
    REQUIRE(startsWith(l[2], path + ":3:11: offset 69: invisible: U+200B ZERO WIDTH SPACE: "));
    INFO(l[3]);
    REQUIRE(startsWith(l[3], path + ":4:9: offset 91: overlong: C0 AF: "));
    REQUIRE(startsWith(l[4], path + ":5:13: offset 112: confusable: U+041D CYRILLIC CAPITAL "
                                    "LETTER EN: \"say\u041Dello\" looks like \"sayHello\""));
    REQUIRE(l[5] == path + ": code profile (extension .c): 5 findings: bidi-control 1, "
                           "bidi-unterminated 1, confusable 1, invisible 1, overlong 1");
    REQUIRE(r.err.empty());
    // mixed-script is opt-in (issue 34 item 7): named, it is found.
    const Run mixed = cli({"audit", "--kinds=mixed-script", path});
    REQUIRE(mixed.exitCode == 1);
    INFO(mixed.out);
    REQUIRE(contains(mixed.out, ": mixed-script: "));
}

TEST_CASE_FIXTURE(u8test::Scratch, "a clean file exits 0, and the same bytes as code do not") {
    const std::string path = write("notes.txt", "caf\xC3\xA9, \xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D, "
                                                "\xE2\x80\x8F 10\xC2\xA0km\n");
    const Run r = cli({"audit", path});
    REQUIRE(r.exitCode == 0);
    REQUIRE(r.out ==
            path +
                ": text profile (no programming-language extension): nothing suspicious found\n");
    // The same bytes as code: the RLM and the no-break space are findings.
    const Run code = cli({"audit", "--profile=code", path});
    REQUIRE(code.exitCode == 1);
    REQUIRE(contains(code.out, ": bidi-control: U+200F RIGHT-TO-LEFT MARK: "));
    REQUIRE(contains(code.out, ": space-lookalike: U+00A0 NO-BREAK SPACE: "));
    REQUIRE(contains(code.out, "code profile (--profile)"));
}

TEST_CASE_FIXTURE(u8test::Scratch, "--json writes JSON Lines, then the summary") {
    const std::string path = write("attack.c", kSource);
    const Run r = cli({"audit", "--json", path});
    REQUIRE(r.exitCode == 1);
    const Strings l = lines(r.out);
    REQUIRE(l.size() == 6);
    Strings kinds;
    for (int i = 0; i < 5; ++i) {
        const json o = parsed(l[i]);
        INFO(l[i]);
        REQUIRE(o.is_object());
        for (const char* key :
             {"file", "offset", "length", "line", "column", "kind", "cp", "message"}) {
            INFO(key);
            REQUIRE(o.contains(key));
        }
        REQUIRE(o.at("file") == path);
        kinds.push_back(o.at("kind").get<std::string>());
    }
    REQUIRE(kinds ==
            Strings{"bidi-control", "bidi-unterminated", "invisible", "overlong", "confusable"});
    const json first = parsed(l[0]);
    REQUIRE(first.at("offset") == 19);
    REQUIRE(first.at("length") == 3);
    REQUIRE(first.at("line") == 2);
    REQUIRE(first.at("column") == 7);
    REQUIRE(first.at("cp") == json::array({0x202E}));
    REQUIRE(parsed(l[4]).at("lookalike") == "sayHello");
    REQUIRE(parsed(l[3]).at("bytes") == "C0 AF");
    const json summary = parsed(l[5]).at("summary");
    REQUIRE(summary.at("profile") == "code");
    REQUIRE(summary.at("findings") == 5);
    REQUIRE(summary.at("kinds").at("invisible") == 1);
    REQUIRE(summary.at("unicodeVersion") == "15.0");
}

// The properties the SARIF 2.1.0 schema requires (sarifLog: version, runs; run: tool;
// tool: driver; toolComponent: name; result: message; message: text), and what code
// scanning reads: one rule per kind with its help, ruleId/ruleIndex, locations with a
// region (startLine, startColumn, byteOffset, byteLength).
TEST_CASE_FIXTURE(u8test::Scratch, "--sarif writes a SARIF 2.1.0 log code scanning reads") {
    const std::string a = write("attack.c", kSource);
    const std::string b = write("clean name.txt", "plain\n");
    const Run r = cli({"audit", "--sarif", a, b});
    REQUIRE(r.exitCode == 1);
    const json log = parsed(r.out);
    INFO(r.out.substr(0, 300));
    REQUIRE(log.is_object());
    REQUIRE(log.at("version") == "2.1.0");
    REQUIRE(u8test::endsWith(log.at("$schema").get<std::string>(), "sarif-schema-2.1.0.json"));
    const json runs = log.at("runs");
    REQUIRE(runs.size() == 1);
    const json run = runs[0];
    const json driver = run.at("tool").at("driver");
    REQUIRE(driver.at("name") == "u8scope-cli");
    REQUIRE(!driver.at("version").get<std::string>().empty());
    REQUIRE(run.at("columnKind") == "unicodeCodePoints");
    Strings ids;
    for (const json& rule : driver.at("rules")) {
        ids.push_back(rule.at("id").get<std::string>());
        REQUIRE(!rule.at("shortDescription").at("text").get<std::string>().empty());
        REQUIRE(rule.at("help").at("text").get<std::string>().size() > 80);
    }
    for (const char* id :
         {"bidi-control", "bidi-unterminated", "invisible", "confusable", "mixed-script", "control",
          "noncharacter", "private-use", "unassigned", "space-lookalike", "not-nfc", "bom-inside",
          "hidden-payload", "overlong", "truncated"}) {
        INFO(id);
        REQUIRE(std::find(ids.begin(), ids.end(), id) != ids.end());
    }
    const json results = run.at("results");
    REQUIRE(results.size() == 5);
    for (const json& result : results) {
        const std::size_t index = result.at("ruleIndex").get<std::size_t>();
        REQUIRE(index < ids.size());
        REQUIRE(ids[index] == result.at("ruleId").get<std::string>());
        REQUIRE(!result.at("message").at("text").get<std::string>().empty());
        const json location = physicalLocation(result);
        REQUIRE(location.at("artifactLocation").at("uri") == fileUrl(a));
        const json region = location.at("region");
        for (const char* key : {"startLine", "startColumn", "byteOffset", "byteLength"}) {
            INFO(key);
            REQUIRE(region.at(key).get<long>() > 0);
        }
    }
    const json first = results[0];
    REQUIRE(first.at("ruleId") == "bidi-control");
    REQUIRE(first.at("level") == "error");
    const json region = physicalLocation(first).at("region");
    REQUIRE(region.at("startLine") == 2);
    REQUIRE(region.at("startColumn") == 7);
    REQUIRE(region.at("byteOffset") == 19);
    REQUIRE(region.at("byteLength") == 3);
    REQUIRE(run.at("invocations").at(0).at("executionSuccessful") == true);
}

// Nothing found: a valid log with an empty results array, exit 0.
TEST_CASE_FIXTURE(u8test::Scratch, "--sarif with nothing found: an empty results array") {
    const Run clean = cli({"audit", "--sarif", write("clean name.txt", "plain\n")});
    REQUIRE(clean.exitCode == 0);
    const json run = firstRun(clean.out);
    REQUIRE(run.at("results").is_array());
    REQUIRE(run.at("results").empty());
}

TEST_CASE_FIXTURE(u8test::Scratch, "--kinds keeps only the kinds named") {
    const Run r = cli({"audit", "--kinds=invisible,invalid", write("attack.c", kSource)});
    REQUIRE(r.exitCode == 1);
    const Strings l = lines(r.out);
    REQUIRE(l.size() == 3);
    REQUIRE(contains(l[0], ": invisible: "));
    REQUIRE(contains(l[1], ": overlong: "));
    const Run none = cli({"audit", "--kinds=hidden-payload", write("attack.c", kSource)});
    REQUIRE(none.exitCode == 0);
}

TEST_CASE_FIXTURE(u8test::Scratch, "--allow leaves the code points allowed alone") {
    const std::string allow =
        write("allow.txt", "# our Cyrillic identifiers\nU+0400..U+04FF\n200B\n");
    const Run r =
        cli({"audit", "--allow=" + allow, "--kinds=invisible,confusable,mixed-script,bidi-control",
             write("attack.c", kSource)});
    REQUIRE(r.exitCode == 1);
    REQUIRE(!contains(r.out, ": invisible: "));
    REQUIRE(!contains(r.out, ": confusable: "));
    REQUIRE(!contains(r.out, ": mixed-script: "));
    REQUIRE(contains(r.out, ": bidi-control: "));
}

// SARIF partialFingerprints (SARIF 2.1.0 section 3.27.17): the same on two runs, and the
// same when lines are added above the finding; two identical findings differ.
TEST_CASE_FIXTURE(u8test::Scratch, "fingerprints are stable") {
    const auto fingerprints = [&](const std::string& source) {
        const Run r = cli({"audit", "--sarif", write("fp.c", source)});
        Strings out;
        const json run = firstRun(r.out); // alive through the loop
        for (const json& v : run.at("results"))
            out.push_back(v.at("partialFingerprints").at("u8scope/v1").get<std::string>());
        return out;
    };
    const std::string twice = "int is\u200BAdmin;\nint is\u200BAdmin;\n";
    const Strings first = fingerprints(twice);
    REQUIRE(first.size() == 2);
    REQUIRE(first[0].size() == 16);
    REQUIRE(first[0] != first[1]);
    REQUIRE(fingerprints(twice) == first);
    REQUIRE(fingerprints("// a comment\n\n" + twice) == first);
    const Run jsonRun = cli({"audit", "--json", write("fp.c", twice)});
    REQUIRE(contains(jsonRun.out, "\"fingerprint\":\"" + first[0] + "\""));
}

// --baseline: only what is new since an accepted run is reported, and decides the exit
// status; the JSON Lines and SARIF outputs both serve as a baseline.
TEST_CASE_FIXTURE(u8test::Scratch, "--baseline reports only what is new") {
    const std::string file = write("base.c", kSource);
    for (const char* format : {"--json", "--sarif"}) {
        INFO(format);
        const Run accepted = cli({"audit", format, file});
        const std::string base = write("baseline.out", accepted.out);
        const Run same = cli({"audit", "--baseline=" + base, file});
        REQUIRE(same.exitCode == 0);
        INFO(same.out);
        REQUIRE(contains(same.out, "findings in the baseline not shown"));
        write("base.c", "// new line above\n" + kSource + "int \u0430dmin;\n");
        const Run grown = cli({"audit", "--baseline=" + base, file});
        REQUIRE(grown.exitCode == 1);
        const Strings l = filter(lines(grown.out), ": offset ");
        REQUIRE(l.size() == 1);
        INFO(l[0]);
        REQUIRE(contains(l[0], "confusable: U+0430"));
        write("base.c", kSource);
    }
    const Run missing = cli({"audit", "--baseline=" + path() + "/none", file});
    REQUIRE(missing.exitCode == 2);
    REQUIRE(contains(missing.err, "cannot read the baseline"));
}

// --allow names words and scripts too: 1C's platform word is left alone, a Cyrillic
// look-alike in a Latin word is still found, and an allowed script is used on purpose.
TEST_CASE_FIXTURE(u8test::Scratch, "--allow names words and scripts too") {
    const std::string source =
        write("words.bsl", "Запрос = Новый HTTPЗапросX; Соединение = HTTPСоединениеX;\n"
                           "x = G\u043E\u043Egle;\n");
    const std::string allow = write("words.txt", "word:HTTPЗапросX word:HTTPСоединениеX\n");
    const Run words = cli({"audit", "--kinds=confusable,mixed-script", "--allow=" + allow, source});
    REQUIRE(words.exitCode == 1);
    INFO(words.out);
    REQUIRE(!contains(words.out, "HTTP"));
    REQUIRE(contains(words.out, ":2:6: offset"));
    const Run script = cli({"audit", "--kinds=confusable,mixed-script",
                            "--allow=" + write("script.txt", "script:Cyrillic\n"), source});
    REQUIRE(script.exitCode == 0);
    const Run bad = cli({"audit", "--allow=" + write("bad.txt", "script:Nonesuch\n"), source});
    REQUIRE(bad.exitCode == 2);
    REQUIRE(contains(bad.err, "is not a script"));
}

// audit -r DIR: the files ripgrep would search (.gitignore and .ignore honoured, negation and
// anchoring included; hidden entries and binary files skipped), in sorted order.
TEST_CASE_FIXTURE(u8test::Scratch, "audit -r walks the files ripgrep would search") {
    const std::string root = path() + "/tree";
    const std::string attack = "int is\u200BAdmin;\n";
    for (const char* name : {"src/a.c", "src/deep/b.c", "build/x.c", ".hidden/h.c", "logs/x.log",
                             "logs/keep.log", "only-root.c", "src/only-root.c", "src/z.c"})
        writeUnder(root, name, attack);
    writeUnder(root, ".gitignore", "build/\n*.log\n!keep.log\n/only-root.c\n");
    writeUnder(root, "src/.ignore", "deep/\n");
    writeUnder(root, "src/blob.c", std::string_view("bin\0ary\u200B", 10));
    const Run r = cli({"audit", "-r", root});
    REQUIRE(r.exitCode == 1);
    REQUIRE(summarised(r.out, root) ==
            Strings{"logs/keep.log", "src/a.c", "src/only-root.c", "src/z.c"});
    const Run plain = cli({"audit", root});
    REQUIRE(plain.exitCode == 2);
    REQUIRE(contains(plain.err, "give -r"));
    writeUnder(root, "src/z.c", "int x;\n");
    const Run jsonRun = cli({"audit", "-r", "--json", root + "/src/z.c", root + "/src"});
    REQUIRE(filter(lines(jsonRun.out), "\"summary\"").size() == 4);
}

// audit -r reads each file once: a file under the directory is left out when a NUL is among
// its first 8 KiB (one later is text), a file named is audited whatever it holds, and a
// symbolic link is not followed (the listing says what an entry is).
TEST_CASE_FIXTURE(u8test::Scratch, "audit -r sniffs binary files from what it reads") {
    const std::string root = path() + "/sniffed";
    const std::string attack = "int is\u200BAdmin;\n";
    writeUnder(root, "head.c", std::string("bin\0", 4) + attack);
    writeUnder(root, "sub/late.c", std::string(9000, 'x') + '\n' + std::string(1, '\0') + attack);
    writeUnder(root, "sub/text.c", attack);
    REQUIRE(::symlink((root + "/sub/text.c").c_str(), (root + "/sub/link.c").c_str()) == 0);
    const auto audited = [&](const Strings& operands) {
        return summarised(cli(Strings{"audit", "-r"} + operands).out, root);
    };
    REQUIRE(audited({root}) == Strings{"sub/late.c", "sub/text.c"});
    REQUIRE(audited({root + "/head.c", root + "/sub"}) ==
            Strings{"head.c", "sub/late.c", "sub/text.c"});
    const Run late = cli({"audit", "-r", root + "/sub"});
    REQUIRE(late.exitCode == 1);
    REQUIRE(filter(lines(late.out), "U+200B").size() == 2);
}

// audit -r of a directory inside a repository: the ignore files above it apply as git and
// ripgrep apply them (the repository's .git/info/exclude, each .gitignore and .ignore from
// its top down, anchored patterns from their own directory); outside a repository only the
// .ignore files above.
TEST_CASE_FIXTURE(u8test::Scratch, "audit -r honours the ignore files above the directory") {
    const std::string repo = path() + "/repo";
    std::filesystem::create_directories(repo + "/.git/info");
    std::filesystem::create_directories(repo + "/src/build");
    for (const char* name : {"src/a.c", "src/x.gen.c", "src/only-top.c", "src/secret.c",
                             "src/build/y.c", "src/keep.c"})
        writeUnder(repo, name, "int is\u200BAdmin;\n");
    writeUnder(repo, ".gitignore", "*.gen.c\n/src/only-top.c\nbuild/\n");
    writeUnder(repo, ".git/info/exclude", "secret.c\n");
    writeUnder(repo, "src/.ignore", "!keep.c\n");
    const auto audited = [&](const std::string& root) {
        return summarised(cli({"audit", "-r", root}).out, root);
    };
    REQUIRE(audited(repo + "/src") == Strings{"a.c", "keep.c"});
    // A directory given is searched, as ripgrep does, though a rule above ignores it.
    REQUIRE(audited(repo + "/src/build") == Strings{"y.c"});
    // Outside a repository: the .ignore above applies, a .gitignore above does not.
    const std::string outer = path() + "/outer";
    std::filesystem::create_directories(outer + "/inner");
    writeUnder(outer, ".ignore", "*.tmp.c\n");
    writeUnder(outer, ".gitignore", "a.c\n");
    for (const char* name : {"inner/a.c", "inner/z.tmp.c"})
        writeUnder(outer, name, "int is\u200BAdmin;\n");
    REQUIRE(audited(outer + "/inner") == Strings{"a.c"});
}

// check -r walks a tree as audit -r does, writes the verdicts in sorted order and reports
// the problems of an invalid file.
TEST_CASE_FIXTURE(u8test::Scratch, "check -r walks a tree as audit -r does") {
    const std::string root = path() + "/checked";
    for (const char* name : {"b.txt", "a/x.txt", "a/ignored.txt", ".hidden.txt"})
        writeUnder(root, name, "fine\n");
    writeUnder(root, "a/x.txt", "fine\n");
    writeUnder(root, "a/ignored.txt", "bad \xC0\xAF\n");
    writeUnder(root, "c.txt", "bad \xC0\xAF\n");
    writeUnder(root, "a/.gitignore", "ignored.txt\n");
    writeUnder(root, "blob.bin", std::string_view("\0\xC0\xAF", 3));
    const Run r = cli({"check", "-r", root});
    REQUIRE(r.exitCode == 1);
    Strings l = lines(r.out);
    for (std::string& line : l)
        line = line.substr(std::min(line.size(), root.size() + 1));
    REQUIRE(l.size() == 4);
    REQUIRE(l[0] == "a/x.txt: valid UTF-8");
    REQUIRE(l[1] == "b.txt: valid UTF-8");
    INFO(l[2]);
    REQUIRE(startsWith(l[2], "c.txt:1:5: offset 4: overlong"));
    REQUIRE(l[3] == "c.txt: not valid UTF-8: 1 problem");
    REQUIRE(cli({"check", "-r", "-q", root + "/a"}).exitCode == 0);
    REQUIRE(cli({"check", "-r", root + "/a", root + "/missing"}).exitCode == 2);
}

TEST_CASE_FIXTURE(u8test::Scratch, "a directory is refused without -r") {
    const std::string clean = write("ok.txt", "fine\n");
    const Run r = cli({"audit", path(), clean});
    REQUIRE(r.exitCode == 2);
    INFO(r.err);
    REQUIRE(contains(r.err, path() + " is a directory"));
    REQUIRE(contains(r.err, "give -r"));
    REQUIRE(contains(r.out, "ok.txt: text profile"));
}

TEST_CASE("audit reads standard input") {
    const Run r = cli({"audit", "-"}, "x\xE2\x80\xAE"
                                      "y\n");
    REQUIRE(r.exitCode == 1);
    INFO(r.out);
    REQUIRE(startsWith(r.out, "<stdin>:1:2: offset 1: bidi-control: U+202E"));
    REQUIRE(contains(r.out, "<stdin>: text profile (standard input)"));
}

// Every Trojan Source sample is reported with its attack's kinds by one run of the command.
TEST_CASE("every Trojan Source sample is reported with its attack's kinds") {
    Strings files;
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(U8SCOPE_AUDIT_SAMPLES_DIR)) {
        const std::string name = entry.path().filename().string();
        if (entry.is_regular_file() && name[0] != '.' && contains(name, '.') &&
            !u8test::endsWith(name, ".md"))
            files.push_back(entry.path().string());
    }
    REQUIRE(files.size() == 40);
    const Run r = cli(Strings{"audit"} + files);
    REQUIRE(r.exitCode == 1);
    const Strings l = lines(r.out);
    for (const std::string& f : files) {
        std::string summary;
        for (const std::string& line : l)
            if (startsWith(line, f + ": code profile")) {
                summary = line;
                break;
            }
        INFO(f);
        REQUIRE(!summary.empty());
        const std::string name = std::filesystem::path(f).filename().string();
        const std::string attack = name.substr(0, name.rfind('.')); // QFileInfo::completeBaseName
        const Strings expected = attack == "invisible-function" ? Strings{"invisible"}
                                 : attack == "homoglyph-function"
                                     ? Strings{"confusable"}
                                     : Strings{"bidi-control", "bidi-unterminated"};
        for (const std::string& kind : expected) {
            INFO(summary);
            REQUIRE(contains(summary, kind + ' '));
        }
    }
}

} // namespace
