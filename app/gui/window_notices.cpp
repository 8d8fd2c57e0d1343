#include "window_notices.h"

#include "message_banner.h"

#include <QStatusBar>

namespace u8app {

WindowNotices::WindowNotices(QStatusBar* statusBar, MessageBanner* banner, QObject* parent)
    : QObject(parent), statusBar_(statusBar), banner_(banner) {}

void WindowNotices::say(const QString& text, int ms) {
    statusBar_->showMessage(text, ms);
}

void WindowNotices::clearSaid() {
    statusBar_->clearMessage();
}

QString WindowNotices::said() const {
    return statusBar_->currentMessage();
}

void WindowNotices::showBanner(Level level, const QString& text, const QString& actionText,
                               std::function<void()> action) {
    banner_->showMessage(level, text, actionText, std::move(action));
}

void WindowNotices::dismissBanner() {
    banner_->dismiss();
}

QString WindowNotices::banner() const {
    return banner_->text();
}

} // namespace u8app
