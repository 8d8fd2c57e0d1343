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
    QString role;      // "Class lead3 · Lead of 3-byte character", "Class C0 · Overlong form"
    QString character; // "U+20AC '€', 3 bytes at 0x28" or "C0 AF, 2 bytes at 0x9"

    // An empty status when offset is outside the source.
    static CursorStatus describe(const u8codec::ByteSource& source, quint64 offset);
    // Text from the document, isolated (Unicode Bidirectional Algorithm, UAX #9, section 2.7:
    // FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE) so that a right-to-left character or a
    // stray directional mark cannot reorder the words and numbers around it.
    static QString isolated(const QString& userText);
};

} // namespace u8app
