#include "edit_placement.h"

#include "u8codec/local_segments.h"
#include "u8codec/navigate.h"
#include "u8codec/segmenter.h"

#include <algorithm>

namespace u8doc {

namespace {

// The end of the `count` characters (segments) that start at `from`, or the document's end.
// Read a block at a time: a long paste in overwrite mode walks as many characters.
quint64 endAfterUnits(const u8codec::ByteSource& source, quint64 from, std::size_t count) {
    constexpr quint64 kBlock = 64 * 1024;
    const quint64 size = source.size();
    quint64 at = from;
    while (count > 0 && at < size) {
        const auto segments = u8codec::segmentsInRange(source, at, std::min(size, at + kBlock));
        if (segments.empty())
            break; // nothing could be read (the file shrank)
        for (const u8codec::Segment& s : segments) {
            if (s.offset < at)
                continue;
            at = s.end();
            if (--count == 0)
                break;
        }
    }
    return std::min(at, size);
}

// The problem around `unit` when Problems lists it as one sequence of several error segments (the
// overlong pair C0 AF, a CESU-8 pair, a 5-byte RFC 2279 form): removing a part of it would leave
// the rest as new errors. A run of stray continuation bytes is several segments too, but each is
// its own U+FFFD: it goes byte by byte.
u8ui::ByteRange wholeProblem(const u8codec::ByteSource& source, u8ui::ByteRange unit) {
    const auto problem = u8codec::problemAt(source, unit.start);
    if (!problem || problem->errorSegments < 2 ||
        problem->kind == u8codec::ProblemKind::StrayContinuation)
        return unit;
    return {std::min<quint64>(unit.start, problem->offset),
            std::max<quint64>(unit.end, problem->end())};
}

} // namespace

u8ui::ByteRange selectedBytes(const u8codec::ByteSource& source,
                              const u8ui::ByteSelection& selection) {
    const quint64 size = source.size();
    const u8ui::ByteRange r = selection.range();
    return {std::min(r.start, size), std::min(r.end, size)};
}

quint64 unitStart(const u8codec::ByteSource& source, quint64 cursor, EditUnit unit) {
    const quint64 size = source.size();
    if (cursor >= size)
        return size;
    return unit == EditUnit::Byte ? cursor : u8codec::segmentAt(source, cursor).offset;
}

bool selectsSeveralUnits(const u8codec::ByteSource& source, const u8ui::ByteSelection& selection,
                         EditUnit unit) {
    if (selection.anchor() == selection.cursor())
        return false;
    if (unit == EditUnit::Byte || selection.cursor() >= source.size())
        return true;
    // The text pane selects a character by putting the anchor on its last byte.
    const u8codec::Segment s = u8codec::segmentAt(source, selection.cursor());
    const u8ui::ByteRange r = selectedBytes(source, selection);
    return r.start < s.offset || r.end > s.end();
}

u8ui::ByteRange placeInput(const u8codec::ByteSource& source, const u8ui::ByteSelection& selection,
                           DocumentEditor::Mode mode, EditUnit unit,
                           std::span<const std::uint8_t> bytes) {
    if (selectsSeveralUnits(source, selection, unit))
        return selectedBytes(source, selection);
    const quint64 size = source.size();
    const quint64 start = unitStart(source, selection.cursor(), unit);
    if (mode == DocumentEditor::Mode::Insert || start == size)
        return {start, start};
    if (unit == EditUnit::Byte)
        return {start, start + std::min<quint64>(bytes.size(), size - start)};
    return {start, endAfterUnits(source, start, u8codec::segment(bytes).size())};
}

std::optional<u8ui::ByteRange> deletionRange(const u8codec::ByteSource& source,
                                             const u8ui::ByteSelection& selection, EditUnit unit,
                                             bool backwards) {
    if (selectsSeveralUnits(source, selection, unit))
        return selectedBytes(source, selection);
    const quint64 size = source.size();
    const quint64 start = unitStart(source, selection.cursor(), unit);
    if (backwards) {
        if (start == 0)
            return std::nullopt;
        return wholeProblem(source, {unitStart(source, start - 1, unit), start});
    }
    if (start >= size)
        return std::nullopt;
    return wholeProblem(
        source, {start, unit == EditUnit::Byte ? start + 1 : endAfterUnits(source, start, 1)});
}

} // namespace u8doc
