// Library-internal entry points of the mojibake repair.
#pragma once

#include "u8convert/mojibake.h"
#include "u8convert/repair.h"

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

namespace u8convert::detail {
using namespace u8codec;

// What a repair found a text mis-decoded through: [p] counts the fixes whose last mis-decoding
// was page p, [kCodePageCount + p] those with p deeper.
using MojibakeEvidence = std::array<std::uint64_t, 2 * kCodePageCount>;

// Bytes [offset, offset + length) of a text.
struct ByteSpan {
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
};

// How the pipeline and the tests run the repair.
struct MojibakeRun {
    // false: `text` stays empty when nothing was fixed, sparing the pipeline a copy of clean text.
    bool copyWhenUnchanged = true;
    // Receives every fix, unless there are more than `maxEdits` (the pipeline's report is full
    // then: no later change is listed, so no offset needs mapping back through them).
    std::vector<TextEdit>* edits = nullptr;
    std::uint64_t maxEdits = std::numeric_limits<std::uint64_t>::max();
    // Out: where the fixes stand in the result (in order), for a later round's `only`: only those
    // a later round judges, the fixes in a run where the sieve finds a start (the others it passes
    // over). The reference (mojibake_reference.h) hands on every fix.
    std::vector<ByteSpan>* written = nullptr;
    bool knownWellFormed = false; // spares the validating scan
    // For a text that is the result of an earlier repair: in, what the earlier repairs of the
    // document found it mis-decoded through, counted as if found in this text; out, with this
    // repair's added. Repairs change their neighbours' context, so the pipeline repairs again
    // until nothing changes, and the later rounds need the document's evidence: the text they
    // see has little damage left to show it.
    MojibakeEvidence* evidence = nullptr;
    // Judge only the runs (non-ASCII characters and the spaces between them) that hold a byte of
    // these spans, sorted: where an earlier round wrote its fixes, the only text whose context
    // changed. Null: every run.
    const std::vector<ByteSpan>* only = nullptr;
    // The parts the text is cut into, each judged on a thread of its own; 0: by the text's size
    // (parts of 1 MiB or more) and the CPU's cores. The result is the same for any number.
    unsigned parts = 0;
};

// As repairMojibake(), run as `run` says.
MojibakeResult repairMojibake(std::string_view utf8, const MojibakeOptions& options,
                              const MojibakeRun& run);

} // namespace u8convert::detail
