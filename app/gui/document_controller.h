// The document the window shows and the state that goes with it, owned together: its bytes
// (u8ui::ByteDocument), the selection and cursor (u8ui::ByteSelection) and the undo history
// (DocumentHistory). Showing other bytes resets the selection and the history here, in one place;
// the panes paint what it owns and the window's commands move the selection through it.
#pragma once

#include "u8codec/byte_source.h"

#include <QObject>
#include <QString>
#include <memory>

namespace u8ui {
class ByteDocument;
class ByteSelection;
} // namespace u8ui

namespace u8app {

class DocumentHistory;

class DocumentController : public QObject {
    Q_OBJECT
public:
    explicit DocumentController(QObject* parent);

    u8ui::ByteDocument* document() const { return document_; }
    u8ui::ByteSelection* selection() const { return selection_; }
    DocumentHistory* history() const { return history_; }

    // Shows `source` under `name` (null: no document). aboutToReplace() comes first, so that work
    // on the old bytes stops; then the cursor goes to the start, the highlights and the history
    // are cleared, and the document reports contentChanged().
    void replace(std::shared_ptr<const u8codec::ByteSource> source, const QString& name);
    // Selects `length` bytes from `offset`, the cursor on the first of them; nothing past the end.
    void goTo(quint64 offset, quint64 length = 1);
    // Selects every byte (none in an empty document).
    void selectAll();
    // The bytes changed (a repair, an undo): the cursor and the anchor back inside them.
    void keepSelectionInside();

signals:
    // Other bytes are about to be shown under `name`.
    void aboutToReplace(const QString& name);

private:
    u8ui::ByteDocument* document_;
    u8ui::ByteSelection* selection_;
    DocumentHistory* history_;
};

} // namespace u8app
