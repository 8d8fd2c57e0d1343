// The window's way into the walk-throughs (u8ui::WalkthroughPanel, in the Walk-through dock):
// Tools > Encode Character… brings the Encode tab to the front with its field ready; Tools >
// Explain Selection (also in both panes' context menus) walks through decoding the selected
// bytes, at most DecodeWalkthrough::kMaxBytes of them (a single selected byte stands for the
// character or error segment it belongs to); a cell of the code-page table walks through the
// byte it holds: the character an ASCII byte is, the first character a lead byte starts, and for
// a continuation or never-valid byte what a decoder does with it alone.
#pragma once

#include <QDockWidget>
#include <QList>
#include <QObject>
#include <QPointer>

class QAction;
class QWidget;

namespace u8doc {
class Notices;
} // namespace u8doc
namespace u8ui {
class WalkthroughPanel;
}

namespace u8app {

class DocumentController;

class WalkthroughActions : public QObject {
    Q_OBJECT
public:
    WalkthroughActions(QWidget* window, u8doc::Notices* notices, DocumentController* document);

    u8ui::WalkthroughPanel* panel() const { return panel_; }
    // The dock that holds panel(): shown and raised by the actions.
    void setDock(QDockWidget* dock) { dock_ = dock; }
    QAction* encodeAction() const { return encode_; }
    QAction* explainAction() const { return explain_; }
    QList<QAction*> actions() const { return {encode_, explain_}; }
    // Puts Explain Selection in a pane's context menu.
    void addToContextMenu(QWidget* pane);
    // Explain Selection is enabled when there are bytes.
    void updateActions();

    // Walks through decoding the selection in the Decode tab; false when there are no bytes.
    bool explainSelection();
    // Walks through a byte value of the code-page table (see the header).
    void showByteValue(int value);

private:
    void showDock();

    QWidget* window_;
    u8doc::Notices* notices_; // the status text
    DocumentController* document_;
    u8ui::WalkthroughPanel* panel_;
    QPointer<QDockWidget> dock_;
    QAction* encode_;
    QAction* explain_;
};

} // namespace u8app
