// Library-internal entry points of the mojibake repair.
#pragma once

#include "u8codec/mojibake.h"

namespace u8codec::detail {

// As repairMojibake(); with copyWhenUnchanged false, `text` stays empty when nothing was fixed,
// sparing the repair pipeline a copy of clean text.
MojibakeResult repairMojibake(std::string_view utf8, const MojibakeOptions& options,
                              bool copyWhenUnchanged);

} // namespace u8codec::detail
