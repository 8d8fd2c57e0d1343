// The closest known word to a misspelt one: "unknown option '--mojibak'; did you mean
// '--mojibake'?", "unknown command 'chek'; did you mean 'check'?".
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace u8cli {

// The optimal string alignment distance: insertions, deletions, substitutions and swaps of two
// neighbours ("hlep" is one edit from "help"), each counting 1.
std::size_t editDistance(std::string_view a, std::string_view b);

// The candidate closest to `typed`, if it is close enough to be what was meant: one edit for a
// word of up to three characters, else two or one per three characters, whichever is more; or
// else the one candidate that `typed` starts. Ties go to the earlier candidate.
std::optional<std::string> closestMatch(std::string_view typed,
                                        std::span<const std::string> candidates);

} // namespace u8cli
