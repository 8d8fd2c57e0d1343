#include "dump_rows.h"

#include "u8codec/aligned_buffer.h"
#include "u8codec/local_segments.h"
#include "u8codec/scan.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <string>

namespace u8dump {
namespace {

// The role of a problem's first byte: the kind of the error segment it starts with
// (u8codec::errorKindOf, from that byte and the one after it).
CellRole firstRole(const u8codec::Problem& p) {
    const auto head = p.headBytes();
    if (head.empty())
        return CellRole::ErrorTruncated;
    return roleForError(u8codec::errorKindOf(head[0], head.size() > 1 ? int(head[1]) : -1));
}

// The length of the character each byte starts (u8codec::sequenceLength), from a table: the lead
// bytes of well-formed text come in any order, and a table takes no branch.
constexpr auto kLengthOfLead = [] {
    std::array<std::uint8_t, 256> lengths{};
    for (int b = 0; b < 256; ++b)
        lengths[std::size_t(b)] =
            std::uint8_t(u8codec::sequenceLength(u8codec::classify(std::uint8_t(b))));
    return lengths;
}();

// asciiRole() and classify() as arithmetic without a branch, for countWellFormed() to vectorise;
// the static_assert below holds them to the rules for every byte of well-formed text.
constexpr std::uint32_t isWhitespaceByte(std::uint8_t b) noexcept {
    return std::uint32_t(b == 0x20) | std::uint32_t(std::uint8_t(b - 0x09) < 5);
}
constexpr std::uint32_t isControlByte(std::uint8_t b) noexcept {
    return std::uint32_t(b < 0x20) + std::uint32_t(b == 0x7F) -
           std::uint32_t(std::uint8_t(b - 0x09) < 5);
}
// The lead of a character of `length` (2-4) bytes: 110xxxxx, 1110xxxx, 11110xxx (RFC 3629 section
// 3).
constexpr std::uint32_t isLeadByte(std::uint8_t b, int length) noexcept {
    const std::uint8_t mask = std::uint8_t(0xFF00 >> (length + 1));
    return std::uint32_t((b & mask) == std::uint8_t(mask << 1));
}
static_assert([] {
    for (int i = 0; i < 256; ++i) {
        const auto b = std::uint8_t(i);
        const auto c = u8codec::classify(b);
        if (c == u8codec::ByteClass::Invalid)
            continue; // never in well-formed text
        if (b < 0x80 && (isWhitespaceByte(b) != (asciiRole(b) == CellRole::AsciiWhitespace) ||
                         isControlByte(b) != (asciiRole(b) == CellRole::AsciiControl)))
            return false;
        for (int length = 2; length <= 4; ++length)
            if (isLeadByte(b, length) != (u8codec::sequenceLength(c) == length))
                return false;
    }
    return true;
}());

constexpr std::size_t kAsciiStep = 8;

// How many bytes at the start of `bytes` are ASCII, 8 at a time (without a branch for 8 bytes:
// the count of a word is that of the zero bits below its first high bit).
std::size_t asciiPrefix(std::span<const std::uint8_t> bytes) {
    std::size_t k = 0;
    if constexpr (std::endian::native == std::endian::little) {
        for (; k + 8 <= bytes.size(); k += 8) {
            std::uint64_t word;
            std::memcpy(&word, bytes.data() + k, 8);
            const std::size_t n = std::size_t(std::countr_zero(word & 0x8080808080808080u) / 8);
            if (n < 8)
                return k + n;
        }
    }
    while (k < bytes.size() && bytes[k] < 0x80)
        ++k;
    return k;
}

// The run of ASCII `stretch` starts with, as much of it as the row takes from cell `c`, eight
// bytes at a time: eight cells at once where the bytes and the cells are there, else one by one.
// Returns the bytes placed.
std::size_t placeAscii(const CellTexts& texts, DumpRow& r, std::size_t c, std::size_t width,
                       std::span<const std::uint8_t> stretch) {
    if (stretch.size() < kAsciiStep || c + kAsciiStep > kMaxRowWidth) {
        const std::size_t n = asciiPrefix(stretch.first(std::min(width - c, stretch.size())));
        for (std::size_t k = 0; k < n; ++k) {
            const TextCell& t = texts.forAscii(stretch[k]);
            r.bytes[c + k] = stretch[k];
            r.roles[c + k] = t.role;
            r.segmentStarts[c + k] = true;
            r.text[c + k] = t;
        }
        return n;
    }
    std::memcpy(&r.bytes[c], stretch.data(), kAsciiStep);
    std::fill_n(&r.segmentStarts[c], kAsciiStep, true);
    // Each cell's 12 bytes in a copy of 16, the next cell written over the 4 more, the last in a
    // copy of its own size.
    static_assert(sizeof(TextCell) == 12);
    char* text = reinterpret_cast<char*>(r.text.data()) + sizeof(TextCell) * c;
    for (std::size_t k = 0; k < kAsciiStep; ++k) {
        const auto& t = texts.forAsciiPadded(stretch[k] & 0x7F);
        r.roles[c + k] = t.cell.role;
        std::memcpy(text + sizeof(TextCell) * k, &t,
                    k + 1 < kAsciiStep ? sizeof t : sizeof(TextCell));
    }
    return std::min(asciiPrefix(stretch.first(kAsciiStep)), width - c);
}

// The character of `length` bytes `stretch` starts with, at cell `c`: its four cells at once where
// the bytes and the cells are there.
void placeCharacter(CellTexts& texts, DumpRow& r, std::size_t c,
                    std::span<const std::uint8_t> stretch, std::size_t length) {
    const CharacterCells& cells = texts.cellsOf(stretch, length);
    if (c + 4 <= std::size_t(kMaxRowWidth) && stretch.size() >= 4) {
        static constexpr std::array<bool, 4> kStarts = {true, false, false, false};
        std::memcpy(&r.bytes[c], stretch.data(), 4);
        std::memcpy(&r.roles[c], cells.roles.data(), 4);
        std::memcpy(&r.segmentStarts[c], kStarts.data(), 4);
        std::memcpy(&r.text[c], cells.text.data(), sizeof cells.text);
        return;
    }
    for (std::size_t k = 0; k < length; ++k) {
        r.bytes[c + k] = stretch[k];
        r.roles[c + k] = cells.roles[k];
        r.segmentStarts[c + k] = k == 0;
        r.text[c + k] = cells.text[k];
    }
}

} // namespace

std::string hexOffset(std::uint64_t offset) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llX", static_cast<unsigned long long>(offset));
    return std::string(buf);
}

std::string totalsSentence(const DumpTotals& totals) {
    const std::uint64_t n = totals.end - totals.start;
    const auto hex = hexOffset;
    std::string out = n == 0 ? std::string("No bytes")
                             : "Bytes " + hex(totals.start) + " to " + hex(totals.end - 1) + " (" +
                                   std::to_string(n) + (n == 1 ? " byte)" : " bytes)");
    out += ", " + std::to_string(totals.problems) +
           (totals.problems == 1 ? " problem." : " problems.");
    return out;
}

std::uint64_t DumpRows::streamStart(const DumpOptions& options) noexcept {
    return options.offset > std::uint64_t(u8codec::kMaxLookBehind)
               ? options.offset - u8codec::kMaxLookBehind
               : 0;
}

DumpRows::DumpRows(const DumpOptions& options, RowSink& sink)
    : sink_(sink), width_(std::clamp(options.width, 1, kMaxRowWidth)), from_(options.offset),
      to_(options.length > UINT64_MAX - options.offset ? UINT64_MAX
                                                       : options.offset + options.length),
      streamStart_(streamStart(options)), ring_(1) {
    locateCurrent();
    startRow(ring_[0], from_);
    totals_.start = totals_.end = from_;
}

bool DumpRows::feed(std::span<const std::uint8_t> bytes) {
    if (enough_)
        return false;
    if (!started_) {
        // The bytes up to the offset's own decide where the first segment starts.
        const std::size_t needed = std::size_t(from_ - streamStart_ + 1);
        const std::size_t take = std::min(needed - prefix_.size(), bytes.size());
        prefix_.insert(prefix_.end(), bytes.begin(), bytes.begin() + std::ptrdiff_t(take));
        bytes = bytes.subspan(take);
        if (prefix_.size() < needed)
            return true;
        begin(prefix_);
        std::vector<std::uint8_t>().swap(prefix_);
    }
    feedBytes(bytes);
    return !enough_;
}

// A well-formed stretch holds only whole, valid characters, and ends nothing the scanner could be
// waiting for while it waits for nothing: after a segment boundary, it is found 64 bytes at a time
// by the codec's vector check (u8codec::wellFormedLength), placed a character at a time from the
// text cells' cache, and the Segmenter restarted after it: the same segments as feeding it byte
// by byte. Errors, and what is around them, go through the Segmenter.
void DumpRows::feedBytes(std::span<const std::uint8_t> bytes) {
    auto sink = [this](const u8codec::Segment& s, std::span<const std::uint8_t> b) {
        onSegment(s, b);
    };
    const std::size_t n = bytes.size();
    std::size_t i = 0;
    while (i < n && !enough_) {
        const std::uint64_t at = segmenter_.offset();
        if (segmenter_.atBoundary() && !scanner_.pending() && at >= from_ && at < to_) {
            const std::size_t limit = std::size_t(std::min<std::uint64_t>(n - i, to_ - at));
            const std::size_t length = u8codec::wellFormedLength(bytes.subspan(i, limit));
            if (length > 0) {
                placeWellFormed(bytes.subspan(i, length));
                segmenter_ = u8codec::Segmenter(at + length);
                if (at + length >= to_)
                    enough_ = true; // nothing is pending: the range is read
                i += length;
                continue;
            }
        }
        // Up to the next ASCII byte, which ends any sequence.
        std::size_t j = i + 1;
        while (j < n && bytes[j] >= 0x80)
            ++j;
        segmenter_.feed(bytes.subspan(i, j - i), sink);
        i = j;
    }
}

// The cells of a well-formed stretch are placed in fixed-size copies, past the characters' own
// cells when the row's arrays have room: the cells after them are written over by what comes next
// (or lie past the row's count). Branches cost more than those stores: in text that mixes
// scripts, runs of ASCII and of other characters alternate every few bytes, in no order a
// predictor learns.
void DumpRows::placeWellFormed(std::span<const std::uint8_t> stretch) {
    std::uint64_t offset = segmenter_.offset();
    countWellFormed(stretch);
    while (!stretch.empty()) {
        DumpRow& r = *row_;
        const std::size_t width = std::size_t(width_);
        std::size_t c = std::size_t(r.count);
        while (c < width && !stretch.empty()) {
            if (stretch[0] < 0x80) {
                const std::size_t n = placeAscii(texts_, r, c, width, stretch);
                c += n;
                stretch = stretch.subspan(n);
                continue;
            }
            const std::size_t length = kLengthOfLead[stretch[0]];
            if (c + length > width)
                break;
            placeCharacter(texts_, r, c, stretch, length);
            c += length;
            stretch = stretch.subspan(length);
        }
        offset += c - std::size_t(r.count);
        r.count = int(c);
        totals_.end = offset;
        if (c == width) {
            completeRow();
            continue;
        }
        if (stretch.empty())
            break;
        // A character across the row's end: placed by the general way (already counted).
        const std::size_t length = kLengthOfLead[stretch[0]];
        const u8codec::Segment s{offset, std::uint8_t(length), u8codec::ErrorKind::None, 0};
        place(s, stretch.first(length), texts_.forCharacter(stretch.first(length)), false);
        offset += length;
        stretch = stretch.subspan(length);
    }
}

// In well-formed text each byte's role is that of its class (roleForClass): counted apart from
// the placing, in one pass of compares the compiler vectorises, in blocks of 240 bytes whose
// counts fit in a byte (the vectors then add bytes, 16 at a time or more).
void DumpRows::countWellFormed(std::span<const std::uint8_t> stretch) {
    std::uint64_t whitespace = 0, control = 0, ascii = 0, lead2 = 0, lead3 = 0, lead4 = 0;
    constexpr std::size_t kBlock = 240;
    for (std::size_t at = 0; at < stretch.size(); at += kBlock) {
        std::uint8_t w = 0, c = 0, a = 0, l2 = 0, l3 = 0, l4 = 0;
        for (const std::uint8_t b : stretch.subspan(at, std::min(kBlock, stretch.size() - at))) {
            w = std::uint8_t(w + isWhitespaceByte(b));
            c = std::uint8_t(c + isControlByte(b));
            a = std::uint8_t(a + (b < 0x80));
            l2 = std::uint8_t(l2 + isLeadByte(b, 2));
            l3 = std::uint8_t(l3 + isLeadByte(b, 3));
            l4 = std::uint8_t(l4 + isLeadByte(b, 4));
        }
        whitespace += w;
        control += c;
        ascii += a;
        lead2 += l2;
        lead3 += l3;
        lead4 += l4;
    }
    auto& byRole = totals_.bytesByRole;
    byRole[std::size_t(CellRole::AsciiPrintable)] += ascii - whitespace - control;
    byRole[std::size_t(CellRole::AsciiWhitespace)] += whitespace;
    byRole[std::size_t(CellRole::AsciiControl)] += control;
    byRole[std::size_t(CellRole::Lead2)] += lead2;
    byRole[std::size_t(CellRole::Lead3)] += lead3;
    byRole[std::size_t(CellRole::Lead4)] += lead4;
    byRole[std::size_t(CellRole::Continuation)] += stretch.size() - ascii - lead2 - lead3 - lead4;
}

// Starts at the last byte at or before the offset that is not a continuation byte, at most
// kMaxLookBehind back: such a byte always begins a segment (local_segments.h, RFC 3629 section
// 1). Without one, the byte at the offset cannot belong to a sequence begun earlier.
void DumpRows::begin(std::span<const std::uint8_t> prefix) {
    started_ = true;
    const std::size_t fromIndex = std::size_t(from_ - streamStart_);
    if (prefix.size() <= fromIndex) {
        pastEnd_ = prefix.size() < fromIndex;
        return; // the stream ends at or before the offset: nothing to show
    }
    std::size_t start = fromIndex;
    for (std::size_t back = 0; back <= std::size_t(u8codec::kMaxLookBehind) && back <= fromIndex;
         ++back) {
        const std::uint8_t b = prefix[fromIndex - back];
        if (b < 0x80 || b >= 0xC0) {
            start = fromIndex - back;
            break;
        }
    }
    segmenter_ = u8codec::Segmenter(streamStart_ + start);
    scanner_ = u8codec::ProblemScanner(streamStart_ + start);
    segmenter_.feed(
        prefix.subspan(start),
        [this](const u8codec::Segment& s, std::span<const std::uint8_t> b) { onSegment(s, b); });
}

void DumpRows::onSegment(const u8codec::Segment& s, std::span<const std::uint8_t> bytes) {
    if (enough_)
        return;
    auto problemSink = [this](const u8codec::Problem& p) { onProblem(p); };
    if (s.offset >= to_) {
        // Past the shown range: only to finish a problem that starts inside it.
        if (scanner_.pending() && s.offset < to_ + kProblemLookAhead)
            scanner_.onSegment(s, bytes, problemSink);
        if (!scanner_.pending() || s.offset >= to_ + kProblemLookAhead)
            enough_ = true;
        return;
    }
    scanner_.onSegment(s, bytes, problemSink);
    place(s, bytes, texts_.forSegment(s, bytes));
    if (s.end() >= to_ && !scanner_.pending())
        enough_ = true;
}

// A character's text goes in its lead's cell when it fits in the cells of the character left on
// that row; else (a wide glyph whose lead is the row's last cell) in the first cell of the next
// row, where the character goes on. Its other cells are fillers. When the lead is not shown (the
// offset is inside the character) or no part of the character on a row can hold the text (the
// shown range ends inside it), all its cells are fillers.
void DumpRows::place(const u8codec::Segment& s, std::span<const std::uint8_t> bytes,
                     const TextCell& text, bool count) {
    const std::uint64_t v0 = std::max(s.offset, from_);
    const std::uint64_t v1 = std::min(s.end(), to_);
    if (v0 >= v1)
        return;
    bool textDue = v0 == s.offset;
    int covered = 0;
    for (std::uint64_t o = v0; o < v1; ++o) {
        DumpRow& r = current();
        const auto c = std::size_t(r.count);
        const std::uint8_t b = bytes[std::size_t(o - s.offset)];
        const CellRole role = roleOf(s, o, b);
        r.bytes[c] = b;
        r.roles[c] = role;
        r.segmentStarts[c] = o == s.offset;
        if (covered > 0) {
            r.text[c] = texts_.covered(text.role);
            --covered;
        } else if (textDue && text.columns <= std::min<std::uint64_t>(width_ - c, v1 - o)) {
            r.text[c] = text;
            covered = text.columns - 1;
            textDue = false;
        } else {
            r.text[c] = texts_.filler(role);
        }
        totals_.bytesByRole[std::size_t(role)] += count;
        totals_.end = o + 1;
        if (++r.count == width_)
            completeRow();
    }
}

void DumpRows::onProblem(const u8codec::Problem& p) {
    if (p.offset >= to_)
        return;
    ++totals_.problems;
    // Under the row it starts in, or the first row not yet written after it.
    const std::uint64_t first = ring_[head_].offset;
    const std::size_t index = p.offset <= first
                                  ? 0
                                  : std::size_t(std::min<std::uint64_t>(
                                        (p.offset - first) / std::uint64_t(width_), held_));
    DumpRow& r = ring_[slot(index)];
    DumpNote note;
    note.problem = p;
    note.role = firstRole(p);
    r.notes.push_back(note);
}

void DumpRows::startRow(DumpRow& row, std::uint64_t offset) {
    row.offset = offset;
    row.count = 0;
    row.notes.clear();
}

void DumpRows::completeRow() {
    const std::uint64_t next = current().offset + std::uint64_t(width_);
    if (held_ == 0 && current().notes.empty() && !scanner_.pending()) {
        // The usual row, with nothing held and nothing to tell: out at once, its slot reused.
        sink_.row(current());
        startRow(current(), next);
        return;
    }
    ++held_;
    // Nothing open: every problem that starts in the held rows has been told.
    if (!scanner_.pending() || held_ >= std::size_t(kMaxHeldRows))
        flush();
    if (held_ == ring_.size()) {
        // Every slot holds a row: make room for the current one, the held rows kept in order.
        std::rotate(ring_.begin(), ring_.begin() + std::ptrdiff_t(head_), ring_.end());
        head_ = 0;
        ring_.emplace_back();
    }
    locateCurrent();
    startRow(current(), next);
}

// The notes' cells are found only now: a problem can be told before its last segment is placed
// (the scanner hears of each segment first).
void DumpRows::flush() {
    for (std::size_t i = 0; i < held_; ++i) {
        DumpRow& r = ring_[slot(i)];
        for (DumpNote& note : r.notes) {
            const std::uint64_t lo = std::max(note.problem.offset, r.offset);
            const std::uint64_t hi =
                std::min(note.problem.end(), r.offset + std::uint64_t(r.count));
            note.firstCell = lo < hi ? int(lo - r.offset) : -1;
            note.endCell = lo < hi ? int(hi - r.offset) : -1;
        }
        sink_.row(r);
    }
    head_ = slot(held_);
    if (head_ == ring_.size())
        head_ = 0;
    held_ = 0;
    locateCurrent();
}

void DumpRows::finish() {
    if (finished_)
        return;
    finished_ = true;
    if (!started_)
        begin(prefix_);
    auto segmentSink = [this](const u8codec::Segment& s, std::span<const std::uint8_t> b) {
        onSegment(s, b);
    };
    if (!enough_)
        segmenter_.finish(segmentSink);
    scanner_.finish([this](const u8codec::Problem& p) { onProblem(p); });
    if (current().count > 0)
        ++held_;
    flush();
    enough_ = true;
}

int offsetDigitsFor(std::uint64_t end) noexcept {
    int digits = 8;
    while (digits < 16 && end > (std::uint64_t(1) << (4 * digits)))
        ++digits;
    return digits;
}

DumpTotals dumpSource(const u8codec::ByteSource& source, const DumpOptions& options,
                      RowSink& sink) {
    DumpRows rows(options, sink);
    u8codec::AlignedBuffer buffer(u8codec::kReadChunkSize);
    for (std::uint64_t offset = DumpRows::streamStart(options);;) {
        const std::size_t n = source.read(offset, buffer.span());
        if (n == 0 || !rows.feed({buffer.data(), n}))
            break;
        offset += n;
    }
    rows.finish();
    return rows.totals();
}

} // namespace u8dump
