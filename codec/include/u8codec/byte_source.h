// Where bytes come from: a small read interface so that files of any size and in-memory buffers
// look the same to the scanners and the views. Nothing here copies a whole file.
#pragma once

#include "u8codec/result.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace u8codec {

class ByteSource {
public:
    virtual ~ByteSource() = default;
    // Size in bytes as last known.
    [[nodiscard]] virtual std::uint64_t size() const = 0;
    // Copies up to dest.size() bytes starting at `offset`; returns how many were copied (fewer at
    // the end, or if the underlying file shrank: callers treat a short read as the new end).
    // Changes nothing the reader sees, so it may be asked from several threads at once (the
    // window's background check and the streamed repair read parts on every core).
    [[nodiscard]] virtual std::size_t read(std::uint64_t offset,
                                           std::span<std::uint8_t> dest) const = 0;
    // All bytes at once when they are already in memory; empty otherwise.
    [[nodiscard]] virtual std::span<const std::uint8_t> contiguous() const { return {}; }
    // The size the bytes have now, for a source that can change under its reader (a file that
    // another program truncates or appends to); size() for one that cannot. Nullopt when it can
    // no longer be examined. Changes nothing, so it may be asked from any thread.
    [[nodiscard]] virtual std::optional<std::uint64_t> currentSize() const { return size(); }
};

// Bytes held in memory (owned).
class MemorySource final : public ByteSource {
public:
    explicit MemorySource(std::vector<std::uint8_t> bytes) : bytes_(std::move(bytes)) {}
    [[nodiscard]] std::uint64_t size() const override { return bytes_.size(); }
    [[nodiscard]] std::size_t read(std::uint64_t offset,
                                   std::span<std::uint8_t> dest) const override;
    [[nodiscard]] std::span<const std::uint8_t> contiguous() const override { return bytes_; }
    [[nodiscard]] const std::vector<std::uint8_t>& bytes() const { return bytes_; }

private:
    std::vector<std::uint8_t> bytes_;
};

// A file read with pread(2): never mapped, so a file that shrinks while open gives short reads
// instead of SIGBUS, and resident memory is only what the caller reads.
class FileSource final : public ByteSource {
public:
    ~FileSource() override;
    FileSource(const FileSource&) = delete;
    FileSource& operator=(const FileSource&) = delete;

    // Opens `path` read-only. On failure, an Io error whose message is the reason a person can
    // read ("No such file or directory", "Is a directory", "Permission denied", ...), without the
    // path: the caller names the file as its message needs.
    [[nodiscard]] static Result<std::unique_ptr<FileSource>> open(const std::string& path);
    // Takes over `fd`, open for reading, as a FileSource named `path` in messages: a file that
    // has no name (a spool unlinked as soon as it was made). Null if it cannot be examined.
    [[nodiscard]] static std::unique_ptr<FileSource> adopt(int fd, std::string path);

    [[nodiscard]] std::uint64_t size() const override { return size_; }
    // A read that fails (EIO from a bad disk, EIO from /proc/self/mem) ends short like the end
    // of the file, for the callers that treat a short read as the end; it is also remembered,
    // so that a caller that must not take a failed read for the end asks readError() after.
    [[nodiscard]] std::size_t read(std::uint64_t offset,
                                   std::span<std::uint8_t> dest) const override;
    // The errno of the first read that failed, 0 if none has.
    [[nodiscard]] int readError() const { return readErrno_.load(std::memory_order_relaxed); }
    // The file's size now (fstat(2) of the open descriptor: the file that was opened, even if
    // its name now leads to another).
    [[nodiscard]] std::optional<std::uint64_t> currentSize() const override;
    // Re-reads the size from the file system; false if the file can no longer be examined.
    [[nodiscard]] bool refreshSize();
    [[nodiscard]] const std::string& path() const { return path_; }

private:
    FileSource(int fd, std::uint64_t size, std::string path)
        : fd_(fd), size_(size), path_(std::move(path)) {}
    int fd_;
    std::uint64_t size_;
    std::string path_;
    mutable std::atomic<int> readErrno_{0}; // read() is const and may run on several threads
};

} // namespace u8codec
