#include "save_source.h"

#include "atomic_output.h"
#include "backup_file.h"
#include "u8codec/aligned_buffer.h"

#include <algorithm>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

namespace u8io {

Result<Saved> saveSource(const u8codec::ByteSource& bytes, const std::string& path,
                         const SaveOptions& options) {
    using u8codec::ErrorCode;
    // Until commit() the target is untouched; dropping `out` discards what was written.
    auto created = AtomicOutput::create(path);
    if (!created)
        return created.error();
    const std::unique_ptr<AtomicOutput> out = std::move(*created);
    // One page-aligned chunk, reused: a chunk as large as kDirectWrite or more goes from it to
    // write(2) without another copy (atomic_output.cpp).
    u8codec::AlignedBuffer buffer(u8codec::kReadChunkSize);
    const std::uint64_t total = bytes.size();
    for (std::uint64_t done = 0; done < total;) {
        const std::size_t want = std::size_t(std::min<std::uint64_t>(buffer.size(), total - done));
        const std::size_t got = bytes.read(done, buffer.span().first(want));
        if (got < want)
            return {ErrorCode::Changed,
                    path + ": only " + std::to_string(done + got) + " of the " +
                        std::to_string(total) +
                        " bytes to save could be read (has the file being edited shrunk?); "
                        "nothing written"};
        if (!out->write(buffer.span().first(got)))
            break; // commit() says why
        done += got;
        if (options.progress && !options.progress(done, total))
            return {ErrorCode::Cancelled, path + ": cancelled; nothing written"};
    }
    // Only a file that exists has a previous version to keep (a new name has none). The backup
    // is made from the target as it is on disk, which is still the old version, just before the
    // rename: as a hard link or a reflink where it can be, so that a large file is not written
    // twice.
    struct stat st {};
    const bool keep =
        options.keepBackup && ::stat(out->targetPath().c_str(), &st) == 0 && S_ISREG(st.st_mode);
    std::optional<Backup> backup;
    const auto keepBackup = [&]() -> Result<void> {
        auto made = writeBackup(path, out.get());
        if (!made)
            return ioError(path + ": cannot keep the backup: " + made.message());
        backup = std::move(*made);
        return {};
    };
    if (const auto committed = out->commit(keep ? AtomicOutput::BeforeRename(keepBackup) : nullptr);
        !committed) {
        if (backup) // the rename failed after the backup was made: the file is as it was
            ::unlink(backup->name.c_str());
        return committed.error();
    }
    Saved saved;
    if (backup) {
        saved.backupName = backup->name;
        saved.backupKind = backup->kind;
    }
    return saved;
}

} // namespace u8io
