// The Differences dock: the verdict of the comparison in words, its progress with Cancel while it
// runs (from kProgressDelayMs on, whatever the files' sizes: a comparison that ends sooner does
// not flash them), and the table of its differences (DifferencesModel); a click on a row goes
// there on both sides. Buttons for the previous and next difference and for closing the
// comparison.
#pragma once

#include <QWidget>

class QAction;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;
class QTimer;

namespace u8app {

class DifferencesModel;

class DifferencesPanel : public QWidget {
    Q_OBJECT
public:
    // How long a comparison runs before its progress and Cancel are shown.
    static constexpr int kProgressDelayMs = 200;

    explicit DifferencesPanel(QWidget* parent = nullptr);

    DifferencesModel* model() const { return model_; }
    QTableView* view() const { return view_; }
    // The summary line: the verdict, the counts, a note where the alignment gave up.
    QLabel* summary() const { return summary_; }
    QPushButton* cancelButton() const { return cancel_; }
    void setSummary(const QString& text);
    // While a comparison runs: its progress (0..1000) and Cancel are shown once it has run
    // kProgressDelayMs.
    void setRunning(bool running);
    bool isProgressShown() const;
    void setProgress(int permille);
    // Tool buttons for the Go menu's previous and next difference and Close Compare.
    void addButtons(const QList<QAction*>& actions);
    // Selects `row` (the cursor's difference) without going there again.
    void selectRow(int row);

signals:
    void cancelRequested();
    // The user picked a row (click, keys).
    void rowChosen(int row);

private:
    DifferencesModel* model_;
    QTableView* view_;
    QLabel* summary_;
    QProgressBar* progress_;
    QPushButton* cancel_;
    QTimer* progressDelay_;
    QWidget* buttons_;
    bool selecting_ = false; // selectRow() is moving the current row
};

} // namespace u8app
