#include "decode_figures.h"

#include "role_palette.h"
#include "u8codec/encode_steps.h"

namespace u8ui {

namespace {

constexpr int kBytesPerRow = 8; // a row that fits the dock's width

QString hex(quint32 value, int digits) {
    return QStringLiteral("%1").arg(value, digits, 16, QLatin1Char('0')).toUpper();
}

// How each byte is drawn at some point of the walk.
struct ByteLook {
    FigureCell kind = FigureCell::Plain;
    int tag = -1;
};

// The bytes, eight to a row, each a block of its two hex digits.
QVector<FigureRow> byteRows(std::span<const std::uint8_t> bytes, const QVector<ByteLook>& looks) {
    QVector<FigureRow> rows;
    for (std::size_t start = 0; start < bytes.size(); start += kBytesPerRow) {
        FigureRow row;
        row.label = bytes.size() <= kBytesPerRow
                        ? DecodeFigures::tr("bytes")
                        : QStringLiteral("+%1").arg(hex(quint32(start), 2));
        for (std::size_t i = start; i < bytes.size() && i < start + kBytesPerRow; ++i)
            row.joinedBlock().add(hex(bytes[i], 2), looks[qsizetype(i)].kind,
                                  looks[qsizetype(i)].tag);
        rows.push_back(row);
    }
    return rows;
}

// The role each byte of a decided segment plays, as the panes colour it.
void markDecided(QVector<ByteLook>& looks, std::span<const std::uint8_t> bytes,
                 const u8codec::Segment& s) {
    for (quint64 o = s.offset; o < s.end(); ++o)
        looks[qsizetype(o)] = {FigureCell::Role,
                               int(RolePalette::roleOf(s, o, bytes[std::size_t(o)]))};
}

// The byte read: its bits, the marker (as RFC 2279 reads it) apart from the payload.
FigureRow bitsRow(std::uint8_t b) {
    FigureRow row;
    row.label = DecodeFigures::tr("byte %1").arg(hex(b, 2));
    const int markers = u8codec::markerBitCount(b);
    const QString bits = QString::fromStdString(u8codec::binaryDigits(b, 8));
    row.block().add(bits.left(markers), FigureCell::Marker);
    if (markers < 8)
        row.block().add(bits.mid(markers), FigureCell::Payload, 0);
    row.note = QString::fromStdString(std::string(u8codec::name(u8codec::classify(b))));
    return row;
}

FigureRow expectedRow(const u8codec::DecodeStep& st) {
    using A = u8codec::DecodeAction;
    FigureRow row;
    const QString range = hex(st.expected.low, 2) + QStringLiteral("..") + hex(st.expected.high, 2);
    row.label =
        st.action == A::Lead ? DecodeFigures::tr("next byte") : DecodeFigures::tr("expected");
    row.joinedBlock().add(range, FigureCell::Text);
    switch (st.action) {
    case A::Lead:
    case A::Continue:
        row.note = DecodeFigures::tr("%1 more to come").arg(st.stillNeeded);
        break;
    case A::Stop:
        row.note = DecodeFigures::tr("%1 is not in it: stop").arg(hex(st.byte, 2));
        break;
    case A::End:
        row.note = DecodeFigures::tr("the bytes end");
        break;
    default:
        row.note = DecodeFigures::tr("%1 is in it").arg(hex(st.byte, 2));
        break;
    }
    return row;
}

} // namespace

QVector<FigureRow> DecodeFigures::forStep(const u8codec::DecodeWalk& walk,
                                          std::span<const std::uint8_t> bytes, int index) {
    using A = u8codec::DecodeAction;
    QVector<ByteLook> looks(qsizetype(bytes.size()));
    // Decided up to this step; the bytes of the sequence being read since its lead.
    qint64 openFrom = -1;
    for (int i = 0; i <= index; ++i) {
        const u8codec::DecodeStep& st = walk.steps[std::size_t(i)];
        if (st.action == A::Lead)
            openFrom = qint64(st.offset);
        if (st.segment.length > 0) {
            markDecided(looks, bytes, st.segment);
            openFrom = -1;
        }
    }
    const u8codec::DecodeStep& st = walk.steps[std::size_t(index)];
    if (openFrom >= 0)
        for (quint64 o = quint64(openFrom); o <= st.offset && o < bytes.size(); ++o)
            looks[qsizetype(o)] = {FigureCell::Payload, 0};
    if (st.action != A::End)
        looks[qsizetype(st.offset)] = {FigureCell::Active, -1};

    QVector<FigureRow> rows = byteRows(bytes, looks);
    if (st.action != A::End)
        rows.push_back(bitsRow(st.byte));
    if (st.action != A::Ascii && st.action != A::Invalid && st.action != A::Stray)
        rows.push_back(expectedRow(st));
    return rows;
}

QVector<FigureRow> DecodeFigures::decided(const u8codec::DecodeWalk& walk,
                                          std::span<const std::uint8_t> bytes, quint64 from,
                                          quint64 to) {
    QVector<ByteLook> looks(qsizetype(bytes.size()));
    for (const u8codec::Segment& s : walk.segments)
        markDecided(looks, bytes, s);
    for (quint64 o = from; o < to && o < bytes.size(); ++o)
        looks[qsizetype(o)] = {FigureCell::Active, -1};
    return byteRows(bytes, looks);
}

} // namespace u8ui
