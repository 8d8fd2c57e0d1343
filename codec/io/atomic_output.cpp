#include "atomic_output.h"

#include "file_attributes.h"
#include "temp_file_registry.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/fs.h>
#include <random>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace u8io {
namespace {

constexpr std::size_t kBufferSize = std::size_t(1) << 20;
// A piece at least this long is written as it is, after what the buffer holds: a copy into the
// buffer would cost more than the write(2) it saves (a decoder hands over well-formed stretches
// of its input this way).
constexpr std::size_t kDirectWrite = std::size_t(64) << 10;
// The disk's writes of the temporary file are started every this many bytes (startWriteback()).
constexpr std::uint64_t kWritebackStep = std::uint64_t(8) << 20;

// The process's umask, read without changing it: umask(2) can only be read by setting it, which
// for a moment gives files other threads create (the window's) no mask at all. Linux 4.7 and
// later show it in /proc/self/status; elsewhere the set-and-restore is the only way.
mode_t processUmask() {
    if (std::FILE* status = std::fopen("/proc/self/status", "re")) {
        char line[256];
        unsigned mask = 0;
        bool found = false;
        while (!found && std::fgets(line, sizeof line, status))
            found = std::sscanf(line, "Umask: %o", &mask) == 1;
        std::fclose(status);
        if (found)
            return mode_t(mask);
    }
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return mask;
}

// The name under which a process reaches its own descriptor `fd`.
std::string descriptorPath(int fd) {
    std::string path = "/proc/self/fd/";
    path += std::to_string(fd);
    return path;
}

// Whether the process may name a file by its descriptor alone (linkat(2) with AT_EMPTY_PATH):
// CAP_DAC_READ_SEARCH in its effective set, as root has.
bool canLinkDescriptors() {
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2]{};
    if (::syscall(SYS_capget, &header, data) != 0)
        return false;
    return (data[CAP_DAC_READ_SEARCH / 32].effective >> (CAP_DAC_READ_SEARCH % 32)) & 1;
}

// Gives a temporary file beside `target` a fresh name ".NAME.u8scope-PID-XXXXXX" by `make(name)`
// (true: the file now has the name; false with errno set), and registers the name for the
// program to remove on a signal (temp_files_on_signal.h) *before* the file has it: registered
// after, a signal between the two (a busy machine may switch away from the process there for
// milliseconds) would leave the file behind. A signal before the file exists only finds nothing
// to remove. The process id in the name keeps a name registered for a moment from being another
// process's file, which the handler would remove were the signal to come before `make` fails with
// EEXIST. The name made, or empty with `error` set.
template <typename Make>
std::string makeRegisteredName(const std::string& target, Make&& make, int& error) {
    static constexpr char kLetters[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    const std::string stem = directoryOf(target) + "/." + baseNameOf(target) + ".u8scope-" +
                             std::to_string(::getpid()) + "-";
    std::random_device random;
    constexpr int kAttempts = 100; // six random letters: 62^6 names, so only a broken directory
                                   // (or a full one) fails a hundred times
    for (int attempt = 0; attempt < kAttempts; ++attempt) {
        std::string name = stem;
        for (int i = 0; i < 6; ++i)
            name += kLetters[random() % (sizeof kLetters - 1)];
        registerTempFile(name);
        if (make(name))
            return name;
        error = errno;
        unregisterTempFile(name);
        if (error != EEXIST)
            return {};
    }
    error = EEXIST;
    return {};
}

// A temporary file with no name in `directory` (open(2) with O_TMPFILE: Linux 3.11 and later, on
// ext4, XFS, Btrfs and tmpfs among others). If the process dies before the file is complete, even
// by SIGKILL, which no handler sees, the kernel frees it and nothing is left behind. It can be
// named later through /proc/self/fd, by its descriptor with CAP_DAC_READ_SEARCH, or, with
// neither, copied into a named file once complete (`naming` says which). -1 where the file
// system has no O_TMPFILE: the caller makes a named temporary file instead.
int openUnnamed(const std::string& directory, AtomicOutput::Naming& naming) {
#ifdef O_TMPFILE
    // Readable too, for the copy.
    const int fd = ::open(directory.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd < 0)
        return -1;
    naming = ::access(descriptorPath(fd).c_str(), F_OK) == 0 ? AtomicOutput::Naming::ThroughProc
             : canLinkDescriptors()                          ? AtomicOutput::Naming::ByDescriptor
                                                             : AtomicOutput::Naming::ByCopy;
    return fd;
#else
    (void)directory;
    (void)naming;
    return -1;
#endif
}

} // namespace

AtomicOutput::AtomicOutput(int fd, std::string path, std::string targetPath, std::string tempPath)
    : fd_(fd), path_(std::move(path)), targetPath_(std::move(targetPath)),
      tempPath_(std::move(tempPath)) {
    buffer_.reserve(kBufferSize);
}

Result<std::unique_ptr<AtomicOutput>> AtomicOutput::create(const std::string& path) {
    if (path == "-")
        return std::unique_ptr<AtomicOutput>(new AtomicOutput(1, path, path, {}));
    if (path.empty() || path.back() == '/')
        return ioError("'" + path + "': not a file name");
    auto resolved = resolveLinks(path);
    if (!resolved)
        return resolved.error();
    const std::string& target = *resolved;
    struct stat st {};
    if (::stat(target.c_str(), &st) != 0)
        return createTemp(path, target, {});
    if (S_ISDIR(st.st_mode))
        return ioError(path, EISDIR);
    if (!S_ISREG(st.st_mode)) {
        // A device or a pipe ("-o /dev/null", a FIFO) is written in place: a temporary file
        // renamed over it would replace the device with a regular file.
        const int fd = ::open(target.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd < 0)
            return ioError(path, errno);
        return std::unique_ptr<AtomicOutput>(new AtomicOutput(fd, path, target, {}));
    }
    return createTemp(path, target, target); // keeps what the replaced file had
}

Result<std::unique_ptr<AtomicOutput>> AtomicOutput::createBeside(const std::string& original) {
    return createTemp(original, original, original);
}

Result<std::unique_ptr<AtomicOutput>> AtomicOutput::createTemp(const std::string& path,
                                                               const std::string& targetPath,
                                                               const std::string& attributesFrom) {
    std::string temp;
    Naming naming = Naming::ThroughProc;
    int fd = openUnnamed(directoryOf(targetPath), naming); // mode 0600 until the attributes
    if (fd < 0) {
        int error = 0;
        temp = makeRegisteredName(
            targetPath,
            [&](const std::string& name) {
                fd = ::open(name.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600); // likewise
                return fd >= 0;
            },
            error);
        if (temp.empty())
            return ioError(path, error);
    }
    auto out = std::unique_ptr<AtomicOutput>(new AtomicOutput(fd, path, targetPath, temp));
    out->unnamed_ = temp.empty();
    out->naming_ = naming;
    out->attributesFrom_ = attributesFrom;
    if (auto given = out->giveAttributes(fd); !given)
        return given.error(); // the destructor removes the temporary file
    return out;
}

AtomicOutput::~AtomicOutput() {
    if (writesInPlace()) {
        // Held output is written by commit() only. Standard output or a device dropped without
        // commit() gets what was written as far as it goes: the command has already failed and
        // said so, and a destructor has no one to tell of a failure now.
        if (holdBack_ == 0)
            static_cast<void>(flushBuffer());
        if (fd_ != 1 && fd_ >= 0)
            ::close(fd_);
        return;
    }
    if (!committed_) {
        if (fd_ >= 0)
            ::close(fd_); // an unnamed temporary file is gone with it
        if (!tempPath_.empty()) {
            ::unlink(tempPath_.c_str());
            unregisterTempFile(tempPath_);
        }
    }
}

// At most kBufferSize a call: the kernel copies a large write into the page cache at a fraction
// of the speed of the same bytes in pieces of 1 MiB (docs/performance.md, "Why the code is as it
// is").
bool AtomicOutput::writeRaw(std::string_view data) {
    std::size_t done = 0;
    while (done < data.size() && writeErrno_ == 0) {
        const ssize_t n =
            ::write(fd_, data.data() + done, std::min(data.size() - done, kBufferSize));
        if (n < 0) {
            if (errno != EINTR)
                writeErrno_ = errno;
            continue;
        }
        done += std::size_t(n);
    }
    written_ += done;
    if (written_ - writtenBack_ >= kWritebackStep)
        startWriteback();
    return writeErrno_ == 0;
}

// commit() syncs the temporary file before it is renamed: durable, but the sync then waits for
// every byte to reach the disk, a large part of a fast command's time (docs/performance.md, "Why
// the code is as it is"). The
// disk's writes are started every kWritebackStep bytes instead, while the rest is computed, so
// the sync finds little left to write. Linux only (sync_file_range(2)); elsewhere the sync does
// it all.
void AtomicOutput::startWriteback() {
#if defined(__linux__)
    if (!writesInPlace())
        ::sync_file_range(fd_, off_t(writtenBack_), off_t(written_ - writtenBack_),
                          SYNC_FILE_RANGE_WRITE);
#endif
    writtenBack_ = written_;
}

bool AtomicOutput::flushBuffer() {
    const bool ok = writeRaw(buffer_);
    buffer_.clear();
    return ok;
}

bool AtomicOutput::write(std::string_view text) {
    if (writeErrno_ != 0)
        return false;
    if (written_ == 0 && buffer_.size() + text.size() <= holdBack_) {
        buffer_.append(text);
        return true;
    }
    if ((buffer_.size() + text.size() > kBufferSize || text.size() >= kDirectWrite) &&
        !flushBuffer())
        return false;
    if (text.size() >= kDirectWrite)
        return writeRaw(text);
    buffer_.append(text);
    return true;
}

void AtomicOutput::holdBack(std::size_t bytes) {
    if (writesInPlace())
        holdBack_ = bytes;
}

std::string AtomicOutput::writeFailure() const {
    if (writeErrno_ == 0)
        return {};
    return (fd_ == 1 ? std::string("standard output") : path_) + ": " + std::strerror(writeErrno_);
}

bool AtomicOutput::rewind() {
    if (writesInPlace() || fd_ < 0 || writeErrno_ != 0)
        return false;
    buffer_.clear();
    written_ = writtenBack_ = 0;
    if (::ftruncate(fd_, 0) != 0 || ::lseek(fd_, 0, SEEK_SET) != 0) {
        writeErrno_ = errno;
        return false;
    }
    return true;
}

bool AtomicOutput::write(std::span<const std::uint8_t> bytes) {
    return write(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

Result<void> AtomicOutput::finishTemp() {
    const bool flushed = flushBuffer();
    if (!flushed || ::fsync(fd_) != 0)
        return ioError(path_, flushed ? errno : writeErrno_);
    if (unnamed_)
        if (auto named = nameTemp(); !named)
            return named;
    // close(2) can report what no write did (a quota met on NFS): checked like the writes.
    const int fd = std::exchange(fd_, -1);
    if (::close(fd) != 0)
        return ioError(path_, errno);
    return {};
}

// Named only now, complete and synced, so that only the moment between this link and the rename
// that follows could leave it behind.
Result<void> AtomicOutput::nameTemp() {
    int named = -1; // the named file a copy goes into (Naming::ByCopy)
    const auto make = [&](const std::string& name) {
        switch (naming_) {
        case Naming::ByCopy:
            named = ::open(name.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
            return named >= 0;
        case Naming::ByDescriptor:
            return ::linkat(fd_, "", AT_FDCWD, name.c_str(), AT_EMPTY_PATH) == 0;
        case Naming::ThroughProc:
            break;
        }
        return ::linkat(AT_FDCWD, descriptorPath(fd_).c_str(), AT_FDCWD, name.c_str(),
                        AT_SYMLINK_FOLLOW) == 0;
    };
    int error = 0;
    std::string name = makeRegisteredName(targetPath_, make, error);
    if (name.empty())
        return error == EEXIST ? ioError(path_ + ": no free name for the temporary file in " +
                                         directoryOf(targetPath_))
                               : ioError(path_, error);
    tempPath_ = std::move(name); // removed by the destructor should a copy fail
    unnamed_ = false;
    if (naming_ == Naming::ByCopy)
        return moveIntoNamed(named);
    return {};
}

Result<void> AtomicOutput::giveAttributes(int fd) {
    if (!attributesFrom_.empty())
        return copyAttributes(attributesFrom_, fd);
    ::fchmod(fd, 0666 & ~processUmask());
    return {};
}

Result<void> AtomicOutput::moveIntoNamed(int named) {
    const auto fail = [&]() -> Result<void> {
        const int failed = errno;
        ::close(named);
        return ioError(path_, failed);
    };
    if (auto given = giveAttributes(named); !given) {
        ::close(named);
        return given;
    }
    // copy_file_range(2) where the kernel has it (Linux 4.5 and later); else read and write.
    std::vector<char> buffer;
    for (off_t at = 0;;) {
        ssize_t n = buffer.empty()
                        ? ::copy_file_range(fd_, &at, named, nullptr, std::size_t(1) << 30, 0)
                        : ::pread(fd_, buffer.data(), buffer.size(), at);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && buffer.empty() && at == 0 &&
            (errno == ENOSYS || errno == EXDEV || errno == EINVAL || errno == EOPNOTSUPP)) {
            buffer.resize(std::size_t(1) << 20);
            continue;
        }
        if (n < 0)
            return fail();
        if (n == 0)
            break;
        if (!buffer.empty()) {
            for (ssize_t done = 0; done < n;) {
                const ssize_t w = ::write(named, buffer.data() + done, std::size_t(n - done));
                if (w < 0 && errno != EINTR)
                    return fail();
                done += w > 0 ? w : 0;
            }
            at += n;
        }
    }
    if (::fsync(named) != 0)
        return fail();
    ::close(std::exchange(fd_, named)); // the unnamed file goes with its descriptor
    return {};
}

Result<void> AtomicOutput::commit(const BeforeRename& beforeRename) {
    if (writesInPlace()) {
        if (beforeRename)
            if (auto go = beforeRename(); !go)
                return go;
        Result<void> done;
        if (!flushBuffer())
            done = ioError(writeFailure());
        if (fd_ != 1 && fd_ >= 0) { // a device or a FIFO; standard output is closed by main()
            if (::close(std::exchange(fd_, -1)) != 0 && done)
                done = ioError(path_, errno);
        }
        return done;
    }
    // Uncommitted, the destructor removes the temporary file, named or not.
    if (auto finished = finishTemp(); !finished)
        return finished;
    if (beforeRename)
        if (auto go = beforeRename(); !go)
            return go;
    committed_ = true;
    Result<void> renamed;
    if (::rename(tempPath_.c_str(), targetPath_.c_str()) != 0) {
        renamed = ioError(path_, errno);
        ::unlink(tempPath_.c_str());
    }
    unregisterTempFile(tempPath_);
    if (renamed)
        syncDirectoryOf(targetPath_);
    return renamed;
}

namespace {

// rename(2) that never replaces an existing file: renameat2 with RENAME_NOREPLACE, or, on a file
// system without it, link(2) (which fails with EEXIST just the same) and unlink of the old name.
int renameWithoutReplacing(const char* from, const char* to) {
    if (::renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
        return -1;
    if (::link(from, to) != 0)
        return -1;
    ::unlink(from);
    return 0;
}

} // namespace

bool AtomicOutput::cloneFrom(int from) {
    if (writesInPlace() || fd_ < 0 || written_ != 0 || !buffer_.empty() || writeErrno_ != 0)
        return false;
    return ::ioctl(fd_, FICLONE, from) == 0;
}

Result<std::string>
AtomicOutput::commitUnderFreeName(const std::function<std::string(int)>& nameFor) {
    if (auto finished = finishTemp(); !finished)
        return finished.error();
    constexpr int kMostNames = 100000; // a directory with that many backups of one file is broken
    for (int n = 0; n < kMostNames; ++n) {
        std::string name = nameFor(n);
        if (renameWithoutReplacing(tempPath_.c_str(), name.c_str()) == 0) {
            committed_ = true;
            unregisterTempFile(tempPath_);
            syncDirectoryOf(name);
            return name;
        }
        if (errno != EEXIST)
            return ioError(name, errno); // the destructor removes the temporary file
    }
    return ioError(nameFor(kMostNames - 1) + ": every name up to this one is taken");
}

bool sameFile(const std::string& a, const std::string& b) {
    struct stat sa {
    }, sb{};
    if (::stat(a.c_str(), &sa) != 0 || ::stat(b.c_str(), &sb) != 0)
        return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

} // namespace u8io
