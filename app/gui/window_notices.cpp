#include "window_notices.h"

#include <QMainWindow>
#include <QStatusBar>

namespace u8app {

WindowNotices::WindowNotices(QMainWindow* window) : QObject(window), window_(window) {}

void WindowNotices::say(const QString& text, int ms) {
    window_->statusBar()->showMessage(text, ms);
}

void WindowNotices::clearSaid() {
    window_->statusBar()->clearMessage();
}

QString WindowNotices::said() const {
    return window_->statusBar()->currentMessage();
}

} // namespace u8app
