#include "backup_file.h"

#include "atomic_output.h"
#include "file_attributes.h"
#include "u8codec/aligned_buffer.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace u8io {

std::string backupName(const std::string& path, int n) {
    return n == 0 ? path + ".bak" : path + ".bak." + std::to_string(n);
}

const char* describe(BackupKind kind) {
    switch (kind) {
    case BackupKind::Reflink:
        return "a reflink";
    case BackupKind::HardLink:
        return "a hard link";
    case BackupKind::Copy:
        break;
    }
    return "a copy";
}

namespace {

// Whether the original (open as `in`, named `original`) may become the backup itself: only when
// `replacement` puts a new file at that very name, and nothing else names the old one.
bool mayLink(int in, const std::string& original, const AtomicOutput* replacement) {
    struct stat st {};
    return replacement && replacement->replacesTarget() && replacement->targetPath() == original &&
           ::fstat(in, &st) == 0 && S_ISREG(st.st_mode) && st.st_nlink == 1;
}

// Whether link(2) failed because this file system or its rules allow no such link (the backup is
// then copied), rather than because of an I/O error, which is reported.
bool cannotLinkHere(int error) {
    return error == EPERM || error == EMLINK || error == EXDEV || error == ENOTSUP ||
           error == EOPNOTSUPP || error == ENOSYS || error == EACCES;
}

// The original (open as `in`), synced, under the first free backup name by link(2), which never
// replaces an existing name (EEXIST), and the directory synced: as durable as a copy. An empty
// name where the file system refuses the link; an error on an I/O error.
Result<std::string> linkUnderFreeName(int in, const std::string& original) {
    if (::fsync(in) != 0)
        return ioError(original, errno);
    constexpr int kMostNames = 100000; // as AtomicOutput::commitUnderFreeName()
    for (int n = 0; n < kMostNames; ++n) {
        std::string name = backupName(original, n);
        if (::link(original.c_str(), name.c_str()) == 0) {
            syncDirectoryOf(name);
            return name;
        }
        if (errno == EEXIST)
            continue;
        if (cannotLinkHere(errno))
            return std::string();
        return ioError(name, errno);
    }
    return std::string();
}

// Copies what `in` holds into `out`, a chunk at a time. An error on a read error; a write error
// is left for the commit to report.
Result<void> copyInto(int in, const std::string& path, AtomicOutput& out) {
    u8codec::AlignedBuffer buffer(u8codec::kReadChunkSize);
    for (;;) {
        const ssize_t n = ::read(in, buffer.data(), buffer.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return ioError(path, errno);
        if (n == 0 || !out.write(buffer.span().first(std::size_t(n))))
            return {};
    }
}

} // namespace

Result<Backup> writeBackup(const std::string& path, const AtomicOutput* replacement) {
    const auto resolved = resolveLinks(path);
    if (!resolved)
        return resolved.error();
    const std::string& original = *resolved;
    const int in = ::open(original.c_str(), O_RDONLY | O_CLOEXEC);
    if (in < 0)
        return ioError(path, errno);
    // The hard link first: it makes no new file at all (and so writes nothing that could fail).
    if (mayLink(in, original, replacement)) {
        auto name = linkUnderFreeName(in, original);
        if (!name || !name->empty()) {
            ::close(in);
            if (!name)
                return name.error();
            return Backup{std::move(*name), BackupKind::HardLink};
        }
    }
    auto out = AtomicOutput::createBeside(original);
    if (!out) {
        ::close(in);
        return out.error();
    }
    Backup backup;
    if ((*out)->cloneFrom(in))
        backup.kind = BackupKind::Reflink;
    const Result<void> read =
        backup.kind == BackupKind::Reflink ? Result<void>() : copyInto(in, path, **out);
    ::close(in);
    if (!read)
        return read.error();
    auto name = (*out)->commitUnderFreeName([&](int n) { return backupName(original, n); });
    if (!name)
        return name.error();
    backup.name = std::move(*name);
    return backup;
}

} // namespace u8io
