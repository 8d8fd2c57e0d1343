// How the text pane draws: each glyph in its role's look, then the selection under the
// characters (never over them: a selected error stays readable), the cursor's frame, and the
// mark of each forced break.
#include "text_view.h"

#include <QPainter>

namespace u8ui {

namespace {
// The forced break's mark: a right-pointing double angle quotation mark, in every font.
const QString kBreakMark = QStringLiteral("\u00BB");
} // namespace

qreal TextView::breakMarkWidth() const {
    return QFontMetricsF(font()).horizontalAdvance(kBreakMark) + 8;
}

QRectF TextView::breakMarkRect(const VisibleLine& l) const {
    const Paragraph& p = *l.paragraph;
    if (!p.forcedBreak || p.glyphs.empty() || l.line + 1 != p.lineCount())
        return {};
    const Glyph& last = p.glyphs.back();
    return QRectF(margin_ + last.x + last.width, l.y, breakMarkWidth(), lineHeight_);
}

std::vector<QRect> TextView::forcedBreakMarks() const {
    std::vector<QRect> marks;
    for (const VisibleLine& l : visibleLineList())
        if (const QRectF r = breakMarkRect(l); !r.isNull())
            marks.push_back(r.toAlignedRect());
    return marks;
}

void TextView::paintGlyph(QPainter& painter, const Glyph& g, int y, bool selected) const {
    const QPalette& pal = palette();
    const QRectF rect = glyphRect(g, y);
    const QRectF box = rect.adjusted(1, 2, -1, -2);
    const RoleStyle* style = nullptr;
    // A character the audit reports: the Suspicious look, whatever else it is (not an error).
    const bool suspicious = g.kind != Glyph::Kind::ErrorBox && isSuspicious(g.offset);
    QColor markerText;
    switch (g.kind) {
    case Glyph::Kind::Text:
        if (suspicious) {
            // A run the audit reports as a whole (an identifier) joins its glyphs; a character
            // reported on its own is boxed and dotted inside it.
            style = &rolePalette_.style(CellRole::Suspicious);
            const std::optional<ByteRange> mark = audit_->markAt(g.offset);
            const bool closedLeft = !mark || mark->start >= g.offset;
            const bool closedRight = !mark || mark->end <= g.end();
            rolePalette_.paintSuspiciousText(
                painter, rect.adjusted(closedLeft ? 1 : 0, 2, closedRight ? -1 : 0, -2),
                audit_->characterMarked(g.offset), closedLeft, closedRight);
        }
        break;
    case Glyph::Kind::ControlPicture:
        if (suspicious) {
            style = &rolePalette_.style(CellRole::Suspicious);
            rolePalette_.paintMarker(painter, box, true);
        } else {
            style = &rolePalette_.style(g.role);
            painter.fillRect(box, style->fill);
        }
        break;
    case Glyph::Kind::CodePointBox:
        rolePalette_.paintMarker(painter, box, suspicious);
        markerText = rolePalette_.markerText(suspicious);
        break;
    case Glyph::Kind::ErrorBox: {
        style = &rolePalette_.style(g.role);
        rolePalette_.paintCell(painter, box, g.role, true);
        // The hex digits sit on a plate of the plain fill: the hatch says "error" around them
        // without running through the digits.
        const QFontMetricsF fm(font());
        const qreal plateWidth = std::min(box.width() - 4, fm.horizontalAdvance(g.text) + 2);
        painter.fillRect(
            QRectF(box.center().x() - plateWidth / 2, box.top() + 2, plateWidth, box.height() - 4),
            style->fill);
        break;
    }
    }
    // The selection tints the background; the characters are drawn over it in their own colour.
    if (selected)
        painter.fillRect(rect, rolePalette_.selectionFill());
    if (g.kind == Glyph::Kind::Text ||
        (g.kind == Glyph::Kind::ControlPicture && g.text.size() == 1)) {
        painter.setFont(g.emoji ? emojiFont_ : font());
        painter.setPen(style ? style->text : pal.color(QPalette::Text));
        painter.drawText(QPointF(rect.left(), y + 3 + ascent_), g.text);
    } else {
        // Mnemonics and code points in the small font; error bytes in the text's own size.
        painter.setFont(g.kind == Glyph::Kind::ErrorBox ? font() : smallFont_);
        painter.setPen(markerText.isValid() ? markerText : style->text);
        painter.drawText(box, Qt::AlignCenter, g.text);
    }
}

QRectF TextView::endCaretRect() const {
    const quint64 size = documentSize();
    if (size == 0)
        return QRectF(margin_, 0, 2 * margin_, lineHeight_);
    for (const VisibleLine& l : visibleLineList()) {
        const Paragraph& p = *l.paragraph;
        const int end = p.lineEnd(l.line);
        if (end > p.lineStarts[std::size_t(l.line)] &&
            p.glyphs[std::size_t(end - 1)].end() == size) {
            const Glyph& last = p.glyphs[std::size_t(end - 1)];
            return QRectF(margin_ + last.x + last.width, l.y, 2 * margin_, lineHeight_);
        }
    }
    return {};
}

void TextView::paintEdits(QPainter& painter, const VisibleLine& l,
                          const std::vector<u8codec::EditedRange>& edits) const {
    const Paragraph& p = *l.paragraph;
    const int first = p.lineStarts[std::size_t(l.line)];
    const int end = p.lineEnd(l.line);
    for (const u8codec::EditedRange& r : edits) {
        for (int i = first; i < end; ++i) {
            const Glyph& g = p.glyphs[std::size_t(i)];
            const QRectF rect = glyphRect(g, l.y).adjusted(0, 1, 0, -1);
            if (r.length > 0 && g.offset < r.offset + r.length && g.end() > r.offset)
                rolePalette_.paintEdited(painter, rect);
            else if (r.length == 0 && r.offset == g.offset && r.offset > 0)
                rolePalette_.paintDeletion(painter, rect.left(), rect.top(), rect.bottom());
            else if (r.length == 0 && r.offset == g.end() && g.end() == documentSize())
                rolePalette_.paintDeletion(painter, rect.right(), rect.top(), rect.bottom());
        }
    }
}

void TextView::paintDifferences(QPainter& painter, const Glyph& g, const QRectF& rect,
                                std::span<const DifferenceMark> marks) const {
    for (const DifferenceMark& d : marks) {
        if (g.offset < d.end && g.end() > d.start)
            rolePalette_.paintDifference(painter, rect, d.kind, g.offset <= d.start,
                                         g.end() >= d.end);
        else if (d.start == d.end && d.start == g.offset)
            rolePalette_.paintDifferenceGap(painter, rect.left(), rect.top(), rect.bottom(),
                                            d.kind);
        else if (d.start == d.end && d.start == g.end() && g.end() == documentSize())
            rolePalette_.paintDifferenceGap(painter, rect.right(), rect.top(), rect.bottom(),
                                            d.kind);
    }
}

void TextView::paintEvent(QPaintEvent*) {
    QPainter painter(viewport());
    painter.fillRect(viewport()->rect(), palette().color(QPalette::Base));
    const ByteRange selected = selection_ ? selection_->range() : ByteRange{};
    const quint64 cursor = selection_ ? selection_->cursor() : 0;
    const bool hasCursor = selection_ && documentSize() > 0;

    const std::vector<VisibleLine> lines = visibleLineList();
    std::vector<u8codec::EditedRange> edits;
    std::span<const DifferenceMark> differences;
    if (!lines.empty()) {
        const Paragraph& top = *lines.front().paragraph;
        const Paragraph& bottom = *lines.back().paragraph;
        edits =
            editedRangesIn(top.glyphs.empty() ? top.start : top.glyphs.front().offset, bottom.end);
        differences = differenceMarksIn(top.start, bottom.end);
    }
    for (const VisibleLine& l : lines) {
        const Paragraph& p = *l.paragraph;
        const int end = p.lineEnd(l.line);
        for (int i = p.lineStarts[std::size_t(l.line)]; i < end; ++i) {
            const Glyph& g = p.glyphs[std::size_t(i)];
            const QRectF rect = glyphRect(g, l.y);
            // Whole characters: a selection or match that covers any byte of the character
            // covers its glyph.
            auto touches = [&](const ByteRange& r) {
                return g.offset < r.end && g.end() > r.start;
            };
            paintDifferences(painter, g, rect, differences);
            if (selection_) {
                for (const ByteRange& m : selection_->marks())
                    if (touches(m))
                        rolePalette_.paintBookmark(painter, rect, g.offset <= m.start,
                                                   g.end() >= m.end);
                for (const ByteRange& h : selection_->highlights())
                    if (touches(h)) {
                        painter.fillRect(rect, rolePalette_.matchFill());
                        painter.fillRect(QRectF(rect.left(), rect.bottom() - 2, rect.width(), 2),
                                         rolePalette_.matchFrame());
                    }
            }
            paintGlyph(painter, g, l.y, touches(selected));
        }
        if (!edits.empty())
            paintEdits(painter, l, edits);
        for (int i = p.lineStarts[std::size_t(l.line)]; i < end; ++i) {
            const Glyph& g = p.glyphs[std::size_t(i)];
            if (hasCursor && cursor >= g.offset && cursor < g.end())
                paintCursor(painter, glyphRect(g, l.y).adjusted(0.5, 1.5, 0.5, -0.5));
        }
        // A forced break: the line goes on below, without a line feed or a space here.
        if (const QRectF mark = breakMarkRect(l); !mark.isNull()) {
            const RoleStyle& style = rolePalette_.style(CellRole::AsciiControl);
            const QRectF box = mark.adjusted(2, 3, -2, -3);
            painter.fillRect(box, style.fill);
            painter.setPen(QPen(style.text, 1, Qt::DashLine));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(box.adjusted(0.5, 0.5, -0.5, -0.5));
            painter.setFont(font());
            painter.drawText(box, Qt::AlignCenter, kBreakMark);
        }
    }
    // The cursor at the end, where an editable document appends.
    if (selection_ && cursor >= documentSize() && isEditable())
        if (const QRectF caret = endCaretRect(); !caret.isNull())
            paintCursor(painter, caret.adjusted(0.5, 1.5, 0.5, -0.5));
}

} // namespace u8ui
