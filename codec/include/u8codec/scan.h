// The whole-stream summary: counts of characters, errors and lines, computed in one pass.
#pragma once

#include "u8codec/cpu_features.h"
#include "u8codec/segment.h"
#include "u8codec/segmenter.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace u8codec {

struct ScanSummary {
    std::uint64_t bytes = 0;
    std::uint64_t characters = 0;                        // valid characters
    std::array<std::uint64_t, 5> byLength{};             // [1]..[4]: characters of that many bytes
    std::array<std::uint64_t, kErrorKindCount> errors{}; // error segments, indexed by ErrorKind
    std::uint64_t lineFeeds = 0;                         // LF bytes (CRLF included)
    std::uint64_t carriageReturns = 0;                   // CR bytes (CRLF included)
    std::uint64_t crlf = 0;                              // CR immediately followed by LF
    std::uint64_t lines = 0; // LF count, plus one for a last line without LF
    bool bom = false;        // the data starts with EF BB BF

    [[nodiscard]] std::uint64_t errorSegments() const noexcept;
    [[nodiscard]] bool valid() const noexcept { return errorSegments() == 0; }
    // The JSON object the CLI prints as {"summary": ...}.
    [[nodiscard]] std::string toJson() const;
};

// The scan's block kernels exist for Portable, Sse2 and Avx2 (u8codec/cpu_features.h). A
// Scanner given Auto takes the best of them this CPU runs; the others force one kernel, so that
// tests can prove every kernel gives the same summary.
// Whether this build and this CPU can run the scan's kernel for `p` (Auto and Portable always
// can; Avx512 has no kernel of its own).
[[nodiscard]] bool scanPathSupported(Isa p) noexcept;
// The concrete kernel Auto stands for on this CPU; other supported sets map to themselves.
[[nodiscard]] Isa resolveScanPath(Isa p) noexcept;

// Computes a ScanSummary over bytes fed in chunks of any size. Runs of ASCII are skipped with
// vector compares, valid multi-byte text is validated and counted in 64-byte blocks, and
// stretches with errors are counted from byte-class masks (UTF-8 resynchronises within three
// bytes); the exact Segmenter handles only the last bytes of each chunk and sequences split
// between chunks. The counts always equal a per-segment count (tests/codec/tst_scan_equivalence
// proves it on every path and every split).
class Scanner {
public:
    // `path` forces a kernel (for tests and benchmarks); an unsupported path falls back to Auto.
    explicit Scanner(Isa path = Isa::Auto) noexcept;
    void feed(std::span<const std::uint8_t> bytes);
    void finish();
    [[nodiscard]] const ScanSummary& summary() const noexcept { return summary_; }

    // The straightforward per-segment pass, kept as the reference the fast path is tested against
    // and for callers that want the segments too.
    static void count(const Segment& s, ScanSummary& summary) noexcept;

private:
    void feedExact(std::span<const std::uint8_t> bytes);
    [[nodiscard]] std::size_t feedExactToBoundary(std::span<const std::uint8_t> bytes);
    void countLineBytes(std::span<const std::uint8_t> bytes);

    ScanSummary summary_;
    Isa path_ = Isa::Portable;
    Segmenter segmenter_;
    std::uint8_t lastByte_ = 0;
    bool finished_ = false;
};

// How many bytes at the start of `bytes` are ASCII (00-7F), searched 16 or 32 bytes at a time
// with the best kernel of this CPU (or the one `path` forces): a run of ASCII is its own decoding
// and holds no error, so callers can copy or skip it whole.
[[nodiscard]] std::size_t asciiRunLength(std::span<const std::uint8_t> bytes,
                                         Isa path = Isa::Auto) noexcept;

// How many bytes at the start of `bytes` are whole well-formed characters: the offset of the
// first error segment, or of a character cut short by the end of `bytes`. Checked 64 bytes at a
// time with the vector check of the best kernel of this CPU (or the one `path` forces; the SSE2
// path uses the scalar one), without counting anything: a well-formed stretch is its own decoding
// (Unicode chapter 3), so callers can copy it whole.
[[nodiscard]] std::size_t wellFormedLength(std::span<const std::uint8_t> bytes,
                                           Isa path = Isa::Auto) noexcept;

// One-shot helper.
[[nodiscard]] ScanSummary scan(std::span<const std::uint8_t> bytes, Isa path = Isa::Auto);

// --- Scanning in parts (several threads) ---------------------------------------------------
//
// A stream cut where a segment starts scans, part by part, as it does whole: each part's
// segments are the whole's, so their counts add up.

// How far segmentStartNear() looks: a UTF-8 sequence has three continuation bytes at most, so a
// longer run of them is not text and no cut is looked for past it.
inline constexpr std::size_t kSegmentStartSearch = 64;

// The first position at or after `from` (within kSegmentStartSearch bytes, and before the end
// of `bytes`) holding a byte that is no continuation byte (80-BF). A segment always starts at
// such a byte: every segment ends before it (a lead cut short there is Truncated, as at the end
// of the data; Unicode chapter 3's maximal subparts never take it in). nullopt where none is.
[[nodiscard]] std::optional<std::size_t> segmentStartNear(std::span<const std::uint8_t> bytes,
                                                          std::size_t from) noexcept;

// How many bytes at the end of `bytes` (0-3) begin a character that the end cuts short: a lead
// and the continuation bytes it allows so far. Where a sample or a part of a longer stream ends
// there, the character goes on in the bytes after it: those bytes are unfinished, not an error,
// and a judge of the sample leaves them out (at the true end of a stream they are Truncated).
[[nodiscard]] std::size_t unfinishedTailLength(std::span<const std::uint8_t> bytes) noexcept;

// The summary of a stream from those of two stretches scanned apart, each with its own finished
// Scanner: `after` begins right where `before` ends, at a segment start. Counts add; a CR ending
// `before` and an LF starting `after` (`crlfAtCut`) are one CRLF; the byte-order mark is
// `before`'s (it is one segment, so never cut), unless `before` is empty.
[[nodiscard]] ScanSummary joinSummaries(const ScanSummary& before, const ScanSummary& after,
                                        bool crlfAtCut);

} // namespace u8codec
