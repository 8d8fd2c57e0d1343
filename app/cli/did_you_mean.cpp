#include "did_you_mean.h"

#include <algorithm>
#include <vector>

namespace u8cli {

std::size_t editDistance(std::string_view a, std::string_view b) {
    // Three rows of the dynamic-programming table: the swap looks two rows back.
    std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        previous[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        current[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitution});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                current[j] = std::min(current[j], before[j - 2] + 1);
        }
        std::swap(before, previous);
        std::swap(previous, current);
    }
    return previous[b.size()];
}

std::optional<std::string> closestMatch(std::string_view typed,
                                        std::span<const std::string> candidates) {
    const std::string* best = nullptr;
    std::size_t bestDistance =
        (typed.size() <= 3 ? 1 : std::max<std::size_t>(2, typed.size() / 3)) + 1;
    const std::string* prefixOf = nullptr;
    int prefixCount = 0;
    for (const std::string& c : candidates) {
        const std::size_t d = editDistance(typed, c);
        if (d < bestDistance) {
            bestDistance = d;
            best = &c;
        }
        if (typed.size() >= 2 && c.starts_with(typed)) {
            prefixOf = &c;
            ++prefixCount;
        }
    }
    if (best)
        return *best;
    if (prefixCount == 1)
        return *prefixOf;
    return std::nullopt;
}

} // namespace u8cli
