#include "cursor_status.h"

#include "number_format.h"
#include "problems_model.h"
#include "role_palette.h"
#include "u8codec/byte_class.h"
#include "u8codec/local_segments.h"
#include "u8codec/navigate.h"
#include "u8codec/problem.h"
#include "u8codec/segment.h"

namespace u8app {

using u8doc::NumberFormat;

QString CursorStatus::isolated(const QString& userText) {
    return QChar(0x2068) + userText + QChar(0x2069);
}

CursorStatus CursorStatus::describe(const u8codec::ByteSource& source, quint64 offset) {
    CursorStatus status;
    if (offset >= source.size())
        return status;
    std::uint8_t b = 0;
    if (source.read(offset, std::span(&b, 1)) != 1)
        return status; // the file shrank under us: nothing to describe
    status.offset = tr("Offset %1").arg(NumberFormat::offsetAndDecimal(offset));
    const QString bits = QStringLiteral("%1").arg(b, 8, 2, QLatin1Char('0'));
    status.byte = tr("Byte %1 (%2 %3)").arg(NumberFormat::byteHex(b), bits.left(4), bits.mid(4));
    const QString byteClass = QString::fromLatin1(u8codec::name(u8codec::classify(b)).data());
    const u8codec::Segment s = u8codec::segmentAt(source, offset);
    if (s.isValid()) {
        const u8ui::CellRole role = u8ui::RolePalette::roleOf(s, offset, b);
        status.role = tr("Class %1 · %2").arg(byteClass, u8ui::RolePalette::name(role));
        const char32_t cp = s.codePoint;
        // Controls and separators have no glyph of their own: show only the code point.
        const bool printable = QChar::isPrint(cp) && cp != 0xFEFF;
        const QString glyph = printable
                                  ? QStringLiteral(" '%1'").arg(isolated(QString::fromUcs4(&cp, 1)))
                                  : QString();
        status.character = tr("%1%2, %3 at %4")
                               .arg(QString::fromStdString(u8codec::codePointLabel(cp)), glyph,
                                    NumberFormat::bytes(s.length), NumberFormat::offset(s.offset));
        return status;
    }
    // An error: named once, by the problem it belongs to, as the inspector and the problems list
    // name it (a problem may span several of the segmenter's error segments).
    const auto problem = u8codec::problemAt(source, offset);
    const quint64 start = problem ? problem->offset : s.offset;
    const quint64 length = problem ? problem->length : s.length;
    status.role = tr("Class %1 · %2")
                      .arg(byteClass, problem ? u8ui::ProblemsModel::kindTitle(problem->kind)
                                              : tr(u8codec::title(s.error).data()));
    std::vector<std::uint8_t> bytes(std::size_t(std::min<quint64>(length, 9)));
    bytes.resize(source.read(start, std::span(bytes)));
    status.character = tr("%1, %2 at %3")
                           .arg(QString::fromStdString(u8codec::hexBytes(bytes, 8)),
                                NumberFormat::bytes(length), NumberFormat::offset(start));
    return status;
}

} // namespace u8app
