#include "compare_alignment.h"

#include "u8convert/compare.h"

#include <algorithm>

namespace u8app {
namespace {

// value * to / from without overflow (0 when from is 0).
quint64 proportion(quint64 value, quint64 from, quint64 to) {
    if (from == 0)
        return 0;
    return quint64((unsigned __int128)value * to / from);
}

} // namespace

CompareAlignment::CompareAlignment(quint64 sizeA, quint64 sizeB) : size_{sizeA, sizeB} {}

CompareAlignment::CompareAlignment(const u8convert::CompareResult& r)
    : size_{r.a.size, r.b.size},
      byteForByte_(r.a.encoding == r.b.encoding || r.a.encoding.empty() || r.b.encoding.empty()),
      complete_(r.hunkCount <= r.hunks.size()) {
    anchors_.reserve(r.hunks.size());
    for (const u8convert::CompareHunk& h : r.hunks)
        anchors_.push_back(
            {{h.a.offset, h.b.offset}, {h.a.offset + h.a.length, h.b.offset + h.b.length}});
}

quint64 CompareAlignment::map(Side from, quint64 offset) const {
    const int f = from == Side::A ? 0 : 1, t = 1 - f;
    const quint64 toLast = size_[t] > 0 ? size_[t] - 1 : 0;
    if (!byteForByte_)
        return std::min(proportion(offset, size_[f], size_[t]), toLast);
    // The last hunk that starts at or before `offset`.
    const auto after = std::upper_bound(anchors_.begin(), anchors_.end(), offset,
                                        [f](quint64 o, const Anchor& a) { return o < a.start[f]; });
    if (after == anchors_.begin())
        return std::min(offset, toLast); // the files start with the same bytes
    const Anchor& a = *(after - 1);
    quint64 mapped;
    if (offset < a.end[f]) {
        mapped = a.start[t] +
                 proportion(offset - a.start[f], a.end[f] - a.start[f], a.end[t] - a.start[t]);
    } else if (after == anchors_.end() && !complete_) {
        // Hunks past those listed are not known: what is left, in proportion.
        mapped = a.end[t] + proportion(offset - a.end[f], size_[f] - a.end[f],
                                       size_[t] - std::min(size_[t], a.end[t]));
    } else {
        mapped = a.end[t] + (offset - a.end[f]);
    }
    return std::min(mapped, toLast);
}

} // namespace u8app
