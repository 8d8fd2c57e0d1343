#include "atomic_output.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace u8cli {
namespace {

constexpr std::size_t kBufferSize = std::size_t(1) << 20;

// The temporary file of the output being written, removed if the process is interrupted
// (Ctrl+C, kill) so that no partial file is left behind. One output at a time per process.
char g_tempPath[4096];
std::atomic<bool> g_tempActive{false};

extern "C" void removeTempAndReraise(int sig) {
    if (g_tempActive.load())
        ::unlink(g_tempPath); // async-signal-safe
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

void guardTemp(const std::string& path) {
    if (path.size() >= sizeof g_tempPath)
        return;
    std::memcpy(g_tempPath, path.c_str(), path.size() + 1);
    g_tempActive.store(true);
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE})
        std::signal(sig, removeTempAndReraise);
}

void releaseTemp() {
    g_tempActive.store(false);
}

std::string directoryOf(const std::string& path) {
    const auto slash = path.rfind('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string baseNameOf(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

} // namespace

AtomicOutput::AtomicOutput(int fd, std::string path, std::string tempPath)
    : fd_(fd), path_(std::move(path)), tempPath_(std::move(tempPath)) {
    buffer_.reserve(kBufferSize);
}

std::unique_ptr<AtomicOutput> AtomicOutput::create(const std::string& path, std::string& error) {
    if (path == "-")
        return std::unique_ptr<AtomicOutput>(new AtomicOutput(1, path, {}));
    if (path.empty() || path.back() == '/') {
        error = "'" + path + "': not a file name";
        return nullptr;
    }
    struct stat st {};
    mode_t mode = 0666;
    if (::stat(path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            error = path + ": " + std::strerror(EISDIR);
            return nullptr;
        }
        if (!S_ISREG(st.st_mode)) {
            // A device or a pipe ("-o /dev/null", a FIFO) is written in place: a temporary file
            // renamed over it would replace the device with a regular file.
            const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
            if (fd < 0) {
                error = path + ": " + std::strerror(errno);
                return nullptr;
            }
            return std::unique_ptr<AtomicOutput>(new AtomicOutput(fd, path, {}));
        }
        mode = st.st_mode & 07777; // keep the permissions of the file we replace
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode &= ~mask;
    }
    std::string temp = directoryOf(path) + "/." + baseNameOf(path) + ".u8scope-XXXXXX";
    std::vector<char> name(temp.begin(), temp.end());
    name.push_back('\0');
    const int fd = ::mkstemp(name.data());
    if (fd < 0) {
        error = path + ": " + std::strerror(errno);
        return nullptr;
    }
    temp.assign(name.data());
    ::fchmod(fd, mode);
    guardTemp(temp);
    return std::unique_ptr<AtomicOutput>(new AtomicOutput(fd, path, std::move(temp)));
}

AtomicOutput::~AtomicOutput() {
    if (tempPath_.empty()) {
        flushBuffer();
        if (fd_ != 1)
            ::close(fd_);
        return;
    }
    if (!committed_) {
        ::close(fd_);
        ::unlink(tempPath_.c_str());
        releaseTemp();
    }
}

bool AtomicOutput::writeRaw(std::string_view data) {
    std::size_t done = 0;
    while (done < data.size() && writeErrno_ == 0) {
        const ssize_t n = ::write(fd_, data.data() + done, data.size() - done);
        if (n < 0) {
            if (errno != EINTR)
                writeErrno_ = errno;
            continue;
        }
        done += std::size_t(n);
    }
    return writeErrno_ == 0;
}

bool AtomicOutput::flushBuffer() {
    const bool ok = writeRaw(buffer_);
    buffer_.clear();
    return ok;
}

bool AtomicOutput::write(std::string_view text) {
    if (writeErrno_ != 0)
        return false;
    if (buffer_.size() + text.size() > kBufferSize && !flushBuffer())
        return false;
    if (text.size() >= kBufferSize)
        return writeRaw(text);
    buffer_.append(text);
    return true;
}

bool AtomicOutput::write(std::span<const std::uint8_t> bytes) {
    return write(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

bool AtomicOutput::commit(std::string& error) {
    const bool flushed = flushBuffer();
    if (tempPath_.empty()) {
        if (!flushed)
            error = (fd_ == 1 ? std::string("standard output") : path_) + ": " +
                    std::strerror(writeErrno_);
        return flushed;
    }
    if (!flushed || ::fsync(fd_) != 0) {
        error = path_ + ": " + std::strerror(flushed ? errno : writeErrno_);
        return false; // the destructor removes the temporary file
    }
    ::close(fd_);
    if (::rename(tempPath_.c_str(), path_.c_str()) != 0) {
        error = path_ + ": " + std::strerror(errno);
        ::unlink(tempPath_.c_str());
        releaseTemp();
        committed_ = true; // nothing left to clean up
        return false;
    }
    releaseTemp();
    committed_ = true;
    return true;
}

bool sameFile(const std::string& a, const std::string& b) {
    struct stat sa {
    }, sb{};
    if (::stat(a.c_str(), &sa) != 0 || ::stat(b.c_str(), &sb) != 0)
        return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

bool writeBackup(const std::string& path, const std::string& backupPath, std::string& error) {
    const int in = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (in < 0) {
        error = path + ": " + std::strerror(errno);
        return false;
    }
    auto out = AtomicOutput::create(backupPath, error);
    if (!out) {
        ::close(in);
        return false;
    }
    std::vector<char> buffer(kBufferSize);
    for (;;) {
        const ssize_t n = ::read(in, buffer.data(), buffer.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            error = path + ": " + std::strerror(errno);
            ::close(in);
            return false;
        }
        if (n == 0)
            break;
        if (!out->write(std::string_view(buffer.data(), std::size_t(n))))
            break; // commit() reports the write error
    }
    ::close(in);
    return out->commit(error);
}

} // namespace u8cli
