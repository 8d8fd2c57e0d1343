// The document the window shows and the state that goes with it, owned together: its bytes
// (u8ui::ByteDocument, a snapshot of the piece table in DocumentHistory), the selection and cursor
// (u8ui::ByteSelection), the undo history, and how the panes may edit it (u8doc::DocumentEditor:
// overwrite or insert mode, read only or not). Showing other bytes resets the selection and the
// history here, in one place; the panes paint what it owns and the window's commands move the
// selection and edit the bytes through it.
#pragma once

#include "document_editor.h"
#include "u8codec/byte_source.h"

#include <QObject>
#include <QString>
#include <memory>

namespace u8doc {
class DocumentHistory;
} // namespace u8doc
namespace u8ui {
class ByteDocument;
class ByteSelection;
} // namespace u8ui

// Still named from u8app, not u8doc: the compare files (app/gui/compare_*), which another change
// is rewriting (issue 36), forward-declare it there; it moves to u8doc with them.
namespace u8app {

class DocumentController : public QObject, public u8doc::DocumentEditor {
    Q_OBJECT
public:
    explicit DocumentController(QObject* parent);

    u8ui::ByteDocument* document() const { return document_; }
    u8ui::ByteSelection* selection() const { return selection_; }
    u8doc::DocumentHistory* history() const { return history_; }

    // Shows `source` under `name` (null: no document) as a new, unedited document.
    // aboutToReplace() comes first, so that work on the old bytes stops; then the cursor goes to
    // the start, the highlights and the history are cleared, and the document reports
    // contentChanged().
    void replace(std::shared_ptr<const u8codec::ByteSource> source, const QString& name);
    // Selects `length` bytes from `offset`, the cursor on the first of them; nothing past the end.
    // A jump: jumping() comes first, so that the panes can bring a far place to their middle.
    void goTo(quint64 offset, quint64 length = 1);
    // Selects every byte (none in an empty document).
    void selectAll();
    // The bytes changed (a repair, an undo): the cursor and the anchor back inside them (or at
    // the end, where an editable document appends).
    void keepSelectionInside();
    // The furthest the cursor may go: the last byte, or the end when the document is editable.
    quint64 cursorLimit() const;

    // u8doc::DocumentEditor: what the panes ask for.
    Mode mode() const override { return mode_; }
    void toggleMode() override;
    void setMode(Mode mode);
    bool isReadOnly() const override { return userReadOnly_ || !readOnlyReason_.isEmpty(); }
    bool edit(const Change& change) override;

    // View > Read Only: the user's choice (remembered by the window).
    void setUserReadOnly(bool on);
    bool userReadOnly() const { return userReadOnly_; }
    // Why this document may not be edited whatever the user chose ("you may not write to
    // x.txt"); empty when it may. A new document clears it.
    void setReadOnlyReason(const QString& reason);
    QString readOnlyReason() const { return readOnlyReason_; }
    // Why an edit now would be refused; empty when it would not.
    QString whyReadOnly() const;

    // Edit > Revert Selection: the selected edited bytes get the original's back. False (and
    // says why) when nothing there was edited or editing is refused.
    bool revertSelection();

signals:
    // Other bytes are about to be shown under `name`.
    void aboutToReplace(const QString& name);
    // The mode or the read-only state changed.
    void editingChanged();
    // An edit was asked for and refused: `why` ("Read only: …") is for the status bar.
    void editRefused(const QString& why);
    // goTo() is about to put the cursor on `offset`.
    void jumping(quint64 offset);

private:
    // Puts the cursor at `offset` (an edit's doing: the run of typing goes on).
    void placeCursor(quint64 offset);

    u8ui::ByteDocument* document_;
    u8ui::ByteSelection* selection_;
    u8doc::DocumentHistory* history_;
    Mode mode_ = Mode::Overwrite;
    bool userReadOnly_ = false;
    QString readOnlyReason_;
    bool placingCursor_ = false; // the cursor moves because of an edit or an undo
};

} // namespace u8app
