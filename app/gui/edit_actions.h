// The Edit menu's editing commands and what the status bar says of editing: Paste (as hex in the
// hex pane, as text in the text pane), Paste Hex, Paste Text, Insert Character…, Fill Selection
// with Byte…, Revert Selection, Insert Mode, and View > Read Only (remembered; on by itself for a
// file the user may not write). The bytes go where typing would put them (edit_placement.h); the
// change itself is the DocumentController's.
#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <cstdint>

class QAction;
class QLabel;
class QWidget;

namespace u8doc {
class Notices;
} // namespace u8doc
namespace u8app {

class DocumentController;

class EditActions : public QObject {
    Q_OBJECT
public:
    // `window`: the parent of the actions (added to it for their shortcuts) and of the dialogs;
    // `hexPane`: the pane where Paste reads the clipboard as hex.
    EditActions(QWidget* window, u8doc::Notices* notices, DocumentController* document,
                QWidget* hexPane);

    // Paste, Paste Hex, Paste Text, Insert Character…, Fill Selection…, Revert Selection and
    // Insert Mode, for the Edit menu.
    QList<QAction*> actions() const;
    QAction* readOnlyAction() const { return readOnly_; }
    // Cut, Paste and Paste Hex: the edits of the panes' context menus.
    QAction* cutAction() const { return cut_; }
    QAction* pasteAction() const { return paste_; }
    QAction* pasteHexAction() const { return pasteHex_; }
    // The status bar's editing field: OVR, INS or "Read only" (the window places it).
    QLabel* modeField() const { return mode_; }

    // What the commands do, for the menu and for tests. Each says in the status bar what it did,
    // or why it did nothing.
    bool pasteHex(const QString& text);
    bool pasteText(const QString& text);
    bool insertCharacter(char32_t codePoint);
    bool fillSelection(std::uint8_t byte);

    void readSettings();
    void updateActions();

    // At most this many bytes are filled at once (they go into the document's add buffer).
    static constexpr std::uint64_t kMaxFill = std::uint64_t(256) << 20;

private:
    void paste();
    // Copies the selection (as hex from the hex pane, as text from the text pane) and removes it,
    // as one undo step.
    void cut();
    void chooseCharacter();
    void chooseFillByte();
    bool insertBytes(const QByteArray& bytes, bool asText, const QString& description);
    void showMessage(const QString& text, int ms = 8000);
    void updateModeField();

    QWidget* window_;
    u8doc::Notices* notices_; // the status text
    DocumentController* document_;
    QWidget* hexPane_;
    QAction* cut_;
    QAction* paste_;
    QAction* pasteHex_;
    QAction* pasteText_;
    QAction* insertCharacter_;
    QAction* fill_;
    QAction* revert_;
    QAction* insertMode_;
    QAction* readOnly_;
    QLabel* mode_;
};

} // namespace u8app
