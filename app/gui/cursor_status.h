// What the status bar says about the byte under the cursor: its offset, value, class and role,
// and the character (or error segment) it belongs to. Every fact comes from the codec.
#pragma once

#include "u8codec/byte_source.h"

#include <QCoreApplication>
#include <QString>

namespace u8app {

class CursorStatus {
    Q_DECLARE_TR_FUNCTIONS(u8app::CursorStatus)
public:
    QString offset;    // "Offset 0x2A (42)"
    QString byte;      // "Byte E2 (1110 0010)"
    QString role;      // "lead3 · Lead byte of a 3-byte character"
    QString character; // "U+20AC '€', 3 bytes at 0x28" or "Error: Overlong form, 2 bytes"

    // An empty status when offset is outside the source.
    static CursorStatus describe(const u8codec::ByteSource& source, quint64 offset);
    static QString hexOffset(quint64 offset);
    static QString byteCount(quint64 n); // "1 byte", "3 bytes"
};

} // namespace u8app
