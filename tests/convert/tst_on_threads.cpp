// Work split into parts on threads (on_threads.h): every part runs once, part 0 on the calling
// thread, the parts on more than one thread, and the pool gives way to threads of the call's own
// when it is busy (a part that splits its work again, two callers at once); an exception in a
// part reaches the caller after every part is done.
#include "on_threads.h"
#include "u8codec/cpu_features.h"
#include "u8test/harness.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

using namespace u8codec;
using namespace u8convert::detail;

namespace {

TEST_CASE("every part runs once, part 0 on the calling thread") {
    for (int count : {0, 1, 2, 3, 8, 100}) {
        const std::string name = std::to_string(count);
        SUBCASE(name.c_str()) {
            // Many calls in a row: the pool's threads are reused, each call's parts counted
            // afresh.
            for (int call = 0; call < 200; ++call) {
                std::vector<std::atomic<int>> runs(static_cast<std::size_t>(count));
                std::thread::id firstOn;
                onThreads(std::size_t(count), [&](std::size_t k) {
                    runs[k].fetch_add(1);
                    if (k == 0)
                        firstOn = std::this_thread::get_id();
                });
                INFO("call ", call);
                for (int k = 0; k < count; ++k) {
                    INFO("part ", k);
                    REQUIRE(runs[std::size_t(k)].load() == 1);
                }
                if (count > 0)
                    REQUIRE((firstOn == std::this_thread::get_id()));
            }
        }
    }
}

TEST_CASE("the parts run side by side") {
    if (cpuCores() < 2)
        U8TEST_SKIP("one core: the parts run one after the other");
    // Part 0 waits for part 1 to start: only threads side by side get past it.
    std::atomic<bool> started{false};
    std::atomic<bool> gaveUp{false};
    onThreads(2, [&](std::size_t k) {
        if (k == 1) {
            started = true;
            return;
        }
        for (int i = 0; i < 10000 && !started; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        gaveUp = !started;
    });
    CHECK(!gaveUp);
}

TEST_CASE("a part splits its work again") {
    std::atomic<int> inner{0};
    onThreads(3, [&](std::size_t) { onThreads(4, [&](std::size_t) { inner.fetch_add(1); }); });
    CHECK(inner.load() == 12);
}

TEST_CASE("two callers at once") {
    std::mutex seenMutex;
    std::set<std::pair<int, std::size_t>> seen;
    std::atomic<int> total{0};
    const auto caller = [&](int who) {
        for (int call = 0; call < 300; ++call)
            onThreads(5, [&](std::size_t k) {
                total.fetch_add(1);
                if (call == 0) {
                    const std::lock_guard lock(seenMutex);
                    seen.insert({who, k});
                }
            });
    };
    std::thread other(caller, 1);
    caller(0);
    other.join();
    CHECK(total.load() == 2 * 300 * 5);
    CHECK(int(seen.size()) == 10);
}

TEST_CASE("an exception in a part reaches the caller after every part is done") {
    std::atomic<int> runs{0};
    bool caught = false;
    try {
        onThreads(6, [&](std::size_t k) {
            runs.fetch_add(1);
            if (k == 4)
                throw std::runtime_error("part 4");
        });
    } catch (const std::runtime_error& e) {
        caught = std::string(e.what()) == "part 4";
    }
    CHECK(caught);
    CHECK(runs.load() == 6);
    // The pool works on after it.
    std::atomic<int> after{0};
    onThreads(4, [&](std::size_t) { after.fetch_add(1); });
    CHECK(after.load() == 4);
}

} // namespace
