#include "backup_file.h"

#include "atomic_output.h"
#include "file_attributes.h"
#include "u8codec/aligned_buffer.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <vector>

namespace u8io {

std::string backupName(const std::string& path, int n) {
    return n == 0 ? path + ".bak" : path + ".bak." + std::to_string(n);
}

std::optional<std::string> writeBackup(const std::string& path, std::string& error) {
    std::string original;
    if (!resolveLinks(path, original, error))
        return std::nullopt;
    const int in = ::open(original.c_str(), O_RDONLY | O_CLOEXEC);
    if (in < 0) {
        error = path + ": " + std::strerror(errno);
        return std::nullopt;
    }
    auto out = AtomicOutput::createBeside(original, error);
    if (!out) {
        ::close(in);
        return std::nullopt;
    }
    u8codec::AlignedBuffer buffer(u8codec::kReadChunkSize);
    for (;;) {
        const ssize_t n = ::read(in, buffer.data(), buffer.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            error = path + ": " + std::strerror(errno);
            ::close(in);
            return std::nullopt;
        }
        if (n == 0)
            break;
        if (!out->write(buffer.span().first(std::size_t(n))))
            break; // commitUnderFreeName() reports the write error
    }
    ::close(in);
    return out->commitUnderFreeName([&](int n) { return backupName(original, n); }, error);
}

} // namespace u8io
