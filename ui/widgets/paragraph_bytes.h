// How the text pane reads a paragraph's bytes (text_view.h): from its start until a line feed
// of the encoding it reads, or a limit, with as few reads as short lines need.
#pragma once

#include "u8codec/byte_source.h"
#include "u8convert/text_reading.h"

#include <QtGlobal>
#include <vector>

namespace u8ui {

// The bytes from `start` until a line feed of `reading` or `limit`, growing the read (256 bytes,
// then four times more each time) so that short lines read little, and a few bytes past the
// line feed (the rest of its UTF-16 unit). Shorter when the source ends early.
std::vector<quint8> readParagraphBytes(const u8codec::ByteSource& source, quint64 start,
                                       quint64 limit, const u8convert::TextReading& reading);

} // namespace u8ui
