#include "status_fields.h"

#include "byte_document.h"
#include "byte_selection.h"
#include "cursor_status.h"
#include "document_controller.h"
#include "line_locator.h"
#include "number_format.h"
#include "status_field.h"

namespace u8app {

namespace {

QString lineText(const u8doc::LineIndex::Location& at) {
    return StatusFields::tr("Line %1, column %2")
        .arg(u8doc::NumberFormat::count(at.line), u8doc::NumberFormat::count(at.column));
}

} // namespace

StatusFields::StatusFields(QWidget* parent, DocumentController* document, u8doc::LineLocator* lines)
    : QObject(parent), document_(document), lines_(lines) {
    // Fixed fields, each as wide as a typical text and elided when the window is narrower, so
    // that they never run into each other. A transient message ("Saved …") takes their place for
    // its few seconds: at 1024 pixels they would leave it no room (ElidingStatusBar cuts one
    // that is still too long, whole in its tooltip).
    auto field = [parent](const QString& name, const QString& tip, const QString& sample) {
        return new StatusField(name, tip, sample, parent);
    };
    offset_ = field(QStringLiteral("offset"), tr("Offset of the cursor, hex and decimal"),
                    QStringLiteral("Offset 0x0000000 (00,000,000)"));
    byte_ =
        field(QStringLiteral("byte"), tr("Value of the byte under the cursor, in hex and binary"),
              QStringLiteral("Byte 00 (0000 0000)"));
    role_ = field(QStringLiteral("role"),
                  tr("Class of the byte on its own, and the role it plays here"),
                  QStringLiteral("Class lead3 · Lead of 3-byte character"));
    character_ = field(QStringLiteral("character"),
                       tr("The character or error segment the cursor byte belongs to"),
                       QStringLiteral("U+20AC '€', 3 bytes at 0x0000000"));
    line_ = field(QStringLiteral("line"),
                  tr("Line (counted by LF) and column (in characters) of the cursor"),
                  QStringLiteral("Line 000,000, column 0,000"));
    connect(lines_, &u8doc::LineLocator::located, this,
            [this](quint64 offset, const std::optional<u8doc::LineIndex::Location>& location) {
                // Only the answer for where the cursor still is gets shown; otherwise ask again.
                if (location && offset == document_->selection()->cursor())
                    line_->setText(lineText(*location));
                else
                    updateLine(document_->selection()->cursor());
                if (!lines_->isCounting())
                    emit lineLocated();
            });
}

QString StatusFields::text(const QString& name) const {
    for (const QLabel* f : fields())
        if (f->objectName() == name)
            return f->text();
    return {};
}

void StatusFields::update() {
    const u8codec::ByteSource* source = document_->document()->source();
    const quint64 cursor = document_->selection()->cursor();
    if (!source || cursor >= source->size()) {
        for (QLabel* l : {offset_, byte_, role_, character_, line_})
            l->clear();
        // The end, where an editable document appends what is typed.
        if (source && source->size() == 0)
            offset_->setText(tr("Empty file"));
        else if (source)
            offset_->setText(
                tr("End, offset %1").arg(u8doc::NumberFormat::offsetAndDecimal(source->size())));
        return;
    }
    const CursorStatus status = CursorStatus::describe(*source, cursor);
    const u8ui::ByteRange range = document_->selection()->range();
    offset_->setText(
        range.end - range.start > 1
            ? tr("%1, %2 selected")
                  .arg(status.offset, u8doc::NumberFormat::bytes(range.end - range.start))
            : status.offset);
    byte_->setText(status.byte);
    role_->setText(status.role);
    character_->setText(status.character);
    updateLine(cursor);
}

void StatusFields::updateLine(quint64 offset) {
    const u8codec::ByteSource* source = document_->document()->source();
    if (!source || offset >= source->size())
        return;
    if (lines_->isQuick(offset)) {
        if (const auto location = lines_->locateNow(offset)) {
            line_->setText(lineText(*location));
            emit lineLocated();
        }
        return;
    }
    // Far into a large file: counted in the background, the window stays responsive. While a
    // count runs, its report asks again for where the cursor is then.
    if (lines_->locateLater(offset))
        line_->setText(tr("Line …"));
}

} // namespace u8app
