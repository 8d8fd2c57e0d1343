// Runs a function over every item of a list on several threads, for the list forms of the
// module's functions (called with the GIL released, so the items are plain C++ values).
#pragma once

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

// `work(item)` for every item, in order of the items, on up to hardware_concurrency() threads
// (one for a short list: starting threads costs more than a few short strings take). `work`
// reports a refusal by throwing; the message is kept with the item and the rest go on.
template <class Result, class Item, class Work>
std::vector<ItemOutcome<Result>> parallelMap(const std::vector<Item>& items, const Work& work) {
    std::vector<ItemOutcome<Result>> out(items.size());
    std::atomic<std::size_t> next{0};
    const auto run = [&] {
        for (std::size_t i = next++; i < items.size(); i = next++) {
            try {
                out[i].value = work(items[i]);
            } catch (const std::exception& e) {
                out[i].error = e.what();
                if (out[i].error.empty())
                    out[i].error = "failed";
            }
        }
    };
    constexpr std::size_t kItemsPerThread = 64;
    const std::size_t cores = std::max(1u, std::thread::hardware_concurrency());
    const std::size_t threads =
        std::min(cores, (items.size() + kItemsPerThread - 1) / kItemsPerThread);
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < threads; ++t)
        pool.emplace_back(run);
    run();
    for (std::thread& t : pool)
        t.join();
    return out;
}

} // namespace u8py
