// Moving through a stream by segment: "next invalid", "previous non-ASCII" and the like, over a
// ByteSource of any size, reading it in bounded chunks.
#pragma once

#include "u8codec/byte_source.h"
#include "u8codec/problem.h"
#include "u8codec/segment.h"

#include <atomic>
#include <cstdint>
#include <optional>

namespace u8codec {

// The most bytes a navigation step reads at a time (plus the few bytes of look-behind and
// look-ahead that local segmentation needs, see local_segments.h); steps start with 1 KiB and
// double up to this.
inline constexpr std::uint64_t kNavigateChunk = 64 * 1024;

// Every search below reads the source chunk by chunk and stops, returning nullopt, as soon as
// `cancel` (when given) becomes true: a window runs them in the background over gigabytes and
// drops a step the user has moved on from.

// The first error segment that starts at or after `from`, or nullopt if there is none before the
// end. A segment that begins before `from` and overlaps it is not returned: to step from the
// segment at the cursor to the next one, pass that segment's end().
//
// Every answer equals what segmenting the whole stream gives: each chunk is segmented from a
// resynchronisation point at most kMaxLookBehind bytes before it (RFC 3629 section 1: octet
// boundaries are readily found), so errors that straddle chunk edges are found exactly once.
[[nodiscard]] std::optional<Segment> findNextError(const ByteSource& source, std::uint64_t from,
                                                   const std::atomic<bool>* cancel = nullptr);

// The last error segment that starts before `before`, or nullopt.
[[nodiscard]] std::optional<Segment> findPreviousError(const ByteSource& source,
                                                       std::uint64_t before,
                                                       const std::atomic<bool>* cancel = nullptr);

// The first segment (a character or an error) that starts at or after `from` and is not a 1-byte
// ASCII character: the next multi-byte character or error.
[[nodiscard]] std::optional<Segment> findNextNonAscii(const ByteSource& source, std::uint64_t from,
                                                      const std::atomic<bool>* cancel = nullptr);

// The last segment that starts before `before` and is not a 1-byte ASCII character.
[[nodiscard]] std::optional<Segment>
findPreviousNonAscii(const ByteSource& source, std::uint64_t before,
                     const std::atomic<bool>* cancel = nullptr);

// How far problemAt looks on each side of the offset.
inline constexpr std::uint64_t kProblemContext = 256;

// The Problem (problem.h) that covers `offset`, or nullopt when the byte there belongs to a valid
// character. Computed from a bounded neighbourhood, never the whole source: a problem never spans
// a valid character (a valid segment ends every pending problem), so a ProblemScanner started
// just after the last valid segment before the offset and stopped at the first valid segment
// after it groups the bytes exactly as a whole-stream scan does. Only a run of error segments
// longer than kProblemContext on a side (a long run of stray continuation bytes) is cut to the
// neighbourhood.
[[nodiscard]] std::optional<Problem> problemAt(const ByteSource& source, std::uint64_t offset);

} // namespace u8codec
