#include "output_target.h"

#include "backup_file.h"
#include "shown_name.h"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <sys/stat.h>
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
    // Permission to write the directory is no permission to replace a file in it (sed -i
    // should not either): the file itself must be writable.
    if (wantsInPlace && ::faccessat(AT_FDCWD, inPath.c_str(), W_OK, AT_EACCESS) != 0 &&
        errno == EACCES)
        return refuse(inPath + ": you may not write this file, so --in-place does not replace "
                               "it (write elsewhere with -o)");
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

namespace {

// What --in-place cannot keep, said after the replacement: another owner (only the owner or
// root can give a file away), and the other names of a hard-linked file, which keep the old
// content (a rename gives the name a new file).
void warnWhatChanged(std::string_view command, const std::string& path, const struct stat& before) {
    struct stat after {};
    if (::stat(path.c_str(), &after) != 0)
        return;
    if (after.st_uid != before.st_uid || after.st_gid != before.st_gid)
        std::fprintf(stderr,
                     "u8scope-cli %.*s: %s: its owner changed from %u:%u to %u:%u (only its "
                     "owner or root can keep it)\n",
                     int(command.size()), command.data(), shownName(path).c_str(),
                     unsigned(before.st_uid), unsigned(before.st_gid), unsigned(after.st_uid),
                     unsigned(after.st_gid));
    if (before.st_nlink > 1)
        std::fprintf(stderr,
                     "u8scope-cli %.*s: %s: had %lu names (hard links); only this one has the "
                     "new content, the others keep the old\n",
                     int(command.size()), command.data(), shownName(path).c_str(),
                     static_cast<unsigned long>(before.st_nlink));
}

} // namespace

int commitOutput(std::string_view command, const Input& input, const OutputTarget& target,
                 AtomicOutput& out) {
    struct stat before {};
    const bool known = target.inPlace && ::stat(target.path.c_str(), &before) == 0;
    std::optional<u8io::Backup> backup;
    bool changed = false;
    // The output is complete and synced: the backup and the last look at the input come now,
    // just before the rename.
    const auto beforeRename = [&]() -> u8codec::Result<void> {
        // Asked before the backup too: a hard link changes the file's ctime, so that the check
        // after it no longer sees a chmod or a truncate to the same size made meanwhile.
        changed = input.changedSinceOpened();
        if (target.inPlace && !changed) {
            auto made = u8io::writeBackup(target.path, &out);
            if (!made)
                return u8io::ioError("backup failed, input left as it was: " + made.message());
            backup = std::move(*made);
            changed = input.changedSinceOpened(backup->kind == u8io::BackupKind::HardLink);
        }
        if (changed && backup)
            ::unlink(backup->name.c_str());
        if (changed)
            return u8codec::Error{u8codec::ErrorCode::Changed,
                                  input.displayName() + ": the file changed while it was read"};
        return {};
    };
    if (const auto committed = out.commit(beforeRename); !committed) {
        if (committed.error().code == u8codec::ErrorCode::Changed) {
            std::fprintf(stderr,
                         "u8scope-cli %.*s: %s: the file changed while it was being read; "
                         "nothing written\n",
                         int(command.size()), command.data(), input.displayName().c_str());
            return kExitInvalid;
        }
        if (backup) // the rename failed: the original is where it was
            ::unlink(backup->name.c_str());
        return usageError(command, committed.message());
    }
    if (backup)
        std::fprintf(stderr, "u8scope-cli %.*s: original saved as %s (%s)\n", int(command.size()),
                     command.data(), shownName(backup->name).c_str(), u8io::describe(backup->kind));
    if (known)
        warnWhatChanged(command, target.path, before);
    return kExitOk;
}

} // namespace u8cli
