// Text colours that stay readable whatever the theme: the contrast ratio of WCAG 2.x
// (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio) and a colour of a wanted hue moved towards
// black or white until it reaches a ratio against its background.
#pragma once

#include <QColor>

namespace u8ui {

// WCAG 2.x relative luminance of an sRGB colour (0 black .. 1 white).
double relativeLuminance(const QColor& colour);
// (L1 + 0.05) / (L2 + 0.05) with L1 the lighter: 1 (same) .. 21 (black on white).
double contrastRatio(const QColor& a, const QColor& b);
// WCAG 2.x level AA for normal text (success criterion 1.4.3).
inline constexpr double kReadableContrast = 4.5;
// `wanted` itself when it reads on `background`; otherwise the same hue darkened (on a light
// background) or lightened (on a dark one) just enough to reach `ratio`.
QColor readableOn(const QColor& wanted, const QColor& background, double ratio = kReadableContrast);

} // namespace u8ui
