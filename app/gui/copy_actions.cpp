#include "copy_actions.h"

#include "byte_document.h"
#include "byte_selection.h"
#include "document_controller.h"
#include "number_format.h"
#include "window_action.h"

#include <QMainWindow>
#include <QStatusBar>

namespace u8app {

using Format = u8ui::SelectionCopy::Format;

CopyActions::CopyActions(QMainWindow* window, DocumentController* document)
    : QObject(window), window_(window), document_(document) {
    text_ = makeWindowAction(window, tr("Copy as &Text"), QKeySequence::Copy,
                             tr("Copy the selected bytes decoded as the text pane reads them "
                                "(UTF-8 unless View > Text Encoding says otherwise; errors become "
                                "U+FFFD)"),
                             this, [this] { copy(Format::Text); });
    hex_ = makeWindowAction(window, tr("Copy as &Hex"), QKeySequence(tr("Ctrl+Shift+C")),
                            tr("Copy the selected bytes as hex: E2 82 AC"), this,
                            [this] { copy(Format::Hex); });
    cArray_ = makeWindowAction(window, tr("Copy as &C Array"), QKeySequence(tr("Ctrl+Alt+C")),
                               tr("Copy the selected bytes as a C array of unsigned char"), this,
                               [this] { copy(Format::CArray); });
}

void CopyActions::updateActions() {
    const bool hasBytes = document_->document()->size() > 0;
    for (QAction* a : actions())
        a->setEnabled(hasBytes);
}

void CopyActions::copy(Format format) {
    const u8codec::ByteSource* source = document_->document()->source();
    if (!source || source->size() == 0)
        return;
    const u8ui::ByteRange range = document_->selection()->range();
    const u8convert::TextReading* reading =
        format == Format::Text && reading_ ? reading_() : nullptr;
    const auto result = u8ui::SelectionCopy::toClipboard(*source, range, format,
                                                         u8codec::ErrorPolicy::Replace, reading);
    if (result.ok() && reading && !reading->isUtf8())
        window_->statusBar()->showMessage(
            tr("Copied the text of %1 read as %2")
                .arg(u8doc::NumberFormat::bytes(range.end - range.start),
                     QString::fromStdString(reading->name())),
            3000);
    else if (result.ok())
        window_->statusBar()->showMessage(
            tr("Copied %1").arg(u8doc::NumberFormat::bytes(range.end - range.start)), 3000);
    else
        window_->statusBar()->showMessage(result.error, 6000);
}

} // namespace u8app
