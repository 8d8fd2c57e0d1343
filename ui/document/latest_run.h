// One background computation at a time for a QObject, whose results count only while it is the
// latest: starting another one or cancelling drops whatever the one before still reports, and the
// owner's destruction waits for the worker (at most one chunk of work), so that nothing outlives
// the object it reports to. The window's whole-document scan and audit both run this way.
#pragma once

#include <QFuture>
#include <QObject>
#include <atomic>
#include <functional>
#include <memory>

namespace u8doc {

class LatestRun {
public:
    // Runs `call` on the owner's thread later, unless the run that posts it is no longer the
    // latest by then (or the owner is gone).
    using Post = std::function<void(std::function<void()> call)>;
    // The work: polls `stop` between chunks, reports through `post`.
    using Work = std::function<void(const std::atomic<bool>& stop, const Post& post)>;

    explicit LatestRun(QObject* owner) : owner_(owner) {}
    ~LatestRun() { stopAndWait(); }
    LatestRun(const LatestRun&) = delete;
    LatestRun& operator=(const LatestRun&) = delete;

    // Stops the run before (dropping its results) and starts `work` on the global thread pool.
    void start(Work work);
    // The same for a job with one result: `compute(stop)` runs on the worker (it may modify what
    // it captured), then `deliver(result)` on the owner's thread while this run is the latest.
    template <typename Compute, typename Deliver> void start(Compute compute, Deliver deliver) {
        start(Work([compute = std::move(compute), deliver = std::move(deliver)](
                       const std::atomic<bool>& stop, const Post& post) mutable {
            post([deliver, result = compute(stop)]() mutable { deliver(std::move(result)); });
        }));
    }
    // Drops the current run's results and asks it to stop, without waiting.
    void cancel();
    // Asks the current run to stop and waits for its worker to end.
    void stopAndWait();

private:
    QObject* owner_;
    std::shared_ptr<std::atomic<bool>> stop_;
    QFuture<void> worker_;
    quint64 generation_ = 0;
};

} // namespace u8doc
