#include "step_figure.h"

#include "payload_hues.h"
#include "role_palette.h"

#include <QEvent>
#include <QFontDatabase>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace u8ui {

namespace {

// Behind what a step is about: its group's hue, or, for what belongs to no group (the marker bits,
// a byte being read), a highlighter's yellow (Okabe-Ito's), which no group hue is.
QColor activeFill(int tag, const QPalette& palette) {
    QColor fill = tag >= 0 ? payloadHue(tag, palette) : QColor(0xF0, 0xE4, 0x42);
    fill.setAlphaF(tag >= 0 ? 0.35 : 0.6);
    return fill;
}

// The grid and the marker fill from the text colour, faint: visible on a light and a dark
// palette alike (the palette's Mid and AlternateBase nearly vanish on a dark one).
QColor gridColour(const QPalette& palette) {
    QColor c = palette.color(QPalette::WindowText);
    c.setAlphaF(0.35);
    return c;
}

QColor markerFill(const QPalette& palette) {
    QColor c = palette.color(QPalette::WindowText);
    c.setAlphaF(0.1);
    return c;
}

} // namespace

// --- FigureRow --------------------------------------------------------------------------------

FigureRow& FigureRow::block(const QString& caption) {
    blocks.push_back({});
    blocks.back().caption = caption;
    return *this;
}

FigureRow& FigureRow::joinedBlock(const QString& caption) {
    block(caption);
    blocks.back().joined = true;
    return *this;
}

FigureRow& FigureRow::add(const QString& cells, FigureCell kind, int tag) {
    if (blocks.isEmpty())
        block();
    Block& b = blocks.back();
    b.cells += cells;
    for (qsizetype i = 0; i < cells.size(); ++i) {
        b.kinds.push_back(kind);
        b.tags.push_back(tag);
    }
    return *this;
}

QString FigureRow::text() const {
    QStringList parts, captions;
    for (const Block& b : blocks) {
        QString s;
        bool open = false;
        for (qsizetype i = 0; i < b.cells.size(); ++i) {
            const bool active = b.kinds[i] == FigureCell::Active;
            if (active != open)
                s += active ? QLatin1Char('[') : QLatin1Char(']');
            open = active;
            s += b.cells[i];
        }
        if (open)
            s += QLatin1Char(']');
        parts << s;
        if (!b.caption.isEmpty())
            captions << b.caption;
    }
    QString line = (highlighted ? QStringLiteral("> ") : QString()) + label + QStringLiteral(": ") +
                   parts.join(QLatin1Char(' '));
    if (!captions.isEmpty())
        line += QStringLiteral("  {") + captions.join(QLatin1Char(' ')) + QLatin1Char('}');
    if (!note.isEmpty())
        line += QStringLiteral("  ") + note;
    return line;
}

// --- StepFigure -------------------------------------------------------------------------------

struct StepFigure::Metrics {
    QFont font, boldFont, captionFont;
    qreal cell = 0, cellHeight = 0, gap = 0;
    qreal captionHeight = 0;
    qreal labelWidth = 0;
    qreal noteGap = 0;
    qreal rowSpacing = 0;
    qreal margin = 6;
    bool stacked = false; // each label on a line of its own, above its cells
    qreal labelLine = 0;

    qreal blocksWidth(const FigureRow& row) const {
        qreal w = 0;
        for (const FigureRow::Block& b : row.blocks)
            w += b.cells.size() * cell;
        return w + std::max<qsizetype>(0, row.blocks.size() - 1) * gap;
    }
    qreal rowHeight(const FigureRow& row) const {
        const bool captioned = std::any_of(row.blocks.begin(), row.blocks.end(),
                                           [](const auto& b) { return !b.caption.isEmpty(); });
        const bool labelAbove = stacked && !row.label.isEmpty();
        return (labelAbove ? labelLine : 0) + cellHeight + (captioned ? captionHeight : 0) +
               rowSpacing;
    }
};

StepFigure::StepFigure(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setFocusPolicy(Qt::StrongFocus); // the walk-through's keys work while the figure has focus
    setAccessibleName(tr("Walk-through figure"));
}

void StepFigure::setRows(QVector<FigureRow> rows) {
    rows_ = std::move(rows);
    setAccessibleDescription(textDescription());
    updateGeometry();
    update();
}

QString StepFigure::textDescription() const {
    QStringList lines;
    for (const FigureRow& row : rows_)
        lines << row.text();
    return lines.join(QLatin1Char('\n'));
}

StepFigure::Metrics StepFigure::metrics(bool stacked) const {
    Metrics m;
    m.stacked = stacked;
    m.font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m.font.setPointSizeF(std::max(font().pointSizeF(), 6.0) * 1.15);
    m.boldFont = m.font;
    m.boldFont.setBold(true);
    m.captionFont = font();
    m.captionFont.setPointSizeF(std::max(font().pointSizeF() * 0.85, 6.0));
    const QFontMetricsF fm(m.boldFont);
    m.cell = std::ceil(fm.horizontalAdvance(QLatin1Char('0'))) + 4;
    m.cellHeight = std::ceil(fm.height()) + 8;
    m.gap = std::round(m.cell * 0.6);
    m.captionHeight = QFontMetricsF(m.captionFont).height() + 2;
    m.rowSpacing = std::round(m.cellHeight * 0.25);
    m.noteGap = m.cell;
    m.margin = std::round(m.cell * 0.5);
    const QFontMetricsF labels(font());
    m.labelLine = labels.height() + 2;
    if (stacked)
        return m; // no label column
    for (const FigureRow& row : rows_)
        m.labelWidth = std::max(m.labelWidth, labels.horizontalAdvance(row.label));
    if (m.labelWidth > 0)
        m.labelWidth += m.cell;
    return m;
}

QSize StepFigure::layoutSize(bool stacked) const {
    const Metrics m = metrics(stacked);
    const QFontMetricsF labels(font());
    qreal width = 0, height = 0;
    for (const FigureRow& row : rows_) {
        qreal w = m.labelWidth + m.blocksWidth(row);
        if (!row.note.isEmpty())
            w += m.noteGap + labels.horizontalAdvance(row.note);
        if (stacked)
            w = std::max(w, labels.horizontalAdvance(row.label));
        width = std::max(width, w);
        height += m.rowHeight(row);
    }
    return QSizeF(width + 2 * m.margin, height + 2 * m.margin).toSize();
}

bool StepFigure::stackedAt(int width) const {
    return width < layoutSize(false).width();
}

QSize StepFigure::sizeHint() const {
    return layoutSize(false);
}

QSize StepFigure::minimumSizeHint() const {
    // Narrower than that, the labels go above their cells.
    return layoutSize(true);
}

bool StepFigure::hasHeightForWidth() const {
    return true;
}

int StepFigure::heightForWidth(int width) const {
    return layoutSize(stackedAt(width)).height();
}

void StepFigure::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        updateGeometry();
        update();
    }
    QWidget::changeEvent(event);
}

void StepFigure::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const Metrics m = metrics(stackedAt(width()));
    qreal y = m.margin;
    for (const FigureRow& row : rows_) {
        paintRow(p, row, int(y), m);
        y += m.rowHeight(row);
    }
}

void StepFigure::paintRow(QPainter& p, const FigureRow& row, int top, const Metrics& m) const {
    const QPalette pal = palette();
    const QFontMetricsF labels(font());
    const qreal rowHeight = m.rowHeight(row) - m.rowSpacing;
    qreal noteWidth = row.note.isEmpty() ? 0 : m.noteGap + labels.horizontalAdvance(row.note);
    if (row.highlighted) {
        // The row the step is about: a band across label, cells and note.
        QColor fill = pal.color(QPalette::Highlight);
        fill.setAlphaF(0.2);
        const qreal width = std::max(m.labelWidth + m.blocksWidth(row) + noteWidth,
                                     m.stacked ? labels.horizontalAdvance(row.label) : 0.0);
        const QRectF band(m.margin / 2, top - m.rowSpacing / 2, width + m.margin,
                          rowHeight + m.rowSpacing);
        p.setPen(QPen(pal.color(QPalette::Highlight), 2));
        p.setBrush(fill);
        p.drawRoundedRect(band, 4, 4);
        p.setBrush(Qt::NoBrush);
    }
    p.setFont(font());
    p.setPen(pal.color(QPalette::WindowText));
    qreal y = top;
    if (m.stacked && !row.label.isEmpty()) {
        p.drawText(QRectF(m.margin, y, width() - 2 * m.margin, m.labelLine),
                   Qt::AlignLeft | Qt::AlignVCenter, row.label);
        y += m.labelLine;
    } else if (!m.stacked) {
        p.drawText(QRectF(m.margin, y, m.labelWidth, m.cellHeight),
                   Qt::AlignLeft | Qt::AlignVCenter, row.label);
    }
    qreal x = m.margin + m.labelWidth;
    QColor muted = pal.color(QPalette::WindowText);
    muted.setAlphaF(0.6);
    for (const FigureRow::Block& b : row.blocks) {
        const qreal width = b.cells.size() * m.cell;
        if (b.joined && !b.cells.isEmpty()) {
            // One box: the whole block in the look of its first cell.
            const QRectF box(x, y, width, m.cellHeight);
            paintCell(p, box, b.cells, b.kinds.front(), b.tags.front(), m, false);
            paintBlockFrame(p, box, b.kinds.front(), b.tags.front());
        } else {
            for (qsizetype i = 0; i < b.cells.size(); ++i)
                paintCell(p, QRectF(x + i * m.cell, y, m.cell, m.cellHeight), QString(b.cells[i]),
                          b.kinds[i], b.tags[i], m);
        }
        if (!b.caption.isEmpty()) {
            p.setFont(m.captionFont);
            p.setPen(muted);
            // Centred under the block, free to spill over its neighbours' gaps.
            const QRectF under(x - m.gap, y + m.cellHeight, width + 2 * m.gap, m.captionHeight);
            p.drawText(under, Qt::AlignHCenter | Qt::AlignTop, b.caption);
        }
        x += width + m.gap;
    }
    if (!row.note.isEmpty()) {
        p.setFont(font());
        p.setPen(pal.color(QPalette::WindowText));
        p.drawText(QRectF(x - m.gap + m.noteGap, y, noteWidth, m.cellHeight),
                   Qt::AlignLeft | Qt::AlignVCenter, row.note);
    }
}

void StepFigure::paintBlockFrame(QPainter& p, const QRectF& box, FigureCell kind, int tag) const {
    if (kind == FigureCell::Text)
        return; // text stands free
    const QPalette pal = palette();
    p.setBrush(Qt::NoBrush);
    if (kind == FigureCell::Active) {
        p.setPen(QPen(tag >= 0 ? payloadHue(tag, pal) : pal.color(QPalette::WindowText), 2));
        p.drawRect(box.adjusted(1, 1, -1, -1));
        return;
    }
    QPen pen(gridColour(pal), 1);
    if (kind == FigureCell::Role) {
        // The frame errors have in the panes.
        const QPen role =
            RolePalette::forPalette(pal).framePen(CellRole(std::clamp(tag, 0, kCellRoleCount - 1)));
        if (role.color().isValid())
            pen = role;
    }
    p.setPen(pen);
    p.drawRect(box.adjusted(0.5, 0.5, -0.5, -0.5));
}

void StepFigure::paintCell(QPainter& p, const QRectF& cell, const QString& c, FigureCell kind,
                           int tag, const Metrics& m, bool framed) const {
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::WindowText);
    QColor muted = text;
    muted.setAlphaF(0.55);
    const QRectF box = cell.adjusted(0.5, 0.5, -0.5, -0.5);
    QColor pen = text;
    QFont font = m.font;
    switch (kind) {
    case FigureCell::Text:
        p.setFont(m.boldFont);
        p.setPen(text);
        p.drawText(cell, Qt::AlignCenter, c);
        return;
    case FigureCell::Plain:
        break;
    case FigureCell::Marker:
    case FigureCell::Padding:
        p.fillRect(box, markerFill(pal));
        pen = muted;
        break;
    case FigureCell::Payload: {
        QColor fill = payloadHue(tag, pal);
        fill.setAlphaF(0.16);
        p.fillRect(box, fill);
        pen = payloadHue(tag, pal);
        font = m.boldFont;
        break;
    }
    case FigureCell::Pending:
        pen = muted;
        break;
    case FigureCell::Active: {
        p.fillRect(box, activeFill(tag, pal));
        pen = tag >= 0 ? payloadHue(tag, pal) : text;
        font = m.boldFont;
        break;
    }
    case FigureCell::Role: {
        const RolePalette roles = RolePalette::forPalette(pal);
        const auto role = CellRole(std::clamp(tag, 0, kCellRoleCount - 1));
        roles.paintCell(p, box, role, framed);
        pen = roles.style(role).text;
        font = m.boldFont;
        break;
    }
    }
    p.setFont(font);
    p.setPen(pen);
    p.drawText(cell, Qt::AlignCenter, c);
    // The frame: the grid's for every cell, the highlight's, thicker, for what the step is about.
    if (!framed)
        return;
    if (kind == FigureCell::Active) {
        p.setPen(QPen(tag >= 0 ? payloadHue(tag, pal) : text, 2));
        p.drawRect(cell.adjusted(1, 1, -1, -1));
    } else {
        p.setPen(QPen(gridColour(pal), 1));
        p.drawRect(box);
    }
}

} // namespace u8ui
