#include "role_palette.h"

#include "number_format.h"
#include "u8codec/local_segments.h"
#include "u8codec/problem.h"

#include <QPainter>
#include <QPainterPath>
#include <QRectF>
#include <optional>
#include <vector>

namespace u8ui {

namespace {

// Okabe & Ito's colour-blind-safe set, lightened (light theme) or darkened (dark theme) for cell
// backgrounds; the saturated originals (or near them) serve as frames and hatches.
RoleStyle makeStyle(const char* fill, const char* text, const char* frame = nullptr,
                    Qt::BrushStyle hatch = Qt::NoBrush, Qt::PenStyle frameStyle = Qt::SolidLine) {
    return RoleStyle{QColor(fill), QColor(text), frame ? QColor(frame) : QColor(), hatch,
                     frameStyle};
}

} // namespace

RolePalette::RolePalette(bool dark) : dark_(dark) {
    auto set = [this](CellRole r, RoleStyle s) { styles_[std::size_t(r)] = s; };
    // Each error kind has its own hatch so that kinds stay apart without colour.
    if (!dark) {
        set(CellRole::AsciiPrintable, makeStyle("#f4f4f4", "#1a1a1a"));
        set(CellRole::AsciiWhitespace, makeStyle("#e3ebe8", "#00694d"));
        set(CellRole::AsciiControl, makeStyle("#cdcdcd", "#3a3a3a"));
        set(CellRole::Lead2, makeStyle("#cbe6f8", "#003a5c"));
        set(CellRole::Lead3, makeStyle("#9ccaeb", "#002b47"));
        set(CellRole::Lead4, makeStyle("#6fa8d6", "#001b30"));
        set(CellRole::Continuation, makeStyle("#c2e6d8", "#00442f"));
        // Violet, away from the blues of the leads in hue and from every error in pattern (dots,
        // not lines) and frame (dotted, not solid).
        set(CellRole::Suspicious,
            makeStyle("#d9cff7", "#1e0d4a", "#5b34c9", Qt::Dense6Pattern, Qt::DotLine));
        set(CellRole::ErrorInvalidByte,
            makeStyle("#f7c6aa", "#4d1500", "#c2410c", Qt::DiagCrossPattern));
        set(CellRole::ErrorUnexpectedContinuation,
            makeStyle("#fae0a8", "#3f2900", "#a86b00", Qt::BDiagPattern));
        set(CellRole::ErrorOverlong, makeStyle("#f1c9df", "#40092a", "#a8447c", Qt::FDiagPattern));
        set(CellRole::ErrorSurrogate, makeStyle("#f4ec9c", "#363000", "#7f7400", Qt::HorPattern));
        set(CellRole::ErrorTooLarge, makeStyle("#f9d5c8", "#4d1500", "#d55e00", Qt::CrossPattern));
        set(CellRole::ErrorTruncated, makeStyle("#e6d0ee", "#33103f", "#8a4fa0", Qt::VerPattern));
        characterFrame_ = QColor("#1f4e79");
        selectionFill_ = QColor(0, 114, 178, 95);
        cursorFrame_ = QColor("#000000");
        matchFill_ = QColor(240, 228, 66, 170);
        matchFrame_ = QColor("#7f7400");
        offsetText_ = QColor("#6b6b6b");
        offsetBackground_ = QColor("#ececec");
        clusterBracket_ = QColor("#a0306e"); // Okabe-Ito's reddish purple, darkened
        // Okabe-Ito's bluish green, darkened: apart from the blues of the leads, the warm errors,
        // the violet of the audit and the yellow of matches.
        editedMark_ = QColor("#00795a");
    } else {
        set(CellRole::AsciiPrintable, makeStyle("#2a2a2a", "#e6e6e6"));
        set(CellRole::AsciiWhitespace, makeStyle("#2b3532", "#63d4b0"));
        set(CellRole::AsciiControl, makeStyle("#464646", "#cfcfcf"));
        set(CellRole::Lead2, makeStyle("#1d3d55", "#d6ecfa"));
        set(CellRole::Lead3, makeStyle("#245a85", "#eaf4fb"));
        set(CellRole::Lead4, makeStyle("#3479b3", "#ffffff"));
        set(CellRole::Continuation, makeStyle("#1c4a3b", "#c8eadc"));
        set(CellRole::Suspicious,
            makeStyle("#3b2a6e", "#efe9ff", "#b9a3ff", Qt::Dense6Pattern, Qt::DotLine));
        set(CellRole::ErrorInvalidByte,
            makeStyle("#5c2410", "#ffe3d6", "#ff8a50", Qt::DiagCrossPattern));
        set(CellRole::ErrorUnexpectedContinuation,
            makeStyle("#553d0a", "#fff0cc", "#f2b630", Qt::BDiagPattern));
        set(CellRole::ErrorOverlong, makeStyle("#522040", "#ffe0f1", "#e58cc0", Qt::FDiagPattern));
        set(CellRole::ErrorSurrogate, makeStyle("#4a4510", "#fffbd0", "#e8dc50", Qt::HorPattern));
        set(CellRole::ErrorTooLarge, makeStyle("#4e2a1e", "#ffe6dc", "#ff9e70", Qt::CrossPattern));
        set(CellRole::ErrorTruncated, makeStyle("#3e2452", "#f3e6fa", "#c89be0", Qt::VerPattern));
        characterFrame_ = QColor("#9ccaeb");
        selectionFill_ = QColor(86, 180, 233, 105);
        cursorFrame_ = QColor("#ffffff");
        matchFill_ = QColor(240, 228, 66, 95);
        matchFrame_ = QColor("#f0e442");
        offsetText_ = QColor("#9a9a9a");
        offsetBackground_ = QColor("#232323");
        clusterBracket_ = QColor("#f08cc4");
        editedMark_ = QColor("#3ee0a6");
    }
}

RolePalette RolePalette::forPalette(const QPalette& palette) {
    return RolePalette(palette.color(QPalette::Window).lightnessF() < 0.5);
}

CellRole RolePalette::roleForError(u8codec::ErrorKind kind) {
    using u8codec::ErrorKind;
    switch (kind) {
    case ErrorKind::InvalidByte:
        return CellRole::ErrorInvalidByte;
    case ErrorKind::UnexpectedContinuation:
        return CellRole::ErrorUnexpectedContinuation;
    case ErrorKind::Overlong:
        return CellRole::ErrorOverlong;
    case ErrorKind::Surrogate:
        return CellRole::ErrorSurrogate;
    case ErrorKind::TooLarge:
        return CellRole::ErrorTooLarge;
    case ErrorKind::Truncated:
    case ErrorKind::None:
        break;
    }
    return CellRole::ErrorTruncated;
}

namespace {
// ASCII's own split (not a UTF-8 rule): HT LF VT FF CR and SPACE are whitespace, the other C0
// controls and DEL are controls.
CellRole asciiRole(quint8 byte) {
    if (byte == 0x20 || (byte >= 0x09 && byte <= 0x0D))
        return CellRole::AsciiWhitespace;
    if (byte < 0x20 || byte == 0x7F)
        return CellRole::AsciiControl;
    return CellRole::AsciiPrintable;
}
} // namespace

CellRole RolePalette::roleOf(const u8codec::Segment& s, quint64 offset, quint8 byte) {
    switch (u8codec::roleInSegment(s, offset)) {
    case u8codec::ByteRole::Ascii:
        return asciiRole(byte);
    case u8codec::ByteRole::Lead2:
        return CellRole::Lead2;
    case u8codec::ByteRole::Lead3:
        return CellRole::Lead3;
    case u8codec::ByteRole::Lead4:
        return CellRole::Lead4;
    case u8codec::ByteRole::Continuation:
        return CellRole::Continuation;
    case u8codec::ByteRole::Error:
        break;
    }
    return roleForError(s.error);
}

CellRole RolePalette::roleForClass(quint8 byte) {
    switch (u8codec::classify(byte)) {
    case u8codec::ByteClass::Ascii:
        return asciiRole(byte);
    case u8codec::ByteClass::Continuation:
        return CellRole::Continuation;
    case u8codec::ByteClass::Lead2:
        return CellRole::Lead2;
    case u8codec::ByteClass::Lead3:
        return CellRole::Lead3;
    case u8codec::ByteClass::Lead4:
        return CellRole::Lead4;
    case u8codec::ByteClass::Invalid:
        break;
    }
    return CellRole::ErrorInvalidByte;
}

QList<CellRole> RolePalette::allRoles() {
    QList<CellRole> roles;
    for (int i = 0; i < kCellRoleCount; ++i)
        roles.append(CellRole(i));
    return roles;
}

QString RolePalette::name(CellRole role) {
    switch (role) {
    case CellRole::AsciiPrintable:
        return tr("ASCII printable");
    case CellRole::AsciiWhitespace:
        return tr("ASCII whitespace");
    case CellRole::AsciiControl:
        return tr("ASCII control");
    case CellRole::Lead2:
        return tr("Lead of 2-byte character");
    case CellRole::Lead3:
        return tr("Lead of 3-byte character");
    case CellRole::Lead4:
        return tr("Lead of 4-byte character");
    case CellRole::Continuation:
        return tr("Continuation byte");
    case CellRole::Suspicious:
        return tr("Suspicious character");
    case CellRole::ErrorInvalidByte:
        return tr("Error: invalid byte");
    case CellRole::ErrorUnexpectedContinuation:
        return tr("Error: stray continuation");
    case CellRole::ErrorOverlong:
        return tr("Error: overlong form");
    case CellRole::ErrorSurrogate:
        return tr("Error: encoded surrogate");
    case CellRole::ErrorTooLarge:
        return tr("Error: beyond U+10FFFF");
    case CellRole::ErrorTruncated:
        return tr("Error: truncated sequence");
    }
    return {};
}

QString RolePalette::description(CellRole role) {
    switch (role) {
    case CellRole::AsciiPrintable:
        return tr("A visible ASCII character (21-7E), one byte.");
    case CellRole::AsciiWhitespace:
        return tr("Space, tab, line feed, carriage return, vertical tab or form feed.");
    case CellRole::AsciiControl:
        return tr("An ASCII control character (00-1F, 7F) other than whitespace.");
    case CellRole::Lead2:
        return tr("110xxxxx: starts a 2-byte character (U+0080 to U+07FF).");
    case CellRole::Lead3:
        return tr("1110xxxx: starts a 3-byte character (U+0800 to U+FFFF).");
    case CellRole::Lead4:
        return tr("11110xxx: starts a 4-byte character (U+10000 to U+10FFFF).");
    case CellRole::Continuation:
        return tr("10xxxxxx: carries 6 more bits of the character its lead began.");
    case CellRole::Suspicious:
        return tr("Valid UTF-8 the audit reports: a bidi control, an invisible character, a "
                  "look-alike of ASCII... Dotted where a finding is about that character; a "
                  "dotted frame joins a run reported as a whole (a name that mixes scripts).");
    case CellRole::ErrorInvalidByte:
        return tr("C0, C1 or F5-FF: never appears in well-formed UTF-8.");
    case CellRole::ErrorUnexpectedContinuation:
        return tr("A 10xxxxxx byte with no lead byte before it.");
    case CellRole::ErrorOverlong:
        return tr("A longer form than needed; UTF-8 allows only the shortest (RFC 3629).");
    case CellRole::ErrorSurrogate:
        return tr("A UTF-16 surrogate (U+D800 to U+DFFF) encoded as if it were a character.");
    case CellRole::ErrorTooLarge:
        return tr("A 4-byte form of a value above U+10FFFF, the last code point.");
    case CellRole::ErrorTruncated:
        return tr("A lead byte whose continuation bytes stop early.");
    }
    return {};
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
    lines << tr("Offset %1").arg(NumberFormat::offsetAndDecimal(offset));
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
