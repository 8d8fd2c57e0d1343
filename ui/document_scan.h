// The background scan of a whole document: counts, byte histogram and problems, computed on a
// worker thread in chunks with progress and cancel, so the window never blocks and memory stays
// bounded whatever the file's size (only one chunk and the capped problem list are held).
#pragma once

#include "scan_report.h"
#include "u8codec/byte_source.h"

#include <QFuture>
#include <QObject>
#include <QString>
#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>

namespace u8ui {

class DocumentScan : public QObject {
    Q_OBJECT
public:
    static constexpr std::size_t kDefaultProblemCap = 100000;
    static constexpr std::size_t kChunkSize = 1 << 20; // bytes read per step

    explicit DocumentScan(QObject* parent = nullptr);
    // Cancels a running scan and waits for its worker to stop (at most one chunk).
    ~DocumentScan() override;

    // Starts scanning `source` on a worker thread, cancelling any scan still running (whose
    // results are then never reported). The source must not change while it is scanned; a
    // source that returns fewer bytes than its size promised (a file that shrank) ends the scan
    // with failed().
    void start(std::shared_ptr<const u8codec::ByteSource> source,
               std::size_t problemCap = kDefaultProblemCap);
    // Stops the running scan soon (within one chunk); cancelled() follows.
    void cancel();
    bool isRunning() const { return running_; }

    // The result of one scan, for callers that run it themselves (the benchmark, the tests).
    struct Outcome {
        std::shared_ptr<ScanReport> report; // null when cancelled or failed
        QString error;                      // why it failed, translated
        bool cancelled = false;
    };
    // Scans `source` on the calling thread. `progress` (may be empty) is called after each chunk
    // with the bytes scanned so far; `stop` is polled once per chunk.
    static Outcome scan(const u8codec::ByteSource& source, std::size_t problemCap,
                        const std::atomic<bool>& stop,
                        const std::function<void(quint64 done, quint64 total)>& progress = {});

signals:
    // Scan progress in thousandths (0..1000), emitted at most once per change.
    void progressChanged(int permille);
    void finished(std::shared_ptr<const u8ui::ScanReport> report);
    // The source could not be read to its end; `reason` is a sentence for a person.
    void failed(const QString& reason);
    void cancelled();

private:
    void stopWorker();

    std::shared_ptr<std::atomic<bool>> stop_;
    QFuture<void> worker_;
    quint64 generation_ = 0;
    bool running_ = false;
};

} // namespace u8ui
