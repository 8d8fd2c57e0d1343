#include "temp_files_on_signal.h"

#include "temp_file_registry.h"

#include <atomic>
#include <csignal>
#include <cstring>
#include <unistd.h>

namespace u8io {
namespace {

// The names are kept where a signal handler can read them without a lock or an allocation:
// fixed slots, each Free, being Written (not yet for the handler) or Live.
enum SlotState : int { kFree, kWritten, kLive };
constexpr int kSlots = 16; // outputs written at once: the CLI writes one, the window a few
constexpr std::size_t kPathMax = 4096;

struct Slot {
    std::atomic<int> state{kFree};
    char path[kPathMax];
};

Slot g_slots[kSlots];

class RegistryOfSlots final : public TempFileRegistry {
public:
    void added(const std::string& path) noexcept override {
        if (path.size() >= kPathMax)
            return; // no such path on Linux (PATH_MAX); left to the directory's owner
        for (Slot& slot : g_slots) {
            int expected = kFree;
            if (slot.state.compare_exchange_strong(expected, kWritten)) {
                std::memcpy(slot.path, path.c_str(), path.size() + 1);
                slot.state.store(kLive);
                return;
            }
        }
        // Every slot taken: this file is not removed on a signal (as before the registry, when
        // only one output at a time was).
    }
    void removed(const std::string& path) noexcept override {
        for (Slot& slot : g_slots) {
            if (slot.state.load() == kLive && path == slot.path) {
                int expected = kLive;
                slot.state.compare_exchange_strong(expected, kFree);
                return;
            }
        }
    }
};

extern "C" void removeAndReraise(int sig) {
    removeRegisteredTempFiles();
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

} // namespace

void removeRegisteredTempFiles() noexcept {
    for (Slot& slot : g_slots)
        if (slot.state.load() == kLive)
            ::unlink(slot.path); // async-signal-safe
}

void removeTempFilesOnSignals() {
    static RegistryOfSlots registry;
    setTempFileRegistry(&registry);
    struct sigaction action {};
    action.sa_handler = removeAndReraise;
    sigemptyset(&action.sa_mask);
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) {
        // A signal the process was started with ignored stays ignored (nohup, a background job
        // of a shell without job control): whoever started it chose so.
        struct sigaction before {};
        if (::sigaction(sig, nullptr, &before) == 0 && before.sa_handler == SIG_IGN)
            continue;
        ::sigaction(sig, &action, nullptr);
    }
}

} // namespace u8io
