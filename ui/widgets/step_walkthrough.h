// What the encode and decode walk-throughs have in common: a header of their own, then a row of
// buttons (First, Previous, "Step 3 of 12", Next, Last), the step's title, its text and its
// figure (StepFigure), and room below for more. The keys Right or N and Left or P step forward
// and back, Home and End go to the first and last step, wherever the focus is inside (but in a
// text field, where they edit).
#pragma once

#include "step_figure.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QScrollArea;
class QVBoxLayout;

namespace u8ui {

class StepWalkthrough : public QWidget {
    Q_OBJECT
public:
    int stepCount() const { return count_; }
    int currentStep() const { return current_; } // -1 with no steps
    // Shows step `index` (clamped to the steps there are).
    void goToStep(int index);
    void next() { goToStep(current_ + 1); }
    void previous() { goToStep(current_ - 1); }
    void first() { goToStep(0); }
    void last() { goToStep(count_ - 1); }

    // What the step shown says: its title ("Fill the x bits from the right"), its text, and the
    // counter ("Step 3 of 12").
    QString stepTitle() const;
    QString stepText() const;
    QString counterText() const;
    StepFigure* figure() const { return figure_; }
    QPushButton* nextButton() const { return next_; }
    QPushButton* previousButton() const { return previous_; }

signals:
    void stepChanged(int index);

protected:
    explicit StepWalkthrough(QWidget* parent);

    // Where a subclass puts its own widgets: above the buttons, and below the figure.
    QVBoxLayout* headerLayout() const { return header_; }
    QVBoxLayout* extraLayout() const { return extra_; }
    // A new walk-through of `count` steps (0: nothing to show), from the first.
    void setStepCount(int count);
    // Shows step `index` by calling setStepContent().
    virtual void renderStep(int index) = 0;
    void setStepContent(const QString& title, const QString& text, QVector<FigureRow> rows);

    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // The keys that step (see the header); false for any other.
    bool step(const QKeyEvent* key);
    void updateButtons();
    void styleTitle();
    void fitFigure();

    QVBoxLayout* header_;
    QVBoxLayout* extra_;
    QPushButton* first_;
    QPushButton* previous_;
    QLabel* counter_;
    QPushButton* next_;
    QPushButton* last_;
    QLabel* title_;
    QLabel* text_;
    StepFigure* figure_;
    QScrollArea* figureScroll_; // a figure wider than the dock scrolls on its own
    QString titleText_;
    int count_ = 0;
    int current_ = -1;
};

} // namespace u8ui
