// Library-internal entry points of the mojibake repair.
#pragma once

#include "u8codec/mojibake.h"
#include "u8codec/repair.h"

namespace u8codec::detail {

// As repairMojibake(); with copyWhenUnchanged false, `text` stays empty when nothing was fixed,
// sparing the repair pipeline a copy of clean text. `edits` (optional) receives every fix.
// knownWellFormed spares the validating scan when the caller has just made the text valid.
// fastPaths false judges every run afresh, without the shortcuts that must not change the
// result (runs met before, quick rejection of clean text): the reference the tests compare with.
MojibakeResult repairMojibake(std::string_view utf8, const MojibakeOptions& options,
                              bool copyWhenUnchanged, std::vector<TextEdit>* edits = nullptr,
                              bool knownWellFormed = false, bool fastPaths = true);

} // namespace u8codec::detail
