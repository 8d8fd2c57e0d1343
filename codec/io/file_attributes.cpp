#include "file_attributes.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>
#include <vector>

namespace u8io {
namespace {

// Copies every extended attribute `fromPath` has that `toFd` may take (a user cannot set
// trusted.* or security.* ones; those are left out).
void copyExtendedAttributes(const std::string& fromPath, int toFd) {
    const ssize_t listSize = ::listxattr(fromPath.c_str(), nullptr, 0);
    if (listSize <= 0)
        return; // none, or a file system without them
    std::vector<char> names(std::size_t(listSize) + 1, '\0');
    const ssize_t got = ::listxattr(fromPath.c_str(), names.data(), names.size() - 1);
    if (got <= 0)
        return;
    std::vector<char> value;
    for (const char* name = names.data(); name < names.data() + got;
         name += std::strlen(name) + 1) {
        const ssize_t size = ::getxattr(fromPath.c_str(), name, nullptr, 0);
        if (size < 0)
            continue;
        value.resize(std::size_t(size) + 1);
        const ssize_t n = ::getxattr(fromPath.c_str(), name, value.data(), value.size());
        if (n >= 0)
            ::fsetxattr(toFd, name, value.data(), std::size_t(n), 0); // where permitted
    }
}

} // namespace

Result<void> copyAttributes(const std::string& fromPath, int toFd) {
    struct stat st {};
    if (::stat(fromPath.c_str(), &st) != 0)
        return ioError(fromPath, errno);
    mode_t mode = st.st_mode & 07777;
    // The owner first: chown(2) clears set-user-ID and set-group-ID, which the mode sets again.
    if (::fchown(toFd, st.st_uid, st.st_gid) != 0) {
        // Try the group alone (a user may give a file any group they belong to).
        const bool groupKept = ::fchown(toFd, uid_t(-1), st.st_gid) == 0;
        mode &= ~mode_t(S_ISUID | S_ISGID);
        if (!groupKept)
            mode = (mode & ~mode_t(S_IRWXG)) | (mode & S_IRWXG & ((mode & S_IRWXO) << 3));
    }
    copyExtendedAttributes(fromPath, toFd);
    // Last: setting a POSIX ACL rewrites the group bits; the mode is the original's in the end.
    if (::fchmod(toFd, mode) != 0)
        return ioError(fromPath +
                       ": cannot give the new file its permissions: " + std::strerror(errno));
    return {};
}

// A link to nothing is refused rather than replaced by a file: the user named the link's target,
// and writing a new file there (or over the link) would not be what either of them meant.
Result<std::string> resolveLinks(const std::string& path) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode))
        return path;
    char* real = ::realpath(path.c_str(), nullptr);
    if (!real)
        return ioError(path + ": a symbolic link to a file that cannot be reached (" +
                       std::strerror(errno) + "); nothing written");
    std::string target = real;
    std::free(real);
    return target;
}

void syncDirectoryOf(const std::string& path) {
    const int fd = ::open(directoryOf(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return;
    ::fsync(fd);
    ::close(fd);
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

} // namespace u8io
