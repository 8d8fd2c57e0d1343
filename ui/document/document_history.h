// The open document's bytes and every change made to them, as one undo stack (Edit > Undo /
// Redo). The bytes are a piece table (u8codec::PieceTable, docs/editing.md) over the bytes opened;
// the document shows a snapshot of it, so that the panes, the background check, search and
// navigation read a version no later edit changes under them.
//
// Two kinds of step share the stack, in any order: a hand edit (typing, a paste, Delete, a
// revert) is one u8codec::Edit of the current table, undone and redone by the table itself, and
// a run of keystrokes is one step (Edit::mergeWith); a repair or reinterpretation replaces the
// whole document by a new table over the repaired bytes, and undoing it puts the table before it
// back, edits and all. The file on disk is never touched until the user saves.
#pragma once

#include "u8codec/byte_source.h"
#include "u8codec/piece_table.h"
#include "undo_stack.h"

#include <QByteArray>
#include <QObject>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace u8ui {
class ByteDocument;
}

namespace u8doc {

class DocumentHistory : public QObject {
    Q_OBJECT
public:
    DocumentHistory(u8ui::ByteDocument* document, QObject* parent = nullptr);
    ~DocumentHistory() override;

    UndoStack* undoStack() const { return stack_; }

    // Shows `original`'s bytes under `name` as a new, unedited document (null: no document), and
    // forgets every step.
    void open(std::shared_ptr<const u8codec::ByteSource> original, const QString& name);

    // A hand edit: `bytes` in place of the document's [offset, offset + length), as one step
    // named `description`; a `keystroke` that continues the run of typing before it joins that
    // run instead. The cursor then goes to `cursorAfter`; undo puts it back at `cursorBefore`.
    // False, with nothing changed, when there is no document or the range is not inside it.
    bool edit(quint64 offset, quint64 length, std::span<const std::uint8_t> bytes,
              const QString& description, bool keystroke, quint64 cursorBefore,
              quint64 cursorAfter);
    // `bytes` in place of [offset, offset + length): one of several made as one step.
    struct Splice {
        quint64 offset = 0;
        quint64 length = 0;
        QByteArray bytes;
    };
    // Several hand edits as one step named `description` (Replace All): `splices` in ascending
    // order, not overlapping, each at its offset in the document before any of them. The
    // document changes once. False, with nothing changed, when one lies outside the document or
    // none changes a byte.
    bool editAll(const std::vector<Splice>& splices, const QString& description,
                 quint64 cursorBefore, quint64 cursorAfter);
    // Gives the edited ranges that share a byte with [from, to) their original bytes back (Edit >
    // Revert Selection), as one step; false when nothing there differs.
    bool revert(quint64 from, quint64 to, const QString& description);
    // Replaces the document's bytes with `bytes` as one step named `description` ("Replace
    // invalid sequences with U+FFFD").
    void replaceContent(const QString& description,
                        std::shared_ptr<const u8codec::ByteSource> bytes);
    // The next keystroke starts a run of its own (the cursor was moved).
    void breakTypingRun() { ++run_; }

    // The table the document shows now (null without a document): its edited ranges, its
    // original's fate on disk.
    const u8codec::PieceTable* table() const { return table_.get(); }

    // True when the document's bytes differ from what was last opened or saved: undoing every
    // change since (or reverting it) comes back to unmodified.
    bool isModified() const { return modified_; }
    // The current bytes were just written to disk: unmodified until the next change.
    void markSaved();
    // ... to `file` (the file they were written to, opened again), shown under `name`: while
    // they are unmodified, the document reads them from it (ByteDocument::Change::Saved), so
    // that what is marked as edited and what Revert gives back are the saved bytes. Every step
    // stays: undo goes on past the save, the tables before it reading the file as it was opened
    // (a save replaces the file by a rename, so that version stays readable as long as it is
    // open), and marks the document modified; redo back to the saved bytes shows `file` again.
    // Returns false, changing nothing, when the document was changed since markSaved().
    bool adoptSavedFile(std::shared_ptr<const u8codec::ByteSource> file, const QString& name);

signals:
    void modifiedChanged(bool modified);
    // An undo or redo of a hand edit puts the cursor back where the edit happened.
    void cursorWanted(quint64 offset);
    // A hand edit, or the undo or redo of one, put `inserted` bytes in place of the `removed`
    // bytes at `offset`, before the document shows it: what refers to offsets after it (the
    // bookmarks) moves with the bytes. Several edits made as one step report one by one, each
    // at its offset at the time. A repair or reinterpretation replaces the bytes without it.
    void spliced(quint64 offset, quint64 removed, quint64 inserted);

private:
    class EditCommand;
    class ReplaceCommand;
    class SpliceCommand;

    // Shows `table`'s current bytes (a snapshot): other bytes altogether, or (`editedFrom`) the
    // same ones edited from that offset on.
    void show(std::shared_ptr<u8codec::PieceTable> table,
              std::optional<quint64> editedFrom = std::nullopt);
    void updateModified();

    // The table to show for `table`: base_ when `table` holds the saved bytes in the layout
    // they were saved in (savedFrom_), else itself.
    std::shared_ptr<u8codec::PieceTable> shownFor(std::shared_ptr<u8codec::PieceTable> table) const;

    u8ui::ByteDocument* document_;
    UndoStack* stack_;
    std::shared_ptr<u8codec::PieceTable> base_;  // over the bytes opened, or last saved
    std::shared_ptr<u8codec::PieceTable> table_; // shown now: base_, or a repair's
    // The table that held the bytes last saved and its layout then (the steps before the save
    // are its edits), while base_ reads them from the saved file.
    std::shared_ptr<u8codec::PieceTable> savedFrom_;
    std::vector<u8codec::Piece> savedLayout_;
    quint64 run_ = 0; // the current run of typing
    bool modified_ = false;
};

} // namespace u8doc

// The compare files (app/gui/compare_*) name the history from u8app; they are being rewritten
// elsewhere (issue 36) and take u8doc's name with that change, which removes this line.
namespace u8app {
using u8doc::DocumentHistory;
} // namespace u8app
