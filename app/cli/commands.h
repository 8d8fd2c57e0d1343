// The u8scope-cli commands. Each lives in its own file with its option table (option_table.h)
// and returns the process exit status: 0 success (for `check`: every file valid; for `audit`:
// nothing found), 1 "found invalid data / findings / refused", 2 usage or I/O error.
#pragma once

#include <span>
#include <string>

namespace u8cli {

using Args = std::span<const std::string>; // the arguments after the command's name

struct CommandSpec;

// Inspection.
extern const CommandSpec kCheckCommand;
extern const CommandSpec kScanCommand;
extern const CommandSpec kDecodeCommand;
extern const CommandSpec kStatsCommand;
extern const CommandSpec kEncodeCommand;
extern const CommandSpec kExplainCommand;
// Repair and transcode.
extern const CommandSpec kRepairCommand;
extern const CommandSpec kTranscodeCommand;
extern const CommandSpec kDetectCommand;
// Two files: whether they differ, and why.
extern const CommandSpec kCompareCommand;
// What hides in valid UTF-8.
extern const CommandSpec kAuditCommand;
// The bytes shown, coloured by their role in UTF-8.
extern const CommandSpec kDumpCommand;

inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalid = 1;
inline constexpr int kExitUsage = 2;

} // namespace u8cli
