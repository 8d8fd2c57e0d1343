#include "inspector_panel.h"

#include "bit_layout_widget.h"
#include "byte_document.h"
#include "byte_selection.h"
#include "number_format.h"
#include "problems_model.h"
#include "role_palette.h"
#include "u8codec/encoder.h"
#include "u8codec/local_segments.h"
#include "u8codec/navigate.h"
#include "unicode_info.h"

#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QVBoxLayout>
#include <vector>

namespace u8ui {

namespace {

QString hexOf(std::span<const std::uint8_t> bytes) {
    return QString::fromStdString(u8codec::hexBytes(bytes, 16));
}

QString offsetText(quint64 offset) {
    return NumberFormat::offsetAndDecimal(offset);
}

// What to draw as the big glyph: the character itself, or a visible stand-in for the ones that
// draw nothing (controls and space by their abbreviation, combining marks on a dotted circle).
QString glyphOf(char32_t cp, const QString& category) {
    if (const QString abbreviation = UnicodeInfo::controlAbbreviation(cp); !abbreviation.isEmpty())
        return abbreviation;
    if (category.startsWith(QLatin1Char('C')) || category.startsWith(QLatin1Char('Z')))
        return {};
    const char32_t text[] = {cp};
    QString s = QString::fromUcs4(text, 1);
    if (category.startsWith(QLatin1Char('M')))
        s.prepend(QChar(char16_t(0x25CC)));
    return s;
}

} // namespace

InspectorPanel::InspectorPanel(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    outer->addWidget(scroll);
    auto* content = new QWidget(scroll);
    scroll->setWidget(content);
    auto* column = new QVBoxLayout(content);

    auto* header = new QHBoxLayout;
    glyph_ = new QLabel(content);
    glyph_->setMinimumWidth(48);
    glyph_->setAlignment(Qt::AlignCenter);
    QFont big = glyph_->font();
    big.setPointSizeF(big.pointSizeF() * 3);
    glyph_->setFont(big);
    glyph_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    header->addWidget(glyph_);
    auto* titles = new QVBoxLayout;
    title_ = new QLabel(content);
    QFont bold = title_->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.25);
    title_->setFont(bold);
    title_->setWordWrap(true);
    title_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    subtitle_ = new QLabel(content);
    subtitle_->setWordWrap(true);
    subtitle_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    titles->addWidget(title_);
    titles->addWidget(subtitle_);
    header->addLayout(titles, 1);
    column->addLayout(header);

    bitLayout_ = new BitLayoutWidget(content);
    column->addWidget(bitLayout_);

    form_ = new QFormLayout;
    form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form_->setLabelAlignment(Qt::AlignRight);
    column->addLayout(form_);
    column->addStretch(1);
    clear(tr("No character selected"));
}

void InspectorPanel::attach(ByteDocument* document, ByteSelection* selection) {
    if (document_)
        disconnect(document_, nullptr, this, nullptr);
    if (selection_)
        disconnect(selection_, nullptr, this, nullptr);
    document_ = document;
    selection_ = selection;
    if (document_)
        connect(document_, &ByteDocument::contentChanged, this, &InspectorPanel::followCursor);
    if (selection_)
        connect(selection_, &ByteSelection::cursorChanged, this, &InspectorPanel::followCursor);
    followCursor();
}

void InspectorPanel::followCursor() {
    if (!document_ || !document_->source() || document_->size() == 0) {
        clear(tr("No data"));
        return;
    }
    setDocumentAndOffset(*document_->source(), selection_ ? selection_->cursor() : 0);
}

void InspectorPanel::resetFields() {
    while (form_->rowCount() > 0)
        form_->removeRow(0);
    shownError_.reset();
}

void InspectorPanel::addField(const QString& label, const QString& value, bool wrap) {
    auto* v = new QLabel(value);
    v->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    v->setWordWrap(wrap);
    v->setTextFormat(Qt::PlainText);
    form_->addRow(label + QLatin1Char(':'), v);
}

void InspectorPanel::clear(const QString& message) {
    resetFields();
    glyph_->clear();
    title_->setText(message);
    title_->setStyleSheet({});
    subtitle_->clear();
    bitLayout_->clear();
    bitLayout_->hide();
}

void InspectorPanel::setDocumentAndOffset(const u8codec::ByteSource& source, quint64 offset) {
    if (offset >= source.size()) {
        clear(tr("End of data"));
        return;
    }
    const u8codec::Segment segment = u8codec::segmentAt(source, offset);
    std::vector<std::uint8_t> bytes(segment.length);
    bytes.resize(source.read(segment.offset, bytes));
    if (segment.length == 0 || bytes.size() != segment.length) {
        clear(tr("The data could not be read at byte %1 (the file may have shrunk).")
                  .arg(offsetText(offset)));
        return;
    }
    if (segment.isValid())
        showCharacter(segment, bytes);
    else
        showError(segment, bytes, u8codec::problemAt(source, offset));
}

void InspectorPanel::setSegment(const u8codec::Segment& segment,
                                std::span<const std::uint8_t> bytes) {
    if (segment.isValid()) {
        showCharacter(segment, bytes);
        return;
    }
    // Only these bytes are known: group them on their own.
    std::optional<u8codec::Problem> problem;
    u8codec::ProblemScanner scanner(segment.offset);
    auto sink = [&](const u8codec::Problem& p) {
        if (!problem)
            problem = p;
    };
    scanner.feed(bytes, sink);
    scanner.finish(sink);
    showError(segment, bytes, problem);
}

void InspectorPanel::showCharacter(const u8codec::Segment& segment,
                                   std::span<const std::uint8_t> bytes) {
    resetFields();
    const char32_t cp = segment.codePoint;
    const QString label = UnicodeInfo::codePointLabel(cp);
    const QString name = UnicodeInfo::name(cp);
    const QString category = UnicodeInfo::categoryCode(cp);
    glyph_->setText(glyphOf(cp, category));
    title_->setText(label + QStringLiteral("  ") + name);
    title_->setStyleSheet({});
    subtitle_->setText(
        segment.length == 1
            ? tr("A 1-byte (ASCII) character at byte %1").arg(offsetText(segment.offset))
            : tr("A %1-byte character at byte %2")
                  .arg(segment.length)
                  .arg(offsetText(segment.offset)));
    if (const auto layout = u8codec::layoutOfBytes(bytes)) {
        bitLayout_->showLayout(*layout, label);
        bitLayout_->show();
    } else {
        bitLayout_->hide();
    }
    addField(tr("Code point"), tr("%1 (decimal %2)").arg(label).arg(quint32(cp)));
    addField(tr("Name"), name);
    addField(tr("Category"),
             QStringLiteral("%1 (%2)").arg(UnicodeInfo::categoryName(cp), category));
    addField(tr("Block"), UnicodeInfo::blockName(cp));
    addField(tr("UTF-8"), hexOf(bytes));
    addField(tr("UTF-16"), UnicodeInfo::utf16(cp));
    addField(tr("UTF-32"), UnicodeInfo::utf32(cp));
    addField(tr("Escape"), UnicodeInfo::escapeU(cp));
    addField(tr("Byte escapes"), UnicodeInfo::escapeBytes(bytes));
    addField(tr("HTML"), UnicodeInfo::htmlReference(cp));
}

void InspectorPanel::showError(const u8codec::Segment& segment, std::span<const std::uint8_t> bytes,
                               const std::optional<u8codec::Problem>& problem) {
    resetFields();
    shownError_ = segment.error;
    glyph_->setText(QString(QChar(char16_t(0xFFFD))));
    const QString segmentTitle = tr(u8codec::title(segment.error).data());
    title_->setText(problem ? ProblemsModel::kindTitle(problem->kind) : segmentTitle);
    const RoleStyle style =
        RolePalette::forPalette(palette()).style(RolePalette::roleForError(segment.error));
    title_->setStyleSheet(
        QStringLiteral("color: %1").arg((style.frame.isValid() ? style.frame : style.text).name()));

    std::span<const std::uint8_t> shown = bytes;
    if (problem) {
        subtitle_->setText(
            problem->length == 1
                ? tr("Invalid UTF-8: 1 byte at %1").arg(offsetText(problem->offset))
                : tr("Invalid UTF-8: %1 bytes at %2")
                      .arg(NumberFormat::count(problem->length), offsetText(problem->offset)));
        shown = problem->headBytes();
    } else {
        subtitle_->setText(tr("Invalid UTF-8 at byte %1").arg(offsetText(segment.offset)));
    }

    // The bits as a naive (RFC 2279) decoder reads them, when it reads a whole sequence: this
    // shows what an overlong form or an encoded surrogate was meant to be.
    const auto layout = u8codec::layoutOfBytes(shown);
    if (layout && layout->octets > 1) {
        bitLayout_->showLayout(
            *layout, tr("%1, as a decoder that ignores the rules would read it")
                         .arg(QString::fromStdString(u8codec::codePointLabel(layout->value))));
    } else {
        bitLayout_->showBytes(shown, tr("No complete sequence: nothing to assemble"));
    }
    bitLayout_->show();

    if (problem) {
        addField(tr("Explanation"), QString::fromStdString(u8codec::explain(*problem)), true);
        addField(tr("Bytes"),
                 QString::fromStdString(u8codec::hexBytes(problem->headBytes(), 8)) +
                     (problem->length > problem->headLength ? QStringLiteral(" ...") : QString()));
        addField(tr("Replacement"),
                 tr("%1 \u00D7 U+FFFD when decoded with replacement (one per error segment)")
                     .arg(problem->errorSegments));
    }
    addField(tr("Error segment"),
             tr("%1: %2 at byte %3").arg(segmentTitle, hexOf(bytes), offsetText(segment.offset)));
}

void InspectorPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange && shownError_) {
        const RoleStyle style =
            RolePalette::forPalette(palette()).style(RolePalette::roleForError(*shownError_));
        title_->setStyleSheet(QStringLiteral("color: %1")
                                  .arg((style.frame.isValid() ? style.frame : style.text).name()));
    }
    QWidget::changeEvent(event);
}

QString InspectorPanel::titleText() const {
    return title_->text();
}

QString InspectorPanel::detailsText() const {
    QStringList lines;
    lines << subtitle_->text();
    if (!bitLayout_->isHidden())
        lines << bitLayout_->textDescription();
    for (int row = 0; row < form_->rowCount(); ++row) {
        auto* label = qobject_cast<QLabel*>(form_->itemAt(row, QFormLayout::LabelRole)->widget());
        auto* value = qobject_cast<QLabel*>(form_->itemAt(row, QFormLayout::FieldRole)->widget());
        if (label && value)
            lines << label->text() + QLatin1Char(' ') + value->text();
    }
    return lines.join(QLatin1Char('\n'));
}

QString InspectorPanel::field(const QString& label) const {
    for (int row = 0; row < form_->rowCount(); ++row) {
        auto* l = qobject_cast<QLabel*>(form_->itemAt(row, QFormLayout::LabelRole)->widget());
        auto* v = qobject_cast<QLabel*>(form_->itemAt(row, QFormLayout::FieldRole)->widget());
        if (l && v && l->text() == label + QLatin1Char(':'))
            return v->text();
    }
    return {};
}

} // namespace u8ui
