#include "number_format.h"

#include <QLocale>

namespace u8doc {

QString NumberFormat::count(quint64 n) {
    return QLocale().toString(qulonglong(n));
}

QString NumberFormat::bytes(quint64 n) {
    return n == 1 ? tr("1 byte") : tr("%1 bytes").arg(count(n));
}

QString NumberFormat::size(quint64 n) {
    if (n < 1024)
        return bytes(n);
    // IEC prefixes (KiB = 1024 bytes): the unit the hex pane's rows and offsets count in.
    return tr("%1 (%2)").arg(QLocale().formattedDataSize(qint64(n), 1, QLocale::DataSizeIecFormat),
                             bytes(n));
}

QString NumberFormat::offset(quint64 n, int digits) {
    return QStringLiteral("0x") +
           QStringLiteral("%1").arg(qulonglong(n), digits, 16, QLatin1Char('0')).toUpper();
}

QString NumberFormat::offsetAndDecimal(quint64 n) {
    return tr("%1 (%2)").arg(offset(n), count(n));
}

QString NumberFormat::byteHex(std::uint8_t b) {
    return QStringLiteral("%1").arg(uint(b), 2, 16, QLatin1Char('0')).toUpper();
}

} // namespace u8doc
