// Saving a document of any size: its bytes are read from a ByteSource (an edited
// PieceTable, or a snapshot of one) a chunk at a time and written through an AtomicOutput, so the
// file appears whole or not at all, with the replaced file's attributes (atomic_output.h), and
// memory stays one chunk whatever the size. The target may be the very file the document's
// pieces refer to: nothing is written to it; the new file is written beside it, synced, and
// renamed over it, and the descriptor the pieces read through still reads the old file.
#pragma once

#include "backup_file.h"
#include "u8codec/byte_source.h"

#include <cstdint>
#include <functional>
#include <string>

namespace u8io {

struct SaveOptions {
    // Keep the previous version of an existing target as a numbered backup (backup_file.h).
    bool keepBackup = false;
    // Called after every chunk with the bytes written so far and the total, from the thread that
    // saves; returning false cancels the save, leaving the target as it was.
    std::function<bool(std::uint64_t written, std::uint64_t total)> progress;
};

// A save done.
struct Saved {
    std::string backupName;                   // when a backup was kept
    BackupKind backupKind = BackupKind::Copy; // then how it was made
};

// Writes `bytes` (size() of them) to `path`. Fails, with the target untouched, if fewer can be
// read (the file a document refers to shrank under it) or written: ErrorCode::Io, the message
// "PATH: reason"; ErrorCode::Cancelled when options.progress asked to stop.
[[nodiscard]] u8codec::Result<Saved> saveSource(const u8codec::ByteSource& bytes,
                                                const std::string& path,
                                                const SaveOptions& options = {});

} // namespace u8io
