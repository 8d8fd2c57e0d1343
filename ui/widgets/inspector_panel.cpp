#include "inspector_panel.h"

#include "bit_layout_widget.h"
#include "byte_document.h"
#include "byte_selection.h"
#include "glyph_coverage.h"
#include "number_format.h"
#include "number_panel.h"
#include "problems_model.h"
#include "reading_order_view.h"
#include "role_palette.h"
#include "u8codec/controls.h"
#include "u8codec/encoder.h"
#include "u8codec/local_segments.h"
#include "u8codec/navigate.h"
#include "u8convert/audit.h"
#include "unicode_info.h"

#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>
#include <vector>

namespace u8ui {

namespace {

QString hexOf(std::span<const std::uint8_t> bytes) {
    return QString::fromStdString(u8codec::hexBytes(bytes, 16));
}

QString offsetText(quint64 offset) {
    return u8doc::NumberFormat::offsetAndDecimal(offset);
}

QString fromView(std::string_view text) {
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

// "H U+0048", "rn U+0072 U+006E": ASCII text and its code points.
QString withCodePoints(const std::string& ascii) {
    QString out = QString::fromStdString(ascii);
    for (const char c : ascii)
        out += QLatin1Char(' ') + QString::fromStdString(u8codec::codePointLabel(char32_t(c)));
    return out;
}

// What to draw as the big glyph: the character itself, or a visible stand-in for the ones that
// draw nothing (controls, space and the invisible characters Unicode abbreviates by their
// abbreviation, "RLO", "ZWSP"; combining marks on a dotted circle).
QString glyphOf(char32_t cp, const QString& category) {
    if (const QString abbreviation = UnicodeInfo::controlAbbreviation(cp); !abbreviation.isEmpty())
        return abbreviation;
    if (u8convert::drawsNothing(cp))
        return QString::fromStdString(u8codec::abbreviation(cp));
    if (category.startsWith(QLatin1Char('C')) || category.startsWith(QLatin1Char('Z')))
        return {};
    const char32_t text[] = {cp};
    QString s = QString::fromUcs4(text, 1);
    if (category.startsWith(QLatin1Char('M')))
        s.prepend(QChar(char16_t(0x25CC)));
    return s;
}

// What one finding says, as lines: its kind's title, what it looks like (a look-alike and its
// code point; the NFC form), and its explanation.
QStringList findingLines(const u8convert::AuditFinding& f) {
    QStringList lines;
    lines << InspectorPanel::tr("Suspicious: %1 (%2)")
                 .arg(ProblemsModel::kindTitle(f.kind), fromView(u8convert::kindName(f)));
    if (f.kind == u8convert::AuditKind::Confusable && !f.codePoints.empty()) {
        const char32_t cp = f.codePoints.front();
        const std::string looksLike = u8convert::asciiLookalike(cp);
        if (!looksLike.empty())
            lines << InspectorPanel::tr("%1 %2 looks like %3")
                         .arg(QString::fromUcs4(&cp, 1),
                              QString::fromStdString(u8convert::describeCharacter(cp)),
                              withCodePoints(looksLike));
    } else if (f.kind == u8convert::AuditKind::NotNfc && !f.lookalike.empty()) {
        lines << InspectorPanel::tr("In NFC: %1").arg(QString::fromStdString(f.lookalike));
    }
    lines << QString::fromStdString(f.message);
    return lines;
}

} // namespace

InspectorPanel::InspectorPanel(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setFocusPolicy(Qt::NoFocus); // no control of its own: Tab goes on to the next one
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

    // What the audit reports here, in the Suspicious look.
    finding_ = new QLabel(content);
    finding_->setObjectName(QStringLiteral("inspectorFinding"));
    finding_->setWordWrap(true);
    finding_->setTextFormat(Qt::RichText);
    finding_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    finding_->hide();
    column->addWidget(finding_);
    readingTitle_ = new QLabel(tr("This line holds bidirectional controls. As a reader sees it "
                                  "(UAX #9 applied) and as a compiler reads it:"),
                               content);
    readingTitle_->setWordWrap(true);
    readingTitle_->hide();
    column->addWidget(readingTitle_);
    readingOrder_ = new ReadingOrderView(content);
    readingOrder_->setObjectName(QStringLiteral("readingOrder"));
    readingScroll_ = new QScrollArea(content);
    readingScroll_->setWidget(readingOrder_);
    readingScroll_->setWidgetResizable(false);
    readingScroll_->setFrameShape(QFrame::StyledPanel);
    readingScroll_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    readingScroll_->hide();
    column->addWidget(readingScroll_);

    bitLayout_ = new BitLayoutWidget(content);
    column->addWidget(bitLayout_);

    form_ = new QFormLayout;
    form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form_->setLabelAlignment(Qt::AlignRight);
    column->addLayout(form_);
    numbers_ = new NumberPanel(content);
    numbers_->setObjectName(QStringLiteral("numbers"));
    column->addWidget(numbers_);
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

void InspectorPanel::setAuditReport(std::shared_ptr<const u8doc::AuditReport> audit) {
    audit_ = std::move(audit);
    followCursor();
}

bool InspectorPanel::showsReadingOrder() const {
    return !readingScroll_->isHidden();
}

void InspectorPanel::hideAudit() {
    findingText_.clear();
    finding_->clear();
    finding_->hide();
    readingOrder_->clear();
    readingTitle_->hide();
    readingScroll_->hide();
}

void InspectorPanel::showAudit(const u8codec::ByteSource& source, quint64 offset) {
    hideAudit();
    QStringList plain;
    QString html;
    if (audit_) {
        for (const u8convert::AuditFinding* f : audit_->findingsAt(offset)) {
            const QStringList lines = findingLines(*f);
            plain << lines.join(QLatin1Char('\n'));
            if (!html.isEmpty())
                html += QStringLiteral("<br><br>");
            html += QStringLiteral("<b>%1</b>").arg(lines.front().toHtmlEscaped());
            for (qsizetype i = 1; i < lines.size(); ++i)
                html += QStringLiteral("<br>") + lines[i].toHtmlEscaped();
        }
    }
    findingText_ = plain.join(QStringLiteral("\n\n"));
    if (!html.isEmpty()) {
        finding_->setText(html);
        styleFinding();
        finding_->show();
    }
    if (readingOrder_->showLineAt(source, offset, audit_.get())) {
        readingOrder_->resize(readingOrder_->sizeHint());
        readingScroll_->setFixedHeight(readingOrder_->sizeHint().height() +
                                       readingScroll_->horizontalScrollBar()->sizeHint().height() +
                                       2 * readingScroll_->frameWidth());
        readingTitle_->show();
        readingScroll_->show();
        if (const auto span = readingOrder_->cursorSpan())
            readingScroll_->ensureVisible((span->first + span->second) / 2, 0,
                                          (span->second - span->first) / 2 + 24, 0);
    }
}

void InspectorPanel::styleFinding() {
    const RolePalette palette = RolePalette::forPalette(this->palette());
    const RoleStyle& style = palette.style(CellRole::Suspicious);
    finding_->setStyleSheet(QStringLiteral("QLabel#inspectorFinding { background: %1; color: %2; "
                                           "border: 2px dotted %3; padding: 6px; }")
                                .arg(style.fill.name(), style.text.name(), style.frame.name()));
}

void InspectorPanel::followCursor() {
    const quint64 cursor = selection_ ? selection_->cursor() : 0;
    numbers_->showAt(document_ ? document_->source() : nullptr, cursor);
    if (!document_ || !document_->source() || document_->size() == 0) {
        clear(tr("No data"));
        return;
    }
    setDocumentAndOffset(*document_->source(), cursor);
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
    hideAudit();
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
    if (segment.isValid()) {
        showCharacter(segment, bytes);
        showCluster(source, offset);
    } else {
        showError(segment, bytes, u8codec::problemAt(source, offset));
    }
    showAudit(source, offset);
}

// The grapheme cluster (UAX #29) the character belongs to, when it holds more than this one code
// point: what a reader takes for one character, listed code point by code point.
void InspectorPanel::showCluster(const u8codec::ByteSource& source, quint64 offset) {
    if (!clusterBreaks_)
        clusterBreaks_ = std::make_unique<u8convert::GraphemeBreaks>();
    const std::vector<u8convert::ClusterSpan> clusters =
        u8convert::clustersIn(source, offset, offset + 1, *clusterBreaks_);
    if (clusters.empty() || clusters.front().codePoints < 2)
        return;
    const u8convert::ClusterSpan& cluster = clusters.front();
    QStringList lines;
    lines << tr("%1 code points in %2 bytes, read as one character:")
                 .arg(cluster.codePoints)
                 .arg(cluster.length);
    for (const u8codec::Segment& s :
         u8codec::segmentsInRange(source, cluster.offset, cluster.end())) {
        if (s.isValid()) {
            lines << QStringLiteral("%1 %2").arg(UnicodeInfo::codePointLabel(s.codePoint),
                                                 UnicodeInfo::name(s.codePoint));
        } else {
            std::vector<std::uint8_t> bytes(s.length);
            bytes.resize(source.read(s.offset, bytes));
            lines << tr("%1 (invalid UTF-8)").arg(hexOf(bytes));
        }
    }
    addField(tr("Cluster"), lines.join(QLatin1Char('\n')), true);
}

void InspectorPanel::setSegment(const u8codec::Segment& segment,
                                std::span<const std::uint8_t> bytes) {
    hideAudit(); // nothing is known of the neighbourhood
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
    const QString glyph = glyph_->text();
    if (!glyph.isEmpty() && glyph == QString::fromUcs4(&cp, 1) &&
        !fontsCanDraw(glyph_->font(), cp)) {
        // The big glyph would be an empty box: say why instead of showing one.
        glyph_->setText(label);
        addField(tr("Glyph"), tr("No installed font has this character"));
    }
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
        subtitle_->setText(problem->length == 1
                               ? tr("Invalid UTF-8: 1 byte at %1").arg(offsetText(problem->offset))
                               : tr("Invalid UTF-8: %1 bytes at %2")
                                     .arg(u8doc::NumberFormat::count(problem->length),
                                          offsetText(problem->offset)));
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
    if (event->type() == QEvent::PaletteChange && !finding_->isHidden())
        styleFinding();
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
