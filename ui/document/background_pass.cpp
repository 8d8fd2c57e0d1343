#include "background_pass.h"

namespace u8doc {

BackgroundPass::BackgroundPass(QObject* parent) : QObject(parent) {}

BackgroundPass::~BackgroundPass() {
    run_.stopAndWait();
}

void BackgroundPass::cancel() {
    if (!running_)
        return;
    // The worker's own report is ignored from now on.
    run_.cancel();
    running_ = false;
    emit cancelled();
}

void BackgroundPass::begin() {
    if (running_)
        cancel();
    running_ = true;
    emit progressChanged(0);
}

BackgroundPass::Progress BackgroundPass::progressPoster(const LatestRun::Post& post) {
    return [this, post, lastPermille = 0](quint64 done, quint64 total) mutable {
        const int permille = total ? int(done * 1000 / total) : 1000;
        if (permille == lastPermille)
            return;
        lastPermille = permille;
        post([this, permille] { emit progressChanged(permille); });
    };
}

} // namespace u8doc
