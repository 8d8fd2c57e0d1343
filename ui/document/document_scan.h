// The background scan of a whole document: counts, byte histogram, problems and line
// checkpoints, computed in one pass on worker threads (one part of the document per core) in
// chunks with progress and cancel, so the window never blocks and memory stays bounded whatever
// the file's size (one chunk and the capped problem list per part are held).
#pragma once

#include "background_pass.h"
#include "scan_report.h"
#include "u8codec/byte_source.h"

#include <QObject>
#include <QString>
#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace u8doc {

namespace detail {
class ReportJoiner;
} // namespace detail

class DocumentScan : public BackgroundPass {
    Q_OBJECT
public:
    static constexpr std::size_t kDefaultProblemCap = 100000;
    static constexpr std::size_t kChunkSize = 1 << 20; // bytes read per step

    explicit DocumentScan(QObject* parent = nullptr);

    // Starts scanning `source` on a worker thread, cancelling any scan still running (whose
    // results are then never reported). The source must not change while it is scanned; a
    // source that returns fewer bytes than its size promised (a file that shrank) ends the scan
    // with failed().
    void start(std::shared_ptr<const u8codec::ByteSource> source,
               std::size_t problemCap = kDefaultProblemCap);
    // The same for `source` made from the bytes `before` reports on by edits from `editedFrom`
    // on (every byte before it unchanged): keeps what `before` found up to its last resume point
    // at or before editedFrom and scans from there (rescan()).
    void startAfterEdit(std::shared_ptr<const u8codec::ByteSource> source,
                        std::shared_ptr<const ScanReport> before, quint64 editedFrom);

    // The result of one scan, for callers that run it themselves (the benchmark, the tests).
    struct Outcome {
        std::shared_ptr<ScanReport> report; // null when cancelled or failed
        QString error;                      // why it failed, translated
        bool cancelled = false;
        std::size_t parts = 0;   // how many parts the document was scanned in, at once
        quint64 scannedFrom = 0; // where the scan began (after an edit, a resume point)
    };
    // Scans `source` from the calling thread, in one part per core (each of at least 16 MiB):
    // the parts are cut where a segment starts and every problem is complete, so the report
    // equals a scan in one part. `progress` (may be empty) is called on the calling thread as
    // chunks are scanned, with the bytes scanned so far; `stop` is polled once per chunk by each
    // part.
    static Outcome scan(const u8codec::ByteSource& source, std::size_t problemCap,
                        const std::atomic<bool>& stop,
                        const std::function<void(quint64 done, quint64 total)>& progress = {});

    // How a scan divides the document: for tests and benchmarks, which cut where they choose.
    struct Split {
        // Offsets near which to cut (each moved on to the next place where a part can begin;
        // none: one part); nullopt: one part per core for documents large enough.
        std::optional<std::vector<quint64>> near;
        std::size_t chunkSize = kChunkSize; // at most this much read per step
        quint64 resumeStep = kResumeStep;   // a resume point about this often
    };
    static Outcome scan(const u8codec::ByteSource& source, std::size_t problemCap,
                        const std::atomic<bool>& stop,
                        const std::function<void(quint64 done, quint64 total)>& progress,
                        const Split& split);

    // The scan of `source` after edits from `editedFrom` on (every byte before it is as in the
    // bytes `before` reports on): `before`'s findings up to its last resume point at or before
    // editedFrom, then a scan from that point (in parts, as scan() cuts them, over the rest),
    // joined. The report equals scan(source)'s but for where its resume points lie. Without such
    // a point, scan(). `progress` counts from the resume point, as if the bytes before it had
    // been scanned.
    static Outcome rescan(const u8codec::ByteSource& source, const ScanReport& before,
                          quint64 editedFrom, const std::atomic<bool>& stop,
                          const std::function<void(quint64 done, quint64 total)>& progress = {});
    static Outcome rescan(const u8codec::ByteSource& source, const ScanReport& before,
                          quint64 editedFrom, const std::atomic<bool>& stop,
                          const std::function<void(quint64 done, quint64 total)>& progress,
                          const Split& split);

    // Why a pass over a source stopped at `dataEnd` before its `size`: a sentence for a person
    // (the scan's and the audit's).
    static QString shortReadReason(quint64 dataEnd, quint64 size);

signals:
    // Besides BackgroundPass's progressChanged(), failed() and cancelled().
    void finished(std::shared_ptr<const u8doc::ScanReport> report);

private:
    // Scans [from, size) in parts, appending them to `joiner` (which holds the report up to
    // `from`, a resume point, or nothing when from is 0).
    static Outcome scanFrom(const u8codec::ByteSource& source, quint64 from,
                            detail::ReportJoiner& joiner, const std::atomic<bool>& stop,
                            const std::function<void(quint64 done, quint64 total)>& progress,
                            const Split& split);
};

} // namespace u8doc
