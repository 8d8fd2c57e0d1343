// What the window needs to know of the open file on disk, apart from its bytes: whether the user
// may write it (else the document opens read only), and what became of it since it was opened
// (another program replaced, cut, changed or deleted it), so that unsaved edits are never written
// over another version silently.
#pragma once

#include <QString>
#include <QtGlobal>

namespace u8doc {

class FileOnDisk {
public:
    enum class Change { None, Deleted, Replaced, Shrank, Grew, Modified };

    FileOnDisk() = default;
    // The file at `path` as it is now (stat(2), through symbolic links).
    static FileOnDisk at(const QString& path);

    bool exists() const { return exists_; }
    quint64 size() const { return size_; }
    // What differs in `now` from this state: another file under the name (a new inode: an editor
    // that saves by renaming), or the same file cut, grown or rewritten in place.
    Change changeTo(const FileOnDisk& now) const;

    // Why the user may not write `path`, as a clause ("you may not write to notes.txt"); empty
    // when they may. Saving writes a new file beside the old one and renames it over (u8io::
    // AtomicOutput), so the folder must be writable too.
    static QString whyNotWritable(const QString& path);

private:
    bool exists_ = false;
    quint64 device_ = 0, inode_ = 0, size_ = 0;
    qint64 modifiedNs_ = 0;
};

} // namespace u8doc
