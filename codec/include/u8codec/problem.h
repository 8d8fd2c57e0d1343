// Problems: what a person should read about ill-formed bytes.
#pragma once

#include "u8codec/segment.h"
#include "u8codec/segmenter.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8codec {

// Error segments are what a conforming decoder sees; a person thinks in the sequences an older,
// naive decoder (RFC 2279, or the 1997 draft's 1-6 byte form) would have read. A Problem groups
// the adjacent error segments that such a decoder would read as one sequence, and says what that
// sequence was meant to be.
enum class ProblemKind : std::uint8_t {
    NeverValidByte,    // FE or FF alone: they appear in no form of UTF-8 at all
    StrayContinuation, // one or more 10xxxxxx bytes with no lead before them
    Overlong,          // a longer form than needed (RFC 3629 section 3; section 10's attack)
    Surrogate,         // a UTF-16 surrogate U+D800..U+DFFF encoded as if it were a character
    SurrogatePair,     // a high and a low surrogate encoded separately: CESU-8 / Modified UTF-8
    TooLarge,          // a 4-byte form of a value above U+10FFFF (RFC 3629 section 3)
    LegacyLongForm,    // a 5- or 6-byte form of RFC 2279, no longer UTF-8
    Truncated,         // a lead whose continuation bytes stop early
};

// Stable names: "never-valid-byte", "stray-continuation", "overlong", "surrogate",
// "surrogate-pair", "too-large", "legacy-long-form", "truncated".
[[nodiscard]] std::string_view name(ProblemKind k) noexcept;
// A short human title: "Never-valid byte", "Stray continuation byte", "Overlong form", ... The
// one set of words the window and the reports use (title(ErrorKind) shares them).
[[nodiscard]] std::string_view title(ProblemKind k) noexcept;

struct Problem {
    std::uint64_t offset = 0;
    std::uint64_t length = 0; // bytes covered (a run of stray continuations can be long)
    ProblemKind kind = ProblemKind::StrayContinuation;
    // The value the naive decoder reads (Overlong, Surrogate, TooLarge, LegacyLongForm); for a
    // SurrogatePair, the supplementary code point the pair stands for; 0 otherwise.
    char32_t value = 0;
    // The length the lead byte announces by its high bits (RFC 2279: 2-6); 0 for stray runs.
    std::uint8_t announcedLength = 0;
    std::uint32_t errorSegments = 0; // U+FFFD a replacing decoder emits for these bytes
    std::uint8_t headLength = 0;     // bytes kept in head: min(length, head.size())
    std::array<std::uint8_t, 8> head{};

    [[nodiscard]] std::span<const std::uint8_t> headBytes() const {
        return {head.data(), headLength};
    }
    [[nodiscard]] std::uint64_t end() const noexcept { return offset + length; }
};

// One sentence a person can act on, e.g. "C0 AF is an overlong 2-byte form of U+002F '/': UTF-8
// allows only the shortest form (RFC 3629 section 3); decoders that accept it let '/' slip past
// checks (RFC 3629 section 10)."
[[nodiscard]] std::string explain(const Problem& p);

// How oneLine() writes the offset: in decimal, as `u8scope-cli check` prints it beside line and
// column ("offset 17"), or in hex, as the dump's rows and the window write offsets ("offset 0x11").
enum class OffsetStyle { Decimal, Hex };

// The problem in one line, as `u8scope-cli check` prints it ("offset 17: overlong: C0 AF: " then
// explain()) and the dump (terminal, HTML, printed) lists it (OffsetStyle::Hex: "offset 0x11:
// ..."); a long run's bytes are elided, with its length: "80 80 80 80 80 80 80 80 ... (4096
// bytes)".
[[nodiscard]] std::string oneLine(const Problem& p, OffsetStyle style = OffsetStyle::Decimal);

// Upper-case hex, space separated: "C0 AF". Elides after `max` bytes with " ...".
[[nodiscard]] std::string hexBytes(std::span<const std::uint8_t> bytes, std::size_t max = 16);
// "U+002F", "U+1F600".
[[nodiscard]] std::string codePointLabel(char32_t cp);
// "U+20AC '€'": the label and the character itself, when it prints (not a control, a scalar
// value); else the label alone.
[[nodiscard]] std::string labelWithGlyph(char32_t cp);

// How many problems of each kind, indexed by ProblemKind.
inline constexpr int kProblemKindCount = 8;
using ProblemCounts = std::array<std::uint64_t, kProblemKindCount>;

// Groups error segments into problems while bytes stream through, in any chunking.
//
// feed() finds the error segments of long stretches 64 bytes at a time, from the byte-class masks
// the vectorised Scanner counts with (scan_kernel.h: the same segments the Segmenter gives,
// derived from the same byte classes); the valid text between two error segments is only seen
// as a gap between them, since all a valid segment does is end what is pending. Where nothing is
// pending, the problems that are whole within the window (a run of stray continuation bytes, a
// truncated sequence, a naive sequence cut short, FE or FF) are taken from the masks at once;
// complete naive sequences (whose value decides their kind) and whatever may go on past the
// window go through the same grouping as onSegment(). tests/codec/tst_problems proves both ways
// equal on random and constructed data in many chunkings. Problems are collected in a batch and
// passed to the sink after each stretch: in stream order, but not byte by byte.
class ProblemScanner {
public:
    explicit ProblemScanner(std::uint64_t startOffset = 0) : segmenter_(startOffset) {}
    // Calls sink(const Problem&) for each problem completed by these bytes, in order.
    template <class Sink> void feed(std::span<const std::uint8_t> bytes, Sink&& sink);
    template <class Sink> void finish(Sink&& sink);
    // Like feed(), but only counts the problems completed by these bytes, adding them to
    // `counts` by kind, without building them: for callers that keep the first problems and
    // only count the rest (random data has one every three bytes). feed() and count() can take
    // turns; finish() with a counting sink ends either.
    void count(std::span<const std::uint8_t> bytes, ProblemCounts& counts);

    // Low-level entry: one segment and its bytes, as a Segmenter reports them. Lets a caller that
    // already segments (a scanner computing counts too) find problems without a second pass.
    template <class Sink>
    void onSegment(const Segment& s, std::span<const std::uint8_t> bytes, Sink&& sink);

    // True while a problem is open: the segments seen last may still grow into a longer problem
    // (a valid segment, or the end, would complete it).
    [[nodiscard]] bool pending() const noexcept { return hasOpen_ || hasStray_ || hasHigh_; }
    // Makes the next feed() start at `offset`, which must be a segment boundary: for callers that
    // skip bytes they know to be valid text (or whose segments they gave to onSegment), so that
    // feed() goes on from there. A sequence feed() was in the middle of is dropped.
    void restartAt(std::uint64_t offset) noexcept { segmenter_ = Segmenter(offset); }

    // Where a fresh ProblemScanner can take over from one that read everything before: the end
    // of the first valid segment in `bytes`, which must begin where a segment starts (see
    // segmentStartNear() in scan.h). A valid character ends whatever is pending, so after it
    // every scanner is idle and at a segment boundary, whatever it read before: a stream scanned
    // for problems in parts cut there gives the problems of the whole, in order. nullopt when
    // `bytes` holds no valid segment.
    [[nodiscard]] static std::optional<std::size_t>
    handoverPoint(std::span<const std::uint8_t> bytes);

private:
    // Where the grouping puts the problems it completes: a few for one segment, many for feed().
    struct Out {
        Problem* problems;
        int count;
    };
    // A problem being read: what a Problem holds but its kind (decided when it is complete), its
    // first bytes packed in one word (byte k in bits 8k..8k+7) so that it grows and is copied
    // out in whole words.
    struct Draft {
        std::uint64_t offset = 0;
        std::uint64_t length = 0;
        std::uint64_t head = 0;
        char32_t value = 0;
        std::uint32_t errorSegments = 0;
        std::uint8_t announcedLength = 0;
        [[nodiscard]] std::uint64_t end() const noexcept { return offset + length; }
    };
    static constexpr int kBatch = 512;

    // Feeds a prefix of `bytes` (all of it, or up to where the batch filled), leaving its problems
    // in batch_[0, batchCount_); returns the bytes taken (at least one unless `bytes` is empty).
    [[nodiscard]] std::size_t feedBatch(std::span<const std::uint8_t> bytes);
    // The same for count(): the problems are added to `counts`, none is left in batch_.
    template <bool kCounting>
    [[nodiscard]] std::size_t scanBatch(std::span<const std::uint8_t> bytes, ProblemCounts* counts);
    // The grouping of one segment, its problems in few_; returns how many.
    [[nodiscard]] int acceptOne(const Segment& s, std::span<const std::uint8_t> bytes);
    // Ends the stream, the problems in few_; returns how many.
    [[nodiscard]] int finishAll();

    void accept(const Segment& s, std::span<const std::uint8_t> bytes, Out& out);
    void acceptValid(Out& out);
    void flushOpen(Out& out);
    void flushStray(Out& out);
    void flushHigh(Out& out);
    void completeOpen(Out& out);
    [[nodiscard]] static Draft startDraft(const Segment& s, std::span<const std::uint8_t> bytes);
    // (Not "emit": Qt defines that as a macro, and Qt code includes this header.)
    static void output(const Draft& d, ProblemKind kind, Out& out);

    // A sequence a naive decoder is reading: lead and continuation bytes so far.
    Draft open_{};
    bool hasOpen_ = false;
    Draft stray_{};
    bool hasStray_ = false;
    Draft high_{}; // an encoded high surrogate waiting for its low half
    bool hasHigh_ = false;
    Segmenter segmenter_;
    std::array<Problem, 4> few_{};
    std::vector<Problem> batch_; // kBatch records once feed() has run
    int batchCount_ = 0;
};

// --- implementation -----------------------------------------------------------------------

template <class Sink>
void ProblemScanner::onSegment(const Segment& s, std::span<const std::uint8_t> bytes, Sink&& sink) {
    if (s.isValid() && !pending())
        return; // the common case: nothing pending, nothing to report
    const int n = acceptOne(s, bytes);
    for (int i = 0; i < n; ++i)
        sink(static_cast<const Problem&>(few_[std::size_t(i)]));
}

template <class Sink> void ProblemScanner::feed(std::span<const std::uint8_t> bytes, Sink&& sink) {
    while (!bytes.empty()) {
        const std::size_t used = feedBatch(bytes);
        for (int i = 0; i < batchCount_; ++i)
            sink(static_cast<const Problem&>(batch_[std::size_t(i)]));
        bytes = bytes.subspan(used);
    }
}

template <class Sink> void ProblemScanner::finish(Sink&& sink) {
    const int n = finishAll();
    for (int i = 0; i < n; ++i)
        sink(static_cast<const Problem&>(few_[std::size_t(i)]));
}

} // namespace u8codec
