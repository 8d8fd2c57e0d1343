// Runs the parts of the window's whole-document scan at once: the first on the calling thread,
// each other one on a thread of its own (std::thread, not the global pool, which the window's
// other background work shares), with progress reported on the calling thread only.
#pragma once

#include "scan_part.h"

#include <QtGlobal>
#include <atomic>
#include <functional>
#include <vector>

namespace u8doc::detail {

// Scans each of `ranges` (scanPart) and returns their outcomes in the same order. A part stops
// before its next chunk once `stop` is set, or once a part before it met a short read (its
// outcome decides). `progress` (may be empty) gets the bytes scanned by all parts so far, after
// each chunk of the first part and then as the others go on. A part whose thread cannot be
// started runs on the calling thread after the first; an exception in any part is rethrown
// here once every thread has ended.
std::vector<PartOutcome> scanParts(const u8codec::ByteSource& source,
                                   const std::vector<PartRange>& ranges, std::size_t problemCap,
                                   const std::atomic<bool>& stop,
                                   const std::function<void(quint64 done, quint64 total)>& progress,
                                   const PartReading& reading);

} // namespace u8doc::detail
