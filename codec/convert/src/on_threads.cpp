// The worker threads of onThreads() (on_threads.h), and runOnCores() (u8convert/on_cores.h) over
// them.
#include "on_threads.h"

#include "u8codec/cpu_features.h"
#include "u8convert/on_cores.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace u8convert::detail {
using namespace u8codec;
namespace {

using Clock = std::chrono::steady_clock;

// How long a pool thread looks for the next call before it sleeps, and a caller for the parts
// still running: longer than most gaps between two calls of the streamed repair (the work of one
// thread between two passes over a part of a window), short enough to cost an idle process
// nothing.
constexpr auto kSpin = std::chrono::milliseconds(2);

// Waits a moment without leaving the core: the other thread of the core (if any) goes on.
void relax() {
#if defined(__x86_64__) || defined(__i386__)
    for (int i = 0; i < 64; ++i)
        _mm_pause();
#endif
    std::this_thread::yield(); // lets another thread of this process run here, if one waits
}

// Where a thread sleeps until a counter it waits on changes.
class Signal {
public:
    // After the change the sleepers look for: a sleeper either sees it or is asleep by now.
    void notify() {
        { const std::lock_guard lock(mutex_); }
        changed_.notify_all();
    }
    // Until `ready()`: looking for kSpin, then asleep until notify().
    template <typename Ready> void waitFor(const Ready& ready) {
        const Clock::time_point until = Clock::now() + kSpin;
        while (!ready() && Clock::now() < until)
            relax();
        std::unique_lock lock(mutex_);
        changed_.wait(lock, ready);
    }

private:
    std::mutex mutex_;
    std::condition_variable changed_;
};

struct Job {
    IndexedTask task = nullptr;
    void* context = nullptr;
    std::uint32_t count = 0;
    std::atomic<std::uint32_t> next{1}; // 0 is the caller's
    std::atomic<std::uint32_t> done{0};
    Signal allDone;
    std::atomic<std::uint32_t> helpers{0}; // pool threads that may still read the job

    // Runs the indices no thread has taken yet.
    void take() {
        for (std::uint32_t k; (k = next.fetch_add(1, std::memory_order_relaxed)) < count;) {
            task(context, k);
            finished();
        }
    }
    void finished() {
        if (done.fetch_add(1, std::memory_order_acq_rel) + 1 == count)
            allDone.notify();
    }
    bool complete() const { return done.load(std::memory_order_acquire) == count; }
};

class Pool {
public:
    // Never destroyed: its threads sleep until the process ends, and a process that ends during
    // a call does not wait for it.
    static Pool& instance() {
        static Pool* const pool = new Pool;
        return *pool;
    }

    bool run(std::size_t count, IndexedTask task, void* context) {
        if (threads_.empty() || count > UINT32_MAX)
            return false;
        // A flag, not a mutex: a part that splits its work again asks from the calling thread.
        if (busy_.exchange(true, std::memory_order_acquire))
            return false;
        Job job;
        job.task = task;
        job.context = context;
        job.count = std::uint32_t(count);
        {
            const std::lock_guard lock(jobMutex_);
            job_ = &job;
        }
        generation_.fetch_add(1, std::memory_order_release);
        newCall_.notify();
        task(context, 0);
        job.finished();
        job.take();
        job.allDone.waitFor([&] { return job.complete(); });
        {
            const std::lock_guard lock(jobMutex_);
            job_ = nullptr;
        }
        // A thread that took the job has nothing left to do in it; it only has to say so.
        while (job.helpers.load(std::memory_order_acquire) != 0)
            relax();
        busy_.store(false, std::memory_order_release);
        return true;
    }

private:
    Pool() {
        const unsigned others = cpuCores() > 1 ? cpuCores() - 1 : 0;
        for (unsigned t = 0; t < others; ++t) {
            try {
                threads_.emplace_back([this] { work(); });
            } catch (const std::system_error&) {
                break;
            }
        }
        for (std::thread& t : threads_)
            t.detach();
    }

    // A pool thread: each call's indices, as they come.
    void work() {
        // The generation before the first call, not the one when this thread began: the first
        // call may have come first (and its part would never start).
        std::uint32_t seen = 0;
        while (true) {
            newCall_.waitFor([&] { return generation_.load(std::memory_order_acquire) != seen; });
            seen = generation_.load(std::memory_order_acquire);
            Job* job = nullptr;
            {
                const std::lock_guard lock(jobMutex_);
                job = job_;
                if (job)
                    job->helpers.fetch_add(1, std::memory_order_relaxed);
            }
            if (!job)
                continue; // the call ended before this thread came to it
            job->take();
            job->helpers.fetch_sub(1, std::memory_order_release); // the job may end now
        }
    }

    std::atomic<bool> busy_{false}; // a call is under way
    std::mutex jobMutex_;           // job_
    Job* job_ = nullptr;
    std::atomic<std::uint32_t> generation_{0}; // one more for each call
    Signal newCall_;
    std::vector<std::thread> threads_;
};

} // namespace

bool runOnPool(std::size_t count, IndexedTask task, void* context) noexcept {
    try {
        return Pool::instance().run(count, task, context);
    } catch (...) {
        return false; // no memory for the pool (nothing was run)
    }
}

} // namespace u8convert::detail

namespace u8convert {

void runOnCores(std::size_t count, const std::function<void(std::size_t)>& work) {
    detail::onThreads(count, work);
}

} // namespace u8convert
