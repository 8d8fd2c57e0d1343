// Runs the built u8scope-cli (U8SCOPE_CLI, set by CMake) for the suites that test it end to end:
// its exit code and both output streams, with bytes on its standard input; a program left running
// while the suite acts on it; a scratch folder; and the string helpers the suites share.
#pragma once

#include "u8test/files.h"
#include "u8test/harness.h"
#include "u8test/process.h"
#include "u8test/text.h"

#include <cctype>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <span>
#include <string>
#include <string_view>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

namespace u8test {

// exitCode -1: did not start, crashed (see .signal) or timed out.
using CliRun = ProcessRun;

// The binary run: U8SCOPE_CLI as built, unless the environment names another in
// U8SCOPE_CLI_UNDER_TEST (to see a suite fail on an older build before a fix).
inline std::string cliPath() {
    return environment("U8SCOPE_CLI_UNDER_TEST", U8SCOPE_CLI);
}

// Whether this build is instrumented by a sanitizer (U8SCOPE_SANITIZE; the CLI it runs is built
// alike): the few checks that run the CLI where a sanitizer's runtime cannot start (a small
// ulimit -v, no /proc) skip then.
constexpr bool sanitized() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) // GCC
    return true;
#elif defined(__has_feature) // clang
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
    return true;
#else
    return false;
#endif
#else
    return false;
#endif
}

inline CliRun runCli(const std::vector<std::string>& args, const std::string& stdinBytes = {},
                     const std::string& workingDirectory = {}) {
    ProcessOptions options;
    options.stdinBytes = stdinBytes;
    options.workingDirectory = workingDirectory;
    return runProcess(cliPath(), args, options);
}

// Runs a bash line with $CLI set to the binary under test: for pipes, ignored signals, ulimit.
inline CliRun runShell(const std::string& line, ProcessOptions options = {}) {
    options.env.emplace_back("CLI", cliPath());
    return runProcess("bash", {"-c", line}, options);
}

// A suite's runs work in a scratch folder of their own, made afresh for each test case (and
// each SUBCASE: doctest runs the test case again from its start), and look at what a run left.
struct Scratch {
    TempDir dir;

    const std::string& path() const { return dir.path(); }
    std::string filePath(std::string_view name) const { return dir.filePath(name); }
    // Writes (replacing) `name` in the folder and returns its path.
    std::string write(std::string_view name, std::string_view bytes) const {
        return writeFile(dir.filePath(name), bytes);
    }
    // The files in the folder, hidden ones too, sorted.
    std::vector<std::string> names() const { return dir.fileNames(); }
};

// A program started and left running (QProcess's asynchronous use): the suite acts while it runs
// (writes its standard input, changes its files), then waits for it. Its standard output and
// error go to files (no pipe to drain), or standard output to `stdoutFile`.
struct ChildOptions {
    std::string stdinFile;  // empty: a pipe, written by write() and closed by closeInput()
    std::string stdoutFile; // empty: captured; run().out reads it back when a regular file
    std::string workingDirectory;
    std::vector<std::pair<std::string, std::string>> env;
};

class Child {
public:
    Child(const std::string& program, const std::vector<std::string>& args,
          const ChildOptions& options = {})
        : outPath_(options.stdoutFile.empty() ? capture_.filePath("out") : options.stdoutFile),
          errPath_(capture_.filePath("err")) {
        std::signal(SIGPIPE, SIG_IGN); // a child that stops reading is an error, not our death
        int inPipe[2] = {-1, -1};
        if (options.stdinFile.empty() && pipe2(inPipe, O_CLOEXEC) != 0)
            return;
        std::vector<char*> argv;
        argv.push_back(const_cast<char*>(program.c_str()));
        for (const auto& a : args)
            argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        pid_ = fork();
        if (pid_ == 0) {
            const int in = options.stdinFile.empty()
                               ? inPipe[0]
                               : ::open(options.stdinFile.c_str(), O_RDONLY | O_CLOEXEC);
            const int out =
                ::open(outPath_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
            const int err =
                ::open(errPath_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
            if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 ||
                dup2(err, 2) < 0)
                _exit(127);
            if (!options.workingDirectory.empty() && chdir(options.workingDirectory.c_str()) != 0)
                _exit(127);
            for (const auto& [name, value] : options.env)
                setenv(name.c_str(), value.c_str(), 1);
            signal(SIGPIPE, SIG_DFL);
            sigset_t none;
            sigemptyset(&none);
            sigprocmask(SIG_SETMASK, &none, nullptr);
            execvp(argv[0], argv.data());
            _exit(127);
        }
        if (inPipe[0] >= 0)
            ::close(inPipe[0]);
        in_ = inPipe[1];
        if (pid_ < 0)
            closeInput();
    }
    ~Child() {
        closeInput();
        if (running()) {
            ::kill(pid_, SIGKILL);
            waitFor(10000);
        }
    }
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;

    bool started() const { return pid_ > 0; }
    pid_t pid() const { return pid_; }
    // Writes all of `bytes` to its standard input (blocking); false when it stopped reading.
    bool write(std::string_view bytes) {
        while (!bytes.empty() && in_ >= 0) {
            const ssize_t put = ::write(in_, bytes.data(), bytes.size());
            if (put < 0 && errno == EINTR)
                continue;
            if (put <= 0)
                return false;
            bytes.remove_prefix(std::size_t(put));
        }
        return bytes.empty();
    }
    void closeInput() {
        if (in_ >= 0)
            ::close(in_);
        in_ = -1;
    }
    bool running() {
        if (pid_ <= 0 || finished_)
            return false;
        int status = 0;
        const pid_t got = waitpid(pid_, &status, WNOHANG);
        if (got == pid_) {
            finished_ = true;
            status_ = status;
        }
        return !finished_;
    }
    // Waits up to `timeoutMs` for it to end; false when it is still running.
    bool waitFor(int timeoutMs) {
        const auto deadline =
            std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
        while (running()) {
            if (std::chrono::steady_clock::now() >= deadline)
                return false;
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        return true;
    }
    void kill() {
        if (running())
            ::kill(pid_, SIGKILL);
    }
    // Once it ended: its exit status (-1 when a signal ended it) and what it wrote.
    CliRun run() const {
        CliRun r;
        r.started = pid_ > 0;
        if (finished_ && WIFEXITED(status_))
            r.exitCode = WEXITSTATUS(status_);
        else if (finished_ && WIFSIGNALED(status_))
            r.signal = WTERMSIG(status_);
        struct stat st {};
        if (::stat(outPath_.c_str(), &st) == 0 && S_ISREG(st.st_mode)) // not /dev/full, /dev/zero
            r.out = readFile(outPath_).value_or("");
        r.err = readFile(errPath_).value_or("");
        return r;
    }

private:
    TempDir capture_;
    std::string outPath_, errPath_;
    pid_t pid_ = -1;
    int in_ = -1;
    bool finished_ = false;
    int status_ = 0;
};

// White space trimmed at both ends and each run of it made one space (QString::simplified).
inline std::string simplified(std::string_view s) {
    std::string out;
    bool space = false;
    for (const char c : s) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            space = !out.empty();
            continue;
        }
        if (space)
            out += ' ';
        space = false;
        out += c;
    }
    return out;
}

// A command line that is a usage error, and what its message must say.
struct UsageRow {
    const char* name;
    std::vector<std::string> args;
    std::string message;
};

// Each row, one SUBCASE each: exit status 2, its message on standard error, nothing on standard
// output.
inline void checkUsageErrors(std::span<const UsageRow> rows) {
    for (const UsageRow& row : rows) {
        SUBCASE(row.name) {
            const CliRun r = runCli(row.args);
            REQUIRE(r.exitCode == 2);
            INFO(r.err);
            REQUIRE(contains(r.err, row.message));
            REQUIRE(r.out.empty());
        }
    }
}

} // namespace u8test
