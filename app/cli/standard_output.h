// Standard output, checked: every command's report, help and listing on standard output goes
// through printOut()/writeOut() (over stdio's buffer), and main() ends with finishOutput(), which
// flushes and closes it. A write that fails (a full disk, a closed pipe: EPIPE when SIGPIPE is
// ignored) is remembered, nothing more is written, the commands that loop stop at
// outputFailed(), and the exit status is 2 with the reason: `stats f > /dev/full` is no success.
// (The writing commands' output, "-o -", goes through u8io::AtomicOutput, which checks its own.)
#pragma once

#include <string>
#include <string_view>

namespace u8cli {

// printf(3) to standard output; false once a write failed (this one or an earlier one).
bool printOut(const char* format, ...) __attribute__((format(printf, 1, 2)));
// The bytes as they are; false once a write failed.
bool writeOut(std::string_view bytes);
// True once a write to standard output failed: a command stops producing more.
bool outputFailed();
// "standard output: reason", once a write failed.
std::string outputFailure();
// Flushes and closes standard output. When that or any write before failed, prints
// "u8scope-cli COMMAND: standard output: reason" and returns 2; else `status`.
int finishOutput(std::string_view command, int status);

} // namespace u8cli
