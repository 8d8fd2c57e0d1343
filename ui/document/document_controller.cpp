#include "document_controller.h"

#include "byte_document.h"
#include "byte_selection.h"
#include "document_history.h"
#include "edit_placement.h"

#include <algorithm>

namespace u8app {

DocumentController::DocumentController(QObject* parent)
    : QObject(parent), document_(new u8ui::ByteDocument(this)),
      selection_(new u8ui::ByteSelection(this)),
      history_(new u8doc::DocumentHistory(document_, this)) {
    document_->setEditor(this);
    connect(history_, &u8doc::DocumentHistory::cursorWanted, this,
            &DocumentController::placeCursor);
    // A cursor the user moves ends the run of typing: the next keystroke is a step of its own.
    connect(selection_, &u8ui::ByteSelection::cursorChanged, this, [this] {
        if (!placingCursor_)
            history_->breakTypingRun();
    });
}

void DocumentController::replace(std::shared_ptr<const u8codec::ByteSource> source,
                                 const QString& name) {
    emit aboutToReplace(name);
    setReadOnlyReason({}); // the old document's; the caller gives the new one's
    selection_->setHighlights({});
    selection_->setCursor(0);
    history_->open(std::move(source), name);
}

quint64 DocumentController::cursorLimit() const {
    const quint64 size = document_->size();
    if (document_->source() && !isReadOnly())
        return size;
    return size > 0 ? size - 1 : 0;
}

void DocumentController::goTo(quint64 offset, quint64 length) {
    if (offset >= document_->size())
        return;
    length = std::max<quint64>(1, std::min(length, document_->size() - offset));
    emit jumping(offset);
    // The cursor on the first byte: the status bar and the inspector then describe the segment
    // from its start, as the problems list and the find bar name it.
    selection_->setAnchorAndCursor(offset + length - 1, offset);
}

void DocumentController::selectAll() {
    if (document_->size() > 0)
        selection_->select({0, document_->size()});
}

void DocumentController::keepSelectionInside() {
    const quint64 limit = cursorLimit();
    if (selection_->cursor() > limit || selection_->anchor() > limit)
        placeCursor(selection_->cursor()); // the bytes moved, not the user: the run goes on
}

void DocumentController::toggleMode() {
    setMode(mode_ == Mode::Overwrite ? Mode::Insert : Mode::Overwrite);
}

void DocumentController::setMode(Mode mode) {
    if (mode == mode_)
        return;
    mode_ = mode;
    history_->breakTypingRun();
    document_->notifyEditingChanged();
    emit editingChanged();
}

void DocumentController::setUserReadOnly(bool on) {
    if (on == userReadOnly_)
        return;
    userReadOnly_ = on;
    keepSelectionInside(); // no place past the end in a read-only document
    document_->notifyEditingChanged();
    emit editingChanged();
}

void DocumentController::setReadOnlyReason(const QString& reason) {
    if (reason == readOnlyReason_)
        return;
    readOnlyReason_ = reason;
    keepSelectionInside();
    document_->notifyEditingChanged();
    emit editingChanged();
}

QString DocumentController::whyReadOnly() const {
    if (!document_->source())
        return tr("There is no document to edit.");
    if (!readOnlyReason_.isEmpty())
        return tr("Read only: %1. Nothing was changed; View > Read Only turns editing on (Save "
                  "As can then write the changes elsewhere).")
            .arg(readOnlyReason_);
    if (userReadOnly_)
        return tr("Read only: nothing was changed. View > Read Only turns editing on.");
    return {};
}

bool DocumentController::edit(const Change& change) {
    if (const QString why = whyReadOnly(); !why.isEmpty()) {
        emit editRefused(why);
        return false;
    }
    const quint64 before = selection_->cursor();
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(change.bytes.constData());
    if (!history_->edit(change.offset, change.length,
                        std::span(bytes, std::size_t(change.bytes.size())), change.description,
                        change.step == Step::Keystroke, before, change.cursorAfter))
        return false;
    placeCursor(change.cursorAfter);
    return true;
}

bool DocumentController::revertSelection() {
    if (const QString why = whyReadOnly(); !why.isEmpty()) {
        emit editRefused(why);
        return false;
    }
    const u8ui::ByteRange range = u8doc::selectedBytes(*document_->source(), *selection_);
    // A deletion just before or after the selection is part of it too (editedRanges).
    if (!history_->revert(range.start, range.end, tr("Revert Selection"))) {
        emit editRefused(tr("Nothing to revert: the selected bytes are the file's own."));
        return false;
    }
    return true;
}

void DocumentController::placeCursor(quint64 offset) {
    placingCursor_ = true;
    selection_->setCursor(std::min(offset, cursorLimit()));
    placingCursor_ = false;
}

} // namespace u8app
