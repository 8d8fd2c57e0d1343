// A Notices that only records what the commands said: the status text and the banner, with the
// banner's button pressed by hand. The suites hear what a command tells the user without a window.
#pragma once

#include "notices.h"

#include <QStringList>
#include <functional>

class RecordingNotices final : public u8doc::Notices {
public:
    void say(const QString& text, int = 0) override {
        said_ = text;
        sayings_ << text;
    }
    void clearSaid() override { said_.clear(); }
    QString said() const override { return said_; }

    void showBanner(Level level, const QString& text, const QString& actionText = {},
                    std::function<void()> action = {}) override {
        level_ = level;
        banner_ = text;
        actionText_ = actionText;
        action_ = std::move(action);
        banners_ << text;
    }
    void dismissBanner() override {
        banner_.clear();
        actionText_.clear();
        action_ = nullptr;
    }
    QString banner() const override { return banner_; }

    Level bannerLevel() const { return level_; }
    QString bannerActionText() const { return actionText_; }
    // Presses the banner's button (a copy: the action may show another banner).
    void pressBannerButton() {
        if (const std::function<void()> action = action_)
            action();
    }
    // Everything said and every banner shown, in order.
    const QStringList& sayings() const { return sayings_; }
    const QStringList& banners() const { return banners_; }

private:
    QString said_;
    QStringList sayings_;
    Level level_ = Level::Information;
    QString banner_;
    QString actionText_;
    std::function<void()> action_;
    QStringList banners_;
};
