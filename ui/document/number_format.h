// The one way the window writes numbers: sizes in binary units (KiB, MiB: IEC 80000-13, said
// once, with the exact byte count beside them), counts with the locale's digit grouping, and
// offsets as "0x" in lower case followed by upper-case hex digits. Every widget and message goes
// through here, so that "0XC", "16500" beside "16,500" and "MB" beside "MiB" cannot appear.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <cstdint>

namespace u8doc {

class NumberFormat {
    Q_DECLARE_TR_FUNCTIONS(u8doc::NumberFormat)
public:
    // "16,500": the locale's grouping.
    static QString count(quint64 n);
    // "1 byte", "16,500 bytes".
    static QString bytes(quint64 n);
    // "423 bytes" below 1 KiB; above, "300.0 MiB (314,573,431 bytes)".
    static QString size(quint64 n);
    // "0x1F4A"; padded with zeros to `digits` hex digits when given.
    static QString offset(quint64 n, int digits = 0);
    // "0x2A (42)": an offset in hex and, grouped, in decimal.
    static QString offsetAndDecimal(quint64 n);
    // "E2": one byte in two upper-case hex digits.
    static QString byteHex(std::uint8_t b);
};

} // namespace u8doc

// app/gui/differences_model.cpp names it from u8ui; it is being rewritten elsewhere (issue 36)
// and takes u8doc's name with that change, which removes this line.
namespace u8ui {
using u8doc::NumberFormat;
} // namespace u8ui
