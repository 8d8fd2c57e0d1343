#include "repair_spool.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <vector>

namespace u8convert::detail {

namespace {

// Each record is preceded by its length, 8 bytes little-endian.
constexpr std::size_t kLengthBytes = 8;

std::string lengthBytes(std::uint64_t n) {
    std::string out(kLengthBytes, '\0');
    for (std::size_t k = 0; k < kLengthBytes; ++k)
        out[k] = char(std::uint8_t(n >> (8 * k)));
    return out;
}

std::uint64_t lengthOf(const char* p) {
    std::uint64_t n = 0;
    for (std::size_t k = 0; k < kLengthBytes; ++k)
        n |= std::uint64_t(std::uint8_t(p[k])) << (8 * k);
    return n;
}

std::string temporaryDirectory(const std::string& asked) {
    if (!asked.empty())
        return asked;
    const char* tmp = std::getenv("TMPDIR");
    return tmp && *tmp ? std::string(tmp) : std::string("/tmp");
}

} // namespace

Spool::Spool(std::size_t memoryLimit, std::string directory)
    : memoryLimit_(memoryLimit), directory_(temporaryDirectory(directory)) {}

Spool::~Spool() {
    if (fd_ >= 0)
        ::close(fd_);
}

bool Spool::append(std::string_view record, u8codec::Error& error) {
    const std::string length = lengthBytes(record.size());
    if (fd_ < 0 && memory_.size() + kLengthBytes + record.size() > memoryLimit_ &&
        !moveToFile(error))
        return false;
    if (fd_ < 0) {
        memory_ += length;
        memory_ += record;
    } else if (!writeAt(size_, length, error) || !writeAt(size_ + kLengthBytes, record, error)) {
        return false;
    }
    size_ += kLengthBytes + record.size();
    return true;
}

bool Spool::moveToFile(u8codec::Error& error) {
    std::string path = directory_ + "/u8scope-repair-XXXXXX";
    std::vector<char> name(path.begin(), path.end());
    name.push_back('\0');
    // mkstemp creates the file with mode 0600 and O_EXCL: it is ours alone.
    fd_ = ::mkostemp(name.data(), O_CLOEXEC);
    if (fd_ < 0) {
        error = {u8codec::ErrorCode::Io,
                 "temporary file in " + directory_ + ": " + std::strerror(errno)};
        return false;
    }
    ::unlink(name.data()); // gone with the descriptor, whatever happens to the process
    if (!writeAt(0, memory_, error))
        return false;
    std::string().swap(memory_);
    return true;
}

bool Spool::writeAt(std::uint64_t offset, std::string_view bytes, u8codec::Error& error) {
    for (std::size_t done = 0; done < bytes.size();) {
        const ssize_t n =
            ::pwrite(fd_, bytes.data() + done, bytes.size() - done, off_t(offset + done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            error = {u8codec::ErrorCode::Io, "temporary file in " + directory_ + ": " +
                                                 std::strerror(n < 0 ? errno : ENOSPC)};
            return false;
        }
        done += std::size_t(n);
    }
    return true;
}

bool Spool::readAt(std::uint64_t offset, char* into, std::size_t n, u8codec::Error& error) const {
    if (fd_ < 0) {
        std::memcpy(into, memory_.data() + offset, n);
        return true;
    }
    for (std::size_t done = 0; done < n;) {
        const ssize_t got = ::pread(fd_, into + done, n - done, off_t(offset + done));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            error = {u8codec::ErrorCode::Io, "temporary file in " + directory_ + ": " +
                                                 (got < 0 ? std::strerror(errno) : "ends early")};
            return false;
        }
        done += std::size_t(got);
    }
    return true;
}

bool Spool::Reader::next(std::string& record, u8codec::Error& error) {
    record.clear();
    if (at_ + kLengthBytes > spool_.size_)
        return false;
    char length[kLengthBytes];
    if (!spool_.readAt(at_, length, kLengthBytes, error))
        return false;
    const std::uint64_t n = lengthOf(length);
    if (n > spool_.size_ - at_ - kLengthBytes) {
        error = {u8codec::ErrorCode::Io,
                 "temporary file in " + spool_.directory_ + ": a record runs past its end"};
        return false;
    }
    record.resize(std::size_t(n));
    if (!spool_.readAt(at_ + kLengthBytes, record.data(), record.size(), error))
        return false;
    at_ += kLengthBytes + n;
    return true;
}

} // namespace u8convert::detail
