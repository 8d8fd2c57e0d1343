// Runs a function over every item of a list on every core, for the list forms of the module's
// functions (called with the GIL released, so the items are plain C++ values). The threads are
// the codec's worker pool (u8convert/on_cores.h), the one the mojibake repair and the streamed
// repair use: no thread is started per call.
#pragma once

#include "u8convert/on_cores.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <string>
#include <thread>
#include <vector>

namespace u8py {

// What one item gave: a result, or the codec's message when it was refused.
template <class Result> struct ItemOutcome {
    Result value{};
    std::string error; // empty: ok
};

// `work(item)` for every item that `wanted(i)` picks, in order of the items, on up to
// hardware_concurrency() threads (one for a short list: waking a thread costs more than a few
// short strings take). The items are handed out in batches from a shared counter, so a core
// that meets long values takes fewer of them. `work` reports a refusal by throwing; the message
// is kept with the item and the rest go on.
template <class Result, class Item, class Work, class Wanted>
std::vector<ItemOutcome<Result>> parallelMap(const std::vector<Item>& items, const Work& work,
                                             const Wanted& wanted) {
    std::vector<ItemOutcome<Result>> out(items.size());
    constexpr std::size_t kBatch = 64;
    std::atomic<std::size_t> next{0};
    const auto run = [&](std::size_t) {
        for (std::size_t from = next.fetch_add(kBatch); from < items.size();
             from = next.fetch_add(kBatch)) {
            for (std::size_t i = from; i < std::min(items.size(), from + kBatch); ++i) {
                if (!wanted(i))
                    continue;
                try {
                    out[i].value = work(items[i]);
                } catch (const std::exception& e) {
                    out[i].error = e.what();
                    if (out[i].error.empty())
                        out[i].error = "failed";
                }
            }
        }
    };
    const std::size_t cores = std::max(1u, std::thread::hardware_concurrency());
    const std::size_t threads = std::min(cores, (items.size() + kBatch - 1) / kBatch);
    u8convert::runOnCores(std::max<std::size_t>(threads, 1), run);
    return out;
}

} // namespace u8py
