// The windows the streamed repair (repair_stream.h) cuts its input into, and reading them: the
// first pass finds the cuts, every later pass reads the same windows again. Library-internal.
#pragma once

#include "u8codec/byte_source.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace u8convert::detail {
using namespace u8codec;

// Whether a text may be cut before `p` (a byte of the text ending at `end`) so that every step
// of the repair finds in each side what it finds there in the whole text. The byte must be ASCII
// and not a space:
// - runs of non-ASCII characters and the spaces between them, where the mojibake repair looks
//   (mojibake_runs.h), hold no such byte, so none crosses the cut; the runs before it see it as
//   their neighbour (it is given to that side as context, mojibake_window.h);
// - an ASCII byte is never part of an ill-formed sequence's maximal subpart (Unicode chapter 3,
//   U+FFFD substitution), of a CESU-8 pair, a BOM or a C1 control, and no step rewrites it;
// - an ASCII character has a normalisation boundary before it in NFC and NFD (UAX #15: a
//   quick-check-Yes starter that composes with nothing before it). When the text is normalised
//   (`normalising`), the byte after it must be ASCII and not a space too: the cut byte is then
//   a piece of its own, which the normaliser leaves unchanged, so no change of the text before
//   the cut and none after it touch (ICU reports touching changes as one stretch).
// A CR at the end of one side and an LF at the start of the other are one line break: the
// line-ending step carries a CR over to the next window.
[[nodiscard]] inline bool safeCutBefore(const std::uint8_t* p, const std::uint8_t* end,
                                        bool normalising) {
    const auto asciiNotSpace = [](std::uint8_t b) { return b < 0x80 && b != ' '; };
    return asciiNotSpace(*p) && (!normalising || p + 1 == end || asciiNotSpace(p[1]));
}

// A window of the input: its bytes, then `context` bytes (the first byte of the next window, or
// none at the end of the input).
struct InputWindow {
    std::size_t index = 0;
    std::uint64_t start = 0; // in the input
    std::span<const std::uint8_t> bytes;
    std::size_t context = 0;
    [[nodiscard]] std::size_t length() const { return bytes.size() - context; }
};

// Reads the windows of `source`. Windows are `target` bytes long, or longer: each ends before the
// first safe cut at or after `target` bytes. A stretch without a safe cut (text without ASCII,
// or, when normalising, without two ASCII bytes side by side) makes its window as long as it;
// when normalising, one holding a run of combining characters longer than normalize() takes
// (kMaxUnboundedRun) is an error as soon as the run is read.
// The buffer is aligned for the kernel's copy (a read into a buffer aligned to 64 bytes costs the
// kernel less on x86-64).
class WindowReader {
public:
    WindowReader(const ByteSource& source, std::size_t target, bool normalising);
    ~WindowReader();
    WindowReader(const WindowReader&) = delete;
    WindowReader& operator=(const WindowReader&) = delete;

    // The first pass: the window after the last one read (or the first), its cut found and kept.
    // False at the end of the input, or on an error (then `error` is set).
    [[nodiscard]] bool readNext(InputWindow& window, u8codec::Error& error);
    // A later pass: window `k` of those the first pass found. False with `error` when the input
    // is no longer what it was (shorter).
    [[nodiscard]] bool read(std::size_t k, InputWindow& window, u8codec::Error& error);

    [[nodiscard]] std::size_t windowCount() const { return ends_.size(); }
    [[nodiscard]] std::uint64_t size() const { return size_; }

private:
    [[nodiscard]] bool fill(std::uint64_t start, std::size_t have, std::size_t want,
                            u8codec::Error& error);
    void reserve(std::size_t bytes);
    [[nodiscard]] bool overlongRunIn(std::uint64_t start, std::size_t have,
                                     u8codec::Error& error) const;

    const ByteSource& source_;
    const std::uint64_t size_;
    const std::size_t target_;
    const bool normalising_;
    std::vector<std::uint64_t> ends_; // of the windows found
    std::uint8_t* buffer_ = nullptr;
    std::size_t capacity_ = 0;
};

} // namespace u8convert::detail
