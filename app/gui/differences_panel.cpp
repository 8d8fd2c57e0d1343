#include "differences_panel.h"

#include "differences_model.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace u8app {

DifferencesPanel::DifferencesPanel(QWidget* parent)
    : QWidget(parent), model_(new DifferencesModel(this)), view_(new QTableView(this)),
      summary_(new QLabel(this)), progress_(new QProgressBar(this)),
      cancel_(new QPushButton(tr("Cancel"), this)), progressDelay_(new QTimer(this)),
      buttons_(new QWidget(this)) {
    setObjectName(QStringLiteral("differencesPanel"));
    summary_->setObjectName(QStringLiteral("differencesSummary"));
    summary_->setWordWrap(true);
    summary_->setTextFormat(Qt::PlainText);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    progress_->setObjectName(QStringLiteral("differencesProgress"));
    progress_->setRange(0, 1000);
    progress_->setTextVisible(false);
    progress_->setMaximumHeight(14);
    cancel_->setObjectName(QStringLiteral("differencesCancel"));
    cancel_->setToolTip(tr("Stop the comparison; the two files stay side by side"));
    connect(cancel_, &QPushButton::clicked, this, &DifferencesPanel::cancelRequested);
    progressDelay_->setSingleShot(true);
    progressDelay_->setInterval(kProgressDelayMs);
    connect(progressDelay_, &QTimer::timeout, this, [this] {
        progress_->setVisible(true);
        cancel_->setVisible(true);
    });
    view_->setObjectName(QStringLiteral("differencesView"));
    view_->setModel(model_);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view_->verticalHeader()->hide();
    view_->horizontalHeader()->setStretchLastSection(true);
    for (int column = DifferencesModel::Kind; column < DifferencesModel::Preview; ++column)
        view_->horizontalHeader()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    view_->setWordWrap(false);
    view_->setToolTip(tr("Every difference of the comparison; click one to see it on both sides. "
                         "F7 and Shift+F7 step through them"));
    connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (!selecting_ && current.isValid())
                    emit rowChosen(current.row());
            });
    connect(view_, &QTableView::clicked, this, [this](const QModelIndex& index) {
        if (index.isValid())
            emit rowChosen(index.row());
    });

    auto* top = new QHBoxLayout;
    top->addWidget(summary_, 1);
    top->addWidget(progress_);
    top->addWidget(cancel_);
    top->addWidget(buttons_);
    auto* buttonRow = new QHBoxLayout(buttons_);
    buttonRow->setContentsMargins(0, 0, 0, 0);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(view_, 1);
    setRunning(false);
    setSummary(tr("No comparison: File > Compare With… (Ctrl+Shift+D) puts another file beside "
                  "this one, File > Compare With Saved the edits beside the file on disk."));
}

void DifferencesPanel::setSummary(const QString& text) {
    summary_->setText(text);
}

void DifferencesPanel::setRunning(bool running) {
    progress_->setVisible(false);
    cancel_->setVisible(false);
    progress_->setValue(0);
    if (running)
        progressDelay_->start();
    else
        progressDelay_->stop();
}

bool DifferencesPanel::isProgressShown() const {
    return !cancel_->isHidden();
}

void DifferencesPanel::setProgress(int permille) {
    progress_->setValue(permille);
}

void DifferencesPanel::addButtons(const QList<QAction*>& actions) {
    for (QAction* a : actions) {
        auto* button = new QToolButton(buttons_);
        button->setDefaultAction(a);
        buttons_->layout()->addWidget(button);
    }
}

void DifferencesPanel::selectRow(int row) {
    selecting_ = true;
    view_->selectRow(row);
    view_->scrollTo(model_->index(row, 0));
    selecting_ = false;
}

} // namespace u8app
