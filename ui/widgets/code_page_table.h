// The UTF-8 code-page table: the 256 byte values in a 16 x 16 grid (rows 0_ to F_, columns _0 to
// _F), each cell coloured by the byte's context-free class (u8codec::classify, drawn with the
// shared RolePalette), lead bytes labelled with the lowest code point they start, the restricted
// leads E0 ED F0 F4 marked, never-valid bytes hatched and crossed, and how often each byte occurs
// in the document. Clicking a cell (or Enter on the current one) asks to find that byte.
#pragma once

#include <QWidget>
#include <array>

class QPainter;

namespace u8ui {

class RolePalette;

class CodePageTable : public QWidget {
    Q_OBJECT
public:
    explicit CodePageTable(QWidget* parent = nullptr);

    // Occurrences of each byte value in the document (ScanReport::byteCounts); shown in the
    // cells and tooltips. clearCounts() hides them (no scan yet).
    void setCounts(const std::array<quint64, 256>& counts);
    void clearCounts();
    bool hasCounts() const { return hasCounts_; }
    quint64 count(int byteValue) const { return counts_[std::size_t(byteValue & 0xFF)]; }

    // The byte value drawn with a bold frame (the byte under the document's cursor), or -1.
    void setCurrentByte(int byteValue);
    int currentByte() const { return current_; }

    // The cell of a byte value, in widget coordinates; and the byte value at a point (-1 if none).
    QRect cellRect(int byteValue) const;
    int byteAt(const QPoint& pos) const;

    // The tooltip for a byte value: its class, the code points it may start, restrictions, count.
    QString toolTipFor(int byteValue) const;

    // What a cell shows, line by line: the byte in hex; the character (ASCII), the lowest code
    // point it starts (a lead: "U+0080" for C2) or a cross (never valid); its count (once known).
    struct CellText {
        QString hex, detail, count;
    };
    CellText cellText(int byteValue) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    // A cell was clicked or Enter was pressed on it: the window finds the next occurrence.
    void byteValueActivated(int byteValue);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct Grid {
        qreal left, top, cellWidth, cellHeight;
    };
    Grid grid() const;
    QFont smallFont() const; // the detail and count lines
    // paintEvent, part by part.
    struct CellLook;
    CellLook cellLook() const;
    void paintHeaders(QPainter& p, const QFont& bold) const;
    void paintCell(QPainter& p, int b, const CellLook& look) const;
    void paintCellText(QPainter& p, const QRectF& cell, int b, const QColor& ink,
                       const CellLook& look) const;
    void paintRestrictedNotch(QPainter& p, const QRectF& cell, int b,
                              const RolePalette& roles) const;
    void paintCurrentFrame(QPainter& p, const RolePalette& roles) const;

    std::array<quint64, 256> counts_{};
    bool hasCounts_ = false;
    int current_ = -1;
};

} // namespace u8ui
