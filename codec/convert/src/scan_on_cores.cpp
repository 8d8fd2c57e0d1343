#include "scan_on_cores.h"

#include "u8codec/cpu_features.h"

#include <system_error>
#include <thread>

namespace u8convert::detail {
using namespace u8codec;

ScanSummary scanOnCores(std::span<const std::uint8_t> bytes, std::size_t minHalf) {
    if (bytes.size() < 2 * minHalf || cpuCores() < 2)
        return scan(bytes);
    const std::optional<std::size_t> found = segmentStartNear(bytes, bytes.size() / 2);
    if (!found)
        return scan(bytes);
    const std::size_t cut = *found;

    ScanSummary second;
    std::thread worker;
    try {
        worker = std::thread([&] { second = scan(bytes.subspan(cut)); });
    } catch (const std::system_error&) {
        return scan(bytes);
    }
    const ScanSummary first = scan(bytes.first(cut));
    worker.join();
    return joinSummaries(first, second, bytes[cut - 1] == '\r' && bytes[cut] == '\n');
}

} // namespace u8convert::detail
