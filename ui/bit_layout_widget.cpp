#include "bit_layout_widget.h"

#include "payload_hues.h"

#include <QEvent>
#include <QFontDatabase>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>

namespace u8ui {

struct BitLayoutWidget::Metrics {
    QFont font, boldFont, smallFont;
    int cell = 0; // width of one bit
    int cellHeight = 0;
    int byteGap = 0;   // between bytes
    int nibbleGap = 0; // between hex digits of the assembled value
    int margin = 10;
    int labelHeight = 0;
    int smallHeight = 0;
    int funnel = 0; // height of the band joining bytes to the value
};

BitLayoutWidget::BitLayoutWidget(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setAccessibleName(tr("Bit layout"));
}

BitLayoutWidget::Metrics BitLayoutWidget::metrics() const {
    Metrics m;
    m.font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m.font.setPointSizeF(std::max(font().pointSizeF(), 9.0) * 1.05);
    m.boldFont = m.font;
    m.boldFont.setBold(true);
    m.smallFont = font();
    m.smallFont.setPointSizeF(std::max(font().pointSizeF() * 0.85, 7.0));
    const QFontMetrics fm(m.boldFont);
    m.cell = fm.horizontalAdvance(QLatin1Char('0')) + 5;
    m.cellHeight = fm.height() + 8;
    m.byteGap = m.cell * 3 / 4;
    m.nibbleGap = m.cell / 2;
    m.labelHeight = fm.height() + 2;
    m.smallHeight = QFontMetrics(m.smallFont).height() + 2;
    m.funnel = 2 * m.cellHeight;
    return m;
}

// Payload bits of each byte get a hue of their own so that they can be followed into the value.
QColor BitLayoutWidget::payloadColour(int octet) const {
    return payloadHue(octet, palette());
}

void BitLayoutWidget::showLayout(const u8codec::BitLayout& layout, const QString& valueCaption) {
    layout_ = layout;
    bytes_.assign(layout.bytes.begin(), layout.bytes.begin() + layout.octets);
    caption_ = valueCaption;
    updateGeometry();
    update();
}

void BitLayoutWidget::showBytes(std::span<const std::uint8_t> bytes, const QString& note) {
    layout_.reset();
    bytes_.assign(bytes.begin(), bytes.end());
    caption_ = note;
    updateGeometry();
    update();
}

void BitLayoutWidget::clear() {
    layout_.reset();
    bytes_.clear();
    caption_.clear();
    updateGeometry();
    update();
}

QString BitLayoutWidget::textDescription() const {
    if (bytes_.empty())
        return {};
    QStringList parts;
    for (std::size_t i = 0; i < bytes_.size(); ++i)
        parts << QString::fromStdString(
            u8codec::bitsWithMarker(bytes_[i], layout_ ? layout_->markerBits[i] : 8));
    QString s = parts.join(QLatin1Char(' '));
    if (layout_)
        s += QStringLiteral(" -> %1 = %2")
                 .arg(qulonglong(layout_->value), layout_->payloadBits, 2, QLatin1Char('0'))
                 .arg(caption_);
    else if (!caption_.isEmpty())
        s += QStringLiteral(" (") + caption_ + QLatin1Char(')');
    return s;
}

namespace {
int paddedBits(int payloadBits) {
    return (payloadBits + 3) / 4 * 4;
}
} // namespace

QSize BitLayoutWidget::sizeHint() const {
    const Metrics m = metrics();
    const int n = std::max<int>(1, int(bytes_.size()));
    int width = n * 8 * m.cell + (n - 1) * m.byteGap;
    int height = m.margin + m.smallHeight + m.labelHeight + m.cellHeight + m.smallHeight;
    if (layout_) {
        const int bits = paddedBits(layout_->payloadBits);
        width = std::max(width, bits * m.cell + (bits / 4 - 1) * m.nibbleGap);
        height += m.funnel + m.cellHeight + m.labelHeight + m.labelHeight;
    } else {
        height += m.labelHeight;
    }
    QFont captionFont = font();
    captionFont.setBold(true);
    width = std::max(width, QFontMetrics(captionFont).horizontalAdvance(caption_));
    return {width + 2 * m.margin, height + m.margin};
}

QSize BitLayoutWidget::minimumSizeHint() const {
    return sizeHint();
}

void BitLayoutWidget::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        updateGeometry();
    QWidget::changeEvent(event);
}

// One paint of the picture: the painter, the sizes and colours, and where the bytes are. Each row
// of the picture is one method, drawn top to bottom; each returns the y below what it drew.
struct BitLayoutWidget::Painting {
    Painting(const BitLayoutWidget& widget, QPainter& painter);

    int top() const { return m.margin; }
    int byteX(int i) const { return x0 + i * (8 * m.cell + m.byteGap); }
    int drawByteHeadings(int y) const;
    int drawByteBits(int y) const;
    int drawPatterns(int y) const;
    void drawCaption(int y, const QFont& font) const;
    void drawAssembledValue(int bitsTop, int y) const;

private:
    // The assembled value's row: payload bits padded to whole hex digits, grouped by digit.
    struct ValueRow {
        int payloadBits, bits, pad, x0, top, nibbleGap, cell;
        int x(int k) const { return x0 + k * cell + (k / 4) * nibbleGap; }
        int digits() const { return bits / 4; }
    };
    ValueRow valueRow(int top) const;
    // A bit in its cell: a payload bit (hue given) bold on a tint of its hue, a marker bit in
    // `markerPen` on the marker fill.
    void drawBit(const QRect& cell, bool one, const QColor* hue, const QColor& markerPen) const;
    // The rounded frame around a byte or a hex digit's four bits.
    void drawFrame(const QRectF& box) const;
    void drawBand(int octet, const ValueRow& row, const std::vector<int>& origin, qreal ya) const;
    int drawValueBits(const ValueRow& row, const std::vector<int>& origin) const;
    int drawHexDigits(const ValueRow& row, int y) const;

    const BitLayoutWidget& w;
    QPainter& p;
    const Metrics m;
    const u8codec::BitLayout* layout; // null when the bytes are no sequence (showBytes)
    const std::vector<std::uint8_t>& bytes;
    const int n;
    QColor text, muted, grid, markerFill;
    int x0 = 0; // left edge of the first byte
};

namespace {

bool bitOf(std::uint8_t byte, int bit) {
    return (byte >> (7 - bit)) & 1;
}

QString digitText(bool one) {
    return one ? QStringLiteral("1") : QStringLiteral("0");
}

// The byte each bit of the assembled value came from (-1 for the padding in front).
std::vector<int> valueBitOrigins(const u8codec::BitLayout& layout, int bits, int pad) {
    std::vector<int> origin(std::size_t(bits), -1);
    int k = pad;
    for (int i = 0; i < layout.octets; ++i)
        for (int b = layout.markerBits[std::size_t(i)]; b < 8; ++b)
            origin[std::size_t(k++)] = i;
    return origin;
}

} // namespace

BitLayoutWidget::Painting::Painting(const BitLayoutWidget& widget, QPainter& painter)
    : w(widget), p(painter), m(widget.metrics()),
      layout(widget.layout_ ? &*widget.layout_ : nullptr), bytes(widget.bytes_),
      n(int(widget.bytes_.size())) {
    const QPalette pal = w.palette();
    text = pal.color(QPalette::WindowText);
    muted = text;
    muted.setAlphaF(0.45);
    grid = pal.color(QPalette::Mid);
    markerFill = pal.color(QPalette::AlternateBase);
    const int topWidth = n * 8 * m.cell + (n - 1) * m.byteGap;
    x0 = (w.width() - topWidth) / 2;
}

void BitLayoutWidget::paintEvent(QPaintEvent*) {
    if (bytes_.empty())
        return;
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const Painting painting(*this, p);
    int y = painting.drawByteHeadings(painting.top());
    const int bitsTop = y;
    y = painting.drawByteBits(y);
    y = painting.drawPatterns(y);
    if (!layout_) {
        painting.drawCaption(y, font());
        return;
    }
    painting.drawAssembledValue(bitsTop, y);
}

// Row 1: what each byte is, and its value in hex.
int BitLayoutWidget::Painting::drawByteHeadings(int y) const {
    p.setFont(m.smallFont);
    p.setPen(muted);
    for (int i = 0; i < n; ++i) {
        QString role;
        if (!layout)
            role = tr("byte");
        else if (layout->octets == 1)
            role = tr("single byte");
        else if (i == 0)
            role = tr("lead byte");
        else
            role = tr("continuation");
        p.drawText(QRect(byteX(i), y, 8 * m.cell, m.smallHeight), Qt::AlignCenter, role);
    }
    y += m.smallHeight;
    p.setFont(m.boldFont);
    p.setPen(text);
    for (int i = 0; i < n; ++i)
        p.drawText(
            QRect(byteX(i), y, 8 * m.cell, m.labelHeight), Qt::AlignCenter,
            QStringLiteral("%1").arg(bytes[std::size_t(i)], 2, 16, QLatin1Char('0')).toUpper());
    return y + m.labelHeight;
}

void BitLayoutWidget::Painting::drawBit(const QRect& cell, bool one, const QColor* hue,
                                        const QColor& markerPen) const {
    if (hue) {
        QColor fill = *hue;
        fill.setAlphaF(0.16);
        p.fillRect(cell, fill);
        p.setFont(m.boldFont);
        p.setPen(*hue);
    } else {
        p.fillRect(cell, markerFill);
        p.setFont(m.font);
        p.setPen(markerPen);
    }
    p.drawText(cell, Qt::AlignCenter, digitText(one));
}

void BitLayoutWidget::Painting::drawFrame(const QRectF& box) const {
    p.setPen(QPen(grid, 1));
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(box.adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
}

// Row 2: the bits; markers muted, payload bold in the byte's colour.
int BitLayoutWidget::Painting::drawByteBits(int y) const {
    for (int i = 0; i < n; ++i) {
        const int markers = layout ? layout->markerBits[std::size_t(i)] : 8;
        const QColor hue = w.payloadColour(i);
        for (int bit = 0; bit < 8; ++bit)
            drawBit(QRect(byteX(i) + bit * m.cell, y, m.cell, m.cellHeight),
                    bitOf(bytes[std::size_t(i)], bit), bit >= markers ? &hue : nullptr,
                    layout ? muted : text);
        // The byte's frame, and a divider between its marker and payload bits.
        drawFrame(QRectF(byteX(i), y, 8 * m.cell, m.cellHeight));
        if (layout && markers > 0 && markers < 8) {
            p.setPen(QPen(text, 1.5));
            const qreal x = byteX(i) + markers * m.cell;
            p.drawLine(QPointF(x, y + 2), QPointF(x, y + m.cellHeight - 2));
        }
    }
    return y + m.cellHeight;
}

// Row 3: the pattern of RFC 3629 section 3's table under each byte: "1110xxxx".
int BitLayoutWidget::Painting::drawPatterns(int y) const {
    p.setFont(m.font);
    if (layout) {
        for (int i = 0; i < n; ++i) {
            const int markers = layout->markerBits[std::size_t(i)];
            for (int bit = 0; bit < 8; ++bit) {
                const QRect cell(byteX(i) + bit * m.cell, y, m.cell, m.smallHeight);
                const bool payload = bit >= markers;
                p.setPen(payload ? w.payloadColour(i) : muted);
                p.drawText(cell, Qt::AlignCenter,
                           payload ? QStringLiteral("x")
                                   : digitText(bitOf(bytes[std::size_t(i)], bit)));
            }
        }
    }
    return y + m.smallHeight;
}

void BitLayoutWidget::Painting::drawCaption(int y, const QFont& font) const {
    p.setFont(font);
    p.setPen(text);
    p.drawText(QRect(0, y, w.width(), m.labelHeight), Qt::AlignCenter, w.caption_);
}

BitLayoutWidget::Painting::ValueRow BitLayoutWidget::Painting::valueRow(int top) const {
    ValueRow row;
    row.payloadBits = layout->payloadBits;
    row.bits = paddedBits(row.payloadBits);
    row.pad = row.bits - row.payloadBits;
    row.cell = m.cell;
    row.nibbleGap = m.nibbleGap;
    const int valueWidth = row.bits * m.cell + (row.digits() - 1) * m.nibbleGap;
    row.x0 = (w.width() - valueWidth) / 2;
    row.top = top;
    return row;
}

// A band from byte `octet`'s payload bits (their bottom at ya) down to the value bits they become.
void BitLayoutWidget::Painting::drawBand(int octet, const ValueRow& row,
                                         const std::vector<int>& origin, qreal ya) const {
    const int markers = layout->markerBits[std::size_t(octet)];
    int first = -1, last = -1;
    for (int k = 0; k < row.bits; ++k)
        if (origin[std::size_t(k)] == octet) {
            if (first < 0)
                first = k;
            last = k;
        }
    const qreal ax0 = byteX(octet) + markers * m.cell + 1, ax1 = byteX(octet) + 8 * m.cell - 1;
    const qreal bx0 = row.x(first) + 1, bx1 = row.x(last) + m.cell - 1;
    const qreal yb = row.top;
    const qreal mid = (ya + yb) / 2;
    QPainterPath band;
    band.moveTo(ax0, ya);
    band.lineTo(ax1, ya);
    band.cubicTo(ax1, mid, bx1, mid, bx1, yb);
    band.lineTo(bx0, yb);
    band.cubicTo(bx0, mid, ax0, mid, ax0, ya);
    QColor fill = w.payloadColour(octet);
    fill.setAlphaF(0.22);
    p.setPen(QPen(w.payloadColour(octet), 1));
    p.setBrush(fill);
    p.drawPath(band);
}

// Row 4: the payload bits read in order, each on the tint of the byte it came from, framed by hex
// digit.
int BitLayoutWidget::Painting::drawValueBits(const ValueRow& row,
                                             const std::vector<int>& origin) const {
    for (int k = 0; k < row.bits; ++k) {
        const int from = origin[std::size_t(k)];
        const bool one =
            k >= row.pad && ((layout->value >> (row.payloadBits - 1 - (k - row.pad))) & 1);
        const QColor hue = from >= 0 ? w.payloadColour(from) : QColor();
        drawBit(QRect(row.x(k), row.top, m.cell, m.cellHeight), one, from >= 0 ? &hue : nullptr,
                muted);
    }
    for (int d = 0; d < row.digits(); ++d)
        drawFrame(QRectF(row.x(4 * d), row.top, 4 * m.cell, m.cellHeight));
    return row.top + m.cellHeight;
}

// Row 5: the hex digit of each group of four bits.
int BitLayoutWidget::Painting::drawHexDigits(const ValueRow& row, int y) const {
    p.setFont(m.boldFont);
    p.setPen(text);
    for (int d = 0; d < row.digits(); ++d) {
        const int digit = int((layout->value >> (4 * (row.digits() - 1 - d))) & 0xF);
        p.drawText(QRect(row.x(4 * d), y, 4 * m.cell, m.labelHeight), Qt::AlignCenter,
                   QString::number(digit, 16).toUpper());
    }
    return y + m.labelHeight;
}

// Below the patterns: the bands from each byte down to the bits it gives, the assembled value,
// its hex digits, then the caption (U+XXXX).
void BitLayoutWidget::Painting::drawAssembledValue(int bitsTop, int y) const {
    const ValueRow row = valueRow(y + m.funnel);
    const std::vector<int> origin = valueBitOrigins(*layout, row.bits, row.pad);
    for (int i = 0; i < n; ++i)
        if (layout->markerBits[std::size_t(i)] < 8)
            drawBand(i, row, origin, bitsTop + m.cellHeight + m.smallHeight);
    p.setBrush(Qt::NoBrush);
    y = drawHexDigits(row, drawValueBits(row, origin));
    QFont captionFont = w.font();
    captionFont.setBold(true);
    drawCaption(y, captionFont);
}

} // namespace u8ui
