#include "eliding_status_bar.h"

#include <QMainWindow>
#include <QPainter>
#include <QSizeGrip>
#include <QStyleOption>

namespace u8app {

ElidingStatusBar::ElidingStatusBar(QMainWindow* window) : QStatusBar(window) {
    window->setStatusBar(this);
    connect(this, &QStatusBar::messageChanged, this, &ElidingStatusBar::updateToolTip);
}

QRect ElidingStatusBar::messageRect() const {
    // QStatusBar's margins: 6 pixels on the left, 12 on the right (the size grip's side).
    int right = width() - 12;
    for (const QObject* child : children())
        if (const auto* w = qobject_cast<const QWidget*>(child);
            w && w->isVisible() && !w->isWindow())
            right = std::min(right, w->x() - 2);
    return {6, 0, std::max(0, right - 6), height()};
}

QString ElidingStatusBar::shownMessage() const {
    return fontMetrics().elidedText(currentMessage(), Qt::ElideRight, messageRect().width());
}

void ElidingStatusBar::updateToolTip() {
    const QString message = currentMessage();
    const QString tip = !message.isEmpty() && shownMessage() != message ? message : QString();
    if (toolTip() != tip)
        setToolTip(tip);
}

void ElidingStatusBar::resizeEvent(QResizeEvent* event) {
    QStatusBar::resizeEvent(event);
    updateToolTip();
}

void ElidingStatusBar::paintEvent(QPaintEvent* event) {
    const QString message = currentMessage();
    if (message.isEmpty()) {
        QStatusBar::paintEvent(event);
        return;
    }
    // As QStatusBar draws it, with the frames of the fields, but the message elided.
    QPainter painter(this);
    QStyleOption option;
    option.initFrom(this);
    style()->drawPrimitive(QStyle::PE_PanelStatusBar, &option, &painter, this);
    for (const QObject* child : children()) {
        const auto* w = qobject_cast<const QWidget*>(child);
        if (!w || !w->isVisible() || w->isWindow() || qobject_cast<const QSizeGrip*>(w))
            continue;
        option.rect = w->geometry().adjusted(-2, -1, 2, 1);
        style()->drawPrimitive(QStyle::PE_FrameStatusBarItem, &option, &painter, w);
    }
    painter.setPen(palette().windowText().color());
    painter.drawText(messageRect(), Qt::AlignLeading | Qt::AlignVCenter | Qt::TextSingleLine,
                     shownMessage());
    updateToolTip(); // the fields may have moved since the message came
}

} // namespace u8app
