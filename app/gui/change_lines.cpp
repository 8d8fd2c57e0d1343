#include "change_lines.h"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <span>

namespace u8app {

std::optional<std::vector<quint64>>
linesOfChanges(const u8codec::ByteSource& source,
               const std::vector<u8convert::RepairChange>& changes,
               const std::function<bool()>& cancelled) {
    std::vector<quint64> lines(changes.size(), 0);
    std::vector<std::size_t> order(changes.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    // A repair reports its changes in order, but line-ending and normalisation passes may add
    // theirs after the others: sorted once, the bytes are read once.
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return changes[a].offset < changes[b].offset;
    });
    std::vector<std::uint8_t> chunk(std::size_t(1) << 20);
    std::uint64_t at = 0; // bytes counted so far
    quint64 line = 1;
    for (const std::size_t k : order) {
        const std::uint64_t target = std::min<std::uint64_t>(changes[k].offset, source.size());
        while (at < target) {
            if (cancelled && cancelled())
                return std::nullopt;
            const std::size_t want =
                std::size_t(std::min<std::uint64_t>(chunk.size(), target - at));
            const std::size_t got = source.read(at, std::span(chunk.data(), want));
            if (got == 0)
                return std::nullopt;
            line += quint64(std::count(chunk.begin(), chunk.begin() + std::ptrdiff_t(got), '\n'));
            at += got;
        }
        lines[k] = line;
    }
    return lines;
}

} // namespace u8app
