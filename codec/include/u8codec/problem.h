// Problems: what a person should read about ill-formed bytes.
#pragma once

#include "u8codec/segment.h"
#include "u8codec/segmenter.h"

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

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
std::string_view name(ProblemKind k) noexcept;

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

    std::span<const std::uint8_t> headBytes() const { return {head.data(), headLength}; }
    std::uint64_t end() const noexcept { return offset + length; }
};

// One sentence a person can act on, e.g. "C0 AF is an overlong 2-byte form of U+002F '/': UTF-8
// allows only the shortest form (RFC 3629 section 3); decoders that accept it let '/' slip past
// checks (RFC 3629 section 10)."
std::string explain(const Problem& p);

// Upper-case hex, space separated: "C0 AF". Elides after `max` bytes with " ...".
std::string hexBytes(std::span<const std::uint8_t> bytes, std::size_t max = 16);
// "U+002F", "U+1F600".
std::string codePointLabel(char32_t cp);

// Groups error segments into problems while bytes stream through, in any chunking.
class ProblemScanner {
public:
    explicit ProblemScanner(std::uint64_t startOffset = 0) : segmenter_(startOffset) {}
    // Calls sink(const Problem&) for each problem completed by these bytes, in order.
    template <class Sink> void feed(std::span<const std::uint8_t> bytes, Sink&& sink);
    template <class Sink> void finish(Sink&& sink);

    // Low-level entry: one segment and its bytes, as a Segmenter reports them. Lets a caller that
    // already segments (a scanner computing counts too) find problems without a second pass.
    template <class Sink> void onSegment(const Segment& s, std::span<const std::uint8_t> bytes,
                                         Sink&& sink);

private:
    struct Emitted {
        Problem problems[4];
        int count = 0;
    };
    void accept(const Segment& s, std::span<const std::uint8_t> bytes, Emitted& out);
    void end(Emitted& out);
    void flushOpen(Emitted& out);
    void flushStray(Emitted& out);
    void flushHigh(Emitted& out);
    void completeOpen(Emitted& out);
    void push(Problem p, Emitted& out);

    // A sequence a naive decoder is reading: lead and continuation bytes so far.
    Problem open_{};
    bool hasOpen_ = false;
    Problem stray_{};
    bool hasStray_ = false;
    Problem high_{}; // an encoded high surrogate waiting for its low half
    bool hasHigh_ = false;
    Segmenter segmenter_;
};

// --- implementation -----------------------------------------------------------------------

template <class Sink>
void ProblemScanner::onSegment(const Segment& s, std::span<const std::uint8_t> bytes, Sink&& sink) {
    if (s.isValid() && !hasOpen_ && !hasStray_ && !hasHigh_)
        return; // the common case: nothing pending, nothing to report
    Emitted out;
    accept(s, bytes, out);
    for (int i = 0; i < out.count; ++i)
        sink(static_cast<const Problem&>(out.problems[i]));
}

template <class Sink> void ProblemScanner::feed(std::span<const std::uint8_t> bytes, Sink&& sink) {
    segmenter_.feed(bytes, [&](const Segment& s, std::span<const std::uint8_t> b) {
        onSegment(s, b, sink);
    });
}

template <class Sink> void ProblemScanner::finish(Sink&& sink) {
    segmenter_.finish([&](const Segment& s, std::span<const std::uint8_t> b) {
        onSegment(s, b, sink);
    });
    Emitted out;
    end(out);
    for (int i = 0; i < out.count; ++i)
        sink(static_cast<const Problem&>(out.problems[i]));
}

} // namespace u8codec
