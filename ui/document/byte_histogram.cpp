#include "byte_histogram.h"

#include <cstring>

namespace u8doc::detail {

namespace {

constexpr int kTables = 8;
using Tables = std::array<std::array<quint32, 256>, kTables>;

// One 32-bit half of a word into four of the tables: the bytes are taken by shifts from a
// register, not loaded one by one, which leaves the load ports to the counters.
[[gnu::always_inline]] inline void countHalf(Tables& t, int first, std::uint32_t v) {
    ++t[std::size_t(first)][v & 0xFF];
    ++t[std::size_t(first + 1)][(v >> 8) & 0xFF];
    ++t[std::size_t(first + 2)][(v >> 16) & 0xFF];
    ++t[std::size_t(first + 3)][v >> 24];
}

} // namespace

// Eight tables, so that neighbouring equal bytes do not serialise on one counter (each increment
// waits for the previous store to the same address), fed 16 bytes at a time: faster than four
// tables fed by byte loads (docs/performance.md, "Why the code is as it is").
void countBytes(std::span<const std::uint8_t> bytes, std::array<quint64, 256>& counts) {
    // quint32 counters cannot overflow: the span is below 4 GiB.
    alignas(64) Tables t{};
    const std::uint8_t* p = bytes.data();
    const std::size_t n = bytes.size();
    std::size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        std::uint64_t a, b;
        std::memcpy(&a, p + i, 8);
        std::memcpy(&b, p + i + 8, 8);
        // Runs of one byte (the NUL holes of sparse files, padding) would serialise even on
        // eight tables: 16 equal bytes count at once.
        if (a == b && a == (a & 0xFF) * 0x0101010101010101ULL) {
            t[0][a & 0xFF] += 16;
            continue;
        }
        countHalf(t, 0, std::uint32_t(a));
        countHalf(t, 4, std::uint32_t(a >> 32));
        countHalf(t, 0, std::uint32_t(b));
        countHalf(t, 4, std::uint32_t(b >> 32));
    }
    for (; i < n; ++i)
        ++t[0][p[i]];
    for (std::size_t v = 0; v < 256; ++v) {
        quint64 sum = 0;
        for (const auto& table : t)
            sum += table[v];
        counts[v] += sum;
    }
}

} // namespace u8doc::detail
