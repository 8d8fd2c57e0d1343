#include "text_view.h"

#include "glyph_coverage.h"
#include "hex_view.h"
#include "paragraph_bytes.h"
#include "u8codec/controls.h"
#include "u8codec/local_segments.h"
#include "u8codec/problem.h"
#include "u8convert/audit.h"
#include "unicode_info.h"

#include <QFontDatabase>
#include <QKeyEvent>
#include <QPainter>
#include <QScrollBar>
#include <algorithm>
#include <utility>

namespace u8ui {

namespace {

constexpr quint64 kLineFeed = 0x0A;
// Paragraph caches are dropped wholesale past this many entries (only the screen's few are hot).
constexpr std::size_t kMaxCachedParagraphs = 512;

bool isCombining(char32_t cp) {
    switch (QChar::category(cp)) {
    case QChar::Mark_NonSpacing:
    case QChar::Mark_SpacingCombining:
    case QChar::Mark_Enclosing:
        return true;
    default:
        return false;
    }
}

} // namespace

TextView::TextView(QWidget* parent) : BytePane(parent) {
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    horizontalScrollBar()->setRange(0, 0);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // lines wrap
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this, &TextView::onScrollBarMoved);
    setAttribute(Qt::WA_InputMethodEnabled); // composed characters arrive as commit strings
    updateMetrics();
}

void TextView::onContentChanged() {
    // Keep the place (an edit or a repair replaces the bytes), as far as the new size allows.
    const quint64 keep = top_.paragraph;
    invalidateLayout();
    top_ = {};
    if (documentSize() > 0)
        setTop(positionOf(std::min(keep, documentSize() - 1)));
    updateScrollBar();
    viewport()->update();
}

void TextView::setTextReading(std::shared_ptr<const u8convert::TextReading> reading) {
    if (!reading || reading == reading_)
        return;
    const quint64 top = topOffset();
    reading_ = std::move(reading);
    invalidateLayout();
    // The same bytes at the top, cut the new way.
    setTopOffset(top);
    viewport()->update();
}

void TextView::onDocumentSet() {
    invalidateLayout();
    top_ = {};
    updateScrollBar();
    viewport()->update();
}

int TextView::visibleLines() const {
    return std::max(1, viewport()->height() / lineHeight_);
}

void TextView::invalidateLayout() {
    paragraphs_.clear();
    lastTop_.reset();
    layoutWidth_ = std::max<qreal>(40, viewport()->width() - 2 * margin_);
}

void TextView::updateMetrics() {
    const QFontMetricsF fm(font());
    lineHeight_ = int(std::ceil(fm.height())) + 6;
    ascent_ = int(std::ceil(fm.ascent()));
    smallFont_ = font();
    smallFont_.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.78));
    emojiFont_ = font();
    emojiFont_.setFamilies(QStringList{QStringLiteral("Noto Color Emoji")} + font().families());
    const QFontMetricsF small(smallFont_);
    smallAscent_ = int(std::ceil(small.ascent()));
    margin_ = int(fm.horizontalAdvance(QLatin1Char('0')) / 2) + 2;
    minGlyphWidth_ = fm.horizontalAdvance(QLatin1Char('0')) * 0.5;
    advances_.clear();
    // The Control Pictures block (U+2400 + code, U+2421 for DEL); fonts that lack it get the
    // control's abbreviation in a small box instead. Worked out once per font: a file of zeros
    // is a paragraph of 4096 controls, laid out again after every edit.
    for (char32_t c = 0; c < controls_.size(); ++c) {
        const char32_t cp = c < 0x20 ? c : 0x7F;
        const char32_t picture = u8codec::controlPicture(cp);
        ControlLook& look = controls_[c];
        look.picture = fm.inFontUcs4(picture);
        look.text =
            look.picture ? QString::fromUcs4(&picture, 1) : UnicodeInfo::controlAbbreviation(cp);
        look.width = look.picture ? std::max(fm.horizontalAdvance(look.text), minGlyphWidth_)
                                  : small.horizontalAdvance(look.text) + 6;
    }
    invalidateLayout();
}

qreal TextView::advance(const QString& text) const {
    auto it = advances_.constFind(text);
    if (it != advances_.constEnd())
        return *it;
    const qreal width = QFontMetricsF(font()).horizontalAdvance(text);
    advances_.insert(text, width);
    return width;
}

qreal TextView::emojiAdvance(const QString& text) const {
    return QFontMetricsF(emojiFont_).horizontalAdvance(text);
}

// --- paragraphs ----------------------------------------------------------------------------

quint64 TextView::paragraphStartFor(quint64 offset) const {
    const quint64 size = documentSize();
    const u8codec::ByteSource* source = document_ ? document_->source() : nullptr;
    if (!source || size == 0)
        return 0;
    offset = std::min(offset, size - 1);
    quint64 k = offset / kChunk;
    quint64 scanEnd = offset; // LFs strictly before the offset end earlier paragraphs
    // The segment holding offset may straddle the next boundary: then it belongs with the bytes
    // after that boundary.
    const quint64 nextBoundary = (k + 1) * kChunk;
    if (nextBoundary < size && nextBoundary - offset <= quint64(u8codec::kMaxLookBehind)) {
        const u8codec::Segment s = reading_->segmentAt(*source, nextBoundary);
        if (s.offset <= offset) {
            ++k;
            scanEnd = s.offset;
        }
    }
    // The last LF before the offset, read backwards in small blocks so that short lines cost
    // little.
    const quint64 lookFrom = k >= 1 ? (k - 1) * kChunk : 0;
    constexpr quint64 kBlock = 256;
    std::vector<quint8> block(kBlock);
    for (quint64 blockEnd = scanEnd; blockEnd > lookFrom;) {
        const quint64 blockStart = blockEnd - std::min(kBlock, blockEnd - lookFrom);
        const std::size_t got =
            source->read(blockStart, std::span<quint8>(block.data(), blockEnd - blockStart));
        for (std::size_t i = got; i-- > 0;)
            if (block[i] == kLineFeed)
                if (const quint64 after = reading_->lineStartAfter(*source, blockStart + i);
                    after != 0 && after <= scanEnd)
                    return after;
        blockEnd = blockStart;
    }
    if (k == 0)
        return 0;
    // The whole chunk before boundary k holds no LF: a paragraph starts at the segment that
    // contains the boundary.
    return reading_->segmentAt(*source, k * kChunk).offset;
}

TextView::Glyph TextView::makeGlyph(const u8codec::Segment& s, const quint8* bytes) const {
    Glyph g;
    g.offset = s.offset;
    g.length = s.length;
    // Read through another encoding, a character's colour is not its UTF-8 length's: plain
    // text, controls apart; errors keep their kind's look.
    g.role = reading_->isUtf8() || !s.isValid() ? RolePalette::roleOf(s, s.offset, bytes[0])
             : (s.codePoint < 0x20 || s.codePoint == 0x7F) ? CellRole::AsciiControl
                                                           : CellRole::AsciiPrintable;
    if (!s.isValid()) {
        g.kind = Glyph::Kind::ErrorBox;
        g.text = QString::fromStdString(
            u8codec::hexBytes(std::span<const std::uint8_t>(bytes, s.length)));
        // In the text's own size (the small font was unreadable on the hatch), on a plate.
        g.width = advance(g.text) + 12;
        return g;
    }
    const char32_t cp = s.codePoint;
    g.breakAfter = cp == 0x20 || cp == 0x09;
    if (u8codec::isC0Control(cp)) {
        const ControlLook& look = controls_[cp < 0x20 ? cp : 0x20];
        g.kind = Glyph::Kind::ControlPicture;
        g.text = look.text;
        g.width = look.width;
        return g;
    }
    const QFontMetricsF small(smallFont_);
    if (u8convert::drawsNothing(cp)) {
        // A marker: Unicode's abbreviation ("RLO", "ZWSP", "VS16"), else the code point
        // ("E0061").
        g.kind = Glyph::Kind::CodePointBox;
        const std::string abbreviation = u8codec::abbreviation(cp);
        g.text = abbreviation.empty() ? QString::fromStdString(u8codec::codePointLabel(cp)).mid(2)
                                      : QString::fromStdString(abbreviation);
        g.width = small.horizontalAdvance(g.text) + 12;
        return g;
    } else if (isCombining(cp)) {
        const char32_t withCircle[2] = {0x25CC, cp};
        g.text = QString::fromUcs4(withCircle, 2);
    } else {
        g.text = QString::fromUcs4(&cp, 1);
    }
    if (g.kind == Glyph::Kind::Text && !fontsCanDraw(font(), cp)) {
        // No installed font has it: its code point in a box says which character is here, where
        // the fonts' empty box ("tofu") would not.
        g.kind = Glyph::Kind::CodePointBox;
        g.noFontHasIt = true;
        g.text = QString::fromStdString(u8codec::codePointLabel(cp)).mid(2);
        g.width = small.horizontalAdvance(g.text) + 12;
        return g;
    }
    // Zero-width glyphs still get room to be seen and clicked.
    g.emoji = g.kind == Glyph::Kind::Text && UnicodeInfo::drawsAsEmoji(cp);
    g.width = std::max(g.emoji ? emojiAdvance(g.text) : advance(g.text), minGlyphWidth_);
    return g;
}

TextView::ParagraphPtr TextView::paragraph(quint64 start) const {
    auto found = paragraphs_.find(start);
    if (found != paragraphs_.end())
        return found->second;
    auto p = std::make_shared<Paragraph>();
    p->start = p->end = start;
    const u8codec::ByteSource* source = document_ ? document_->source() : nullptr;
    if (source && start < documentSize())
        fillGlyphs(*p, *source);
    wrapLines(*p);
    if (paragraphs_.size() >= kMaxCachedParagraphs)
        paragraphs_.clear();
    paragraphs_.emplace(start, p);
    return p;
}

// The glyphs of the paragraph at p.start: up to and with its line feed, or up to the chunk
// boundary where the rule in the header forces a break.
void TextView::fillGlyphs(Paragraph& p, const u8codec::ByteSource& source) const {
    const quint64 start = p.start;
    const quint64 size = documentSize();
    // The longest possible paragraph: 2 * kChunk + the segment that straddles the boundary.
    const quint64 limit = std::min(size, start + 2 * kChunk + 2 * u8codec::kMaxLookAhead + 1);
    const std::vector<quint8> bytes = readParagraphBytes(source, start, limit, *reading_);
    const bool reachesEnd = start + bytes.size() >= size || start + bytes.size() < limit;
    const auto segments =
        reading_->segmentsInWindow(bytes, start, reachesEnd, start, start + bytes.size());
    // The first chunk boundary at which this paragraph may be cut (see the header).
    quint64 boundary = ((start + u8codec::kMaxLookBehind) / kChunk + 1) * kChunk;
    for (const u8codec::Segment& s : segments) {
        bool forced = false;
        while (s.end() > boundary) {
            if (start + kChunk <= boundary) {
                forced = true;
                break;
            }
            boundary += kChunk;
        }
        if (forced) {
            p.forcedBreak = true;
            break;
        }
        p.glyphs.push_back(makeGlyph(s, bytes.data() + (s.offset - start)));
        p.end = s.end();
        if (s.isValid() && s.codePoint == kLineFeed) {
            p.endsWithLineFeed = true;
            break;
        }
    }
    if (reading_->isUtf8()) // grapheme clusters are found in UTF-8's bytes
        joinClusters(p, bytes);
}

// Wraps at the layout width, after the last space or tab of the line when there is one,
// otherwise between any two characters; sets each glyph's x. A forced break's mark needs room
// after the last glyph.
void TextView::wrapLines(Paragraph& p) const {
    qreal x = 0;
    std::size_t breakAfterSpace = 0; // first glyph after the line's last space, 0 for none
    for (std::size_t i = 0; i < p.glyphs.size(); ++i) {
        Glyph& g = p.glyphs[i];
        const bool last = i + 1 == p.glyphs.size();
        const qreal need = g.width + (p.forcedBreak && last ? breakMarkWidth() : 0);
        if (p.lineStarts.empty()) {
            p.lineStarts.push_back(0);
        } else if (x > 0 && x + need > layoutWidth_) {
            const std::size_t lineStart = std::size_t(p.lineStarts.back());
            const std::size_t next = breakAfterSpace > lineStart ? breakAfterSpace : i;
            p.lineStarts.push_back(int(next));
            x = 0;
            for (std::size_t j = next; j < i; ++j) {
                p.glyphs[j].x = x;
                x += p.glyphs[j].width;
            }
            breakAfterSpace = 0;
        }
        g.x = x;
        x += g.width;
        if (g.breakAfter)
            breakAfterSpace = i + 1;
    }
    if (p.lineStarts.empty())
        p.lineStarts.push_back(0);
}

// --- visual lines --------------------------------------------------------------------------

quint64 TextView::lineStartOffset(const LinePosition& pos) const {
    const ParagraphPtr p = paragraph(pos.paragraph);
    if (p->glyphs.empty())
        return p->start;
    return p->glyphs[std::size_t(p->lineStarts[std::size_t(pos.line)])].offset;
}

TextView::LinePosition TextView::positionOf(quint64 offset) const {
    const quint64 start = paragraphStartFor(offset);
    const ParagraphPtr p = paragraph(start);
    LinePosition pos{start, 0};
    for (int line = 1; line < p->lineCount(); ++line)
        if (p->glyphs[std::size_t(p->lineStarts[std::size_t(line)])].offset <= offset)
            pos.line = line;
    return pos;
}

bool TextView::stepForward(LinePosition& pos) const {
    const ParagraphPtr p = paragraph(pos.paragraph);
    if (pos.line + 1 < p->lineCount()) {
        ++pos.line;
        return true;
    }
    if (p->end >= documentSize() || p->end == p->start)
        return false;
    pos = {p->end, 0};
    return true;
}

bool TextView::stepBackward(LinePosition& pos) const {
    if (pos.line > 0) {
        --pos.line;
        return true;
    }
    if (pos.paragraph == 0)
        return false;
    const quint64 previous = paragraphStartFor(pos.paragraph - 1);
    pos = {previous, paragraph(previous)->lineCount() - 1};
    return true;
}

TextView::LinePosition TextView::lastTop() const {
    // The top line that puts the last line at the bottom of the viewport.
    if (!lastTop_) {
        const quint64 size = documentSize();
        LinePosition pos;
        if (size > 0) {
            const quint64 start = paragraphStartFor(size - 1);
            pos = {start, paragraph(start)->lineCount() - 1};
            for (int i = 1; i < visibleLines() && stepBackward(pos);)
                ++i;
        }
        lastTop_ = pos;
    }
    return *lastTop_;
}

quint64 TextView::topOffset() const {
    if (documentSize() == 0)
        return 0;
    return lineStartOffset(top_);
}

void TextView::setTop(LinePosition pos) {
    const LinePosition last = lastTop();
    if (lineStartOffset(pos) > lineStartOffset(last))
        pos = last;
    if (pos == top_)
        return;
    top_ = pos;
    updateScrollBar();
    viewport()->update();
    emit topOffsetChanged(topOffset());
}

void TextView::setTopOffset(quint64 offset) {
    if (documentSize() == 0)
        return;
    setTop(positionOf(offset));
}

void TextView::scrollLines(int lines) {
    LinePosition pos = top_;
    for (; lines > 0 && stepForward(pos); --lines) {
    }
    for (; lines < 0 && stepBackward(pos); ++lines) {
    }
    setTop(pos);
}

std::vector<TextView::VisibleLine> TextView::visibleLineList(int extra) const {
    std::vector<VisibleLine> lines;
    if (documentSize() == 0)
        return lines;
    LinePosition pos = top_;
    const int count = visibleLines() + extra;
    for (int i = 0; i < count; ++i) {
        lines.push_back({paragraph(pos.paragraph), pos.line, i * lineHeight_});
        if (!stepForward(pos))
            break;
    }
    return lines;
}

void TextView::ensureVisible(quint64 offset) {
    const quint64 size = documentSize();
    if (size == 0 || offset > size)
        return;
    offset = std::min(offset, size - 1); // the end is drawn after the last character
    // Fully visible lines only (extra = 0).
    const auto lines = visibleLineList(0);
    for (const VisibleLine& l : lines) {
        const Paragraph& p = *l.paragraph;
        const int first = p.lineStarts[std::size_t(l.line)];
        const int end = p.lineEnd(l.line);
        if (end > first && offset >= p.glyphs[std::size_t(first)].offset &&
            offset < p.glyphs[std::size_t(end - 1)].end())
            return;
    }
    LinePosition pos = positionOf(offset);
    if (offset >= topOffset()) {
        // Below: put its line at the bottom.
        for (int i = 1; i < visibleLines() && stepBackward(pos);)
            ++i;
    }
    setTop(pos);
}

// --- scroll bar ----------------------------------------------------------------------------

void TextView::updateScrollBar() {
    settingScrollBar_ = true;
    QScrollBar* bar = verticalScrollBar();
    const quint64 size = documentSize();
    const quint64 range = std::min(size, kMaxScrollBarValue);
    const quint64 lastOffset = size > 0 ? lineStartOffset(lastTop()) : 0;
    bar->setRange(0, int(scaled(lastOffset, std::max<quint64>(size, 1), range)));
    // A page is roughly the bytes on screen.
    const quint64 screenBytes = quint64(visibleLines()) * 64;
    bar->setPageStep(
        int(std::max<quint64>(1, scaled(screenBytes, std::max<quint64>(size, 1), range))));
    bar->setSingleStep(1);
    bar->setValue(int(scaled(topOffset(), std::max<quint64>(size, 1), range)));
    settingScrollBar_ = false;
    dropPendingScrollLines();
}

void TextView::onScrollBarMoved(int value) {
    if (settingScrollBar_)
        return;
    const int lines = int(takePendingScrollLines());
    if (lines != 0) {
        scrollLines(lines);
        updateScrollBar();
        return;
    }
    const quint64 size = documentSize();
    const quint64 range = std::min(size, kMaxScrollBarValue);
    if (range == 0)
        return;
    const quint64 offset = scaled(quint64(value), range, size);
    const LinePosition pos = positionOf(offset);
    if (pos == top_)
        return;
    top_ = pos;
    viewport()->update();
    emit topOffsetChanged(topOffset());
}

// --- geometry and hit testing --------------------------------------------------------------

QRectF TextView::glyphRect(const Glyph& g, int y) const {
    return QRectF(margin_ + g.x, y, g.width, lineHeight_);
}

const TextView::Glyph* TextView::glyphAt(QPoint pos, bool clamp) const {
    const auto lines = visibleLineList();
    if (lines.empty())
        return nullptr;
    const VisibleLine* hit = nullptr;
    for (const VisibleLine& l : lines)
        if (pos.y() >= l.y && pos.y() < l.y + lineHeight_)
            hit = &l;
    if (!hit) {
        if (!clamp)
            return nullptr;
        hit = pos.y() < 0 ? &lines.front() : &lines.back();
    }
    const Paragraph& p = *hit->paragraph;
    const int first = p.lineStarts[std::size_t(hit->line)];
    const int end = p.lineEnd(hit->line);
    if (end <= first)
        return nullptr;
    const qreal x = pos.x() - margin_;
    for (int i = first; i < end; ++i) {
        const Glyph& g = p.glyphs[std::size_t(i)];
        if (x < g.x + g.width)
            return &g;
    }
    return &p.glyphs[std::size_t(end - 1)];
}

std::optional<quint64> TextView::offsetAt(QPoint pos) const {
    if (pos.y() < 0 || pos.y() >= viewport()->height())
        return std::nullopt;
    const Glyph* g = glyphAt(pos, false);
    if (!g)
        return std::nullopt;
    return g->offset;
}

std::optional<TextView::GlyphOnScreen> TextView::glyphOnScreen(quint64 offset) const {
    for (const VisibleLine& l : visibleLineList()) {
        const Paragraph& p = *l.paragraph;
        const int end = p.lineEnd(l.line);
        for (int i = p.lineStarts[std::size_t(l.line)]; i < end; ++i) {
            const Glyph& g = p.glyphs[std::size_t(i)];
            if (offset >= g.offset && offset < g.end())
                return GlyphOnScreen{l.paragraph, &g, l.y};
        }
    }
    return std::nullopt;
}

QRect TextView::rectForOffset(quint64 offset) const {
    const auto on = glyphOnScreen(offset);
    return on ? glyphRect(*on->glyph, on->y).toAlignedRect() : QRect();
}

QString TextView::markerAt(quint64 offset) const {
    const auto on = glyphOnScreen(offset);
    return on && on->glyph->kind == Glyph::Kind::CodePointBox ? on->glyph->text : QString();
}

void TextView::resizeEvent(QResizeEvent* event) {
    QAbstractScrollArea::resizeEvent(event);
    const qreal width = std::max<qreal>(40, viewport()->width() - 2 * margin_);
    if (width == layoutWidth_) {
        // Only the height changed: the lines stay, the last possible top line moves.
        lastTop_.reset();
    } else {
        const quint64 keep = topOffset();
        invalidateLayout();
        if (documentSize() > 0)
            top_ = positionOf(keep);
    }
    updateScrollBar();
}

// --- input ---------------------------------------------------------------------------------

void TextView::moveToCharacter(const u8codec::Segment& target, bool extend) {
    if (!selection_ || target.length == 0)
        return;
    // The selection always covers whole characters: anchor on the far byte of the anchor's
    // character, cursor on the far byte of the target's.
    if (!extend) {
        selection_->setAnchorAndCursor(target.end() - 1, target.offset);
    } else {
        // From the end (where an editable document appends), the last character anchors.
        const u8codec::Segment anchor = reading_->segmentAt(
            *document_->source(), std::min(selection_->anchor(), documentSize() - 1));
        if (target.offset >= anchor.offset)
            selection_->setAnchorAndCursor(anchor.offset, target.end() - 1);
        else
            selection_->setAnchorAndCursor(anchor.end() - 1, target.offset);
    }
    ensureVisible(selection_->cursor());
}

void TextView::moveToCharacterAt(quint64 offset, bool extend) {
    const quint64 size = documentSize();
    if (size == 0)
        return;
    moveToCharacter(reading_->segmentAt(*document_->source(), std::min(offset, size - 1)), extend);
}

void TextView::moveToEnd(bool extend) {
    const quint64 size = documentSize();
    if (!selection_ || cursorLimit() < size)
        return;
    selection_->setAnchorAndCursor(extend ? selection_->anchor() : size, size);
    ensureVisible(size);
}

// Up, Down, Page Up/Down: the character at the same x `lines` lines away from `current`.
void TextView::moveVertically(const u8codec::Segment& current, int lines, bool extend) {
    LinePosition pos = positionOf(current.offset);
    qreal x = 0;
    for (const Glyph& g : paragraph(pos.paragraph)->glyphs)
        if (current.offset >= g.offset && current.offset < g.end())
            x = g.x + g.width / 2;
    int moved = 0;
    for (; moved < lines && stepForward(pos); ++moved) {
    }
    for (; moved > lines && stepBackward(pos); --moved) {
    }
    if (moved == 0) {
        // Already on the first or last line: go to the start or the end of the text.
        moveToCharacterAt(lines < 0 ? 0 : documentSize() - 1, extend);
        return;
    }
    const ParagraphPtr p = paragraph(pos.paragraph);
    const int first = p->lineStarts[std::size_t(pos.line)];
    const int end = p->lineEnd(pos.line);
    if (end <= first) // nothing could be read there (the file shrank)
        return;
    const Glyph* g = &p->glyphs[std::size_t(end - 1)];
    for (int i = first; i < end; ++i)
        if (x < p->glyphs[std::size_t(i)].x + p->glyphs[std::size_t(i)].width) {
            g = &p->glyphs[std::size_t(i)];
            break;
        }
    const u8codec::Segment target{g->offset, g->length, u8codec::ErrorKind::None, 0};
    // A page scrolls the view with the cursor, which keeps its place on screen.
    if (lines > 1 || lines < -1)
        scrollLines(moved);
    moveToCharacter(target, extend);
}

// Home and End: the start or end of the visual line (End stops before its line feed); with
// Control, of the document (End: past its last character when it is editable).
void TextView::moveToLineEdge(const u8codec::Segment& current, bool home, bool control,
                              bool extend) {
    const quint64 size = documentSize();
    if (control) {
        if (home)
            moveToCharacterAt(0, extend);
        else if (cursorLimit() == size)
            moveToEnd(extend);
        else
            moveToCharacterAt(size - 1, extend);
        return;
    }
    const LinePosition pos = positionOf(current.offset);
    const ParagraphPtr p = paragraph(pos.paragraph);
    const int first = p->lineStarts[std::size_t(pos.line)];
    int last = p->lineEnd(pos.line) - 1;
    if (last < first) // nothing could be read there (the file shrank)
        return;
    if (!home && last > first && p->endsWithLineFeed && last + 1 == int(p->glyphs.size()))
        --last;
    moveToCharacterAt(p->glyphs[std::size_t(home ? first : last)].offset, extend);
}

void TextView::keyPressEvent(QKeyEvent* event) {
    if (editKey(event))
        return;
    const quint64 size = documentSize();
    if (!selection_ || size == 0) {
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    const bool extend = event->modifiers() & Qt::ShiftModifier;
    const u8codec::Segment current =
        reading_->segmentAt(*document_->source(), std::min(selection_->cursor(), size - 1));
    const bool atEnd = selection_->cursor() >= size;
    switch (event->key()) {
    case Qt::Key_Right:
        if (current.end() < size)
            moveToCharacterAt(current.end(), extend);
        else if (!atEnd)
            moveToEnd(extend); // past the last character, where an editable document appends
        break;
    case Qt::Key_Left:
        if (atEnd)
            moveToCharacterAt(size - 1, extend);
        else if (current.offset > 0)
            moveToCharacterAt(current.offset - 1, extend);
        break;
    case Qt::Key_Up:
    case Qt::Key_Down:
        moveVertically(current, event->key() == Qt::Key_Up ? -1 : 1, extend);
        break;
    case Qt::Key_PageUp:
    case Qt::Key_PageDown:
        moveVertically(current, event->key() == Qt::Key_PageUp ? -visibleLines() : visibleLines(),
                       extend);
        break;
    case Qt::Key_Home:
    case Qt::Key_End:
        moveToLineEdge(current, event->key() == Qt::Key_Home,
                       event->modifiers() & Qt::ControlModifier, extend);
        break;
    default:
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    event->accept();
}

void TextView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !selection_ || documentSize() == 0) {
        QAbstractScrollArea::mousePressEvent(event);
        return;
    }
    const Glyph* g = glyphAt(event->position().toPoint(), true);
    if (!g)
        return;
    const u8codec::Segment target{g->offset, g->length, u8codec::ErrorKind::None, 0};
    moveToCharacter(target, event->modifiers() & Qt::ShiftModifier);
    event->accept();
}

void TextView::mouseMoveEvent(QMouseEvent* event) {
    if (!(event->buttons() & Qt::LeftButton) || !selection_ || documentSize() == 0) {
        QAbstractScrollArea::mouseMoveEvent(event);
        return;
    }
    const QPoint pos = event->position().toPoint();
    // Dragging past the top or bottom edge scrolls a line.
    if (pos.y() < 0)
        scrollLines(-1);
    else if (pos.y() >= viewport()->height())
        scrollLines(1);
    const Glyph* g = glyphAt(pos, true);
    if (!g)
        return;
    moveToCharacter(u8codec::Segment{g->offset, g->length, u8codec::ErrorKind::None, 0}, true);
    event->accept();
}

void TextView::wheelEvent(QWheelEvent* event) {
    wheelRemainder_ += event->angleDelta().y();
    const int steps = wheelRemainder_ / 40; // 3 lines per 120-unit notch
    wheelRemainder_ -= steps * 40;
    if (steps != 0)
        scrollLines(-steps);
    event->accept();
}

void TextView::onFontChanged() {
    // A zoom: the lines wrap anew. Keep the top offset, and the cursor in view if it was.
    const quint64 keep = topOffset();
    const quint64 cursor = selection_ ? selection_->cursor() : 0;
    const bool cursorShown =
        selection_ && cursor < documentSize() && !rectForOffset(cursor).isNull();
    updateMetrics();
    if (documentSize() > 0)
        top_ = positionOf(keep);
    updateScrollBar();
    if (cursorShown)
        ensureVisible(cursor);
}

QRect TextView::toolTipRect(quint64 offset) const {
    return rectForOffset(offset);
}

int TextView::pageLines() const {
    return visibleLines();
}

} // namespace u8ui
