#include "find_bar.h"

#include "u8codec/byte_search.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QStyle>
#include <QToolButton>

namespace u8app {

FindBar::FindBar(QWidget* parent)
    : QWidget(parent), mode_(new QComboBox(this)), edit_(new QLineEdit(this)),
      previous_(new QToolButton(this)), next_(new QToolButton(this)), status_(new QLabel(this)),
      close_(new QToolButton(this)) {
    setObjectName(QStringLiteral("findBar"));
    mode_->addItem(tr("Text"), int(Mode::Text));
    mode_->addItem(tr("Hex"), int(Mode::Hex));
    mode_->setToolTip(tr("Text: the text is searched as its UTF-8 bytes. Hex: bytes written as "
                         "hex digits, e.g. E2 82 AC."));
    edit_->setObjectName(QStringLiteral("findEdit"));
    edit_->setClearButtonEnabled(true);
    edit_->setPlaceholderText(tr("Find text or bytes"));
    edit_->setToolTip(tr("Enter: next match. Shift+Enter: previous match. Escape: close."));
    previous_->setIcon(style()->standardIcon(QStyle::SP_ArrowUp));
    previous_->setText(tr("Previous"));
    previous_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    previous_->setToolTip(tr("Find the previous match (Shift+F3)"));
    next_->setIcon(style()->standardIcon(QStyle::SP_ArrowDown));
    next_->setText(tr("Next"));
    next_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    next_->setToolTip(tr("Find the next match (F3)"));
    status_->setObjectName(QStringLiteral("findStatus"));
    close_->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close_->setAutoRaise(true);
    close_->setToolTip(tr("Close the find bar (Escape)"));

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->addWidget(new QLabel(tr("Find:"), this));
    layout->addWidget(mode_);
    layout->addWidget(edit_, 1);
    layout->addWidget(previous_);
    layout->addWidget(next_);
    layout->addWidget(status_);
    layout->addWidget(close_);

    connect(edit_, &QLineEdit::textChanged, this, &FindBar::onEdited);
    connect(mode_, &QComboBox::currentIndexChanged, this, &FindBar::onEdited);
    connect(next_, &QToolButton::clicked, this, &FindBar::findNext);
    connect(previous_, &QToolButton::clicked, this, &FindBar::findPrevious);
    connect(close_, &QToolButton::clicked, this, [this] {
        hide();
        emit closed();
    });
    hide();
}

FindBar::Pattern FindBar::patternFor(Mode mode, const QString& text) {
    Pattern p;
    if (mode == Mode::Text) {
        p.bytes = text.toUtf8();
        return p;
    }
    if (text.trimmed().isEmpty())
        return p;
    const u8codec::HexPattern hex = u8codec::parseHexPattern(text.toStdString());
    if (!hex.ok()) {
        p.error = tr("Not hex bytes: %1").arg(QString::fromStdString(hex.error));
        return p;
    }
    p.bytes =
        QByteArray(reinterpret_cast<const char*>(hex.bytes.data()), qsizetype(hex.bytes.size()));
    return p;
}

FindBar::Pattern FindBar::pattern() const {
    return patternFor(mode(), edit_->text());
}

FindBar::Mode FindBar::mode() const {
    return Mode(mode_->currentData().toInt());
}

void FindBar::setMode(Mode mode) {
    mode_->setCurrentIndex(mode_->findData(int(mode)));
}

void FindBar::setText(const QString& text) {
    edit_->setText(text);
}

QString FindBar::text() const {
    return edit_->text();
}

void FindBar::activate() {
    show();
    edit_->setFocus(Qt::ShortcutFocusReason);
    edit_->selectAll();
}

void FindBar::setStatus(const QString& status, bool problem) {
    status_->setText(status);
    status_->setForegroundRole(problem ? QPalette::BrightText : QPalette::WindowText);
    QFont f = status_->font();
    f.setBold(problem);
    status_->setFont(f);
}

QString FindBar::status() const {
    return status_->text();
}

void FindBar::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape) {
        hide();
        emit closed();
        return;
    }
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        if (event->modifiers() & Qt::ShiftModifier)
            emit findPrevious();
        else
            emit findNext();
        return;
    }
    QWidget::keyPressEvent(event);
}

void FindBar::onEdited() {
    const Pattern p = pattern();
    setStatus(p.error, !p.error.isEmpty());
    emit patternChanged();
}

} // namespace u8app
