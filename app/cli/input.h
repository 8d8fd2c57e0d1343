// The inputs of u8scope-cli: a file named on the command line, or "-" for standard input.
// Files are read through u8codec::FileSource in fixed-size chunks into page-aligned buffers
// (u8codec::AlignedBuffer, kReadChunkSize), never copied whole, so `check` and `stats` run in
// constant memory on files of any size. No command writes its input.
#pragma once

#include "u8codec/byte_source.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>

namespace u8cli {

// What identifies a file's content: a command that reads a file and then writes what it made of
// it checks that the file is still the one it read (Input::changedSinceOpened()).
struct FileStamp {
    std::uint64_t device = 0;
    std::uint64_t inode = 0;
    std::int64_t size = 0;
    std::int64_t modifiedSeconds = 0, modifiedNanoseconds = 0;
    std::int64_t changedSeconds = 0, changedNanoseconds = 0; // ctime: also a truncate to the
                                                             // same size, a chmod
    bool operator==(const FileStamp&) const = default;
};

class Input {
public:
    // Opens `path` ("-": standard input). On failure returns null and sets `error` to
    // "PATH: reason" (e.g. "notes.txt: No such file or directory").
    static std::unique_ptr<Input> open(const std::string& path, std::string& error);
    // A file opened only to be read once, front to back (`audit`): its content as it is when
    // opened, up to the size it had then (a file of one or two chunks takes one read each, not
    // one more to find its end; a file that says it is empty, as those of /proc do, is read to
    // its end). No stamp is taken: changedSinceOpened() is never asked of it.
    static std::unique_ptr<Input> openToRead(const std::string& path, std::string& error);

    // The name to print in text and messages: the path (shown_name.h: escaped when it holds
    // controls or bytes that are not UTF-8), or "<stdin>".
    const std::string& displayName() const { return displayName_; }
    // The name as it is, for JSON and SARIF, which escape it themselves.
    const std::string& name() const { return name_; }

    // Calls consume() with consecutive chunks of the input, front to back. Returns false and
    // sets `error` ("NAME: reason") when reading fails; consume() returning false stops early.
    // A file of several chunks is read one chunk ahead on a second thread while consume()
    // works on the one before (see ReadAhead in input.cpp); the chunks are the same either way.
    // With `from`, the input starts at that offset: a file is read from there, standard input
    // read and dropped up to it.
    bool forEachChunk(const std::function<bool(std::span<const std::uint8_t>)>& consume,
                      std::string& error, std::uint64_t from = 0) const;

    // The whole input in memory, for operations that need it all (repair). A file is read
    // straight into `out`, not through a chunk buffer.
    bool readAll(std::string& out, std::string& error) const;

    // Standard input read whole: into `text` while shorter than `inMemory` bytes, else into a
    // temporary file given as `spooled` (in $TMPDIR, else /tmp; mode 0600, without a name from
    // the moment it is made, so that nothing is left behind whatever ends the process), so that
    // a command reading its input more than once can take long input. Input longer than `limit`
    // bytes is refused (the spool would otherwise fill the disk from an endless stream), and so
    // is a failed write to the spool, which stops the reading at once.
    bool readOrSpool(std::uint64_t inMemory, std::uint64_t limit, std::string& text,
                     std::unique_ptr<u8codec::FileSource>& spooled, std::string& error) const;

    // True, with `error` ("NAME: reason"), when a read of the file failed: a failed read ends
    // short like the end of the file (FileSource::read), and must not be taken for it. For the
    // callers that read file() themselves; forEachChunk() and readAll() ask it already.
    bool readFailed(std::string& error) const;

    // True when the file is no longer the one opened: written to, truncated, replaced or
    // removed since (never for standard input). The one rule of every command that writes what
    // it made of a file: a result read from a file that changed under it is no conversion of
    // either version (and --in-place would lose what was added), so it is not written.
    // `linkedSince`: a backup linked to the file since (backup_file.h) changed its ctime, which
    // is then not compared; its size and mtime still show a write.
    bool changedSinceOpened(bool linkedSince = false) const;

    // The file itself (null for standard input): for size queries and re-reading.
    const u8codec::FileSource* file() const { return file_.get(); }

private:
    bool
    forEachStandardInputChunk(const std::function<bool(std::span<const std::uint8_t>)>& consume,
                              std::string& error, std::uint64_t from = 0) const;

    std::unique_ptr<u8codec::FileSource> file_; // null for standard input
    FileStamp opened_;                          // taken just before the file was opened
    bool toOpenedSize_ = false;                 // openToRead()
    std::string displayName_;
    std::string name_;
};

} // namespace u8cli
