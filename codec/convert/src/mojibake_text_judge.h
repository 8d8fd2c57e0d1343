// A stretch of text judged both ways the mojibake repair judges it: the hand-written costs
// (textCost(), mojibake_score.h) and the plausibility model (plausibility(),
// mojibake_plausibility.h), remembered per thread. Library-internal.
//
// Why remembered: both are pure functions of the stretch and its two neighbours, and a repair
// asks the same few again and again. The second pass judges the searches of the first with the
// text's evidence (which changes the decisions, not these judgements); a fix's neighbours are
// judged again; the pages that agree on a stretch's bytes read it the same way; and the strings
// of a column repeat their damaged words. On the short-string corpus more than half of the
// judgements are repeats within one string's repair.
#pragma once

#include <span>

namespace u8convert::detail::mojibake {

struct TextJudgement {
    int cost;       // textCost()
    int likelihood; // plausibility()
};

// textCost() and plausibility() of `middle` between `before` and `after`, exactly.
TextJudgement judgeText(char32_t before, std::span<const char32_t> middle, char32_t after);

} // namespace u8convert::detail::mojibake
