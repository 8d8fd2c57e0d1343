// Extended grapheme clusters (UAX #29, "Grapheme Cluster Boundaries"): what a reader takes for
// one character. "é" written as e + U+0301, an emoji ZWJ sequence (👩‍👩‍👧: three emoji
// joined by U+200D), a flag (two regional indicators), a keycap (1 + U+FE0F + U+20E3) and a Hangul
// syllable spelled in jamo are each one cluster of several code points. The boundaries come from
// ICU's character break iterator, read straight over the UTF-8 (no conversion).
#pragma once

#include "u8codec/byte_source.h"
#include "u8codec/segmenter.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8convert {

// The cluster boundaries of runs of text, one run at a time. Holds one ICU break iterator: make
// one per thread and reuse it.
class GraphemeBreaks {
public:
    GraphemeBreaks();
    ~GraphemeBreaks();
    GraphemeBreaks(const GraphemeBreaks&) = delete;
    GraphemeBreaks& operator=(const GraphemeBreaks&) = delete;

    // The byte offsets within `utf8` where its clusters end, in order: the last is utf8.size()
    // (nothing for an empty run). Ill-formed bytes are read as U+FFFD, one per maximal subpart
    // (Unicode chapter 3, "U+FFFD Substitution of Maximal Subparts"), so each is a cluster of its
    // own unless marks follow it. Empty if ICU could not open its break rules.
    [[nodiscard]] const std::vector<std::size_t>& ends(std::string_view utf8);

private:
    struct Icu;
    std::unique_ptr<Icu> icu_;
    std::vector<std::size_t> ends_;
};

// One cluster of a source: where its bytes are and how many code points it holds.
struct ClusterSpan {
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
    std::uint32_t codePoints = 0; // ill-formed bytes count one per maximal subpart, as U+FFFD
    std::uint64_t end() const { return offset + length; }
    friend bool operator==(const ClusterSpan&, const ClusterSpan&) = default;
};

// How far around a range the clusters are looked for: a cluster that starts more than this many
// bytes before the range, or runs on more than this after it, is seen only in part. Real clusters
// are a few dozen bytes (the longest emoji ZWJ sequence is 35); only stacked marks ("Zalgo" text)
// are longer.
inline constexpr std::uint64_t kClusterContext = 256;

// The clusters that overlap [from, to) of `source`, in order, read with kClusterContext bytes
// around the range. The reading starts before an ASCII byte (not an LF after a CR) where UAX #29
// always breaks (GB999), so the boundaries are the whole text's.
[[nodiscard]] std::vector<ClusterSpan> clustersIn(const u8codec::ByteSource& source,
                                                  std::uint64_t from, std::uint64_t to,
                                                  GraphemeBreaks& breaks);

// The same from bytes already read: `window` holds the stream from `windowOffset`, starting
// kClusterContext bytes before `from` (or at 0) and reaching kClusterContext bytes past `to` (or
// the end of the stream: `windowReachesEnd`).
[[nodiscard]] std::vector<ClusterSpan> clustersInWindow(std::span<const std::uint8_t> window,
                                                        std::uint64_t windowOffset,
                                                        bool windowReachesEnd, std::uint64_t from,
                                                        std::uint64_t to, GraphemeBreaks& breaks);

// Whether the invisible characters of a cluster that starts with `first` (U+200D ZWJ, variation
// selectors, tags) are part of what it shows: an emoji sequence (UTS #51: ZWJ sequences, emoji
// presentation, keycaps, tag sequences for subdivision flags) starts with a character that has the
// Emoji property. After any other base ("c" + U+FE0F) they change nothing a reader sees, so a view
// should keep showing them.
[[nodiscard]] bool invisiblesShapeCluster(char32_t first);

// Counts the clusters of a text fed in pieces of any size, as GraphemeBreaks would over the whole
// text, at the speed of a decoder where ICU is not needed. UAX #29 always breaks around a
// control, CR or LF (GB4, GB5; not inside CR LF, GB3), and before a character whose
// Grapheme_Cluster_Break is Other and that is not Extended_Pictographic, unless a Prepend comes
// before it (GB999: no rule from GB6 to GB13 applies). These sure boundaries cut the text into
// stretches: a stretch of one character is one cluster without asking ICU (most of any text),
// and only a longer one (a base and its marks, an emoji sequence, Hangul jamo) goes through the
// break iterator, whole, since it begins and ends on a boundary.
//
// A stretch is held while it lasts, so memory is bounded by kMaxStretch (2 MiB): past it, the
// clusters that end in the stretch are counted and only the last is kept; a cluster that is then
// longer than half of it (1 MiB: a base and a million marks, pathological, never text) is
// counted as one there and then,
// and what goes on extending it (Extend, ZWJ, SpacingMark, before which UAX #29 never breaks,
// GB9, GB9a; a pictograph after a ZWJ, GB11) is only passed over. Such clusters are told apart
// in longClusters(). (Past the cap, GB11's condition that the sequence began with a pictograph is
// not checked: a pathological cluster of marks and ZWJs that goes on with a pictograph is
// counted as one.)
class GraphemeCounter {
public:
    static constexpr std::size_t kMaxStretch = std::size_t(2) << 20;

    // `maxStretch`: another bound, for tests that reach it with little text.
    explicit GraphemeCounter(std::size_t maxStretch = kMaxStretch) : maxStretch_(maxStretch) {}

    void feed(std::span<const std::uint8_t> bytes);
    // The count once everything is fed; the counter then starts again from nothing.
    [[nodiscard]] std::uint64_t finish();
    // Of the clusters the last finish() counted, those counted without being held (each longer
    // than half the bound).
    [[nodiscard]] std::uint64_t longClusters() const { return lastLongClusters_; }

private:
    void character(const std::uint8_t* bytes, std::size_t length, char32_t cp, bool valid);
    void closeStretch();
    // The stretch has grown past the bound: count what it holds but its last cluster.
    void shortenStretch();
    std::size_t maxStretch_;
    GraphemeBreaks breaks_;
    u8codec::Segmenter segmenter_;
    std::string stretch_; // the bytes since the last sure boundary
    std::size_t stretchCharacters_ = 0;
    bool lastWasPrepend_ = false;
    bool lastWasControl_ = false; // a control, CR or LF
    bool lastWasCarriageReturn_ = false;
    bool inLongCluster_ = false; // counted already; its marks are passed over
    bool lastWasZwj_ = false;
    bool inViramaChain_ = false; // a virama, then only marks
    std::uint64_t count_ = 0;
    std::uint64_t longClusters_ = 0, lastLongClusters_ = 0;
};

} // namespace u8convert
