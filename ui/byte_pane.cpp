#include "byte_pane.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QToolTip>

namespace u8ui {

namespace {

// What the audit says about a byte, for its tooltip: each finding's title and explanation.
QString findingsText(const AuditReport* audit, quint64 offset) {
    QString text;
    if (!audit)
        return text;
    for (const u8codec::AuditFinding* f : audit->findingsAt(offset)) {
        const std::string_view title = u8codec::title(f->kind);
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
    if (document_)
        connect(document_, &ByteDocument::contentChanged, this, [this] { onContentChanged(); });
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
            followingCursor_ = true;
            ensureVisible(offset);
            followingCursor_ = false;
        });
    }
    viewport()->update();
}

void BytePane::setAuditReport(std::shared_ptr<const AuditReport> report) {
    if (report == audit_)
        return;
    audit_ = std::move(report);
    onAuditChanged();
    viewport()->update();
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

bool BytePane::viewportEvent(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const auto offset = offsetAt(help->pos());
        const u8codec::ByteSource* source = document_ ? document_->source() : nullptr;
        if (offset && source)
            QToolTip::showText(help->globalPos(),
                               RolePalette::toolTip(*source, *offset) +
                                   findingsText(audit_.get(), *offset),
                               viewport(), toolTipRect(*offset));
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

void BytePane::mouseReleaseEvent(QMouseEvent* event) {
    // The selection was made while pressing and dragging; the release only ends the drag.
    event->setAccepted(event->button() == Qt::LeftButton);
}

} // namespace u8ui
