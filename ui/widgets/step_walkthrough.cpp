#include "step_walkthrough.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>
#include <algorithm>

namespace u8ui {

namespace {

QPushButton* navigationButton(const QString& text, const QString& tip, QWidget* parent) {
    auto* b = new QPushButton(text, parent);
    b->setToolTip(tip);
    // Clicking keeps the focus where it was (the figure): the arrow keys then go on stepping,
    // where a focused button would move the focus instead.
    b->setFocusPolicy(Qt::NoFocus);
    return b;
}

} // namespace

StepWalkthrough::StepWalkthrough(QWidget* parent) : QWidget(parent) {
    setFocusPolicy(Qt::StrongFocus);
    auto* column = new QVBoxLayout(this);
    header_ = new QVBoxLayout;
    column->addLayout(header_);

    auto* buttons = new QHBoxLayout;
    first_ = navigationButton(tr("First"), tr("The first step (Home)"), this);
    previous_ = navigationButton(tr("\u25C0 Previous"), tr("The step before (Left or P)"), this);
    counter_ = new QLabel(this);
    counter_->setAlignment(Qt::AlignCenter);
    next_ = navigationButton(tr("Next \u25B6"), tr("The next step (Right or N)"), this);
    last_ = navigationButton(tr("Last"), tr("The last step (End)"), this);
    buttons->addWidget(first_);
    buttons->addWidget(previous_);
    buttons->addWidget(counter_, 1);
    buttons->addWidget(next_);
    buttons->addWidget(last_);
    column->addLayout(buttons);
    connect(first_, &QPushButton::clicked, this, &StepWalkthrough::first);
    connect(previous_, &QPushButton::clicked, this, &StepWalkthrough::previous);
    connect(next_, &QPushButton::clicked, this, &StepWalkthrough::next);
    connect(last_, &QPushButton::clicked, this, &StepWalkthrough::last);

    title_ = new QLabel(this);
    title_->setWordWrap(true);
    title_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    styleTitle();
    text_ = new QLabel(this);
    text_->setWordWrap(true);
    text_->setTextFormat(Qt::PlainText);
    text_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    text_->setMinimumHeight(text_->fontMetrics().lineSpacing() * 3);
    text_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    figure_ = new StepFigure(this);
    // The figure scrolls sideways on its own, so that the text above still wraps to the dock's
    // width; the scroll area would take the arrow keys, so the figure's keys are watched here.
    figureScroll_ = new QScrollArea(this);
    figureScroll_->setWidget(figure_);
    figureScroll_->setWidgetResizable(true);
    figureScroll_->setFrameShape(QFrame::NoFrame);
    figureScroll_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    figureScroll_->setFocusPolicy(Qt::NoFocus);
    figure_->installEventFilter(this);
    column->addWidget(title_);
    column->addWidget(text_);
    column->addWidget(figureScroll_);
    extra_ = new QVBoxLayout;
    column->addLayout(extra_);
    column->addStretch(1);
    setStepCount(0);
}

void StepWalkthrough::setStepCount(int count) {
    count_ = std::max(count, 0);
    current_ = -1;
    if (count_ == 0) {
        titleText_.clear();
        title_->clear();
        text_->clear();
        figure_->setRows({});
        updateButtons();
        emit stepChanged(-1);
        return;
    }
    goToStep(0);
}

void StepWalkthrough::goToStep(int index) {
    if (count_ == 0)
        return;
    index = std::clamp(index, 0, count_ - 1);
    if (index == current_)
        return;
    current_ = index;
    renderStep(index);
    updateButtons();
    emit stepChanged(index);
}

void StepWalkthrough::setStepContent(const QString& title, const QString& text,
                                     QVector<FigureRow> rows) {
    titleText_ = title;
    title_->setText(title);
    text_->setText(text);
    figure_->setRows(std::move(rows));
    fitFigure();
}

void StepWalkthrough::fitFigure() {
    // As tall as the figure at the width it gets (its labels go above its rows in a narrow
    // dock), with room for the sideways scroll bar when even that is too wide.
    const int available = figureScroll_->viewport()->width();
    const int minimum = figure_->minimumSizeHint().width();
    const int bar =
        available < minimum ? figureScroll_->horizontalScrollBar()->sizeHint().height() : 0;
    const int height = figure_->heightForWidth(std::max(available, minimum)) + bar;
    if (figureScroll_->height() != height)
        figureScroll_->setFixedHeight(height);
}

void StepWalkthrough::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitFigure();
}

QString StepWalkthrough::stepTitle() const {
    return titleText_;
}

QString StepWalkthrough::stepText() const {
    return text_->text();
}

QString StepWalkthrough::counterText() const {
    return counter_->text();
}

void StepWalkthrough::updateButtons() {
    first_->setEnabled(current_ > 0);
    previous_->setEnabled(current_ > 0);
    next_->setEnabled(current_ >= 0 && current_ + 1 < count_);
    last_->setEnabled(current_ >= 0 && current_ + 1 < count_);
    counter_->setText(count_ > 0 ? tr("Step %1 of %2").arg(current_ + 1).arg(count_) : QString());
}

bool StepWalkthrough::step(const QKeyEvent* key) {
    if (key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
        return false;
    switch (key->key()) {
    case Qt::Key_Right:
    case Qt::Key_N:
        next();
        return true;
    case Qt::Key_Left:
    case Qt::Key_P:
        previous();
        return true;
    case Qt::Key_Home:
        first();
        return true;
    case Qt::Key_End:
        last();
        return true;
    default:
        return false;
    }
}

void StepWalkthrough::keyPressEvent(QKeyEvent* event) {
    if (!step(event))
        QWidget::keyPressEvent(event);
}

bool StepWalkthrough::eventFilter(QObject* watched, QEvent* event) {
    if (watched == figure_ && event->type() == QEvent::KeyPress &&
        step(static_cast<QKeyEvent*>(event)))
        return true;
    return QWidget::eventFilter(watched, event);
}

void StepWalkthrough::styleTitle() {
    QFont bold = font();
    bold.setBold(true);
    bold.setPointSizeF(font().pointSizeF() * 1.15);
    title_->setFont(bold);
}

void StepWalkthrough::changeEvent(QEvent* event) {
    // The title's size is relative to the panel's font: it follows a zoom.
    if (event->type() == QEvent::FontChange) {
        styleTitle();
        fitFigure();
    }
    QWidget::changeEvent(event);
}

} // namespace u8ui
