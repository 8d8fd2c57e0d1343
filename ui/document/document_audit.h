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
    // A resume point (AuditReport::resumePoints) about every this many bytes, and at most
    // kMaxResumePoints of them (each holds a copy of the auditor's state, which grows with the
    // identifiers a file holds): in a larger file they lie further apart.
    static constexpr quint64 kResumeStep = quint64(4) << 20;
    static constexpr std::size_t kMaxResumePoints = 16;

    explicit DocumentAudit(QObject* parent = nullptr);

    // The options the window audits with: `profile` and `allowlist`, every kind but InvalidUtf8.
    static u8convert::AuditOptions windowOptions(u8convert::AuditProfile profile,
                                                 const u8convert::CodePointSet& allowlist);

    // Starts auditing `source` on a worker thread, cancelling any audit still running (whose
    // results are then never reported). The source must not change while it is audited.
    void start(std::shared_ptr<const u8codec::ByteSource> source, u8convert::AuditOptions options,
               std::size_t findingCap = kDefaultFindingCap);
    // start() for `source` when it is the bytes `before` audited, edited from `editedFrom` on
    // (every byte before it unchanged) and audited with the same options: reaudit().
    void startAfterEdit(std::shared_ptr<const u8codec::ByteSource> source,
                        u8convert::AuditOptions options, std::shared_ptr<const AuditReport> before,
                        quint64 editedFrom, std::size_t findingCap = kDefaultFindingCap);

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

    // audit() of `source`, which is the bytes `before` audited (with the same options) but from
    // `editedFrom` on: resumed from `before`'s last resume point at or before `editedFrom`, its
    // findings and counts before that point kept, the rest audited. The report equals audit()'s
    // but for where its resume points lie. Without such a point, audit(). `progress` counts
    // from the resume point, as if the bytes before it had been audited at once.
    static Outcome reaudit(const u8codec::ByteSource& source, const AuditReport& before,
                           quint64 editedFrom, const u8convert::AuditOptions& options,
                           std::size_t findingCap, const std::atomic<bool>& stop,
                           const std::function<void(quint64 done, quint64 total)>& progress = {},
                           std::size_t chunkSize = kChunkSize);

signals:
    // Besides BackgroundPass's progressChanged(), failed() and cancelled().
    void finished(std::shared_ptr<const u8doc::AuditReport> report);

private:
    // Audits `source` from `from` on with `auditor` and `collector` as they stand there, taking
    // resume points as it goes.
    static Outcome auditFrom(const u8codec::ByteSource& source, quint64 from,
                             u8convert::Auditor& auditor, AuditCollector& collector,
                             const std::atomic<bool>& stop,
                             const std::function<void(quint64 done, quint64 total)>& progress,
                             std::size_t chunkSize);
};

} // namespace u8doc
