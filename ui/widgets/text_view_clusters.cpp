// How the text pane draws grapheme clusters (UAX #29): the glyphs of a cluster's code points
// joined into one cell, so that e + U+0301 reads "é" and 👩‍👩‍👧 one family, as a
// reader sees them.
#include "text_view.h"

#include <algorithm>

namespace u8ui {

namespace {

char32_t firstCodePoint(const char* utf8, std::size_t length) {
    const QList<uint> ucs4 = QString::fromUtf8(utf8, qsizetype(length)).toUcs4();
    return ucs4.isEmpty() ? 0 : char32_t(ucs4.front());
}

} // namespace

void TextView::onShowClustersChanged() {
    onAuditChanged(); // the same re-layout, keeping the place
}

void TextView::onAuditChanged() {
    if (documentSize() == 0) {
        invalidateLayout();
        return;
    }
    // Cells change width where clusters are joined or split: lay out again from the same byte.
    const quint64 keep = lineStartOffset(top_);
    invalidateLayout();
    top_ = {};
    setTop(positionOf(std::min(keep, documentSize() - 1)));
    updateScrollBar();
}

// A cluster is joined when all its code points are characters drawn as text (an error segment or
// a control is never part of one: Unicode ch. 3, GB4/GB5) that some font has, or invisible ones
// that shape an emoji sequence (invisiblesShapeCluster); and when it is short enough for one
// glyph's byte count. What the audit reports must stay visible: a reported invisible character
// keeps its marker, so its cluster is not joined; a cluster reported as a whole (text not in NFC)
// is joined and takes the suspicious look, which the joined cell's first character carries.
bool TextView::canJoin(const Paragraph& p, std::size_t first, std::size_t last,
                       char32_t firstCodePoint) const {
    const bool reportedFirst = isSuspicious(p.glyphs[first].offset);
    std::size_t bytes = 0;
    for (std::size_t i = first; i < last; ++i) {
        const Glyph& g = p.glyphs[i];
        if (g.kind == Glyph::Kind::ErrorBox || g.kind == Glyph::Kind::ControlPicture ||
            g.noFontHasIt)
            return false;
        const bool marker = g.kind == Glyph::Kind::CodePointBox;
        if (marker && !u8convert::invisiblesShapeCluster(firstCodePoint))
            return false;
        if (isSuspicious(g.offset) && (marker || !reportedFirst))
            return false;
        bytes += g.length;
    }
    return bytes <= 0xFF;
}

void TextView::joinClusters(Paragraph& p, const std::vector<quint8>& bytes) const {
    if (!showClusters() || p.glyphs.size() < 2)
        return;
    if (!clusterBreaks_)
        clusterBreaks_ = std::make_unique<u8convert::GraphemeBreaks>();
    const std::size_t length = std::size_t(p.end - p.start);
    const std::vector<std::size_t>& ends =
        clusterBreaks_->ends(std::string_view(reinterpret_cast<const char*>(bytes.data()), length));
    if (ends.empty())
        return; // ICU could not open its rules: code points, as before
    std::vector<Glyph> cells;
    cells.reserve(p.glyphs.size());
    std::size_t e = 0;
    for (std::size_t i = 0; i < p.glyphs.size();) {
        const std::size_t from = std::size_t(p.glyphs[i].offset - p.start);
        while (e < ends.size() && ends[e] <= from)
            ++e;
        const quint64 clusterEnd = p.start + (e < ends.size() ? ends[e] : length);
        std::size_t j = i + 1;
        while (j < p.glyphs.size() && p.glyphs[j].end() <= clusterEnd)
            ++j;
        const auto* at = reinterpret_cast<const char*>(bytes.data()) + from;
        if (j - i < 2 || !canJoin(p, i, j, firstCodePoint(at, p.glyphs[i].length))) {
            cells.insert(cells.end(), p.glyphs.begin() + std::ptrdiff_t(i),
                         p.glyphs.begin() + std::ptrdiff_t(j));
        } else {
            Glyph cell = p.glyphs[i];
            cell.kind = Glyph::Kind::Text;
            cell.length = quint8(p.glyphs[j - 1].end() - cell.offset);
            cell.text = QString::fromUtf8(at, qsizetype(cell.length));
            cell.breakAfter = p.glyphs[j - 1].breakAfter;
            cell.emoji = std::any_of(p.glyphs.begin() + std::ptrdiff_t(i),
                                     p.glyphs.begin() + std::ptrdiff_t(j),
                                     [](const Glyph& g) { return g.emoji; });
            cell.width = std::max(cell.emoji ? emojiAdvance(cell.text) : advance(cell.text),
                                  p.glyphs[i].width);
            cells.push_back(std::move(cell));
        }
        i = j;
    }
    p.glyphs = std::move(cells);
}

std::optional<ByteRange> TextView::cellAt(quint64 offset) const {
    const auto on = glyphOnScreen(offset);
    if (!on)
        return std::nullopt;
    return ByteRange{on->glyph->offset, on->glyph->end()};
}

} // namespace u8ui
