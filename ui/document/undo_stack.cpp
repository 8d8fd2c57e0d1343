#include "undo_stack.h"

namespace u8doc {

// Steps refer to their owner (the history): they go while it still exists, one by one.
UndoStack::~UndoStack() {
    steps_.clear();
}

void UndoStack::push(std::unique_ptr<UndoStep> step) {
    step->redo();
    UndoStep* newest = index_ > 0 ? steps_[std::size_t(index_ - 1)].get() : nullptr;
    steps_.resize(std::size_t(index_)); // the steps undone can no longer be redone
    if (newest && newest->id() != -1 && newest->id() == step->id() &&
        newest->mergeWith(step.get())) {
        setIndex(index_);
        return;
    }
    steps_.push_back(std::move(step));
    setIndex(index_ + 1);
}

void UndoStack::clear() {
    steps_.clear();
    setIndex(0);
}

QString UndoStack::undoText() const {
    return canUndo() ? steps_[std::size_t(index_ - 1)]->text() : QString();
}

QString UndoStack::redoText() const {
    return canRedo() ? steps_[std::size_t(index_)]->text() : QString();
}

void UndoStack::undo() {
    if (!canUndo())
        return;
    steps_[std::size_t(index_ - 1)]->undo();
    setIndex(index_ - 1);
}

void UndoStack::redo() {
    if (!canRedo())
        return;
    steps_[std::size_t(index_)]->redo();
    setIndex(index_ + 1);
}

// As QUndoStack does: every state signal after each change, so that actions follow the texts
// of merged steps too.
void UndoStack::setIndex(int index) {
    index_ = index;
    emit canUndoChanged(canUndo());
    emit undoTextChanged(undoText());
    emit canRedoChanged(canRedo());
    emit redoTextChanged(redoText());
}

} // namespace u8doc
