#include "cursor_status.h"

#include "role_palette.h"
#include "u8codec/byte_class.h"
#include "u8codec/local_segments.h"
#include "u8codec/problem.h"
#include "u8codec/segment.h"

namespace u8app {

QString CursorStatus::hexOffset(quint64 offset) {
    return QStringLiteral("0x%1").arg(QString::number(offset, 16).toUpper());
}

QString CursorStatus::byteCount(quint64 n) {
    return n == 1 ? tr("1 byte") : tr("%1 bytes").arg(n);
}

CursorStatus CursorStatus::describe(const u8codec::ByteSource& source, quint64 offset) {
    CursorStatus status;
    if (offset >= source.size())
        return status;
    std::uint8_t b = 0;
    if (source.read(offset, std::span(&b, 1)) != 1)
        return status; // the file shrank under us: nothing to describe
    status.offset = tr("Offset %1 (%2)").arg(hexOffset(offset)).arg(offset);
    const QString bits = QStringLiteral("%1").arg(b, 8, 2, QLatin1Char('0'));
    status.byte = tr("Byte %1 (%2 %3)")
                      .arg(QStringLiteral("%1").arg(b, 2, 16, QLatin1Char('0')).toUpper(),
                           bits.left(4), bits.mid(4));
    const u8codec::Segment s = u8codec::segmentAt(source, offset);
    const u8ui::CellRole role = u8ui::RolePalette::roleOf(s, offset, b);
    status.role = tr("Class %1 · %2")
                      .arg(QString::fromLatin1(u8codec::name(u8codec::classify(b)).data()),
                           u8ui::RolePalette::name(role));
    if (s.isValid()) {
        const char32_t cp = s.codePoint;
        // Controls and separators have no glyph of their own: show only the code point.
        const bool printable = QChar::isPrint(cp) && cp != 0xFEFF;
        const QString glyph =
            printable ? QStringLiteral(" '%1'").arg(QString::fromUcs4(&cp, 1)) : QString();
        status.character = tr("%1%2, %3 at %4")
                               .arg(QString::fromStdString(u8codec::codePointLabel(cp)), glyph,
                                    byteCount(s.length), hexOffset(s.offset));
    } else {
        status.character = tr("Error: %1, %2 at %3")
                               .arg(QString::fromLatin1(u8codec::title(s.error).data()),
                                    byteCount(s.length), hexOffset(s.offset));
    }
    return status;
}

} // namespace u8app
