// Where a writing command (decode, repair, transcode) puts its result: `-o OUT` (or `--output`),
// "-" for standard output, or, where allowed, FILE itself with `--in-place`, which keeps the
// original as a numbered backup (backup_file.h). OUT naming the input file (under any name) is
// refused: no command overwrites its input by accident.
#pragma once

#include "arguments.h"
#include "atomic_output.h"
#include "input.h"

#include <optional>
#include <string>
#include <string_view>

namespace u8cli {

using u8io::AtomicOutput;

struct OutputTarget {
    std::string path; // where the output goes ("-": standard output)
    bool inPlace = false;
};

enum class InPlace { Allowed, Refused };

// The target for input `inPath` from the parsed options. With InPlace::Allowed, one of -o and
// --in-place is required (`usage` is quoted when neither is given); with InPlace::Refused, no -o
// means standard output. On a bad combination prints the reason (usageError) and returns nullopt.
std::optional<OutputTarget> outputTarget(std::string_view command, const Arguments& parsed,
                                         const std::string& inPath, InPlace inPlace,
                                         std::string_view usage);

// Standard output (or a device) cannot be taken back: a command that may yet refuse holds back
// the first kHeldOutput bytes of it (AtomicOutput::holdBack), so that a refusal writes nothing,
// unless the output was longer than that; whatWasWritten() then says how much went out.
inline constexpr std::size_t kHeldOutput = std::size_t(16) << 20;
// "nothing written", or "N bytes already written to standard output" (or to the device).
std::string whatWasWritten(const AtomicOutput& out);

// Makes `out` the target's file, made from `input`: for an in-place target, the backup (FILE.bak,
// or FILE.bak.N when that is taken) is made once the output is complete and synced, just before
// the rename (AtomicOutput::commit()'s beforeRename), and named on stderr once the rename is done;
// a failure leaves the original where it was. Nothing is written when the input changed while it
// was read (Input::changedSinceOpened(), asked before the backup and after it, the last moment
// before the rename; the backup just made is removed again). Prints what went wrong and returns the
// exit status: kExitOk, kExitInvalid (the input changed) or kExitUsage (a write failed).
int commitOutput(std::string_view command, const Input& input, const OutputTarget& target,
                 AtomicOutput& out);

} // namespace u8cli
