// The picture of one step of a walk-through: rows of cells, one character each (a bit, an x, a
// hex digit), gathered in blocks (an octet, a group of four bits, a byte), each row with a label
// on its left, an optional caption under each block and a note on its right. Marker bits are drawn
// muted, payload bits bold in their group's hue (payload_hues.h), the x still to fill faint, and
// what the step is about framed; a whole row can be highlighted (the row of RFC 3629's table the
// code point falls in). The walk-throughs say what to draw (FigureRow); this widget only draws it.
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>
#include <QWidget>

namespace u8ui {

enum class FigureCell : quint8 {
    Text,    // a character drawn as it is, without a box ("=", "+", a hex digit)
    Plain,   // a bit in a box, nothing more to say
    Marker,  // a marker bit (0, 110, 1110, 11110, 10): muted on the marker fill
    Payload, // a payload bit in its place: bold, in its group's hue (tag: the group)
    Pending, // an x still to fill
    Padding, // a zero put in front to fill the pattern's x bits
    Active,  // what this step is about: framed, bold (tag: its group's hue, or -1)
    Role,    // a byte coloured by its role, as the panes colour it (tag: the u8ui::CellRole)
};

struct FigureRow {
    struct Block {
        QString cells;
        QVector<FigureCell> kinds; // one per cell
        QVector<int> tags;         // one per cell
        QString caption;           // drawn under the block
        bool joined = false;       // one box around the block (a byte's two hex digits), not
                                   // one per cell
    };

    QString label;
    QString note;
    bool highlighted = false;
    QVector<Block> blocks;

    // Starts a new block with `caption` under it.
    FigureRow& block(const QString& caption = {});
    // Starts a new block drawn in one box.
    FigureRow& joinedBlock(const QString& caption = {});
    // Appends cells to the last block (starting one if there is none).
    FigureRow& add(const QString& cells, FigureCell kind, int tag = -1);

    // One line: "> " when highlighted, the label, the blocks (cells of Active runs in [ ]), the
    // captions in { }, and the note: "pattern: 1110xxxx 10xxxxxx 10[101100]".
    QString text() const;
};

class StepFigure : public QWidget {
    Q_OBJECT
public:
    explicit StepFigure(QWidget* parent = nullptr);

    void setRows(QVector<FigureRow> rows);
    const QVector<FigureRow>& rows() const { return rows_; }
    // Every row's text(), one per line (tests, accessibility).
    QString textDescription() const;

    // The labels left of their rows when the width allows (sizeHint), else each above its row
    // (minimumSizeHint), so that a figure fits a narrow dock.
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Metrics;
    Metrics metrics(bool stacked) const;
    QSize layoutSize(bool stacked) const;
    bool stackedAt(int width) const;
    void paintRow(QPainter& p, const FigureRow& row, int top, const Metrics& m) const;
    // The one frame of a joined block, in the look of its first cell.
    void paintBlockFrame(QPainter& p, const QRectF& box, FigureCell kind, int tag) const;
    // Draws one cell (or a joined block's cells as one), and its frame unless `framed` is false
    // (the block draws one).
    void paintCell(QPainter& p, const QRectF& cell, const QString& text, FigureCell kind, int tag,
                   const Metrics& m, bool framed = true) const;

    QVector<FigureRow> rows_;
};

} // namespace u8ui
