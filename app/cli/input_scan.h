// The two whole-input passes of `stats` and `check`. A file is cut into parts at character
// boundaries and each part is read and scanned by its own thread (one per core), each into its
// own page-aligned chunk buffer. On two cores the read (the kernel's copy out of the page cache)
// and the scan of one half then run beside those of the other, which brings the whole command
// near the time `cat FILE > /dev/null` takes. Standard input is scanned in turn, as it comes.
#pragma once

#include "input.h"
#include "u8codec/scan.h"

#include <cstdint>
#include <string>

namespace u8cli {

// The summary of the whole input (`stats`): the codec's Scanner over each part, the parts'
// summaries joined (u8codec::joinSummaries). False, with `error`, when the input cannot be read.
bool summarizeInput(const Input& input, u8codec::ScanSummary& summary, std::string& error);

// Whether the input is well-formed UTF-8 (`check`'s first pass): only the vector check of the
// scan kernels (u8codec::wellFormedLength), which counts nothing, stopping every part at the
// first error found in any. False, with `error`, when the input cannot be read.
bool validateInput(const Input& input, bool& valid, std::string& error);

// Below this size a file is scanned by one thread: starting another costs more than it saves.
inline constexpr std::uint64_t kMinBytesPerScanThread = std::uint64_t(4) << 20;

} // namespace u8cli
