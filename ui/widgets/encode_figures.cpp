#include "encode_figures.h"

#include "u8codec/problem.h"

namespace u8ui {

namespace {

using Kind = u8codec::EncodeStepKind;

QString fromStd(const std::string& s) {
    return QString::fromStdString(s);
}

QString hex(quint32 value, int digits) {
    return QStringLiteral("%1").arg(value, digits, 16, QLatin1Char('0')).toUpper();
}

QString label(char32_t cp) {
    return fromStd(u8codec::codePointLabel(cp));
}

// `bits` binary digits of `value` in blocks of four from the right, each captioned with its hex
// digit; the first `padding` digits drawn as padding, the others as `kind`.
FigureRow nibbleRow(const QString& title, quint32 value, int bits, int padding,
                    FigureCell kind = FigureCell::Plain, int tag = -1) {
    FigureRow row;
    row.label = title;
    const QString digits = fromStd(u8codec::binaryDigits(value, bits));
    int i = 0;
    for (int size = bits % 4 ? bits % 4 : 4; i < bits; size = 4) {
        const int shift = bits - i - size;
        row.block(hex((value >> shift) & 0xF, 1));
        for (int k = 0; k < size; ++k, ++i)
            row.add(digits.mid(i, 1), i < padding ? FigureCell::Padding : kind, tag);
    }
    return row;
}

// The octets of a layout; `payload(octet, bit)` says how payload bit `bit` (0: the octet's
// highest payload bit) of an octet is drawn: its kind and whether it shows its value or an x.
template <typename PayloadLook>
FigureRow octetRow(const QString& title, const u8codec::BitLayout& l, FigureCell markerKind,
                   PayloadLook payload, bool hexCaptions = false) {
    FigureRow row;
    row.label = title;
    for (int i = 0; i < l.octets; ++i) {
        const std::uint8_t b = l.bytes[std::size_t(i)];
        const int markers = l.markerBits[std::size_t(i)];
        row.block(hexCaptions ? hex(b, 2) : QString());
        const QString bits = fromStd(u8codec::binaryDigits(b, 8));
        for (int k = 0; k < 8; ++k) {
            if (k < markers) {
                row.add(bits.mid(k, 1), markerKind);
                continue;
            }
            const auto [kind, shown] = payload(i, k - markers);
            row.add(shown ? bits.mid(k, 1) : QStringLiteral("x"), kind, i);
        }
    }
    return row;
}

// What filling has done to an octet's payload: its index in the filling order (the last octet
// is filled first) against the step's group.
std::pair<FigureCell, bool> fillLook(const u8codec::EncodeWalk& w, int octet, int group) {
    const int order = w.layout.octets - 1 - octet;
    if (order < group)
        return {FigureCell::Payload, true};
    if (order == group)
        return {FigureCell::Active, true};
    return {FigureCell::Pending, false};
}

} // namespace

QVector<FigureRow> EncodeFigures::rowsFor(const u8codec::EncodeWalk& w,
                                          const u8codec::EncodeStep& step) {
    switch (step.kind) {
    case Kind::Length:
        return table(w);
    case Kind::Bits:
        return bits(w);
    case Kind::Fill:
        return fill(w, step.group);
    case Kind::Markers:
        return markers(w);
    case Kind::Bytes:
        return bytes(w, tr("= %1").arg(fromStd(u8codec::hexBytes(
                            std::span(w.layout.bytes.data(), std::size_t(w.layout.octets))))));
    case Kind::Utf16Unit:
    case Kind::Utf16Subtract:
    case Kind::Utf16Split:
    case Kind::Utf16Add:
        return utf16(w, step.kind);
    case Kind::Utf32:
        return utf32(w);
    case Kind::Refused:
        return bytes(w, tr("refused: decoders must not accept these bytes"));
    }
    return {};
}

QVector<FigureRow> EncodeFigures::table(const u8codec::EncodeWalk& w) {
    QVector<FigureRow> rows;
    const auto ranges = u8codec::utf8Ranges();
    for (std::size_t r = 0; r < ranges.size(); ++r) {
        const u8codec::OctetRange& range = ranges[r];
        FigureRow row;
        row.label = label(range.low) + QStringLiteral("..") + label(range.high);
        for (const QString& octet : QString::fromLatin1(range.pattern).split(QLatin1Char(' '))) {
            row.block();
            for (const QChar c : octet)
                row.add(QString(c),
                        c == QLatin1Char('x') ? FigureCell::Pending : FigureCell::Marker);
        }
        row.note = range.octets == 1 ? tr("1 byte") : tr("%1 bytes").arg(range.octets);
        row.highlighted = int(r) == w.row;
        rows.push_back(row);
    }
    if (w.row < 0) {
        FigureRow beyond;
        beyond.label = label(w.codePoint);
        beyond.note = tr("beyond U+10FFFF: no row");
        beyond.highlighted = true;
        rows.push_back(beyond);
    }
    return rows;
}

QVector<FigureRow> EncodeFigures::bits(const u8codec::EncodeWalk& w) {
    const int x = w.layout.payloadBits;
    // The zeros put in front of the hex digits' bits to fill the pattern's x bits.
    const int hexBits = 4 * int(QString::number(quint32(w.codePoint), 16).size());
    FigureRow value =
        nibbleRow(label(w.codePoint), w.codePoint, x, std::max(0, x - hexBits), FigureCell::Active);
    value.note = tr("%1 x bits").arg(x);
    FigureRow pattern = octetRow(tr("pattern"), w.layout, FigureCell::Marker, [](int, int) {
        return std::pair{FigureCell::Pending, false};
    });
    return {value, pattern};
}

QVector<FigureRow> EncodeFigures::fill(const u8codec::EncodeWalk& w, int group) {
    // The value's bits in the groups the octets take, each in its octet's hue.
    FigureRow value;
    value.label = label(w.codePoint);
    for (auto it = w.fill.rbegin(); it != w.fill.rend(); ++it) {
        const int order = int(w.fill.rend() - it) - 1;
        value.block(tr("octet %1").arg(it->octet + 1));
        const FigureCell kind = order < group    ? FigureCell::Payload
                                : order == group ? FigureCell::Active
                                                 : FigureCell::Plain;
        value.add(fromStd(w.valueBits.substr(std::size_t(it->firstBit), std::size_t(it->bitCount))),
                  kind, kind == FigureCell::Plain ? -1 : it->octet);
    }
    FigureRow pattern = octetRow(tr("octets"), w.layout, FigureCell::Marker,
                                 [&](int octet, int) { return fillLook(w, octet, group); });
    return {value, pattern};
}

QVector<FigureRow> EncodeFigures::markers(const u8codec::EncodeWalk& w) {
    auto payload = [](int, int) { return std::pair{FigureCell::Payload, true}; };
    auto hidden = [](int, int) { return std::pair{FigureCell::Pending, false}; };
    FigureRow pattern = octetRow(tr("pattern"), w.layout, FigureCell::Active, hidden);
    FigureRow octets = octetRow(tr("octets"), w.layout, FigureCell::Active, payload);
    const int n = w.layout.octets;
    octets.note =
        n == 1 ? tr("0: a single byte")
               : tr("%1: %2 octets; 10: a continuation")
                     .arg(fromStd(u8codec::binaryDigits(w.layout.bytes[0] >> (7 - n), n + 1)))
                     .arg(n);
    return {pattern, octets};
}

QVector<FigureRow> EncodeFigures::bytes(const u8codec::EncodeWalk& w, const QString& note) {
    auto hidden = [](int, int) { return std::pair{FigureCell::Pending, false}; };
    auto payload = [](int, int) { return std::pair{FigureCell::Payload, true}; };
    FigureRow pattern = octetRow(tr("pattern"), w.layout, FigureCell::Marker, hidden);
    FigureRow octets = octetRow(tr("octets"), w.layout, FigureCell::Marker, payload, true);
    octets.note = note;
    return {pattern, octets};
}

QVector<FigureRow> EncodeFigures::utf16(const u8codec::EncodeWalk& w, Kind kind) {
    const u8codec::Utf16Form& u = w.utf16;
    if (kind == Kind::Utf16Unit) {
        FigureRow bits = nibbleRow(label(w.codePoint), w.codePoint, 16, 0);
        FigureRow unit;
        unit.label = tr("UTF-16");
        unit.block().add(hex(u.units[0], 4), FigureCell::Active);
        unit.note = tr("one 16-bit unit");
        return {bits, unit};
    }
    if (kind == Kind::Utf16Subtract) {
        FigureRow cp = nibbleRow(label(w.codePoint), w.codePoint, 21, 0);
        FigureRow minus = nibbleRow(tr("- 0x10000"), 0x10000, 21, 0);
        FigureRow rest = nibbleRow(tr("= U'"), u.offsetValue, 21, 1, FigureCell::Active);
        rest.note = tr("20 bits: %1").arg(hex(u.offsetValue, 5));
        return {cp, minus, rest};
    }
    FigureRow split;
    split.label = tr("U'");
    split.block(tr("high %1").arg(hex(u.highTen, 3)))
        .add(fromStd(u8codec::binaryDigits(u.highTen, 10)), FigureCell::Payload, 0);
    split.block(tr("low %1").arg(hex(u.lowTen, 3)))
        .add(fromStd(u8codec::binaryDigits(u.lowTen, 10)), FigureCell::Payload, 1);
    if (kind == Kind::Utf16Split)
        return {split};
    // D800 is 110110 followed by ten zeros, DC00 110111: adding a half fills those ten bits.
    QVector<FigureRow> rows{split};
    for (int half = 0; half < 2; ++half) {
        FigureRow sum;
        sum.label = half == 0 ? tr("D800 + high") : tr("DC00 + low");
        sum.block().add(half == 0 ? QStringLiteral("110110") : QStringLiteral("110111"),
                        FigureCell::Marker);
        sum.block().add(fromStd(u8codec::binaryDigits(half == 0 ? u.highTen : u.lowTen, 10)),
                        FigureCell::Payload, half);
        sum.note = tr("= %1").arg(hex(u.units[std::size_t(half)], 4));
        rows.push_back(sum);
    }
    FigureRow pair;
    pair.label = tr("UTF-16");
    pair.block().add(hex(u.units[0], 4), FigureCell::Active, 0);
    pair.block().add(hex(u.units[1], 4), FigureCell::Active, 1);
    pair.note = tr("a surrogate pair");
    rows.push_back(pair);
    return rows;
}

QVector<FigureRow> EncodeFigures::utf32(const u8codec::EncodeWalk& w) {
    FigureRow row;
    row.label = tr("UTF-32");
    for (int i = 0; i < 4; ++i) {
        const quint32 b = (quint32(w.codePoint) >> (8 * (3 - i))) & 0xFF;
        row.block(hex(b, 2)).add(fromStd(u8codec::binaryDigits(b, 8)), FigureCell::Plain);
    }
    row.note = tr("= %1").arg(hex(quint32(w.codePoint), 8));
    return {row};
}

} // namespace u8ui
