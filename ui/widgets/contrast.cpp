#include "contrast.h"

#include <algorithm>
#include <cmath>

namespace u8ui {

namespace {
// sRGB channel to linear light (WCAG 2.x, after IEC 61966-2-1).
double linear(double channel) {
    return channel <= 0.04045 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
}
} // namespace

double relativeLuminance(const QColor& colour) {
    const QColor c = colour.toRgb();
    return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
}

double contrastRatio(const QColor& a, const QColor& b) {
    const double la = relativeLuminance(a);
    const double lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor readableOn(const QColor& wanted, const QColor& background, double ratio) {
    if (contrastRatio(wanted, background) >= ratio)
        return wanted;
    const QColor towards = relativeLuminance(background) > 0.18 ? Qt::black : Qt::white;
    const QColor from = wanted.toRgb();
    // Mix in steps of 1/32: the first mix that reads is the closest to the wanted hue.
    for (int step = 1; step <= 32; ++step) {
        const double t = step / 32.0;
        const QColor mixed =
            QColor::fromRgbF(float(from.redF() + (towards.redF() - from.redF()) * t),
                             float(from.greenF() + (towards.greenF() - from.greenF()) * t),
                             float(from.blueF() + (towards.blueF() - from.blueF()) * t));
        if (contrastRatio(mixed, background) >= ratio)
            return mixed;
    }
    return towards;
}

} // namespace u8ui
