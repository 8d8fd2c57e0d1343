// The line of each change a repair reports, so that the preview can group a record's fixes (a
// CSV row, a log line, a name in a list) the way `repair --scope=line` judges them.
#pragma once

#include "u8codec/byte_source.h"
#include "u8convert/repair.h"

#include <QtGlobal>
#include <functional>
#include <optional>
#include <vector>

namespace u8app {

// The 1-based line (lines end at LF) of each change's offset in `source`, in the order of
// `changes`, counted in one pass over the bytes up to the last change; nullopt when `cancelled`
// says so or the source could not be read to there.
std::optional<std::vector<quint64>>
linesOfChanges(const u8codec::ByteSource& source,
               const std::vector<u8convert::RepairChange>& changes,
               const std::function<bool()>& cancelled = {});

} // namespace u8app
