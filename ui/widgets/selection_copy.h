// Copying selected bytes out of the document: as hex, as text, or as a C array.
#pragma once

#include "byte_selection.h"
#include "u8codec/byte_source.h"
#include "u8codec/decoder.h"
#include "u8convert/text_reading.h"

#include <QCoreApplication>
#include <QString>

namespace u8ui {

class SelectionCopy {
    Q_DECLARE_TR_FUNCTIONS(u8ui::SelectionCopy)
public:
    enum class Format {
        Hex,    // "E2 82 AC": upper-case, space separated
        Text,   // the bytes decoded as UTF-8 under an ErrorPolicy (Replace by default), or
                // through another reading (the text pane's View > Text Encoding)
        CArray, // const unsigned char data[] = { 0xE2, 0x82, 0xAC };
    };

    // Copying is refused above this many bytes (a 4 GB selection would need gigabytes of text on
    // the clipboard); the error says so.
    static constexpr quint64 kMaxBytes = 16 * 1024 * 1024;
    // In a C array, this many values per line when the array spans several lines; an array of at
    // most this many bytes stays on one line.
    static constexpr int kValuesPerLine = 12;

    struct Result {
        QString text;  // the formatted selection
        QString error; // set (and text empty) when the range could not be copied
        bool ok() const { return error.isEmpty(); }
    };

    // The exact bytes of `range` (clipped to the source) in a format. Text decodes only these
    // bytes: a range that splits a character yields that part as an error (U+FFFD under
    // Replace), as any UTF-8 decoder would.
    // With a `reading` other than UTF-8, Text is the characters of that encoding that share a
    // byte with the range, whole (as the text pane shows them selected), an error segment as
    // U+FFFD.
    static Result format(const u8codec::ByteSource& source, ByteRange range, Format format,
                         u8codec::ErrorPolicy policy = u8codec::ErrorPolicy::Replace,
                         const u8convert::TextReading* reading = nullptr);

    // Formatting of bytes already in memory.
    static QString hex(std::span<const std::uint8_t> bytes);
    static QString text(std::span<const std::uint8_t> bytes,
                        u8codec::ErrorPolicy policy = u8codec::ErrorPolicy::Replace);
    // `bytes`, which start at `offset` of their stream, read through `reading`.
    static QString textAs(std::span<const std::uint8_t> bytes, quint64 offset,
                          const u8convert::TextReading& reading);
    static QString cArray(std::span<const std::uint8_t> bytes,
                          const QString& name = QStringLiteral("data"));

    // Formats and puts the result on the system clipboard (QGuiApplication::clipboard()); returns
    // the result so that the caller can show its error.
    static Result toClipboard(const u8codec::ByteSource& source, ByteRange range, Format format,
                              u8codec::ErrorPolicy policy = u8codec::ErrorPolicy::Replace,
                              const u8convert::TextReading* reading = nullptr);
};

} // namespace u8ui
