// Repair line by line (`repair --scope=line`): each line of the input repaired on its own, as if
// it were a file of one line. For files whose lines are records (CSV, TSV, JSON Lines, a log, a
// list of names), which may be damaged in some lines only, or through different pages in
// different lines: each line's mojibake is judged by that line's own evidence, and a correct line
// is never repaired on the strength of damage in another.
#pragma once

#include "u8codec/byte_source.h"
#include "u8convert/repair.h"
#include "u8convert/repair_stream.h"

namespace u8convert {

// repair() of each line of `input` (a line ends after its LF; a CR before it belongs to it), the
// text given to `sink` line after line and the reports added up: counts and bytes summed, the
// changes listed up to options.maxReportedChanges with their offsets in the input, the line
// endings counted over the whole input. A byte order mark is added (BomAction::Add) before the
// first line only; stray U+FEFF are removed from every line. The lines of each block read (1 MiB)
// are repaired on the codec's threads (u8convert/on_cores.h) and handed on in order. Memory
// follows the longest line and a block's repaired lines.
// The report's changes cannot be replayed by applySelectedChanges() (each line has passes of its
// own): every change has pass 0 and its passOffset is its offset. When the result is not ok (a
// strict policy met an ill-formed sequence, the repair was cancelled, the sink failed, the input
// changed size while it was read), what the sink received is to be thrown away.
[[nodiscard]] RepairResult repairLineByLine(const u8codec::ByteSource& input,
                                            const RepairSink& sink, const RepairOptions& options);

} // namespace u8convert
