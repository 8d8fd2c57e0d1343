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

void DocumentAudit::startAfterEdit(std::shared_ptr<const u8codec::ByteSource> source,
                                   u8convert::AuditOptions options,
                                   std::shared_ptr<const AuditReport> before, quint64 editedFrom,
                                   std::size_t findingCap) {
    startPass<Outcome>(
        [source, options = std::move(options), before, editedFrom,
         findingCap](const std::atomic<bool>& stop, const Progress& progress) {
            return reaudit(*source, *before, editedFrom, options, findingCap, stop, progress);
        },
        [this](std::shared_ptr<const AuditReport> report) { emit finished(std::move(report)); });
}

DocumentAudit::Outcome
DocumentAudit::audit(const u8codec::ByteSource& source, const u8convert::AuditOptions& options,
                     std::size_t findingCap, const std::atomic<bool>& stop,
                     const std::function<void(quint64 done, quint64 total)>& progress,
                     std::size_t chunkSize) {
    AuditCollector collector(options.profile, findingCap);
    u8convert::Auditor auditor(options);
    return auditFrom(source, 0, auditor, collector, stop, progress, chunkSize);
}

DocumentAudit::Outcome DocumentAudit::reaudit(
    const u8codec::ByteSource& source, const AuditReport& before, quint64 editedFrom,
    const u8convert::AuditOptions& options, std::size_t findingCap, const std::atomic<bool>& stop,
    const std::function<void(quint64 done, quint64 total)>& progress, std::size_t chunkSize) {
    const auto& points = before.resumePoints;
    const auto after = std::upper_bound(
        points.begin(), points.end(), editedFrom,
        [](quint64 offset, const AuditResumePoint& p) { return offset < p.offset; });
    if (after == points.begin() || findingCap != before.findingCap ||
        options.profile != before.profile)
        return audit(source, options, findingCap, stop, progress, chunkSize);
    const AuditResumePoint& point = *std::prev(after);
    u8convert::Auditor auditor(*point.auditor); // the point stays as it was, for the next edit
    AuditCollector collector(
        *point.counting,
        std::span(before.findings).first(std::min(point.storedFindings, before.findings.size())));
    for (auto p = points.begin(); p != after; ++p)
        collector.addResumePoint(*p);
    return auditFrom(source, point.offset, auditor, collector, stop, progress, chunkSize);
}

DocumentAudit::Outcome DocumentAudit::auditFrom(
    const u8codec::ByteSource& source, quint64 from, u8convert::Auditor& auditor,
    AuditCollector& collector, const std::atomic<bool>& stop,
    const std::function<void(quint64 done, quint64 total)>& progress, std::size_t chunkSize) {
    Outcome outcome;
    const quint64 size = source.size();
    const auto sink = [&collector](const u8convert::AuditFinding& f) { collector.add(f); };
    chunkSize = std::max<std::size_t>(1, chunkSize);
    // Resume points about every kResumeStep bytes, no more than kMaxResumePoints in the file.
    const quint64 step = std::max<quint64>(kResumeStep, size / kMaxResumePoints + 1);
    quint64 nextPoint = (from / step + 1) * step;
    detail::ChunkReader reader(source, std::size_t(std::clamp<quint64>(size, 1, chunkSize)));
    for (quint64 offset = from; offset < size;) {
        if (stop.load()) {
            outcome.cancelled = true;
            return outcome;
        }
        if (offset >= nextPoint && collector.inOrder()) {
            collector.addResumePoint({offset, std::make_shared<const u8convert::Auditor>(auditor),
                                      collector.counts(), collector.storedFindings()});
            nextPoint = (offset / step + 1) * step;
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
            progress(offset - from, size - from);
    }
    auditor.finish(sink);
    outcome.report = std::make_shared<AuditReport>(collector.finish());
    return outcome;
}

} // namespace u8doc
