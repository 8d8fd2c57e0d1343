// Whether the installed fonts can draw a character: the font asked for, or any font Qt falls back
// to for it. A character none of them has would be drawn as an empty box ("tofu"), which says
// nothing; the text pane shows its code point in a box instead and the inspector says why.
#pragma once

#include <QFont>

namespace u8ui {

// True when laying out `cp` in `font` (with Qt's font fallback) gives a real glyph, not the
// fonts' .notdef (glyph 0). Answers are remembered per font and code point (GUI thread only).
bool fontsCanDraw(const QFont& font, char32_t cp);

} // namespace u8ui
