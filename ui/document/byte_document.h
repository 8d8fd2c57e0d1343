// The bytes every pane shows: one document, observed by all views (Hex Fiend's lesson: one model,
// many representers). Whoever owns the document's bytes may also let the panes edit them
// (setEditor): the panes then turn key presses into changes and hand them to that editor.
#pragma once

#include "u8codec/byte_source.h"
#include "u8codec/piece_table.h"

#include <QObject>
#include <QString>
#include <memory>

namespace u8doc {
class DocumentEditor;
} // namespace u8doc
// Still named from u8ui, not u8doc: the compare files (app/gui/compare_*), which another change
// is rewriting (issue 36), forward-declare it there; it moves to u8doc with them.
namespace u8ui {

class ByteDocument : public QObject {
    Q_OBJECT
public:
    // What a change of the bytes was: other bytes altogether (a file opened, a repair, the undo
    // of one), the same bytes edited by hand (typing, a paste, the undo of one), or the same
    // bytes read from elsewhere (Saved: from the file they were just written to, so that what
    // is marked as edited is what differs from it; everything derived from the bytes holds).
    enum class Change { Replaced, Edited, Saved };

    explicit ByteDocument(QObject* parent = nullptr) : QObject(parent) {}

    // Replaces the bytes shown. The document shares ownership: views read through it while it
    // lives. An edited document's source is a PieceSnapshot: editedRanges() then says which
    // bytes differ from its original.
    // An edit gives `changedFrom`, the first offset whose byte may differ: everything derived
    // from the bytes before it still holds.
    void setSource(std::shared_ptr<const u8codec::ByteSource> source, const QString& displayName,
                   Change change = Change::Replaced, quint64 changedFrom = 0) {
        source_ = std::move(source);
        pieces_ = dynamic_cast<const u8codec::PieceView*>(source_.get());
        displayName_ = displayName;
        changedFrom_ = change == Change::Edited  ? changedFrom
                       : change == Change::Saved ? size()
                                                 : 0;
        emit contentChanged(change);
    }
    // The first offset the last change may have changed (0 for other bytes altogether, the size
    // when the bytes are the same).
    quint64 changedFrom() const { return changedFrom_; }
    const u8codec::ByteSource* source() const { return source_.get(); }
    std::shared_ptr<const u8codec::ByteSource> sharedSource() const { return source_; }
    quint64 size() const { return source_ ? source_->size() : 0; }
    QString displayName() const { return displayName_; }

    // The changes not yet saved that share a byte with [from, to) (none when the source is not
    // a piece table's): what the panes mark as edited.
    std::vector<u8codec::EditedRange> editedRanges(quint64 from, quint64 to) const {
        return pieces_ ? pieces_->editedRanges(from, to) : std::vector<u8codec::EditedRange>{};
    }

    // Who carries out the panes' edits (null: the panes do not edit). Not owned.
    void setEditor(u8doc::DocumentEditor* editor) {
        editor_ = editor;
        emit editingChanged();
    }
    u8doc::DocumentEditor* editor() const { return editor_; }
    // The editor's mode or read-only state changed (its owner emits this): the panes repaint
    // their cursors.
    void notifyEditingChanged() { emit editingChanged(); }

signals:
    // Everything shown may have changed: views reset their caches and repaint.
    void contentChanged(u8ui::ByteDocument::Change change);
    void editingChanged();

private:
    std::shared_ptr<const u8codec::ByteSource> source_;
    const u8codec::PieceView* pieces_ = nullptr; // source_ as a piece table's, if it is one
    QString displayName_;
    quint64 changedFrom_ = 0;
    u8doc::DocumentEditor* editor_ = nullptr;
};

} // namespace u8ui
