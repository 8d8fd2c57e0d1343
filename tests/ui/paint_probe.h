// What the widget suites need to look at painted output: a dark palette like the application's
// dark look, and the colour that fills most of a box of an image (a cell's background, whatever
// glyph is drawn on it).
#pragma once

#include <QColor>
#include <QHash>
#include <QImage>
#include <QPainter>
#include <QPalette>
#include <QRect>

namespace u8ui::testing {

// The colours of a dark look that the widgets read (window, text, base, the marker fill, frames,
// header text); RolePalette::forPalette takes it for dark.
inline QPalette darkPalette() {
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x20, 0x22, 0x26));
    p.setColor(QPalette::WindowText, QColor(0xE6, 0xE6, 0xE6));
    p.setColor(QPalette::Base, QColor(0x18, 0x19, 0x1C));
    p.setColor(QPalette::AlternateBase, QColor(0x2C, 0x2E, 0x33));
    p.setColor(QPalette::Text, QColor(0xE6, 0xE6, 0xE6));
    p.setColor(QPalette::Mid, QColor(0x55, 0x58, 0x5F));
    p.setColor(QPalette::PlaceholderText, QColor(0xA0, 0xA0, 0xA0));
    return p;
}

// The most frequent colour inside `box` (its outermost pixels left out: frames and antialiased
// edges lie there).
inline QColor dominantColour(const QImage& image, const QRect& box) {
    QHash<QRgb, int> seen;
    const QRect inside = box.adjusted(2, 2, -2, -2) & image.rect();
    for (int y = inside.top(); y <= inside.bottom(); ++y)
        for (int x = inside.left(); x <= inside.right(); ++x)
            ++seen[image.pixel(x, y)];
    QRgb best = 0;
    int most = 0;
    for (auto it = seen.cbegin(); it != seen.cend(); ++it)
        if (it.value() > most) {
            most = it.value();
            best = it.key();
        }
    return QColor::fromRgba(best);
}

// What `fill` (possibly translucent) looks like painted over `background`, in `format`.
inline QColor paintedOver(const QColor& fill, const QColor& background, QImage::Format format) {
    QImage pixel(1, 1, format);
    pixel.fill(background);
    QPainter(&pixel).fillRect(QRect(0, 0, 1, 1), fill);
    return QColor::fromRgba(pixel.pixel(0, 0));
}

} // namespace u8ui::testing
