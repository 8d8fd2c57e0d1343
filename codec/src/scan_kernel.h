// The block kernels behind Scanner (private to u8codec): they count characters by length, error
// segments by kind and line-ending bytes over 64-byte blocks, starting at a character boundary,
// and return the boundary up to which everything is counted; Scanner gives the rest (less than
// two blocks at the end of a chunk, or a stretch a kernel leaves) to the exact Segmenter.
//
// - AVX2: runs of ASCII in a light loop; other blocks validated with the vector check of Keiser
//   and Lemire and, when valid, counted by their lead bytes (in well-formed UTF-8 every character
//   has exactly one lead, whose class gives the length, RFC 3629 section 3); a block that is not
//   valid starts a stretch counted with byte-class masks (countWindow below) until 64 bytes are
//   valid again.
// - SSE2: ASCII blocks with 16-byte compares; all other text with countWindow.
// - Scalar (portable): ASCII in 64-bit words; other blocks validated by the table-driven DFA
//   below and counted by lead bytes; a block that is not valid starts a stretch counted with
//   countWindow, as in the AVX2 kernel.
// Where a kernel stops after counting blocks by their leads, a character whose continuation bytes
// lie past the stopping point is taken back (backUpToBoundary), so it stops at a boundary.
#pragma once

#include "u8codec/byte_class.h"
#include "u8codec/segment.h"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace u8codec::detail {

inline constexpr std::size_t kBlockSize = 64;

struct KernelCounts {
    std::array<std::uint64_t, 5> byLength{};             // [1]..[4], like ScanSummary::byLength
    std::array<std::uint64_t, kErrorKindCount> errors{}; // error segments, by ErrorKind
    std::uint64_t lineFeeds = 0;
    std::uint64_t carriageReturns = 0;
    std::uint64_t crlf = 0;
};

struct KernelResult {
    // Segments of [0, boundary) are counted and `boundary` is a character boundary.
    std::size_t boundary = 0;
    // Line-ending bytes of [0, linesEnd) are counted.
    std::size_t linesEnd = 0;
    // The kernel stopped at errors too close to the end for the look-ahead of countWindow: the
    // bytes from `boundary` to `linesEnd` need the exact Segmenter.
    bool error = false;
};

// Each kernel reads p[0..n), p[0] being at a character boundary; `previous` is the byte before
// p[0] in the stream (for a CR LF pair split there), 0 at the start.
[[nodiscard]] KernelResult scanBlocksScalar(const std::uint8_t* p, std::size_t n,
                                            std::uint8_t previous, KernelCounts& counts) noexcept;
#if defined(__x86_64__)
#define U8CODEC_X86_KERNELS 1
[[nodiscard]] KernelResult scanBlocksSse2(const std::uint8_t* p, std::size_t n,
                                          std::uint8_t previous, KernelCounts& counts) noexcept;
[[nodiscard]] KernelResult scanBlocksAvx2(const std::uint8_t* p, std::size_t n,
                                          std::uint8_t previous, KernelCounts& counts) noexcept;
#endif

// Length of the run of ASCII bytes at the start of p[0..n), with the best kernel of this CPU.
[[nodiscard]] std::size_t asciiRunLength(const std::uint8_t* p, std::size_t n) noexcept;
// The same with a given kernel.
[[nodiscard]] std::size_t asciiRunLengthScalar(const std::uint8_t* p, std::size_t n) noexcept;
#if defined(U8CODEC_X86_KERNELS)
[[nodiscard]] std::size_t asciiRunLengthSse2(const std::uint8_t* p, std::size_t n) noexcept;
[[nodiscard]] std::size_t asciiRunLengthAvx2(const std::uint8_t* p, std::size_t n) noexcept;
#endif

// How many bytes the kernels take the character starting with byte b to have, from the high
// bits alone (1 for ASCII, 0 for a continuation). For a valid lead this is its sequence length
// (RFC 3629 section 3); the AVX2 kernel also counts C0 C1 (2) and F5-FF (4) this way when such a
// byte ends a block, because no byte after it has shown it to be an error yet.
[[nodiscard]] constexpr std::size_t countedLength(std::uint8_t b) noexcept {
    if (b < 0x80)
        return 1;
    if (b < 0xC0)
        return 0;
    return b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
}

// The stopping point `s` of a kernel lies after a stretch that is valid except, possibly, for an
// unfinished last character (its continuations lie at or after s; or a lone C0 C1 F5-FF at s-1,
// the one invalid byte the vector check cannot see before the byte after it). Returns the first
// byte of that character if there is one, otherwise s: the character boundary at or before s.
// Only bytes at or after p[0] are read.
[[nodiscard]] inline std::size_t lastBoundary(const std::uint8_t* p, std::size_t s) noexcept {
    for (std::size_t k = 1; k <= 3 && k <= s; ++k) {
        const std::size_t length = countedLength(p[s - k]);
        if (length == 0)
            continue; // a continuation: its lead is further back
        return k < length ? s - k : s;
    }
    return s; // three continuations: the last character is a complete 4-byte one
}

// lastBoundary() for a kernel that has counted the characters up to s by their leads: the count
// of an unfinished last character is taken back.
[[nodiscard]] inline std::size_t backUpToBoundary(const std::uint8_t* p, std::size_t s,
                                                  KernelCounts& counts) noexcept {
    const std::size_t boundary = lastBoundary(p, s);
    if (boundary != s)
        --counts.byLength[countedLength(p[boundary])];
    return boundary;
}

// How far p[0..n) (p[0] at a character boundary) is well-formed, checked 64 bytes at a time
// without counting anything, for copying well-formed text whole (Decoder). Returns a boundary b
// such that p[0..b) is whole well-formed characters; the check stops at the first block that
// holds an error, or before the last bytes that make no whole block, so the first error segment
// of p[b..n), if any, starts before b + 64 + 3 (the block and the unfinished character before it).
[[nodiscard]] std::size_t wellFormedBlocks(const std::uint8_t* p, std::size_t n) noexcept;
// The same with a given kernel (the SSE2 path uses the scalar one).
[[nodiscard]] std::size_t wellFormedBlocksScalar(const std::uint8_t* p, std::size_t n) noexcept;
#if defined(U8CODEC_X86_KERNELS)
[[nodiscard]] std::size_t wellFormedBlocksAvx2(const std::uint8_t* p, std::size_t n) noexcept;
#endif

// --- The table-driven validator (scalar and SSE2 kernels) -------------------------------------
//
// A deterministic automaton over bytes whose states are "at a boundary", "reject", and "k more
// continuation bytes expected, the next one in [low, high]". It is built at compile time from
// classify() and firstContinuationRange(), so it encodes no rule of its own: a lead of length L
// expects L-1 continuations, the first in the lead's range (RFC 3629 section 4), the others in
// 80-BF. It is laid out as a "shift DFA": row[b] holds, in 6-bit fields, the next state for
// every current state, so one step is a shift whose amount is the current state; the load of
// row[b] does not depend on the state, which keeps the dependency chain to one shift per byte.
class ShiftDfa {
public:
    static constexpr unsigned kAccept = 0; // at a character boundary (state offset 0)

    constexpr ShiftDfa() {
        State states[kMaxStates]{};
        int count = 2; // 0 = accept, 1 = reject
        auto find = [&](State s) {
            for (int i = 2; i < count; ++i)
                if (states[i].remaining == s.remaining && states[i].low == s.low &&
                    states[i].high == s.high)
                    return i;
            states[count] = s;
            return count++;
        };
        int next[kMaxStates][256]{};
        // Breadth-first over the states reachable from "accept".
        for (int i = 0; i < count; ++i) {
            for (int b = 0; b < 256; ++b) {
                const auto byte = std::uint8_t(b);
                int to = 1;
                if (i == 0) {
                    const int length = sequenceLength(classify(byte));
                    if (length == 1)
                        to = 0;
                    else if (length > 1) {
                        const ByteRange r = firstContinuationRange(byte);
                        to = find(State{length - 1, r.low, r.high});
                    }
                } else if (i > 1 && byte >= states[i].low && byte <= states[i].high) {
                    to = states[i].remaining == 1
                             ? 0
                             : find(State{states[i].remaining - 1, 0x80, 0xBF});
                }
                next[i][b] = to;
            }
        }
        for (int b = 0; b < 256; ++b) {
            std::uint64_t row = 0;
            for (int i = 0; i < count; ++i)
                row |= std::uint64_t(next[i][b] * 6) << (i * 6);
            rows_[std::size_t(b)] = row;
        }
        reject_ = 6;
        states_ = count;
    }

    // One step: the state is kept as the shifted row, of which only the low 6 bits matter.
    [[nodiscard]] constexpr std::uint64_t step(std::uint64_t state, std::uint8_t b) const noexcept {
        return rows_[b] >> (state & 63);
    }
    [[nodiscard]] static constexpr unsigned offset(std::uint64_t state) noexcept {
        return unsigned(state & 63);
    }
    [[nodiscard]] constexpr bool rejected(std::uint64_t state) const noexcept {
        return offset(state) == reject_;
    }
    [[nodiscard]] constexpr int stateCount() const noexcept { return states_; }

private:
    static constexpr int kMaxStates = 10; // 6-bit fields: at most 10 fit in 64 bits
    struct State {
        int remaining = 0;
        std::uint8_t low = 0;
        std::uint8_t high = 0;
    };
    std::array<std::uint64_t, 256> rows_{};
    unsigned reject_ = 6;
    int states_ = 0;
};

inline constexpr ShiftDfa kShiftDfa{};
static_assert(kShiftDfa.stateCount() == 9, "accept, reject and 7 continuation states");

// Per-byte contribution to the counts of characters by length, packed in 16-bit fields
// [1]..[4] (ASCII bytes and leads; continuation and invalid bytes count nothing).
inline constexpr std::array<std::uint64_t, 256> kLeadCount = [] {
    std::array<std::uint64_t, 256> t{};
    for (int b = 0; b < 256; ++b) {
        const int length = sequenceLength(classify(std::uint8_t(b)));
        if (length > 0)
            t[std::size_t(b)] = std::uint64_t(1) << (16 * (length - 1));
    }
    return t;
}();

// Runs the DFA over one block from `state`; adds its counts only if the block is valid.
// Returns the state after the block (rejected() when the block is invalid in context).
[[nodiscard]] inline std::uint64_t validateBlockDfa(const std::uint8_t* block, std::uint64_t state,
                                                    KernelCounts& counts) noexcept {
    std::uint64_t packed = 0;
    for (std::size_t j = 0; j < kBlockSize; ++j) {
        state = kShiftDfa.step(state, block[j]);
        packed += kLeadCount[block[j]];
    }
    if (!kShiftDfa.rejected(state)) {
        for (std::size_t length = 1; length <= 4; ++length)
            counts.byLength[length] += (packed >> (16 * (length - 1))) & 0xFFFF;
    }
    return state;
}

// --- Counting stretches that are not all valid (SSE2 and AVX2 kernels) -----------------------
//
// In stretches with errors (and, in the SSE2 kernel, in all multi-byte text) the kernels count
// every segment without a per-byte loop, because UTF-8 resynchronises within three bytes: whether a
// segment starts at a byte, and what it is, depends only on the three bytes before it and the three
// after it. The maximal subparts of the Unicode Standard (chapter 3, "U+FFFD Substitution of
// Maximal Subparts") then read, per byte:
// - an ASCII byte is a character; a C0 C1 F5-FF byte is an never-valid-byte error;
// - a lead (C2-F4) starts a segment that takes the next byte if it lies in the lead's first
//   continuation range (firstContinuationRange), then further 80-BF bytes, up to the lead's
//   length: a character if it reaches that length, else an error whose kind errorKindOf() takes
//   from the lead and the byte after it (overlong, surrogate, too-large when that byte is a
//   continuation outside the range of E0, F0, ED, F4; truncated otherwise);
// - a continuation byte that no lead one, two or three bytes back takes in this way is an
//   stray-continuation error of its own.
// Each byte class becomes a 64-bit mask over 64 bytes, and "the byte after" / "the byte before"
// become shifts, with the bits that cross into the next or the previous 64 bytes carried over.
// The tests compare these counts with the Segmenter's on every byte pair and triple at every
// block offset.

// Bits set, for counting: inlined into the AVX2 kernel it becomes the popcnt instruction.
[[nodiscard]] inline unsigned maskCount(std::uint64_t m) noexcept {
    return unsigned(std::popcount(m));
}

// The classes of 64 bytes, one bit per byte (bit k: byte k). The restricted leads and the parts
// of 80-BF their first continuation must avoid are those of firstContinuationRange().
struct ByteMasks {
    std::uint64_t nonAscii, cont, lead2, lead3, lead4, e0, ed, f0, f4, upTo9F, upTo8F;
};
static_assert(firstContinuationRange(0xE0).low == 0xA0 &&
                  firstContinuationRange(0xED).high == 0x9F &&
                  firstContinuationRange(0xF0).low == 0x90 &&
                  firstContinuationRange(0xF4).high == 0x8F,
              "the masks upTo9F and upTo8F split 80-BF where the restricted leads' ranges do");

// What a window needs to know of the 64 bytes before it: which of its last bytes take the bytes
// after them.
struct MaskCarry {
    std::uint64_t takes = 0;   // a lead whose next byte is in its first-continuation range
    std::uint64_t takes34 = 0; // ... and the lead is of 3 or 4 bytes
    std::uint64_t takes4 = 0;  // ... and the lead is of 4 bytes
    std::uint64_t cont = 0;    // a continuation byte
};

// The segments that start in a 64-byte window, one bit per byte at which a segment starts (bit
// k: byte k of the window), by what the segment is; and what the counting and the callers that
// walk the error segments (ProblemScanner) need to know of their lengths.
struct WindowSegments {
    std::uint64_t valid2, valid3, valid4; // valid multi-byte characters, by length
    std::uint64_t invalid, unexpected, overlong, surrogate, tooLarge, truncated; // error segments
    std::uint64_t takes;   // a lead whose next byte is in its first-continuation range
    std::uint64_t takes34; // ... and the lead is of 3 or 4 bytes
    std::uint64_t takes4;  // ... and the lead is of 4 bytes
    std::uint64_t cont2;   // the byte two after is a continuation byte
    std::uint64_t cont3;   // the byte three after is a continuation byte

    [[nodiscard]] std::uint64_t errors() const noexcept {
        return invalid | unexpected | overlong | surrogate | tooLarge | truncated;
    }
    // The length of the segment that starts at bit `at` (a single bit): a lead takes the bytes
    // that follow as long as they are in range, up to its length.
    [[nodiscard]] std::size_t lengthAt(std::uint64_t at) const noexcept {
        return 1 + ((takes & at) != 0 ? 1 : 0) + ((takes34 & cont2 & at) != 0 ? 1 : 0) +
               ((takes4 & cont2 & cont3 & at) != 0 ? 1 : 0);
    }
};

// Finds the segments that start in the 64 bytes whose masks are `cur` (`next`: the 64 after them,
// for the look-ahead) and updates `carry` for the next window.
[[gnu::always_inline]] inline WindowSegments
windowSegments(const ByteMasks& cur, const ByteMasks& next, MaskCarry& carry) {
    const auto after = [](std::uint64_t here, std::uint64_t there, int k) {
        return (here >> k) | (there << (64 - k));
    };
    const std::uint64_t cont1 = after(cur.cont, next.cont, 1);
    const std::uint64_t cont2 = after(cur.cont, next.cont, 2);
    const std::uint64_t cont3 = after(cur.cont, next.cont, 3);
    const std::uint64_t upTo9F1 = after(cur.upTo9F, next.upTo9F, 1);
    const std::uint64_t upTo8F1 = after(cur.upTo8F, next.upTo8F, 1);
    const std::uint64_t lead34 = cur.lead3 | cur.lead4;
    const std::uint64_t lead = cur.lead2 | lead34;
    // E0 A0-BF, ED 80-9F, F0 90-BF, F4 80-8F, any other lead 80-BF (RFC 3629 section 4).
    const std::uint64_t outOfRange =
        (cur.e0 & upTo9F1) | (cur.ed & ~upTo9F1) | (cur.f0 & upTo8F1) | (cur.f4 & ~upTo8F1);
    const std::uint64_t takes = lead & cont1 & ~outOfRange;
    const std::uint64_t valid2 = cur.lead2 & takes;
    const std::uint64_t valid3 = cur.lead3 & takes & cont2;
    const std::uint64_t valid4 = cur.lead4 & takes & cont2 & cont3;
    const std::uint64_t overlong = (cur.e0 & upTo9F1) | (cur.f0 & upTo8F1);
    const std::uint64_t surrogate = cur.ed & cont1 & ~upTo9F1;
    const std::uint64_t tooLarge = cur.f4 & cont1 & ~upTo8F1;
    const std::uint64_t truncated =
        lead & ~(valid2 | valid3 | valid4 | overlong | surrogate | tooLarge);
    const std::uint64_t invalid = cur.nonAscii & ~cur.cont & ~lead;
    // A continuation is taken by a lead one byte back that takes it, by a 3- or 4-byte lead two
    // back that takes the byte between, or by a 4-byte lead three back whose next two bytes are
    // taken.
    const std::uint64_t takes34 = lead34 & takes;
    const std::uint64_t takes4 = cur.lead4 & takes;
    const std::uint64_t taken1 = (takes << 1) | (carry.takes >> 63);
    const std::uint64_t taken2 = (takes34 << 2) | (carry.takes34 >> 62);
    const std::uint64_t taken3 =
        ((takes4 << 3) | (carry.takes4 >> 61)) & ((cur.cont << 1) | (carry.cont >> 63));
    const std::uint64_t unexpected = cur.cont & ~(taken1 | taken2 | taken3);
    carry = MaskCarry{takes, takes34, takes4, cur.cont};
    return WindowSegments{valid2,   valid3,    valid4, invalid, unexpected, overlong, surrogate,
                          tooLarge, truncated, takes,  takes34, takes4,     cont2,    cont3};
}

// Where the last segment that starts in a window ends, relative to the window (there is one: a
// lead takes at most three bytes, so one of any four bytes starts a segment).
[[gnu::always_inline]] inline std::size_t lastSegmentEnd(const WindowSegments& w,
                                                         const ByteMasks& cur) {
    const std::uint64_t starts = ~cur.cont | w.unexpected;
    const int j = 63 - std::countl_zero(starts);
    return std::size_t(j) + w.lengthAt(std::uint64_t(1) << j);
}

// Counts the segments that start in the 64 bytes whose masks are `cur` (`next`: the 64 after
// them, for the look-ahead), updates `carry` for the next window, and returns whether they are
// all valid and where the last of them ends, relative to the window.
[[gnu::always_inline]] inline std::size_t countWindow(const ByteMasks& cur, const ByteMasks& next,
                                                      MaskCarry& carry, KernelCounts& counts,
                                                      bool& clean) {
    const WindowSegments w = windowSegments(cur, next, carry);
    counts.byLength[1] += kBlockSize - maskCount(cur.nonAscii);
    counts.byLength[2] += maskCount(w.valid2);
    counts.byLength[3] += maskCount(w.valid3);
    counts.byLength[4] += maskCount(w.valid4);
    counts.errors[std::size_t(ErrorKind::InvalidByte)] += maskCount(w.invalid);
    counts.errors[std::size_t(ErrorKind::UnexpectedContinuation)] += maskCount(w.unexpected);
    counts.errors[std::size_t(ErrorKind::Overlong)] += maskCount(w.overlong);
    counts.errors[std::size_t(ErrorKind::Surrogate)] += maskCount(w.surrogate);
    counts.errors[std::size_t(ErrorKind::TooLarge)] += maskCount(w.tooLarge);
    counts.errors[std::size_t(ErrorKind::Truncated)] += maskCount(w.truncated);
    clean = w.errors() == 0;
    return lastSegmentEnd(w, cur);
}

// The byte-class masks of the 64 bytes at p, with the best kernel of this CPU (for callers
// outside the kernels that walk segments window by window: ProblemScanner).
[[nodiscard]] ByteMasks byteMasksAt(const std::uint8_t* p) noexcept;
// The same with a given kernel.
[[nodiscard]] ByteMasks byteMasksScalar(const std::uint8_t* p) noexcept;
#if defined(U8CODEC_X86_KERNELS)
[[nodiscard]] ByteMasks byteMasksSse2(const std::uint8_t* p) noexcept;
[[nodiscard]] ByteMasks byteMasksAvx2(const std::uint8_t* p) noexcept;
#endif

// Counts the line-ending bytes from linesEnd up to `to` one by one (a few bytes at most; linesEnd
// > 0, so the byte before is in p).
inline void countLineBytesUpTo(const std::uint8_t* p, std::size_t to, std::size_t& linesEnd,
                               KernelCounts& counts) {
    for (; linesEnd < to; ++linesEnd) {
        counts.lineFeeds += p[linesEnd] == '\n' ? 1 : 0;
        counts.carriageReturns += p[linesEnd] == '\r' ? 1 : 0;
        counts.crlf += p[linesEnd] == '\n' && linesEnd > 0 && p[linesEnd - 1] == '\r' ? 1 : 0;
    }
}

} // namespace u8codec::detail
