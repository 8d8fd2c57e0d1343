// The window's docks and their entries in the View menu. Each entry and its shortcut bring its
// dock to the front, and hide it only when it is in front already (Qt's toggleViewAction would
// hide a dock that is only tabbed behind another). Contents that may need more room than a small
// window gives go in a scroll area, so that every dock stays usable.
#pragma once

#include <QList>
#include <QObject>

class QAction;
class QDockWidget;
class QKeySequence;
class QMainWindow;
class QWidget;

namespace u8app {

class DockSetup : public QObject {
    Q_OBJECT
public:
    explicit DockSetup(QMainWindow* window);

    enum class Fit { AsIs, Scroll };
    // Adds `content` in a dock named `name` (saveState() needs it) to `area`, with a View menu
    // entry `title`, its `tip` and its shortcut `key`.
    QDockWidget* add(QWidget* content, const QString& name, const QString& title,
                     Qt::DockWidgetArea area, const QString& tip, const QKeySequence& key,
                     Fit fit = Fit::AsIs);
    // The View menu's entries, one per dock, in the order added.
    QList<QAction*> actions() const { return actions_; }

    // Shows `dock` in front of its tab group; hides it when it is in front already.
    static void showOrHide(QDockWidget* dock);

private:
    QMainWindow* window_;
    QList<QAction*> actions_;
};

} // namespace u8app
