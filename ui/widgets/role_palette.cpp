#include "role_palette.h"

#include "number_format.h"
#include "role_colours.h"
#include "u8codec/local_segments.h"
#include "u8codec/problem.h"

#include <QPainter>
#include <QPainterPath>
#include <QRectF>
#include <optional>
#include <vector>

namespace u8ui {

namespace {

QColor colour(u8dump::Argb argb) {
    return argb == 0 ? QColor() : QColor::fromRgba(argb);
}

Qt::BrushStyle brushOf(u8dump::Hatch hatch) {
    switch (hatch) {
    case u8dump::Hatch::None:
        break;
    case u8dump::Hatch::DiagonalCross:
        return Qt::DiagCrossPattern;
    case u8dump::Hatch::Backward:
        return Qt::BDiagPattern;
    case u8dump::Hatch::Forward:
        return Qt::FDiagPattern;
    case u8dump::Hatch::Horizontal:
        return Qt::HorPattern;
    case u8dump::Hatch::Cross:
        return Qt::CrossPattern;
    case u8dump::Hatch::Vertical:
        return Qt::VerPattern;
    case u8dump::Hatch::Dots:
        return Qt::Dense6Pattern;
    }
    return Qt::NoBrush;
}

} // namespace

RolePalette::RolePalette(bool dark) : dark_(dark) {
    const u8dump::Palette& p = dark ? u8dump::darkPalette() : u8dump::lightPalette();
    for (int r = 0; r < kCellRoleCount; ++r) {
        const auto role = CellRole(r);
        const u8dump::RoleColours& c = p[role];
        styles_[std::size_t(r)] = RoleStyle{
            colour(c.fill), colour(c.text), colour(c.frame), brushOf(u8dump::hatchOf(role)),
            u8dump::frameLineOf(role) == u8dump::FrameLine::Dotted ? Qt::DotLine : Qt::SolidLine};
    }
    characterFrame_ = colour(p.characterFrame);
    selectionFill_ = colour(p.selectionFill);
    cursorFrame_ = colour(p.cursorFrame);
    matchFill_ = colour(p.matchFill);
    matchFrame_ = colour(p.matchFrame);
    offsetText_ = colour(p.offsetText);
    offsetBackground_ = colour(p.offsetBackground);
    clusterBracket_ = colour(p.clusterBracket);
    editedMark_ = colour(p.editedMark);
    bookmark_ = colour(p.bookmark);
}

RolePalette RolePalette::forPalette(const QPalette& palette) {
    return RolePalette(palette.color(QPalette::Window).lightnessF() < 0.5);
}

QList<CellRole> RolePalette::allRoles() {
    QList<CellRole> roles;
    for (int i = 0; i < kCellRoleCount; ++i)
        roles.append(CellRole(i));
    return roles;
}

// The words are the shared table's (cell_role.h), translated here.
QString RolePalette::name(CellRole role) {
    return tr(u8dump::name(role).data());
}

QString RolePalette::description(CellRole role) {
    return tr(u8dump::description(role).data());
}

void RolePalette::paintCell(QPainter& painter, const QRectF& rect, CellRole role,
                            bool withFrame) const {
    const RoleStyle& s = style(role);
    painter.fillRect(rect, s.fill);
    if (s.hatch != Qt::NoBrush) {
        // The hatch stays faint so that the hex digits on top remain legible.
        QColor hatchColour = s.frame;
        hatchColour.setAlpha(dark_ ? 110 : 95);
        QBrush hatch(hatchColour, s.hatch);
        // Anchor the pattern to the cell so that it does not shimmer while scrolling.
        painter.setBrushOrigin(rect.topLeft());
        painter.fillRect(rect, hatch);
    }
    if (withFrame && s.frame.isValid()) {
        painter.save();
        painter.setPen(framePen(role));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(rect.adjusted(1, 1, -1, -1));
        painter.restore();
    }
}

QPen RolePalette::framePen(CellRole role) const {
    const RoleStyle& s = style(role);
    QPen pen(s.frame, 2.0, s.frameStyle);
    pen.setCapStyle(Qt::FlatCap); // dots stay dots, whatever the length of the frame
    return pen;
}

void RolePalette::paintClusterBracket(QPainter& painter, const QRectF& rect, bool openLeft,
                                      bool openRight) const {
    const qreal y = rect.bottom() - 1;
    const qreal left = rect.left() + (openLeft ? 0 : 2);
    const qreal right = rect.right() - (openRight ? 0 : 2);
    const qreal tick = std::min<qreal>(5, rect.height() / 3);
    QPainterPath path;
    path.moveTo(left, openLeft ? y : y - tick);
    path.lineTo(left, y);
    path.lineTo(right, y);
    path.lineTo(right, openRight ? y : y - tick);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setPen(QPen(clusterBracket_, 2, Qt::SolidLine, Qt::FlatCap, Qt::MiterJoin));
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(path);
    painter.restore();
}

void RolePalette::paintMarker(QPainter& painter, const QRectF& box, bool suspicious) const {
    painter.save();
    if (suspicious) {
        // No dots inside: the abbreviation in the small font must stay legible.
        painter.fillRect(box, style(CellRole::Suspicious).fill);
        painter.setPen(framePen(CellRole::Suspicious));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(box.adjusted(1, 1, -1, -1));
    } else {
        const RoleStyle& s = style(CellRole::AsciiControl);
        painter.fillRect(box, s.fill);
        painter.setPen(QPen(s.text, 1, Qt::DotLine));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(box.adjusted(0.5, 0.5, -0.5, -0.5));
    }
    painter.restore();
}

void RolePalette::paintSuspiciousText(QPainter& painter, const QRectF& box, bool ownFinding,
                                      bool closedLeft, bool closedRight) const {
    if (ownFinding) {
        paintCell(painter, box, CellRole::Suspicious, true);
        return;
    }
    painter.fillRect(box, style(CellRole::Suspicious).fill);
    painter.save();
    painter.setPen(framePen(CellRole::Suspicious));
    const QRectF r = box.adjusted(closedLeft ? 1 : 0, 1, closedRight ? -1 : 0, -1);
    painter.drawLine(r.topLeft(), r.topRight());
    painter.drawLine(r.bottomLeft(), r.bottomRight());
    if (closedLeft)
        painter.drawLine(r.topLeft(), r.bottomLeft());
    if (closedRight)
        painter.drawLine(r.topRight(), r.bottomRight());
    painter.restore();
}

void RolePalette::paintEdited(QPainter& painter, const QRectF& rect) const {
    QColor tint = editedMark_;
    tint.setAlpha(dark_ ? 60 : 45);
    painter.fillRect(rect, tint);
    painter.fillRect(QRectF(rect.left(), rect.top(), rect.width(), 3), editedMark_);
}

void RolePalette::paintDeletion(QPainter& painter, qreal x, qreal top, qreal bottom) const {
    painter.fillRect(QRectF(x - 1, top, 2, bottom - top), editedMark_);
    painter.fillRect(QRectF(x - 3, top, 6, 3), editedMark_);
}

void RolePalette::paintBookmark(QPainter& painter, const QRectF& rect, bool closedLeft,
                                bool closedRight) const {
    QColor tint = bookmark_;
    tint.setAlpha(dark_ ? 55 : 40);
    painter.fillRect(rect, tint);
    if (closedLeft) {
        painter.fillRect(QRectF(rect.left(), rect.top(), 2, rect.height()), bookmark_);
        painter.fillRect(QRectF(rect.left(), rect.top(), 6, 2), bookmark_);
    }
    if (closedRight) {
        painter.fillRect(QRectF(rect.right() - 2, rect.top(), 2, rect.height()), bookmark_);
        painter.fillRect(QRectF(rect.right() - 6, rect.bottom() - 2, 6, 2), bookmark_);
    }
}

QColor RolePalette::difference(u8convert::HunkKind kind) const {
    const u8dump::Palette& p = dark_ ? u8dump::darkPalette() : u8dump::lightPalette();
    return colour(p.differenceOf(kind));
}

namespace {
// The bar's pattern per kind, so that kinds differ in greyscale too.
Qt::PenStyle differenceLine(u8convert::HunkKind kind) {
    using K = u8convert::HunkKind;
    switch (kind) {
    case K::TextEdit:
    case K::EncodingDamage:
        return Qt::SolidLine;
    case K::InvisibleInserted:
    case K::InvisibleRemoved:
    case K::ByteOrderMark:
        return Qt::DotLine;
    case K::Lookalike:
        return Qt::DashLine;
    case K::NormalForm:
        return Qt::DashDotLine;
    case K::LineEnding:
        return Qt::DashDotDotLine;
    }
    return Qt::SolidLine;
}
} // namespace

void RolePalette::paintDifference(QPainter& painter, const QRectF& rect, u8convert::HunkKind kind,
                                  bool closedLeft, bool closedRight) const {
    const QColor c = difference(kind);
    QColor tint = c;
    tint.setAlpha(dark_ ? 95 : 70);
    painter.fillRect(rect, tint);
    // A box round the run, open where it goes on in the row before or after.
    painter.save();
    painter.setPen(QPen(c, 2, differenceLine(kind), Qt::FlatCap));
    const QRectF box = rect.adjusted(1, 1, -1, -1);
    painter.drawLine(box.topLeft(), box.topRight());
    painter.drawLine(box.bottomLeft(), box.bottomRight());
    if (closedLeft)
        painter.drawLine(box.topLeft(), box.bottomLeft());
    if (closedRight)
        painter.drawLine(box.topRight(), box.bottomRight());
    painter.restore();
}

void RolePalette::paintDifferenceGap(QPainter& painter, qreal x, qreal top, qreal bottom,
                                     u8convert::HunkKind kind) const {
    const QColor c = difference(kind);
    painter.fillRect(QRectF(x - 1.5, top, 3, bottom - top), c);
    painter.fillRect(QRectF(x - 4, top, 8, 3), c);
}

QColor RolePalette::markerText(bool suspicious) const {
    return style(suspicious ? CellRole::Suspicious : CellRole::AsciiControl).text;
}

QString RolePalette::toolTip(const u8codec::ByteSource& source, quint64 offset) {
    const quint64 size = source.size();
    if (offset >= size)
        return {};
    const u8codec::Segment segment = u8codec::segmentAt(source, offset);
    if (segment.length == 0)
        return {};
    // The segment's bytes (at most 4).
    std::uint8_t bytes[4] = {};
    const std::size_t got =
        source.read(segment.offset, std::span<std::uint8_t>(bytes, segment.length));
    const quint64 index = offset - segment.offset;
    if (index >= got)
        return {};
    const quint8 byte = bytes[index];
    const CellRole role = roleOf(segment, offset, byte);

    QStringList lines;
    lines << tr("Offset %1").arg(u8doc::NumberFormat::offsetAndDecimal(offset));
    lines << tr("Byte %1 (binary %2)")
                 .arg(QStringLiteral("%1").arg(byte, 2, 16, QLatin1Char('0')).toUpper())
                 .arg(byte, 8, 2, QLatin1Char('0'));
    lines << name(role);
    const QString segmentHex =
        QString::fromStdString(u8codec::hexBytes(std::span<const std::uint8_t>(bytes, got)));
    if (segment.isValid()) {
        const char32_t cp = segment.codePoint;
        QString glyph;
        // C0 and C1 controls and DEL have no glyph of their own.
        if (!(cp < 0x20 || (cp >= 0x7F && cp < 0xA0)))
            glyph = QStringLiteral(" '%1'").arg(QString::fromUcs4(&cp, 1));
        lines << tr("Character %1%2, bytes %3")
                     .arg(QString::fromStdString(u8codec::codePointLabel(cp)), glyph, segmentHex);
    } else {
        // Group the error segments as a person reads them: run a ProblemScanner over a bounded
        // neighbourhood that starts on a segment boundary (so that it does not invent a problem
        // at its own start), and keep the problem that contains the offset.
        constexpr quint64 kNeighbourhood = 64;
        quint64 start = offset > kNeighbourhood ? offset - kNeighbourhood : 0;
        if (start > 0)
            start = u8codec::segmentAt(source, start).offset;
        const quint64 end = std::min(size, offset + kNeighbourhood);
        std::vector<std::uint8_t> window(end - start);
        window.resize(source.read(start, window));
        std::optional<u8codec::Problem> found;
        u8codec::ProblemScanner scanner(start);
        auto sink = [&](const u8codec::Problem& p) {
            if (!found && offset >= p.offset && offset < p.end())
                found = p;
        };
        scanner.feed(window, sink);
        if (!found)
            scanner.finish(sink);
        lines << tr("Error segment %1: %2")
                     .arg(segmentHex,
                          QString::fromUtf8(u8codec::title(segment.error).data(),
                                            qsizetype(u8codec::title(segment.error).size())));
        if (found)
            lines << QString::fromStdString(u8codec::explain(*found));
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace u8ui
