// Comparing two files and saying why they differ: a verdict for the whole files where one holds
// (same bytes; same text in another encoding; only the byte order mark, the line endings, the
// Unicode normal form or trailing whitespace; mojibake), otherwise the differences aligned on the
// decoded text, each labelled by what kind of change it is. Every judgement is the codec's own:
// detection (detect.h), transcoding (transcode.h), line endings, normalisation (UAX #15), the
// mojibake repair (mojibake.h), the audit's invisible characters and look-alikes (audit.h) and
// the explanations of invalid UTF-8 (problem.h).
#pragma once

#include "u8codec/result.h"
#include "u8convert/line_endings.h"

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8codec {
class ByteSource;
}

namespace u8convert {

// The differences a comparison may set aside (`compare --ignore=...`).
enum class IgnoreKind : std::uint8_t {
    Bom,           // a byte order mark at the start of either file
    LineEndings,   // LF, CR LF and CR read as one line break
    NormalForm,    // both texts compared in NFC (UAX #15)
    TrailingSpace, // spaces and tabs before a line break or the end of the text
};
using IgnoreMask = std::uint8_t;
[[nodiscard]] constexpr IgnoreMask ignoreBit(IgnoreKind k) noexcept {
    return IgnoreMask(1u << unsigned(k));
}
// "bom", "eol", "nf", "trailing-space".
[[nodiscard]] std::string_view name(IgnoreKind k) noexcept;
[[nodiscard]] std::vector<std::string> ignoreKindNames();
// Parses a comma-separated list of those names into their mask; an unknown name is
// ErrorCode::Invalid, its message the name alone (the caller lists the known ones).
[[nodiscard]] u8codec::Result<IgnoreMask> parseIgnoreList(std::string_view list);

enum class CompareVerdict : std::uint8_t {
    SameBytes,
    SameTextOtherEncoding, // the decoded texts are equal, the encodings are not
    OnlyBom,               // same encoding and text; one side has a byte order mark
    OnlyLineEndings,       // equal once every line break is one LF
    OnlyNormalForm,        // equal once both are in NFC
    OnlyTrailingSpace,     // equal once trailing spaces and tabs are dropped
    BIsAWithMojibake,      // repairing B's mojibake gives A
    AIsBWithMojibake,      // repairing A's mojibake gives B
    SameIgnoring,          // equal once the differences the options ignore are set aside
    Differ,                // `hunks` (or `byteRuns`) say where
};
// "same-bytes", "same-text-other-encoding", "only-bom", "only-line-endings", "only-normal-form",
// "only-trailing-space", "b-is-a-with-mojibake", "a-is-b-with-mojibake", "same-ignoring",
// "differ": the JSON names.
[[nodiscard]] std::string_view name(CompareVerdict v) noexcept;

enum class HunkKind : std::uint8_t {
    TextEdit,
    InvisibleInserted, // only characters that draw nothing (audit.h drawsNothing()) added in B
    InvisibleRemoved,  // ... or taken out of A
    Lookalike,         // each character replaced by one drawn like it (UTS #39 skeletons)
    NormalForm,        // the same text in another normal form (UAX #15)
    LineEnding,        // only CR and LF differ
    EncodingDamage,    // invalid UTF-8 on one side, or mojibake the repair engine undoes
    ByteOrderMark,     // one side starts with a byte order mark, the other does not
};
// "text-edit", "invisible-inserted", "invisible-removed", "lookalike", "normal-form",
// "line-ending", "encoding-damage", "byte-order-mark".
[[nodiscard]] std::string_view name(HunkKind k) noexcept;

// Where one side of a hunk lies: in the file (bytes) and in the text as a person counts it
// (lines end at LF; columns count characters; both 1-based).
struct HunkSide {
    std::uint64_t offset = 0; // byte offset in the file
    std::uint64_t length = 0; // bytes
    std::uint64_t line = 1;
    std::uint64_t column = 1;
    std::string text; // the decoded characters (UTF-8; invalid bytes as they are), cut at 200 bytes
};

struct CompareHunk {
    HunkKind kind = HunkKind::TextEdit;
    HunkSide a, b;
    // The label in words: "U+200B ZERO WIDTH SPACE inserted", "'a' U+0061 LATIN SMALL LETTER A ->
    // 'а' U+0430 CYRILLIC SMALL LETTER A", "CR LF -> LF", "mojibake: UTF-8 read as windows-1252",
    // "invalid UTF-8 in B: C3 28 is ...".
    std::string label;
};

// A run of consecutive byte offsets at which the files differ (`cmp -l`, grouped).
struct ByteRun {
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
};

// How each file was read.
struct CompareSideInfo {
    std::uint64_t size = 0;
    std::string encoding; // "UTF-8", "UTF-16LE", "windows-1252"; empty when not decoded
    bool bom = false;
    // Whether the counts below were taken: not for files over the text limit, read as streams
    // (the line endings are, where they are the verdict).
    bool counted = false;
    LineEndingMix lineEndings; // in the decoded text
    // Places NFC and NFD would change: counted only where the texts differ (normalising a
    // whole text is the costliest part of a comparison that ends with "same text").
    bool formsCounted = false;
    std::uint64_t notNfc = 0;
    std::uint64_t notNfd = 0;
    std::uint64_t trailingSpace = 0;    // lines ending in spaces or tabs
    std::uint64_t invalidSequences = 0; // when read as UTF-8 with errors
};

// What a comparison is doing, for a progress display: each stage reports its own progress from
// 0 to its total.
enum class CompareStage : std::uint8_t {
    Bytes,    // the byte pass
    Texts,    // reading and decoding the texts, the whole-file verdicts
    Aligning, // the texts aligned, the hunks labelled
};
// "comparing the bytes", "reading the texts", "aligning the texts".
std::string_view name(CompareStage s) noexcept;

struct CompareOptions {
    bool bytesOnly = false; // `--bytes`: only the byte runs
    IgnoreMask ignore = 0;
    // Files larger than this are not read into memory: two UTF-8 files are aligned window by
    // window as they are read (an equal stretch skipped with memcmp); other encodings are
    // compared byte by byte, with a note saying so.
    std::uint64_t textLimit = std::uint64_t(512) << 20;
    std::size_t maxHunks = 1000;    // reported; the rest are counted
    std::size_t maxByteRuns = 1000; // likewise
    // The alignment's bound on work: edit scripts longer than this (lines, or characters within
    // one changed block) are not searched; what is left is reported as one block (and a note).
    std::uint64_t maxEditCost = 2000;
    // The hunks also where a whole-file verdict holds (only the BOM, the line endings, the
    // normal form, trailing whitespace, mojibake): each place the verdict sums up, so that a
    // person can go there. Such a verdict keeps every line in its place, so where the alignment
    // gives up (maxEditCost: every line of a long file changed) the lines are paired instead and
    // every place is still found. Off, a verdict comes alone.
    bool hunksWithVerdict = false;
    // Called now and then with (done, total) of the current stage, also inside the alignment
    // (between blocks, and in each round of its search); returning false cancels: the result is
    // then !ok, `cancelled`, with nothing else in it.
    std::function<bool(std::uint64_t done, std::uint64_t total)> progress;
    // Called as each stage begins.
    std::function<void(CompareStage)> stage;
};

struct CompareResult {
    // Not ok: why there is no verdict (ErrorCode::Io: "A: Input/output error at offset 4096";
    // Cancelled: options.progress asked to stop, and nothing else is in the result).
    u8codec::Status status;
    CompareVerdict verdict = CompareVerdict::Differ;
    std::string verdictText; // the verdict in words, with its counts
    CompareSideInfo a, b;
    std::vector<CompareHunk> hunks;
    std::uint64_t hunkCount = 0; // every hunk, also those past maxHunks
    std::vector<ByteRun> byteRuns;
    std::uint64_t byteRunCount = 0;
    std::uint64_t differingBytes = 0;  // at offsets both files have
    std::uint64_t firstDifference = 0; // byte offset; the shorter size when one is a prefix
    // Why the alignment was not done or stopped ("B is 3.0 GiB, over the 512 MiB the text
    // alignment reads: compared byte by byte"), empty when it ran to the end.
    std::string note;
};

// Byte by byte, in chunks (constant memory): equal stretches at memory-compare speed, the runs of
// differing offsets otherwise. Fills ok/error, sizes, byteRuns, differingBytes, firstDifference
// and a SameBytes or Differ verdict.
// `stopAtFirst`: only whether and where the bytes first differ (no runs).
[[nodiscard]] CompareResult compareBytes(const u8codec::ByteSource& a, const u8codec::ByteSource& b,
                                         const CompareOptions& options = {},
                                         bool stopAtFirst = false);

// Two texts in memory: the verdict, else the labelled hunks of the aligned decoded texts.
[[nodiscard]] CompareResult compareTexts(std::span<const std::uint8_t> a,
                                         std::span<const std::uint8_t> b,
                                         const CompareOptions& options = {});

// The whole comparison of two sources: bytes first (equal files never leave that pass), then,
// unless options.bytesOnly, the texts: two encodings of 16 MiB and more first as decoded streams
// (the same text in bounded memory); then in memory up to options.textLimit, else streamed (only
// the verdicts a streamed reading can give: BOM, line endings, trailing whitespace, --ignore).
[[nodiscard]] CompareResult compareSources(const u8codec::ByteSource& a,
                                           const u8codec::ByteSource& b,
                                           const CompareOptions& options = {});

} // namespace u8convert
