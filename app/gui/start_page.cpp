#include "start_page.h"

#include "recent_files.h"

#include <QAction>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace u8app {

namespace {

// A button that triggers `action`, with its words and its shortcut.
QPushButton* buttonFor(QAction* action, QWidget* parent) {
    const QString shortcut = action->shortcut().toString(QKeySequence::NativeText);
    QString text = action->text().remove(QLatin1Char('&'));
    if (!shortcut.isEmpty())
        text += QStringLiteral(" (%1)").arg(shortcut);
    auto* button = new QPushButton(text, parent);
    button->setToolTip(action->toolTip());
    QObject::connect(button, &QPushButton::clicked, action, &QAction::trigger);
    return button;
}

} // namespace

StartPage::StartPage(QAction* open, QAction* sample, RecentFiles* recent,
                     std::function<void(const QString&)> openPath, QWidget* parent)
    : QWidget(parent), recent_(recent), openPath_(std::move(openPath)) {
    setObjectName(QStringLiteral("startPage"));
    setAutoFillBackground(true); // the empty panes under it do not show through
    auto* outer = new QVBoxLayout(this);
    outer->addStretch(1);
    auto* column = new QVBoxLayout;
    column->setSpacing(10);
    auto* hint = new QLabel(tr("Open a file (%1) or drop one here.")
                                .arg(open->shortcut().toString(QKeySequence::NativeText)),
                            this);
    hint->setObjectName(QStringLiteral("startHint"));
    QFont big = hint->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    hint->setFont(big);
    hint->setAlignment(Qt::AlignCenter);
    hint->setWordWrap(true);
    column->addWidget(hint);
    auto* buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(buttonFor(open, this));
    buttons->addWidget(buttonFor(sample, this));
    buttons->addStretch(1);
    column->addLayout(buttons);
    recentList_ = new QVBoxLayout;
    recentList_->setSpacing(2);
    column->addSpacing(12);
    column->addLayout(recentList_);
    auto* centred = new QHBoxLayout;
    centred->addStretch(1);
    centred->addLayout(column);
    centred->addStretch(1);
    outer->addLayout(centred);
    outer->addStretch(2);
    connect(recent_, &RecentFiles::changed, this, &StartPage::listRecentFiles);
    listRecentFiles();
}

void StartPage::cover(QWidget* target) {
    target_ = target;
    target->installEventFilter(this);
    setGeometry(target->geometry());
}

bool StartPage::eventFilter(QObject* watched, QEvent* event) {
    if (watched == target_ && (event->type() == QEvent::Resize || event->type() == QEvent::Move))
        setGeometry(target_->geometry());
    return QWidget::eventFilter(watched, event);
}

void StartPage::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (target_)
        setGeometry(target_->geometry());
    raise();
}

void StartPage::listRecentFiles() {
    while (QLayoutItem* item = recentList_->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const QStringList paths = recent_->paths();
    if (paths.isEmpty())
        return;
    auto* heading = new QLabel(tr("<b>Recent files</b>"), this);
    recentList_->addWidget(heading);
    for (const QString& path : paths) {
        auto* button = new QPushButton(QFileInfo(path).fileName(), this);
        button->setObjectName(QStringLiteral("recentFile"));
        button->setFlat(true);
        button->setToolTip(QDir::toNativeSeparators(path));
        connect(button, &QPushButton::clicked, this, [this, path] { openPath_(path); });
        recentList_->addWidget(button);
    }
}

} // namespace u8app
