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

    all.bytes += second.bytes;
    all.characters += second.characters;
    for (std::size_t k = 0; k < all.byLength.size(); ++k)
        all.byLength[k] += second.byLength[k];
    for (std::size_t k = 0; k < all.errors.size(); ++k)
        all.errors[k] += second.errors[k];
    all.lineFeeds += second.lineFeeds;
    all.carriageReturns += second.carriageReturns;
    all.crlf += second.crlf + (bytes[cut - 1] == '\r' && bytes[cut] == '\n' ? 1 : 0);
    // As Scanner::finish(): the line feeds, and a last line without one.
    all.lines = all.lineFeeds + (bytes.back() != '\n' ? 1 : 0);
    // `bom` is the first half's: it holds all of EF BB BF, as a cut is never at BB or BF.
    return all;
}

} // namespace u8codec::detail
