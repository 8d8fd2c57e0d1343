#include "byte_pane.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <algorithm>

namespace u8ui {

namespace {

// What the audit says about a byte, for its tooltip: each finding's title and explanation.
QString findingsText(const u8doc::AuditReport* audit, quint64 offset) {
    QString text;
    if (!audit)
        return text;
    for (const u8convert::AuditFinding* f : audit->findingsAt(offset)) {
        const std::string_view title = u8convert::title(f->kind);
        text += QStringLiteral("\n\n") +
                RolePalette::tr("Suspicious: %1")
                    .arg(QString::fromUtf8(title.data(), qsizetype(title.size()))) +
                QLatin1Char('\n') + QString::fromStdString(f->message);
    }
    return text;
}

} // namespace

BytePane::BytePane(QWidget* parent) : QAbstractScrollArea(parent) {
    setFocusPolicy(Qt::StrongFocus);
    rolePalette_ = RolePalette::forPalette(palette());
    connect(verticalScrollBar(), &QScrollBar::actionTriggered, this, &BytePane::onScrollBarAction);
}

void BytePane::setDocument(ByteDocument* document) {
    if (document_ == document)
        return;
    if (document_)
        disconnect(document_, nullptr, this, nullptr);
    document_ = document;
    if (document_) {
        connect(document_, &ByteDocument::contentChanged, this, [this] { onContentChanged(); });
        // The mode and read-only state change the cursor's look, and where it may go.
        connect(document_, &ByteDocument::editingChanged, this, [this] { onContentChanged(); });
    }
    onDocumentSet();
}

void BytePane::setSelection(ByteSelection* selection) {
    if (selection_ == selection)
        return;
    if (selection_)
        disconnect(selection_, nullptr, this, nullptr);
    selection_ = selection;
    if (selection_) {
        connect(selection_, &ByteSelection::selectionChanged, viewport(),
                qOverload<>(&QWidget::update));
        connect(selection_, &ByteSelection::highlightsChanged, viewport(),
                qOverload<>(&QWidget::update));
        // The cursor may move from the other pane, the problems list or a search: follow it.
        connect(selection_, &ByteSelection::cursorChanged, this, [this](quint64 offset) {
            onCursorMoved();
            followingCursor_ = true;
            ensureVisible(offset);
            followingCursor_ = false;
        });
    }
    viewport()->update();
}

void BytePane::setAuditReport(std::shared_ptr<const u8doc::AuditReport> report) {
    if (report == audit_)
        return;
    audit_ = std::move(report);
    onAuditChanged();
    viewport()->update();
}

void BytePane::setDifferenceMarks(std::shared_ptr<const DifferenceMarks> marks) {
    differences_ = std::move(marks);
    viewport()->update();
}

std::span<const DifferenceMark> BytePane::differenceMarksIn(quint64 from, quint64 to) const {
    if (!differences_)
        return {};
    const DifferenceMarks& all = *differences_;
    // Marks in order that do not overlap end in order too.
    const auto first = std::partition_point(all.begin(), all.end(), [&](const DifferenceMark& m) {
        return m.end < from || (m.end == from && m.start < m.end);
    });
    const auto last = std::partition_point(first, all.end(),
                                           [&](const DifferenceMark& m) { return m.start <= to; });
    return {first, last};
}

void BytePane::setShowClusters(bool show) {
    if (show == showClusters_)
        return;
    showClusters_ = show;
    onShowClustersChanged();
    viewport()->update();
}

quint64 BytePane::scaled(quint64 value, quint64 from, quint64 to) {
    if (from == 0)
        return 0;
    return quint64((unsigned __int128)value * to / from);
}

void BytePane::onScrollBarAction(int action) {
    switch (action) {
    case QAbstractSlider::SliderSingleStepAdd:
        pendingScrollLines_ = 1;
        break;
    case QAbstractSlider::SliderSingleStepSub:
        pendingScrollLines_ = -1;
        break;
    case QAbstractSlider::SliderPageStepAdd:
        pendingScrollLines_ = pageLines();
        break;
    case QAbstractSlider::SliderPageStepSub:
        pendingScrollLines_ = -pageLines();
        break;
    default:
        pendingScrollLines_ = 0;
        break;
    }
}

void BytePane::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        rolePalette_ = RolePalette::forPalette(palette());
    if (event->type() == QEvent::FontChange)
        onFontChanged();
    QAbstractScrollArea::changeEvent(event);
    viewport()->update();
}

QString BytePane::toolTipAt(quint64 offset) const {
    const u8codec::ByteSource* source = document_ ? document_->source() : nullptr;
    if (!source || offset >= source->size())
        return {};
    QString mark = markDescriber_ ? markDescriber_(offset) : QString();
    if (!mark.isEmpty())
        mark += QStringLiteral("\n\n");
    return mark + toolTipPreface(offset) + RolePalette::toolTip(*source, offset) +
           findingsText(audit_.get(), offset);
}

bool BytePane::viewportEvent(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const auto offset = offsetAt(help->pos());
        const u8codec::ByteSource* source = document_ ? document_->source() : nullptr;
        if (offset && source)
            QToolTip::showText(help->globalPos(), toolTipAt(*offset), viewport(),
                               toolTipRect(*offset));
        else
            QToolTip::hideText();
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void BytePane::focusInEvent(QFocusEvent* event) {
    QAbstractScrollArea::focusInEvent(event);
    viewport()->update();
}

void BytePane::focusOutEvent(QFocusEvent* event) {
    QAbstractScrollArea::focusOutEvent(event);
    viewport()->update();
}

bool BytePane::isEditable() const {
    const u8doc::DocumentEditor* e = editor();
    return e && !e->isReadOnly() && document_->source();
}

quint64 BytePane::cursorLimit() const {
    const quint64 size = documentSize();
    if (isEditable())
        return size;
    return size > 0 ? size - 1 : 0;
}

void BytePane::eraseAtCursor(u8doc::EditUnit unit, bool backwards) {
    const u8codec::ByteSource& source = *document_->source();
    const std::optional<ByteRange> range =
        u8doc::deletionRange(source, *selection_, unit, backwards);
    if (!range) {
        if (editor()->isReadOnly()) // say why, even where there is nothing to remove
            applyEdit({});
        return;
    }
    u8doc::DocumentEditor::Change change;
    change.offset = range->start;
    change.length = range->end - range->start;
    change.description = tr("Delete");
    change.step = u8doc::selectsSeveralUnits(source, *selection_, unit)
                      ? u8doc::DocumentEditor::Step::Separate
                      : u8doc::DocumentEditor::Step::Keystroke;
    change.cursorAfter = range->start;
    applyEdit(change);
}

bool BytePane::applyEdit(const u8doc::DocumentEditor::Change& change) {
    u8doc::DocumentEditor* e = editor();
    if (!e)
        return false;
    applyingEdit_ = true;
    const bool made = e->edit(change);
    applyingEdit_ = false;
    return made;
}

bool BytePane::toggleModeKey(const QKeyEvent* event) {
    if (event->key() != Qt::Key_Insert || event->modifiers() != Qt::NoModifier || !editor())
        return false;
    editor()->toggleMode();
    return true;
}

QByteArray BytePane::typedText(const QKeyEvent* event) {
    // A chord with Ctrl or Meta is a shortcut, not typing (AltGr types, and Alt alone may).
    if (event->modifiers() & (Qt::ControlModifier | Qt::MetaModifier))
        return {};
    const QString text = event->text();
    for (const QChar c : text)
        if (c.unicode() < 0x20 || c.unicode() == 0x7F ||
            (c.unicode() >= 0x80 && c.unicode() < 0xA0))
            return {}; // Backspace, Return, Escape, Tab arrive as controls: they are keys
    return text.toUtf8();
}

void BytePane::paintCursor(QPainter& painter, const QRectF& cell) const {
    const bool insert = editor() && editor()->mode() == u8doc::DocumentEditor::Mode::Insert;
    painter.save();
    painter.setBrush(Qt::NoBrush);
    if (insert) {
        const qreal w = hasFocus() ? 2.5 : 1.5;
        painter.setPen(QPen(rolePalette_.cursorFrame(), w,
                            hasFocus() ? Qt::SolidLine : Qt::DashLine, Qt::FlatCap));
        const qreal x = cell.left() + w / 2;
        painter.drawLine(QPointF(x, cell.top() - 1), QPointF(x, cell.bottom() + 1));
    } else {
        painter.setPen(QPen(rolePalette_.cursorFrame(), hasFocus() ? 2 : 1,
                            hasFocus() ? Qt::SolidLine : Qt::DashLine));
        painter.drawRect(cell.adjusted(0, 0, -1, -1));
    }
    painter.restore();
}

std::vector<u8codec::EditedRange> BytePane::editedRangesIn(quint64 from, quint64 to) const {
    return document_ ? document_->editedRanges(from, to) : std::vector<u8codec::EditedRange>{};
}

void BytePane::mouseReleaseEvent(QMouseEvent* event) {
    // The selection was made while pressing and dragging; the release only ends the drag.
    event->setAccepted(event->button() == Qt::LeftButton);
}

} // namespace u8ui
