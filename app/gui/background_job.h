// Long operations (reading a 1 GB document into memory, repairing it, writing it out) run on a
// worker thread; the window shows a progress dialog with Cancel and stays responsive.
#pragma once

#include <QObject>
#include <QString>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>

class QWidget;

namespace u8app {

// What the worker sees: where it is, and whether the user cancelled.
class JobControl {
public:
    // `fraction` in 0..1; the dialog shows it.
    void setProgress(double fraction) { permille_.store(int(fraction * 1000)); }
    void setStage(const QString& stage);
    bool cancelled() const { return cancelled_.load(); }
    // The flag itself, for the engines that poll one (FindProgress::cancel).
    const std::atomic<bool>* cancelFlag() const { return &cancelled_; }

    int permille() const { return permille_.load(); }
    QString stage() const;
    void cancel() { cancelled_.store(true); }

private:
    std::atomic<int> permille_{0};
    std::atomic<bool> cancelled_{false};
    mutable std::mutex mutex_; // guards stage_
    QString stage_;
};

// Runs `work` on a worker thread. Small jobs finish before any dialog appears (the dialog shows
// after a short delay); when `work` returns, `done` runs on the GUI thread with
// control.cancelled() telling whether the user gave up (then the result should be dropped).
void runInBackground(QWidget* parent, const QString& title, std::function<void(JobControl&)> work,
                     std::function<void(const JobControl&)> done);

// The same, waiting for `work` to end (in a local event loop: the window stays responsive and
// repaints); true unless the user cancelled.
bool runAndWait(QWidget* parent, const QString& title, std::function<void(JobControl&)> work);

} // namespace u8app
