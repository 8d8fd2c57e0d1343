// Extended grapheme clusters (UAX #29, "Grapheme Cluster Boundaries"): what a reader takes for
// one character. "é" written as e + U+0301, an emoji ZWJ sequence (👩‍👩‍👧: three emoji
// joined by U+200D), a flag (two regional indicators), a keycap (1 + U+FE0F + U+20E3) and a Hangul
// syllable spelled in jamo are each one cluster of several code points. The boundaries come from
// ICU's character break iterator, read straight over the UTF-8 (no conversion).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8codec {

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
    const std::vector<std::size_t>& ends(std::string_view utf8);

private:
    struct Icu;
    std::unique_ptr<Icu> icu_;
    std::vector<std::size_t> ends_;
};

// Whether the invisible characters of a cluster that starts with `first` (U+200D ZWJ, variation
// selectors, tags) are part of what it shows: an emoji sequence (UTS #51: ZWJ sequences, emoji
// presentation, keycaps, tag sequences for subdivision flags) starts with a character that has the
// Emoji property. After any other base ("c" + U+FE0F) they change nothing a reader sees, so a view
// should keep showing them.
bool invisiblesShapeCluster(char32_t first);

// Counts the clusters of a text fed in pieces of any size, as GraphemeBreaks would over the whole
// text: a boundary before the end of what was fed is final (UAX #29's rules look at what comes
// before a position and at one character after it), so only the last cluster and an incomplete
// sequence at the end wait for the next piece.
class GraphemeCounter {
public:
    void feed(std::span<const std::uint8_t> bytes);
    // The count once everything is fed; the counter then starts again from nothing.
    std::uint64_t finish();

private:
    void countWhole(std::size_t upTo); // counts the final clusters of pending_[0, upTo)
    GraphemeBreaks breaks_;
    std::string pending_; // the bytes after the last final boundary
    std::uint64_t count_ = 0;
};

} // namespace u8codec
