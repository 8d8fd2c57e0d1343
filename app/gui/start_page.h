// What the window shows while no document is open, in place of two empty panes: how to open a
// file (the shortcut, drag and drop, the tour sample) and the files opened lately, each a click
// away.
#pragma once

#include <QWidget>
#include <functional>

class QAction;
class QVBoxLayout;

namespace u8app {

class RecentFiles;

class StartPage : public QWidget {
    Q_OBJECT
public:
    // `open` and `sample` are the File menu's actions; `openPath` opens a recent file.
    StartPage(QAction* open, QAction* sample, RecentFiles* recent,
              std::function<void(const QString&)> openPath, QWidget* parent = nullptr);

    // Lies over `target` (a sibling), following its geometry, instead of taking a place in a
    // layout of its own.
    void cover(QWidget* target);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    // One button per recent file, most recent first; the heading only when there are some.
    void listRecentFiles();

    RecentFiles* recent_;
    std::function<void(const QString&)> openPath_;
    QVBoxLayout* recentList_;
    QWidget* target_ = nullptr;
};

} // namespace u8app
