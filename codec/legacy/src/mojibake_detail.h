// Library-internal entry points of the mojibake repair.
#pragma once

#include "u8codec/mojibake.h"
#include "u8codec/repair.h"

namespace u8codec::detail {

// As repairMojibake(); with copyWhenUnchanged false, `text` stays empty when nothing was fixed,
// sparing the repair pipeline a copy of clean text. `edits` (optional) receives every fix.
MojibakeResult repairMojibake(std::string_view utf8, const MojibakeOptions& options,
                              bool copyWhenUnchanged, std::vector<TextEdit>* edits = nullptr);

} // namespace u8codec::detail
