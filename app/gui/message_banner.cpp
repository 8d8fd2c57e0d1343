#include "message_banner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>

namespace u8app {

MessageBanner::MessageBanner(QWidget* parent)
    : QFrame(parent), icon_(new QLabel(this)), label_(new QLabel(this)),
      action_(new QPushButton(this)), close_(new QToolButton(this)) {
    setObjectName(QStringLiteral("messageBanner"));
    setFrameShape(QFrame::StyledPanel);
    label_->setWordWrap(true);
    label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    close_->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close_->setAutoRaise(true);
    close_->setToolTip(tr("Dismiss this message"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(icon_);
    layout->addWidget(label_, 1);
    layout->addWidget(action_);
    layout->addWidget(close_);
    connect(action_, &QPushButton::clicked, this, &MessageBanner::actionTriggered);
    connect(this, &MessageBanner::actionTriggered, this, [this] {
        // A copy: the action may show another message, which replaces it.
        if (const std::function<void()> action = onAction_)
            action();
    });
    connect(close_, &QToolButton::clicked, this, &MessageBanner::dismiss);
    hide();
}

void MessageBanner::showMessage(Level level, const QString& text, const QString& actionText,
                                std::function<void()> action) {
    level_ = level;
    onAction_ = std::move(action);
    label_->setText(text);
    action_->setText(actionText);
    action_->setVisible(!actionText.isEmpty());
    const QStyle::StandardPixmap pixmap = level == Level::Error ? QStyle::SP_MessageBoxCritical
                                          : level == Level::Warning
                                              ? QStyle::SP_MessageBoxWarning
                                              : QStyle::SP_MessageBoxInformation;
    const int side = style()->pixelMetric(QStyle::PM_SmallIconSize);
    icon_->setPixmap(style()->standardIcon(pixmap).pixmap(side, side));
    update();
    show();
}

QColor MessageBanner::background() const {
    // A tint that reads in light and dark themes: the palette's base colour mixed with a hue per
    // level (the icon and the words carry the meaning, not the colour alone). Computed when
    // painted, from the palette of the moment, so that a theme switch repaints it.
    const QColor tint = level_ == Level::Error     ? QColor(213, 94, 0)
                        : level_ == Level::Warning ? QColor(230, 159, 0)
                                                   : QColor(86, 180, 233);
    const QColor base = palette().color(QPalette::Base);
    return QColor((base.red() * 3 + tint.red()) / 4, (base.green() * 3 + tint.green()) / 4,
                  (base.blue() * 3 + tint.blue()) / 4);
}

void MessageBanner::paintEvent(QPaintEvent* event) {
    QPainter(this).fillRect(rect(), background());
    QFrame::paintEvent(event);
}

void MessageBanner::dismiss() {
    label_->clear();
    hide();
}

QString MessageBanner::text() const {
    return isHidden() ? QString() : label_->text();
}

QString MessageBanner::actionText() const {
    return isHidden() || action_->isHidden() ? QString() : action_->text();
}

} // namespace u8app
