#include "document_history.h"

#include "byte_document.h"

#include <QUndoCommand>
#include <QUndoStack>

namespace u8app {
namespace {

// Swaps the document's byte source. Both sources are kept alive by the command, so undo and redo
// are instant and never re-run the operation.
class ReplaceContentCommand : public QUndoCommand {
public:
    ReplaceContentCommand(u8ui::ByteDocument* document, const QString& description,
                          std::shared_ptr<const u8codec::ByteSource> after)
        : QUndoCommand(description), document_(document), before_(document->sharedSource()),
          after_(std::move(after)) {}

    void redo() override { document_->setSource(after_, document_->displayName()); }
    void undo() override { document_->setSource(before_, document_->displayName()); }

private:
    u8ui::ByteDocument* document_;
    std::shared_ptr<const u8codec::ByteSource> before_;
    std::shared_ptr<const u8codec::ByteSource> after_;
};

} // namespace

DocumentHistory::DocumentHistory(u8ui::ByteDocument* document, QObject* parent)
    : QObject(parent), document_(document), stack_(new QUndoStack(this)) {
    connect(stack_, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

void DocumentHistory::replaceContent(const QString& description,
                                     std::shared_ptr<const u8codec::ByteSource> bytes) {
    stack_->push(new ReplaceContentCommand(document_, description, std::move(bytes)));
}

bool DocumentHistory::isModified() const {
    return !stack_->isClean();
}

void DocumentHistory::markSaved() {
    stack_->setClean();
}

void DocumentHistory::reset() {
    const bool wasModified = isModified();
    stack_->clear();
    if (wasModified)
        emit modifiedChanged(false);
}

} // namespace u8app
