// File > Print… and Export as PDF…: codec/dump's dump (the rows DumpRows gives, as `u8scope-cli
// dump` and the exported page show them), painted page by page in the window's palette
// (u8ui::RolePalette): the offset, the bytes in hex in groups of 8, the text one cell a byte, the
// problems under the rows they start in, then the legend and the list of problems. Errors are
// hatched and framed as in the hex pane (a hatch of their own for each kind), leads differ in
// lightness by their length, and invisible characters are boxed as in the text pane, so that a
// greyscale print keeps every role apart.
#pragma once

#include "dump_rows.h"
#include "html_dump.h"
#include "role_palette.h"

#include <QFont>
#include <QString>
#include <QStringList>
#include <vector>

class QPagedPaintDevice;
class QPainter;

namespace u8app {

class DumpPainter final : public u8dump::RowSink {
public:
    // `painter` is active on `device`. The font is sized so that a row fills the page's width
    // (at most 9 points).
    DumpPainter(QPainter& painter, QPagedPaintDevice& device, const QString& title,
                const u8dump::DumpOptions& options, int offsetDigits);

    // The bookmarks listed at the end: those that share a byte with the bytes dumped.
    void setBookmarks(std::vector<u8dump::HtmlBookmark> bookmarks) {
        bookmarks_ = std::move(bookmarks);
    }
    // For tests: every text painted (the rows' cells excepted) is added to `transcript`.
    void setTranscript(QStringList* transcript) { transcript_ = transcript; }

    void row(const u8dump::DumpRow& row) override;
    // The legend, the lists of problems and bookmarks, and the last page's number.
    void finish(const u8dump::DumpTotals& totals);

    int pages() const { return page_; }
    // A text cell's width, and the width of the ink of U+FFFD as drawn for an error segment: less
    // than the cell's, so that a run of them stays apart.
    qreal cellWidth() const { return charWidth_; }
    qreal replacementInkWidth() const;

private:
    void ensureRoom(qreal height);
    void paintFooter();
    void paintBookmarks();
    void paintHex(const u8dump::DumpRow& row, qreal y, int shift);
    void paintText(const u8dump::DumpRow& row, qreal y, int shift);
    // Paints text wrapped to the page's width, its first line from `firstX` and the others from
    // `restX`; returns its height (only measures when `paint` is false).
    qreal paintWrapped(const QString& text, qreal firstX, qreal restX, qreal y,
                       const QColor& colour, bool paint);
    qreal paintWrapped(const QString& text, qreal x, qreal y, const QColor& colour, bool paint) {
        return paintWrapped(text, x, x, y, colour, paint);
    }
    // A role's cell as the window paints it, at the window's scale: the hatch's lines and the
    // frame's width are the window's in points, not the printer's pixels, so that they show.
    void paintCell(const QRectF& rect, u8dump::CellRole role, bool withFrame);
    QPen framePen(u8dump::CellRole role) const;
    qreal column(int c) const { return c * charWidth_; }
    int hexColumn(int cell) const;

    QPainter& painter_;
    QPagedPaintDevice& device_;
    u8dump::DumpOptions options_;
    int offsetDigits_;
    u8ui::RolePalette palette_ = u8ui::RolePalette::light();
    QFont font_;
    QFont smallFont_;
    QFont replacementFont_; // U+FFFD, smaller than the cell (the monospace fonts' fills it)
    qreal scale_ = 1;       // device pixels per pixel of a 96 dpi screen
    qreal charWidth_ = 0;
    qreal lineHeight_ = 0;
    qreal pageWidth_ = 0;
    qreal pageHeight_ = 0;
    qreal y_ = 0;
    int page_ = 1;
    std::uint64_t problems_ = 0;
    std::vector<u8codec::Problem> listed_; // the first ones, for the list at the end
    std::vector<u8dump::HtmlBookmark> bookmarks_;
    QStringList* transcript_ = nullptr;
};

} // namespace u8app
