// How the panes change the document they show. A pane works out which bytes a key press or a
// paste replaces (edit_placement.h); the document's owner (the window's DocumentController: its
// piece table and undo history) makes the change, or refuses it (read only) and says why.
#pragma once

#include <QByteArray>
#include <QString>

namespace u8doc {

class DocumentEditor {
public:
    // Overwrite (the default, as in hex editors: the file keeps its size) or insert (the Insert
    // key toggles).
    enum class Mode { Overwrite, Insert };
    // How a change joins the undo history: a keystroke continues the run of typing before it
    // when it follows on from it (one undo takes the run back); anything else is a step of its
    // own.
    enum class Step { Keystroke, Separate };

    // `bytes` in place of the document's [offset, offset + length), then the cursor at
    // `cursorAfter` (which may be the document's end: the place to append).
    struct Change {
        quint64 offset = 0;
        quint64 length = 0;
        QByteArray bytes;
        QString description; // the undo step's words: "Typing", "Paste"
        Step step = Step::Separate;
        quint64 cursorAfter = 0;
    };

    virtual ~DocumentEditor() = default;

    virtual Mode mode() const = 0;
    virtual void toggleMode() = 0;
    // Edits are refused (View > Read Only, or a file the user may not write).
    virtual bool isReadOnly() const = 0;
    // Makes `change`; false when nothing changed (refused, and the editor said why).
    virtual bool edit(const Change& change) = 0;
};

} // namespace u8doc
