#include "file_on_disk.h"

#include <QFile>
#include <QFileInfo>
#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

namespace u8doc {

FileOnDisk FileOnDisk::at(const QString& path) {
    FileOnDisk f;
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return f;
    f.exists_ = true;
    f.device_ = quint64(st.st_dev);
    f.inode_ = quint64(st.st_ino);
    f.size_ = quint64(st.st_size);
    f.modifiedNs_ = qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    return f;
}

FileOnDisk::Change FileOnDisk::changeTo(const FileOnDisk& now) const {
    if (!now.exists_)
        return Change::Deleted;
    if (now.device_ != device_ || now.inode_ != inode_)
        return Change::Replaced;
    if (now.size_ < size_)
        return Change::Shrank;
    if (now.size_ > size_)
        return Change::Grew;
    return now.modifiedNs_ != modifiedNs_ ? Change::Modified : Change::None;
}

QString FileOnDisk::whyNotWritable(const QString& path) {
    const QFileInfo info(path);
    const QByteArray file = QFile::encodeName(info.absoluteFilePath());
    if (::access(file.constData(), W_OK) != 0) {
        if (errno == EROFS)
            return QObject::tr("%1 is on a read-only file system").arg(info.fileName());
        return QObject::tr("you may not write to %1").arg(info.fileName());
    }
    const QByteArray folder = QFile::encodeName(info.absolutePath());
    if (::access(folder.constData(), W_OK | X_OK) != 0)
        return QObject::tr("you may not write to the folder of %1 (saving writes the new "
                           "version there, then renames it over the file)")
            .arg(info.fileName());
    return {};
}

} // namespace u8doc
