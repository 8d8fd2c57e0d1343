#include "input.h"

#include <cerrno>
#include <cstring>
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
