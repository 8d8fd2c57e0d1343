#include "u8codec/problem.h"

#include "scan_kernel.h"
#include "u8codec/encoder.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdio>
#include <cstring>
#include <tuple>

namespace u8codec {

namespace {

// The length a byte announces by its high-order bits in RFC 2279 (and the 1997 draft): 0xxxxxxx
// 1, 110xxxxx 2, 1110xxxx 3, 11110xxx 4, 111110xx 5, 1111110x 6; 0 for 10xxxxxx, FE and FF.
constexpr int announcedLength(std::uint8_t b) noexcept {
    if (b < 0x80)
        return 1;
    if (b < 0xC0)
        return 0;
    if (b < 0xE0)
        return 2;
    if (b < 0xF0)
        return 3;
    if (b < 0xF8)
        return 4;
    if (b < 0xFC)
        return 5;
    if (b < 0xFE)
        return 6;
    return 0;
}

// The kind of a naive sequence cut short after `length` bytes, `b0` its lead: C0, C1 and F5-FF
// are never valid, even complete; the others are well-formed leads.
// (Chosen from a table: the fast path of feedBatch keeps this without branches.)
ProblemKind cutShortKind(std::uint8_t b0, std::uint64_t length) noexcept {
    static constexpr ProblemKind kKinds[2] = {ProblemKind::Truncated, ProblemKind::NeverValidByte};
    return kKinds[(unsigned(b0 <= 0xC1) | unsigned(b0 >= 0xF5)) & unsigned(length == 1)];
}

inline constexpr std::array<std::uint8_t, 256> kAnnouncedLength = [] {
    std::array<std::uint8_t, 256> t{};
    for (int b = 0; b < 256; ++b)
        t[std::size_t(b)] = std::uint8_t(announcedLength(std::uint8_t(b)));
    return t;
}();

// The smallest value that needs `octets` bytes (RFC 3629 section 3 / RFC 2279 table).
char32_t minimumFor(int octets) noexcept {
    static constexpr char32_t kMin[7] = {0, 0, 0x80, 0x800, 0x10000, 0x200000, 0x4000000};
    return kMin[octets];
}

std::string glyphOf(char32_t cp) {
    if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0))
        return {};
    std::string g = " '";
    if (!appendUtf8(cp, g)) // a surrogate or beyond U+10FFFF has no glyph
        return {};
    g += '\'';
    return g;
}

} // namespace

std::string_view name(ProblemKind k) noexcept {
    switch (k) {
    case ProblemKind::NeverValidByte:
        return "never-valid-byte";
    case ProblemKind::StrayContinuation:
        return "stray-continuation";
    case ProblemKind::Overlong:
        return "overlong";
    case ProblemKind::Surrogate:
        return "surrogate";
    case ProblemKind::SurrogatePair:
        return "surrogate-pair";
    case ProblemKind::TooLarge:
        return "too-large";
    case ProblemKind::LegacyLongForm:
        return "legacy-long-form";
    case ProblemKind::Truncated:
        return "truncated";
    }
    return "truncated";
}

std::string_view title(ProblemKind k) noexcept {
    switch (k) {
    case ProblemKind::NeverValidByte:
        return title(ErrorKind::InvalidByte);
    case ProblemKind::StrayContinuation:
        return title(ErrorKind::UnexpectedContinuation);
    case ProblemKind::Overlong:
        return title(ErrorKind::Overlong);
    case ProblemKind::Surrogate:
        return title(ErrorKind::Surrogate);
    case ProblemKind::SurrogatePair:
        return "Surrogate pair (CESU-8)";
    case ProblemKind::TooLarge:
        return title(ErrorKind::TooLarge);
    case ProblemKind::LegacyLongForm:
        return "RFC 2279 long form";
    case ProblemKind::Truncated:
        return title(ErrorKind::Truncated);
    }
    return title(ErrorKind::Truncated);
}

std::string hexBytes(std::span<const std::uint8_t> bytes, std::size_t max) {
    std::string out;
    char buf[4];
    for (std::size_t i = 0; i < bytes.size() && i < max; ++i) {
        std::snprintf(buf, sizeof buf, "%02X", bytes[i]);
        if (i)
            out += ' ';
        out += buf;
    }
    if (bytes.size() > max)
        out += " ...";
    return out;
}

std::string codePointLabel(char32_t cp) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", unsigned(cp));
    return buf;
}

std::string oneLine(const Problem& p, OffsetStyle style) {
    std::string line = "offset ";
    if (style == OffsetStyle::Hex) {
        char hex[24];
        std::snprintf(hex, sizeof hex, "0x%llX", static_cast<unsigned long long>(p.offset));
        line += hex;
    } else {
        line += std::to_string(p.offset);
    }
    line += ": ";
    line += name(p.kind);
    line += ": ";
    line += hexBytes(p.headBytes());
    if (p.length > p.headLength) {
        line += " ... (";
        line += std::to_string(p.length);
        line += " bytes)";
    }
    line += ": ";
    line += explain(p);
    return line;
}

std::string labelWithGlyph(char32_t cp) {
    return codePointLabel(cp) + glyphOf(cp);
}

std::string explain(const Problem& p) {
    const std::string bytes = hexBytes(p.headBytes(), 8) + (p.length > p.headLength ? " ..." : "");
    const std::uint8_t b0 = p.headLength ? p.head[0] : 0;
    char value[16];
    std::snprintf(value, sizeof value, "0x%X", unsigned(p.value));
    std::string s;
    switch (p.kind) {
    case ProblemKind::NeverValidByte:
        if (b0 >= 0xFE)
            return bytes + " never appears in UTF-8: no lead byte has seven or eight leading 1 "
                           "bits, in RFC 3629 or in the older RFC 2279";
        if (b0 <= 0xC1)
            return bytes + " never appears in UTF-8: it could only begin an overlong 2-byte form "
                           "(RFC 3629 section 4), and no continuation byte follows it here";
        if (b0 <= 0xF7)
            return bytes + " never appears in UTF-8: it would begin a value above U+10FFFF "
                           "(RFC 3629 section 3), and its continuation bytes are missing here";
        return bytes + " began a " + std::to_string(announcedLength(b0)) +
               "-byte form in RFC 2279, which RFC 3629 removed; its continuation bytes are "
               "missing here";
    case ProblemKind::StrayContinuation:
        if (p.length == 1)
            return bytes + " is a continuation byte (10xxxxxx) with no lead byte before it";
        return std::to_string(p.length) + " continuation bytes (" + bytes +
               ") with no lead byte before them";
    case ProblemKind::Overlong: {
        s = bytes + " is an overlong " + std::to_string(p.announcedLength) + "-byte form of " +
            codePointLabel(p.value) + glyphOf(p.value) + ": UTF-8 allows only the shortest form";
        const int shortest = layoutOfValue(p.value).octets;
        s += ", " + std::to_string(shortest) + (shortest == 1 ? " byte" : " bytes") +
             " here (RFC 3629 section 3)";
        if (p.value == 0 && p.announcedLength == 2)
            s += "; Java's Modified UTF-8 writes NUL this way";
        else
            s += "; decoders that accept it let forbidden characters slip past checks (RFC 3629 "
                 "section 10)";
        return s;
    }
    case ProblemKind::Surrogate:
        return bytes + " encodes " + codePointLabel(p.value) + ", a UTF-16 " +
               (p.value < 0xDC00 ? "high" : "low") +
               " surrogate: surrogates are not characters and UTF-8 must not encode them (RFC "
               "3629 section 3)";
    case ProblemKind::SurrogatePair: {
        std::uint8_t proper[4];
        const int n = encode(p.value, proper);
        const char32_t hi = 0xD800 + ((p.value - 0x10000) >> 10);
        const char32_t lo = 0xDC00 + ((p.value - 0x10000) & 0x3FF);
        char pair[32];
        std::snprintf(pair, sizeof pair, "%04X %04X", unsigned(hi), unsigned(lo));
        return bytes + " is the UTF-16 surrogate pair " + pair +
               " encoded as two 3-byte sequences (CESU-8, or Java's Modified UTF-8) for " +
               codePointLabel(p.value) + glyphOf(p.value) + "; UTF-8 writes it as " +
               hexBytes(std::span<const std::uint8_t>(proper, std::size_t(n)));
    }
    case ProblemKind::TooLarge:
        return bytes + " encodes " + value +
               ", beyond U+10FFFF, the last code point UTF-8 may encode (RFC 3629 section 3)";
    case ProblemKind::LegacyLongForm:
        s = bytes + " is a " + std::to_string(p.announcedLength) +
            "-byte form of RFC 2279 (value " + value +
            "); RFC 3629 limits UTF-8 to 4 bytes and U+10FFFF";
        if (p.value < minimumFor(p.announcedLength))
            s += "; it is overlong as well";
        return s;
    case ProblemKind::Truncated: {
        const int missing = int(p.announcedLength) - int(p.length);
        return bytes + " starts a " + std::to_string(p.announcedLength) +
               "-byte sequence but stops after " + std::to_string(p.length) +
               (p.length == 1 ? " byte: " : " bytes: ") + std::to_string(missing) +
               (missing == 1 ? " continuation byte is" : " continuation bytes are") + " missing";
    }
    }
    return bytes;
}

namespace {

constexpr std::uint64_t kHeadBytes = std::tuple_size_v<decltype(Problem::head)>;

} // namespace

// The draft's first bytes in their packed word; a byte past kHeadBytes only counts.
[[gnu::always_inline]] inline void appendByte(std::uint64_t& head, std::uint64_t& length,
                                              std::uint8_t b) {
    if (length < kHeadBytes)
        head |= std::uint64_t(b) << (8 * length);
    ++length;
}

void ProblemScanner::output(const Draft& d, ProblemKind kind, Out& out) {
    // Field by field, not by copying a Problem built elsewhere: the sink reads these records
    // only after the whole batch is written.
    Problem& p = out.problems[out.count++];
    p.offset = d.offset;
    p.length = d.length;
    p.kind = kind;
    p.value = d.value;
    p.announcedLength = d.announcedLength;
    p.errorSegments = d.errorSegments;
    p.headLength = std::uint8_t(std::min(d.length, kHeadBytes));
    if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(p.head.data(), &d.head, kHeadBytes);
    } else {
        for (std::size_t k = 0; k < kHeadBytes; ++k)
            p.head[k] = std::uint8_t(d.head >> (8 * k));
    }
}

// A draft of the bytes of one error segment (1-3 bytes).
ProblemScanner::Draft ProblemScanner::startDraft(const Segment& s,
                                                 std::span<const std::uint8_t> bytes) {
    Draft d;
    d.offset = s.offset;
    d.errorSegments = 1;
    for (std::uint8_t b : bytes)
        appendByte(d.head, d.length, b);
    return d;
}

void ProblemScanner::flushHigh(Out& out) {
    if (hasHigh_) {
        hasHigh_ = false;
        output(high_, ProblemKind::Surrogate, out);
    }
}

void ProblemScanner::flushStray(Out& out) {
    if (hasStray_) {
        hasStray_ = false;
        output(stray_, ProblemKind::StrayContinuation, out);
    }
}

// A naive sequence cut short: the lead announced more continuation bytes than followed it.
void ProblemScanner::flushOpen(Out& out) {
    if (!hasOpen_)
        return;
    hasOpen_ = false;
    flushHigh(out);
    output(open_, cutShortKind(std::uint8_t(open_.head), open_.length), out);
}

// A valid character ends whatever is pending.
void ProblemScanner::acceptValid(Out& out) {
    flushOpen(out);
    flushStray(out);
    flushHigh(out);
}

void ProblemScanner::accept(const Segment& s, std::span<const std::uint8_t> bytes, Out& out) {
    if (s.isValid()) {
        acceptValid(out);
        return;
    }
    const std::uint8_t b0 = bytes[0];
    if (hasOpen_) {
        if (s.error == ErrorKind::UnexpectedContinuation && s.offset == open_.end()) {
            appendByte(open_.head, open_.length, b0);
            ++open_.errorSegments;
            if (open_.length == open_.announcedLength)
                completeOpen(out);
            return;
        }
        flushOpen(out);
    }
    if (s.error == ErrorKind::UnexpectedContinuation) {
        if (hasStray_ && stray_.end() == s.offset) {
            appendByte(stray_.head, stray_.length, b0);
            ++stray_.errorSegments;
            return;
        }
        flushStray(out);
        flushHigh(out);
        stray_ = startDraft(s, bytes);
        hasStray_ = true;
        return;
    }
    flushStray(out);
    const int announced = announcedLength(b0);
    if (announced == 0) { // FE, FF
        flushHigh(out);
        output(startDraft(s, bytes), ProblemKind::NeverValidByte, out);
        return;
    }
    if (s.error == ErrorKind::Truncated) {
        Draft d = startDraft(s, bytes);
        d.announcedLength = std::uint8_t(announced);
        flushHigh(out);
        output(d, ProblemKind::Truncated, out);
        return;
    }
    // InvalidByte C0-C1/F5-FD, or a restricted lead whose next byte broke its rule (Overlong,
    // Surrogate, TooLarge): read on as the naive decoder would.
    open_ = startDraft(s, bytes);
    open_.announcedLength = std::uint8_t(announced);
    hasOpen_ = true;
}

void ProblemScanner::completeOpen(Out& out) {
    hasOpen_ = false;
    Draft d = open_;
    const int n = d.announcedLength;
    // RFC 2279: the lead keeps 7 - n payload bits, each continuation byte 6.
    char32_t v = char32_t(d.head & (0x7Fu >> n));
    for (int i = 1; i < n; ++i)
        v = (v << 6) | char32_t((d.head >> (8 * i)) & 0x3F);
    d.value = v;
    ProblemKind kind = ProblemKind::TooLarge;
    if (n >= 5) {
        kind = ProblemKind::LegacyLongForm;
    } else if (v < minimumFor(n)) {
        kind = ProblemKind::Overlong;
    } else if (v >= 0xD800 && v <= 0xDFFF) {
        kind = ProblemKind::Surrogate;
        if (v < 0xDC00) { // a high surrogate: wait for a low one right after it
            flushHigh(out);
            high_ = d;
            hasHigh_ = true;
            return;
        }
        if (hasHigh_ && high_.end() == d.offset) {
            Draft pair = high_;
            hasHigh_ = false;
            pair.value = 0x10000 + ((high_.value - 0xD800) << 10) + (v - 0xDC00);
            for (std::uint64_t i = 0; i < std::min(d.length, kHeadBytes); ++i)
                appendByte(pair.head, pair.length, std::uint8_t(d.head >> (8 * i)));
            pair.errorSegments += d.errorSegments;
            output(pair, ProblemKind::SurrogatePair, out);
            return;
        }
    }
    flushHigh(out);
    output(d, kind, out);
}

std::optional<std::size_t> ProblemScanner::handoverPoint(std::span<const std::uint8_t> bytes) {
    // Byte by byte, so as to stop at the first valid segment: it is seldom far.
    Segmenter segmenter;
    std::optional<std::size_t> end;
    for (std::size_t i = 0; i < bytes.size() && !end; ++i)
        segmenter.feed(bytes.subspan(i, 1), [&](const Segment& s) {
            if (s.isValid() && !end)
                end = std::size_t(s.offset + s.length);
        });
    return end;
}

int ProblemScanner::acceptOne(const Segment& s, std::span<const std::uint8_t> bytes) {
    Out out{few_.data(), 0};
    accept(s, bytes, out);
    assert(out.count <= int(few_.size()));
    return out.count;
}

int ProblemScanner::finishAll() {
    Out out{few_.data(), 0};
    segmenter_.finish([&](const Segment& s, std::span<const std::uint8_t> b) {
        if (!s.isValid() || pending())
            accept(s, b, out);
    });
    acceptValid(out);
    assert(out.count <= int(few_.size()));
    return out.count;
}

namespace {

// The ErrorKind of the error segment starting at `at` (one bit), from the window's masks; they
// are disjoint, so at most one term is not zero.
ErrorKind errorKindAt(const detail::WindowSegments& w, std::uint64_t at) noexcept {
    const auto has = [at](std::uint64_t mask) { return unsigned((mask & at) != 0); };
    return ErrorKind(has(w.invalid) * unsigned(ErrorKind::InvalidByte) +
                     has(w.unexpected) * unsigned(ErrorKind::UnexpectedContinuation) +
                     has(w.overlong) * unsigned(ErrorKind::Overlong) +
                     has(w.surrogate) * unsigned(ErrorKind::Surrogate) +
                     has(w.tooLarge) * unsigned(ErrorKind::TooLarge) +
                     has(w.truncated) * unsigned(ErrorKind::Truncated));
}

} // namespace

namespace {

// A problem complete in itself, its first bytes at `bytes` (eight of which can be read).
[[gnu::always_inline]] inline void writeProblem(Problem& p, const std::uint8_t* bytes,
                                                std::uint64_t offset, std::uint64_t length,
                                                ProblemKind kind, std::uint8_t announced,
                                                std::uint32_t errorSegments) {
    p.offset = offset;
    p.length = length;
    p.kind = kind;
    p.value = 0;
    p.announcedLength = announced;
    p.errorSegments = errorSegments;
    p.headLength = std::uint8_t(std::min(length, kHeadBytes));
    if constexpr (std::endian::native == std::endian::little) {
        std::uint64_t head;
        std::memcpy(&head, bytes, sizeof head);
        const std::uint64_t keep =
            length < kHeadBytes ? (std::uint64_t(1) << (8 * length)) - 1 : ~std::uint64_t(0);
        head &= keep;
        std::memcpy(p.head.data(), &head, sizeof head);
    } else {
        for (std::size_t k = 0; k < kHeadBytes; ++k)
            p.head[k] = k < length ? bytes[k] : 0;
    }
}

} // namespace

namespace {

// Bits set in m. std::popcount becomes a call into libgcc where the build does not assume the
// popcnt instruction (the x86-64 baseline lacks it); this stays inline.
[[gnu::always_inline]] inline std::uint64_t bitCount(std::uint64_t m) noexcept {
    m -= (m >> 1) & 0x5555555555555555ULL;
    m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (m * 0x0101010101010101ULL) >> 56;
}

// Counts the problems that start at `todo` in a window whose segments are `w` (nothing pending),
// by kind: stray runs and truncated sequences in bulk by popcount, naive sequences one by one.
// `follow(segments)` hands the window's error segments from the first in `segments` on to the
// exact grouping (which adds its problems to the batch) and returns the starts after them.
template <class Follow>
[[gnu::always_inline]] inline void countStarts(std::uint64_t todo, const detail::WindowSegments& w,
                                               std::uint64_t naive, const std::uint8_t* window,
                                               const Follow& follow, ProblemCounts& counts) {
    const std::uint64_t stray = w.unexpected;
    // The bytes of the run of stray continuations that reaches the end of the window, if any:
    // a problem starting in it may go on in the next window.
    const std::uint64_t lastRun =
        (stray >> 63) != 0 ? ~std::uint64_t(0) << (64 - std::countl_one(stray)) : 0;
    for (;;) {
        const std::uint64_t special = todo & (naive | lastRun);
        const std::uint64_t before =
            special != 0 ? (special & (~special + 1)) - 1 : ~std::uint64_t(0);
        counts[std::size_t(ProblemKind::StrayContinuation)] += bitCount(todo & before & stray);
        counts[std::size_t(ProblemKind::Truncated)] += bitCount(todo & before & w.truncated);
        if (special == 0)
            return;
        todo &= ~before;
        const std::uint64_t at = special & (~special + 1);
        const auto j = std::size_t(std::countr_zero(special));
        if ((naive & at) == 0) { // in the last run
            todo = follow(w.errors() & ~(at - 1));
            continue;
        }
        const std::uint8_t b0 = window[j];
        const std::uint8_t announced = kAnnouncedLength[b0];
        if (announced == 0) { // FE, FF: a problem alone, continuation bytes after it or not
            ++counts[std::size_t(ProblemKind::NeverValidByte)];
            todo &= ~at;
            continue;
        }
        // The naive sequence takes the stray continuation bytes right after its lead.
        const std::size_t taken =
            j + 1 < detail::kBlockSize ? std::size_t(std::countr_one(stray >> (j + 1))) : 0;
        if (j + 1 + taken >= detail::kBlockSize || taken + 1 >= announced) {
            todo = follow(w.errors() & ~(at - 1)); // it may go on, or it is complete
            continue;
        }
        ++counts[std::size_t(cutShortKind(b0, 1 + taken))];
        todo &= ~(at | ((at << 1) & stray)); // and the run it took, if any
    }
}

} // namespace

std::size_t ProblemScanner::feedBatch(std::span<const std::uint8_t> bytes) {
    return scanBatch<false>(bytes, nullptr);
}

void ProblemScanner::count(std::span<const std::uint8_t> bytes, ProblemCounts& counts) {
    while (!bytes.empty())
        bytes = bytes.subspan(scanBatch<true>(bytes, &counts));
}

// One function on purpose: the window loop keeps the scanner's state in registers across its
// branches, which calls between the parts would spill (this is the check's hot path).
template <bool kCounting>
std::size_t ProblemScanner::scanBatch(std::span<const std::uint8_t> bytes, ProblemCounts* counts) {
    // Room a window leaves: a window holds at most 64 error segments, each completing at most
    // one problem of its own, plus the (at most two) problems pending before it.
    constexpr int kRoomPerWindow = int(detail::kBlockSize) + 8;
    // The exact tail after the windows: fewer than three windows of bytes.
    constexpr int kRoomForTail = 3 * int(detail::kBlockSize) + 8;
    static_assert(kBatch >= kRoomPerWindow + kRoomForTail + 64);
    if (batch_.size() < std::size_t(kBatch))
        batch_.resize(std::size_t(kBatch));
    Out out{batch_.data(), 0};
    auto exact = [&](const Segment& s, std::span<const std::uint8_t> b) {
        if (!s.isValid() || pending())
            accept(s, b, out);
    };
    // Leaves the batch to feed(), or counts what accept() put in it.
    const auto finishBatch = [&](std::size_t taken) {
        if constexpr (kCounting) {
            for (int k = 0; k < out.count; ++k)
                ++(*counts)[std::size_t(out.problems[k].kind)];
            batchCount_ = 0;
        } else {
            batchCount_ = out.count;
        }
        return taken;
    };
    const std::uint8_t* const p = bytes.data();
    const std::size_t n = bytes.size();
    std::size_t i = 0;
    // A sequence left unfinished by the last call: one byte at a time until it ends (at most
    // three bytes, a sequence being at most four long).
    while (i < n && !segmenter_.atBoundary()) {
        segmenter_.feed(bytes.subspan(i, 1), exact);
        ++i;
    }
    // From a boundary, 64 bytes at a time while the look-ahead of a whole window is there.
    if (n - i >= 2 * detail::kBlockSize) {
        const std::uint64_t base = segmenter_.offset() - i; // the offset of p[0]
        std::uint64_t lastEnd = base + i; // the end of the last segment accept() was given
        detail::MaskCarry carry;          // at a boundary nothing before takes a byte after
        detail::ByteMasks cur = detail::byteMasksAt(p + i);
        std::size_t boundary = i;
        for (std::size_t x = i; x + 2 * detail::kBlockSize <= n; x += detail::kBlockSize) {
            const detail::ByteMasks next = detail::byteMasksAt(p + x + detail::kBlockSize);
            const detail::WindowSegments w = detail::windowSegments(cur, next, carry);
            const std::uint64_t errors = w.errors();
            const std::uint64_t stray = w.unexpected;
            // Where the naive decoder starts reading a sequence of its own (a lead that is no
            // lead of UTF-8, or one whose next byte broke its rule): accept() follows it.
            const std::uint64_t naive = w.invalid | w.overlong | w.surrogate | w.tooLarge;
            // Where problems start while nothing is pending: a run of stray continuation bytes
            // is one problem; a truncated sequence is one; a naive sequence starts one.
            const std::uint64_t starts = w.truncated | naive | (stray & ~(stray << 1));
            // Gives accept() the error segments from the first in `segments` on, as the
            // Segmenter would (a valid segment between two of them only ends what is pending),
            // until nothing is pending; returns the problem starts after them (none if the
            // window ends first).
            const auto follow = [&](std::uint64_t segments) -> std::uint64_t {
                do {
                    const std::uint64_t at = segments & (~segments + 1);
                    const std::size_t j = std::size_t(std::countr_zero(segments));
                    const Segment s{base + x + j, std::uint8_t(w.lengthAt(at)), errorKindAt(w, at),
                                    0};
                    if (s.offset != lastEnd && pending())
                        acceptValid(out);
                    accept(s, bytes.subspan(x + j, s.length), out);
                    lastEnd = s.end();
                    segments &= segments - 1;
                } while (segments != 0 && pending());
                const std::uint64_t end = lastEnd - (base + x);
                if (pending() || end >= detail::kBlockSize)
                    return 0;
                // A stray continuation right after the last segment starts a new run.
                return (starts & (~std::uint64_t(0) << end)) | (stray & (std::uint64_t(1) << end));
            };
            std::uint64_t todo = pending() ? (errors != 0 ? follow(errors) : 0) : starts;
            if constexpr (kCounting) {
                countStarts(todo, w, naive, p + x, follow, *counts);
                boundary = x + detail::lastSegmentEnd(w, cur);
                cur = next;
                if (out.count > kBatch - kRoomPerWindow - kRoomForTail)
                    break;
                continue;
            }
            // Nothing pending: each start is a problem of its own, whose extent the masks give
            // (computed without branches: which kind comes next is as random as the data),
            // but for complete naive sequences and for runs that may go on past the window.
            while (todo != 0) {
                const std::uint64_t at = todo & (~todo + 1);
                const auto j = std::size_t(std::countr_zero(todo));
                const std::uint8_t b0 = p[x + j];
                const std::uint64_t announced = kAnnouncedLength[b0]; // 0 for a continuation
                // Flags as 0 or 1, combined with & and | (not && and ||, which branch).
                const std::uint64_t fromHere = stray >> j;
                const std::uint64_t isStray = fromHere & 1;
                const std::uint64_t isNaive = (naive >> j) & 1;
                const std::uint64_t isTruncated = 1 ^ isStray ^ isNaive;
                const std::uint64_t announces = announced != 0; // FE and FF announce nothing
                // A stray run's length; the stray bytes a naive sequence takes after its lead.
                const auto run = std::uint64_t(std::countr_one(fromHere));
                const std::uint64_t taken =
                    std::uint64_t(std::countr_one(fromHere >> 1)) & (0 - (isNaive & announces));
                const std::uint64_t goesOn =
                    (isStray & std::uint64_t(j + run == detail::kBlockSize)) |
                    (isNaive & announces &
                     (std::uint64_t(j + 1 + taken >= detail::kBlockSize) |
                      std::uint64_t(taken + 1 >= announced)));
                if (goesOn != 0) {
                    // It may go on past the window, or the naive sequence is complete (and
                    // what it stands for decides its kind): accept() follows it.
                    todo = follow(errors & ~(at - 1));
                    continue;
                }
                const std::uint64_t length = isStray * run +
                                             isTruncated * std::uint64_t(w.lengthAt(at)) +
                                             isNaive * (1 + taken);
                const auto kind = ProblemKind(isStray * unsigned(ProblemKind::StrayContinuation) +
                                              isTruncated * unsigned(ProblemKind::Truncated) +
                                              isNaive * unsigned(cutShortKind(b0, length)));
                if constexpr (kCounting)
                    ++(*counts)[std::size_t(kind)];
                else
                    writeProblem(out.problems[out.count++], p + x + j, base + x + j, length, kind,
                                 std::uint8_t(announced),
                                 std::uint32_t(length + isTruncated * (1 - length)));
                // Done with this start, and with the run a naive sequence took (if any, it
                // started right after the lead).
                todo &= ~(at | (at << 1 & stray & (0 - std::uint64_t(taken != 0))));
            }
            boundary = x + detail::lastSegmentEnd(w, cur);
            cur = next;
            if (out.count > kBatch - kRoomPerWindow - kRoomForTail)
                break;
        }
        if (lastEnd != base + boundary && pending())
            acceptValid(out);
        segmenter_ = Segmenter(base + boundary);
        i = boundary;
        if (out.count > kBatch - kRoomPerWindow - kRoomForTail)
            return finishBatch(i);
    }
    segmenter_.feed(bytes.subspan(i), exact);
    return finishBatch(n);
}

} // namespace u8codec
