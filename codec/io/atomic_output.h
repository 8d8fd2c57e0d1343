// Output files that appear whole or not at all. Bytes go to a temporary file in the target's
// directory; commit() flushes it to disk and renames it over the target, so a reader never sees
// a partial OUT, and a failed or interrupted run leaves the previous OUT (if any) as it was.
// "-" writes to standard output directly, and so is a target that is not a regular file (a
// device such as /dev/null, a FIFO), which a rename would replace.
//
// The temporary file has no name while it is written (O_TMPFILE), where the file system allows:
// a process killed outright (SIGKILL, a crash, a power cut) leaves nothing behind. It is named
// only once complete and synced, just before the rename: through /proc/self/fd, or by its
// descriptor (with CAP_DAC_READ_SEARCH), or, with neither, by copying it into a named file then,
// so that only the moments of that copy could leave a file behind.
//
// Replacing a file loses nothing of it but its bytes: the new file has the old one's mode, owner,
// group and extended attributes (file_attributes.h); a symbolic link is written through (its
// target is replaced, the link stays a link); and the rename is made durable by syncing the
// directory after it.
//
// While the temporary file has a name, the name is told to the program's registry, if it gave one
// (temp_file_registry.h): the library installs no signal handler of its own.
#pragma once

#include "io_result.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace u8io {

class AtomicOutput {
public:
    // Starts writing `path`; an error "PATH: reason" when it cannot. A symbolic link is followed
    // to the file it names (a link to nothing is refused).
    [[nodiscard]] static Result<std::unique_ptr<AtomicOutput>> create(const std::string& path);
    // Starts a new file beside the existing `original` with its mode, owner, group and extended
    // attributes, to be made visible by commitUnderFreeName() (a backup).
    [[nodiscard]] static Result<std::unique_ptr<AtomicOutput>>
    createBeside(const std::string& original);
    ~AtomicOutput(); // removes the temporary file unless committed

    AtomicOutput(const AtomicOutput&) = delete;
    AtomicOutput& operator=(const AtomicOutput&) = delete;

    // False once a write failed; every write after is refused, so that a caller can stop
    // producing output (and reading input) at the first failure.
    [[nodiscard]] bool write(std::span<const std::uint8_t> bytes);
    [[nodiscard]] bool write(std::string_view text);
    // "PATH: reason" (the target's path, or "standard output") once a write failed; empty
    // before.
    [[nodiscard]] std::string writeFailure() const;
    // For standard output or a device, which cannot be taken back: holds the first `bytes`
    // written in memory, so that a command that may yet refuse (decode --errors=strict,
    // transcode --unmappable=fail) writes nothing when it does. Output longer than that goes
    // out as it comes; bytesOut() then says how much did. Held bytes are only written by
    // commit(): dropped uncommitted, the output is discarded.
    void holdBack(std::size_t bytes);
    // The bytes that reached the target itself so far (not held or buffered).
    [[nodiscard]] std::uint64_t bytesOut() const { return written_; }
    // Takes back everything written: the output starts again, empty. Not for standard output
    // (false), nor after a failed write.
    [[nodiscard]] bool rewind();
    // The last step before commit() makes the output visible, once it is complete and durable:
    // for a backup of the file about to be replaced (a hard link then costs nothing and leaves
    // the least time between it and the rename), and for a last check that the input did not
    // change. An error stops the commit: nothing is renamed, the target is untouched.
    using BeforeRename = std::function<Result<void>()>;
    // Makes the output visible under its name. An error if anything failed, or `beforeRename`
    // said no (its error); then the target is untouched.
    [[nodiscard]] Result<void> commit(const BeforeRename& beforeRename = {});
    // For createBeside(): makes the output visible under the first of nameFor(0), nameFor(1), …
    // that no file has, never replacing one (the names lie in the original's directory). Returns
    // the name used.
    [[nodiscard]] Result<std::string>
    commitUnderFreeName(const std::function<std::string(int)>& nameFor);

    // For createBeside(), before any write: makes the output a copy of the file open as `from`
    // that shares its blocks (a reflink, the FICLONE ioctl), where the file system can (Btrfs,
    // XFS, bcachefs…): no data is read or written. False, the output unchanged, where it cannot.
    [[nodiscard]] bool cloneFrom(int from);
    // Whether commit() puts a new file in the target's place (a rename), so that the target's
    // old file is left whole; false where it writes into the target (standard output, devices).
    [[nodiscard]] bool replacesTarget() const { return !writesInPlace(); }

    [[nodiscard]] const std::string& path() const { return path_; }
    // The file that is written: path() with symbolic links resolved.
    [[nodiscard]] const std::string& targetPath() const { return targetPath_; }
    [[nodiscard]] bool isStandardOutput() const { return fd_ == 1; }

private:
    AtomicOutput(int fd, std::string path, std::string targetPath, std::string tempPath);
    // A temporary file in the directory of `targetPath`, for `path`; with the attributes of
    // `attributesFrom` if not empty, else of a new file (0666 less the umask).
    [[nodiscard]] static Result<std::unique_ptr<AtomicOutput>>
    createTemp(const std::string& path, const std::string& targetPath,
               const std::string& attributesFrom);
    [[nodiscard]] bool writeRaw(std::string_view data);
    // Starts the disk's writes of what the temporary file holds so far, without waiting for them.
    void startWriteback();
    [[nodiscard]] bool flushBuffer();
    // Flushes and syncs the temporary file, names it if it has no name yet, and closes it (on
    // an error the destructor removes it).
    [[nodiscard]] Result<void> finishTemp();
    // Gives the unnamed temporary file a free name beside the target (linkat(2), or a copy).
    [[nodiscard]] Result<void> nameTemp();
    // Without a way to link it: copies the unnamed file into the new file `named` (its
    // attributes given again) and goes on with that one.
    [[nodiscard]] Result<void> moveIntoNamed(int named);
    // The attributes of attributesFrom_, or of a new file (0666 less the umask), to `fd`.
    [[nodiscard]] Result<void> giveAttributes(int fd);

public:
    // How an unnamed temporary file gets its name (nameTemp()).
    enum class Naming : std::uint8_t { ThroughProc, ByDescriptor, ByCopy };

private:
    // Standard output or a device: written where it is, with no temporary file.
    [[nodiscard]] bool writesInPlace() const { return tempPath_.empty() && !unnamed_; }

    int fd_;
    std::string path_;
    std::string targetPath_;
    std::string tempPath_; // empty for standard output, and while the temporary is unnamed
    bool unnamed_ = false; // the temporary file has no name yet (O_TMPFILE)
    Naming naming_ = Naming::ThroughProc;
    std::string attributesFrom_; // the file whose attributes the output takes, if any
    std::string buffer_;
    int writeErrno_ = 0;
    bool committed_ = false;
    std::size_t holdBack_ = 0;      // holdBack()
    std::uint64_t written_ = 0;     // into the temporary file, since it was last emptied
    std::uint64_t writtenBack_ = 0; // of which the disk's writes were started
};

// True when both paths name the same existing file (same device and inode), so that an output
// can never silently overwrite its input.
[[nodiscard]] bool sameFile(const std::string& a, const std::string& b);

} // namespace u8io
