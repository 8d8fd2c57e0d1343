#include "latest_run.h"

#include <QMetaObject>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

namespace u8doc {

void LatestRun::start(Work work) {
    stopAndWait();
    const quint64 generation = ++generation_;
    stop_ = std::make_shared<std::atomic<bool>>(false);
    QPointer<QObject> owner(owner_);
    // Results go back to the owner's thread as queued calls. The run lives in its owner, so the
    // owner being alive means this object is too.
    Post post = [this, owner, generation](std::function<void()> call) {
        QMetaObject::invokeMethod(
            owner.data(),
            [this, owner, generation, call = std::move(call)]() {
                if (owner && generation_ == generation)
                    call();
            },
            Qt::QueuedConnection);
    };
    std::shared_ptr<std::atomic<bool>> stop = stop_;
    worker_ = QtConcurrent::run(
        [work = std::move(work), stop, post = std::move(post)]() { work(*stop, post); });
}

void LatestRun::cancel() {
    if (stop_)
        stop_->store(true);
    ++generation_;
}

void LatestRun::stopAndWait() {
    if (stop_)
        stop_->store(true);
    worker_.waitForFinished();
    stop_.reset();
}

} // namespace u8doc
