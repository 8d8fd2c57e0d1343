// Library-internal: the codec's validating scan (u8codec::scan) of a large buffer on two threads.
// The repair pipeline starts with it; on clean text it is most of the work.
#pragma once

#include "u8codec/scan.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace u8convert::detail {
using namespace u8codec;

// Buffers of at least twice this size are scanned in two halves at once.
inline constexpr std::size_t kMinScanHalf = std::size_t(1) << 20;

// Equals scan(bytes). The halves meet where a segment starts (u8codec::segmentStartNear), so the
// halves segment as the whole does, and their summaries are joined (u8codec::joinSummaries: a
// CR ending the first half and an LF starting the second are one CRLF). Scans on the calling
// thread alone where no cut is found near the middle (a long run of continuation bytes) or no
// thread can be started. `minHalf`: for tests.
[[nodiscard]] ScanSummary scanOnCores(std::span<const std::uint8_t> bytes,
                                      std::size_t minHalf = kMinScanHalf);

} // namespace u8convert::detail
