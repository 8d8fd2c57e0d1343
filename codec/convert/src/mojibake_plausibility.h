// The plausibility model of the mojibake repair: how likely a stretch of characters is in correct
// text of any language, learned from real text (codec/convert/model/build_plausibility.py; the
// design in docs/mojibake.md, "The plausibility model"). A character bigram model over folded
// characters (lower case, every digit "0", every space " "), rare characters standing for their
// general category, with a cost for a letter's case after a letter's. Where a text shows no
// damage through a page (one short string: a name, a title, a cell), a repair through it is
// judged by how much more likely the repair reads than the damaged characters. Library-internal.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace u8convert::detail::mojibake {

// Log probabilities are in 1/16 nat.
inline constexpr int kPlausibilityScale = 16;

// log P(middle, and the pair into `after` | before) under the model, in 1/16 nat.
int plausibility(char32_t before, std::span<const char32_t> middle, char32_t after);

// One pair of adjacent characters and what it adds to the log probability (1/16 nat).
struct PairScore {
    char32_t a, b;
    int logp;
};

// The pairs of `middle` between `before` and `after`, with their scores, in order.
std::vector<PairScore> scoredPairs(char32_t before, std::span<const char32_t> middle,
                                   char32_t after);

// "Ã‰ (-14.2), ‰C (-11.0)": the `most` least likely pairs of `pairs`, for --explain.
std::string leastLikelyPairs(const std::vector<PairScore>& pairs, std::size_t most);

} // namespace u8convert::detail::mojibake
