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

    int bytesWidth(int n) const { return n * 8 * cell + (n - 1) * byteGap; }
    int valueWidth(int bits) const { return bits * cell + (bits / 4 - 1) * nibbleGap; }
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
    int width = m.bytesWidth(n);
    int height = m.margin + m.smallHeight + m.labelHeight + m.cellHeight + m.smallHeight;
    if (layout_) {
        width = std::max(width, m.valueWidth(paddedBits(layout_->payloadBits)));
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

// Where the rows and cells of the picture go, from the top: the bytes' roles and hex values, their
// bits, the patterns under them, then (for a layout) the bands, the assembled value, its hex
// digits and the caption, or else the caption.
struct BitLayoutWidget::Placement {
    Metrics m;
    int x0 = 0;      // left edge of the first byte
    int bitsTop = 0; // top of the bytes' bits
    // The assembled value: the payload bits padded to whole hex digits, grouped by digit.
    int payloadBits = 0, bits = 0, pad = 0, valueX0 = 0, valueTop = 0;

    int hexTop() const { return m.margin + m.smallHeight; }
    int patternsTop() const { return bitsTop + m.cellHeight; }
    int belowPatterns() const { return patternsTop() + m.smallHeight; }
    int byteX(int i) const { return x0 + i * (8 * m.cell + m.byteGap); }
    QRect byteBit(int octet, int bit) const {
        return {byteX(octet) + bit * m.cell, bitsTop, m.cell, m.cellHeight};
    }
    int valueX(int k) const { return valueX0 + k * m.cell + (k / 4) * m.nibbleGap; }
    QRect valueBit(int k) const { return {valueX(k), valueTop, m.cell, m.cellHeight}; }
    int digits() const { return bits / 4; }
};

BitLayoutWidget::Placement BitLayoutWidget::placement() const {
    Placement at;
    at.m = metrics();
    at.x0 = (width() - at.m.bytesWidth(int(bytes_.size()))) / 2;
    at.bitsTop = at.hexTop() + at.m.labelHeight;
    if (layout_) {
        at.payloadBits = layout_->payloadBits;
        at.bits = paddedBits(at.payloadBits);
        at.pad = at.bits - at.payloadBits;
        at.valueX0 = (width() - at.m.valueWidth(at.bits)) / 2;
        at.valueTop = at.belowPatterns() + at.m.funnel;
    }
    return at;
}

QRect BitLayoutWidget::byteBitRect(int octet, int bit) const {
    if (octet < 0 || octet >= int(bytes_.size()) || bit < 0 || bit > 7)
        return {};
    return placement().byteBit(octet, bit);
}

QRect BitLayoutWidget::valueBitRect(int k) const {
    const Placement at = placement();
    if (!layout_ || k < 0 || k >= at.bits)
        return {};
    return at.valueBit(k);
}

// One paint of the picture: the painter, the colours, and where everything goes. Each row of the
// picture is one method, drawn top to bottom.
struct BitLayoutWidget::Painting {
    Painting(const BitLayoutWidget& widget, QPainter& painter);

    void drawByteHeadings() const;
    void drawByteBits() const;
    void drawPatterns() const;
    void drawAssembledValue() const;
    // In place of the value, for bytes that are no sequence: the note, under the patterns.
    void drawNote() const;

private:
    void drawCaption(int y, const QFont& font) const;
    // A bit in its cell: a payload bit (hue given) bold on a tint of its hue, a marker bit in
    // `markerPen` on the marker fill.
    void drawBit(const QRect& cell, bool one, const QColor* hue, const QColor& markerPen) const;
    // The rounded frame around a byte or a hex digit's four bits.
    void drawFrame(const QRectF& box) const;
    void drawBand(int octet, const std::vector<int>& origin) const;
    void drawValueBits(const std::vector<int>& origin) const;
    void drawHexDigits() const;

    const BitLayoutWidget& w;
    QPainter& p;
    const Placement at;
    const Metrics& m;
    const u8codec::BitLayout* layout; // null when the bytes are no sequence (showBytes)
    const std::vector<std::uint8_t>& bytes;
    const int n;
    QColor text, muted, grid, markerFill;
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
    : w(widget), p(painter), at(widget.placement()), m(at.m),
      layout(widget.layout_ ? &*widget.layout_ : nullptr), bytes(widget.bytes_),
      n(int(widget.bytes_.size())) {
    const QPalette pal = w.palette();
    text = pal.color(QPalette::WindowText);
    muted = text;
    muted.setAlphaF(0.45);
    grid = pal.color(QPalette::Mid);
    markerFill = pal.color(QPalette::AlternateBase);
}

void BitLayoutWidget::paintEvent(QPaintEvent*) {
    if (bytes_.empty())
        return;
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const Painting painting(*this, p);
    painting.drawByteHeadings();
    painting.drawByteBits();
    painting.drawPatterns();
    if (layout_)
        painting.drawAssembledValue();
    else
        painting.drawNote();
}

// Row 1: what each byte is, and its value in hex.
void BitLayoutWidget::Painting::drawByteHeadings() const {
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
        p.drawText(QRect(at.byteX(i), m.margin, 8 * m.cell, m.smallHeight), Qt::AlignCenter, role);
    }
    p.setFont(m.boldFont);
    p.setPen(text);
    for (int i = 0; i < n; ++i)
        p.drawText(
            QRect(at.byteX(i), at.hexTop(), 8 * m.cell, m.labelHeight), Qt::AlignCenter,
            QStringLiteral("%1").arg(bytes[std::size_t(i)], 2, 16, QLatin1Char('0')).toUpper());
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
void BitLayoutWidget::Painting::drawByteBits() const {
    const int y = at.bitsTop;
    for (int i = 0; i < n; ++i) {
        const int markers = layout ? layout->markerBits[std::size_t(i)] : 8;
        const QColor hue = w.payloadColour(i);
        for (int bit = 0; bit < 8; ++bit)
            drawBit(at.byteBit(i, bit), bitOf(bytes[std::size_t(i)], bit),
                    bit >= markers ? &hue : nullptr, layout ? muted : text);
        // The byte's frame, and a divider between its marker and payload bits.
        drawFrame(QRectF(at.byteX(i), y, 8 * m.cell, m.cellHeight));
        if (layout && markers > 0 && markers < 8) {
            p.setPen(QPen(text, 1.5));
            const qreal x = at.byteX(i) + markers * m.cell;
            p.drawLine(QPointF(x, y + 2), QPointF(x, y + m.cellHeight - 2));
        }
    }
}

// Row 3: the pattern of RFC 3629 section 3's table under each byte: "1110xxxx".
void BitLayoutWidget::Painting::drawPatterns() const {
    p.setFont(m.font);
    if (!layout)
        return;
    for (int i = 0; i < n; ++i) {
        const int markers = layout->markerBits[std::size_t(i)];
        for (int bit = 0; bit < 8; ++bit) {
            const QRect cell(at.byteX(i) + bit * m.cell, at.patternsTop(), m.cell, m.smallHeight);
            const bool payload = bit >= markers;
            p.setPen(payload ? w.payloadColour(i) : muted);
            p.drawText(cell, Qt::AlignCenter,
                       payload ? QStringLiteral("x")
                               : digitText(bitOf(bytes[std::size_t(i)], bit)));
        }
    }
}

void BitLayoutWidget::Painting::drawCaption(int y, const QFont& font) const {
    p.setFont(font);
    p.setPen(text);
    p.drawText(QRect(0, y, w.width(), m.labelHeight), Qt::AlignCenter, w.caption_);
}

void BitLayoutWidget::Painting::drawNote() const {
    drawCaption(at.belowPatterns(), w.font());
}

// A band from byte `octet`'s payload bits down to the value bits they become.
void BitLayoutWidget::Painting::drawBand(int octet, const std::vector<int>& origin) const {
    const int markers = layout->markerBits[std::size_t(octet)];
    int first = -1, last = -1;
    for (int k = 0; k < at.bits; ++k)
        if (origin[std::size_t(k)] == octet) {
            if (first < 0)
                first = k;
            last = k;
        }
    const qreal ax0 = at.byteX(octet) + markers * m.cell + 1,
                ax1 = at.byteX(octet) + 8 * m.cell - 1;
    const qreal bx0 = at.valueX(first) + 1, bx1 = at.valueX(last) + m.cell - 1;
    const qreal ya = at.belowPatterns(), yb = at.valueTop;
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
void BitLayoutWidget::Painting::drawValueBits(const std::vector<int>& origin) const {
    for (int k = 0; k < at.bits; ++k) {
        const int from = origin[std::size_t(k)];
        const bool one =
            k >= at.pad && ((layout->value >> (at.payloadBits - 1 - (k - at.pad))) & 1);
        const QColor hue = from >= 0 ? w.payloadColour(from) : QColor();
        drawBit(at.valueBit(k), one, from >= 0 ? &hue : nullptr, muted);
    }
    for (int d = 0; d < at.digits(); ++d)
        drawFrame(QRectF(at.valueX(4 * d), at.valueTop, 4 * m.cell, m.cellHeight));
}

// Row 5: the hex digit of each group of four bits.
void BitLayoutWidget::Painting::drawHexDigits() const {
    p.setFont(m.boldFont);
    p.setPen(text);
    const int y = at.valueTop + m.cellHeight;
    for (int d = 0; d < at.digits(); ++d) {
        const int digit = int((layout->value >> (4 * (at.digits() - 1 - d))) & 0xF);
        p.drawText(QRect(at.valueX(4 * d), y, 4 * m.cell, m.labelHeight), Qt::AlignCenter,
                   QString::number(digit, 16).toUpper());
    }
}

// Below the patterns: the bands from each byte down to the bits it gives, the assembled value,
// its hex digits, then the caption (U+XXXX).
void BitLayoutWidget::Painting::drawAssembledValue() const {
    const std::vector<int> origin = valueBitOrigins(*layout, at.bits, at.pad);
    for (int i = 0; i < n; ++i)
        if (layout->markerBits[std::size_t(i)] < 8)
            drawBand(i, origin);
    p.setBrush(Qt::NoBrush);
    drawValueBits(origin);
    drawHexDigits();
    QFont captionFont = w.font();
    captionFont.setBold(true);
    drawCaption(at.valueTop + m.cellHeight + m.labelHeight, captionFont);
}

} // namespace u8ui
