// How the window shares its width when it is resized: the hex pane keeps room for a whole row (the
// text pane takes what is left, down to a readable minimum), and the dock column on the right
// gives way to them in a small window and grows back to its width in a large one. The user's own
// choices win: a dragged splitter handle sets the hex pane's width, a dragged dock edge the dock
// column's, and both are kept through later resizes as far as the window allows.
#pragma once

#include <QObject>

class QDockWidget;
class QMainWindow;
class QSplitter;

namespace u8ui {
class HexView;
}

namespace u8app {

class WindowLayout : public QObject {
    Q_OBJECT
public:
    // `panes` holds the hex pane (first) and the text pane; `window` holds the docks.
    WindowLayout(QMainWindow* window, QSplitter* panes, u8ui::HexView* hex);

    // The dock column's width before any drag (the layout's default or the restored one).
    void setDockColumnWidth(int width) { dockColumnWidth_ = width; }
    // Forget a dragged hex width and fit the pane to a whole row (after bytes per row changed).
    void fitHexPane();
    // The narrowest the text pane gets while the hex pane keeps its row.
    int textPaneMinimum() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void splitPanes();
    void sizeDockColumn();
    QDockWidget* dockColumn() const; // the right area's front dock, or null

    QMainWindow* window_;
    QSplitter* panes_;
    u8ui::HexView* hex_;
    int hexWidth_ = 0; // the width the user dragged the hex pane to; 0: a whole row
    int dockColumnWidth_ = 530;
    int pressedDockWidth_ = -1; // at the press that may start a drag of a dock's edge
    bool splitting_ = false;
};

} // namespace u8app
