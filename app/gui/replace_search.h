// What Replace All changes: every match of a query from the start of the document to its end,
// not overlapping (after a match the search goes on at its end, as editors replace), each with
// the replacement bytes in its place. No Qt widgets: the dialog runs it on a worker thread.
#pragma once

#include "document_history.h"
#include "find_engine.h"

#include <QByteArray>
#include <optional>
#include <vector>

namespace u8app {

class JobControl;

// The splices that replace every match of `engine` in `source` by `with`, in ascending order;
// nullopt when cancelled. At most `limit` of them: `more` is then set when another match
// follows, so that nothing is replaced silently in part.
std::optional<std::vector<u8doc::DocumentHistory::Splice>>
gatherReplacements(const u8codec::ByteSource& source, const u8doc::FindEngine& engine,
                   const QByteArray& with, JobControl& control, std::size_t limit, bool* more);

} // namespace u8app
