// Light or dark look for the whole application. The dark look is Qt's Fusion style with a dark
// palette; the panes pick their role colours from the palette (RolePalette::forPalette), so one
// switch changes everything.
#pragma once

#include <QPalette>

namespace u8app {

class Theme {
public:
    // Applies the look to the running QApplication.
    static void apply(bool dark);
    static QPalette darkPalette();
};

} // namespace u8app
