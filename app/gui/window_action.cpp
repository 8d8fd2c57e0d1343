#include "window_action.h"

#include <QWidget>

namespace u8app {

QAction* makeWindowAction(QWidget* window, const QString& text, const QKeySequence& key,
                          const QString& tip) {
    auto* action = new QAction(text, window);
    if (!key.isEmpty())
        action->setShortcut(key);
    action->setToolTip(tip);
    action->setStatusTip(tip);
    window->addAction(action);
    return action;
}

} // namespace u8app
