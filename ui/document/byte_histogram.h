// The byte histogram of the window's whole-document scan (ScanReport::byteCounts).
#pragma once

#include <QtGlobal>
#include <array>
#include <cstdint>
#include <span>

namespace u8doc::detail {

// Adds the occurrences of each byte value in `bytes` (less than 4 GiB) to `counts`.
void countBytes(std::span<const std::uint8_t> bytes, std::array<quint64, 256>& counts);

} // namespace u8doc::detail
