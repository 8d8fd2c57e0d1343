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

void BitLayoutWidget::paintEvent(QPaintEvent*) {
    if (bytes_.empty())
        return;
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const Metrics m = metrics();
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::WindowText);
    QColor muted = text;
    muted.setAlphaF(0.45);
    QColor grid = pal.color(QPalette::Mid);
    const QColor markerFill = pal.color(QPalette::AlternateBase);
    const int n = int(bytes_.size());
    const int topWidth = n * 8 * m.cell + (n - 1) * m.byteGap;
    const int x0 = (width() - topWidth) / 2;
    auto byteX = [&](int i) { return x0 + i * (8 * m.cell + m.byteGap); };

    // Row 1: what each byte is, and its value in hex.
    int y = m.margin;
    p.setFont(m.smallFont);
    p.setPen(muted);
    for (int i = 0; i < n; ++i) {
        QString role;
        if (!layout_)
            role = tr("byte");
        else if (layout_->octets == 1)
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
            QStringLiteral("%1").arg(bytes_[std::size_t(i)], 2, 16, QLatin1Char('0')).toUpper());
    y += m.labelHeight;

    // Row 2: the bits; markers muted, payload bold in the byte's colour.
    const int bitsTop = y;
    for (int i = 0; i < n; ++i) {
        const int markers = layout_ ? layout_->markerBits[std::size_t(i)] : 8;
        const QColor hue = payloadColour(i);
        for (int bit = 0; bit < 8; ++bit) {
            const QRect cell(byteX(i) + bit * m.cell, y, m.cell, m.cellHeight);
            const bool one = (bytes_[std::size_t(i)] >> (7 - bit)) & 1;
            const bool payload = bit >= markers;
            if (payload) {
                QColor fill = hue;
                fill.setAlphaF(0.16);
                p.fillRect(cell, fill);
                p.setFont(m.boldFont);
                p.setPen(hue);
            } else {
                p.fillRect(cell, markerFill);
                p.setFont(m.font);
                p.setPen(layout_ ? muted : text);
            }
            p.drawText(cell, Qt::AlignCenter, one ? QStringLiteral("1") : QStringLiteral("0"));
        }
        // The byte's frame, and a divider between its marker and payload bits.
        p.setPen(QPen(grid, 1));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(
            QRectF(byteX(i), y, 8 * m.cell, m.cellHeight).adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
        if (layout_ && markers > 0 && markers < 8) {
            p.setPen(QPen(text, 1.5));
            const qreal x = byteX(i) + markers * m.cell;
            p.drawLine(QPointF(x, y + 2), QPointF(x, y + m.cellHeight - 2));
        }
    }
    y += m.cellHeight;

    // Row 3: the pattern of RFC 3629 section 3's table under each byte: "1110xxxx".
    p.setFont(m.font);
    if (layout_) {
        for (int i = 0; i < n; ++i) {
            const int markers = layout_->markerBits[std::size_t(i)];
            for (int bit = 0; bit < 8; ++bit) {
                const QRect cell(byteX(i) + bit * m.cell, y, m.cell, m.smallHeight);
                const bool payload = bit >= markers;
                p.setPen(payload ? payloadColour(i) : muted);
                const bool one = (bytes_[std::size_t(i)] >> (7 - bit)) & 1;
                p.drawText(cell, Qt::AlignCenter,
                           payload ? QStringLiteral("x")
                                   : (one ? QStringLiteral("1") : QStringLiteral("0")));
            }
        }
    }
    y += m.smallHeight;

    if (!layout_) {
        p.setFont(font());
        p.setPen(text);
        p.drawText(QRect(0, y, width(), m.labelHeight), Qt::AlignCenter, caption_);
        return;
    }

    // Row 4: the payload bits read in order, padded to whole hex digits, grouped by hex digit.
    const int payloadBits = layout_->payloadBits;
    const int bits = paddedBits(payloadBits);
    const int pad = bits - payloadBits;
    const int valueWidth = bits * m.cell + (bits / 4 - 1) * m.nibbleGap;
    const int vx0 = (width() - valueWidth) / 2;
    auto valueX = [&](int k) { return vx0 + k * m.cell + (k / 4) * m.nibbleGap; };
    const int valueTop = y + m.funnel;
    // The byte each value bit came from.
    std::vector<int> origin(std::size_t(bits), -1);
    {
        int k = pad;
        for (int i = 0; i < n; ++i)
            for (int b = layout_->markerBits[std::size_t(i)]; b < 8; ++b)
                origin[std::size_t(k++)] = i;
    }

    // The bands: from each byte's payload bits down to the bits they become.
    for (int i = 0; i < n; ++i) {
        const int markers = layout_->markerBits[std::size_t(i)];
        if (markers >= 8)
            continue;
        int first = -1, last = -1;
        for (int k = 0; k < bits; ++k)
            if (origin[std::size_t(k)] == i) {
                if (first < 0)
                    first = k;
                last = k;
            }
        const qreal ax0 = byteX(i) + markers * m.cell + 1, ax1 = byteX(i) + 8 * m.cell - 1;
        const qreal bx0 = valueX(first) + 1, bx1 = valueX(last) + m.cell - 1;
        const qreal ya = bitsTop + m.cellHeight + m.smallHeight, yb = valueTop;
        const qreal mid = (ya + yb) / 2;
        QPainterPath band;
        band.moveTo(ax0, ya);
        band.lineTo(ax1, ya);
        band.cubicTo(ax1, mid, bx1, mid, bx1, yb);
        band.lineTo(bx0, yb);
        band.cubicTo(bx0, mid, ax0, mid, ax0, ya);
        QColor fill = payloadColour(i);
        fill.setAlphaF(0.22);
        p.setPen(QPen(payloadColour(i), 1));
        p.setBrush(fill);
        p.drawPath(band);
    }
    p.setBrush(Qt::NoBrush);

    y = valueTop;
    for (int k = 0; k < bits; ++k) {
        const QRect cell(valueX(k), y, m.cell, m.cellHeight);
        const int from = origin[std::size_t(k)];
        const bool one = k >= pad && ((layout_->value >> (payloadBits - 1 - (k - pad))) & 1);
        if (from >= 0) {
            QColor fill = payloadColour(from);
            fill.setAlphaF(0.16);
            p.fillRect(cell, fill);
            p.setFont(m.boldFont);
            p.setPen(payloadColour(from));
        } else {
            p.fillRect(cell, markerFill);
            p.setFont(m.font);
            p.setPen(muted);
        }
        p.drawText(cell, Qt::AlignCenter, one ? QStringLiteral("1") : QStringLiteral("0"));
    }
    p.setPen(QPen(grid, 1));
    for (int d = 0; d < bits / 4; ++d)
        p.drawRoundedRect(
            QRectF(valueX(4 * d), y, 4 * m.cell, m.cellHeight).adjusted(0.5, 0.5, -0.5, -0.5), 3,
            3);
    y += m.cellHeight;

    // Row 5: the hex digit of each group of four bits, then the caption (U+XXXX).
    p.setFont(m.boldFont);
    p.setPen(text);
    for (int d = 0; d < bits / 4; ++d) {
        const int digit = int((layout_->value >> (4 * (bits / 4 - 1 - d))) & 0xF);
        p.drawText(QRect(valueX(4 * d), y, 4 * m.cell, m.labelHeight), Qt::AlignCenter,
                   QString::number(digit, 16).toUpper());
    }
    y += m.labelHeight;
    QFont captionFont = font();
    captionFont.setBold(true);
    p.setFont(captionFont);
    p.drawText(QRect(0, y, width(), m.labelHeight), Qt::AlignCenter, caption_);
}

} // namespace u8ui
