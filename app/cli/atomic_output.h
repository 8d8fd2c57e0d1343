// Output files that appear whole or not at all. Bytes go to a temporary file in the target's
// directory; commit() flushes it to disk and renames it over the target, so a reader never sees
// a partial OUT, and a failed or interrupted run leaves the previous OUT (if any) as it was.
// "-" writes to standard output directly, and so is a target that is not a regular file (a
// device such as /dev/null, a FIFO), which a rename would replace.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace u8cli {

class AtomicOutput {
public:
    // Starts writing `path`. On failure returns null and sets `error` ("PATH: reason").
    static std::unique_ptr<AtomicOutput> create(const std::string& path, std::string& error);
    ~AtomicOutput(); // removes the temporary file unless committed

    AtomicOutput(const AtomicOutput&) = delete;
    AtomicOutput& operator=(const AtomicOutput&) = delete;

    bool write(std::span<const std::uint8_t> bytes);
    bool write(std::string_view text);
    // Makes the output visible under its name. False (with `error`) if anything failed; then the
    // target is untouched.
    bool commit(std::string& error);

    const std::string& path() const { return path_; }
    bool isStandardOutput() const { return fd_ == 1; }

private:
    AtomicOutput(int fd, std::string path, std::string tempPath);
    bool writeRaw(std::string_view data);
    bool flushBuffer();

    int fd_;
    std::string path_;
    std::string tempPath_; // empty for standard output
    std::string buffer_;
    int writeErrno_ = 0;
    bool committed_ = false;
};

// True when both paths name the same existing file (same device and inode), so that an output
// can never silently overwrite its input.
bool sameFile(const std::string& a, const std::string& b);

// Copies `path` to `backupPath` atomically (for --in-place). False with `error` on failure.
bool writeBackup(const std::string& path, const std::string& backupPath, std::string& error);

} // namespace u8cli
