// How the window's commands are made: one QAction per command, with its words, its shortcut and a
// tip that is both its tooltip and its status tip, owned by the window and added to it, so that
// the shortcut works with the menu bar hidden too.
#pragma once

#include <QAction>
#include <QKeySequence>
#include <QString>

class QWidget;

namespace u8doc {
class UndoStack;
} // namespace u8doc

namespace u8app {

// `key` may be empty (no shortcut).
QAction* makeWindowAction(QWidget* window, const QString& text, const QKeySequence& key,
                          const QString& tip);

// The same, running `slot` (a function object) in `context` when triggered.
template <typename Slot>
QAction* makeWindowAction(QWidget* window, const QString& text, const QKeySequence& key,
                          const QString& tip, const QObject* context, Slot slot) {
    QAction* action = makeWindowAction(window, text, key, tip);
    QObject::connect(action, &QAction::triggered, context, std::move(slot));
    return action;
}

// Edit > Undo (`redo` false) or Redo over `stack`, owned by `parent`: "&Undo Typing" names the
// step it would take back after `prefix`, and it is disabled when there is none (what
// QUndoStack::createUndoAction made).
QAction* makeStepAction(QObject* parent, u8doc::UndoStack* stack, bool redo, const QString& prefix);

} // namespace u8app
