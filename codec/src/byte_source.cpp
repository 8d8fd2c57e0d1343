#include "u8codec/byte_source.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace u8codec {

namespace {
constexpr std::uint64_t kSequentialHintSize = 128 * 1024;
} // namespace

std::size_t MemorySource::read(std::uint64_t offset, std::span<std::uint8_t> dest) const {
    if (offset >= bytes_.size() || dest.empty())
        return 0; // an empty span may have no storage, which memcpy(3) must not be given
    const std::size_t n = std::min<std::uint64_t>(dest.size(), bytes_.size() - offset);
    std::memcpy(dest.data(), bytes_.data() + offset, n);
    return n;
}

FileSource::~FileSource() {
    if (fd_ >= 0)
        ::close(fd_);
}

Result<std::unique_ptr<FileSource>> FileSource::open(const std::string& path) {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever. Only
    // regular files are accepted below, and for them the flag changes nothing ("this flag has no
    // effect for regular files and block devices", open(2)), so it stays: two fcntl(2) calls a
    // file saved (`audit -r` opens tens of thousands).
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return Error{ErrorCode::Io, std::strerror(errno)};
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        Error error{ErrorCode::Io, std::strerror(errno)};
        ::close(fd);
        return error;
    }
    if (S_ISDIR(st.st_mode)) {
        ::close(fd);
        return Error{ErrorCode::Io, std::strerror(EISDIR)};
    }
    std::uint64_t size = 0;
    if (S_ISREG(st.st_mode)) {
        size = std::uint64_t(st.st_size);
        // Tell the kernel we read front to back: larger read-ahead for scans (a file within the
        // default read-ahead window, 128 KiB, is read in one go anyway).
        if (size > kSequentialHintSize)
            ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    } else {
        ::close(fd);
        return Error{ErrorCode::Io,
                     "Not a regular file (a device, pipe or socket cannot be inspected)"};
    }
    return std::unique_ptr<FileSource>(new FileSource(fd, size, path));
}

std::unique_ptr<FileSource> FileSource::adopt(int fd, std::string path) {
    struct stat st {};
    if (::fstat(fd, &st) != 0)
        return nullptr;
    return std::unique_ptr<FileSource>(
        new FileSource(fd, std::uint64_t(st.st_size), std::move(path)));
}

std::size_t FileSource::read(std::uint64_t offset, std::span<std::uint8_t> dest) const {
    std::size_t done = 0;
    while (done < dest.size()) {
        const ssize_t n =
            ::pread(fd_, dest.data() + done, dest.size() - done, off_t(offset + done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            int none = 0;
            readErrno_.compare_exchange_strong(none, errno, std::memory_order_relaxed);
        }
        if (n <= 0)
            break; // end of file (the file may have shrunk) or an I/O error: a short read
        done += std::size_t(n);
    }
    return done;
}

std::optional<std::uint64_t> FileSource::currentSize() const {
    struct stat st {};
    if (::fstat(fd_, &st) != 0)
        return std::nullopt;
    return std::uint64_t(st.st_size);
}

bool FileSource::refreshSize() {
    const std::optional<std::uint64_t> now = currentSize();
    if (!now)
        return false;
    size_ = *now;
    return true;
}

} // namespace u8codec
