#include "scan_on_cores.h"

#include <algorithm>
#include <system_error>
#include <thread>

namespace u8codec::detail {

ScanSummary scanOnCores(std::span<const std::uint8_t> bytes, std::size_t minHalf) {
    if (bytes.size() < 2 * minHalf || std::thread::hardware_concurrency() < 2)
        return scan(bytes);
    // A UTF-8 sequence has three continuation bytes at most; a longer run is not text, and the
    // cut is looked for no further than that.
    constexpr std::size_t kSearch = 64;
    std::size_t cut = bytes.size() / 2;
    const std::size_t limit = std::min(cut + kSearch, bytes.size());
    while (cut < limit && bytes[cut] >= 0x80 && bytes[cut] <= 0xBF)
        ++cut;
    if (cut == limit)
        return scan(bytes);

    ScanSummary second;
    std::thread worker;
    try {
        worker = std::thread([&] { second = scan(bytes.subspan(cut)); });
    } catch (const std::system_error&) {
        return scan(bytes);
    }
    ScanSummary all = scan(bytes.first(cut));
    worker.join();

    all.append(second, bytes[cut - 1] == '\r' && bytes[cut] == '\n');
    return all;
}

} // namespace u8codec::detail
