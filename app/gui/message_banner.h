// A message shown inside the window, above the panes: why a file did not open, or that it
// changed on disk. Unlike a modal box it never blocks the window, and it stays until dismissed
// or replaced. The commands show it through the window's Notices (window_notices.h).
#pragma once

#include "notices.h"

#include <QFrame>
#include <functional>

class QLabel;
class QPushButton;
class QToolButton;

namespace u8app {

class MessageBanner : public QFrame {
    Q_OBJECT
public:
    using Level = u8doc::Notices::Level;

    explicit MessageBanner(QWidget* parent = nullptr);

    // Shows `text`; with a non-empty actionText, a button that emits actionTriggered(), which
    // runs `action` (kept until the next message replaces it).
    void showMessage(Level level, const QString& text, const QString& actionText = {},
                     std::function<void()> action = {});
    void dismiss();
    QString text() const;
    // The button's words ("Fix Mojibake…"), empty when hidden or without a button.
    QString actionText() const;
    Level level() const { return level_; }
    // The background for the level, from the current palette.
    QColor background() const;

signals:
    void actionTriggered();

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QLabel* icon_;
    QLabel* label_;
    QPushButton* action_;
    QToolButton* close_;
    std::function<void()> onAction_;
    Level level_ = Level::Information;
};

} // namespace u8app
