// The edits made to the open document, as an undo stack (Edit > Undo / Redo). Every repair or
// reinterpretation replaces the document's bytes as one undoable step; the file on disk is never
// touched until the user saves.
#pragma once

#include "u8codec/byte_source.h"

#include <QObject>
#include <memory>

class QUndoStack;

namespace u8ui {
class ByteDocument;
}

namespace u8app {

class DocumentHistory : public QObject {
    Q_OBJECT
public:
    DocumentHistory(u8ui::ByteDocument* document, QObject* parent = nullptr);

    QUndoStack* undoStack() const { return stack_; }

    // Replaces the document's bytes with `bytes` as one undoable step named `description`
    // ("Replace invalid sequences with U+FFFD").
    void replaceContent(const QString& description,
                        std::shared_ptr<const u8codec::ByteSource> bytes);

    // True when the document's bytes differ from what was last opened or saved.
    bool isModified() const;
    // The current bytes were just written to disk: they are the new unmodified state.
    void markSaved();
    // A different file was opened: forget every step.
    void reset();

signals:
    void modifiedChanged(bool modified);

private:
    u8ui::ByteDocument* document_;
    QUndoStack* stack_;
};

} // namespace u8app
