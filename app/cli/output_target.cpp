#include "output_target.h"

#include "backup_file.h"

#include <cstdio>
#include <unistd.h>

namespace u8cli {

namespace {

// The names of standard output itself: written as "-" is. Opened by name, /dev/stdout leads
// to a pipe that cannot be reached again ("pipe:[N]") or to a terminal a rename must not
// replace.
bool namesStandardOutput(const std::string& path) {
    return path == "/dev/stdout" || path == "/dev/fd/1" || path == "/proc/self/fd/1";
}

} // namespace

std::optional<OutputTarget> outputTarget(std::string_view command, const Arguments& parsed,
                                         const std::string& inPath, InPlace inPlace,
                                         std::string_view usage) {
    const std::string* given = parsed.value("output"); // -o or --output
    const std::string standardOutput = "-";
    const std::string* outPath = given && namesStandardOutput(*given) ? &standardOutput : given;
    const bool wantsInPlace = inPlace == InPlace::Allowed && parsed.has("in-place");
    const auto refuse = [&](const std::string& message) -> std::optional<OutputTarget> {
        usageError(command, message);
        return std::nullopt;
    };
    if (wantsInPlace && outPath)
        return refuse("give either -o OUT or --in-place, not both");
    if (inPlace == InPlace::Allowed && !wantsInPlace && !outPath)
        return refuse("needs -o OUT or --in-place (" + std::string(usage) + ")");
    if (wantsInPlace && inPath == "-")
        return refuse("--in-place needs a file, not standard input");
    if (outPath && *outPath != "-" && inPath != "-" && u8io::sameFile(*outPath, inPath))
        return refuse(*outPath + (inPlace == InPlace::Allowed
                                      ? ": is the input file; use --in-place to replace it (a "
                                        "backup is kept)"
                                      : ": is the input file; " + std::string(command) +
                                            " never overwrites its input (write elsewhere)"));
    if (wantsInPlace)
        return OutputTarget{inPath, true};
    return OutputTarget{outPath ? *outPath : "-", false};
}

std::string whatWasWritten(const AtomicOutput& out) {
    if (out.bytesOut() == 0)
        return "nothing written";
    return std::to_string(out.bytesOut()) + " bytes already written to " +
           (out.isStandardOutput() ? std::string("standard output") : out.path()) +
           " (only the first " + std::to_string(kHeldOutput) + " are held back)";
}

int commitOutput(std::string_view command, const Input& input, const OutputTarget& target,
                 AtomicOutput& out) {
    std::string error;
    std::optional<std::string> backup;
    if (target.inPlace) {
        backup = u8io::writeBackup(target.path, error);
        if (!backup)
            return usageError(command, "backup failed, input left as it was: " + error);
    }
    if (input.changedSinceOpened()) {
        if (backup)
            ::unlink(backup->c_str());
        std::fprintf(stderr,
                     "u8scope-cli %.*s: %s: the file changed while it was being read; nothing "
                     "written\n",
                     int(command.size()), command.data(), input.displayName().c_str());
        return kExitInvalid;
    }
    if (backup)
        std::fprintf(stderr, "u8scope-cli %.*s: original saved as %s\n", int(command.size()),
                     command.data(), backup->c_str());
    if (!out.commit(error)) {
        if (backup)
            ::unlink(backup->c_str());
        return usageError(command, error);
    }
    return kExitOk;
}

} // namespace u8cli
