// What a file written in place of another takes over from it, so that a replacement or a backup
// is neither more readable than the original (a 0600 file gives a 0600 backup, never 0644 through
// the umask) nor stripped of what the original carried.
#pragma once

#include "io_result.h"

#include <string>

namespace u8io {

// Gives the file open as `toFd` the owner and group, the extended attributes (POSIX ACLs are
// among them: system.posix_acl_access and system.posix_acl_default, acl(5)) and the permission
// bits of the existing file `fromPath` (followed through symbolic links). The owner, the group
// and the attributes are kept where permitted (chown by a non-owner fails with EPERM; a file
// system may have no extended attributes: ENOTSUP); when the group cannot be kept, the group
// bits are narrowed to those of others, so that a group the original did not name gains nothing,
// and set-user-ID and set-group-ID are dropped, as chown(2) would. False with `error` when the
// permission bits themselves cannot be set (the one part a file's owner can always do): an
// error naming `fromPath`.
[[nodiscard]] Result<void> copyAttributes(const std::string& fromPath, int toFd);

// `path`, or, when `path` is a symbolic link, the file it leads to (realpath(3)), so that a write
// through a link replaces its target and keeps the link. An error for a link to nothing.
[[nodiscard]] Result<std::string> resolveLinks(const std::string& path);

// Flushes the directory holding `path` to disk, so that a rename into it survives a crash
// (rename(2) is atomic but not durable: fsync(2) of the file does not cover its directory
// entry). Best effort: the rename is done and visible whatever this returns.
void syncDirectoryOf(const std::string& path);

// "dir" of "dir/name", "." for a bare name, "/" for "/name".
[[nodiscard]] std::string directoryOf(const std::string& path);
[[nodiscard]] std::string baseNameOf(const std::string& path);

} // namespace u8io
