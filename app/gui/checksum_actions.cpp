#include "checksum_actions.h"

#include "byte_document.h"
#include "byte_selection.h"
#include "checksum_dialog.h"
#include "document_controller.h"
#include "window_action.h"

namespace u8app {

ChecksumActions::ChecksumActions(QWidget* window, DocumentController* document)
    : QObject(window), window_(window), document_(document) {
    checksums_ = makeWindowAction(
        window, tr("Chec&ksums…"), QKeySequence(tr("Ctrl+Shift+K")),
        tr("CRC-32, MD5, SHA-1 and SHA-256 of the selection (or of the whole file when one byte "
           "is selected), to copy"),
        this, [this] { showChecksums(); });
}

void ChecksumActions::updateActions() {
    checksums_->setEnabled(document_->document()->source() != nullptr);
}

ChecksumDialog* ChecksumActions::showChecksums() {
    const u8ui::ByteDocument* document = document_->document();
    if (!document->source())
        return nullptr;
    const u8ui::ByteRange selection = document_->selection()->range();
    // The cursor alone is always "selected": one byte means "no selection" to a user.
    const auto scope = selection.end - selection.start > 1 ? ChecksumDialog::Scope::Selection
                                                           : ChecksumDialog::Scope::WholeFile;
    auto* dialog = new ChecksumDialog(document->sharedSource(), selection, scope, window_);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("checksumDialog"));
    dialog->show();
    dialog->compute();
    return dialog;
}

} // namespace u8app
