#include "payload_hues.h"

namespace u8ui {

QColor payloadHue(int index, const QPalette& palette) {
    static const QColor kHues[6] = {QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00),
                                    QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7),
                                    QColor(0xB0, 0x80, 0x00), QColor(0x56, 0xB4, 0xE9)};
    const int i = (index % 6 + 6) % 6;
    const QColor c = kHues[i];
    const bool dark = palette.color(QPalette::Window).lightness() < 128;
    return dark ? c.lighter(i == 0 ? 190 : 135) : c;
}

} // namespace u8ui
