#include "dump_rows.h"

#include "u8codec/aligned_buffer.h"
#include "u8codec/local_segments.h"
#include "u8codec/scan.h"

#include <algorithm>
#include <cstring>

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

} // namespace

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

void DumpRows::placeWellFormed(std::span<const std::uint8_t> stretch) {
    std::uint64_t offset = segmenter_.offset();
    // Counted here, added once: a chain of increments in memory costs more than the rest.
    std::uint64_t printable = 0;
    std::array<std::uint64_t, 5> byLength{};
    while (!stretch.empty()) {
        DumpRow& r = *row_;
        std::size_t c = std::size_t(r.count);
        while (!stretch.empty()) {
            const std::uint8_t b0 = stretch[0];
            if (b0 < 0x80) {
                const TextCell& t = texts_.forAscii(b0);
                if (c == std::size_t(width_))
                    break;
                r.bytes[c] = b0;
                r.roles[c] = t.role;
                r.segmentStarts[c] = true;
                r.text[c] = t;
                if (t.role == CellRole::AsciiPrintable)
                    ++printable;
                else
                    ++totals_.bytesByRole[std::size_t(t.role)];
                ++c;
                stretch = stretch.subspan(1);
                continue;
            }
            const auto length = std::size_t(u8codec::sequenceLength(u8codec::classify(b0)));
            if (c + length > std::size_t(width_))
                break;
            const TextCell& text = texts_.forCharacter(stretch.first(length));
            r.bytes[c] = b0;
            r.roles[c] = text.role;
            r.segmentStarts[c] = true;
            r.text[c] = text;
            for (std::size_t k = 1; k < length; ++k) {
                r.bytes[c + k] = stretch[k];
                r.roles[c + k] = CellRole::Continuation;
                r.segmentStarts[c + k] = false;
                r.text[c + k] = k < text.columns ? texts_.covered(text.role)
                                                 : texts_.filler(CellRole::Continuation);
            }
            ++byLength[length];
            c += length;
            stretch = stretch.subspan(length);
        }
        offset += c - std::size_t(r.count);
        r.count = int(c);
        totals_.end = offset;
        if (r.count == width_) {
            completeRow();
            continue;
        }
        if (stretch.empty())
            break;
        // A character across the row's end: placed by the general way.
        const auto length = std::size_t(u8codec::sequenceLength(u8codec::classify(stretch[0])));
        const u8codec::Segment s{offset, std::uint8_t(length), u8codec::ErrorKind::None, 0};
        place(s, stretch.first(length), texts_.forCharacter(stretch.first(length)));
        offset += length;
        stretch = stretch.subspan(length);
    }
    totals_.bytesByRole[std::size_t(CellRole::AsciiPrintable)] += printable;
    totals_.bytesByRole[std::size_t(CellRole::Lead2)] += byLength[2];
    totals_.bytesByRole[std::size_t(CellRole::Lead3)] += byLength[3];
    totals_.bytesByRole[std::size_t(CellRole::Lead4)] += byLength[4];
    totals_.bytesByRole[std::size_t(CellRole::Continuation)] +=
        byLength[2] + 2 * byLength[3] + 3 * byLength[4];
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
                     const TextCell& text) {
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
        ++totals_.bytesByRole[std::size_t(role)];
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
