#include "encoding_check.h"

#include "encoding_advice.h"
#include "message_banner.h"
#include "repair_actions.h"
#include "u8convert/detect.h"

#include <QAction>
#include <algorithm>
#include <functional>
#include <utility>
#include <vector>

namespace u8app {

EncodingCheck::EncodingCheck(RepairActions* repairs, MessageBanner* banner, QObject* parent)
    : QObject(parent), repairs_(repairs), banner_(banner) {}

EncodingCheck::~EncodingCheck() {
    run_.stopAndWait();
}

void EncodingCheck::restart(std::shared_ptr<const u8codec::ByteSource> source, const QString& name,
                            quint64 fileSize) {
    // The advice was about the bytes before.
    if (!adviceText_.isEmpty() && banner_->text() == adviceText_)
        banner_->dismiss();
    adviceText_.clear();
    if (!source || source->size() == 0) {
        run_.cancel();
        if (std::exchange(pending_, false))
            emit examined(false);
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
    const u8doc::EncodingAdvice advice = u8doc::adviseOn(detection, name, fileSize);
    // Advice waits behind what the banner says already (the file changed on disk, the check
    // stopped): that matters more.
    if (advice.remedy == u8doc::EncodingAdvice::Remedy::None || !banner_->text().isEmpty()) {
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
        emit binaryFound(QString::fromStdString(detection.binary));
        action = [this] {
            banner_->dismiss();
            emit checkRequested();
        };
        break;
    case u8doc::EncodingAdvice::Remedy::None:
        break;
    }
    adviceText_ = advice.text;
    banner_->showMessage(MessageBanner::Level::Information, advice.text, advice.actionText,
                         std::move(action));
    emit examined(true);
}

} // namespace u8app
