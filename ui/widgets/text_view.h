// The text pane: the bytes decoded, one glyph per character, linked to the hex pane through the
// shared ByteSelection.
//
// What is drawn: every valid character as its glyph; C0 controls and DEL as their symbols from
// the Control Pictures block (U+2400 + code, U+2421 for DEL: TAB is "␉", LF "␊"); characters that
// draw nothing (u8convert::drawsNothing: C1 controls, bidi controls, zero-width characters,
// variation selectors, tags, U+2028...) as a marker, a small box with Unicode's abbreviation
// ("RLO", "ZWSP", "VS16") or else the code point ("E0061"); a character no installed font has
// (fontsCanDraw) likewise as its code point ("1E4D0"), never an empty box; combining marks on a
// dotted circle (U+25CC); and every error segment as its hex bytes in a box drawn in the error's
// colour and hatch, so that no byte is hidden. The characters the audit reports (setAuditReport)
// take the Suspicious look: a violet cell with a dotted frame, the marker likewise. Lines break
// after each LF (so CRLF too) and wrap at the viewport's width.
//
// Huge files: the pane never lays out the whole file. It lays out "paragraphs" on demand, around
// what is visible: a paragraph runs from a paragraph start to the next LF. To bound the work on
// files without line feeds, a paragraph also ends at a chunk boundary (every kChunk bytes, moved
// back to the start of the segment that contains it) when the whole chunk before that boundary
// holds no LF. Such a forced break is marked at the end of its line (a boxed "»"), so that it
// is not taken for a line feed or a space. That rule depends only on nearby bytes, so the paragraph
// containing any offset is found by looking back at most 2 * kChunk bytes, and no paragraph is
// longer than 2 * kChunk + 3.
#pragma once

#include "byte_pane.h"
#include "u8codec/segment.h"
#include "u8convert/graphemes.h"
#include "u8convert/text_reading.h"

#include <QHash>

class QPainter;
#include <array>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace u8ui {

class TextView : public BytePane {
    Q_OBJECT
public:
    static constexpr quint64 kChunk = 4096;

    explicit TextView(QWidget* parent = nullptr);

    // setDocument(), setSelection(): see BytePane. When the document's content changes (a
    // repair), the pane keeps its place as far as the new size allows; a new document starts at
    // the top.

    // The offset of the first byte of the top visual line.
    quint64 topOffset() const;
    // Scrolls so that the visual line holding `offset` is at the top (or as near as the end of
    // the text allows). Emits topOffsetChanged when the top line changes.
    void setTopOffset(quint64 offset);
    // Scrolls the least needed for the character holding `offset` to be fully visible.
    void ensureVisible(quint64 offset) override;
    // Visual lines that fit entirely in the viewport (at least 1).
    int visibleLines() const;

    // The first byte of the character (or error segment) drawn under `pos` (viewport
    // coordinates); nullopt when pos is on no glyph. A point right of a line's last glyph hits
    // that glyph.
    std::optional<quint64> offsetAt(QPoint pos) const override;
    // The box of the glyph of the character that contains `offset` (viewport coordinates); a null
    // QRect when it is not on screen.
    QRect rectForOffset(quint64 offset) const;
    // The marks of forced breaks on screen (viewport coordinates), top to bottom.
    std::vector<QRect> forcedBreakMarks() const;
    // The text of the marker drawn for the character that contains `offset` ("RLO"), when it is
    // drawn as one and is on screen; empty otherwise.
    QString markerAt(quint64 offset) const;
    // setShowClusters (BytePane): a grapheme cluster is one cell, unless it holds a character the
    // audit reports, which is then drawn code point by code point so that its marks stay visible.
    // The bytes of the cell that contains `offset` when it is on screen: the cluster's, or the
    // character's; nullopt otherwise.
    std::optional<ByteRange> cellAt(quint64 offset) const;
    // The encoding the pane reads the bytes through (View > Text Encoding): UTF-8 by default.
    // Another one changes no byte, only how they are cut into characters and drawn; the hex pane
    // stays UTF-8's. Grapheme clusters are shown only in UTF-8, and typing, Delete and Backspace
    // are refused in another encoding (keyRefused), since what is typed goes in as UTF-8.
    void setTextReading(std::shared_ptr<const u8convert::TextReading> reading);
    const u8convert::TextReading& textReading() const { return *reading_; }
    // The tooltip's first lines in another encoding: "Read as windows-1252: U+20AC EURO SIGN",
    // then what the byte is in UTF-8.
    QString toolTipPreface(quint64 offset) const override;
    // Where an input method places its window (the cursor's box), and that the pane takes text.
    QVariant inputMethodQuery(Qt::InputMethodQuery query) const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void inputMethodEvent(QInputMethodEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void onDocumentSet() override;
    void onContentChanged() override;
    void onAuditChanged() override;
    void onShowClustersChanged() override;
    void onFontChanged() override;
    QRect toolTipRect(quint64 offset) const override;
    int pageLines() const override;

private:
    // One drawn character or error segment.
    struct Glyph {
        enum class Kind : quint8 { Text, ControlPicture, CodePointBox, ErrorBox };
        quint64 offset = 0;
        quint8 length = 0;
        Kind kind = Kind::Text;
        CellRole role = CellRole::AsciiPrintable;
        QString text;
        qreal x = 0; // left edge within its visual line
        qreal width = 0;
        bool breakAfter = false;  // a space or tab: long lines wrap after it
        bool noFontHasIt = false; // drawn as its code point in a box (fontsCanDraw)
        bool emoji = false;       // drawn in emojiFont_ (UnicodeInfo::drawsAsEmoji)
        quint64 end() const { return offset + length; }
    };
    // Bytes [start, end) laid out into visual lines for the current width.
    struct Paragraph {
        quint64 start = 0, end = 0;
        bool endsWithLineFeed = false;
        bool forcedBreak = false; // cut at a chunk boundary in a long line (see the header)
        std::vector<Glyph> glyphs;
        std::vector<int> lineStarts; // index of the first glyph of each visual line
        int lineCount() const { return int(lineStarts.size()); }
        int lineEnd(int line) const {
            return line + 1 < lineCount() ? lineStarts[std::size_t(line) + 1] : int(glyphs.size());
        }
    };
    using ParagraphPtr = std::shared_ptr<const Paragraph>;
    // A visual line: a paragraph and the index of one of its lines.
    struct LinePosition {
        quint64 paragraph = 0;
        int line = 0;
        friend bool operator==(const LinePosition&, const LinePosition&) = default;
    };
    // A visual line on screen.
    struct VisibleLine {
        ParagraphPtr paragraph;
        int line = 0;
        int y = 0;
    };

    // The glyph on screen that holds `offset`, with the paragraph that owns it and its line's y.
    struct GlyphOnScreen {
        ParagraphPtr paragraph;
        const Glyph* glyph = nullptr;
        int y = 0;
    };
    std::optional<GlyphOnScreen> glyphOnScreen(quint64 offset) const;
    quint64 paragraphStartFor(quint64 offset) const;
    ParagraphPtr paragraph(quint64 start) const;
    // paragraph(), step by step: its glyphs from the source, then its visual lines.
    void fillGlyphs(Paragraph& p, const u8codec::ByteSource& source) const;
    void wrapLines(Paragraph& p) const;
    Glyph makeGlyph(const u8codec::Segment& s, const quint8* bytes) const;
    // text_view_clusters.cpp: the glyphs of each multi-character cluster of `p` joined into one.
    void joinClusters(Paragraph& p, const std::vector<quint8>& bytes) const;
    bool canJoin(const Paragraph& p, std::size_t first, std::size_t last,
                 char32_t firstCodePoint) const;
    qreal advance(const QString& text) const;
    qreal emojiAdvance(const QString& text) const;
    quint64 lineStartOffset(const LinePosition& pos) const;
    LinePosition positionOf(quint64 offset) const;
    bool stepForward(LinePosition& pos) const;
    bool stepBackward(LinePosition& pos) const;
    LinePosition lastTop() const;
    void setTop(LinePosition pos);
    void scrollLines(int lines);
    std::vector<VisibleLine> visibleLineList(int extra = 1) const;
    const Glyph* glyphAt(QPoint pos, bool clamp) const;
    void moveToCharacter(const u8codec::Segment& target, bool extend);
    void moveToCharacterAt(quint64 offset, bool extend);
    // The place after the last character, where an editable document appends.
    void moveToEnd(bool extend);
    void moveVertically(const u8codec::Segment& current, int lines, bool extend);
    void moveToLineEdge(const u8codec::Segment& current, bool home, bool control, bool extend);
    // Where the cursor is drawn when it stands at the end (viewport coordinates); null when
    // that is not on screen.
    QRectF endCaretRect() const;
    // text_view_edit.cpp: the keys that edit (typing, Return, Delete, Backspace, Insert); true
    // when the key was one of them.
    bool editKey(QKeyEvent* event);
    void typeText(const QByteArray& utf8);
    // Why typing is refused while the pane reads another encoding than UTF-8.
    QString refusedWhy() const;
    void invalidateLayout();
    void updateMetrics();
    void updateScrollBar();
    void onScrollBarMoved(int value);
    QRectF glyphRect(const Glyph& g, int y) const;
    // text_view_paint.cpp: one glyph, and the mark after a forced break.
    void paintGlyph(QPainter& painter, const Glyph& g, int y, bool selected) const;
    // The edited marks of the glyphs on `l` (RolePalette::paintEdited, paintDeletion).
    void paintEdits(QPainter& painter, const VisibleLine& l,
                    const std::vector<u8codec::EditedRange>& edits) const;
    // The marks of the differences from another file on `g`'s box (RolePalette::paintDifference).
    void paintDifferences(QPainter& painter, const Glyph& g, const QRectF& rect,
                          std::span<const DifferenceMark> marks) const;
    qreal breakMarkWidth() const;
    // Where the mark of visible line `l` goes; a null rect when that line ends no forced break.
    QRectF breakMarkRect(const VisibleLine& l) const;

    LinePosition top_;
    mutable std::map<quint64, ParagraphPtr> paragraphs_;
    mutable std::optional<LinePosition> lastTop_;
    mutable QHash<QString, qreal> advances_;
    int wheelRemainder_ = 0;
    std::optional<u8codec::Segment> dragAnchor_;
    QFont smallFont_;
    // The pane's font with a colour emoji font first: fontconfig's fallback for a fixed-pitch font
    // finds monochrome outlines of some emoji (👍) before the colour ones, and a skin tone then
    // shows as a square beside the hand.
    QFont emojiFont_;
    int lineHeight_ = 18;
    int ascent_ = 12;
    int smallAscent_ = 10;
    int margin_ = 6;
    qreal layoutWidth_ = 0;
    // Per font (updateMetrics): how each C0 control (index 0-31) and DEL (32) is drawn.
    struct ControlLook {
        QString text;
        qreal width = 0;
        bool picture = false; // a Control Pictures symbol, not the abbreviation in a box
    };
    std::array<ControlLook, 33> controls_;
    qreal minGlyphWidth_ = 4; // zero-width glyphs still get room to be seen and clicked
    mutable std::unique_ptr<u8convert::GraphemeBreaks> clusterBreaks_;
    std::shared_ptr<const u8convert::TextReading> reading_ = u8convert::TextReading::utf8();
};

} // namespace u8ui
