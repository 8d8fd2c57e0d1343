#include "u8convert/graphemes.h"

#include "u8codec/local_segments.h"

#include <climits>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>
#include <utility>

namespace u8convert {
using namespace u8codec;

struct GraphemeBreaks::Icu {
    UBreakIterator* iterator = nullptr;
    UText* text = nullptr;
    ~Icu() {
        if (iterator)
            ubrk_close(iterator);
        if (text)
            utext_close(text);
    }
};

GraphemeBreaks::GraphemeBreaks() : icu_(std::make_unique<Icu>()) {
    UErrorCode status = U_ZERO_ERROR;
    // Grapheme clusters are the same in every locale (UAX #29's default rules): the root one.
    icu_->iterator = ubrk_open(UBRK_CHARACTER, "", nullptr, 0, &status);
    if (U_FAILURE(status))
        icu_->iterator = nullptr;
}

GraphemeBreaks::~GraphemeBreaks() = default;

const std::vector<std::size_t>& GraphemeBreaks::ends(std::string_view utf8) {
    ends_.clear();
    if (utf8.empty() || !icu_->iterator)
        return ends_;
    // ICU's break positions are 32-bit: a longer run is taken in pieces cut before an ASCII byte
    // other than an LF, where UAX #29 always breaks (GB999; only CR × LF, GB3, joins two ASCII
    // characters, and no mark is ASCII).
    constexpr std::size_t kMaxRun = std::size_t(1) << 30;
    std::size_t base = 0;
    while (base < utf8.size()) {
        std::size_t size = utf8.size() - base;
        if (size > kMaxRun) {
            size = kMaxRun;
            while (size > 1 &&
                   (std::uint8_t(utf8[base + size]) >= 0x80 || utf8[base + size] == '\n'))
                --size;
        }
        UErrorCode status = U_ZERO_ERROR;
        icu_->text = utext_openUTF8(icu_->text, utf8.data() + base, std::int64_t(size), &status);
        ubrk_setUText(icu_->iterator, icu_->text, &status);
        if (U_FAILURE(status)) {
            ends_.clear();
            return ends_;
        }
        ubrk_first(icu_->iterator);
        for (std::int32_t end = ubrk_next(icu_->iterator); end != UBRK_DONE;
             end = ubrk_next(icu_->iterator))
            ends_.push_back(base + std::size_t(end));
        base += size;
    }
    return ends_;
}

bool invisiblesShapeCluster(char32_t first) {
    return u_hasBinaryProperty(UChar32(first), UCHAR_EMOJI);
}

namespace {

bool isContinuation(std::uint8_t b) {
    return (b & 0xC0) == 0x80;
}

// Where in `bytes` (read from `base`) reading may start at or before `want`: before an ASCII byte
// other than an LF after a CR, the last one at or before `want`; else the first byte that is not
// a continuation byte.
std::size_t safeStart(std::span<const std::uint8_t> bytes, std::size_t want) {
    for (std::size_t i = std::min(want, bytes.size()); i > 0; --i)
        if (bytes[i] < 0x80 && !(bytes[i] == '\n' && bytes[i - 1] == '\r'))
            return i;
    std::size_t i = 0;
    while (i < bytes.size() && i < want && isContinuation(bytes[i]))
        ++i;
    return i;
}

} // namespace

std::vector<ClusterSpan> clustersIn(const ByteSource& source, std::uint64_t from, std::uint64_t to,
                                    GraphemeBreaks& breaks) {
    to = std::min(to, source.size());
    if (from >= to)
        return {};
    const std::uint64_t readFrom = from >= kClusterContext ? from - kClusterContext : 0;
    const std::uint64_t readTo = std::min(source.size(), to + kClusterContext);
    std::vector<std::uint8_t> bytes(readTo - readFrom);
    bytes.resize(source.read(readFrom, bytes));
    return clustersInWindow(bytes, readFrom, readFrom + bytes.size() >= source.size(), from, to,
                            breaks);
}

std::vector<ClusterSpan> clustersInWindow(std::span<const std::uint8_t> window,
                                          std::uint64_t windowOffset, bool windowReachesEnd,
                                          std::uint64_t from, std::uint64_t to,
                                          GraphemeBreaks& breaks) {
    std::vector<ClusterSpan> clusters;
    to = std::min(to, windowOffset + window.size());
    if (from >= to || from < windowOffset)
        return clusters;
    const std::size_t start =
        windowOffset == 0 ? 0 : safeStart(window, std::size_t(from - windowOffset));
    const std::string_view text(reinterpret_cast<const char*>(window.data()) + start,
                                window.size() - start);
    // Code points as the codec counts them: one per character or maximal subpart.
    const std::vector<Segment> segments = segmentsInWindow(
        window, windowOffset, windowReachesEnd, windowOffset + start, windowOffset + window.size());
    std::size_t si = 0;
    std::size_t begin = 0;
    for (const std::size_t end : breaks.ends(text)) {
        const std::uint64_t offset = windowOffset + start + begin;
        if (offset >= to)
            break;
        ClusterSpan c{offset, end - begin, 0};
        for (; si < segments.size() && segments[si].offset < c.end(); ++si)
            c.codePoints += segments[si].offset >= offset ? 1 : 0;
        if (c.end() > from)
            clusters.push_back(c);
        begin = end;
    }
    return clusters;
}

namespace {

// What the counter needs to know of a character's Grapheme_Cluster_Break (UAX #29, table 2).
// kJoins: Extend, ZWJ and SpacingMark, before which no cluster ever breaks (GB9, GB9a); kZwj
// and kPictographic for the emoji sequences GB11 keeps together (ZWJ × Extended_Pictographic).
// kVirama: a character of canonical combining class 9, after which ICU joins a consonant to the
// cluster (its rule for Indic conjuncts, UAX #29 GB9c from Unicode 15.1).
enum Kind : std::uint8_t {
    kPlain = 1,
    kPrepend = 2,
    kControl = 4,
    kJoins = 8,
    kZwj = 16,
    kPictographic = 32,
    kVirama = 64
};

std::uint8_t kindFromIcu(char32_t cp) {
    const std::uint8_t virama = u_getCombiningClass(UChar32(cp)) == 9 ? kVirama : 0;
    switch (u_getIntPropertyValue(UChar32(cp), UCHAR_GRAPHEME_CLUSTER_BREAK)) {
    case U_GCB_PREPEND:
        return kPrepend;
    case U_GCB_CONTROL:
    case U_GCB_CR:
    case U_GCB_LF:
        return kControl;
    case U_GCB_ZWJ:
        return kJoins | kZwj;
    case U_GCB_EXTEND:
    case U_GCB_SPACING_MARK:
        return kJoins | virama;
    case U_GCB_OTHER:
        return u_hasBinaryProperty(UChar32(cp), UCHAR_EXTENDED_PICTOGRAPHIC) ? kPictographic
                                                                             : kPlain;
    default:
        return 0;
    }
}

std::uint8_t kindOf(char32_t cp) {
    // The BMP from a table made once (64 KiB); the rest (emoji, historic scripts) asks ICU.
    static const std::vector<std::uint8_t> bmp = [] {
        std::vector<std::uint8_t> t(0x10000);
        for (char32_t c = 0; c < 0x10000; ++c)
            t[c] = kindFromIcu(c);
        return t;
    }();
    return cp < 0x10000 ? bmp[cp] : kindFromIcu(cp);
}

} // namespace

void GraphemeCounter::closeStretch() {
    if (stretchCharacters_ == 1 || stretch_ == "\r\n")
        ++count_;
    else if (stretchCharacters_ > 1)
        count_ += breaks_.ends(stretch_).size();
    stretch_.clear();
    stretchCharacters_ = 0;
}

void GraphemeCounter::shortenStretch() {
    const std::vector<std::size_t> ends = breaks_.ends(stretch_);
    if (ends.size() > 1) {
        count_ += ends.size() - 1;
        stretch_.erase(0, ends[ends.size() - 2]);
        stretchCharacters_ = 2; // or more: the break iterator decides when it closes
    }
    if (stretch_.size() > maxStretch_ / 2) { // one cluster that long: counted now, not held
        ++count_;
        ++longClusters_;
        stretch_.clear();
        stretchCharacters_ = 0;
        inLongCluster_ = true;
    }
}

void GraphemeCounter::character(const std::uint8_t* bytes, std::size_t length, char32_t cp,
                                bool valid) {
    // An ill-formed sequence reads as U+FFFD (Other, not pictographic): plain.
    const std::uint8_t kind = valid ? kindOf(cp) : std::uint8_t(kPlain);
    if (inLongCluster_) {
        // A mark, or a pictograph after a ZWJ (an emoji sequence, GB11), extends the long
        // cluster, counted already; anything else is taken to start the next one.
        const bool extends = (kind & kJoins) || ((kind & kPictographic) && lastWasZwj_);
        lastWasZwj_ = kind & kZwj;
        if (extends) {
            lastWasPrepend_ = lastWasControl_ = lastWasCarriageReturn_ = false;
            return;
        }
        inLongCluster_ = false;
    }
    lastWasZwj_ = kind & kZwj;
    // After a virama (and the marks after it) a consonant may join the cluster: no sure
    // boundary there, the break iterator decides.
    const bool afterVirama = inViramaChain_;
    inViramaChain_ = (kind & kVirama) || (inViramaChain_ && (kind & kJoins));
    bool breakBefore = false;
    if (valid && cp == '\n' && lastWasCarriageReturn_)
        breakBefore = false; // GB3: CR × LF
    else if ((kind & kControl) || lastWasControl_)
        breakBefore = true; // GB4, GB5: around controls, CR and LF, even after a Prepend
    else
        breakBefore = (kind & kPlain) && !lastWasPrepend_ && !afterVirama; // GB999, unless GB9b
    if (breakBefore)
        closeStretch();
    stretch_.append(reinterpret_cast<const char*>(bytes), length);
    ++stretchCharacters_;
    if (stretch_.size() > maxStretch_)
        shortenStretch();
    lastWasPrepend_ = kind & kPrepend;
    lastWasControl_ = kind & kControl;
    lastWasCarriageReturn_ = valid && cp == '\r';
}

void GraphemeCounter::feed(std::span<const std::uint8_t> bytes) {
    const std::uint8_t* p = bytes.data();
    const std::uint8_t* const end = p + bytes.size();
    while (p < end) {
        if (segmenter_.atBoundary() && *p < 0x80 && *p != '\r') {
            // A run of ASCII without CR: its first character closes the stretch before it (as
            // character() decides), each of the others is a cluster of its own, and the last opens
            // the next stretch (marks may follow it).
            const std::uint8_t* run = p + 1;
            while (run < end && *run < 0x80 && *run != '\r')
                ++run;
            character(p, 1, *p, true);
            if (run - p > 1) {
                closeStretch();
                count_ += std::uint64_t(run - p - 2);
                character(run - 1, 1, run[-1], true);
            }
            segmenter_ = Segmenter(segmenter_.offset() + std::uint64_t(run - p));
            p = run;
            continue;
        }
        // Up to the next ASCII byte (or the end), through the exact segmenter.
        const std::uint8_t* stop = p + 1;
        while (stop < end && (*stop >= 0x80 || *stop == '\r'))
            ++stop;
        segmenter_.feed(std::span<const std::uint8_t>(p, stop),
                        [&](const Segment& s, std::span<const std::uint8_t> b) {
                            character(b.data(), b.size(), s.codePoint, s.isValid());
                        });
        p = stop;
    }
}

std::uint64_t GraphemeCounter::finish() {
    segmenter_.finish([&](const Segment& s, std::span<const std::uint8_t> b) {
        character(b.data(), b.size(), s.codePoint, s.isValid());
    });
    closeStretch();
    const std::uint64_t total = count_;
    count_ = 0;
    lastLongClusters_ = std::exchange(longClusters_, 0);
    inLongCluster_ = inViramaChain_ = false;
    segmenter_ = Segmenter();
    lastWasPrepend_ = lastWasControl_ = lastWasCarriageReturn_ = false;
    return total;
}

} // namespace u8convert
