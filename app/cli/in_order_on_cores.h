// Work on every core, results written in order: `audit -r` and `check -r` compute each file's
// result on a pool of threads and write them in the order of the files, each as soon as the
// ones before it are written, so that the output is the one a single thread would give.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace u8cli {

// Calls compute(i) for every i in [0, n) on up to 16 threads and emit(i, result) on the calling
// thread in the order of i. emit returns false to stop: the files not started are skipped, and
// `stop` (handed to compute) turns true so that a long one can end early. Returns whether every
// emit returned true.
template <class Result, class Compute, class Emit>
bool inOrderOnCores(std::size_t n, Compute compute, Emit emit) {
    std::vector<std::optional<Result>> results(n);
    std::mutex mutex;
    std::condition_variable ready;
    std::atomic<std::size_t> next{0};
    std::atomic<bool> stop{false};
    // The result the calling thread waits for (under `mutex`): only its arrival wakes it, not
    // every file's (a futex call each, a third of the system calls of `audit -r`).
    std::size_t awaited = n;
    const auto work = [&] {
        for (std::size_t i; !stop && (i = next++) < n;) {
            Result r = compute(i, stop);
            const std::scoped_lock lock(mutex);
            results[i].emplace(std::move(r));
            if (i == awaited)
                ready.notify_one();
        }
    };
    const unsigned threads = std::max(1u, std::min(16u, std::thread::hardware_concurrency()));
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads && t < n; ++t)
        pool.emplace_back(work);
    bool ok = true;
    for (std::size_t i = 0; i < n && ok; ++i) {
        std::optional<Result> r;
        {
            std::unique_lock lock(mutex);
            awaited = i;
            ready.wait(lock, [&] { return results[i].has_value(); });
            awaited = n;
            r.swap(results[i]);
        }
        ok = emit(i, std::move(*r));
    }
    stop = true;
    for (std::thread& t : pool)
        t.join();
    return ok;
}

} // namespace u8cli
