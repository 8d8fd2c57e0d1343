// The hues that tell the payload bits of one octet (or one group of bits) from another's, in the
// bit layout and the walk-through's figures. They tell groups apart, not byte roles (those are
// RolePalette's); they come from the Okabe-Ito set, which stays distinct under common colour-
// vision deficiencies, and every figure also draws payload bits bold, so the marker/payload split
// never relies on colour alone.
#pragma once

#include <QColor>
#include <QPalette>

namespace u8ui {

// The hue of group `index` (any non-negative number; they repeat after six), lighter on a dark
// palette so that it stays readable there.
QColor payloadHue(int index, const QPalette& palette);

} // namespace u8ui
