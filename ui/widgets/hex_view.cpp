#include "hex_view.h"

#include "u8codec/local_segments.h"

#include <QFontDatabase>
#include <QKeyEvent>
#include <QPainter>
#include <QScrollBar>
#include <algorithm>
#include <utility>

namespace u8ui {

HexView::HexView(QWidget* parent) : BytePane(parent) {
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    viewport()->setMouseTracking(false);
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this, &HexView::onScrollBarMoved);
    connect(horizontalScrollBar(), &QScrollBar::valueChanged, viewport(),
            qOverload<>(&QWidget::update));
    updateMetrics();
}

void HexView::setBytesPerRow(int bytes) {
    const int rounded = bytes <= 11 ? 8 : bytes <= 23 ? 16 : 32;
    if (rounded == bytesPerRow_)
        return;
    const quint64 keep = topOffset();
    bytesPerRow_ = rounded;
    window_.valid = false;
    updateMetrics();
    topRow_ = std::min(keep / quint64(bytesPerRow_), maxTopRow());
    updateScrollBars();
    emit topOffsetChanged(topOffset());
    viewport()->update();
}

quint64 HexView::positionCount() const {
    return documentSize() + (isEditable() ? 1 : 0);
}

quint64 HexView::totalRows() const {
    const quint64 positions = positionCount();
    return positions == 0 ? 0 : (positions - 1) / quint64(bytesPerRow_) + 1;
}

int HexView::visibleRows() const {
    return std::max(1, viewport()->height() / lineHeight_);
}

quint64 HexView::maxTopRow() const {
    const quint64 rows = totalRows();
    const quint64 visible = quint64(visibleRows());
    return rows > visible ? rows - visible : 0;
}

void HexView::setTopOffset(quint64 offset) {
    setTopRow(offset / quint64(bytesPerRow_));
}

void HexView::setTopRow(quint64 row) {
    row = std::min(row, maxTopRow());
    if (row == topRow_)
        return;
    topRow_ = row;
    updateScrollBars();
    viewport()->update();
    emit topOffsetChanged(topOffset());
}

void HexView::ensureVisible(quint64 offset) {
    if (positionCount() == 0)
        return;
    const quint64 row = offset / quint64(bytesPerRow_);
    const quint64 visible = quint64(visibleRows());
    if (row < topRow_)
        setTopRow(row);
    else if (row >= topRow_ + visible)
        setTopRow(row - visible + 1);
}

void HexView::centreIfHidden(quint64 offset) {
    if (positionCount() == 0)
        return;
    const quint64 row = offset / quint64(bytesPerRow_);
    const quint64 visible = quint64(visibleRows());
    if (row >= topRow_ && row < topRow_ + visible)
        return;
    setTopRow(row - std::min(row, visible / 2));
}

void HexView::onContentChanged() {
    // Bytes changed by other means than the digit typed (an undo, a repair): a byte's second
    // digit would no longer follow its first.
    if (!isApplyingEdit())
        lowDigitAt_.reset();
    window_.valid = false;
    updateMetrics();
    topRow_ = std::min(topRow_, maxTopRow());
    updateScrollBars();
    viewport()->update();
}

void HexView::updateMetrics() {
    const QFontMetrics fm(font());
    charWidth_ = std::max(1, fm.horizontalAdvance(QLatin1Char('0')));
    lineHeight_ = fm.height() + 6;
    ascent_ = fm.ascent();
    // As many hex digits as the last offset needs, at least 8.
    const quint64 size = documentSize();
    offsetDigits_ = 8;
    for (quint64 last = size > 0 ? size - 1 : 0; (last >> (4 * offsetDigits_)) != 0;)
        ++offsetDigits_;
    offsetColumnWidth_ = charWidth_ * (offsetDigits_ + 2);
    cellWidth_ = charWidth_ * 3;
    updateScrollBars();
}

int HexView::columnX(int column) const {
    // A gutter one character wide separates the two halves of a row.
    return offsetColumnWidth_ + column * cellWidth_ + (column >= bytesPerRow_ / 2 ? charWidth_ : 0);
}

int HexView::contentWidth() const {
    return columnX(bytesPerRow_ - 1) + cellWidth_ + charWidth_;
}

int HexView::fullRowWidth() const {
    return contentWidth() + 2 * frameWidth() + verticalScrollBar()->sizeHint().width();
}

QRectF HexView::cellBox(int column, int rowY) const {
    const qreal pad = charWidth_ * 0.25;
    return QRectF(columnX(column) + pad, rowY + 1, cellWidth_ - 2 * pad, lineHeight_ - 2);
}

void HexView::updateScrollBars() {
    settingScrollBar_ = true;
    const quint64 maxRow = maxTopRow();
    QScrollBar* bar = verticalScrollBar();
    if (maxRow <= kMaxScrollBarValue) {
        bar->setRange(0, int(maxRow));
        bar->setPageStep(visibleRows());
        bar->setValue(int(topRow_));
    } else {
        bar->setRange(0, int(kMaxScrollBarValue));
        bar->setPageStep(
            int(std::max<quint64>(1, scaled(quint64(visibleRows()), maxRow, kMaxScrollBarValue))));
        bar->setValue(int(scaled(topRow_, maxRow, kMaxScrollBarValue)));
    }
    bar->setSingleStep(1);
    horizontalScrollBar()->setRange(0, std::max(0, contentWidth() - viewport()->width()));
    horizontalScrollBar()->setPageStep(viewport()->width());
    settingScrollBar_ = false;
    dropPendingScrollLines();
}

void HexView::onScrollBarMoved(int value) {
    if (settingScrollBar_)
        return;
    if (const qint64 rows = takePendingScrollLines(); rows != 0) {
        const quint64 row = rows < 0 ? (topRow_ > quint64(-rows) ? topRow_ - quint64(-rows) : 0)
                                     : topRow_ + quint64(rows);
        const quint64 before = topRow_;
        setTopRow(row);
        if (topRow_ == before) // the bar moved but the rows did not: put it back
            updateScrollBars();
        return;
    }
    const quint64 maxRow = maxTopRow();
    const quint64 row = maxRow <= kMaxScrollBarValue
                            ? quint64(value)
                            : scaled(quint64(value), kMaxScrollBarValue, maxRow);
    if (row == topRow_)
        return;
    topRow_ = std::min(row, maxRow);
    viewport()->update();
    emit topOffsetChanged(topOffset());
}

const HexView::VisibleWindow& HexView::visibleWindow() const {
    const quint64 size = documentSize();
    const quint64 from = std::min(size, topOffset());
    // One row more than fits, for the partly visible last row.
    const quint64 to = std::min(size, from + quint64(visibleRows() + 1) * quint64(bytesPerRow_));
    if (window_.valid && window_.from == from && window_.to == to)
        return window_;
    window_ = VisibleWindow{};
    window_.valid = true;
    window_.from = from;
    window_.to = to;
    const u8codec::ByteSource* source = document_ ? document_->source() : nullptr;
    if (!source || from >= to)
        return window_;
    // The codec's bounded neighbourhood: 3 bytes before and after are enough to segment the
    // visible bytes exactly as a whole-file pass would (local_segments.h); the grapheme clusters,
    // when shown, need kClusterContext (graphemes.h).
    const quint64 context = showClusters() ? u8convert::kClusterContext : u8codec::kMaxLookBehind;
    window_.bufferStart = from >= context ? from - context : 0;
    const quint64 end = std::min(size, to + context);
    window_.bytes.resize(end - window_.bufferStart);
    const std::size_t got = source->read(window_.bufferStart, window_.bytes);
    window_.bytes.resize(got);
    // A short read means the file shrank: what was read is all there is.
    const bool reachesEnd = window_.bufferStart + got >= size || got < end - window_.bufferStart;
    window_.to = std::min(to, window_.bufferStart + got);
    if (window_.to > from)
        window_.segments = u8codec::segmentsInWindow(window_.bytes, window_.bufferStart, reachesEnd,
                                                     from, window_.to);
    if (showClusters() && window_.to > from) {
        if (!clusterBreaks_)
            clusterBreaks_ = std::make_unique<u8convert::GraphemeBreaks>();
        for (const u8convert::ClusterSpan& c : u8convert::clustersInWindow(
                 window_.bytes, window_.bufferStart, reachesEnd, from, window_.to, *clusterBreaks_))
            if (c.codePoints > 1)
                window_.clusters.push_back(c);
    }
    return window_;
}

void HexView::onShowClustersChanged() {
    window_.valid = false;
}

void HexView::onCursorMoved() {
    if (!isApplyingEdit())
        lowDigitAt_.reset();
}

std::vector<ByteRange> HexView::bracketedClusters() const {
    std::vector<ByteRange> ranges;
    for (const u8convert::ClusterSpan& c : visibleWindow().clusters)
        ranges.push_back({c.offset, c.end()});
    return ranges;
}

QRect HexView::cellRect(quint64 offset) const {
    if (offset >= documentSize() || offset < topOffset())
        return {};
    const quint64 row = offset / quint64(bytesPerRow_) - topRow_;
    if (row > quint64(visibleRows()))
        return {};
    const int y = int(row) * lineHeight_;
    if (y >= viewport()->height())
        return {};
    const int column = int(offset % quint64(bytesPerRow_));
    return cellBox(column, y).toAlignedRect().translated(-horizontalScrollBar()->value(), 0);
}

std::optional<quint64> HexView::offsetAt(QPoint pos) const {
    if (pos.y() < 0 || pos.y() >= viewport()->height())
        return std::nullopt;
    const int x = pos.x() + horizontalScrollBar()->value();
    const quint64 row = topRow_ + quint64(pos.y() / lineHeight_);
    for (int column = 0; column < bytesPerRow_; ++column) {
        if (x >= columnX(column) && x < columnX(column) + cellWidth_) {
            const quint64 offset = row * quint64(bytesPerRow_) + quint64(column);
            if (offset < documentSize())
                return offset;
            return std::nullopt;
        }
    }
    return std::nullopt;
}

quint64 HexView::nearestOffset(QPoint pos) const {
    // For drags: clamp to the viewport and to the nearest cell of the row.
    const quint64 size = documentSize();
    const int y = std::clamp(pos.y(), 0, std::max(0, viewport()->height() - 1));
    const int x = pos.x() + horizontalScrollBar()->value();
    int column = 0;
    while (column + 1 < bytesPerRow_ && x >= columnX(column + 1))
        ++column;
    const quint64 row = topRow_ + quint64(y / lineHeight_);
    const quint64 offset = row * quint64(bytesPerRow_) + quint64(column);
    return size == 0 ? 0 : std::min(offset, cursorLimit());
}

CellRole HexView::roleAt(quint64 offset) const {
    const u8codec::ByteSource* source = document_ ? document_->source() : nullptr;
    if (!source || offset >= source->size())
        return CellRole::AsciiControl;
    const u8codec::Segment segment = u8codec::segmentAt(*source, offset);
    std::uint8_t byte = 0;
    static_cast<void>(source->read(offset, std::span<std::uint8_t>(&byte, 1))); // shrunk: stays 0
    return RolePalette::withAudit(RolePalette::roleOf(segment, offset, byte), isSuspicious(offset));
}

void HexView::resizeEvent(QResizeEvent* event) {
    QAbstractScrollArea::resizeEvent(event);
    topRow_ = std::min(topRow_, maxTopRow());
    updateScrollBars();
}

void HexView::moveCursorTo(qint64 target, bool extend) {
    if (!selection_ || positionCount() == 0)
        return;
    const quint64 clamped = quint64(std::clamp<qint64>(target, 0, qint64(cursorLimit())));
    selection_->setCursor(clamped, extend);
    ensureVisible(clamped);
}

void HexView::keyPressEvent(QKeyEvent* event) {
    if (editKey(event))
        return;
    if (!selection_ || positionCount() == 0) {
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    const bool extend = event->modifiers() & Qt::ShiftModifier;
    const bool control = event->modifiers() & Qt::ControlModifier;
    const qint64 cursor = qint64(selection_->cursor());
    const qint64 limit = qint64(cursorLimit()); // the last byte, or the end when editable
    const qint64 bpr = bytesPerRow_;
    const qint64 page = qint64(visibleRows()) * bpr;
    switch (event->key()) {
    case Qt::Key_Left:
        moveCursorTo(cursor - 1, extend);
        break;
    case Qt::Key_Right:
        moveCursorTo(cursor + 1, extend);
        break;
    case Qt::Key_Up:
        if (cursor >= bpr)
            moveCursorTo(cursor - bpr, extend);
        break;
    case Qt::Key_Down:
        if (cursor + bpr <= limit)
            moveCursorTo(cursor + bpr, extend);
        break;
    case Qt::Key_PageUp:
        // The view scrolls by a page too, so the cursor keeps its place on screen.
        setTopRow(topRow_ > quint64(visibleRows()) ? topRow_ - quint64(visibleRows()) : 0);
        moveCursorTo(cursor >= page ? cursor - page : cursor % bpr, extend);
        break;
    case Qt::Key_PageDown: {
        setTopRow(topRow_ + quint64(visibleRows()));
        moveCursorTo(std::min(cursor + page, limit), extend);
        break;
    }
    case Qt::Key_Home:
        moveCursorTo(control ? 0 : cursor - cursor % bpr, extend);
        break;
    case Qt::Key_End:
        moveCursorTo(control ? limit : cursor - cursor % bpr + bpr - 1, extend);
        break;
    default:
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    event->accept();
}

void HexView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !selection_ || documentSize() == 0) {
        QAbstractScrollArea::mousePressEvent(event);
        return;
    }
    const auto hit = offsetAt(event->position().toPoint());
    const quint64 offset = hit ? *hit : nearestOffset(event->position().toPoint());
    selection_->setCursor(offset, event->modifiers() & Qt::ShiftModifier);
    event->accept();
}

void HexView::mouseMoveEvent(QMouseEvent* event) {
    if (!(event->buttons() & Qt::LeftButton) || !selection_ || documentSize() == 0) {
        QAbstractScrollArea::mouseMoveEvent(event);
        return;
    }
    // Dragging above or below the viewport scrolls (ensureVisible follows the cursor).
    QPoint pos = event->position().toPoint();
    quint64 offset = nearestOffset(pos);
    if (pos.y() < 0 && offset >= quint64(bytesPerRow_))
        offset -= quint64(bytesPerRow_);
    else if (pos.y() >= viewport()->height() && offset + quint64(bytesPerRow_) < documentSize())
        offset += quint64(bytesPerRow_);
    selection_->setCursor(offset, true);
    event->accept();
}

void HexView::wheelEvent(QWheelEvent* event) {
    // Scroll by rows ourselves: on a scaled scroll bar one step would skip many rows.
    wheelRemainder_ += event->angleDelta().y();
    const int steps = wheelRemainder_ / 40; // 3 rows per 120-unit notch
    wheelRemainder_ -= steps * 40;
    if (steps > 0)
        setTopRow(topRow_ > quint64(steps) ? topRow_ - quint64(steps) : 0);
    else if (steps < 0)
        setTopRow(topRow_ + quint64(-steps));
    if (event->angleDelta().x() != 0)
        QAbstractScrollArea::wheelEvent(event);
    event->accept();
}

void HexView::onFontChanged() {
    // A zoom: the rows get taller, fewer fit. Keep the top row (as far as the new size allows),
    // tell the linked pane, and keep the cursor in view if it was.
    const quint64 cursor = selection_ ? selection_->cursor() : 0;
    const quint64 oldTop = topRow_;
    const bool cursorShown = selection_ && cursor < documentSize() &&
                             cursor / quint64(bytesPerRow_) >= topRow_ &&
                             cursor / quint64(bytesPerRow_) < topRow_ + quint64(visibleRows());
    updateMetrics();
    topRow_ = std::min(topRow_, maxTopRow());
    updateScrollBars();
    if (cursorShown)
        ensureVisible(cursor);
    if (topRow_ != oldTop)
        emit topOffsetChanged(topOffset());
}

QRect HexView::toolTipRect(quint64 offset) const {
    return cellRect(offset);
}

int HexView::pageLines() const {
    return visibleRows();
}

} // namespace u8ui
