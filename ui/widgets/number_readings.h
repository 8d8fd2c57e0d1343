// What the bytes at an offset read as when taken for a number, as every hex editor shows them:
// the byte in binary and octal, 8/16/32/64-bit integers signed and unsigned, float32 and float64,
// each in little and in big endian. Plain functions of the bytes, so that the panel only lays
// them out and the tests check the arithmetic without a widget.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <cstdint>
#include <span>
#include <vector>

namespace u8ui {

struct NumberReading {
    QString type;         // "int16", "float32", "binary"...
    int width = 1;        // bytes it reads
    QString littleEndian; // empty when fewer than `width` bytes are left
    QString bigEndian;    // the same as littleEndian for one byte
};

class NumberReadings {
    Q_DECLARE_TR_FUNCTIONS(u8ui::NumberReadings)
public:
    // The most bytes any reading needs (float64, int64).
    static constexpr int kMaxWidth = 8;
    // Every reading of `bytes`, the bytes from the cursor on (up to kMaxWidth of them; fewer at
    // the end of the document). A reading wider than what is there has empty values.
    static std::vector<NumberReading> of(std::span<const std::uint8_t> bytes);
};

} // namespace u8ui
