#include "dock_setup.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QScrollArea>

namespace u8app {

DockSetup::DockSetup(QMainWindow* window) : QObject(window), window_(window) {}

QDockWidget* DockSetup::add(QWidget* content, const QString& name, const QString& title,
                            Qt::DockWidgetArea area, const QString& tip, const QKeySequence& key,
                            Fit fit) {
    if (fit == Fit::Scroll) {
        // The dock's minimum is then the scroll area's, not the content's.
        auto* scroll = new QScrollArea(window_);
        scroll->setWidget(content);
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        // Tab goes to the controls inside, not to the scroll area, which shows no focus.
        scroll->setFocusPolicy(Qt::NoFocus);
        content = scroll;
    }
    auto* dock = new QDockWidget(title, window_);
    dock->setObjectName(name);
    dock->setWidget(content);
    // A dock behind another in its tab group stays "visible" to Qt, covered: Tab would take the
    // focus into it, out of sight (the code-page table, the walk-through's tabs and input). Its
    // controls take no focus until its tab is in front.
    connect(dock, &QDockWidget::visibilityChanged, content,
            [content](bool visible) { content->setEnabled(visible); });
    window_->addDockWidget(area, dock);
    auto* action = new QAction(title, window_);
    action->setObjectName(name + QStringLiteral("Action"));
    action->setCheckable(true);
    action->setToolTip(tip);
    action->setStatusTip(tip);
    action->setShortcut(key);
    action->setChecked(dock->toggleViewAction()->isChecked());
    connect(dock->toggleViewAction(), &QAction::toggled, action, &QAction::setChecked);
    connect(action, &QAction::triggered, this, [dock, action] {
        showOrHide(dock);
        action->setChecked(!dock->isHidden());
    });
    window_->addAction(action);
    actions_.push_back(action);
    return dock;
}

void DockSetup::showOrHide(QDockWidget* dock) {
    // In front: shown and not covered by the other docks of its tab group (a tab behind another
    // is not visible). Only then does the command hide it.
    if (!dock->isHidden() && dock->isVisible() && !dock->visibleRegion().isEmpty()) {
        dock->hide();
        return;
    }
    dock->show();
    dock->raise();
    if (dock->isFloating())
        dock->activateWindow();
}

} // namespace u8app
