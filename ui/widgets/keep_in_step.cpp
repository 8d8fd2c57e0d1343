#include "keep_in_step.h"

#include "hex_view.h"
#include "text_view.h"

#include <memory>

namespace u8ui {

void keepInStep(HexView* hex, TextView* text) {
    auto syncing = std::make_shared<bool>(false);
    QObject::connect(hex, &HexView::topOffsetChanged, text, [=](quint64 offset) {
        if (*syncing)
            return;
        *syncing = true;
        ByteSelection* s = hex->selection();
        // The hex pane shows fewer bytes than the text pane: when it scrolls to reach a cursor
        // set by a click in the text pane, moving the text pane to its top would slide the
        // text under the mouse (and a drag would select past the pointer).
        if (hex->isFollowingCursor() && s)
            text->ensureVisible(s->cursor());
        else {
            text->setTopOffset(offset);
            if (s && !hex->cellRect(s->cursor()).isNull())
                text->ensureVisible(s->cursor());
        }
        *syncing = false;
    });
    QObject::connect(text, &TextView::topOffsetChanged, hex, [=](quint64 offset) {
        if (*syncing)
            return;
        *syncing = true;
        ByteSelection* s = text->selection();
        if (text->isFollowingCursor() && s)
            hex->ensureVisible(s->cursor());
        else {
            hex->setTopOffset(offset);
            if (s && !text->rectForOffset(s->cursor()).isNull())
                hex->ensureVisible(s->cursor());
        }
        *syncing = false;
    });
}

} // namespace u8ui
