// The check of a file's encoding, in the background, whenever the bytes shown are a file's and
// change (opened, repaired, undone): the start of the bytes examined (u8convert::detectEncoding)
// and, when they are not clean UTF-8, the advice in the banner with the remedy on its button
// (EncodingAdvice). Its verdict (text, or binary data) goes to the DocumentSession, which starts
// the whole-file check only then (or holds it on binary data). What it finds about bytes no
// longer shown is dropped (LatestRun).
#pragma once

#include "latest_run.h"
#include "u8codec/byte_source.h"

#include <QObject>
#include <QString>
#include <memory>

namespace u8convert {
struct Detection;
}
namespace u8doc {
class DocumentSession;
class Notices;
} // namespace u8doc

namespace u8app {

class RepairActions;

class EncodingCheck : public QObject {
    Q_OBJECT
public:
    EncodingCheck(RepairActions* repairs, u8doc::Notices* notices, u8doc::DocumentSession* session,
                  QObject* parent);
    ~EncodingCheck() override;

    // The bytes shown changed: the advice about the old ones goes, and `source` is examined (null
    // or empty: nothing to examine, such as the bundled sample, whose verdict is text at once).
    // `name` and `fileSize` (the file's size when opened) are what the advice speaks of.
    void restart(std::shared_ptr<const u8codec::ByteSource> source, const QString& name,
                 quint64 fileSize);

signals:
    // An examination ended; `advised`: the banner offers a remedy (false also when the bytes
    // changed before it ended and its result was dropped, with no newer examination to report).
    void examined(bool advised);

private:
    void advise(const u8convert::Detection& detection, const QString& name, quint64 fileSize);

    RepairActions* repairs_;
    u8doc::Notices* notices_;         // the banner
    u8doc::DocumentSession* session_; // hears the verdict
    QString adviceText_;              // the banner's text while it shows the advice
    bool pending_ = false;
    u8doc::LatestRun run_{this}; // last: waits for its worker (4 MiB read at most) first
};

} // namespace u8app
