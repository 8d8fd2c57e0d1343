// Library-internal: the alignment of a comparison, Myers's O((N+M)D) difference algorithm
// (E. W. Myers, "An O(ND) Difference Algorithm and Its Variations", Algorithmica 1986) over two
// sequences of symbols, with a bound on its cost D as GNU diff bounds its work on large inputs.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace u8convert::compare_detail {

// A stretch where the sequences differ: a[aBegin, aEnd) was replaced by b[bBegin, bEnd) (either
// may be empty).
struct EditBlock {
    std::size_t aBegin = 0, aEnd = 0, bBegin = 0, bEnd = 0;
};

struct Alignment {
    std::vector<EditBlock> blocks; // in order
    // The edit script is longer than maxCost: the part between the equal prefix and suffix is
    // then one block.
    bool gaveUp = false;
    bool cancelled = false; // keepGoing said no: no blocks
};

// The shortest edit script's blocks. Equal heads and tails are skipped first (the common case of
// a few edits in a long text costs nothing for them). Memory: about D^2 / 2 ints of trace.
// `keepGoing`, when set, is asked before each round of the search (a round costs O(D) steps, a
// long one up to the sequences' length): false stops it, and the alignment is cancelled.
[[nodiscard]] Alignment align(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                              std::uint64_t maxCost, const std::function<bool()>& keepGoing = {});

} // namespace u8convert::compare_detail
