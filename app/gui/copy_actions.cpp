#include "copy_actions.h"

#include "byte_document.h"
#include "byte_selection.h"
#include "document_controller.h"
#include "notices.h"
#include "number_format.h"
#include "window_action.h"

#include <QWidget>

namespace u8app {

using Format = u8ui::SelectionCopy::Format;

CopyActions::CopyActions(QWidget* window, u8doc::Notices* notices, DocumentController* document)
    : QObject(window), window_(window), notices_(notices), document_(document) {
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
        notices_->say(tr("Copied the text of %1 read as %2")
                          .arg(u8doc::NumberFormat::bytes(range.end - range.start),
                               QString::fromStdString(reading->name())),
                      3000);
    else if (result.ok())
        notices_->say(tr("Copied %1").arg(u8doc::NumberFormat::bytes(range.end - range.start)),
                      3000);
    else
        notices_->say(result.error, 6000);
}

} // namespace u8app
