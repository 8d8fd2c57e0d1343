// Library-internal: the two sides of a text comparison once decoded, and the hunks of their
// alignment (compare_hunks.cpp).
#pragma once

#include "u8convert/compare.h"

namespace u8codec {
class ByteSource;
}

#include <cstdint>
#include <string>
#include <string_view>

namespace u8convert::compare_detail {
using namespace u8codec;

// How a side's bytes became its text, which says how many bytes each character took there.
enum class Unit : std::uint8_t { Utf8, Utf16Le, Utf16Be, Utf32Le, Utf32Be, SingleByte };

struct DecodedSide {
    // UTF-8. A side read as UTF-8 keeps its bytes as they are, invalid ones included, so that
    // offsets in the text are offsets in the file (less the BOM) and invalid bytes are seen.
    std::string text;
    std::string encoding;
    Unit unit = Unit::Utf8;
    std::size_t bomLength = 0;
    bool validUtf8 = true;               // `text` is well-formed
    std::uint64_t fileSize = UINT64_MAX; // the bytes `text` was decoded from, BOM included
};

// Maps offsets in a side's text to offsets in its file, walking forward from the last answer (the
// hunks ask in increasing order; an earlier offset starts the walk again).
class OffsetMap {
public:
    explicit OffsetMap(const DecodedSide& side) : side_(side) {}
    [[nodiscard]] std::uint64_t fileOffset(std::size_t textOffset);
    // Line (LF-counted) and column (characters) of a text offset, both 1-based.
    void lineColumn(std::size_t textOffset, std::uint64_t& line, std::uint64_t& column);

private:
    const DecodedSide& side_;
    std::size_t pos_ = 0;
    std::uint64_t file_ = 0;
    bool started_ = false;
    std::size_t lcPos_ = 0;
    std::uint64_t line_ = 1, column_ = 1;
};

// Asks options.progress, when set, whether to go on, telling it how far the work is; on a "no"
// marks `r` cancelled (r.status fails with ErrorCode::Cancelled). Once cancelled, or failed, says
// no at once.
bool keepGoing(const CompareOptions& options, CompareResult& r, std::uint64_t done,
               std::uint64_t total);

// Tells options.stage, when set, that `stage` begins.
void enter(const CompareOptions& options, CompareStage stage);

// Where a window of each file starts: its byte offset and line number (a window starts at a line
// start); `totalA`, A's size, for the progress (0: the window is the whole text).
struct WindowBase {
    std::uint64_t offsetA = 0, offsetB = 0;
    std::uint64_t lineA = 1, lineB = 1;
    std::uint64_t totalA = 0;
};
// How the lines of the two sides correspond. Searched: by the alignment. Paired: a whole-file
// verdict that keeps every line holds (line endings, trailing whitespace, normal form, mojibake),
// so line i of A is line i of B; where the alignment gives up (every line of a long file changed
// its line ending), the changed lines are paired instead, each one's places listed.
enum class Lines : std::uint8_t { Searched, Paired };
struct WindowOutcome {
    // Bytes of each window whose differences were reported (up to the end of the last change
    // that ends before the windows do); the next window starts there.
    std::size_t consumedA = 0, consumedB = 0;
    bool stalled = false; // no change ended inside the windows: a larger window is needed
};
// The hunks of two windows of larger files. `final`: both windows end their files (every change
// is reported, as diffTexts() does). Cancelled (options.progress), it stops with r.status so.
[[nodiscard]] WindowOutcome diffWindow(const DecodedSide& a, const DecodedSide& b,
                                       const CompareOptions& options, CompareResult& r,
                                       const WindowBase& base, bool final, Lines lines);

// The differences of two texts, aligned by lines and then by characters within changed lines,
// labelled (HunkKind). Fills r.hunks, r.hunkCount and r.note.
void diffTexts(const DecodedSide& a, const DecodedSide& b, const CompareOptions& options,
               CompareResult& r, Lines lines = Lines::Searched);

// The hunks of two UTF-8 files too large to hold, in bounded memory (compare_stream.cpp).
void diffStreamed(const ByteSource& a, const ByteSource& b, const CompareOptions& options,
                  CompareResult& r, Lines lines = Lines::Searched);

// Whether two UTF-8 sources are equal once the differences in `mask` (Bom, LineEndings,
// TrailingSpace) are set aside, read in chunks in bounded memory (compare_canonical.cpp); with
// the counts a verdict names. Not equal, and r.status failed, when a read fails or the comparison
// is cancelled (options.progress).
struct CanonicalOutcome {
    bool equal = false;
    std::uint64_t trailingA = 0, trailingB = 0; // lines ending in blanks (TrailingSpace set)
    LineEndingMix lineEndingsA, lineEndingsB;
};
// `from`: an offset at a line start before which both are the same bytes (the rewriting of that
// part is then the same too, and only the counts need it).
[[nodiscard]] CanonicalOutcome equalRewritten(const ByteSource& a, const ByteSource& b,
                                              IgnoreMask mask, std::uint64_t from,
                                              const CompareOptions& options, CompareResult& r);

// One side of a streamed "same text" check: its encoding ("UTF-8", "UTF-16LE", a legacy page)
// and the bytes of its byte order mark, skipped.
struct StreamSide {
    const ByteSource& source;
    std::string encoding;
    std::uint64_t skip = 0;
    char name = 'A';
};
// Whether both decode to the same text, read in chunks in bounded memory
// (compare_transcoded.cpp). False with r.status failed when a read fails or the comparison is
// cancelled.
[[nodiscard]] bool sameDecodedText(const StreamSide& a, const StreamSide& b,
                                   const CompareOptions& options, CompareResult& r);

// Reads dest.size() bytes at `offset`, or sets `status` to why not (ErrorCode::Io, "A:
// Input/output error at offset 4096": a short read is a failed read or a file that shrank, never
// the end of an equal file).
[[nodiscard]] bool readExactly(const ByteSource& s, std::uint64_t offset,
                               std::span<std::uint8_t> dest, char side, u8codec::Status& status);

// Spaces and tabs at the end of a line (before its break or the end of the text).
[[nodiscard]] bool isTrailingBlank(char c) noexcept;

} // namespace u8convert::compare_detail
