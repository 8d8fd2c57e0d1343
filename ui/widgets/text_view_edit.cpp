// The text pane's editing keys: what is typed goes in as its UTF-8 (key presses, and the commit
// strings of input methods, so composed characters too), Return as a line feed; Delete and
// Backspace remove a whole character, or a whole error segment; Insert toggles the mode. Where
// the bytes go is edit_placement.h's rule, shared with the hex pane and the Edit menu.
#include "edit_placement.h"
#include "text_view.h"
#include "unicode_info.h"

#include <QInputMethodEvent>
#include <QKeyEvent>

namespace u8ui {

bool TextView::editKey(QKeyEvent* event) {
    if (!editor() || !selection_ || !document_ || !document_->source())
        return false;
    if (toggleModeKey(event)) {
        event->accept();
        return true;
    }
    const Qt::KeyboardModifiers mods = event->modifiers() & ~Qt::KeypadModifier;
    const int key = event->key();
    if (!reading_->isUtf8()) {
        // What is typed goes in as UTF-8, and Delete removes a character of UTF-8: neither is
        // what this pane shows now.
        const bool edits = ((key == Qt::Key_Delete || key == Qt::Key_Backspace ||
                             key == Qt::Key_Return || key == Qt::Key_Enter) &&
                            (mods == Qt::NoModifier || mods == Qt::ShiftModifier)) ||
                           !typedText(event).isEmpty();
        if (!edits)
            return false;
        emit keyRefused(refusedWhy());
        event->accept();
        return true;
    }
    if ((key == Qt::Key_Delete || key == Qt::Key_Backspace) && mods == Qt::NoModifier) {
        eraseAtCursor(u8doc::EditUnit::Character, key == Qt::Key_Backspace);
        event->accept();
        return true;
    }
    QByteArray text = typedText(event);
    if ((key == Qt::Key_Return || key == Qt::Key_Enter) &&
        (mods == Qt::NoModifier || mods == Qt::ShiftModifier))
        text = QByteArray("\n"); // a line feed, the only line end the pane breaks at by itself
    if (text.isEmpty())
        return false;
    typeText(text);
    event->accept();
    return true;
}

QString TextView::toolTipPreface(quint64 offset) const {
    if (reading_->isUtf8() || !document_ || !document_->source() || offset >= documentSize())
        return {};
    const u8codec::Segment s = reading_->segmentAt(*document_->source(), offset);
    const QString encoding = QString::fromStdString(reading_->name());
    const QString what = s.isValid() ? tr("%1 %2").arg(UnicodeInfo::codePointLabel(s.codePoint),
                                                       UnicodeInfo::name(s.codePoint))
                                     : tr("no character (%1 bytes from 0x%2)")
                                           .arg(s.length)
                                           .arg(QString::number(s.offset, 16).toUpper());
    return tr("Read as %1: %2\n\nIn UTF-8:\n").arg(encoding, what);
}

QString TextView::refusedWhy() const {
    return tr("The text pane reads the bytes as %1: edit in the hex pane, or read them as UTF-8 "
              "again (View > Text Encoding) to type text.")
        .arg(QString::fromStdString(reading_->name()));
}

void TextView::typeText(const QByteArray& utf8) {
    const u8codec::ByteSource& source = *document_->source();
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(utf8.constData());
    const ByteRange target =
        u8doc::placeInput(source, *selection_, editor()->mode(), u8doc::EditUnit::Character,
                          std::span(bytes, std::size_t(utf8.size())));
    u8doc::DocumentEditor::Change change;
    change.offset = target.start;
    change.length = target.end - target.start;
    change.bytes = utf8;
    change.description = tr("Typing");
    change.step = u8doc::DocumentEditor::Step::Keystroke;
    change.cursorAfter = target.start + quint64(utf8.size());
    applyEdit(change);
}

void TextView::inputMethodEvent(QInputMethodEvent* event) {
    // The text being composed is the input method's to show; what it commits is typed.
    if (!event->commitString().isEmpty() && editor() && selection_ && document_ &&
        document_->source()) {
        if (reading_->isUtf8())
            typeText(event->commitString().toUtf8());
        else
            emit keyRefused(refusedWhy());
    }
    event->accept();
}

QVariant TextView::inputMethodQuery(Qt::InputMethodQuery query) const {
    switch (query) {
    case Qt::ImEnabled:
        return isEditable();
    case Qt::ImCursorRectangle:
    case Qt::ImAnchorRectangle: {
        const quint64 cursor = selection_ ? selection_->cursor() : 0;
        const QRect r =
            cursor >= documentSize() ? endCaretRect().toAlignedRect() : rectForOffset(cursor);
        return r.isNull() ? QRect(margin_, 0, 1, lineHeight_) : r;
    }
    case Qt::ImHints:
        return int(Qt::ImhNoPredictiveText);
    default:
        return BytePane::inputMethodQuery(query);
    }
}

} // namespace u8ui
