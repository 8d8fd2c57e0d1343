// The codec's vectorised Scanner over a whole input, for `check` and `stats`: a file is cut into
// parts at character boundaries and each part is read and scanned by its own thread (one per
// core), each into its own page-aligned chunk buffer; their summaries are joined
// (ScanSummary::append). On two cores the read (the kernel's copy out of the page cache) and the
// scan of one half then run beside those of the other, which puts the whole command at the time
// `cat FILE > /dev/null` takes. Standard input is scanned in turn, as it comes.
#pragma once

#include "input.h"
#include "u8codec/scan.h"

#include <string>

namespace u8cli {

enum class ScanGoal {
    Summary,    // every count of the summary
    ValidOrNot, // only valid(): the scan may stop at the first error segment
};

// Scans `input` to its end (or, for ScanGoal::ValidOrNot, to the first error; then only valid()
// of the result means anything). False, with `error`, when the input could not be read.
bool scanInput(const Input& input, ScanGoal goal, u8codec::ScanSummary& summary,
               std::string& error);

// Below this size a file is scanned by one thread: starting another costs more than it saves.
inline constexpr std::uint64_t kMinBytesPerScanThread = std::uint64_t(4) << 20;

} // namespace u8cli
