#include "background_job.h"

#include <QFutureWatcher>
#include <QProgressDialog>
#include <QTimer>
#include <QWidget>
#include <QtConcurrent/QtConcurrentRun>

namespace u8app {

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

    auto* watcher = new QFutureWatcher<void>(dialog);
    QObject::connect(watcher, &QFutureWatcher<void>::finished, dialog,
                     [dialog, timer, control, done = std::move(done)] {
                         // `done` may open a modal dialog (a preview) whose event loop runs
                         // while this dialog still exists: stop everything that could show
                         // it again (our timer's setValue, QProgressDialog's own delayed show,
                         // which reset() stops) before hiding it.
                         timer->stop();
                         dialog->reset();
                         dialog->hide();
                         done(*control);
                         dialog->deleteLater();
                     });
    timer->start();
    watcher->setFuture(QtConcurrent::run([control, work = std::move(work)] { work(*control); }));
}

} // namespace u8app
