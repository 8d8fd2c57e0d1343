#include "document_audit.h"

#include "document_scan.h"
#include "scan_part.h"

#include <algorithm>

namespace u8doc {

DocumentAudit::DocumentAudit(QObject* parent) : BackgroundPass(parent) {}

u8convert::AuditOptions DocumentAudit::windowOptions(u8convert::AuditProfile profile,
                                                     const u8convert::CodePointSet& allowlist) {
    u8convert::AuditOptions options;
    options.profile = profile;
    // The codec's default for the profile (what can deceive); ill-formed UTF-8 is the check's.
    options.kinds = u8convert::defaultAuditKinds(profile) &
                    ~u8convert::kindBit(u8convert::AuditKind::InvalidUtf8);
    options.allowlist = allowlist;
    return options;
}

void DocumentAudit::start(std::shared_ptr<const u8codec::ByteSource> source,
                          u8convert::AuditOptions options, std::size_t findingCap) {
    startPass<Outcome>(
        [source, options = std::move(options), findingCap](const std::atomic<bool>& stop,
                                                           const Progress& progress) {
            return audit(*source, options, findingCap, stop, progress);
        },
        [this](std::shared_ptr<const AuditReport> report) { emit finished(std::move(report)); });
}

DocumentAudit::Outcome
DocumentAudit::audit(const u8codec::ByteSource& source, const u8convert::AuditOptions& options,
                     std::size_t findingCap, const std::atomic<bool>& stop,
                     const std::function<void(quint64 done, quint64 total)>& progress,
                     std::size_t chunkSize) {
    Outcome outcome;
    const quint64 size = source.size();
    AuditCollector collector(options.profile, findingCap);
    u8convert::Auditor auditor(options);
    const auto sink = [&collector](const u8convert::AuditFinding& f) { collector.add(f); };
    chunkSize = std::max<std::size_t>(1, chunkSize);
    detail::ChunkReader reader(source, std::size_t(std::clamp<quint64>(size, 1, chunkSize)));
    for (quint64 offset = 0; offset < size;) {
        if (stop.load()) {
            outcome.cancelled = true;
            return outcome;
        }
        const std::size_t want = std::size_t(std::min<quint64>(chunkSize, size - offset));
        const std::span<const std::uint8_t> chunk = reader.read(offset, want);
        if (chunk.size() < want) {
            outcome.error = DocumentScan::shortReadReason(offset + chunk.size(), size);
            return outcome;
        }
        auditor.feed(chunk, sink);
        offset += want;
        if (progress)
            progress(offset, size);
    }
    auditor.finish(sink);
    outcome.report = std::make_shared<AuditReport>(collector.finish());
    return outcome;
}

} // namespace u8doc
