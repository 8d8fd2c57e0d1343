// The background audit of a whole document: the codec's text Auditor (bidi controls, invisible
// characters, look-alikes...) over every byte, on a worker thread, in chunks with progress and
// cancel. Memory stays bounded whatever the file's size: one chunk, the Auditor's constant state
// and the capped list of findings (AuditReport). Ill-formed UTF-8 is the scan's (DocumentScan):
// the audit leaves that kind out.
#pragma once

#include "audit_report.h"
#include "background_pass.h"
#include "u8codec/byte_source.h"
#include "u8convert/audit.h"

#include <QObject>
#include <QString>
#include <atomic>
#include <functional>
#include <memory>

namespace u8doc {

class DocumentAudit : public BackgroundPass {
    Q_OBJECT
public:
    static constexpr std::size_t kDefaultFindingCap = 100000;
    static constexpr std::size_t kChunkSize = 1 << 20; // bytes read per step

    explicit DocumentAudit(QObject* parent = nullptr);

    // The options the window audits with: `profile` and `allowlist`, every kind but InvalidUtf8.
    static u8convert::AuditOptions windowOptions(u8convert::AuditProfile profile,
                                                 const u8convert::CodePointSet& allowlist);

    // Starts auditing `source` on a worker thread, cancelling any audit still running (whose
    // results are then never reported). The source must not change while it is audited.
    void start(std::shared_ptr<const u8codec::ByteSource> source, u8convert::AuditOptions options,
               std::size_t findingCap = kDefaultFindingCap);

    struct Outcome {
        std::shared_ptr<AuditReport> report; // null when cancelled or failed
        QString error;                       // why it failed, translated
        bool cancelled = false;
    };
    // Audits `source` from the calling thread (the worker's body; tests and benchmarks call it).
    // `progress` (may be empty) gets the bytes audited so far after each chunk; `stop` is polled
    // before each chunk.
    static Outcome audit(const u8codec::ByteSource& source, const u8convert::AuditOptions& options,
                         std::size_t findingCap, const std::atomic<bool>& stop,
                         const std::function<void(quint64 done, quint64 total)>& progress = {},
                         std::size_t chunkSize = kChunkSize);

signals:
    // Besides BackgroundPass's progressChanged(), failed() and cancelled().
    void finished(std::shared_ptr<const u8doc::AuditReport> report);
};

} // namespace u8doc
