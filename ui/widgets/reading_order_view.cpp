#include "reading_order_view.h"

#include "u8codec/controls.h"
#include "u8codec/local_segments.h"
#include "u8convert/audit.h"

#include <QEvent>
#include <QFontDatabase>
#include <QPainter>
#include <algorithm>
#include <string>

namespace u8ui {

namespace {

constexpr int kMargin = 4;                     // left of the labels
constexpr int kGap = 12;                       // between the labels and the cells
const QString kCut = QStringLiteral("\u2026"); // where the line goes on past what was read

QString markerText(char32_t cp) {
    const std::string abbreviation = u8codec::abbreviation(cp);
    return abbreviation.empty() ? QString::fromStdString(u8codec::codePointLabel(cp)).mid(2)
                                : QString::fromStdString(abbreviation);
}

bool isMarker(char32_t cp) {
    return u8convert::drawsNothing(cp);
}

} // namespace

ReadingOrderView::ReadingOrderView(QWidget* parent) : QWidget(parent) {
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    palette_ = RolePalette::forPalette(palette());
    setToolTip(tr("Reader: the line as an editor or a review page displays it, the Unicode "
                  "Bidirectional Algorithm (UAX #9) applied.\nCompiler: the same characters in "
                  "the order of their bytes, as a compiler reads them.\nThe bidirectional "
                  "controls are the boxed abbreviations; the cursor's character is framed in "
                  "both rows; underlined characters are displayed right to left."));
}

void ReadingOrderView::clear() {
    line_.clear();
    order_ = {};
    cursor_.reset();
    cutBefore_ = cutAfter_ = false;
    updateGeometry();
    update();
}

bool ReadingOrderView::showLineAt(const u8codec::ByteSource& source, quint64 offset,
                                  const u8doc::AuditReport* audit) {
    clear();
    const quint64 size = source.size();
    if (offset >= size)
        return false;
    // The neighbourhood, with the codec's look-behind and look-ahead so that its segments are
    // those of the whole stream (local_segments.h).
    const quint64 from = offset > kReach ? offset - kReach : 0;
    const quint64 to = std::min(size, offset + kReach + 1);
    const quint64 bufferStart =
        from >= quint64(u8codec::kMaxLookBehind) ? from - quint64(u8codec::kMaxLookBehind) : 0;
    const quint64 bufferEnd = std::min(size, to + quint64(u8codec::kMaxLookAhead));
    std::vector<std::uint8_t> bytes(std::size_t(bufferEnd - bufferStart));
    bytes.resize(source.read(bufferStart, bytes));
    const quint64 readEnd = bufferStart + bytes.size();
    if (readEnd <= offset)
        return false; // the file shrank
    const std::vector<u8codec::Segment> segments = u8codec::segmentsInWindow(
        bytes, bufferStart, readEnd >= size || readEnd < bufferEnd, from, std::min(to, readEnd));
    auto isLineFeed = [](const u8codec::Segment& s) { return s.isValid() && s.codePoint == '\n'; };
    std::size_t cursor = 0;
    while (cursor + 1 < segments.size() && segments[cursor].end() <= offset)
        ++cursor;
    std::size_t first = cursor;
    while (first > 0 && !isLineFeed(segments[first - 1]))
        --first;
    std::size_t last = cursor;
    while (last < segments.size() && !isLineFeed(segments[last]))
        ++last;
    cutBefore_ = first == 0 && !segments.empty() && segments.front().offset > 0;
    cutAfter_ = last == segments.size() && std::min(to, readEnd) < size;
    // The CR of a CRLF ends the line too (UAX #9 rule P1 ends a paragraph at it).
    std::size_t end = last;
    if (end > first && segments[end - 1].isValid() && segments[end - 1].codePoint == '\r')
        --end;
    bool anyControl = false;
    std::u32string text;
    for (std::size_t i = first; i < end; ++i) {
        const u8codec::Segment& s = segments[i];
        Char c;
        c.cp = s.isValid() ? s.codePoint : char32_t(0xFFFD);
        c.offset = s.offset;
        c.control = s.isValid() && u8convert::isBidiControl(c.cp);
        if (const auto mark = audit ? audit->markAt(s.offset) : std::nullopt) {
            c.suspicious = true;
            c.ownFinding = audit->characterMarked(s.offset);
            c.markStart = mark->start;
        }
        anyControl = anyControl || c.control;
        line_.push_back(c);
        text += c.cp;
    }
    if (!anyControl) {
        clear();
        return false;
    }
    order_ = u8convert::readingOrder(text);
    if (cursor >= first && cursor < end)
        cursor_ = cursor - first;
    updateGeometry();
    update();
    return true;
}

bool ReadingOrderView::sameMark(std::size_t a, std::size_t b) const {
    return line_[a].suspicious && line_[b].suspicious && line_[a].markStart == line_[b].markStart;
}

QString ReadingOrderView::cellText(const Char& c, char32_t shown) const {
    if (isMarker(c.cp))
        return markerText(c.cp);
    if (const char32_t picture = u8codec::controlPicture(c.cp))
        return QString::fromUcs4(&picture, 1);
    return QString::fromUcs4(&shown, 1);
}

qreal ReadingOrderView::cellWidth(const Char& c, char32_t shown) const {
    const QFontMetricsF fm(font());
    if (isMarker(c.cp)) {
        QFont small = font();
        small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.78));
        return QFontMetricsF(small).horizontalAdvance(markerText(c.cp)) + 12;
    }
    return std::max(fm.horizontalAdvance(cellText(c, shown)),
                    fm.horizontalAdvance(QLatin1Char('0')));
}

int ReadingOrderView::labelWidth() const {
    const QFontMetrics fm(font());
    return kMargin +
           std::max(fm.horizontalAdvance(tr("Reader")), fm.horizontalAdvance(tr("Compiler")));
}

std::vector<std::pair<std::size_t, char32_t>> ReadingOrderView::readerCells() const {
    std::vector<std::pair<std::size_t, char32_t>> cells;
    for (const u8convert::ReadingOrderCell& c : order_.cells)
        cells.emplace_back(c.logical, c.shown);
    return cells;
}

std::vector<std::pair<std::size_t, char32_t>> ReadingOrderView::logicalCells() const {
    std::vector<std::pair<std::size_t, char32_t>> cells;
    for (std::size_t i = 0; i < line_.size(); ++i)
        cells.emplace_back(i, line_[i].cp);
    return cells;
}

QString ReadingOrderView::readerText() const {
    QString text;
    for (const auto& [index, shown] : readerCells())
        text += isMarker(line_[index].cp)
                    ? QStringLiteral("\u27E8%1\u27E9").arg(markerText(line_[index].cp))
                    : QString::fromUcs4(&shown, 1);
    return text;
}

QString ReadingOrderView::logicalText() const {
    QString text;
    for (const Char& c : line_)
        text += isMarker(c.cp) ? QStringLiteral("\u27E8%1\u27E9").arg(markerText(c.cp))
                               : QString::fromUcs4(&c.cp, 1);
    return text;
}

std::vector<std::size_t> ReadingOrderView::displayOrder() const {
    std::vector<std::size_t> order;
    for (const u8convert::ReadingOrderCell& c : order_.cells)
        order.push_back(c.logical);
    return order;
}

std::optional<std::pair<int, int>> ReadingOrderView::cursorSpan() const {
    if (!cursor_)
        return std::nullopt;
    const QFontMetricsF fm(font());
    qreal x = labelWidth() + kGap + (cutBefore_ ? fm.horizontalAdvance(kCut) : 0);
    for (const auto& [index, shown] : readerCells()) {
        const qreal w = cellWidth(line_[index], shown);
        if (index == *cursor_)
            return std::pair(int(x), int(x + w));
        x += w;
    }
    return std::nullopt;
}

QSize ReadingOrderView::sizeHint() const {
    const QFontMetricsF fm(font());
    qreal width = 0;
    for (const Char& c : line_)
        width += cellWidth(c, c.cp);
    // A mirrored character may be wider or narrower than itself: take the wider row.
    qreal reader = 0;
    for (const auto& [index, shown] : readerCells())
        reader += cellWidth(line_[index], shown);
    width = std::max(width, reader) + 2 * fm.horizontalAdvance(kCut);
    const int rowHeight = int(std::ceil(fm.height())) + 8;
    return QSize(labelWidth() + kGap + int(std::ceil(width)) + 4, 2 * rowHeight + 6);
}

void ReadingOrderView::paintRow(QPainter& painter, int y,
                                const std::vector<std::pair<std::size_t, char32_t>>& cells,
                                bool readerRow) const {
    const QFontMetricsF fm(font());
    const int rowHeight = int(std::ceil(fm.height())) + 8;
    QFont small = font();
    small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.78));
    const QColor text = palette().color(QPalette::Text);
    qreal x = labelWidth() + kGap;
    painter.setPen(text);
    if (cutBefore_) {
        painter.drawText(QPointF(x, y + 4 + fm.ascent()), kCut);
        x += fm.horizontalAdvance(kCut);
    }
    for (std::size_t k = 0; k < cells.size(); ++k) {
        const auto& [index, shown] = cells[k];
        const Char& c = line_[index];
        const qreal w = cellWidth(c, shown);
        const QRectF cell(x, y, w, rowHeight);
        const QRectF box = cell.adjusted(0.5, 2, -0.5, -2);
        if (isMarker(c.cp)) {
            palette_.paintMarker(painter, box, c.suspicious);
            painter.setFont(small);
            painter.setPen(palette_.markerText(c.suspicious));
            painter.drawText(box, Qt::AlignCenter, markerText(c.cp));
        } else {
            if (c.suspicious) {
                const bool closedLeft = k == 0 || !sameMark(cells[k - 1].first, index);
                const bool closedRight =
                    k + 1 == cells.size() || !sameMark(cells[k + 1].first, index);
                palette_.paintSuspiciousText(
                    painter, cell.adjusted(closedLeft ? 0.5 : 0, 2, closedRight ? -0.5 : 0, -2),
                    c.ownFinding, closedLeft, closedRight);
            }
            painter.setFont(font());
            painter.setPen(c.suspicious ? palette_.style(CellRole::Suspicious).text : text);
            painter.drawText(QPointF(x, y + 4 + fm.ascent()), cellText(c, shown));
        }
        // Right-to-left runs of the display are underlined: they are what the algorithm
        // reversed.
        if (readerRow && (order_.cells[k].level & 1) != 0)
            painter.fillRect(QRectF(x, cell.bottom() - 2, w, 2), palette_.characterFrame());
        if (cursor_ && index == *cursor_) {
            painter.setPen(QPen(palette_.cursorFrame(), 1.5));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(cell.adjusted(0.5, 1, -0.5, -1));
        }
        x += w;
    }
    if (cutAfter_) {
        painter.setFont(font());
        painter.setPen(text);
        painter.drawText(QPointF(x, y + 4 + fm.ascent()), kCut);
    }
}

void ReadingOrderView::paintEvent(QPaintEvent*) {
    if (line_.empty())
        return;
    QPainter painter(this);
    const QFontMetricsF fm(font());
    const int rowHeight = int(std::ceil(fm.height())) + 8;
    paintRow(painter, 0, readerCells(), true);
    paintRow(painter, rowHeight + 6, logicalCells(), false);
    // The labels stay at the visible left edge when a scroll area shows the rows in part, over
    // the cells that pass beneath them ("Compiler", never "mpiler").
    const int left = visibleRegion().boundingRect().left();
    painter.fillRect(QRect(left, 0, labelWidth() + kGap / 2, height()),
                     palette().color(QPalette::Window));
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawText(QRect(left, 0, labelWidth(), rowHeight), Qt::AlignRight | Qt::AlignVCenter,
                     tr("Reader"));
    painter.drawText(QRect(left, rowHeight + 6, labelWidth(), rowHeight),
                     Qt::AlignRight | Qt::AlignVCenter, tr("Compiler"));
}

void ReadingOrderView::moveEvent(QMoveEvent* event) {
    QWidget::moveEvent(event);
    update();
}

void ReadingOrderView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange)
        palette_ = RolePalette::forPalette(palette());
    if (event->type() == QEvent::FontChange)
        updateGeometry();
    QWidget::changeEvent(event);
}

} // namespace u8ui
