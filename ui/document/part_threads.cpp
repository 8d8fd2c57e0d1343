#include "part_threads.h"

#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>

namespace u8doc::detail {

namespace {

// What the parts share while they run.
class Coordination {
public:
    Coordination(const std::atomic<bool>& stop, std::size_t parts)
        : stop_(stop), firstShortRead_(parts), errors_(parts) {}

    bool shouldStop(std::size_t part) const {
        return stop_.load(std::memory_order_relaxed) || failed_.load(std::memory_order_relaxed) ||
               firstShortRead_.load(std::memory_order_relaxed) < part;
    }

    // Runs part `i`, keeping what it throws for the calling thread.
    void run(std::size_t i, const std::function<PartOutcome()>& scan, PartOutcome& outcome) {
        try {
            outcome = scan();
            if (outcome.status == PartOutcome::Status::ShortRead) {
                std::size_t lowest = firstShortRead_.load();
                while (i < lowest && !firstShortRead_.compare_exchange_weak(lowest, i)) {
                }
            }
        } catch (...) {
            errors_[i] = std::current_exception();
            failed_.store(true);
        }
    }

    // From a worker thread: bytes scanned. The empty lock orders the wake-up after the waiter's
    // look at done_, so that none is lost.
    void chunkDone(std::size_t bytes) {
        done_.fetch_add(bytes);
        { const std::lock_guard lock(mutex_); }
        changed_.notify_one();
    }
    quint64 done() const { return done_.load(); }
    void addDone(std::size_t bytes) { done_.fetch_add(bytes); }

    void threadStarted() {
        const std::lock_guard lock(mutex_);
        ++running_;
    }
    void threadEnded() {
        {
            const std::lock_guard lock(mutex_);
            --running_;
        }
        changed_.notify_one();
    }

    // On the calling thread: reports progress until every worker thread has ended.
    void waitForThreads(const std::function<void(quint64)>& report) {
        std::unique_lock lock(mutex_);
        quint64 reported = done_.load();
        while (running_ > 0) {
            changed_.wait(lock, [&] { return running_ == 0 || done_.load() != reported; });
            reported = done_.load();
            lock.unlock();
            report(reported);
            lock.lock();
        }
    }

    void rethrow() const {
        for (const std::exception_ptr& e : errors_)
            if (e)
                std::rethrow_exception(e);
    }

private:
    const std::atomic<bool>& stop_;
    std::atomic<bool> failed_{false}; // a part threw: the others stop
    std::atomic<std::size_t> firstShortRead_;
    std::atomic<quint64> done_{0};
    std::vector<std::exception_ptr> errors_;
    std::mutex mutex_; // with changed_, for waitForThreads
    std::condition_variable changed_;
    int running_ = 0;
};

} // namespace

std::vector<PartOutcome> scanParts(const u8codec::ByteSource& source,
                                   const std::vector<PartRange>& ranges, std::size_t problemCap,
                                   const std::atomic<bool>& stop,
                                   const std::function<void(quint64 done, quint64 total)>& progress,
                                   const PartReading& reading) {
    const quint64 total = ranges.empty() ? 0 : ranges.back().end;
    std::vector<PartOutcome> outcomes(ranges.size());
    Coordination shared(stop, ranges.size());
    quint64 reported = 0;
    auto report = [&](quint64 done) {
        if (progress && done != reported)
            progress(done, total);
        reported = done;
    };
    auto scanOne = [&](std::size_t i, std::function<void(std::size_t)> chunkDone) {
        shared.run(
            i,
            [&] {
                return scanPart(
                    source, ranges[i], problemCap, reading,
                    [&shared, i] { return shared.shouldStop(i); }, chunkDone);
            },
            outcomes[i]);
    };

    std::vector<std::thread> threads;
    threads.reserve(ranges.size());    // so that emplace_back fails only to start a thread
    std::vector<std::size_t> leftOver; // parts whose thread could not be started
    for (std::size_t i = 1; i < ranges.size(); ++i) {
        try {
            shared.threadStarted();
            threads.emplace_back([&, i] {
                scanOne(i, [&](std::size_t bytes) { shared.chunkDone(bytes); });
                shared.threadEnded();
            });
        } catch (const std::system_error&) {
            shared.threadEnded();
            leftOver.push_back(i);
        }
    }
    auto here = [&](std::size_t bytes) {
        shared.addDone(bytes);
        report(shared.done());
    };
    if (!ranges.empty())
        scanOne(0, here);
    for (const std::size_t i : leftOver)
        scanOne(i, here);
    shared.waitForThreads(report);
    for (std::thread& t : threads)
        t.join();
    shared.rethrow();
    return outcomes;
}

} // namespace u8doc::detail
