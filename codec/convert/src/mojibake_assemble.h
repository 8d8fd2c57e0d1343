// The assembly of a mojibake repair's result from what the passes over the parts found.
// Library-internal.
#pragma once

#include "mojibake_detail.h"
#include "mojibake_pass.h"

#include <string_view>
#include <vector>

namespace u8convert::detail::mojibake {
using namespace u8codec;

// The report of the fix `d` made at byte `offset` of `utf8`.
MojibakeFix reportOf(std::string_view utf8, std::size_t offset, const Decision& d);
// The same written into `fix` (a new one): the assembly writes it in place in the result's list.
void reportInto(MojibakeFix& fix, std::string_view utf8, std::size_t offset, const Decision& d);

// The result of a repair: the text with the fixes the parts accepted and `confident` makes (a
// fix that needed a lost byte for every character only where the text holds evidence of its page
// elsewhere), its fix count, the first fixes reported, and the edits and spans `run` asks for.
void assemble(std::string_view utf8, const std::vector<Part>& parts, const Evidence& confident,
              const MojibakeOptions& options, const MojibakeRun& run, MojibakeResult& result);

} // namespace u8convert::detail::mojibake
