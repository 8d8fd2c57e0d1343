#include "input.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <vector>

namespace u8cli {

std::unique_ptr<Input> Input::open(const std::string& path, std::string& error) {
    auto input = std::make_unique<Input>();
    if (path == "-") {
        input->displayName_ = "<stdin>";
        return input;
    }
    input->displayName_ = path;
    if (path.empty()) {
        error = "'': empty file name";
        return nullptr;
    }
    auto opened = u8codec::FileSource::open(path);
    if (!opened.source) {
        error = path + ": " + opened.error;
        return nullptr;
    }
    input->file_ = std::move(opened.source);
    return input;
}

bool Input::forEachChunk(const std::function<bool(std::span<const std::uint8_t>)>& consume,
                         std::string& error) const {
    std::vector<std::uint8_t> buffer(kChunkSize);
    if (file_) {
        // A file that shrinks while we read gives a short read: that is its new end.
        for (std::uint64_t offset = 0;;) {
            const std::size_t n = file_->read(offset, buffer);
            if (n == 0)
                return true;
            offset += n;
            if (!consume(std::span<const std::uint8_t>(buffer.data(), n)))
                return true;
        }
    }
    for (;;) {
        const ssize_t n = ::read(STDIN_FILENO, buffer.data(), buffer.size());
        if (n < 0) {
            if (errno == EINTR)
                continue;
            error = displayName_ + ": " + std::strerror(errno);
            return false;
        }
        if (n == 0)
            return true;
        if (!consume(std::span<const std::uint8_t>(buffer.data(), std::size_t(n))))
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

bool Input::readOrSpool(std::uint64_t inMemory, std::string& text,
                        std::unique_ptr<u8codec::FileSource>& spooled, std::string& error) const {
    text.clear();
    const char* tmp = std::getenv("TMPDIR");
    const std::string dir = tmp && *tmp ? tmp : "/tmp";
    std::string path;
    int fd = -1;
    bool failed = false;
    const bool read = forEachChunk(
        [&](std::span<const std::uint8_t> chunk) {
            if (fd < 0 && text.size() + chunk.size() < inMemory) {
                text.append(reinterpret_cast<const char*>(chunk.data()), chunk.size());
                return true;
            }
            if (fd < 0) {
                std::vector<char> name(dir.begin(), dir.end());
                const std::string_view pattern = "/u8scope-stdin-XXXXXX";
                name.insert(name.end(), pattern.begin(), pattern.end());
                name.push_back('\0');
                fd = ::mkostemp(name.data(), O_CLOEXEC); // mode 0600
                path = name.data();
                failed = fd < 0 ||
                         !writeAll(fd, std::span(reinterpret_cast<const std::uint8_t*>(text.data()),
                                                 text.size()));
                std::string().swap(text);
            }
            failed = failed || !writeAll(fd, chunk);
            return !failed;
        },
        error);
    if (fd >= 0 || failed) {
        const int saved = errno;
        if (!failed) {
            auto opened = u8codec::FileSource::open(path);
            spooled = std::move(opened.source);
            failed = !spooled;
        }
        if (!path.empty())
            ::unlink(path.c_str());
        if (fd >= 0)
            ::close(fd);
        if (failed) {
            error = displayName_ + ": copying to a temporary file in " + dir + ": " +
                    std::strerror(saved ? saved : EIO);
            return false;
        }
    }
    return read;
}

bool Input::readAll(std::string& out, std::string& error) const {
    out.clear();
    if (file_)
        out.reserve(file_->size());
    return forEachChunk(
        [&](std::span<const std::uint8_t> chunk) {
            out.append(reinterpret_cast<const char*>(chunk.data()), chunk.size());
            return true;
        },
        error);
}

} // namespace u8cli
