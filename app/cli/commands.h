// The u8scope-cli commands. Each lives in its own file and returns the process exit status:
// 0 success (for `check`: every file valid; for `audit`: nothing found), 1 "found invalid data /
// findings / refused", 2 usage or I/O error.
#pragma once

#include <cstdio>
#include <span>
#include <string>
#include <string_view>

namespace u8cli {

using Args = std::span<const std::string>; // the arguments after the command's name

struct Command {
    std::string_view name;
    std::string_view synopsis; // one line for `u8scope-cli --help`
    int (*run)(Args args);
};

// Issue 2: inspection.
int runCheck(Args args);
int runScan(Args args);
int runDecode(Args args);
int runStats(Args args);
int runEncode(Args args);
int runExplain(Args args);
// Issue 4: repair and transcode.
int runRepair(Args args);
int runTranscode(Args args);
int runDetect(Args args);
// Issue 19: what hides in valid UTF-8.
int runAudit(Args args);

inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalid = 1;
inline constexpr int kExitUsage = 2;

} // namespace u8cli
