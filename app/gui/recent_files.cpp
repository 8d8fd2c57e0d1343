#include "recent_files.h"

#include "settings.h"

#include <QFileInfo>

namespace u8app {

RecentFiles::RecentFiles(QObject* parent) : QObject(parent) {
    paths_ = settings::recentFiles();
    while (paths_.size() > kMaxEntries)
        paths_.removeLast();
}

void RecentFiles::add(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    paths_.removeAll(absolute);
    paths_.prepend(absolute);
    while (paths_.size() > kMaxEntries)
        paths_.removeLast();
    save();
}

void RecentFiles::remove(const QString& path) {
    if (paths_.removeAll(QFileInfo(path).absoluteFilePath()) > 0)
        save();
}

void RecentFiles::clear() {
    paths_.clear();
    save();
}

void RecentFiles::save() {
    settings::setRecentFiles(paths_);
    emit changed();
}

} // namespace u8app
