#include "temp_file_registry.h"

#include <atomic>

namespace u8io {
namespace {

std::atomic<TempFileRegistry*> g_registry{nullptr};

} // namespace

void setTempFileRegistry(TempFileRegistry* registry) noexcept {
    g_registry.store(registry);
}

void registerTempFile(const std::string& path) noexcept {
    if (TempFileRegistry* registry = g_registry.load())
        registry->added(path);
}

void unregisterTempFile(const std::string& path) noexcept {
    if (TempFileRegistry* registry = g_registry.load())
        registry->removed(path);
}

} // namespace u8io
