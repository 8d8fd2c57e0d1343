#include "number_readings.h"

#include <bit>
#include <cstring>
#include <type_traits>

namespace u8ui {

namespace {

// The first `width` bytes as an unsigned integer, in the byte order asked for.
std::uint64_t unsignedOf(std::span<const std::uint8_t> bytes, int width, bool little) {
    std::uint64_t value = 0;
    for (int i = 0; i < width; ++i) {
        const std::uint8_t b = bytes[std::size_t(little ? width - 1 - i : i)];
        value = (value << 8) | b;
    }
    return value;
}

// The integer of `width` bytes, sign-extended when `isSigned`.
QString integerText(std::uint64_t value, int width, bool isSigned) {
    if (!isSigned)
        return QString::number(value);
    const int bits = width * 8;
    if (bits < 64 && (value >> (bits - 1)) & 1)
        value |= ~std::uint64_t(0) << bits; // two's complement: fill the sign into the top
    return QString::number(std::int64_t(value));
}

// Enough digits to give back the same float (9 for float32, 17 for float64), and "inf", "-inf",
// "nan" as C prints them.
template <typename Float> QString floatText(std::uint64_t value) {
    using Bits = std::conditional_t<sizeof(Float) == 4, std::uint32_t, std::uint64_t>;
    const Float f = std::bit_cast<Float>(Bits(value));
    if (f != f)
        return QStringLiteral("nan");
    return QString::number(double(f), 'g', sizeof(Float) == 4 ? 9 : 17);
}

QString binaryText(std::uint8_t b) {
    const QString bits = QStringLiteral("%1").arg(b, 8, 2, QLatin1Char('0'));
    return bits.left(4) + QLatin1Char(' ') + bits.mid(4); // nibbles, as the hex digits split it
}

enum class Kind { Signed, Unsigned, Float };

QString textOf(std::span<const std::uint8_t> bytes, int width, Kind kind, bool little) {
    if (int(bytes.size()) < width)
        return {};
    const std::uint64_t value = unsignedOf(bytes, width, little);
    if (kind == Kind::Float)
        return width == 4 ? floatText<float>(value) : floatText<double>(value);
    return integerText(value, width, kind == Kind::Signed);
}

} // namespace

std::vector<NumberReading> NumberReadings::of(std::span<const std::uint8_t> bytes) {
    std::vector<NumberReading> out;
    const bool hasByte = !bytes.empty();
    const QString binary = hasByte ? binaryText(bytes[0]) : QString();
    const QString octal = hasByte ? QString::number(bytes[0], 8) : QString();
    out.push_back({tr("binary"), 1, binary, binary});
    out.push_back({tr("octal"), 1, octal, octal});
    struct Row {
        const char* type;
        int width;
        Kind kind;
    };
    static constexpr Row rows[] = {
        {"int8", 1, Kind::Signed},     {"uint8", 1, Kind::Unsigned},  {"int16", 2, Kind::Signed},
        {"uint16", 2, Kind::Unsigned}, {"int32", 4, Kind::Signed},    {"uint32", 4, Kind::Unsigned},
        {"int64", 8, Kind::Signed},    {"uint64", 8, Kind::Unsigned}, {"float32", 4, Kind::Float},
        {"float64", 8, Kind::Float},
    };
    for (const Row& row : rows)
        out.push_back({QString::fromLatin1(row.type), row.width,
                       textOf(bytes, row.width, row.kind, true),
                       textOf(bytes, row.width, row.kind, false)});
    return out;
}

} // namespace u8ui
