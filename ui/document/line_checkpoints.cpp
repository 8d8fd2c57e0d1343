#include "line_checkpoints.h"

#include <cstring>

namespace u8doc {

void LineCheckpoint::advance(std::span<const std::uint8_t> bytes, quint64 offset) {
    const std::uint8_t* p = bytes.data();
    const std::uint8_t* end = p + bytes.size();
    // memchr is vectorised by the C library: runs without LF cost little.
    while (const void* hit = std::memchr(p, '\n', std::size_t(end - p))) {
        p = static_cast<const std::uint8_t*>(hit) + 1;
        ++lineFeeds;
        lineStart = offset + quint64(p - bytes.data());
    }
}

void LineCheckpoint::advance(std::span<const std::uint8_t> bytes, quint64 offset,
                             quint64 lineFeedsInBytes) {
    if (lineFeedsInBytes == 0)
        return;
    lineFeeds += lineFeedsInBytes;
    // Text has an LF every few dozen bytes: searching back from the end finds the last one soon.
    const void* last = ::memrchr(bytes.data(), '\n', bytes.size());
    lineStart = offset + quint64(static_cast<const std::uint8_t*>(last) - bytes.data()) + 1;
}

} // namespace u8doc
