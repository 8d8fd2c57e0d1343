// The hex pane's editing keys. A hex digit edits the byte under the cursor a digit at a time: the
// first sets its high digit (in insert mode, a new byte goes in first) and the second its low
// digit, then the cursor moves on; the two are one keystroke run with the bytes typed after them
// (Edit::mergeWith). Delete and Backspace remove a byte, Insert toggles the mode. Where the bytes
// go is edit_placement.h's rule, shared with the text pane and the Edit menu.
#include "edit_placement.h"
#include "hex_view.h"
#include "u8codec/byte_search.h"

#include <QKeyEvent>

namespace u8ui {

namespace {

bool isPlainKey(const QKeyEvent* event) {
    return (event->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier;
}

} // namespace

bool HexView::editKey(QKeyEvent* event) {
    if (!editor() || !selection_ || !document_ || !document_->source())
        return false;
    if (toggleModeKey(event)) {
        event->accept();
        return true;
    }
    if ((event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) &&
        isPlainKey(event)) {
        eraseAtCursor(u8doc::EditUnit::Byte, event->key() == Qt::Key_Backspace);
        event->accept();
        return true;
    }
    const QByteArray text = typedText(event);
    if (text.size() == 1 && u8codec::hexDigitValue(text[0]) < 0 && isPlainKey(event) &&
        QChar::fromLatin1(text[0]).isPrint() && text[0] != ' ') {
        // Silence would look like a broken key: say what goes here, and where text goes.
        emit keyRefused(tr("The hex pane takes hex digits: type 0–9 or A–F (text goes in the "
                           "text pane: Tab switches to it)."));
        event->accept();
        return true;
    }
    if (text.size() != 1 || u8codec::hexDigitValue(text[0]) < 0)
        return false;
    typeHexDigit(u8codec::hexDigitValue(text[0]));
    event->accept();
    return true;
}

void HexView::typeHexDigit(int digit) {
    const u8codec::ByteSource& source = *document_->source();
    const quint64 size = source.size();
    const quint64 cursor = std::min(selection_->cursor(), size);
    const bool several = u8doc::selectsSeveralUnits(source, *selection_, u8doc::EditUnit::Byte);
    u8doc::DocumentEditor::Change change;
    change.description = tr("Typing");
    change.step = u8doc::DocumentEditor::Step::Keystroke;
    std::uint8_t byte = 0;
    if (lowDigitAt_ == cursor && cursor < size && !several) {
        // The second digit: the low half of the byte whose high half was just typed.
        static_cast<void>(source.read(cursor, std::span(&byte, 1))); // shrunk file: byte stays 0
        change.offset = cursor;
        change.length = 1;
        change.bytes = QByteArray(1, char((byte & 0xF0) | digit));
        change.cursorAfter = cursor + 1;
        if (applyEdit(change))
            lowDigitAt_.reset();
        return;
    }
    // The first digit: the high half of the byte under the cursor (its low half kept), or of a
    // new byte (insert mode, the end, or in place of a selection).
    const std::uint8_t typed = std::uint8_t(digit << 4);
    const ByteRange target = u8doc::placeInput(source, *selection_, editor()->mode(),
                                               u8doc::EditUnit::Byte, std::span(&typed, 1));
    if (target.end - target.start == 1 && !several)
        static_cast<void>(source.read(target.start, std::span(&byte, 1))); // shrunk: stays 0
    change.offset = target.start;
    change.length = target.end - target.start;
    change.bytes = QByteArray(1, char(typed | (byte & 0x0F)));
    change.cursorAfter = target.start;
    if (applyEdit(change)) {
        lowDigitAt_ = target.start;
        viewport()->update();
    }
}

} // namespace u8ui
