// The consistency checks the fuzz targets run on every input, shared by the libFuzzer entry
// points (fuzz_segmenter.cpp, fuzz_problems.cpp, fuzz_repair.cpp) and the seed replay test that
// ctest always runs. The fast checks (fast_checks.cpp) run each input once or twice through the
// vectorised paths, for targets that try more than 10,000 inputs a second.
// Standard C++ only, so the fuzz targets need no Qt.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace u8fuzz {

// Whole-buffer segments against chunked feeding, the local view at every offset, the decoder
// (replace output is well-formed UTF-8 with one U+FFFD per error segment; ignore keeps exactly
// the valid characters; chunked decoding equals one-shot) and the scan summary. Returns an empty
// string when every check holds, otherwise what failed.
std::string checkSegmenter(std::span<const std::uint8_t> data);

// Problems: chunked equals whole; problems are ordered, disjoint, cover every error segment and
// no valid character; every problem has an explanation naming its first byte.
std::string checkProblems(std::span<const std::uint8_t> data);

// Repair (repair_checks.cpp, which needs u8convert): every kernel of the mojibake sieve finds
// exactly where canStartRepair() holds; on well-formed input the normal-form check agrees with
// normalising; every step at once, with invalid bytes replaced or read as windows-1252, gives
// well-formed UTF-8 and a consistent report, the same for a given-up buffer, and nothing more to
// change when run again.
std::string checkRepair(std::span<const std::uint8_t> data);

// Fast sibling of checkRepair: inputs capped at kRepairFastMaxBytes, and one of its checks a
// run, the data choosing (the whole pipeline with one policy most often).
inline constexpr std::size_t kRepairFastMaxBytes = 512;
std::string checkRepairFast(std::span<const std::uint8_t> data);

// Fast: the decoder under Replace and one other policy the data chooses (whole and in one steered
// chunking), and the scan on every kernel the CPU has (whole; in pieces on one the data chooses),
// each held to an answer built from the reference Segmenter's segments.
std::string checkDecodeScanFast(std::span<const std::uint8_t> data);

// Fast: the data decoded with replacement, then through every UTF-16 kernel and back, through
// one of UTF-16LE/BE and UTF-32LE/BE and back (whole and streamed in pieces; the data chooses
// which, and the byte order for the kernels); and the raw data read as
// UTF-16 alike by every kernel.
std::string checkTranscodeFast(std::span<const std::uint8_t> data);

// The text audit (audit_checks.cpp) in both profiles: any chunking gives the same findings
// (byte by byte, and in pieces the data chooses); findings lie inside the data, in offset
// order, each with an explanation; the ill-formed UTF-8 it reports is exactly the
// ProblemScanner's problems.
std::string checkAudit(std::span<const std::uint8_t> data);

// Fast sibling of checkAudit: inputs capped at kAuditFastMaxBytes, one profile the data
// chooses, whole against one chunking it chooses, and byte by byte for one input in sixteen.
inline constexpr std::size_t kAuditFastMaxBytes = 512;
std::string checkAuditFast(std::span<const std::uint8_t> data);

// Fast: the data as an edit script (insert, erase, replace, typed runs, revert, undo, redo,
// reads, snapshots) run on a piece table and on a plain vector that knows where each byte came
// from; every answer of the table (bytes, isUnmodified, isOriginal, editedRanges, its canonical
// layout, earlier snapshots) must equal the vector's (piece_table_checks.cpp).
std::string checkPieceTable(std::span<const std::uint8_t> data);

// Fast: the grapheme cluster counter, with a bound of 16 to 79 bytes on what it holds, fed in
// pieces, against the break iterator over the whole text (grapheme_checks.cpp).
std::string checkGraphemesFast(std::span<const std::uint8_t> data);

// Fast: compare's alignment (its edit script applied to A gives B, blocks in order, within the
// bound) and compareTexts() (same bytes exactly for equal inputs, hunks inside both and in
// order), A and B cut from the input where its first byte says.
std::string checkCompareFast(std::span<const std::uint8_t> data);

// Fast: the audit allowlist's parser against a reference parser written apart from it (the
// same entries, set and first bad line), and its set written out and read back
// (allowlist_checks.cpp).
std::string checkAllowlist(std::span<const std::uint8_t> data);

// Fast: the CLI's argument parser, the first byte choosing the command and the rest its
// arguments split at NUL: only the command's options, values and flags as each is meant, and
// the canonical form of what it parsed parses to the same (argument_checks.cpp, which links the
// CLI's code).
std::string checkArguments(std::span<const std::uint8_t> data);

} // namespace u8fuzz
