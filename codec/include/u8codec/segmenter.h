// The exact, incremental UTF-8 segmenter.
#pragma once

#include "u8codec/byte_class.h"
#include "u8codec/segment.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

namespace u8codec {

// Splits a byte stream into Segments. Bytes may be fed in chunks of any size: the segments are
// the same as for one buffer, sequences split across chunks included, because the segmenter
// keeps the (at most 3) bytes of an unfinished sequence between calls.
//
// The state machine is the one of the Unicode Standard, chapter 3 (table 3-7 and "U+FFFD
// Substitution of Maximal Subparts"), as the WHATWG UTF-8 decoder writes it: a lead sets how many
// continuation bytes follow and the range the first of them must fall in; a byte outside that
// range ends the maximal subpart seen so far as one error segment and is then read afresh.
class Segmenter {
public:
    explicit Segmenter(std::uint64_t startOffset = 0) noexcept : offset_(startOffset) {}

    // Feeds bytes; for every segment completed by them, in order, calls sink(const Segment&) or,
    // if the sink accepts it, sink(const Segment&, std::span<const std::uint8_t> bytesOfSegment)
    // (the bytes stay valid only during the call).
    template <class Sink> void feed(std::span<const std::uint8_t> bytes, Sink&& sink);
    // Ends the stream: an unfinished sequence becomes a Truncated error segment.
    template <class Sink> void finish(Sink&& sink);

    // Offset of the next byte to be fed.
    [[nodiscard]] std::uint64_t offset() const noexcept { return offset_; }
    // True when no sequence is pending (the next byte starts a segment).
    [[nodiscard]] bool atBoundary() const noexcept { return needed_ == 0; }

private:
    // Not "emit": Qt defines that as a macro, and Qt code includes this header.
    template <class Sink>
    static void deliver(Sink& sink, const Segment& s, const std::uint8_t* bytes);

    std::uint64_t offset_;
    std::uint64_t pendingStart_ = 0;
    char32_t codePoint_ = 0;
    std::uint8_t needed_ = 0;      // continuation bytes still expected
    std::uint8_t seen_ = 0;        // bytes of the pending sequence so far (lead included)
    std::uint8_t pending_[4] = {}; // the bytes of the pending sequence
    std::uint8_t low_ = 0x80;
    std::uint8_t high_ = 0xBF;
};

// The kind of an error segment from its first byte and the byte after it (`next` is -1 at the
// end of the data). This is the single place where the kinds are decided.
[[nodiscard]] ErrorKind errorKindOf(std::uint8_t b0, int next) noexcept;

// The error a restricted lead's narrower first-continuation range (byte_class.h's
// firstContinuationRange) prevents: Overlong for E0 and F0, Surrogate for ED, TooLarge for F4;
// None for every other byte (Unicode Standard chapter 3, table 3-7).
[[nodiscard]] ErrorKind errorPreventedBy(std::uint8_t lead) noexcept;

// All segments of a buffer, in order.
[[nodiscard]] std::vector<Segment> segment(std::span<const std::uint8_t> bytes,
                                           std::uint64_t baseOffset = 0);

// --- implementation -----------------------------------------------------------------------

template <class Sink>
void Segmenter::deliver(Sink& sink, const Segment& s, const std::uint8_t* bytes) {
    if constexpr (std::is_invocable_v<Sink&, const Segment&, std::span<const std::uint8_t>>)
        sink(s, std::span<const std::uint8_t>(bytes, s.length));
    else
        sink(s);
}

template <class Sink> void Segmenter::feed(std::span<const std::uint8_t> bytes, Sink&& sink) {
    for (const std::uint8_t& b : bytes) {
        if (needed_ != 0) {
            if (b >= low_ && b <= high_) {
                low_ = 0x80;
                high_ = 0xBF;
                codePoint_ = (codePoint_ << 6) | (b & 0x3F);
                pending_[seen_++] = b;
                ++offset_;
                if (--needed_ == 0) {
                    deliver(sink, Segment{pendingStart_, seen_, ErrorKind::None, codePoint_},
                            pending_);
                    seen_ = 0;
                }
                continue;
            }
            // The maximal subpart ends before b, which is then read as the start of a new
            // segment. The error kind needs the byte after the lead: if only the lead was seen,
            // that byte is b itself.
            const int next = seen_ == 1 ? int(b) : int(pending_[1]);
            const Segment s{pendingStart_, seen_, errorKindOf(pending_[0], next), 0};
            needed_ = 0;
            seen_ = 0;
            low_ = 0x80;
            high_ = 0xBF;
            deliver(sink, s, pending_);
        }
        if (b < 0x80) {
            deliver(sink, Segment{offset_, 1, ErrorKind::None, b}, &b);
        } else if (b >= 0xC2 && b <= 0xF4) {
            pendingStart_ = offset_;
            pending_[0] = b;
            seen_ = 1;
            if (b < 0xE0) {
                needed_ = 1;
                codePoint_ = b & 0x1F;
            } else if (b < 0xF0) {
                needed_ = 2;
                codePoint_ = b & 0x0F;
            } else {
                needed_ = 3;
                codePoint_ = b & 0x07;
            }
            const ByteRange r = firstContinuationRange(b);
            low_ = r.low;
            high_ = r.high;
        } else {
            deliver(sink, Segment{offset_, 1, errorKindOf(b, -1), 0}, &b);
        }
        ++offset_;
    }
}

template <class Sink> void Segmenter::finish(Sink&& sink) {
    if (needed_ == 0)
        return;
    const Segment s{pendingStart_, seen_,
                    errorKindOf(pending_[0], seen_ >= 2 ? int(pending_[1]) : -1), 0};
    needed_ = 0;
    seen_ = 0;
    low_ = 0x80;
    high_ = 0xBF;
    deliver(sink, s, pending_);
}

} // namespace u8codec
