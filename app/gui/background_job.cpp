#include "background_job.h"

#include "latest_run.h"

#include <QEventLoop>
#include <QProgressDialog>
#include <QTimer>
#include <QWidget>

namespace u8app {

namespace {

// The dialog's worker, through the window's one background helper. It goes with the dialog: by
// then the work has ended (its last act is to post the end), or it is told to stop (the window
// closes under it) and waited for.
class DialogWork final : public QObject {
public:
    DialogWork(QObject* dialog, std::shared_ptr<JobControl> control)
        : QObject(dialog), control_(std::move(control)) {}
    ~DialogWork() override {
        control_->cancel();
        run.stopAndWait();
    }
    u8doc::LatestRun run{this};

private:
    std::shared_ptr<JobControl> control_;
};

} // namespace

void JobControl::setStage(const QString& stage) {
    const std::lock_guard lock(mutex_);
    stage_ = stage;
}

QString JobControl::stage() const {
    const std::lock_guard lock(mutex_);
    return stage_;
}

void runInBackground(QWidget* parent, const QString& title, std::function<void(JobControl&)> work,
                     std::function<void(const JobControl&)> done) {
    auto control = std::make_shared<JobControl>();
    auto* dialog = new QProgressDialog(title, QObject::tr("Cancel"), 0, 1000, parent);
    dialog->setWindowTitle(title);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setMinimumDuration(400); // quick jobs never flash a dialog
    dialog->setAutoClose(false);
    dialog->setAutoReset(false);
    dialog->setValue(0);

    auto* timer = new QTimer(dialog);
    timer->setInterval(100);
    QObject::connect(timer, &QTimer::timeout, dialog, [dialog, control, title] {
        const QString stage = control->stage();
        dialog->setLabelText(stage.isEmpty() ? title : stage);
        dialog->setValue(std::min(control->permille(), 999));
    });
    QObject::connect(dialog, &QProgressDialog::canceled, dialog, [control, dialog] {
        control->cancel();
        dialog->setLabelText(QObject::tr("Cancelling…"));
    });

    std::function<void()> finish = [dialog, timer, control, done = std::move(done)] {
        // `done` may open a modal dialog (a preview) whose event loop runs while this dialog
        // still exists: stop everything that could show it again (our timer's setValue,
        // QProgressDialog's own delayed show, which reset() stops) before hiding it.
        timer->stop();
        dialog->reset();
        dialog->hide();
        done(*control);
        dialog->deleteLater();
    };
    timer->start();
    // The work polls control.cancelled(), not the run's stop: after Cancel, `done` still runs and
    // tells it.
    auto* job = new DialogWork(dialog, control);
    job->run.start([control, work = std::move(work), finish = std::move(finish)](
                       const std::atomic<bool>&, const u8doc::LatestRun::Post& post) {
        work(*control);
        post(finish);
    });
}

bool runAndWait(QWidget* parent, const QString& title, std::function<void(JobControl&)> work) {
    bool cancelled = false;
    QEventLoop loop;
    runInBackground(parent, title, std::move(work), [&](const JobControl& control) {
        cancelled = control.cancelled();
        loop.quit();
    });
    loop.exec();
    return !cancelled;
}

} // namespace u8app
