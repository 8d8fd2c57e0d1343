// The steps of the document's history, undone and redone in order: the part of QUndoStack that
// the history uses, with QtCore only (QUndoStack is in QtGui since Qt 6), so that the document
// layer and its suites need no GUI. What a step does is its own (DocumentHistory's commands);
// the stack keeps their order, merges a step into the one before it when both say they may
// (a run of typing), and drops the steps undone when a new one is pushed.
#pragma once

#include <QObject>
#include <QString>
#include <memory>
#include <vector>

namespace u8doc {

class UndoStep {
public:
    explicit UndoStep(QString text) : text_(std::move(text)) {}
    virtual ~UndoStep() = default;
    UndoStep(const UndoStep&) = delete;
    UndoStep& operator=(const UndoStep&) = delete;

    // What Edit > Undo and Redo call it ("Typing", "Replace All").
    QString text() const { return text_; }
    // Steps of the same kind (an id of 0 or more) may merge; -1: never.
    virtual int id() const { return -1; }
    // Takes `next`, pushed just after this step and of the same id, into this one; false when
    // they stay two steps.
    virtual bool mergeWith(const UndoStep* next) {
        (void)next;
        return false;
    }
    virtual void redo() = 0;
    virtual void undo() = 0;

private:
    QString text_;
};

class UndoStack : public QObject {
    Q_OBJECT
public:
    explicit UndoStack(QObject* parent = nullptr) : QObject(parent) {}
    ~UndoStack() override;

    // Does `step` (its redo()), drops the steps undone, then merges it into the step before or
    // keeps it as the newest.
    void push(std::unique_ptr<UndoStep> step);
    // Forgets every step.
    void clear();

    int count() const { return int(steps_.size()); }
    // The steps done: the next undo is step index() - 1.
    int index() const { return index_; }
    bool canUndo() const { return index_ > 0; }
    bool canRedo() const { return index_ < count(); }
    // The text of the step undo() or redo() would take back or do again; empty when none.
    QString undoText() const;
    QString redoText() const;

public slots:
    void undo();
    void redo();

signals:
    void canUndoChanged(bool canUndo);
    void canRedoChanged(bool canRedo);
    void undoTextChanged(const QString& text);
    void redoTextChanged(const QString& text);

private:
    void setIndex(int index);

    std::vector<std::unique_ptr<UndoStep>> steps_;
    int index_ = 0;
};

} // namespace u8doc
