// The Open Recent list: most recent first, without duplicates, kept in QSettings.
#pragma once

#include <QObject>
#include <QStringList>

namespace u8app {

class RecentFiles : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxEntries = 10;

    explicit RecentFiles(QObject* parent = nullptr);

    QStringList paths() const { return paths_; }
    // Puts `path` (made absolute) first; drops the oldest beyond kMaxEntries.
    void add(const QString& path);
    // Forgets a path (a recent file that no longer opens).
    void remove(const QString& path);
    void clear();

signals:
    void changed();

private:
    void save();
    QStringList paths_;
};

} // namespace u8app
