// `u8scope-cli compare` end to end (issue 36): exit statuses (0 same bytes, 1 differ, 2 error
// naming the file and the reason), the verdicts and labels in text and JSON, --bytes, --ignore,
// standard input for one side, files /proc sizes as 0, read errors, and a large generated pair
// (past the text limit, aligned window by window) whose scattered edits are all found.
#include "cli_run.h"

#include <cstdio>
#include <nlohmann/json.hpp>

using nlohmann::json;
using u8test::CliRun;
using u8test::contains;
using u8test::count;
using u8test::runCli;

namespace {

json parsed(const CliRun& r) {
    return json::parse(r.out, nullptr, false);
}

// The member is there and null (QJsonValue::isNull: a missing one is undefined, not null).
bool nullAt(const json& object, const char* key) {
    return object.is_object() && object.contains(key) && object.at(key).is_null();
}

TEST_CASE_FIXTURE(u8test::Scratch, "exit statuses: 0 same bytes, 1 differ, 2 an error named") {
    const std::string a = write("a.txt", "caf\xC3\xA9\n"),
                      same = write("same.txt", "caf\xC3\xA9\n");
    const std::string other = write("other.txt", "cafe\n");
    const CliRun equal = runCli({"compare", a, same});
    REQUIRE(equal.exitCode == 0);
    REQUIRE(contains(equal.out, "same bytes"));
    REQUIRE(runCli({"compare", a, other}).exitCode == 1);
    const CliRun missing = runCli({"compare", a, filePath("nope.txt")});
    REQUIRE(missing.exitCode == 2);
    INFO(missing.err);
    REQUIRE(contains(missing.err, "nope.txt: No such file or directory"));
    const CliRun directory = runCli({"compare", path(), a});
    REQUIRE(directory.exitCode == 2);
    INFO(directory.err);
    REQUIRE(contains(directory.err, "Is a directory"));
    // Reading /proc/self/mem at offset 0 fails with EIO: a failed read is no end of file.
    const CliRun unreadable = runCli({"compare", a, "/proc/self/mem"});
    REQUIRE(unreadable.exitCode == 2);
    INFO(unreadable.err);
    REQUIRE(contains(unreadable.err, "/proc/self/mem: Input/output error"));
    REQUIRE(runCli({"compare", a}).exitCode == 2);
    REQUIRE(runCli({"compare", "-", "-"}).exitCode == 2);
    const CliRun badIgnore = runCli({"compare", "--ignore=eol,crlf", a, same});
    REQUIRE(badIgnore.exitCode == 2);
    INFO(badIgnore.err);
    REQUIRE(contains(badIgnore.err, "'crlf'"));
}

// Each read failing in turn (fault_shim.c, preloaded) ends the comparison with exit 2 and
// the file's name and the reason, wherever it falls: the byte pass, the texts read whole.
TEST_CASE_FIXTURE(u8test::Scratch, "every failed read is reported") {
    std::string text;
    for (int i = 0; i < 60000; ++i)
        text += "line " + std::to_string(i) + " of the text\n";
    const std::string a = write("fa.txt", text);
    std::string edited = text;
    const std::size_t at = edited.find("line 50000 ");
    REQUIRE(at != std::string::npos);
    edited.replace(at, 11, "line 50000!");
    const std::string b = write("fb.txt", edited);
    const auto run = [&](const std::string& fault, const std::string& counts) {
        u8test::ProcessOptions options;
        options.timeoutMs = 60000;
        options.env.emplace_back("LD_PRELOAD", U8SCOPE_FAULT_SHIM);
        if (!fault.empty())
            options.env.emplace_back("U8SCOPE_FAULT", fault);
        if (!counts.empty())
            options.env.emplace_back("U8SCOPE_FAULT_COUNT", counts);
        return u8test::runProcess(u8test::cliPath(), {"compare", a, b}, options);
    };
    const std::string counts = filePath("counts");
    REQUIRE(run({}, counts).exitCode == 1);
    int preads = 0;
    for (const std::string& line : u8test::split(u8test::readFileOrFail(counts), '\n'))
        if (u8test::startsWith(line, "pread "))
            preads = std::stoi(line.substr(6));
    REQUIRE(preads >= 4);
    for (int n = 1; n <= preads; ++n) {
        const CliRun r = run("pread:" + std::to_string(n) + ":EIO", {});
        CAPTURE(n);
        REQUIRE(r.exitCode == 2);
        INFO(r.err);
        REQUIRE(contains(r.err, "Input/output error"));
        REQUIRE((contains(r.err, "fa.txt") || contains(r.err, "fb.txt")));
    }
}

// /proc gives a size of 0 for files that hold text: they are read to their end.
TEST_CASE_FIXTURE(u8test::Scratch, "files /proc sizes as 0 are read to their end") {
    const std::string a = write("status.txt", "Name:\tnothing\n");
    const json j = parsed(runCli({"compare", "--json", "/proc/self/status", a}));
    REQUIRE(j.at("a").at("size").get<long long>() > 100);
}

struct VerdictRow {
    const char* name;
    std::string b;
    std::string verdict;
    std::string kind;
    int places;
};

// Each verdict, and the places it sums up as hunks (their kind and number).
TEST_CASE_FIXTURE(u8test::Scratch, "each verdict in JSON, with its hunks") {
    const VerdictRow rows[] = {
        {"BOM", "\xEF\xBB\xBFLe caf\xC3\xA9.\nFin.\n", "only-bom", "byte-order-mark", 1},
        {"CRLF", "Le caf\xC3\xA9.\r\nFin.\r\n", "only-line-endings", "line-ending", 2},
        {"NFD", "Le cafe\xCC\x81.\nFin.\n", "only-normal-form", "normal-form", 1},
        {"trailing", "Le caf\xC3\xA9. \nFin.\t\n", "only-trailing-space", "text-edit", 2},
        {"mojibake", "Le caf\xC3\x83\xC2\xA9.\nFin.\n", "b-is-a-with-mojibake", "encoding-damage",
         1},
        {"UTF-16LE", std::string("\xFF\xFEL\0e\0 \0c\0a\0f\0\xE9\0.\0\n\0F\0i\0n\0.\0\n\0", 30),
         "same-text-other-encoding", "byte-order-mark", 1},
        {"edit", "Le caf\xC3\xA9!\nFin.\n", "differ", "text-edit", 1},
    };
    for (const VerdictRow& row : rows) {
        SUBCASE(row.name) {
            const std::string a = write("a.txt", "Le caf\xC3\xA9.\nFin.\n");
            const CliRun r = runCli({"compare", "--json", a, write("b.txt", row.b)});
            REQUIRE(r.exitCode == 1);
            const json j = parsed(r);
            REQUIRE(j.at("verdict") == row.verdict);
            REQUIRE(j.at("hunk_count") == row.places);
            const json hunks = j.at("hunks");
            REQUIRE(hunks.size() == std::size_t(row.places));
            for (const json& h : hunks)
                REQUIRE(h.at("kind") == row.kind);
            REQUIRE(j.at("a").at("encoding") == "UTF-8");
        }
    }
}

// Under a verdict the text lists its first 10 places and says how many more; --max-hunks
// lists more. Every line of 1,500 in CR LF is past the alignment's bound: the lines are
// paired, and each place is still found. Without a verdict, every hunk is listed.
TEST_CASE_FIXTURE(u8test::Scratch, "the places under a verdict: the first 10, then how many") {
    std::string lf, crlf, edited;
    for (int i = 0; i < 1500; ++i) {
        const std::string line = "line " + std::to_string(i);
        lf += line + "\n";
        crlf += line + "\r\n";
        edited += i % 100 == 5 ? line + "!\n" : line + "\n";
    }
    const std::string a = write("lf.txt", lf), b = write("crlf.txt", crlf);
    const CliRun text = runCli({"compare", a, b});
    REQUIRE(text.exitCode == 1);
    {
        INFO(text.out);
        REQUIRE(contains(text.out, "only line endings differ: A has 1500 LF"));
        REQUIRE(count(text.out, ": line-ending: LF -> CR LF\n") == 10);
        REQUIRE(contains(text.out, "A 1:7 @6+1, B 1:7 @6+2: line-ending: LF -> CR LF"));
        REQUIRE(contains(text.out, "\n1490 more places not shown (--max-hunks=N lists N)\n"));
        REQUIRE(!contains(text.out, "note:"));
    }
    const CliRun more = runCli({"compare", "--max-hunks=1500", a, b});
    REQUIRE(count(more.out, ": line-ending: LF -> CR LF\n") == 1500);
    REQUIRE(!contains(more.out, "more places"));
    const json j = parsed(runCli({"compare", "--json", a, b}));
    REQUIRE(j.at("hunk_count") == 1500);
    REQUIRE(j.at("hunks").size() == 1000);
    REQUIRE(nullAt(j, "note"));
    const CliRun differ = runCli({"compare", a, write("edited.txt", edited)});
    INFO(differ.out);
    REQUIRE(count(differ.out, ": text-edit: inserted\n") == 15);
    REQUIRE(!contains(differ.out, "more"));
}

TEST_CASE_FIXTURE(u8test::Scratch, "hunks in text: a look-alike and an invisible character") {
    const std::string a = write("a.txt", "let cat = 1;\nok\n");
    const std::string b = write("b.txt", "let c\xD0\xB0t = 1;\nok\xE2\x80\x8B\n");
    const CliRun r = runCli({"compare", a, b});
    REQUIRE(r.exitCode == 1);
    INFO(r.out);
    REQUIRE(contains(r.out, "A 1:6 @5+1, B 1:6 @5+2: lookalike: 'a' U+0061 LATIN SMALL LETTER "
                            "A -> '\xD0\xB0' U+0430 CYRILLIC SMALL LETTER A"));
    REQUIRE(contains(r.out, "invisible-inserted: U+200B ZERO WIDTH SPACE inserted"));
    const json hunks = parsed(runCli({"compare", "--json", a, b})).at("hunks");
    REQUIRE(hunks.size() == 2);
    const json first = hunks[0];
    REQUIRE(first.at("kind") == "lookalike");
    REQUIRE(first.at("b").at("offset") == 5);
    REQUIRE(first.at("b").at("length") == 2);
    REQUIRE(first.at("b").at("column") == 6);
}

TEST_CASE_FIXTURE(u8test::Scratch, "--bytes and --ignore") {
    const std::string a = write("a.txt", "one\ntwo\n"), b = write("b.txt", "one\r\ntwo  \r\n");
    const CliRun bytes = runCli({"compare", "--bytes", a, b});
    REQUIRE(bytes.exitCode == 1);
    INFO(bytes.out);
    REQUIRE(contains(bytes.out, "bytes 3-7 differ (5)"));
    REQUIRE(runCli({"compare", "--ignore=eol", a, b}).exitCode == 1);
    const CliRun both = runCli({"compare", "--ignore=eol,trailing-space", a, b});
    REQUIRE(both.exitCode == 0);
    INFO(both.out);
    REQUIRE(contains(both.out, "same text once eol, trailing-space differences are set aside"));
}

TEST_CASE_FIXTURE(u8test::Scratch, "standard input for one side") {
    const std::string a = write("a.txt", "caf\xC3\xA9\n");
    const CliRun same = runCli({"compare", "-", a}, "caf\xC3\xA9\n");
    REQUIRE(same.exitCode == 0);
    const CliRun nfd = runCli({"compare", "--json", a, "-"}, "cafe\xCC\x81\n");
    REQUIRE(nfd.exitCode == 1);
    REQUIRE(parsed(nfd).at("b").at("name") == "<stdin>");
    REQUIRE(parsed(nfd).at("verdict") == "only-normal-form");
}

// 520 MiB of generated text (past the 512 MiB held in memory) with 200 scattered edits, some
// of which shift the lines after them: each is found, on its line.
TEST_CASE_FIXTURE(u8test::Scratch, "a large pair past the text limit: every edit found") {
    const std::string a = filePath("big_a.txt"), b = filePath("big_b.txt");
    const std::string script =
        "import sys\n"
        "line = 'a line of generated text, caf\\u00e9 and na\\u00efve, to fill the file\\n'\n"
        "n = (520 << 20) // len(line.encode())\n"
        "edits = {i * (n // 200) + 17: i for i in range(200)}\n"
        "with open(sys.argv[1], 'w') as fa, open(sys.argv[2], 'w') as fb:\n"
        "    block = line * 4096\n"
        "    i = 0\n"
        "    while i < n:\n"
        "        hit = [k for k in edits if i <= k < i + 4096]\n"
        "        if not hit:\n"
        "            fa.write(block); fb.write(block); i += 4096; continue\n"
        "        for j in range(i, i + 4096):\n"
        "            fa.write(line)\n"
        "            if j in edits:\n"
        "                fb.write(line.replace('generated', 'GENERATED') if edits[j] % 2 else "
        "line + 'new\\n')\n"
        "            else:\n"
        "                fb.write(line)\n"
        "        i += 4096\n";
    u8test::ProcessOptions slow;
    slow.timeoutMs = 600000;
    const u8test::ProcessRun py = u8test::runProcess("python3", {"-c", script, a, b}, slow);
    INFO(py.err);
    REQUIRE(py.started);
    REQUIRE(!py.timedOut);
    REQUIRE(py.exitCode == 0);
    const CliRun r = runCli({"compare", "--json", a, b});
    std::remove(a.c_str());
    std::remove(b.c_str());
    REQUIRE(r.exitCode == 1);
    const json j = parsed(r);
    REQUIRE(j.at("hunk_count") == 200);
    INFO(j.value("note", json()).dump());
    REQUIRE(nullAt(j, "note"));
    // Read as streams, the files' counts were not taken: null, not 0.
    REQUIRE(nullAt(j.at("a"), "line_endings"));
    REQUIRE(nullAt(j.at("b"), "trailing_space"));
    const json hunks = j.at("hunks");
    REQUIRE(hunks.size() >= 200);
    long long shift = 0; // lines inserted in B before the hunk
    for (int i = 0; i < 200; ++i) {
        const json h = hunks[std::size_t(i)];
        CAPTURE(i);
        REQUIRE(h.at("kind") == "text-edit");
        const json ha = h.at("a"), hb = h.at("b");
        REQUIRE(hb.at("line").get<long long>() - ha.at("line").get<long long>() == shift);
        if (i % 2 == 0)
            ++shift;
        else
            REQUIRE(hb.at("text") == "GENERATED");
    }
}

} // namespace
