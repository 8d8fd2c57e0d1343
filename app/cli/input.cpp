#include "input.h"

#include "shown_name.h"
#include "u8codec/aligned_buffer.h"
#include "u8codec/read_all.h"

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <sys/stat.h>
#include <system_error>
#include <thread>
#include <unistd.h>
#include <vector>

namespace u8cli {
namespace {

using u8codec::AlignedBuffer;
using u8codec::kReadChunkSize;
using Consume = std::function<bool(std::span<const std::uint8_t>)>;

// A file read front to back, one chunk ahead: a second thread reads the next chunk (the kernel's
// copy out of the page cache) while the caller's thread works on the one before, in two buffers
// used in turn. On two cores this takes the read out of the command's time whenever the work on a
// chunk takes longer than its read (decode, transcode, scan); the chunks handed over are the same
// as a plain read loop's. A short read is the end of the file, or a failed read, which
// forEachChunk tells from it by FileSource::readError() (FileSource::read reads on until
// the buffer is full or the file ends: a file that shrinks while it is read ends early).
class ReadAhead {
public:
    ReadAhead(const u8codec::FileSource& file, std::uint64_t from) : file_(file), from_(from) {}

    // False when no thread could be started: then nothing was read.
    bool run(const Consume& consume) {
        for (Slot& slot : slots_)
            slot.buffer.resize(kReadChunkSize);
        std::thread reader;
        try {
            reader = std::thread([this] { readAll(); });
        } catch (const std::system_error&) {
            return false;
        }
        for (std::size_t k = 0;; ++k) {
            Slot& slot = slots_[k % 2];
            std::size_t length = 0;
            {
                std::unique_lock lock(mutex_);
                changed_.wait(lock, [&] { return slot.filled; });
                length = slot.length;
            }
            const bool more = length == kReadChunkSize;
            const bool wanted = length == 0 || consume({slot.buffer.data(), length});
            std::lock_guard lock(mutex_);
            slot.filled = false;
            stop_ = !wanted;
            changed_.notify_all();
            if (!more || !wanted)
                break;
        }
        reader.join();
        return true;
    }

private:
    struct Slot {
        AlignedBuffer buffer;
        std::size_t length = 0;
        bool filled = false;
    };

    void readAll() {
        std::uint64_t offset = from_;
        for (std::size_t k = 0;; ++k) {
            Slot& slot = slots_[k % 2];
            {
                std::unique_lock lock(mutex_);
                changed_.wait(lock, [&] { return !slot.filled || stop_; });
                if (stop_)
                    return;
            }
            const std::size_t n = file_.read(offset, slot.buffer.span());
            offset += n;
            std::lock_guard lock(mutex_);
            slot.length = n;
            slot.filled = true;
            changed_.notify_all();
            if (n < kReadChunkSize)
                return;
        }
    }

    const u8codec::FileSource& file_;
    std::uint64_t from_;
    Slot slots_[2];
    std::mutex mutex_;
    std::condition_variable changed_;
    bool stop_ = false;
};

// The plain loop: for files of one chunk or two, where a thread costs more than it saves. With
// `toOpenedSize`, a file whose size is known is read up to it, each read asking for no more than
// is left: no read is spent to find the end.
void readInTurn(const u8codec::FileSource& file, std::uint64_t from, const Consume& consume,
                bool toOpenedSize) {
    AlignedBuffer buffer(kReadChunkSize);
    const std::uint64_t end = toOpenedSize && file.size() != 0 ? file.size() : UINT64_MAX;
    for (std::uint64_t offset = from; offset < end;) {
        const std::size_t want = std::size_t(std::min<std::uint64_t>(buffer.size(), end - offset));
        const std::size_t n = file.read(offset, buffer.span().first(want));
        if (n == 0 || !consume({buffer.data(), n}) || n < want)
            return;
        offset += n;
    }
}

} // namespace

namespace {

std::optional<FileStamp> stampOf(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return std::nullopt;
    return FileStamp{std::uint64_t(st.st_dev), std::uint64_t(st.st_ino), st.st_size,
                     st.st_mtim.tv_sec,        st.st_mtim.tv_nsec,       st.st_ctim.tv_sec,
                     st.st_ctim.tv_nsec};
}

} // namespace

bool Input::changedSinceOpened(bool linkedSince) const {
    if (!file_)
        return false;
    std::optional<FileStamp> now = stampOf(file_->path());
    if (now && linkedSince) {
        now->changedSeconds = opened_.changedSeconds;
        now->changedNanoseconds = opened_.changedNanoseconds;
    }
    return now != opened_;
}

std::unique_ptr<Input> Input::open(const std::string& path, std::string& error) {
    auto input = std::make_unique<Input>();
    if (path == "-") {
        input->displayName_ = input->name_ = "<stdin>";
        return input;
    }
    input->displayName_ = shownName(path);
    input->name_ = path;
    if (path.empty()) {
        error = "'': empty file name";
        return nullptr;
    }
    // Stamped before it is opened: a change between the two is seen as a change, never missed.
    const auto stamp = stampOf(path);
    auto opened = u8codec::FileSource::open(path);
    if (!opened.ok()) {
        error = input->displayName_ + ": " + opened.message();
        return nullptr;
    }
    if (!stamp) { // it appeared between the two
        error = input->displayName_ + ": the file changed while it was being opened";
        return nullptr;
    }
    input->file_ = std::move(opened).value();
    input->opened_ = *stamp;
    return input;
}

std::unique_ptr<Input> Input::openToRead(const std::string& path, std::string& error) {
    if (path == "-" || path.empty())
        return open(path, error);
    auto input = std::make_unique<Input>();
    input->displayName_ = shownName(path);
    input->name_ = path;
    auto opened = u8codec::FileSource::open(path);
    if (!opened.ok()) {
        error = input->displayName_ + ": " + opened.message();
        return nullptr;
    }
    input->file_ = std::move(opened).value();
    input->toOpenedSize_ = true;
    return input;
}

bool Input::forEachChunk(const Consume& consume, std::string& error, std::uint64_t from) const {
    if (!file_)
        return forEachStandardInputChunk(consume, error, from);
    const std::uint64_t size = file_->size();
    if (size - std::min(size, from) <= 2 * kReadChunkSize || !ReadAhead(*file_, from).run(consume))
        readInTurn(*file_, from, consume, toOpenedSize_);
    return !readFailed(error);
}

bool Input::readFailed(std::string& error) const {
    const int failed = file_ ? file_->readError() : 0;
    if (failed != 0)
        error = displayName_ + ": " + std::strerror(failed);
    return failed != 0;
}

bool Input::forEachStandardInputChunk(const Consume& consume, std::string& error,
                                      std::uint64_t from) const {
    AlignedBuffer buffer(kReadChunkSize);
    for (std::uint64_t skipped = 0;;) {
        const ssize_t n = ::read(STDIN_FILENO, buffer.data(), buffer.size());
        if (n < 0) {
            if (errno == EINTR)
                continue;
            error = displayName_ + ": " + std::strerror(errno);
            return false;
        }
        if (n == 0)
            return true;
        // Up to `from`, the bytes are only counted.
        const std::size_t drop =
            std::size_t(std::min<std::uint64_t>(from - skipped, std::uint64_t(n)));
        skipped += drop;
        if (std::size_t(n) > drop && !consume({buffer.data() + drop, std::size_t(n) - drop}))
            return true;
    }
}

namespace {

bool writeAll(int fd, std::span<const std::uint8_t> bytes) {
    for (std::size_t done = 0; done < bytes.size();) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += std::size_t(n);
    }
    return true;
}

} // namespace

namespace {

// A file for standard input that has no name from the start: O_TMPFILE where the file system
// has it, else mkostemp(3) unlinked at once. Either way a signal, even SIGKILL, leaves nothing
// in the directory. -1 with errno on failure.
int openSpool(const std::string& dir) {
#ifdef O_TMPFILE
    const int unnamed = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (unnamed >= 0)
        return unnamed;
#endif
    std::vector<char> name(dir.begin(), dir.end());
    const std::string_view pattern = "/u8scope-stdin-XXXXXX";
    name.insert(name.end(), pattern.begin(), pattern.end());
    name.push_back('\0');
    const int fd = ::mkostemp(name.data(), O_CLOEXEC); // mode 0600
    if (fd >= 0)
        ::unlink(name.data());
    return fd;
}

} // namespace

bool Input::readOrSpool(std::uint64_t inMemory, std::uint64_t limit, std::string& text,
                        std::unique_ptr<u8codec::FileSource>& spooled, std::string& error) const {
    text.clear();
    const char* tmp = std::getenv("TMPDIR");
    const std::string dir = tmp && *tmp ? tmp : "/tmp";
    int fd = -1;
    int failed = 0; // errno of the spool's failure
    std::uint64_t total = 0;
    const auto spool = [&](std::span<const std::uint8_t> bytes) {
        if (!writeAll(fd, bytes))
            failed = errno ? errno : EIO;
        return failed == 0;
    };
    const bool read = forEachChunk(
        [&](std::span<const std::uint8_t> chunk) {
            total += chunk.size();
            if (total > limit)
                return false;
            if (fd < 0 && text.size() + chunk.size() < inMemory) {
                text.append(reinterpret_cast<const char*>(chunk.data()), chunk.size());
                return true;
            }
            if (fd < 0) {
                fd = openSpool(dir);
                if (fd < 0) {
                    failed = errno;
                    return false;
                }
                const bool held =
                    spool({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()});
                std::string().swap(text);
                if (!held)
                    return false;
            }
            return spool(chunk); // stops reading at the first write error
        },
        error);
    if (fd >= 0 && failed == 0 && total <= limit && read) {
        spooled = u8codec::FileSource::adopt(fd, displayName_);
        if (spooled)
            return true;
        failed = errno;
    }
    if (fd >= 0)
        ::close(fd);
    if (!read)
        return false;
    if (total > limit) {
        error = displayName_ + ": longer than " + std::to_string(limit) +
                " bytes (--max-input); nothing written";
        return false;
    }
    if (failed != 0) {
        error =
            displayName_ + ": copying to a temporary file in " + dir + ": " + std::strerror(failed);
        return false;
    }
    return true;
}

bool Input::readAll(std::string& out, std::string& error) const {
    out.clear();
    if (!file_)
        return forEachStandardInputChunk(
            [&](std::span<const std::uint8_t> chunk) {
                out.append(reinterpret_cast<const char*>(chunk.data()), chunk.size());
                return true;
            },
            error);
    // Straight into the result (u8codec::readAll): the file may have grown since it was opened
    // (read on) or shrunk (the short read is its end); changedSinceOpened() judges either before
    // anything made of it is written. Only a failed read is an error here.
    static_cast<void>(u8codec::readAll(*file_, out)); // a short end is the file's end, as above
    return !readFailed(error);
}

} // namespace u8cli
