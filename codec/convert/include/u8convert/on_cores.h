// The codec's worker threads, for a front end that works through many values at once (the Python
// module's list forms): the same pool the mojibake repair and the streamed repair cut their work
// onto (src/on_threads.h), so a process has one set of worker threads, not one per caller.
#pragma once

#include <cstddef>
#include <functional>

namespace u8convert {

// Runs work(k) for k in [0, count): 0 on the calling thread, the others on the codec's worker
// threads (one per core but the caller's, started at the first call; threads of their own when
// the pool is busy), each k once; returns when all are done. An exception from work is passed
// on once every k is done.
void runOnCores(std::size_t count, const std::function<void(std::size_t)>& work);

} // namespace u8convert
