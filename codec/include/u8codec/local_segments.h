// Segments of a window of a large stream, from a bounded number of neighbouring bytes.
#pragma once

#include "u8codec/byte_source.h"
#include "u8codec/segment.h"

#include <cstdint>
#include <span>
#include <vector>

namespace u8codec {

// UTF-8 resynchronises quickly (RFC 3629 section 1: "the octet boundaries are readily found"):
// every byte that is not a continuation byte (not 10xxxxxx) starts a new segment, and no segment
// is longer than 4 bytes. So the segment containing offset P starts no earlier than P - 3, and
// the one starting at P - 1 is decided by at most the 4 bytes from it.
inline constexpr int kMaxLookBehind = 3;
inline constexpr int kMaxLookAhead = 3;

// The segments that overlap [from, to) of a stream, computed from `window`, which holds the
// stream's bytes starting at `windowOffset`. The window must start at or before
// from - kMaxLookBehind (or at 0) and reach to + kMaxLookAhead (or the end of the stream, in
// which case `windowReachesEnd` is true). The result equals what segmenting the whole stream and
// keeping the overlapping segments gives.
[[nodiscard]] std::vector<Segment> segmentsInWindow(std::span<const std::uint8_t> window,
                                                    std::uint64_t windowOffset,
                                                    bool windowReachesEnd, std::uint64_t from,
                                                    std::uint64_t to);

// The same, reading the neighbourhood from a source (at most to - from + 6 bytes are read).
[[nodiscard]] std::vector<Segment> segmentsInRange(const ByteSource& source, std::uint64_t from,
                                                   std::uint64_t to);

// The segment containing `offset` (offset < source.size()).
[[nodiscard]] Segment segmentAt(const ByteSource& source, std::uint64_t offset);

} // namespace u8codec
