// The window's Notices: its status bar's message and the banner above its panes. It holds those
// two widgets, not the window, so that the commands that speak through it know neither.
#pragma once

#include "notices.h"

#include <QObject>

class QStatusBar;

namespace u8app {

class MessageBanner;

class WindowNotices final : public QObject, public u8doc::Notices {
    Q_OBJECT
public:
    WindowNotices(QStatusBar* statusBar, MessageBanner* banner, QObject* parent);

    void say(const QString& text, int ms = 0) override;
    void clearSaid() override;
    QString said() const override;

    void showBanner(Level level, const QString& text, const QString& actionText = {},
                    std::function<void()> action = {}) override;
    void dismissBanner() override;
    QString banner() const override;

private:
    QStatusBar* statusBar_;
    MessageBanner* banner_;
};

} // namespace u8app
