// A pass over a whole document in the background, with progress and cancel: what the window's
// check (DocumentScan) and audit (DocumentAudit) share. One pass runs at a time; starting another
// or cancelling drops what the one before still reports (LatestRun), and the pass's destruction
// waits for its worker (at most one chunk). Each pass reports its own typed finished() signal;
// progress, failure and cancellation are reported here.
#pragma once

#include "latest_run.h"

#include <QObject>
#include <QString>
#include <atomic>
#include <functional>
#include <memory>

namespace u8doc {

class BackgroundPass : public QObject {
    Q_OBJECT
public:
    // Cancels a running pass and waits for its worker to stop (at most one chunk).
    ~BackgroundPass() override;

    // Stops the running pass soon (within one chunk); cancelled() follows at once.
    void cancel();
    bool isRunning() const { return running_; }

signals:
    // Progress in thousandths (0..1000), emitted at most once per change.
    void progressChanged(int permille);
    // The source could not be read to its end; `reason` is a sentence for a person.
    void failed(const QString& reason);
    void cancelled();

protected:
    explicit BackgroundPass(QObject* parent);

    // Bytes done of the total, as a pass reports them from its worker.
    using Progress = std::function<void(quint64 done, quint64 total)>;

    // Starts `pass(stop, progress)` on a worker, cancelling the pass before. Its Outcome has a
    // `report` (null unless it finished), an `error` and `cancelled`: a finished pass hands its
    // report to `finish` on this object's thread, a failed one emits failed(error); a cancelled
    // one was reported by cancel() already.
    template <typename Outcome, typename Pass, typename Finish>
    void startPass(Pass pass, Finish finish) {
        begin();
        run_.start([this, pass = std::move(pass), finish = std::move(finish)](
                       const std::atomic<bool>& stop, const LatestRun::Post& post) {
            Outcome outcome = pass(stop, progressPoster(post));
            if (outcome.cancelled)
                return;
            // Posted calls run only while this pass is the latest, so `this` is alive in them.
            post([this, finish, outcome = std::move(outcome)] {
                running_ = false;
                if (outcome.report)
                    finish(outcome.report);
                else
                    emit failed(outcome.error);
            });
        });
    }

private:
    void begin();
    // Posts progressChanged() from the worker, once per change of a thousandth.
    Progress progressPoster(const LatestRun::Post& post);

    LatestRun run_{this};
    bool running_ = false;
};

} // namespace u8doc
