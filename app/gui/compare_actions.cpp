#include "compare_actions.h"

#include "byte_document.h"
#include "compare_view.h"
#include "differences_model.h"
#include "differences_panel.h"
#include "document_controller.h"
#include "document_history.h"
#include "document_session.h"
#include "hex_view.h"
#include "notices.h"
#include "startup_trace.h"
#include "u8codec/byte_source.h"
#include "u8convert/compare.h"
#include "window_action.h"

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMenu>
#include <QTableView>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

namespace u8app {

CompareActions::CompareActions(QWidget* window, u8doc::Notices* notices,
                               u8doc::DocumentSession* session, CompareView* view,
                               std::function<void(bool)> showCompare)
    : QObject(window), window_(window), notices_(notices), session_(session),
      document_(session->controller()), view_(view), panel_(new DifferencesPanel(window)),
      showCompare_(std::move(showCompare)) {
    compareWith_ = makeWindowAction(
        window, tr("Compare &With…"), QKeySequence(tr("Ctrl+Shift+D")),
        tr("Put another file beside this one, both as hex and text scrolled together, and list "
           "every difference by kind: text edit, invisible character, look-alike, normal form, "
           "line ending, encoding damage"),
        this, [this] {
            const QString path = QFileDialog::getOpenFileName(window_, tr("Compare With"));
            if (!path.isEmpty())
                compareWith(path);
        });
    compareSaved_ = makeWindowAction(
        window, tr("Compare With &Saved"), {},
        tr("Put the document with its unsaved edits beside the file as it is on disk, and list "
           "every difference"),
        this, [this] { compareWithSaved(); });
    close_ = new QAction(tr("Close Compare"), this);
    close_->setShortcut(QKeySequence(Qt::Key_Escape));
    close_->setToolTip(tr("Back to the single view of the document (Escape in the compared panes "
                          "or the Differences list)"));
    close_->setStatusTip(close_->toolTip());
    // Escape only where it means this: the find bar and dialogs keep theirs.
    close_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    view_->addAction(close_);
    panel_->addAction(close_);
    connect(close_, &QAction::triggered, this, &CompareActions::closeCompare);
    next_ = makeWindowAction(window, tr("Next &Difference"), QKeySequence(Qt::Key_F7),
                             tr("Go to the next difference of the comparison, on both sides"), this,
                             [this] { step(true); });
    previous_ =
        makeWindowAction(window, tr("Previous Di&fference"), QKeySequence(Qt::SHIFT | Qt::Key_F7),
                         tr("Go to the previous difference of the comparison, on both "
                            "sides"),
                         this, [this] { step(false); });
    panel_->addButtons({previous_, next_, close_});
    connect(panel_, &DifferencesPanel::cancelRequested, this, &CompareActions::cancel);
    connect(panel_, &DifferencesPanel::rowChosen, this, &CompareActions::showDifference);
    connect(document_->history(), &DocumentHistory::modifiedChanged, this,
            &CompareActions::updateActions);
    updateActions();
}

// The workers report to this object: they end (told to stop) before it goes.
CompareActions::~CompareActions() {
    if (stop_)
        stop_->store(true);
    for (QFuture<void>& worker : workers_)
        worker.waitForFinished();
}

void CompareActions::populate(QMenu* file, QAction* before) {
    file->insertActions(before, {compareWith_, compareSaved_, close_});
    file->insertSeparator(before);
}

void CompareActions::updateActions() {
    const bool hasDocument = document_->document()->source() != nullptr;
    compareWith_->setEnabled(hasDocument);
    compareSaved_->setEnabled(hasDocument && document_->history()->isModified() &&
                              !session_->path().isEmpty());
    close_->setEnabled(comparing_);
    const bool listed = result_ && panel_->model()->rowCount() > 0;
    next_->setEnabled(listed);
    previous_->setEnabled(listed);
}

void CompareActions::message(const QString& text) {
    notices_->say(text, 8000);
}

bool CompareActions::compareWith(const QString& path) {
    const u8ui::ByteDocument* document = document_->document();
    if (!document->source())
        return false;
    const QFileInfo info(path);
    if (!info.isFile()) {
        message(tr("Cannot compare with %1: %2")
                    .arg(path, info.exists() ? tr("it is not a regular file")
                                             : tr("the file does not exist")));
        return false;
    }
    auto opened = u8codec::FileSource::open(QFile::encodeName(path).toStdString());
    if (!opened.ok()) {
        message(tr("Cannot compare with %1: %2")
                    .arg(path, QString::fromLocal8Bit(opened.message().c_str())));
        return false;
    }
    start(document->sharedSource(), document->displayName(), std::move(opened).value(),
          info.fileName());
    return true;
}

bool CompareActions::compareWithSaved() {
    const QString path = session_->path();
    const u8ui::ByteDocument* document = document_->document();
    if (path.isEmpty() || !document->source())
        return false;
    auto opened = u8codec::FileSource::open(QFile::encodeName(path).toStdString());
    if (!opened.ok()) {
        message(tr("Cannot read %1 from disk: %2")
                    .arg(path, QString::fromLocal8Bit(opened.message().c_str())));
        return false;
    }
    const QString name = QFileInfo(path).fileName();
    start(document->sharedSource(), tr("%1 (edited)").arg(name), std::move(opened).value(),
          tr("%1 (on disk)").arg(name));
    return true;
}

void CompareActions::start(std::shared_ptr<const u8codec::ByteSource> a, const QString& nameA,
                           std::shared_ptr<const u8codec::ByteSource> b, const QString& nameB) {
    result_.reset();
    current_ = -1;
    panel_->model()->setResult(nullptr);
    view_->setSides(a, nameA, b, nameB);
    comparing_ = running_ = true;
    showCompare_(true);
    panel_->setRunning(true);
    runningNames_[0] = nameA;
    runningNames_[1] = nameB;
    panel_->setSummary(tr("Comparing %1 with %2…").arg(nameA, nameB));
    updateActions();
    if (stop_)
        stop_->store(true);
    stop_ = std::make_shared<std::atomic<bool>>(false);
    const quint64 generation = ++generation_;
    // Runs `call` here later, unless another comparison started or this one was cancelled.
    auto post = [this, generation](std::function<void()> call) {
        QMetaObject::invokeMethod(
            this,
            [this, generation, call = std::move(call)] {
                if (generation == generation_)
                    call();
            },
            Qt::QueuedConnection);
    };
    workers_.removeIf([](const QFuture<void>& f) { return f.isFinished(); });
    workers_.append(QtConcurrent::run([this, a, b, stop = stop_, post] {
        u8convert::CompareOptions options;
        options.hunksWithVerdict = true;
        int shown = -1;
        options.stage = [&](u8convert::CompareStage stage) {
            shown = -1; // each stage counts from 0
            const QString words =
                QString::fromUtf8(name(stage).data(), qsizetype(name(stage).size()));
            post([this, words] { showStage(words); });
        };
        options.progress = [&](std::uint64_t done, std::uint64_t total) {
            const int permille = total ? int(done * 1000 / total) : 0;
            if (permille != shown) {
                shown = permille;
                post([this, permille] { panel_->setProgress(permille); });
            }
            return !stop->load();
        };
        auto result =
            std::make_shared<const u8convert::CompareResult>(compareSources(*a, *b, options));
        if (result->status.failedWith(u8codec::ErrorCode::Cancelled))
            workersStopped_.fetch_add(1);
        post([this, result] { deliver(result); });
    }));
}

void CompareActions::deliver(std::shared_ptr<const u8convert::CompareResult> result) {
    running_ = false;
    panel_->setRunning(false);
    if (!result->status.ok()) {
        panel_->setSummary(result->status.failedWith(u8codec::ErrorCode::Cancelled)
                               ? tr("Comparison cancelled.")
                               : tr("The comparison failed: %1")
                                     .arg(QString::fromStdString(result->status.message())));
        updateActions();
        emit finished();
        return;
    }
    result_ = std::move(result);
    view_->setResult(result_);
    // The sources, for the bytes a byte run's row shows.
    panel_->model()->setResult(result_,
                               view_->hexView(CompareView::Side::A)->document()->sharedSource(),
                               view_->hexView(CompareView::Side::B)->document()->sharedSource());
    panel_->setSummary(summaryOf(*result_));
    updateActions();
    StartupTrace::mark("compared");
    emit finished();
}

QString CompareActions::summaryOf(const u8convert::CompareResult& r) const {
    const QLocale locale;
    QString text;
    const bool differ = r.verdict == u8convert::CompareVerdict::Differ;
    if (differ && r.hunkCount > 0)
        text = r.hunkCount == 1 ? tr("1 difference: ")
                                : tr("%1 differences: ").arg(locale.toString(r.hunkCount));
    else if (differ && r.byteRunCount == 1)
        text = tr("%1 bytes differ in 1 run: ").arg(locale.toString(r.differingBytes));
    else if (differ && r.byteRunCount > 0)
        text = tr("%1 bytes differ in %2 runs: ")
                   .arg(locale.toString(r.differingBytes), locale.toString(r.byteRunCount));
    text += QString::fromStdString(r.verdictText);
    // The places a verdict sums up, listed below it; those past the list counted.
    const auto more = [&](quint64 listed, quint64 all, const QString& what) {
        return tr(" (%1 %2: the first %3 listed, %4 more not listed)")
            .arg(locale.toString(all), what, locale.toString(listed),
                 locale.toString(all - listed));
    };
    if (r.hunkCount > r.hunks.size())
        text += more(r.hunks.size(), r.hunkCount, differ ? tr("differences") : tr("places"));
    else if (!differ && r.hunkCount > 0)
        text += r.hunkCount == 1 ? tr(" (1 place, listed)")
                                 : tr(" (%1 places, listed)").arg(locale.toString(r.hunkCount));
    else if (r.hunks.empty() && r.byteRunCount > r.byteRuns.size())
        text += more(r.byteRuns.size(), r.byteRunCount, tr("runs of bytes"));
    if (!r.note.empty())
        text += QStringLiteral("\n") + tr("Note: %1").arg(QString::fromStdString(r.note));
    return text;
}

void CompareActions::showStage(const QString& stage) {
    panel_->setSummary(
        tr("Comparing %1 with %2: %3…").arg(runningNames_[0], runningNames_[1], stage));
}

bool CompareActions::isWorking() const {
    return std::any_of(workers_.begin(), workers_.end(),
                       [](const QFuture<void>& f) { return !f.isFinished(); });
}

void CompareActions::cancel() {
    if (!running_)
        return;
    if (stop_)
        stop_->store(true);
    ++generation_; // what it still reports is dropped
    running_ = false;
    panel_->setRunning(false);
    panel_->setSummary(tr("Comparison cancelled: the two files stay side by side, unmarked."));
    updateActions();
    emit finished();
}

void CompareActions::closeCompare() {
    if (!comparing_)
        return;
    cancel();
    comparing_ = false;
    result_.reset();
    current_ = -1;
    panel_->model()->setResult(nullptr);
    view_->clear();
    showCompare_(false);
    panel_->setSummary(tr("No comparison."));
    updateActions();
}

void CompareActions::showDifference(int row) {
    const u8convert::CompareHunk* h = panel_->model()->hunkAt(row);
    if (!h)
        return;
    current_ = row;
    view_->showHunk(*h);
    panel_->selectRow(row);
    message(tr("Difference %1 of %2: %3")
                .arg(row + 1)
                .arg(panel_->model()->rowCount())
                .arg(panel_->model()->kindNameAt(row)));
}

void CompareActions::step(bool forward) {
    const int rows = panel_->model()->rowCount();
    if (rows == 0)
        return;
    int row = current_ < 0 ? (forward ? 0 : rows - 1) : current_ + (forward ? 1 : -1);
    const bool round = row >= rows || row < 0;
    if (round)
        row = forward ? 0 : rows - 1;
    showDifference(row);
    if (round)
        message(forward ? tr("Past the last difference: back to the first")
                        : tr("Before the first difference: round to the last"));
}

} // namespace u8app
