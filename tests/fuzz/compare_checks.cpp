// The comparison's checks (issue 36): the alignment's edit script, applied to A, gives B, its
// blocks in order and disjoint, and never longer than the bound allows; compareTexts() says
// "same bytes" exactly for equal inputs, and its hunks lie inside both inputs in order, with and
// without the places under a verdict (hunksWithVerdict, where the lines may be paired).
#include "compare_diff.h"
#include "fuzz_checks.h"
#include "u8convert/compare.h"

#include <algorithm>
#include <vector>

namespace u8fuzz {
namespace {

using u8convert::compare_detail::Alignment;
using u8convert::compare_detail::EditBlock;

// The edit script applied to `a` (B's symbols taken from `b` where the script inserts them).
std::string checkScript(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b,
                        const Alignment& al, std::uint64_t bound) {
    std::vector<std::uint32_t> rebuilt;
    std::size_t at = 0, cost = 0, lastB = 0;
    for (const EditBlock& e : al.blocks) {
        if (e.aBegin < at || e.aEnd < e.aBegin || e.bEnd < e.bBegin || e.aEnd > a.size() ||
            e.bEnd > b.size() || e.bBegin < lastB)
            return "alignment: blocks out of order or out of range";
        if (e.bBegin - lastB != e.aBegin - at)
            return "alignment: the equal stretch between blocks differs in length";
        rebuilt.insert(rebuilt.end(), a.begin() + long(at), a.begin() + long(e.aBegin));
        rebuilt.insert(rebuilt.end(), b.begin() + long(e.bBegin), b.begin() + long(e.bEnd));
        cost += (e.aEnd - e.aBegin) + (e.bEnd - e.bBegin);
        at = e.aEnd;
        lastB = e.bEnd;
    }
    rebuilt.insert(rebuilt.end(), a.begin() + long(at), a.end());
    if (rebuilt != b)
        return "alignment: the edit script applied to A does not give B";
    if (!al.gaveUp && cost > bound)
        return "alignment: a script longer than its bound";
    return {};
}

} // namespace

std::string checkCompareFast(std::span<const std::uint8_t> data) {
    if (data.empty())
        return {};
    // The first byte says where A ends and B begins, and the bound on the script.
    const std::size_t cut = std::size_t(data[0]) * (data.size() - 1) / 255;
    const auto a = data.subspan(1, cut), b = data.subspan(1 + cut);
    const std::uint64_t bound = 1 + data[0] % 64;
    // Symbols from few values, so that equal stretches are common.
    std::vector<std::uint32_t> sa, sb;
    for (std::uint8_t x : a)
        sa.push_back(x % 4);
    for (std::uint8_t x : b)
        sb.push_back(x % 4);
    std::string failure =
        checkScript(sa, sb, u8convert::compare_detail::align(sa, sb, bound), bound);
    if (!failure.empty())
        return failure;
    // Also with the places under a verdict (the window's options), whose lines may be paired.
    for (const bool withVerdict : {false, true}) {
        u8convert::CompareOptions options;
        options.maxEditCost = bound;
        options.hunksWithVerdict = withVerdict;
        const u8convert::CompareResult r = u8convert::compareTexts(a, b, options);
        if (!r.status.ok())
            return "compareTexts: not ok: " + r.status.message();
        const bool equal = std::equal(a.begin(), a.end(), b.begin(), b.end());
        if (equal != (r.verdict == u8convert::CompareVerdict::SameBytes))
            return "compareTexts: same bytes said of different inputs, or not of equal ones";
        std::uint64_t lastA = 0, lastB = 0;
        for (const u8convert::CompareHunk& h : r.hunks) {
            if (h.a.offset + h.a.length > a.size() || h.b.offset + h.b.length > b.size())
                return "compareTexts: a hunk outside its file";
            if (h.a.offset < lastA || h.b.offset < lastB)
                return "compareTexts: hunks out of order";
            lastA = h.a.offset;
            lastB = h.b.offset;
        }
        if (r.hunks.size() > r.hunkCount)
            return "compareTexts: more hunks than counted";
    }
    return {};
}

} // namespace u8fuzz
