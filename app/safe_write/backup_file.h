// Backups that never replace one another: the previous version of FILE is kept as FILE.bak, or,
// when that name is taken, as the first free one of FILE.bak.1, FILE.bak.2, … (GNU's numbered
// backups, `cp --backup=numbered`, put the number elsewhere; the rule is the same: an existing
// backup is never overwritten). Used by `--in-place` and by the window's Save.
#pragma once

#include <optional>
#include <string>

namespace u8io {

// The n-th backup name of `path`: FILE.bak for 0, FILE.bak.N after.
std::string backupName(const std::string& path, int n);

// Copies the existing file `path` (a symbolic link is followed: the backup lies beside the file
// it names) to its first free backup name, with its mode, owner, group and extended attributes,
// durably. Returns the backup's name, or nullopt with `error`.
std::optional<std::string> writeBackup(const std::string& path, std::string& error);

} // namespace u8io
