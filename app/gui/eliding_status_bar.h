// The window's status bar: a message too long for the room the permanent fields leave is cut
// with "…" and given whole in the tooltip, where QStatusBar would clip it mid-word ("Undo takes
// it bac") with no way to read the rest.
#pragma once

#include <QStatusBar>

class QMainWindow;

namespace u8app {

class ElidingStatusBar : public QStatusBar {
    Q_OBJECT
public:
    // Becomes `window`'s status bar.
    explicit ElidingStatusBar(QMainWindow* window);

    // The message as painted: whole, or cut with "…" to the room it has.
    QString shownMessage() const;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // Where the message goes: from the left to the first visible field (as QStatusBar lays it).
    QRect messageRect() const;
    // The tooltip holds the whole message when it is cut, nothing otherwise.
    void updateToolTip();
};

} // namespace u8app
