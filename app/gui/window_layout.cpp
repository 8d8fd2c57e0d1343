#include "window_layout.h"

#include "hex_view.h"

#include <QDockWidget>
#include <QEvent>
#include <QLayout>
#include <QMainWindow>
#include <QSplitter>
#include <QStyle>
#include <QTabBar>
#include <QTimer>
#include <algorithm>

namespace u8app {

WindowLayout::WindowLayout(QMainWindow* window, QSplitter* panes, u8ui::HexView* hex)
    : QObject(window), window_(window), panes_(panes), hex_(hex) {
    // The text pane takes the window's growth; the hex pane's width is set here.
    panes_->setStretchFactor(0, 0);
    panes_->setStretchFactor(1, 1);
    panes_->installEventFilter(this);
    window_->installEventFilter(this);
    connect(panes_, &QSplitter::splitterMoved, this, [this] {
        if (!splitting_)
            hexWidth_ = panes_->sizes().value(0);
    });
}

// 24 characters of text besides the pane's scroll bar and margins (at 1024×640 the average
// width alone left 18 in view).
int WindowLayout::textPaneMinimum() const {
    const QWidget* text = panes_->widget(1);
    if (!text)
        return 0;
    const int digit = text->fontMetrics().horizontalAdvance(QLatin1Char('0'));
    return digit * 26 + text->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, text);
}

void WindowLayout::fitHexPane() {
    hexWidth_ = 0;
    // A wider row (32 bytes, a zoom) may need room the dock column has: it gives way, and takes
    // its width back when the row narrows again.
    sizeDockColumn();
    splitPanes();
}

void WindowLayout::splitPanes() {
    const int total = panes_->width() - panes_->handleWidth();
    if (total <= 0 || panes_->count() < 2)
        return;
    const int wanted = hexWidth_ > 0 ? hexWidth_ : hex_->fullRowWidth();
    // Short of room, the text pane gives way down to its minimum, then they share half and half.
    const int hex = std::min(wanted, std::max(total - textPaneMinimum(), total / 2));
    if (panes_->sizes().value(0) == std::min(hex, total))
        return;
    splitting_ = true;
    panes_->setSizes({hex, total - hex});
    splitting_ = false;
}

QDockWidget* WindowLayout::dockColumn() const {
    for (QDockWidget* dock : window_->findChildren<QDockWidget*>())
        if (!dock->isFloating() && !dock->visibleRegion().isEmpty() && // in front of its tabs

            window_->dockWidgetArea(dock) == Qt::RightDockWidgetArea)
            return dock;
    return nullptr;
}

void WindowLayout::sizeDockColumn() {
    window_->layout()->activate(); // the geometry of a pending layout pass, not the last one
    QDockWidget* dock = dockColumn();
    if (!dock)
        return;
    // Room in the middle for a whole hex row and a readable text pane; the docks take the rest,
    // up to their own width (QMainWindow keeps them at their minimum if even that is too much).
    const int needed = hex_->fullRowWidth() + panes_->handleWidth() + textPaneMinimum();
    // With no room left at all (two compared files side by side on a small screen) the dock
    // goes to its minimum; QMainWindow refuses a width of 0 with a warning.
    const int width = std::max(std::min(dockColumnWidth_, dock->width() + panes_->width() - needed),
                               std::max(dock->minimumSizeHint().width(), 1));
    if (dock->width() != width) {
        window_->resizeDocks({dock}, {width}, Qt::Horizontal);
        window_->layout()->activate();
    }
}

bool WindowLayout::eventFilter(QObject* watched, QEvent* event) {
    if (watched == window_ && event->type() == QEvent::ChildPolished) {
        // The tabs of docks in one place ("Inspector", "Code Page", ...) keep their whole names
        // and scroll when the column is narrow ("In…", "Co…" said nothing at 1024 px).
        if (auto* tabs = qobject_cast<QTabBar*>(static_cast<QChildEvent*>(event)->child())) {
            tabs->setElideMode(Qt::ElideNone);
            tabs->setUsesScrollButtons(true);
        }
    } else if (watched == panes_ && event->type() == QEvent::Resize) {
        splitPanes();
    } else if (watched == window_ && event->type() == QEvent::Resize) {
        // After QMainWindow's own layout pass, which would otherwise undo the docks' new width.
        QMetaObject::invokeMethod(this, &WindowLayout::sizeDockColumn, Qt::QueuedConnection);
    } else if (watched == window_ && event->type() == QEvent::MouseButtonPress) {
        const QDockWidget* dock = dockColumn();
        pressedDockWidth_ = dock ? dock->width() : -1;
    } else if (watched == window_ && event->type() == QEvent::MouseButtonRelease) {
        // The end of a drag of a dock's edge (QMainWindow's separators send no signal).
        QTimer::singleShot(0, this, [this] {
            const QDockWidget* dock = dockColumn();
            if (dock && pressedDockWidth_ >= 0 && dock->width() != pressedDockWidth_)
                dockColumnWidth_ = dock->width();
        });
    }
    return QObject::eventFilter(watched, event);
}

} // namespace u8app
