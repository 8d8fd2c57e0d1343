// How the hex pane draws: the offset column, each byte's fill by role, the frames of characters,
// errors and audited runs, the brackets of grapheme clusters, the marks of edited bytes, search
// matches and the selection, the hex digits, and the cursor.
#include "byte_selection.h"
#include "hex_view.h"

#include <QPainter>
#include <QScrollBar>
#include <algorithm>

namespace u8ui {

namespace {

// Frames a run of cells; an open side (the character continues on the next or previous row) is
// left without its vertical edge, so the frame visibly continues across the row break.
void drawRunFrame(QPainter& painter, const QRectF& rect, bool openLeft, bool openRight,
                  const QPen& pen) {
    const qreal radius = 3.0;
    const qreal reach = pen.widthF() + 1;
    painter.save();
    painter.setClipRect(rect.adjusted(openLeft ? 0 : -reach, -reach, openRight ? 0 : reach, reach));
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    painter.drawRoundedRect(
        rect.adjusted(openLeft ? -2 * radius - reach : 0, 0, openRight ? 2 * radius + reach : 0, 0),
        radius, radius);
    painter.restore();
}

} // namespace

void HexView::paintEvent(QPaintEvent*) {
    QPainter painter(viewport());
    painter.fillRect(viewport()->rect(), palette().color(QPalette::Base));
    const int scrollX = horizontalScrollBar()->value();
    painter.translate(-scrollX, 0);
    paintOffsets(painter, scrollX);
    const VisibleWindow& w = visibleWindow();
    if (w.from < w.to) {
        paintFills(painter, w);
        painter.setRenderHint(QPainter::Antialiasing, true);
        paintFrames(painter, w);
        painter.setRenderHint(QPainter::Antialiasing, false);
        paintEditedMarks(painter, w);
        paintHighlights(painter, w);
        paintDigits(painter, w);
    }
    paintCursorCell(painter, w); // also at the end, where an editable document appends
}

QRectF HexView::cellBoxOf(quint64 offset) const {
    const quint64 bpr = quint64(bytesPerRow_);
    return cellBox(int(offset % bpr), int(offset / bpr - topRow_) * lineHeight_);
}

template <class Joined>
QRectF HexView::joinedBox(quint64 offset, quint64 windowEnd, Joined joined) const {
    QRectF box = cellBoxOf(offset);
    const int c = int(offset % quint64(bytesPerRow_));
    if (c > 0 && joined(offset - 1))
        box.setLeft(columnX(c) - (c == bytesPerRow_ / 2 ? charWidth_ : 0));
    if (c + 1 < bytesPerRow_ && offset + 1 < windowEnd && joined(offset + 1))
        box.setRight(columnX(c) + cellWidth_);
    return box;
}

template <class Draw>
void HexView::forEachRowPiece(const VisibleWindow& w, quint64 begin, quint64 end, Draw draw) const {
    const quint64 bpr = quint64(bytesPerRow_);
    const quint64 first = std::max<quint64>(begin, w.from);
    const quint64 last = std::min<quint64>(end, w.to) - 1;
    for (quint64 runStart = first; runStart <= last;) {
        const quint64 runLast = std::min(last, (runStart / bpr + 1) * bpr - 1);
        QRectF rect = cellBoxOf(runStart);
        rect.setRight(cellBoxOf(runLast).right());
        draw(rect, runStart > begin, runLast + 1 < end);
        runStart = runLast + 1;
    }
}

void HexView::paintOffsets(QPainter& painter, int scrollX) const {
    const quint64 bpr = quint64(bytesPerRow_);
    painter.fillRect(QRect(scrollX, 0, offsetColumnWidth_ - charWidth_ / 2, viewport()->height()),
                     rolePalette_.offsetBackground());
    painter.setPen(rolePalette_.offsetText());
    for (int r = 0; r < visibleRows() + 1; ++r) {
        const quint64 rowStart = (topRow_ + quint64(r)) * bpr;
        if (rowStart >= positionCount())
            break;
        painter.drawText(
            QPoint(scrollX + charWidth_, r * lineHeight_ + 3 + ascent_),
            QStringLiteral("%1").arg(rowStart, offsetDigits_, 16, QLatin1Char('0')).toUpper());
    }
}

// Cell fills, by role; the bytes of one segment touch each other.
void HexView::paintFills(QPainter& painter, const VisibleWindow& w) const {
    std::size_t si = 0;
    for (quint64 o = w.from; o < w.to; ++o) {
        while (si < w.segments.size() && w.segments[si].end() <= o)
            ++si;
        if (si >= w.segments.size())
            break;
        const u8codec::Segment& s = w.segments[si];
        const quint8 byte = w.bytes[o - w.bufferStart];
        const CellRole role =
            RolePalette::withAudit(RolePalette::roleOf(s, o, byte), isSuspicious(o));
        const QRectF box =
            joinedBox(o, w.to, [&](quint64 n) { return n >= s.offset && n < s.end(); });
        // Dots on the bytes of a character a finding is about; the fill alone on the rest of a
        // run reported as a whole (an identifier), whose frame joins it.
        if (role == CellRole::Suspicious && !audit_->characterMarked(o))
            painter.fillRect(box, rolePalette_.style(role).fill);
        else
            rolePalette_.paintCell(painter, box, role, false);
    }
}

// Frames joining the bytes of each multi-byte character, bold frames around each error segment
// and dotted ones around each run of bytes the audit reports (in place of the frames of the
// characters inside it); a run that crosses a row break is drawn open on that side. Then a
// bracket under the bytes of each grapheme cluster of several code points (UAX #29): the
// characters a reader takes for one (e + U+0301, an emoji ZWJ sequence, a flag).
void HexView::paintFrames(QPainter& painter, const VisibleWindow& w) const {
    const auto frameRun = [&](quint64 begin, quint64 end, const QPen& pen) {
        forEachRowPiece(w, begin, end, [&](const QRectF& rect, bool openLeft, bool openRight) {
            drawRunFrame(painter, rect.adjusted(0.5, 0.5, -0.5, -0.5), openLeft, openRight, pen);
        });
    };
    for (const u8codec::Segment& s : w.segments) {
        if (s.isValid() && (s.length < 2 || isSuspicious(s.offset)))
            continue;
        frameRun(s.offset, s.end(),
                 s.isValid() ? QPen(rolePalette_.characterFrame(), 1.5)
                             : rolePalette_.framePen(RolePalette::roleForError(s.error)));
    }
    if (audit_)
        for (const ByteRange& mark : audit_->marksIn(w.from, w.to))
            frameRun(mark.start, mark.end, rolePalette_.framePen(CellRole::Suspicious));
    for (const u8convert::ClusterSpan& c : w.clusters)
        forEachRowPiece(w, c.offset, c.end(),
                        [&](const QRectF& rect, bool openLeft, bool openRight) {
                            rolePalette_.paintClusterBracket(painter, rect, openLeft, openRight);
                        });
}

// Bookmarks, search matches, then the selection, over the fills (all translucent).
void HexView::paintHighlights(QPainter& painter, const VisibleWindow& w) const {
    for (const DifferenceMark& d : differenceMarksIn(w.from, w.to)) {
        if (d.start < d.end) {
            forEachRowPiece(
                w, d.start, d.end, [&](const QRectF& rect, bool openLeft, bool openRight) {
                    rolePalette_.paintDifference(painter, rect, d.kind, !openLeft, !openRight);
                });
        } else if (d.start < w.to || (d.start == w.to && d.start == documentSize())) {
            // Before the byte now at the place, or after the last byte.
            const QRectF box = d.start < w.to ? cellBoxOf(d.start) : cellBoxOf(d.start - 1);
            const qreal x = d.start < w.to ? box.left() : box.right();
            rolePalette_.paintDifferenceGap(painter, x, box.top(), box.bottom(), d.kind);
        }
    }
    if (!selection_)
        return;
    for (const ByteRange& m : selection_->marks()) {
        if (m.end <= w.from || m.start >= w.to)
            continue;
        forEachRowPiece(w, m.start, m.end, [&](const QRectF& rect, bool openLeft, bool openRight) {
            rolePalette_.paintBookmark(painter, rect, !openLeft, !openRight);
        });
    }
    for (const ByteRange& h : selection_->highlights()) {
        if (h.end <= w.from || h.start >= w.to)
            continue;
        for (quint64 o = std::max(h.start, w.from); o < std::min(h.end, w.to); ++o) {
            const QRectF box = joinedBox(o, w.to, [&](quint64 n) { return h.contains(n); });
            painter.fillRect(box, rolePalette_.matchFill());
            painter.fillRect(QRectF(box.left(), box.bottom() - 2, box.width(), 2),
                             rolePalette_.matchFrame());
        }
    }
    const ByteRange selected = selection_->range();
    for (quint64 o = std::max(selected.start, w.from); o < std::min(selected.end, w.to); ++o)
        painter.fillRect(joinedBox(o, w.to, [&](quint64 n) { return selected.contains(n); }),
                         rolePalette_.selectionFill());
}

// Bytes edited and not saved: their mark along the top of each row's run of them; a tick where
// bytes were deleted, before the byte that now follows (or after the last byte).
void HexView::paintEditedMarks(QPainter& painter, const VisibleWindow& w) const {
    for (const u8codec::EditedRange& r : editedRangesIn(w.from, w.to)) {
        if (r.length > 0) {
            forEachRowPiece(w, r.offset, r.offset + r.length, [&](const QRectF& rect, bool, bool) {
                rolePalette_.paintEdited(painter, rect);
            });
            continue;
        }
        const bool atEnd = r.offset >= w.to;
        if (r.offset == 0 || r.offset < w.from || (atEnd && r.offset != documentSize()))
            continue;
        const QRectF cell = cellBoxOf(atEnd ? r.offset - 1 : r.offset);
        rolePalette_.paintDeletion(painter, atEnd ? cell.right() + 1 : cell.left() - 1, cell.top(),
                                   cell.bottom());
    }
}

// The cursor (paintCursor's look), on a byte or at the end; and, while a byte's second hex digit
// is awaited, a bar under that digit.
void HexView::paintCursorCell(QPainter& painter, const VisibleWindow& w) const {
    if (!selection_ || positionCount() == 0)
        return;
    const quint64 cursor = selection_->cursor();
    if (!(cursor >= w.from && cursor < w.to) && cursor != documentSize())
        return;
    const quint64 row = cursor / quint64(bytesPerRow_);
    if (row < topRow_ || row > topRow_ + quint64(visibleRows()))
        return;
    const QRectF cell = cellBoxOf(cursor);
    paintCursor(painter, cell);
    if (lowDigitAt_ == cursor)
        painter.fillRect(QRectF(cell.center().x(), cell.bottom() - 3, charWidth_, 2),
                         rolePalette_.cursorFrame());
}

// The hex digits, in the text colour of each byte's role.
void HexView::paintDigits(QPainter& painter, const VisibleWindow& w) const {
    std::size_t si = 0;
    for (quint64 o = w.from; o < w.to; ++o) {
        while (si < w.segments.size() && w.segments[si].end() <= o)
            ++si;
        if (si >= w.segments.size())
            break;
        const quint8 byte = w.bytes[o - w.bufferStart];
        const CellRole role =
            RolePalette::withAudit(RolePalette::roleOf(w.segments[si], o, byte), isSuspicious(o));
        painter.setPen(rolePalette_.style(role).text);
        painter.drawText(cellBoxOf(o), Qt::AlignCenter,
                         QStringLiteral("%1").arg(byte, 2, 16, QLatin1Char('0')).toUpper());
    }
}

} // namespace u8ui
