// Runs a program for the suites that test one end to end (the CLI, a helper tool): its exit
// status and both output streams, with bytes on its standard input.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace u8test {

struct ProcessRun {
    int exitCode = -1;    // -1: did not start, was killed by a signal or timed out
    int signal = 0;       // the signal that ended it, if one did
    bool started = false; // the program was found and executed
    bool timedOut = false;
    std::string out, err;
};

struct ProcessOptions {
    std::string stdinBytes;
    std::string workingDirectory;                         // empty: the test's own
    std::vector<std::pair<std::string, std::string>> env; // set (or replace) in the child
    std::vector<std::string> unsetEnv;                    // removed in the child
    int timeoutMs = 120000;                               // then SIGKILL
};

// Runs `program` (found in PATH when it has no slash) with `args`.
ProcessRun runProcess(const std::string& program, const std::vector<std::string>& args,
                      const ProcessOptions& options = {});

// The environment variable's value, or `fallback` when it is unset.
std::string environment(const char* name, const std::string& fallback = {});

// The program's path in PATH, or empty when it is not installed (QStandardPaths::findExecutable).
std::string findExecutable(const std::string& name);

} // namespace u8test
