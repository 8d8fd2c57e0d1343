#include "repair_windows.h"

#include "normalize_detail.h"
#include "on_threads.h"
#include "u8codec/cpu_features.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

namespace u8convert::detail {
using namespace u8codec;

namespace {

// Read beyond the target size at once, where the cut is looked for: text has an ASCII byte
// every few bytes, so the cut is almost always within it.
constexpr std::size_t kSlack = std::size_t(64) << 10;
constexpr std::size_t kAlignment = 64;
// A large read is cut into pieces of at least this, read at once, one per core (four at most).
constexpr std::size_t kReadPiece = std::size_t(1) << 20;

} // namespace

WindowReader::WindowReader(const ByteSource& source, std::size_t target, bool normalising)
    : source_(source), size_(source.size()), target_(std::max<std::size_t>(target, 1)),
      normalising_(normalising) {}

WindowReader::~WindowReader() {
    std::free(buffer_);
}

void WindowReader::reserve(std::size_t bytes) {
    if (bytes <= capacity_)
        return;
    std::size_t capacity = std::max(bytes, capacity_ + capacity_ / 2);
    capacity = (capacity + kAlignment - 1) / kAlignment * kAlignment;
    auto* grown = static_cast<std::uint8_t*>(std::aligned_alloc(kAlignment, capacity));
    if (!grown)
        throw std::bad_alloc();
    if (buffer_)
        std::memcpy(grown, buffer_, capacity_);
    std::free(buffer_);
    buffer_ = grown;
    capacity_ = capacity;
}

// Makes the buffer hold [start, start + want) of the input, of which the first `have` bytes are
// there already. Copying out of the page cache is most of what a later pass costs the kernel,
// and the repair's threads wait for it: a large read is cut into pieces read on as many cores.
// ByteSource::read() may be asked from several threads at once.
bool WindowReader::fill(std::uint64_t start, std::size_t have, std::size_t want,
                        u8codec::Error& error) {
    reserve(want);
    const std::size_t pieces =
        std::clamp<std::size_t>((want - have) / kReadPiece, 1, std::min(cpuCores(), 4u));
    // Pieces of whole pages, so that each copy starts on a page of the buffer; the last ends at
    // `want`.
    const std::size_t each = ((want - have + pieces - 1) / pieces + 4095) / 4096 * 4096;
    std::vector<char> complete(pieces, 0);
    onThreads(pieces, [&](std::size_t k) {
        std::size_t at = std::min(want, have + k * each);
        const std::size_t to = k + 1 == pieces ? want : std::min(want, at + each);
        while (at < to) {
            const std::size_t got =
                source_.read(start + at, std::span<std::uint8_t>(buffer_ + at, to - at));
            if (got == 0)
                return;
            at += got;
        }
        complete[k] = 1;
    });
    if (std::find(complete.begin(), complete.end(), 0) != complete.end()) {
        error = {u8codec::ErrorCode::Changed,
                 "the input became shorter while it was being repaired"};
        return false;
    }
    return true;
}

bool WindowReader::readNext(InputWindow& window, u8codec::Error& error) {
    const std::uint64_t start = ends_.empty() ? 0 : ends_.back();
    if (size_ == 0 && ends_.empty()) {
        // An empty input is one empty window: a BOM may still be added to it.
        ends_.push_back(0);
        window = {0, 0, {}, 0};
        return true;
    }
    if (start >= size_)
        return false;
    const std::uint64_t left = size_ - start;
    std::size_t have = 0;
    std::size_t want = std::size_t(std::min<std::uint64_t>(left, target_ + kSlack));
    std::size_t from = std::min(target_, want); // where the cut is looked for
    for (;;) {
        if (!fill(start, have, want, error))
            return false;
        have = want;
        const bool atEnd = have == left;
        const std::uint8_t* const end = buffer_ + have;
        // Before the input's end a cut needs the byte after it in the buffer (safeCutBefore()).
        const std::size_t last = atEnd ? have : have - 1;
        for (std::size_t i = from; i < last; ++i)
            if (safeCutBefore(buffer_ + i, end, normalising_)) {
                ends_.push_back(start + i);
                window = {ends_.size() - 1, start, std::span<const std::uint8_t>(buffer_, i + 1),
                          1};
                return true;
            }
        if (atEnd) {
            ends_.push_back(size_);
            window = {ends_.size() - 1, start, std::span<const std::uint8_t>(buffer_, have), 0};
            return true;
        }
        if (normalising_ && overlongRunIn(start, have, error))
            return false;
        from = last;
        want = std::size_t(std::min<std::uint64_t>(left, std::uint64_t(have) * 2));
    }
}

// A window that grows because it has no cut may be a run of combining characters, which
// normalize() refuses past kMaxUnboundedRun: refused here, as soon as it is seen, the run is never
// read whole (docs/performance.md has the figures before and after). Rescanning the window on each
// doubling costs at most twice its length.
bool WindowReader::overlongRunIn(std::uint64_t start, std::size_t have,
                                 u8codec::Error& error) const {
    const std::size_t at =
        overlongNonStarterRun(std::string_view(reinterpret_cast<const char*>(buffer_), have));
    if (at == std::string_view::npos)
        return false;
    char offset[32];
    std::snprintf(offset, sizeof offset, "0x%llX", static_cast<unsigned long long>(start + at));
    error = {u8codec::ErrorCode::Invalid,
             "normalisation failed at byte " + std::string(offset) + ": " + overlongRunMessage()};
    return true;
}

bool WindowReader::read(std::size_t k, InputWindow& window, u8codec::Error& error) {
    const std::uint64_t start = k == 0 ? 0 : ends_[k - 1];
    const std::uint64_t end = ends_[k];
    const std::size_t context = end < size_ ? 1 : 0;
    const auto want = std::size_t(end - start) + context;
    if (!fill(start, 0, want, error))
        return false;
    window = {k, start, std::span<const std::uint8_t>(buffer_, want), context};
    return true;
}

} // namespace u8convert::detail
