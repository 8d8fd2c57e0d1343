#include "window_action.h"

#include "undo_stack.h"

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

QAction* makeStepAction(QObject* parent, u8doc::UndoStack* stack, bool redo,
                        const QString& prefix) {
    auto* action = new QAction(parent);
    const auto name = [action, prefix](const QString& step) {
        action->setText(step.isEmpty() ? prefix : prefix + u' ' + step);
    };
    if (redo) {
        action->setEnabled(stack->canRedo());
        name(stack->redoText());
        QObject::connect(stack, &u8doc::UndoStack::canRedoChanged, action, &QAction::setEnabled);
        QObject::connect(stack, &u8doc::UndoStack::redoTextChanged, action, name);
        QObject::connect(action, &QAction::triggered, stack, &u8doc::UndoStack::redo);
    } else {
        action->setEnabled(stack->canUndo());
        name(stack->undoText());
        QObject::connect(stack, &u8doc::UndoStack::canUndoChanged, action, &QAction::setEnabled);
        QObject::connect(stack, &u8doc::UndoStack::undoTextChanged, action, name);
        QObject::connect(action, &QAction::triggered, stack, &u8doc::UndoStack::undo);
    }
    return action;
}

} // namespace u8app
