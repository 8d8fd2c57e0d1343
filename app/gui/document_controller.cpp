#include "document_controller.h"

#include "byte_document.h"
#include "byte_selection.h"
#include "document_history.h"

#include <algorithm>

namespace u8app {

DocumentController::DocumentController(QObject* parent)
    : QObject(parent), document_(new u8ui::ByteDocument(this)),
      selection_(new u8ui::ByteSelection(this)), history_(new DocumentHistory(document_, this)) {}

void DocumentController::replace(std::shared_ptr<const u8codec::ByteSource> source,
                                 const QString& name) {
    emit aboutToReplace(name);
    selection_->setHighlights({});
    selection_->setCursor(0);
    history_->reset();
    document_->setSource(std::move(source), name);
}

void DocumentController::goTo(quint64 offset, quint64 length) {
    if (offset >= document_->size())
        return;
    length = std::max<quint64>(1, std::min(length, document_->size() - offset));
    // The cursor on the first byte: the status bar and the inspector then describe the segment
    // from its start, as the problems list and the find bar name it.
    selection_->setAnchorAndCursor(offset + length - 1, offset);
}

void DocumentController::selectAll() {
    if (document_->size() > 0)
        selection_->select({0, document_->size()});
}

void DocumentController::keepSelectionInside() {
    const quint64 size = document_->size();
    if (selection_->cursor() >= size || selection_->anchor() >= size)
        selection_->setCursor(size > 0 ? size - 1 : 0);
}

} // namespace u8app
