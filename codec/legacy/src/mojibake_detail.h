// Library-internal entry points of the mojibake repair.
#pragma once

#include "u8codec/mojibake.h"
#include "u8codec/repair.h"

#include <array>
#include <cstdint>

namespace u8codec::detail {

// What a repair found a text mis-decoded through: [p] counts the fixes whose last mis-decoding
// was page p, [kCodePageCount + p] those with p deeper.
using MojibakeEvidence = std::array<std::uint64_t, 2 * kCodePageCount>;

// As repairMojibake(); with copyWhenUnchanged false, `text` stays empty when nothing was fixed,
// sparing the repair pipeline a copy of clean text. `edits` (optional) receives every fix.
// knownWellFormed spares the validating scan when the caller has just made the text valid.
// fastPaths false judges every run afresh, without the shortcuts that must not change the
// result (runs met before, quick rejection of clean text): the reference the tests compare with.
// `evidence` (optional), for a text that is the result of an earlier repair: in, what the
// earlier repairs of the document found, counted as if found in this text; out, with this
// repair's added. Repairs change their neighbours' context, so the pipeline repairs again until
// nothing changes, and the later rounds need the document's evidence: the text they see has
// little damage left to show it.
MojibakeResult repairMojibake(std::string_view utf8, const MojibakeOptions& options,
                              bool copyWhenUnchanged, std::vector<TextEdit>* edits = nullptr,
                              bool knownWellFormed = false, bool fastPaths = true,
                              MojibakeEvidence* evidence = nullptr);

} // namespace u8codec::detail
