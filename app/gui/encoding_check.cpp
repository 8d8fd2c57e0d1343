#include "encoding_check.h"

#include "document_session.h"
#include "encoding_advice.h"
#include "notices.h"
#include "repair_actions.h"
#include "u8convert/detect.h"

#include <QAction>
#include <algorithm>
#include <functional>
#include <utility>
#include <vector>

namespace u8app {

EncodingCheck::EncodingCheck(RepairActions* repairs, u8doc::Notices* notices,
                             u8doc::DocumentSession* session, QObject* parent)
    : QObject(parent), repairs_(repairs), notices_(notices), session_(session) {}

EncodingCheck::~EncodingCheck() {
    run_.stopAndWait();
}

void EncodingCheck::restart(std::shared_ptr<const u8codec::ByteSource> source, const QString& name,
                            quint64 fileSize) {
    // The advice was about the bytes before.
    if (!adviceText_.isEmpty() && notices_->banner() == adviceText_)
        notices_->dismissBanner();
    adviceText_.clear();
    if (!source || source->size() == 0) {
        run_.cancel();
        if (std::exchange(pending_, false))
            emit examined(false);
        session_->setVerdict(QString()); // nothing that could be binary data
        return;
    }
    pending_ = true;
    run_.start([source](const std::atomic<bool>&) { return u8convert::detectEncoding(*source); },
               [this, name, fileSize](const u8convert::Detection& detection) {
                   pending_ = false;
                   advise(detection, name, fileSize);
               });
}

void EncodingCheck::advise(const u8convert::Detection& detection, const QString& name,
                           quint64 fileSize) {
    // The verdict first, whatever the banner shows: the check starts, or waits on binary data.
    session_->setVerdict(QString::fromStdString(detection.binary));
    const u8doc::EncodingAdvice advice = u8doc::adviseOn(detection, name, fileSize);
    // Advice waits behind what the banner says already (the file changed on disk, the check
    // stopped): that matters more.
    if (advice.remedy == u8doc::EncodingAdvice::Remedy::None || !notices_->banner().isEmpty()) {
        emit examined(false);
        return;
    }
    std::function<void()> action;
    switch (advice.remedy) {
    case u8doc::EncodingAdvice::Remedy::FixMojibake:
        action = [this] { repairs_->fixMojibakeAction()->trigger(); };
        break;
    case u8doc::EncodingAdvice::Remedy::ReadAsCp1252:
        action = [this] { repairs_->readInvalidAsCp1252Action()->trigger(); };
        break;
    case u8doc::EncodingAdvice::Remedy::ReplaceInvalid:
        action = [this] { repairs_->replaceInvalidAction()->trigger(); };
        break;
    case u8doc::EncodingAdvice::Remedy::C1AsCp1252:
        action = [this] { repairs_->readC1AsCp1252Action()->trigger(); };
        break;
    case u8doc::EncodingAdvice::Remedy::Reinterpret:
        action = [this, encoding = advice.encoding] { repairs_->runReinterpret(encoding); };
        break;
    case u8doc::EncodingAdvice::Remedy::Binary:
        action = [this] {
            notices_->dismissBanner();
            session_->askCheck();
        };
        break;
    case u8doc::EncodingAdvice::Remedy::None:
        break;
    }
    adviceText_ = advice.text;
    notices_->showBanner(u8doc::Notices::Level::Information, advice.text, advice.actionText,
                         std::move(action));
    emit examined(true);
}

} // namespace u8app
