// Library-internal: work split into parts that run on threads of their own, for the steps that
// cut their input into parts (the mojibake repair's passes and assembly, the streamed repair's
// reads).
#pragma once

#include <cstddef>
#include <exception>
#include <system_error>
#include <thread>
#include <vector>

namespace u8codec::detail {

// Runs work(k) for k in [0, count): 0 on the calling thread, each other on a thread of its own,
// or on the calling thread after 0 where the system starts no more threads. An exception (out of
// memory) is passed on once every k is done.
template <typename Work> void onThreads(std::size_t count, Work&& work) {
    std::vector<std::exception_ptr> errors(count);
    const auto guarded = [&](std::size_t k) {
        try {
            work(k);
        } catch (...) {
            errors[k] = std::current_exception();
        }
    };
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
    for (const std::exception_ptr& e : errors)
        if (e)
            std::rethrow_exception(e);
}

} // namespace u8codec::detail
