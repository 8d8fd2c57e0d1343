// Library-internal: what the repair steps share (each step in a file of its own appends its
// changes through it).
#pragma once

#include "u8codec/repair.h"

namespace u8codec::detail {

// Counts a change, lists it while the report has room, and notes its edit for the offset maps
// (every edit, uncapped: later steps' offsets are taken back through all of them).
inline void record(RepairReport& report, std::size_t maxReported, std::vector<TextEdit>* edits,
                   RepairChange change) {
    if (edits)
        edits->push_back({change.offset, change.length, change.after.size()});
    ++report.counts[std::size_t(change.kind)];
    if (report.changes.size() < maxReported)
        report.changes.push_back(std::move(change));
}

} // namespace u8codec::detail
