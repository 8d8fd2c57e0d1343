// No silent failure, no lost line (issue 32): a read that fails is no end of file, a write that
// fails is no success, a file that changes while it is read is not replaced, standard input is
// spooled without a name and within a limit, and a failed write stops the reading. Each case is
// one the fault test of the issue found; the failures the LD_PRELOAD shim makes are in
// tst_cli_faults.cpp.
#include "cli_run.h"

#include <chrono>
#include <filesystem>
#include <functional>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace {

using Run = u8test::CliRun;
using Strings = std::vector<std::string>;
using u8test::contains;

Strings operator+(Strings a, const Strings& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// Every "IN"/"OUT" word of `args` as `value` (the row's placeholders).
Strings replaced(Strings args, const std::string& word, const std::string& value) {
    for (std::string& a : args)
        if (a == word)
            a = value;
    return args;
}

// Runs the CLI with `options` (files for its standard streams, the environment), calling
// `meanwhile` once it has started.
Run runWith(const Strings& args, const u8test::ChildOptions& options,
            const std::function<void(u8test::Child&)>& meanwhile = {}, int timeoutMs = 60000) {
    u8test::Child p(u8test::cliPath(), args, options);
    if (!p.started())
        return {};
    if (meanwhile)
        meanwhile(p);
    p.closeInput();
    if (!p.waitFor(timeoutMs)) {
        p.kill();
        p.waitFor(10000);
        Run r;
        r.err = "did not finish in time";
        return r;
    }
    return p.run();
}

void sleepMs(int ms) {
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

// Whether this process may make mount namespaces (root, unshare -m).
bool canUnshareMounts() {
    return ::geteuid() == 0 && u8test::runProcess("unshare", {"-m", "true"}).exitCode == 0;
}

struct ArgsRow {
    const char* name;
    Strings args;
};

// Defect 1: lines appended while `transcode --in-place` runs were in neither the file nor
// its backup. Now the file is refused, and every line is still in it.
TEST_CASE_FIXTURE(u8test::Scratch, "--in-place refuses a file that changed while it was read") {
    const ArgsRow rows[] = {
        {"transcode", {"transcode", "--from=UTF-8", "--to=UTF-8", "--in-place"}},
        {"repair", {"repair", "--newlines=crlf", "--in-place"}},
    };
    for (const ArgsRow& row : rows) {
        SUBCASE(row.name) {
            std::string text;
            for (int i = 0; text.size() < (48 << 20); ++i)
                text += "line " + std::to_string(i) + " caf\xC3\xA9 na\xC3\xAFve\n";
            const std::string path = write("f.txt", text);
            int appended = 0;
            const Run r = runWith(row.args + Strings{path}, {}, [&](u8test::Child& p) {
                while (p.running()) {
                    if (FILE* f = std::fopen(path.c_str(), "ab")) {
                        const std::string line = "appended " + std::to_string(appended++) + "\n";
                        std::fwrite(line.data(), 1, line.size(), f);
                        std::fclose(f);
                    }
                    p.waitFor(1);
                }
            });
            INFO("the file was never changed while the command ran");
            REQUIRE(appended > 0);
            const std::string now = u8test::readFileOrFail(path);
            // Every line appended is in the file, the last one included.
            INFO(r.err);
            REQUIRE(u8test::endsWith(now, "appended " + std::to_string(appended - 1) + "\n"));
            REQUIRE(r.exitCode == 1);
            REQUIRE(contains(r.err, "changed while it was being read"));
            REQUIRE(names() == Strings{"f.txt"}); // no backup, no temporary file
        }
    }
}

// Defect 2: a read error was taken for the end of the file.
TEST_CASE_FIXTURE(u8test::Scratch, "a read error is no end of file") {
    const ArgsRow rows[] = {
        {"check", {"check"}},
        {"stats", {"stats"}},
        {"decode", {"decode", "--errors=replace", "-o", "OUT"}},
        {"transcode", {"transcode", "--from=UTF-8", "--to=UTF-16", "-o", "OUT"}},
        {"repair", {"repair", "-o", "OUT"}},
        {"detect", {"detect"}},
        {"audit", {"audit"}},
    };
    for (const ArgsRow& row : rows) {
        SUBCASE(row.name) {
            // Reading /proc/self/mem at offset 0 fails with EIO: nothing is mapped there.
            const Run r = u8test::runCli(replaced(row.args, "OUT", filePath("out")) +
                                         Strings{"/proc/self/mem"});
            REQUIRE(r.exitCode == 2);
            INFO(r.err);
            REQUIRE(contains(r.err, "/proc/self/mem: Input/output error"));
            REQUIRE(names() == Strings{});
        }
    }
}

// Defect 3: `check` and `stats` took the size the file system reports (0 in /proc).
TEST_CASE("the size the file system reports is not trusted") {
    const Run stats = u8test::runCli({"stats", "--json", "/proc/self/status"});
    REQUIRE(stats.exitCode == 0);
    INFO(stats.out);
    REQUIRE(!contains(stats.out, "\"bytes\":0,"));
    // Its command line holds a raw FF byte.
    u8test::Child holder("bash", {"-c", "exec sh -c 'sleep 30; exit' $'\\xff'"});
    REQUIRE(holder.started());
    sleepMs(100); // until bash has become sh
    const std::string cmdline = "/proc/" + std::to_string(holder.pid()) + "/cmdline";
    const Run check = u8test::runCli({"check", cmdline});
    holder.kill();
    holder.waitFor(10000);
    REQUIRE(check.exitCode == 1);
    INFO(check.out);
    REQUIRE(contains(check.out, "not valid UTF-8"));
}

// Defect 4: the spool of standard input had a name while it was written (a signal left it
// behind) and no limit.
TEST_CASE_FIXTURE(u8test::Scratch, "the spool of standard input has no name and a limit") {
    u8test::TempDir spoolDir;
    const std::string out = filePath("out");
    Strings seen{"not looked at"};
    u8test::ChildOptions spooled;
    spooled.env.emplace_back("TMPDIR", spoolDir.path());
    const Run r = runWith({"repair", "-o", out, "-"}, spooled, [&](u8test::Child& p) {
        // More than repair holds in memory, so that it spools; stdin stays open.
        const std::string block(1 << 20, 'a');
        for (int i = 0; i < 24; ++i)
            REQUIRE(p.write(block));
        sleepMs(300);
        seen = spoolDir.fileNames();
        p.closeInput();
    });
    REQUIRE(r.exitCode == 0);
    REQUIRE(seen == Strings{});
    std::error_code ec;
    REQUIRE(std::filesystem::file_size(out, ec) == std::uintmax_t(24) << 20);

    u8test::ChildOptions endless = spooled;
    endless.stdinFile = "/dev/zero";
    const Run capped = runWith({"repair", "--max-input=1048576", "-o", out + "2", "-"}, endless);
    REQUIRE(capped.exitCode == 2);
    INFO(capped.err);
    REQUIRE(contains(capped.err, "--max-input"));
    REQUIRE(!u8test::exists(out + "2"));
    REQUIRE(spoolDir.fileNames() == Strings{});
}

// Defect 4: after a failed write the endless input was read on for ever.
TEST_CASE("a failed write stops the reading") {
    const ArgsRow rows[] = {
        {"decode", {"decode", "--errors=replace", "-o", "/dev/full"}},
        {"transcode", {"transcode", "--from=UTF-8", "--to=UTF-16", "-o", "/dev/full"}},
        {"decode to stdout", {"decode", "--errors=replace"}},
        {"scan", {"scan", "--all"}},
    };
    for (const ArgsRow& row : rows) {
        SUBCASE(row.name) {
            u8test::ChildOptions options;
            options.stdinFile = "/dev/zero";
            options.stdoutFile = "/dev/full";
            const Run r = runWith(row.args + Strings{"-"}, options, {}, 20000);
            REQUIRE(r.exitCode == 2);
            INFO(r.err);
            REQUIRE(contains(r.err, "No space left on device"));
        }
    }
}

// Defect 5: write errors on standard output were ignored.
TEST_CASE_FIXTURE(u8test::Scratch, "write errors on standard output are reported") {
    const ArgsRow rows[] = {
        {"check", {"check", "IN"}},
        {"stats", {"stats", "IN"}},
        {"stats --json", {"stats", "--json", "IN"}},
        {"detect", {"detect", "IN"}},
        {"explain", {"explain", "C3", "A9"}},
        {"encode", {"encode", "U+00E9"}},
        {"audit", {"audit", "IN"}},
        {"audit --json", {"audit", "--json", "IN"}},
        {"audit --sarif", {"audit", "--sarif", "IN"}},
        {"scan", {"scan", "IN"}},
        {"dump", {"dump", "IN"}},
        {"dump --html", {"dump", "--html", "IN"}},
        {"--version", {"--version"}},
        {"--list-encodings", {"--list-encodings"}},
        {"--help", {"--help"}},
        {"help check", {"help", "check"}},
        {"stats --help", {"stats", "--help"}},
    };
    for (const ArgsRow& row : rows) {
        SUBCASE(row.name) {
            const std::string in = write("in.txt", "caf\xC3\xA9 \xE2\x80\xAE x\n");
            u8test::ChildOptions options;
            options.stdoutFile = "/dev/full";
            const Run r = runWith(replaced(row.args, "IN", in), options);
            REQUIRE(r.exitCode == 2);
            INFO(r.err);
            REQUIRE(contains(r.err, "standard output: No space left on device"));
        }
    }
}

// Defect 5: with SIGPIPE ignored, a reader gone (EPIPE) stops the command with exit 2.
TEST_CASE_FIXTURE(u8test::Scratch, "a closed pipe stops the command") {
    std::string text;
    for (int i = 0; i < 20000; ++i)
        text += "x = \xE2\x80\xAE"
                "evil\xE2\x80\xAC;\n";
    const std::string in = write("bidi.c", text);
    const Run r = u8test::runShell("trap '' PIPE; \"$CLI\" audit '" + in +
                                   "' | head -c 10 >/dev/null; echo \"${PIPESTATUS[0]}\"");
    REQUIRE(u8test::trimmed(r.out) == "2");
    INFO(r.err);
    REQUIRE(contains(r.err, "standard output: Broken pipe"));
}

struct CommandRow {
    const char* name;
    std::string command;
};

// A real full disk: a 1 MiB tmpfs, mounted in a mount namespace of its own (root only), that
// the output, the backup or the temporary file does not fit on.
TEST_CASE_FIXTURE(u8test::Scratch, "a real full disk") {
    const CommandRow rows[] = {
        {"decode -o", "\"$CLI\" decode --errors=replace -o out \"$IN\""},
        {"transcode -o", "\"$CLI\" transcode --from=UTF-8 --to=UTF-16 --unmappable=substitute -o "
                         "out \"$IN\""},
        {"repair -o", "\"$CLI\" repair -o out \"$IN\""},
        {"repair --in-place", "cp \"$IN\" here && \"$CLI\" repair --newlines=crlf --in-place here"},
        {"transcode --in-place", "cp \"$IN\" here && \"$CLI\" transcode --from=UTF-8 --to=UTF-16 "
                                 "--unmappable=substitute --in-place here"},
        {"decode, stdin", "\"$CLI\" decode --errors=replace -o out - < \"$IN\""},
    };
    if (!canUnshareMounts())
        U8TEST_SKIP("needs root and mount namespaces (unshare -m)");
    for (const CommandRow& row : rows) {
        SUBCASE(row.name) {
            const bool inPlace = contains(row.command, "--in-place");
            std::string text;
            // Larger than the disk for -o; for --in-place, the file fits but not its backup too.
            while (text.size() < std::size_t(inPlace ? 600 << 10 : 1200 << 10))
                text += "caf\xC3\xA9 na\xC3\xAFve \xFF line\n";
            const std::string in = write("in.txt", text);
            u8test::TempDir mountPoint;
            u8test::ProcessOptions options;
            options.timeoutMs = 60000;
            options.env = {{"CLI", u8test::cliPath()}, {"IN", in}};
            // The listing before and after the command: only what the setup made may be there.
            const u8test::ProcessRun p = u8test::runProcess(
                "unshare",
                {"-m", "bash", "-c",
                 "mount -t tmpfs -o size=1m tmpfs '" + mountPoint.path() + "' && cd '" +
                     mountPoint.path() + "' && " + row.command + "; echo \"exit $?\"; ls -A"},
                options);
            REQUIRE(p.started);
            REQUIRE(!p.timedOut);
            REQUIRE(p.out == (inPlace ? "exit 2\nhere\n" : "exit 2\n"));
            INFO(p.err);
            REQUIRE(contains(p.err, "No space left on device"));
        }
    }
}

struct AsRow {
    const char* name;
    std::string as;
};

// Defect 16: without /proc the temporary output file had a name from the start, which a
// SIGKILL left behind. Now it has none, as root (linked by its descriptor) and as another
// user (copied into a named file only once complete); and the output is still right.
TEST_CASE("SIGKILL without /proc leaves nothing behind") {
    const AsRow rows[] = {
        {"root", ""},
        {"another user", "setpriv --reuid=65534 --regid=65534 --clear-groups "},
    };
    if (!canUnshareMounts())
        U8TEST_SKIP("needs root and mount namespaces (unshare -m)");
    if (u8test::sanitized())
        U8TEST_SKIP("a sanitizer's runtime reads /proc/self/maps as the program starts");
    for (const AsRow& row : rows) {
        SUBCASE(row.name) {
            u8test::TempDir work;
            REQUIRE(::chmod(work.path().c_str(), 0777) == 0);
            u8test::writeFile(work.filePath("in"), "caf\xC3\xA9 \xFF\n");
            u8test::ProcessOptions options;
            options.timeoutMs = 30000;
            options.env.emplace_back("CLI", u8test::cliPath());
            // The command waits on a FIFO nobody writes, its output begun, until it is killed;
            // then a whole run, whose output must be right.
            const u8test::ProcessRun p = u8test::runProcess(
                "unshare",
                {"-m", "bash", "-c",
                 "umount -l /proc && cd '" + work.path() +
                     "' && mkfifo fifo && chmod 666 fifo && { " + row.as +
                     "\"$CLI\" decode --errors=replace -o out - < fifo & pid=$!; exec 3>fifo; "
                     "sleep 0.3; kill -9 $pid; wait $pid; exec 3>&-; rm fifo; ls -A; } && " +
                     row.as + "\"$CLI\" decode --errors=replace -o out in 2>/dev/null && cat out"},
                options);
            REQUIRE(p.started);
            REQUIRE(!p.timedOut);
            REQUIRE(p.out == "in\ncaf\xC3\xA9 \xEF\xBF\xBD\n");
        }
    }
}

} // namespace
