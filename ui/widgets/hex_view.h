// The hex pane: one cell per byte, coloured by the role the byte plays in UTF-8 in context.
//
// Okteta's lesson: a QAbstractScrollArea that paints only the visible rows. The view reads the
// visible window (plus the 3 bytes of look-behind and look-ahead UTF-8 needs, RFC 3629 section 1)
// through the document's ByteSource and asks the codec for its segments, so a 4 GB file paints as
// fast as a small one. Hex Fiend's lesson: the view owns neither cursor nor selection; it paints
// and edits the shared ByteSelection, which is how it stays linked to the text pane.
#pragma once

#include "byte_pane.h"
#include "u8codec/segment.h"
#include "u8convert/graphemes.h"

#include <memory>
#include <optional>
#include <vector>

class QPainter;

namespace u8ui {

class HexView : public BytePane {
    Q_OBJECT
public:
    explicit HexView(QWidget* parent = nullptr);

    // 8, 16 (default) or 32 bytes per row; other values are rounded to the nearest of these.
    int bytesPerRow() const { return bytesPerRow_; }
    void setBytesPerRow(int bytes);

    // The offset of the first byte of the top row (a multiple of bytesPerRow()).
    quint64 topOffset() const { return topRow_ * quint64(bytesPerRow_); }
    // Scrolls so that the row holding `offset` is at the top (clamped so that the last row stays
    // at the bottom). Emits topOffsetChanged when the top row changes.
    void setTopOffset(quint64 offset);
    // Scrolls the least needed for the row holding `offset` to be fully visible.
    void ensureVisible(quint64 offset) override;
    // A jump (Go to, Find): when the row holding `offset` is not fully visible, scrolls it to the
    // middle of the pane, as editors do, rather than to an edge.
    void centreIfHidden(quint64 offset);
    // Rows that fit entirely in the viewport (at least 1).
    int visibleRows() const;
    // The width the pane needs to show a whole row without scrolling sideways: the offsets, every
    // column, the frame and the vertical scroll bar (the window sizes its split from it).
    int fullRowWidth() const;

    // The box of the cell of `offset` in viewport coordinates; a null QRect when the byte is not
    // on screen (a cell of the partly visible last row extends past the viewport's bottom).
    QRect cellRect(quint64 offset) const;
    // The grapheme clusters of several code points bracketed on screen (setShowClusters).
    std::vector<ByteRange> bracketedClusters() const;
    // The byte whose cell contains `pos` (viewport coordinates); nullopt outside every cell.
    std::optional<quint64> offsetAt(QPoint pos) const override;
    // The role of the byte at `offset` in context (reads only its neighbourhood); AsciiControl for
    // an offset outside the document.
    CellRole roleAt(quint64 offset) const;
    // The byte whose low digit the next hex digit typed sets (its high digit was just typed), if
    // any: the cursor marks that digit.
    std::optional<quint64> pendingLowDigit() const { return lowDigitAt_; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void onContentChanged() override;
    void onShowClustersChanged() override;
    void onCursorMoved() override;
    void onFontChanged() override;
    QRect toolTipRect(quint64 offset) const override;
    int pageLines() const override;

private:
    // The bytes and segments of the rows on screen, read once per scroll position.
    struct VisibleWindow {
        bool valid = false;
        quint64 from = 0, to = 0;               // the bytes shown
        quint64 bufferStart = 0;                // offset of bytes[0] (from minus the context)
        std::vector<quint8> bytes;              // [bufferStart, to + the context)
        std::vector<u8codec::Segment> segments; // those overlapping [from, to), in order
        // The grapheme clusters of more than one code point overlapping [from, to), when shown.
        std::vector<u8convert::ClusterSpan> clusters;
    };

    // The cursor's places: every byte, and the end when the document is editable.
    quint64 positionCount() const;
    quint64 totalRows() const;
    quint64 maxTopRow() const;
    void setTopRow(quint64 row);
    void updateMetrics();
    void updateScrollBars();
    void onScrollBarMoved(int value);
    const VisibleWindow& visibleWindow() const;
    int columnX(int column) const; // left of a column's slot, in content coordinates
    int contentWidth() const;      // a whole row, in content coordinates
    QRectF cellBox(int column, int rowY) const;
    // hex_view_paint.cpp: the box of the byte at `offset` on screen, and the layers of a paint.
    QRectF cellBoxOf(quint64 offset) const;
    // The box of a byte, stretched to touch its neighbours on the same row that `joined` says
    // belong with it (the bytes of one character, or of one selection).
    template <class Joined>
    QRectF joinedBox(quint64 offset, quint64 windowEnd, Joined joined) const;
    // draw(rect, openLeft, openRight) for each row's piece of the bytes [begin, end) on screen.
    template <class Draw>
    void forEachRowPiece(const VisibleWindow& w, quint64 begin, quint64 end, Draw draw) const;
    void paintOffsets(QPainter& painter, int scrollX) const;
    void paintFills(QPainter& painter, const VisibleWindow& w) const;
    void paintFrames(QPainter& painter, const VisibleWindow& w) const;
    void paintHighlights(QPainter& painter, const VisibleWindow& w) const;
    void paintDigits(QPainter& painter, const VisibleWindow& w) const;
    quint64 nearestOffset(QPoint pos) const;
    void moveCursorTo(qint64 target, bool extend);
    void paintEditedMarks(QPainter& painter, const VisibleWindow& w) const;
    void paintCursorCell(QPainter& painter, const VisibleWindow& w) const;
    // hex_view_edit.cpp: the keys that edit (hex digits, Delete, Backspace, Insert); true when
    // the key was one of them.
    bool editKey(QKeyEvent* event);
    void typeHexDigit(int digit);

    int bytesPerRow_ = 16;
    quint64 topRow_ = 0;
    int wheelRemainder_ = 0;
    // Metrics from the font.
    int charWidth_ = 8;
    int lineHeight_ = 18;
    int ascent_ = 12;
    int offsetDigits_ = 8;
    int offsetColumnWidth_ = 0;
    int cellWidth_ = 24;
    mutable VisibleWindow window_;
    std::optional<quint64> lowDigitAt_;
    mutable std::unique_ptr<u8convert::GraphemeBreaks> clusterBreaks_;
};

} // namespace u8ui
