// Library-internal: work split into parts that run on threads of their own, for the steps that
// cut their input into parts (the mojibake repair's passes and assembly, the streamed repair's
// reads).
#pragma once

#include <cstddef>
#include <exception>
#include <system_error>
#include <thread>
#include <vector>

namespace u8convert::detail {

// What runOnPool() runs: task(context, k).
using IndexedTask = void (*)(void* context, std::size_t k);

// Runs task(context, k) for k in [0, count): 0 on the calling thread, the others on the process's
// worker threads (one per core but the caller's, started at the first call) and on the calling
// thread once it is done with 0, each k once; returns when all are done. The task must not throw.
//
// Why a pool: the streamed repair asks for parts on threads hundreds of times per gigabyte, a few
// milliseconds of work each, and a thread started for each call begins its part late (the idle
// core has to be woken) and costs as much again to join (the figures: docs/performance.md, "Why
// the code is as it is", threads that stay). The pool's threads wait a little for the next call
// before they sleep (kSpin in on_threads.cpp), and so does a caller for the parts still running.
//
// False, with nothing run, when the pool is busy (another thread's call is under way, or a task
// asks from inside it) or cannot start threads: the caller then starts threads of its own.
[[nodiscard]] bool runOnPool(std::size_t count, IndexedTask task, void* context) noexcept;

// Runs work(k) for k in [0, count): 0 on the calling thread, the others on the pool's threads
// (runOnPool()) or, when it is busy, each on a thread of its own (or on the calling thread after
// 0 where the system starts no more threads). An exception (out of memory) is passed on once
// every k is done.
template <typename Work> void onThreads(std::size_t count, Work&& work) {
    std::vector<std::exception_ptr> errors(count);
    const auto guarded = [&](std::size_t k) {
        try {
            work(k);
        } catch (...) {
            errors[k] = std::current_exception();
        }
    };
    using Guarded = decltype(guarded);
    const IndexedTask task = [](void* context, std::size_t k) {
        (*static_cast<const Guarded*>(context))(k);
    };
    if (count == 1) {
        guarded(0);
    } else if (count > 1 &&
               !runOnPool(count, task, const_cast<void*>(static_cast<const void*>(&guarded)))) {
        std::vector<std::thread> threads;
        std::vector<std::size_t> here; // no thread could be started for these
        for (std::size_t k = 1; k < count; ++k) {
            try {
                threads.emplace_back(guarded, k);
            } catch (const std::system_error&) {
                here.push_back(k);
            }
        }
        guarded(0);
        for (std::size_t k : here)
            guarded(k);
        for (std::thread& t : threads)
            t.join();
    }
    for (const std::exception_ptr& e : errors)
        if (e)
            std::rethrow_exception(e);
}

} // namespace u8convert::detail
