#include "edit_actions.h"

#include "byte_document.h"
#include "byte_selection.h"
#include "document_controller.h"
#include "edit_placement.h"
#include "insert_character_dialog.h"
#include "notices.h"
#include "number_format.h"
#include "selection_copy.h"
#include "settings.h"
#include "u8codec/byte_search.h"
#include "u8codec/encoder.h"
#include "window_action.h"

#include <QApplication>
#include <QClipboard>
#include <QInputDialog>
#include <QLabel>

namespace u8app {

namespace {

QString clipboardText() {
    const QClipboard* clipboard = QGuiApplication::clipboard();
    return clipboard ? clipboard->text() : QString();
}
} // namespace

EditActions::EditActions(QWidget* window, u8doc::Notices* notices, DocumentController* document,
                         QWidget* hexPane)
    : QObject(window), window_(window), notices_(notices), document_(document), hexPane_(hexPane),
      mode_(new QLabel(window)) {
    cut_ = makeWindowAction(window, tr("Cu&t"), QKeySequence::Cut,
                            tr("Copy the selected bytes (as hex bytes from the hex pane, as text "
                               "from the text pane) and remove them"),
                            this, [this] { cut(); });
    paste_ = makeWindowAction(window, tr("&Paste"), QKeySequence::Paste,
                              tr("Paste the clipboard at the cursor: as hex bytes in the hex "
                                 "pane (E2 82 AC), as text (its UTF-8) in the text pane"),
                              this, [this] { paste(); });
    pasteHex_ = makeWindowAction(
        window, tr("Paste &Hex"), QKeySequence(tr("Ctrl+Shift+V")),
        tr("Paste the clipboard read as hex bytes: E2 82 AC, e282ac, \\xE2\\x82\\xAC, 0xE2, "
           "0x82, 0xAC or a C array"),
        this, [this] { pasteHex(clipboardText()); });
    pasteText_ = makeWindowAction(window, tr("Paste as &Text"), QKeySequence(tr("Ctrl+Alt+V")),
                                  tr("Paste the clipboard's text as its UTF-8 bytes"), this,
                                  [this] { pasteText(clipboardText()); });
    insertCharacter_ = makeWindowAction(
        window, tr("Insert C&haracter…"), QKeySequence(tr("Ctrl+Shift+I")),
        tr("Insert a character by its code point (U+20AC) or its name (EURO SIGN), seeing its "
           "bytes first"),
        this, [this] { chooseCharacter(); });
    fill_ = makeWindowAction(window, tr("&Fill Selection with Byte…"), {},
                             tr("Overwrite every selected byte with one byte value"), this,
                             [this] { chooseFillByte(); });
    revert_ = makeWindowAction(
        window, tr("Re&vert Selection"), {},
        tr("Give the selected bytes that were edited the file's bytes back (the edited ranges "
           "they touch, whole)"),
        this, [this] {
            if (document_->revertSelection())
                showMessage(tr("Reverted: the file's bytes are back there (Edit > Undo takes "
                               "it back)."));
        });
    // The Insert key toggles in the panes; the menu names it without taking it from them.
    insertMode_ = new QAction(tr("&Insert Mode\tIns"), this);
    insertMode_->setCheckable(true);
    insertMode_->setToolTip(tr("Insert typed and pasted bytes before the cursor instead of "
                               "overwriting the bytes there (the Insert key toggles)"));
    insertMode_->setStatusTip(insertMode_->toolTip());
    connect(insertMode_, &QAction::triggered, this, [this](bool on) {
        document_->setMode(on ? u8doc::DocumentEditor::Mode::Insert
                              : u8doc::DocumentEditor::Mode::Overwrite);
    });
    readOnly_ = makeWindowAction(window, tr("&Read Only"), {},
                                 tr("Refuse every edit (remembered); on by itself for a file "
                                    "you may not write"),
                                 this, [this](bool on) {
                                     // Turning it off edits even a file that cannot be
                                     // written: Save As then writes the changes elsewhere.
                                     if (!on)
                                         document_->setReadOnlyReason({});
                                     document_->setUserReadOnly(on);
                                     settings::setReadOnly(on);
                                 });
    readOnly_->setCheckable(true);
    mode_->setObjectName(QStringLiteral("mode"));
    mode_->setAlignment(Qt::AlignCenter);
    mode_->setMinimumWidth(mode_->fontMetrics().horizontalAdvance(QStringLiteral("Read only")) +
                           12);
    connect(document_, &DocumentController::editingChanged, this, &EditActions::updateActions);
    connect(document_, &DocumentController::editRefused, this,
            [this](const QString& why) { showMessage(why); });
    updateActions();
}

QList<QAction*> EditActions::actions() const {
    return {cut_, paste_, pasteHex_, pasteText_, insertCharacter_, fill_, revert_, insertMode_};
}

void EditActions::readSettings() {
    const bool on = settings::readOnly();
    document_->setUserReadOnly(on);
    updateActions();
}

void EditActions::updateActions() {
    const bool hasDocument = document_->document()->source() != nullptr;
    for (QAction* a : actions())
        a->setEnabled(hasDocument);
    fill_->setEnabled(hasDocument && document_->document()->size() > 0);
    cut_->setEnabled(hasDocument && document_->document()->size() > 0);
    insertMode_->setChecked(document_->mode() == u8doc::DocumentEditor::Mode::Insert);
    readOnly_->setChecked(document_->isReadOnly());
    updateModeField();
}

void EditActions::updateModeField() {
    if (document_->isReadOnly()) {
        mode_->setText(tr("Read only"));
        const QString why = document_->readOnlyReason();
        mode_->setToolTip(why.isEmpty() ? tr("Edits are refused: View > Read Only is on")
                                        : tr("Edits are refused: %1").arg(why));
    } else if (document_->mode() == u8doc::DocumentEditor::Mode::Insert) {
        mode_->setText(tr("INS"));
        mode_->setToolTip(tr("Insert mode: typed bytes go in before the cursor (Insert key)"));
    } else {
        mode_->setText(tr("OVR"));
        mode_->setToolTip(tr("Overwrite mode: typed bytes replace those at the cursor (Insert "
                             "key)"));
    }
}

void EditActions::showMessage(const QString& text, int ms) {
    notices_->say(text, ms);
}

void EditActions::cut() {
    const u8codec::ByteSource* source = document_->document()->source();
    if (!source)
        return;
    const u8ui::ByteRange range = u8doc::selectedBytes(*source, *document_->selection());
    if (range.isEmpty())
        return;
    u8doc::DocumentEditor::Change change;
    change.offset = range.start;
    change.length = range.end - range.start;
    change.description = tr("Cut");
    change.cursorAfter = range.start;
    if (document_->isReadOnly()) {
        document_->edit(change); // refused: says why, and nothing is copied
        return;
    }
    const bool hex = window_->focusWidget() == hexPane_;
    const auto copied = u8ui::SelectionCopy::toClipboard(
        *source, range, hex ? u8ui::SelectionCopy::Format::Hex : u8ui::SelectionCopy::Format::Text);
    if (!copied.ok()) {
        showMessage(copied.error, 6000);
        return;
    }
    if (document_->edit(change))
        showMessage(tr("Cut %1 at offset %2 (Edit > Undo puts them back)")
                        .arg(u8doc::NumberFormat::bytes(change.length),
                             u8doc::NumberFormat::offset(range.start)),
                    4000);
}

void EditActions::paste() {
    if (window_->focusWidget() == hexPane_)
        pasteHex(clipboardText());
    else
        pasteText(clipboardText());
}

bool EditActions::pasteHex(const QString& text) {
    if (text.isEmpty()) {
        showMessage(tr("Paste Hex: the clipboard holds no text."));
        return false;
    }
    const auto hex = u8codec::parseHexPaste(text.toStdString());
    if (!hex.ok()) {
        showMessage(tr("Paste Hex: the clipboard does not hold hex bytes (%1). Hex is pasted as "
                       "E2 82 AC, e282ac, \\xE2\\x82\\xAC or 0xE2, 0x82, 0xAC; Paste as Text "
                       "pastes text.")
                        .arg(QString::fromStdString(hex.message())));
        return false;
    }
    const QByteArray bytes(reinterpret_cast<const char*>(hex->data()), qsizetype(hex->size()));
    return insertBytes(bytes, false, tr("Paste Hex"));
}

bool EditActions::pasteText(const QString& text) {
    if (text.isEmpty()) {
        showMessage(tr("Paste: the clipboard holds no text."));
        return false;
    }
    return insertBytes(text.toUtf8(), true, tr("Paste"));
}

bool EditActions::insertCharacter(char32_t codePoint) {
    std::uint8_t bytes[4];
    const int length = u8codec::encode(codePoint, bytes);
    if (length == 0)
        return false; // not a scalar value: the dialog never offers one
    return insertBytes(QByteArray(reinterpret_cast<const char*>(bytes), length), true,
                       tr("Insert Character"));
}

bool EditActions::insertBytes(const QByteArray& bytes, bool asText, const QString& description) {
    const u8codec::ByteSource* source = document_->document()->source();
    if (!source)
        return false;
    const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.constData());
    const u8ui::ByteRange target =
        u8doc::placeInput(*source, *document_->selection(), document_->mode(),
                          asText ? u8doc::EditUnit::Character : u8doc::EditUnit::Byte,
                          std::span(data, std::size_t(bytes.size())));
    u8doc::DocumentEditor::Change change;
    change.offset = target.start;
    change.length = target.end - target.start;
    change.bytes = bytes;
    change.description = description;
    change.cursorAfter = target.start + quint64(bytes.size());
    if (!document_->edit(change))
        return false;
    showMessage(tr("%1: %2 at offset %3")
                    .arg(description, u8doc::NumberFormat::bytes(quint64(bytes.size())),
                         u8doc::NumberFormat::offset(target.start)),
                4000);
    return true;
}

bool EditActions::fillSelection(std::uint8_t byte) {
    const u8codec::ByteSource* source = document_->document()->source();
    if (!source)
        return false;
    const u8ui::ByteRange range = u8doc::selectedBytes(*source, *document_->selection());
    const quint64 length = range.end - range.start;
    if (length == 0) {
        showMessage(tr("Fill Selection: nothing is selected."));
        return false;
    }
    if (length > kMaxFill) {
        showMessage(
            tr("Fill Selection: %1 are selected; at most %2 can be filled at once.")
                .arg(u8doc::NumberFormat::bytes(length), u8doc::NumberFormat::bytes(kMaxFill)));
        return false;
    }
    u8doc::DocumentEditor::Change change;
    change.offset = range.start;
    change.length = length;
    change.bytes = QByteArray(qsizetype(length), char(byte));
    change.description = tr("Fill Selection");
    change.cursorAfter = range.start;
    if (!document_->edit(change))
        return false;
    document_->goTo(range.start, length); // the filled bytes stay selected
    return true;
}

void EditActions::chooseCharacter() {
    if (!document_->document()->source())
        return;
    InsertCharacterDialog dialog(window_);
    if (dialog.exec() == QDialog::Accepted && dialog.character())
        insertCharacter(*dialog.character());
}

void EditActions::chooseFillByte() {
    const u8codec::ByteSource* source = document_->document()->source();
    if (!source)
        return;
    const u8ui::ByteRange range = u8doc::selectedBytes(*source, *document_->selection());
    QString text = settings::fillByte();
    QString problem; // why the last answer was refused
    for (;;) {
        bool ok = false;
        text = QInputDialog::getText(
            window_, tr("Fill Selection"),
            problem + tr("Fill the %1 selected from offset %2 with the byte (hex):")
                          .arg(u8doc::NumberFormat::bytes(range.end - range.start),
                               u8doc::NumberFormat::offset(range.start)),
            QLineEdit::Normal, text, &ok);
        if (!ok)
            return;
        const auto hex = u8codec::parseHexPattern(text.toStdString());
        if (hex.ok() && hex->size() == 1) {
            settings::setFillByte(text);
            fillSelection(hex->front());
            return;
        }
        problem = (hex.ok() ? tr("Give one byte, such as 00 or FF.")
                            : tr("Not a byte: %1.").arg(QString::fromStdString(hex.message()))) +
                  QLatin1Char('\n');
    }
}

} // namespace u8app
