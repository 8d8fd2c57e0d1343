// Backups that never replace one another: the previous version of FILE is kept as FILE.bak, or,
// when that name is taken, as the first free one of FILE.bak.1, FILE.bak.2, … (GNU's numbered
// backups, `cp --backup=numbered`, put the number elsewhere; the rule is the same: an existing
// backup is never overwritten). Used by `--in-place` and by the window's Save.
#pragma once

#include "io_result.h"

#include <cstdint>
#include <optional>
#include <string>

namespace u8io {

class AtomicOutput;

// The n-th backup name of `path`: FILE.bak for 0, FILE.bak.N after.
[[nodiscard]] std::string backupName(const std::string& path, int n);

// How a backup holds the previous version: the cheapest way the file system allows, since the
// first save of a large file would otherwise write all of it a second time (issue 33, defect 23).
enum class BackupKind : std::uint8_t {
    Reflink,  // a new file sharing the original's blocks (FICLONE): nothing copied
    HardLink, // the original file itself under the backup's name: the save puts a new file in
              // its place, so the old one lives on, whole, as the backup
    Copy,     // every byte copied
};

// "a reflink", "a hard link", "a copy": for the messages that say how the backup was made.
[[nodiscard]] const char* describe(BackupKind kind);

struct Backup {
    std::string name;
    BackupKind kind = BackupKind::Copy;
};

// Keeps the existing file `path` (a symbolic link is followed: the backup lies beside the file
// it names) under its first free backup name, with its mode, owner, group and extended
// attributes, durably. A hard link where `replacement` (the output about to be committed over
// `path`) will replace the file by a new one and the file has no other name (other names could
// be written through later, and the backup with them); else a reflink where the file system can
// make one; else a copy, also where link(2) is refused (another device, EXDEV; links not allowed,
// EPERM; too many, EMLINK; not supported, ENOTSUP). Made from a commit's beforeRename step
// (atomic_output.h), the link is the last thing before the rename. Returns the backup, or an
// error naming the file and the reason.
[[nodiscard]] Result<Backup> writeBackup(const std::string& path,
                                         const AtomicOutput* replacement = nullptr);
} // namespace u8io
