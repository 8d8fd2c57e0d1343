#include "paragraph_bytes.h"

#include <algorithm>
#include <cstring>

namespace u8ui {

namespace {

constexpr quint8 kLineFeed = 0x0A;

// Whether bytes [from, to) of `bytes` (which start at `start`) hold a line feed of `reading`:
// in UTF-16 the byte 0A is one only as the low byte of the unit 000A.
bool holdsLineFeed(const std::vector<quint8>& bytes, std::size_t from, std::size_t to,
                   quint64 start, const u8codec::ByteSource& source,
                   const u8convert::TextReading& reading) {
    for (std::size_t i = from; i < to;) {
        const void* hit = std::memchr(bytes.data() + i, int(kLineFeed), to - i);
        if (!hit)
            return false;
        i = std::size_t(static_cast<const quint8*>(hit) - bytes.data());
        if (reading.lineStartAfter(source, start + i) != 0)
            return true;
        ++i;
    }
    return false;
}

} // namespace

std::vector<quint8> readParagraphBytes(const u8codec::ByteSource& source, quint64 start,
                                       quint64 limit, const u8convert::TextReading& reading) {
    std::vector<quint8> bytes;
    quint64 want = 256;
    for (;;) {
        const quint64 from = start + bytes.size();
        const quint64 to = std::min(limit, start + want);
        if (to <= from)
            break;
        const std::size_t old = bytes.size();
        bytes.resize(to - start);
        const std::size_t got = source.read(from, std::span<quint8>(bytes.data() + old, to - from));
        bytes.resize(old + got);
        if (got < to - from) // the source ended early (a file that shrank)
            break;
        if (holdsLineFeed(bytes, old, old + got, start, source, reading)) {
            const quint64 end = std::min(limit, start + bytes.size() + 4);
            const std::size_t have = bytes.size();
            bytes.resize(std::size_t(end - start));
            bytes.resize(have + source.read(start + have, std::span<quint8>(bytes.data() + have,
                                                                            bytes.size() - have)));
            break;
        }
        want *= 4;
    }
    return bytes;
}

} // namespace u8ui
