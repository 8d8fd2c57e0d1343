// The hex pane and the text pane scroll together: what one shows from the top, the other shows
// too, and the cursor stays visible in both.
#pragma once

namespace u8ui {

class HexView;
class TextView;

// Keeps the two panes' scroll positions in step: scrolling one scrolls the other to the same
// offset, and a cursor visible in the pane that scrolled is kept visible in the other. When a
// pane scrolls only to follow a moved cursor (a click in the other pane, a search hit), the other
// pane scrolls the least needed to show the cursor too, so that the pane that was clicked stays
// still under the mouse. Guarded against feedback between the two. Both panes must share one
// ByteSelection.
void keepInStep(HexView* hex, TextView* text);

} // namespace u8ui
