// Every writing command under injected failures (issue 32): the LD_PRELOAD shim fault_shim.c
// makes the Nth read, pread, write, fsync, rename, link or close fail with EIO or ENOSPC, for a
// range of N covering each call the clean run makes. Each run must end either in failure, reported
// (exit 2, a message with the reason), with the directory exactly as it was (the input untouched,
// no temporary file, no partial output, no new backup). The one failure that may pass unnoticed is
// the close of the spool of standard input after it was read: then the run must give the clean
// run's result.
#include "cli_run.h"

#include <algorithm>
#include <csignal>
#include <map>
#include <sys/stat.h>

namespace {

using Run = u8test::CliRun;
using Strings = std::vector<std::string>;
using u8test::contains;

Strings operator+(Strings a, const Strings& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// What a directory holds: each file's name and its bytes (the old suite kept a SHA-1 of them;
// the files are at most a few tens of MiB, so the bytes themselves are compared).
using Snapshot = std::map<std::string, std::string>;

Snapshot snapshot(const u8test::TempDir& dir) {
    Snapshot s;
    for (const std::string& name : dir.fileNames())
        if (const auto bytes = u8test::readFile(dir.filePath(name)))
            s.emplace(name, *bytes);
    return s;
}

// The names in a snapshot, for a message that says what differs.
std::string namesOf(const Snapshot& s) {
    std::string out;
    for (const auto& [name, bytes] : s)
        out += name + " (" + std::to_string(bytes.size()) + " bytes) ";
    return out;
}

struct Fault {
    std::string call;
    long nth = 0;
    bool sticky = false; // the Nth call and every one after fail
    std::string error;   // EIO, ENOSPC
    std::string spec() const {
        return call + ':' + std::to_string(nth) + (sticky ? "+" : "") + ':' + error;
    }
};

// Runs the CLI in `dir` with its standard input from `stdinFile` (if any) and its standard
// output into `stdoutFile` (outside `dir`), under `fault`; with `countsFile`, the shim writes how
// often each call was made.
Run runUnder(const u8test::TempDir& dir, const Strings& args, const std::string& stdinFile,
             const std::string& stdoutFile, const Fault* fault,
             const std::string& countsFile = {}) {
    u8test::ChildOptions options;
    options.env.emplace_back("LD_PRELOAD", U8SCOPE_FAULT_SHIM);
    options.env.emplace_back("TMPDIR", dir.path()); // a spool left behind would show
    if (fault)
        options.env.emplace_back("U8SCOPE_FAULT", fault->spec());
    if (!countsFile.empty())
        options.env.emplace_back("U8SCOPE_FAULT_COUNT", countsFile);
    options.workingDirectory = dir.path();
    options.stdinFile = stdinFile.empty() ? "/dev/null" : stdinFile;
    options.stdoutFile = stdoutFile;
    u8test::Child p(u8test::cliPath(), args, options);
    if (!p.started() || !p.waitFor(120000))
        return {};
    return p.run();
}

std::map<std::string, long> readCounts(const std::string& path) {
    std::map<std::string, long> counts;
    for (const std::string& line : u8test::split(u8test::readFile(path).value_or(""), '\n')) {
        const Strings parts = u8test::split(line, ' ');
        if (parts.size() == 2)
            counts[parts[0]] = std::stol(parts[1]);
    }
    return counts;
}

long countOf(const std::map<std::string, long>& counts, const std::string& call) {
    const auto it = counts.find(call);
    return it == counts.end() ? 0 : it->second;
}

// Which N to try out of `count` calls: every one up to 12, else the first 6, the last 6 and a
// few between.
std::vector<long> callsToFail(long count) {
    std::vector<long> n;
    for (long k = 1; k <= count; ++k)
        if (count <= 12 || k <= 6 || k > count - 6 || k % std::max(1L, count / 6) == 0)
            n.push_back(k);
    return n;
}

std::string text(std::size_t bytes) {
    std::string t;
    for (int i = 0; t.size() < bytes; ++i)
        t += "line " + std::to_string(i) + " caf\xC3\xA9 \xE2\x82\xAC na\xC3\xAFve \xFF\n";
    return t;
}

struct CommandRow {
    std::string name;
    Strings args;
    std::size_t inputBytes;
    bool fromStdin;
};

std::vector<CommandRow> writingCommands() {
    const std::size_t small = 64 << 10;
    const std::size_t large = 18 << 20; // streamed: read ahead, repaired in windows
    const Strings decode{"decode", "--errors=replace"};
    const Strings transcode{"transcode", "--from=UTF-8", "--to=UTF-16", "--unmappable=substitute"};
    return {
        {"decode -o", decode + Strings{"-o", "out", "in"}, small, false},
        {"decode -o, large", decode + Strings{"-o", "out", "in"}, large, false},
        {"decode, stdout", decode + Strings{"in"}, small, false},
        {"decode -o, stdin", decode + Strings{"-o", "out", "-"}, small, true},
        {"transcode -o", transcode + Strings{"-o", "out", "in"}, small, false},
        {"transcode --in-place", transcode + Strings{"--in-place", "in"}, small, false},
        {"transcode --in-place, large", transcode + Strings{"--in-place", "in"}, large, false},
        {"repair -o", {"repair", "-o", "out", "in"}, small, false},
        {"repair --in-place", {"repair", "--in-place", "in"}, small, false},
        {"repair --in-place, large", {"repair", "--in-place", "in"}, large, false},
        {"repair -o, spooled stdin", {"repair", "-o", "out", "-"}, large, true},
        {"repair, stdout", {"repair", "-o", "-", "in"}, small, false},
        {"dump --html", {"dump", "--html", "in"}, small, false},
        {"scan", {"scan", "in"}, small, false},
        {"check", {"check", "in"}, small, false},
        {"stats, large", {"stats", "in"}, large, false},
        {"audit", {"audit", "in"}, small, false},
    };
}

// One command under every fault its clean run's calls allow.
void checkUnderFaults(const CommandRow& row) {
    // The calls whose failure does not matter, which may give the clean result: the close
    // of the spool of standard input, once it was read (the last close counted).
    Strings harmless;
    u8test::TempDir dir, outside;
    const std::string in = u8test::writeFile(dir.filePath("in"), text(row.inputBytes));
    const std::string stdinFile = row.fromStdin ? in : std::string();
    const std::string stdoutFile = outside.filePath("stdout");
    const Snapshot before = snapshot(dir);

    // The clean run: what the command writes, and how often it makes each call.
    const std::string countsFile = outside.filePath("counts");
    const Run clean = runUnder(dir, row.args, stdinFile, stdoutFile, nullptr, countsFile);
    {
        INFO(clean.err);
        REQUIRE((clean.exitCode == 0 || clean.exitCode == 1));
    }
    const Snapshot cleanResult = snapshot(dir);
    const std::string cleanOut = clean.out;
    const std::map<std::string, long> counts = readCounts(countsFile);
    REQUIRE(!counts.empty());
    if (std::find(row.args.begin(), row.args.end(), "repair") != row.args.end() && row.fromStdin)
        for (const char* error : {"EIO", "ENOSPC"})
            harmless.push_back("close:" + std::to_string(countOf(counts, "close")) + ":" + error);

    int runs = 0, failed = 0;
    std::string tolerated;
    for (const std::string call : {"read", "pread", "write", "fsync", "rename", "link", "close"}) {
        for (const long nth : callsToFail(countOf(counts, call))) {
            for (const bool sticky : {false, true}) {
                if (sticky && call != "read" && call != "pread")
                    continue;
                // Back to the state before the clean run.
                dir.clear();
                u8test::writeFile(dir.filePath("in"), text(row.inputBytes));
                const Fault fault{call, nth, sticky, nth % 2 ? "EIO" : "ENOSPC"};
                const Run r = runUnder(dir, row.args, stdinFile, stdoutFile, &fault);
                ++runs;
                const std::string why =
                    fault.spec() + ": exit " + std::to_string(r.exitCode) + ": " + r.err;
                if (std::find(harmless.begin(), harmless.end(), fault.spec()) != harmless.end() &&
                    r.exitCode == clean.exitCode && snapshot(dir) == cleanResult &&
                    r.out == cleanOut) {
                    tolerated += fault.spec() + " ";
                    continue;
                }
                ++failed;
                INFO(why);
                REQUIRE(r.exitCode == 2);
                REQUIRE((contains(r.err, "Input/output error") ||
                         contains(r.err, "No space left on device")));
                const Snapshot after = snapshot(dir);
                INFO("left behind: " << namesOf(after) << "; before: " << namesOf(before));
                REQUIRE(after == before);
            }
        }
    }
    MESSAGE(runs << " runs, " << failed
                 << " of them failing as they should, the rest with the clean result (" << tolerated
                 << ")");
    REQUIRE(failed > 0);
}

TEST_CASE("every writing command fails cleanly under each injected fault") {
    for (const CommandRow& row : writingCommands()) {
        SUBCASE(row.name.c_str()) {
            checkUnderFaults(row);
        }
    }
}

struct LinkRow {
    const char* name;
    std::string linkError; // empty: link(2) works
    std::string kind;      // how the backup is said to be made; empty: the run fails
};

// Issue 35: --in-place keeps the old file itself as its backup, by one link(2) made just
// before the rename (same inode, no byte copied); where the file system refuses the link
// (another device, links not allowed, too many, not supported) the backup is copied instead,
// with the same bytes under a new inode. Any other failure of the link is reported, with
// nothing changed. This is one run, its link(2) failing as `row` says.
void checkBackup(const LinkRow& row) {
    u8test::TempDir dir, outside;
    const std::string original = text(64 << 10);
    const std::string in = u8test::writeFile(dir.filePath("in"), original);
    struct stat before {};
    REQUIRE(::stat(in.c_str(), &before) == 0);
    const std::string countsFile = outside.filePath("counts");
    const Fault fault{"link", 1, false, row.linkError};
    const Run r = runUnder(dir, {"repair", "--in-place", "in"}, {}, outside.filePath("stdout"),
                           row.linkError.empty() ? nullptr : &fault, countsFile);
    REQUIRE(countOf(readCounts(countsFile), "link") == 1); // the one link: the backup's
    const std::string backupPath = dir.filePath("in.bak");
    INFO(r.err);
    if (row.kind.empty()) {
        REQUIRE((r.exitCode == 2 && contains(r.err, "Input/output error")));
        REQUIRE(dir.fileNames() == Strings{"in"});
        REQUIRE(u8test::readFile(in) == original);
        return;
    }
    REQUIRE(r.exitCode == 0);
    struct stat backup {};
    REQUIRE(::stat(backupPath.c_str(), &backup) == 0);
    REQUIRE(u8test::readFile(backupPath) == original);
    REQUIRE(u8test::readFile(in) != original);
    REQUIRE(dir.fileNames() == Strings{"in", "in.bak"});
    // A copy may be a reflink where the file system can make one: a new inode either way.
    const bool reflinked = contains(r.err, "original saved as in.bak (a reflink)");
    REQUIRE((contains(r.err, "original saved as in.bak (" + row.kind + ")") ||
             (row.kind == "a copy" && reflinked)));
    REQUIRE((backup.st_ino == before.st_ino) == (row.kind == "a hard link"));
    REQUIRE(backup.st_mode == before.st_mode);
}

// The rows of checkBackup.
TEST_CASE("--in-place backs up by a link, or by a copy where the link is refused") {
    const LinkRow rows[] = {
        {"linked", "", "a hard link"},    {"EXDEV", "EXDEV", "a copy"},
        {"EPERM", "EPERM", "a copy"},     {"EMLINK", "EMLINK", "a copy"},
        {"ENOTSUP", "ENOTSUP", "a copy"}, {"EIO", "EIO", ""},
    };
    for (const LinkRow& row : rows) {
        SUBCASE(row.name) {
            checkBackup(row);
        }
    }
}

struct SignalRow {
    const char* name;
    int signal;
};

// Issue 35: the program, not the library, removes an output's temporary file when it is
// interrupted. Where the file system has no unnamed files (the shim refuses O_TMPFILE), the
// temporary file has a name from the start; the command waits on a FIFO nobody writes, is
// sent the signal, and must leave nothing behind and still end by that signal.
TEST_CASE("a signal removes the named temporary file") {
    const SignalRow rows[] = {{"SIGTERM", SIGTERM}, {"SIGHUP", SIGHUP}};
    for (const SignalRow& row : rows) {
        SUBCASE(row.name) {
            u8test::TempDir work;
            u8test::ProcessOptions options;
            options.timeoutMs = 60000;
            options.workingDirectory = work.path();
            options.env.emplace_back("SHIM", U8SCOPE_FAULT_SHIM);
            const Run p = u8test::runShell(
                "mkfifo fifo && { LD_PRELOAD=\"$SHIM\" U8SCOPE_FAULT=tmpfile:1+:EOPNOTSUPP "
                "\"$CLI\" decode --errors=replace -o out - < fifo & pid=$!; exec 3>fifo; "
                "for i in $(seq 1000); do ls -A | grep -q '^[.]out[.]u8scope-' && break; "
                "sleep 0.01; done; ls -A | grep -c '^[.]out[.]u8scope-'; kill -" +
                    std::to_string(row.signal) +
                    " $pid; wait $pid; echo \"status $?\"; exec 3>&-; rm fifo; ls -A; }",
                options);
            REQUIRE(p.started);
            REQUIRE(!p.timedOut);
            // One named temporary file while it ran; the status of a process ended by the
            // signal (128 + its number); and then an empty directory.
            REQUIRE(p.out == "1\nstatus " + std::to_string(128 + row.signal) + "\n");
        }
    }
}

} // namespace
