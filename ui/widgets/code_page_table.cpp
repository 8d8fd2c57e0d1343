#include "code_page_table.h"

#include "number_format.h"
#include "role_palette.h"
#include "u8codec/byte_class.h"
#include "u8codec/encoder.h"
#include "u8codec/problem.h"
#include "u8codec/segmenter.h"
#include "unicode_info.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>

namespace u8ui {

namespace {

QString hex2(int b) {
    return QStringLiteral("%1").arg(b, 2, 16, QLatin1Char('0')).toUpper();
}

// "7", "9 876", "12.3k", "4.5M": fits a cell.
QString compactCount(quint64 n) {
    if (n < 10000)
        return u8doc::NumberFormat::count(n);
    static const char* kSuffix[] = {"k", "M", "G", "T", "P"};
    double v = double(n);
    int i = -1;
    while (v >= 1000 && i < 4) {
        v /= 1000;
        ++i;
    }
    return QLocale().toString(v, 'f', v < 100 ? 1 : 0) + QLatin1String(kSuffix[i]);
}

// What an ASCII cell shows: the character, or the abbreviation of a control or space.
QString asciiGlyph(int b) {
    const QString abbreviation = UnicodeInfo::controlAbbreviation(char32_t(b));
    return abbreviation.isEmpty() ? QString(QChar(char16_t(b))) : abbreviation;
}

QString codePointLabel(char32_t cp) {
    return QString::fromStdString(u8codec::codePointLabel(cp));
}

} // namespace

CodePageTable::CodePageTable(QWidget* parent) : QWidget(parent) {
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(false);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setAccessibleName(tr("UTF-8 code-page table"));
}

void CodePageTable::setCounts(const std::array<quint64, 256>& counts) {
    counts_ = counts;
    hasCounts_ = true;
    update();
}

void CodePageTable::clearCounts() {
    counts_.fill(0);
    hasCounts_ = false;
    update();
}

void CodePageTable::setCurrentByte(int byteValue) {
    const int b = byteValue >= 0 && byteValue < 256 ? byteValue : -1;
    if (b == current_)
        return;
    current_ = b;
    update();
}

QSize CodePageTable::sizeHint() const {
    const QFontMetrics fm(font());
    const int cw = fm.horizontalAdvance(QStringLiteral("U+10000")) + 8;
    const int ch = 3 * fm.height() + 6;
    return {cw * 16 + cw / 2 + 8, ch * 16 + fm.height() + 12};
}

QSize CodePageTable::minimumSizeHint() const {
    // Narrow enough for a dock beside a whole hex row in a 1024-pixel window: a cell holds its
    // hex byte (the detail line shrinks to fit, see paintEvent), and is tall enough for the hex
    // and detail lines (a short dock scrolls).
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics fm(bold);
    const int cellWidth = fm.horizontalAdvance(QStringLiteral("FF")) + 2;
    const int cellHeight = fm.height() + QFontMetrics(smallFont()).height() + 4;
    const Grid g = grid();
    return {int(g.left) + 2 + 16 * cellWidth, int(g.top) + 2 + 16 * cellHeight};
}

QFont CodePageTable::smallFont() const {
    QFont small = font();
    small.setPointSizeF(std::max(font().pointSizeF() * 0.8, 6.5));
    return small;
}

CodePageTable::CellText CodePageTable::cellText(int byteValue) const {
    const auto b = std::uint8_t(byteValue);
    CellText text;
    text.hex = hex2(b);
    const auto cls = u8codec::classify(b);
    if (cls == u8codec::ByteClass::Ascii)
        text.detail = asciiGlyph(b);
    else if (const auto low = u8codec::lowestCodePoint(b))
        text.detail = codePointLabel(*low);
    else if (cls == u8codec::ByteClass::Invalid)
        text.detail = QString(QChar(char16_t(0x2715))); // a cross: never valid
    if (hasCounts_)
        text.count = compactCount(counts_[b]);
    return text;
}

CodePageTable::Grid CodePageTable::grid() const {
    const QFontMetrics fm(font());
    const qreal headerW = fm.horizontalAdvance(QStringLiteral("F_")) + 10;
    const qreal headerH = fm.height() + 6;
    Grid g;
    g.left = headerW;
    g.top = headerH;
    g.cellWidth = (width() - headerW - 2) / 16.0;
    g.cellHeight = (height() - headerH - 2) / 16.0;
    return g;
}

QRect CodePageTable::cellRect(int byteValue) const {
    const Grid g = grid();
    const int row = (byteValue >> 4) & 0xF, col = byteValue & 0xF;
    return QRectF(g.left + col * g.cellWidth, g.top + row * g.cellHeight, g.cellWidth, g.cellHeight)
        .toAlignedRect();
}

int CodePageTable::byteAt(const QPoint& pos) const {
    const Grid g = grid();
    const qreal x = pos.x() - g.left, y = pos.y() - g.top;
    if (x < 0 || y < 0)
        return -1;
    const int col = int(x / g.cellWidth), row = int(y / g.cellHeight);
    if (col > 15 || row > 15)
        return -1;
    return row * 16 + col;
}

QString CodePageTable::toolTipFor(int byteValue) const {
    const auto b = std::uint8_t(byteValue);
    const CellRole role = RolePalette::roleForClass(b);
    QStringList lines;
    lines << QStringLiteral("<b>%1</b> (%2): %3")
                 .arg(hex2(b))
                 .arg(QString::fromStdString(u8codec::bitsWithMarker(b, 8)),
                      RolePalette::name(role));
    const auto low = u8codec::lowestCodePoint(b), high = u8codec::highestCodePoint(b);
    const u8codec::ByteClass cls = u8codec::classify(b);
    if (cls == u8codec::ByteClass::Ascii)
        lines << tr("The character %1 on its own.").arg(codePointLabel(b));
    else if (low && high)
        lines << tr("Starts a %1-byte character from %2 to %3.")
                     .arg(u8codec::sequenceLength(cls))
                     .arg(codePointLabel(*low), codePointLabel(*high));
    else if (cls == u8codec::ByteClass::Continuation)
        lines << tr("Only valid after a lead byte; carries 6 bits of the character.");
    else
        lines << tr("Never valid in UTF-8 (RFC 3629 section 4).");
    if (u8codec::isRestrictedLead(b)) {
        const u8codec::ByteRange r = u8codec::firstContinuationRange(b);
        QString why;
        switch (u8codec::errorPreventedBy(b)) {
        case u8codec::ErrorKind::Overlong:
            why = tr("lower values would be overlong forms");
            break;
        case u8codec::ErrorKind::Surrogate:
            why = tr("higher values would encode UTF-16 surrogates");
            break;
        default:
            why = tr("higher values would lie beyond U+10FFFF");
            break;
        }
        lines << tr("Restricted lead: the next byte must be %1-%2, since %3.")
                     .arg(hex2(r.low), hex2(r.high), why);
    }
    if (hasCounts_)
        lines << tr("Occurs %1 times in the document.").arg(u8doc::NumberFormat::count(counts_[b]));
    lines << tr("Click to find its next occurrence (and to walk through it).");
    return lines.join(QStringLiteral("<br>"));
}

// What every cell is painted with: the role colours for the palette, the fonts, and how many
// lines of text (hex, detail, count) fit in a cell.
struct CodePageTable::CellLook {
    RolePalette roles;
    QFont bold, small;
    QFontMetrics smallMetrics;
    int lines;
};

CodePageTable::CellLook CodePageTable::cellLook() const {
    QFont bold = font();
    bold.setBold(true);
    const QFont small = smallFont();
    const QFontMetrics smallMetrics(small);
    const Grid g = grid();
    const int lines = std::clamp(int((g.cellHeight - 2) / (smallMetrics.height())), 1, 3);
    return {RolePalette::forPalette(palette()), bold, small, smallMetrics, lines};
}

void CodePageTable::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const CellLook look = cellLook();
    paintHeaders(p, look.bold);
    for (int b = 0; b < 256; ++b)
        paintCell(p, b, look);
    paintCurrentFrame(p, look.roles);
}

// The high nibble down the side, the low nibble across the top.
void CodePageTable::paintHeaders(QPainter& p, const QFont& bold) const {
    const Grid g = grid();
    p.setFont(bold);
    p.setPen(palette().color(QPalette::PlaceholderText));
    for (int i = 0; i < 16; ++i) {
        const QString nibble = QString::number(i, 16).toUpper();
        p.drawText(QRectF(g.left + i * g.cellWidth, 0, g.cellWidth, g.top), Qt::AlignCenter,
                   QLatin1Char('_') + nibble);
        p.drawText(QRectF(0, g.top + i * g.cellHeight, g.left, g.cellHeight), Qt::AlignCenter,
                   nibble + QLatin1Char('_'));
    }
}

namespace {

// A detail line too long for a narrow cell ("U+10000") is drawn smaller, down to a floor.
QFont fittedFont(const QFont& small, const QFontMetrics& smallMetrics, const QString& detail,
                 qreal width) {
    QFont f = small;
    const qreal room = width - 2, wanted = smallMetrics.horizontalAdvance(detail);
    if (wanted > room && wanted > 0)
        f.setPointSizeF(std::max(small.pointSizeF() * room / wanted, 5.5));
    return f;
}

} // namespace

// One cell: the role's colours, a frame in the window colour, the text lines that fit, and for a
// restricted lead its notch.
void CodePageTable::paintCell(QPainter& p, int b, const CellLook& look) const {
    const QRectF cell = QRectF(cellRect(b)).adjusted(0.5, 0.5, -0.5, -0.5);
    const CellRole role = RolePalette::roleForClass(std::uint8_t(b));
    look.roles.paintCell(p, cell, role);
    p.setPen(QPen(palette().color(QPalette::Window), 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(cell);
    paintCellText(p, cell, b, look.roles.style(role).text, look);
    if (u8codec::isRestrictedLead(std::uint8_t(b)))
        paintRestrictedNotch(p, cell, b, look.roles);
}

// The lines of cellText() that fit: the hex byte bold, the detail (fitted to the width), the count
// (faint when zero).
void CodePageTable::paintCellText(QPainter& p, const QRectF& cell, int b, const QColor& ink,
                                  const CellLook& look) const {
    const CellText text = cellText(b);
    const qreal lineH = look.lines == 1 ? cell.height() : cell.height() / look.lines;
    p.setPen(ink);
    p.setFont(look.bold);
    p.drawText(QRectF(cell.left(), cell.top(), cell.width(), lineH), Qt::AlignCenter, text.hex);
    if (look.lines >= 2 && !text.detail.isEmpty()) {
        p.setFont(fittedFont(look.small, look.smallMetrics, text.detail, cell.width()));
        p.drawText(QRectF(cell.left(), cell.top() + lineH, cell.width(), lineH), Qt::AlignCenter,
                   text.detail);
    }
    p.setFont(look.small);
    if (look.lines >= 3 && !text.count.isEmpty()) {
        QColor c = ink;
        if (counts_[std::size_t(b)] == 0)
            c.setAlphaF(0.4);
        p.setPen(c);
        p.drawText(QRectF(cell.left(), cell.top() + 2 * lineH, cell.width(), lineH),
                   Qt::AlignCenter, text.count);
    }
}

// Restricted leads: a corner notch in the frame colour of the error their rule prevents.
void CodePageTable::paintRestrictedNotch(QPainter& p, const QRectF& cell, int b,
                                         const RolePalette& roles) const {
    const qreal s = std::min(cell.width(), cell.height()) * 0.3;
    QPolygonF notch;
    notch << cell.topRight() << QPointF(cell.right() - s, cell.top())
          << QPointF(cell.right(), cell.top() + s);
    const auto prevented = u8codec::errorPreventedBy(std::uint8_t(b));
    p.setPen(Qt::NoPen);
    p.setBrush(roles.style(RolePalette::roleForError(prevented)).frame);
    p.drawPolygon(notch);
    p.setBrush(Qt::NoBrush);
}

// The current byte's bold frame, and inside it a dotted one while the table has the focus.
void CodePageTable::paintCurrentFrame(QPainter& p, const RolePalette& roles) const {
    if (current_ >= 0) {
        p.setPen(QPen(roles.cursorFrame(), 2.5));
        p.drawRect(QRectF(cellRect(current_)).adjusted(1.5, 1.5, -1.5, -1.5));
    }
    if (hasFocus() && current_ >= 0) {
        p.setPen(QPen(roles.cursorFrame(), 1, Qt::DotLine));
        p.drawRect(QRectF(cellRect(current_)).adjusted(4, 4, -4, -4));
    }
}

void CodePageTable::mousePressEvent(QMouseEvent* event) {
    const int b = byteAt(event->position().toPoint());
    if (event->button() == Qt::LeftButton && b >= 0) {
        setCurrentByte(b);
        emit byteValueActivated(b);
        return;
    }
    QWidget::mousePressEvent(event);
}

void CodePageTable::keyPressEvent(QKeyEvent* event) {
    const int b = std::max(current_, 0);
    switch (event->key()) {
    case Qt::Key_Left:
        setCurrentByte((b + 255) % 256);
        return;
    case Qt::Key_Right:
        setCurrentByte((b + 1) % 256);
        return;
    case Qt::Key_Up:
        setCurrentByte((b + 240) % 256);
        return;
    case Qt::Key_Down:
        setCurrentByte((b + 16) % 256);
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
        if (current_ >= 0)
            emit byteValueActivated(current_);
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

bool CodePageTable::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int b = byteAt(help->pos());
        if (b >= 0)
            QToolTip::showText(help->globalPos(), toolTipFor(b), this, cellRect(b));
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

} // namespace u8ui
