// Reading a whole source into memory, for the operations that need all of it at once (a repair
// in memory, a comparison of small files): one loop, with progress and cancel between chunks,
// and one rule for a source that changes while it is read. A file that shrank ends the read
// short (FileSource::read(): a short read is its end, never SIGBUS); one that grew is read on to
// its new end when asked. Whether a change matters (a result made of a file that changed is not
// written) is the caller's rule, which it checks after: this only reports what it saw.
#pragma once

#include "u8codec/aligned_buffer.h"
#include "u8codec/byte_source.h"

#include <algorithm>
#include <cstdint>
#include <functional>

namespace u8codec {

struct ReadAllOptions {
    // After each chunk: the bytes read so far and the size the source had when the read began.
    // Returning false cancels the read.
    std::function<bool(std::uint64_t done, std::uint64_t expected)> progress;
    // Read on past that size to the source's end now (a file that grew since it was opened).
    bool followGrowth = true;
    // The bytes read between two calls of `progress` (the whole at once without it).
    std::size_t chunk = std::size_t(4) << 20;
};

enum class ReadEnd : std::uint8_t {
    Whole,     // the source's size() bytes, and those it grew by when followed
    Shorter,   // the source ended before its size(): it shrank, or a read failed (readError())
    Cancelled, // progress() said stop; `out` holds what was read
};

// Replaces the contents of `out` (a std::string or a std::vector of bytes) with the bytes of
// `source` from its start: read straight into `out`, without a copy through a buffer, up to
// size(); what a file grew by after, a chunk at a time.
template <class Bytes>
[[nodiscard]] ReadEnd readAll(const ByteSource& source, Bytes& out,
                              const ReadAllOptions& options = {}) {
    const std::uint64_t expected = source.size();
    out.resize(std::size_t(expected));
    auto* const into = reinterpret_cast<std::uint8_t*>(out.data());
    const std::size_t step =
        options.progress ? std::max<std::size_t>(options.chunk, 1) : out.size();
    std::size_t done = 0;
    while (done < out.size()) {
        const std::size_t want = std::min(step, out.size() - done);
        const std::size_t got = source.read(done, {into + done, want});
        done += got;
        if (got < want) {
            out.resize(done);
            return ReadEnd::Shorter;
        }
        if (options.progress && !options.progress(done, expected)) {
            out.resize(done);
            return ReadEnd::Cancelled;
        }
    }
    if (!options.followGrowth)
        return ReadEnd::Whole;
    AlignedBuffer more(kReadChunkSize);
    for (std::size_t n; (n = source.read(done, more.span())) != 0; done += n) {
        const auto* const bytes = reinterpret_cast<const typename Bytes::value_type*>(more.data());
        out.insert(out.end(), bytes, bytes + n);
        if (options.progress && !options.progress(done + n, expected))
            return ReadEnd::Cancelled;
    }
    return ReadEnd::Whole;
}

} // namespace u8codec
