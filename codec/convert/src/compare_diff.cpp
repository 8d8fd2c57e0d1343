// Myers's greedy forward search for the shortest edit script, keeping each round's furthest
// reaching points (the "trace") to walk the path back. Bounded: past maxCost rounds the search
// stops, and the differing middle is reported as one block, the way GNU diff's heuristics give up
// on optimality for large inputs rather than run for hours.
#include "compare_diff.h"

#include <algorithm>

namespace u8convert::compare_detail {
namespace {

enum class Outcome { Found, GaveUp, Cancelled };

// The search on sequences with no common head or tail; blocks are offset by `base`.
Outcome search(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
               std::uint64_t maxCost, std::size_t baseA, std::size_t baseB,
               const std::function<bool()>& keepGoing, std::vector<EditBlock>& out) {
    const long n = long(a.size()), m = long(b.size());
    const long maxD = long(std::min<std::uint64_t>(maxCost, std::uint64_t(n + m)));
    std::vector<long> v(std::size_t(2 * maxD + 3), 0);
    const long off = maxD + 1;
    // trace[d]: v[-d..d] after round d, 32 bits each (half the memory of the search's own).
    std::vector<std::vector<std::int32_t>> trace;
    long found = -1;
    for (long d = 0; d <= maxD && found < 0; ++d) {
        if (keepGoing && !keepGoing())
            return Outcome::Cancelled;
        for (long k = -d; k <= d; k += 2) {
            long x = (k == -d || (k != d && v[off + k - 1] < v[off + k + 1])) ? v[off + k + 1]
                                                                              : v[off + k - 1] + 1;
            long y = x - k;
            while (x < n && y < m && a[std::size_t(x)] == b[std::size_t(y)])
                ++x, ++y;
            v[off + k] = x;
            if (x >= n && y >= m)
                found = d;
        }
        trace.emplace_back(v.begin() + (off - d), v.begin() + (off + d + 1));
    }
    if (found < 0)
        return Outcome::GaveUp;
    // Walk back from (n, m): each round is one insertion or deletion after a diagonal snake.
    std::vector<EditBlock> reversed;
    long x = n, y = m;
    for (long d = found; d > 0; --d) {
        const std::vector<std::int32_t>& pv = trace[std::size_t(d - 1)];
        const auto at = [&](long k) { return long(pv[std::size_t(k + d - 1)]); };
        const long k = x - y;
        const bool down = k == -d || (k != d && at(k - 1) < at(k + 1));
        const long pk = down ? k + 1 : k - 1;
        const long px = at(pk), py = px - pk;
        // The move from (px, py) is one step (down: insertion of b[py]; right: deletion of
        // a[px]), then the snake to (x, y).
        const long ex = down ? px : px + 1, ey = down ? py + 1 : py;
        EditBlock e{std::size_t(px), std::size_t(ex), std::size_t(py), std::size_t(ey)};
        if (!reversed.empty() && reversed.back().aBegin == e.aEnd &&
            reversed.back().bBegin == e.bEnd && ex == x && ey == y) {
            reversed.back().aBegin = e.aBegin;
            reversed.back().bBegin = e.bBegin;
        } else {
            reversed.push_back(e);
        }
        x = px;
        y = py;
    }
    for (auto it = reversed.rbegin(); it != reversed.rend(); ++it)
        out.push_back({it->aBegin + baseA, it->aEnd + baseA, it->bBegin + baseB, it->bEnd + baseB});
    return Outcome::Found;
}

} // namespace

Alignment align(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b,
                std::uint64_t maxCost, const std::function<bool()>& keepGoing) {
    std::size_t head = 0;
    while (head < a.size() && head < b.size() && a[head] == b[head])
        ++head;
    std::size_t tail = 0;
    while (tail < a.size() - head && tail < b.size() - head &&
           a[a.size() - 1 - tail] == b[b.size() - 1 - tail])
        ++tail;
    const auto ma = a.subspan(head, a.size() - head - tail);
    const auto mb = b.subspan(head, b.size() - head - tail);
    Alignment r;
    if (ma.empty() && mb.empty())
        return r;
    switch (search(ma, mb, maxCost, head, head, keepGoing, r.blocks)) {
    case Outcome::Found:
        break;
    case Outcome::GaveUp:
        r.blocks.assign(1, {head, head + ma.size(), head, head + mb.size()});
        r.gaveUp = true;
        break;
    case Outcome::Cancelled:
        r.blocks.clear();
        r.cancelled = true;
        break;
    }
    return r;
}

} // namespace u8convert::compare_detail
