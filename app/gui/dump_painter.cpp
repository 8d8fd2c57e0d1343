#include "dump_painter.h"

#include "html_dump.h"

#include <QFontDatabase>
#include <QFontMetricsF>
#include <QPagedPaintDevice>
#include <QPainter>
#include <QTextLayout>
#include <algorithm>

namespace u8app {
namespace {

constexpr int kGroup = 8;
constexpr qreal kLargestPoints = 9.0;

QString fromUtf8(std::string_view text) {
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

QString hexOffset(std::uint64_t offset, int digits) {
    return QStringLiteral("%1").arg(offset, digits, 16, QLatin1Char('0')).toUpper();
}

} // namespace

DumpPainter::DumpPainter(QPainter& painter, QPagedPaintDevice& device, const QString& title,
                         const u8dump::DumpOptions& options, int offsetDigits)
    : painter_(painter), device_(device), options_(options),
      offsetDigits_(std::max(offsetDigits, 8)) {
    options_.width = std::clamp(options_.width, 1, u8dump::kMaxRowWidth);
    pageWidth_ = device.width();
    pageHeight_ = device.height();
    scale_ = std::max(1.0, device.logicalDpiX() / 96.0);
    // The hatches scale with the cells (Qt 6.4: otherwise a pattern is 8 printer pixels wide).
    painter_.setRenderHint(QPainter::NonCosmeticBrushPatterns, true);
    // Columns of a row: offset, two spaces, hex cells and their gaps, two spaces, the text
    // between bars.
    const int columns =
        offsetDigits_ + 2 + hexColumn(options_.width) - offsetDigits_ - 2 + 2 + options_.width + 2;
    font_ = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    font_.setPointSizeF(kLargestPoints);
    const qreal advance = QFontMetricsF(font_, &device).horizontalAdvance(QLatin1Char('0'));
    if (advance * columns > pageWidth_)
        font_.setPointSizeF(std::max(4.0, kLargestPoints * pageWidth_ / (advance * columns)));
    smallFont_ = font_;
    // DejaVu Sans Mono's U+FFFD is as wide as its cell: a run of error segments would draw one
    // black band of touching diamonds. Three quarters of the cell leaves a gap between them.
    replacementFont_ = font_;
    const qreal ink = QFontMetricsF(font_, &device)
                          .tightBoundingRect(QString(QChar::ReplacementCharacter))
                          .width();
    const qreal cell = QFontMetricsF(font_, &device).horizontalAdvance(QLatin1Char('0'));
    if (ink > 0.75 * cell)
        replacementFont_.setPointSizeF(font_.pointSizeF() * 0.75 * cell / ink);
    const QFontMetricsF metrics(font_, &device);
    charWidth_ = metrics.horizontalAdvance(QLatin1Char('0'));
    lineHeight_ = metrics.height() * 1.3;

    painter_.setFont(font_);
    QFont bold = font_;
    bold.setBold(true);
    bold.setPointSizeF(font_.pointSizeF() * 1.3);
    painter_.setFont(bold);
    painter_.setPen(Qt::black);
    painter_.drawText(QRectF(0, 0, pageWidth_, lineHeight_ * 1.5), Qt::AlignLeft | Qt::AlignVCenter,
                      title);
    y_ = lineHeight_ * 1.5;
    painter_.setFont(font_);
    y_ += paintWrapped(QObject::tr("From offset %1, %2 bytes a row: each byte coloured by its "
                                   "role in UTF-8, errors hatched and framed.")
                           .arg(QString::fromStdString(u8dump::hexOffset(options_.offset)))
                           .arg(options_.width),
                       0, y_, Qt::black, true) +
          lineHeight_ * 0.5;
}

int DumpPainter::hexColumn(int cell) const {
    return offsetDigits_ + 2 + cell * 3 + cell / kGroup;
}

void DumpPainter::paintFooter() {
    painter_.save();
    painter_.setFont(smallFont_);
    painter_.setPen(palette_.offsetText());
    painter_.drawText(QRectF(0, pageHeight_ - lineHeight_, pageWidth_, lineHeight_),
                      Qt::AlignRight | Qt::AlignVCenter, QObject::tr("page %1").arg(page_));
    painter_.restore();
}

void DumpPainter::ensureRoom(qreal height) {
    if (y_ + height <= pageHeight_ - lineHeight_ * 1.5 || y_ == 0)
        return;
    paintFooter();
    device_.newPage();
    ++page_;
    y_ = 0;
}

void DumpPainter::paintCell(const QRectF& rect, u8dump::CellRole role, bool withFrame) {
    painter_.save();
    painter_.translate(rect.topLeft());
    painter_.scale(scale_, scale_);
    palette_.paintCell(painter_, QRectF(0, 0, rect.width() / scale_, rect.height() / scale_), role,
                       withFrame);
    painter_.restore();
}

QPen DumpPainter::framePen(u8dump::CellRole role) const {
    QPen pen = palette_.framePen(role);
    pen.setWidthF(pen.widthF() * scale_);
    return pen;
}

qreal DumpPainter::paintWrapped(const QString& text, qreal firstX, qreal restX, qreal y,
                                const QColor& colour, bool paint) {
    if (paint && transcript_)
        transcript_->append(text);
    QTextLayout layout(text, font_, &device_);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    layout.beginLayout();
    qreal height = 0;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        const qreal x = height == 0 ? firstX : restX;
        line.setLineWidth(std::max(pageWidth_ - x, charWidth_ * 20));
        line.setPosition(QPointF(x, height));
        height += lineHeight_;
    }
    layout.endLayout();
    if (paint) {
        painter_.save();
        painter_.setPen(colour);
        layout.draw(&painter_,
                    QPointF(0, y + (lineHeight_ - QFontMetricsF(font_, &device_).height()) / 2));
        painter_.restore();
    }
    return height;
}

void DumpPainter::row(const u8dump::DumpRow& row) {
    // The row and its notes stay on one page.
    std::vector<QString> notes;
    qreal height = lineHeight_;
    for (const u8dump::DumpNote& note : row.notes) {
        notes.push_back(fromUtf8(u8codec::oneLine(note.problem, u8codec::OffsetStyle::Hex)));
        const qreal x =
            column(note.firstCell >= 0 ? hexColumn(note.endCell - 1) + 3 : hexColumn(0) + 2);
        height += paintWrapped(notes.back(), x, column(hexColumn(0) + 2), 0, Qt::black, false);
    }
    ensureRoom(height);
    const int digits = std::max(offsetDigits_, u8dump::offsetDigitsFor(row.offset + 1));
    const int shift = digits - offsetDigits_;
    painter_.setFont(font_);
    painter_.setPen(palette_.offsetText());
    painter_.drawText(QRectF(0, y_, column(digits), lineHeight_), Qt::AlignLeft | Qt::AlignVCenter,
                      hexOffset(row.offset, digits));
    paintHex(row, y_, shift);
    paintText(row, y_, shift);
    y_ += lineHeight_;
    for (std::size_t i = 0; i < row.notes.size(); ++i) {
        const u8dump::DumpNote& note = row.notes[i];
        ++problems_;
        if (listed_.size() < u8dump::HtmlDump::kListedProblems)
            listed_.push_back(note.problem);
        const u8ui::RoleStyle& style = palette_.style(note.role);
        qreal x = column(hexColumn(0) + shift);
        QString caret = QStringLiteral("\u2026");
        if (note.firstCell >= 0) {
            x = column(hexColumn(note.firstCell) + shift);
            const int length = hexColumn(note.endCell - 1) + 2 - hexColumn(note.firstCell);
            caret = QStringLiteral("^") + QString(length - 1, QLatin1Char('~'));
        }
        painter_.setPen(style.frame.isValid() ? style.frame : style.text);
        painter_.drawText(QRectF(x, y_, column(int(caret.size())), lineHeight_),
                          Qt::AlignLeft | Qt::AlignVCenter, caret);
        x += column(int(caret.size()) + 1);
        y_ += paintWrapped(notes[i], x, column(hexColumn(0) + shift + 2), y_, Qt::black, true);
    }
}

void DumpPainter::paintHex(const u8dump::DumpRow& row, qreal y, int shift) {
    // Backgrounds first, each cell with the half gaps beside it so that runs join up.
    for (int i = 0; i < row.count; ++i) {
        const QRectF cell(column(hexColumn(i) + shift) - charWidth_ * 0.5, y, charWidth_ * 3,
                          lineHeight_);
        paintCell(cell, row.roles[std::size_t(i)], false);
    }
    for (int i = 0; i < row.count; ++i) {
        const u8dump::CellRole role = row.roles[std::size_t(i)];
        painter_.setPen(palette_.style(role).text);
        const std::uint8_t b = row.bytes[std::size_t(i)];
        painter_.drawText(QRectF(column(hexColumn(i) + shift), y, column(2), lineHeight_),
                          Qt::AlignCenter,
                          QStringLiteral("%1").arg(b, 2, 16, QLatin1Char('0')).toUpper());
    }
    // Each error segment framed on its own, as the hex pane frames them.
    for (int i = 0; i < row.count;) {
        int j = i + 1;
        while (j < row.count && !row.segmentStarts[std::size_t(j)])
            ++j;
        const u8dump::CellRole role = row.roles[std::size_t(i)];
        if (u8ui::RolePalette::isError(role)) {
            const QRectF frame(column(hexColumn(i) + shift) - charWidth_ * 0.4, y + 1,
                               column(hexColumn(j - 1) - hexColumn(i) + 2) + charWidth_ * 0.8,
                               lineHeight_ - 2);
            painter_.save();
            painter_.setPen(framePen(role));
            painter_.setBrush(Qt::NoBrush);
            painter_.drawRect(frame);
            painter_.restore();
        }
        i = j;
    }
}

void DumpPainter::paintText(const u8dump::DumpRow& row, qreal y, int shift) {
    const int start = hexColumn(options_.width) + shift + 1;
    painter_.setPen(palette_.offsetText());
    painter_.drawText(QRectF(column(start), y, charWidth_, lineHeight_), Qt::AlignCenter,
                      QStringLiteral("\u2502"));
    painter_.drawText(QRectF(column(start + 1 + options_.width), y, charWidth_, lineHeight_),
                      Qt::AlignCenter, QStringLiteral("\u2502"));
    for (int i = 0; i < row.count; ++i) {
        const u8dump::TextCell& t = row.text[std::size_t(i)];
        const QRectF cell(column(start + 1 + i), y, charWidth_, lineHeight_);
        if (t.kind != u8dump::TextCell::Kind::Covered)
            paintCell(QRectF(cell.topLeft(), QSizeF(column(t.columns), lineHeight_)), t.role,
                      u8ui::RolePalette::isError(t.role));
        if (t.kind == u8dump::TextCell::Kind::Covered)
            continue;
        const QRectF box(cell.topLeft(), QSizeF(column(t.columns), lineHeight_));
        QColor colour = palette_.style(t.role).text;
        if (t.kind == u8dump::TextCell::Kind::Filler)
            colour.setAlpha(110);
        if (t.kind == u8dump::TextCell::Kind::Marker) {
            painter_.save();
            painter_.translate(box.topLeft());
            painter_.scale(scale_, scale_);
            palette_.paintMarker(painter_,
                                 QRectF(0, 0, box.width() / scale_, box.height() / scale_)
                                     .adjusted(0.5, 1.5, -0.5, -1.5),
                                 false);
            painter_.restore();
            colour = palette_.markerText(false);
        }
        painter_.setPen(colour);
        if (t.kind == u8dump::TextCell::Kind::Replacement)
            painter_.setFont(replacementFont_);
        painter_.drawText(box, Qt::AlignCenter, fromUtf8(t.view()));
        if (t.kind == u8dump::TextCell::Kind::Replacement)
            painter_.setFont(font_);
    }
}

qreal DumpPainter::replacementInkWidth() const {
    return QFontMetricsF(replacementFont_, &device_)
        .tightBoundingRect(QString(QChar::ReplacementCharacter))
        .width();
}

void DumpPainter::finish(const u8dump::DumpTotals& totals) {
    painter_.setFont(font_);
    ensureRoom(lineHeight_ * 3);
    y_ += lineHeight_ * 0.5;
    y_ += paintWrapped(QString::fromStdString(u8dump::totalsSentence(totals)), 0, y_, Qt::black,
                       true);
    y_ += lineHeight_ * 0.5;
    ensureRoom(lineHeight_ * 2);
    y_ += paintWrapped(QObject::tr("Legend"), 0, y_, Qt::black, true);
    for (int r = 0; r < u8dump::kCellRoleCount; ++r) {
        const std::uint64_t count = totals.bytesByRole[std::size_t(r)];
        if (count == 0)
            continue;
        const auto role = u8dump::CellRole(r);
        const QString text = u8ui::RolePalette::name(role) + QStringLiteral(" (%1): ").arg(count) +
                             u8ui::RolePalette::description(role);
        const qreal height = paintWrapped(text, column(5), 0, Qt::black, false);
        ensureRoom(height);
        paintCell(QRectF(0, y_ + scale_, column(4), lineHeight_ - 2 * scale_), role, true);
        y_ += paintWrapped(text, column(5), y_, Qt::black, true);
    }
    y_ += lineHeight_ * 0.5;
    ensureRoom(lineHeight_ * 2);
    y_ += paintWrapped(QObject::tr("Problems"), 0, y_, Qt::black, true);
    if (totals.problems == 0)
        y_ += paintWrapped(QObject::tr("None: the bytes shown are valid UTF-8."), 0, y_, Qt::black,
                           true);
    for (std::size_t i = 0; i < listed_.size(); ++i) {
        const QString text = QStringLiteral("%1. ").arg(i + 1) +
                             fromUtf8(u8codec::oneLine(listed_[i], u8codec::OffsetStyle::Hex));
        ensureRoom(paintWrapped(text, 0, 0, Qt::black, false));
        y_ += paintWrapped(text, 0, y_, Qt::black, true);
    }
    if (totals.problems > listed_.size())
        y_ += paintWrapped(QObject::tr("%1 more, each explained under its row above.")
                               .arg(totals.problems - listed_.size()),
                           0, y_, Qt::black, true);
    paintBookmarks();
    paintFooter();
}

// As the HTML page lists them: the offset in hex, the length, the name and the note.
void DumpPainter::paintBookmarks() {
    const std::vector<const u8dump::HtmlBookmark*> shown =
        u8dump::bookmarksShown(bookmarks_, options_);
    if (shown.empty())
        return;
    y_ += lineHeight_ * 0.5;
    ensureRoom(lineHeight_ * 2);
    y_ += paintWrapped(QObject::tr("Bookmarks"), 0, y_, Qt::black, true);
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const u8dump::HtmlBookmark& b = *shown[i];
        QString place = b.length == 1 ? QObject::tr("1 byte")
                                      : QObject::tr("%1 bytes").arg(qulonglong(b.length));
        if (u8dump::bookmarkPartlyOutside(b, options_))
            place += QObject::tr(", partly outside the bytes shown");
        QString text =
            QStringLiteral("%1. %2 (%3) %4")
                .arg(i + 1)
                .arg(QString::fromStdString(u8dump::hexOffset(b.offset)), place, fromUtf8(b.name));
        if (!b.note.empty())
            text += QStringLiteral(": ") + fromUtf8(b.note);
        ensureRoom(paintWrapped(text, 0, 0, Qt::black, false));
        y_ += paintWrapped(text, 0, y_, Qt::black, true);
    }
}

} // namespace u8app
