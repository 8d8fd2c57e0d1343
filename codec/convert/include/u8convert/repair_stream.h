// Repair of a text of any size in bounded memory: the pipeline of repair() run over windows of the
// input, never the whole of it, with the same result byte for byte (text and report).
//
// The input is read window by window several times (docs/mojibake.md, "Streaming"): a first pass
// validates it, runs the steps that need nothing but their window (CESU-8, ill-formed sequences,
// BOM) and counts the evidence of mis-decodings the whole text shows; each later pass replays
// what the passes before decided and adds a step that needed the whole text's figures (the
// mojibake repair's second pass and its later rounds); the last writes the result (a pass that
// may be the last writes it ahead, when the sink can take it back). Windows are cut only before
// a byte that is ASCII and not a space, where no step's decision crosses (repair_windows.h says
// why); what a pass must hand on to the next (a mojibake round's fixes, a few bytes each) is
// kept in memory up to a limit, then in a temporary file.
#pragma once

#include "u8codec/byte_source.h"
#include "u8convert/repair.h"

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace u8convert {

struct StreamOptions {
    // Windows are at least this long, and end before the first safe cut after it. A stretch
    // without one (text without an ASCII byte other than the space; when normalising, without
    // two of them side by side) makes its window as long as the stretch: memory then grows with
    // the longest such stretch. A window's memory is a few times its size, and more where every
    // word is damaged and new (the records of its fixes). 8 MiB bounds a gigabyte of that well,
    // and passes over damaged prose cost no more than with larger windows, since the memos go on
    // from window to window (the figures: docs/performance.md, "Why the code is as it is").
    std::size_t windowBytes = std::size_t(8) << 20;
    // What the mojibake rounds hand on to the passes after them is kept in memory up to this
    // many bytes in all, then in temporary files (mode 0600, unlinked as soon as they are made).
    // Text with a damaged paragraph in ten hands on a few percent of its size
    // (docs/performance.md).
    std::size_t spoolMemory = std::size_t(32) << 20;
    // Where temporary files go; empty: $TMPDIR, else /tmp.
    std::string temporaryDirectory;
};

// From this size on, the command line and the window repair an input window by window: quicker
// than repair() there, in memory for a few windows (up to about nine where the text is damaged
// throughout), where repair() needs the input and the result and more while steps rewrite it
// (docs/performance.md has the figures). Below it repair() reads the input once and is a little
// quicker.
inline constexpr std::uint64_t kRepairInWindowsFrom = std::uint64_t(16) << 20;

// Where the repaired text goes.
struct RepairSink {
    // Receives the text piece by piece, in order, perhaps on a thread of the repair's own (never
    // two calls at once, nor beside restart). Returning false stops the repair (the result is
    // then not ok, with the error "the output could not be written").
    std::function<bool(std::string_view)> write;
    // Takes back everything written (the next write starts the output again); false when that
    // failed. With it the repair writes ahead: a pass over the input that may be the last one
    // (nothing it has seen says the text will change again) writes the text it makes, and
    // for a clean input the first pass is the only one. Null (standard output cannot be taken
    // back): the text is written by a pass of its own once the repair knows it.
    std::function<bool()> restart;
};

// repair() of `input`, read through ByteSource::read() window by window: the report is repair()'s
// byte for byte, and the text, given to `sink` instead of RepairResult::text (left empty), is
// repair()'s. Peak memory follows the window's size, not the input's: with the default windows,
// about 20 MiB for clean text, 100 MiB for prose with damage all through (the spools' budget
// included) and 210 MiB where every word is damaged and new, plus the report's listed changes.
// Normalisation is not limited to 2 GiB as repair()'s is (it fails there). When the result is not
// ok (a strict policy met an ill-formed sequence, the repair was cancelled, the input changed size,
// a temporary file could not be written), what the sink received is to be thrown away.
// options.progress is called as for repair(); the work is counted in passes over the input.
[[nodiscard]] RepairResult repairStreamed(const u8codec::ByteSource& input, const RepairSink& sink,
                                          const RepairOptions& options,
                                          const StreamOptions& stream = {});

// The repair of `input` into `sink` as the programs run it, choosing the way itself: an input of
// `inWindowsFrom` bytes or more window by window (repairStreamed()), a smaller one read whole and
// repaired in memory (repair(), which reads it once and is a little quicker there); the text and
// the report are repair()'s either way. Either way an input that ends before its size (a file
// another program truncates, or a failed read: FileSource::readError() says which) fails with
// "the input became shorter while it was being repaired"; read whole, a file is read to its end
// (/proc reports a size of 0), and whether one that grew may be written over is the caller's
// rule. When the result is not ok, what the sink received is to be thrown away.
// RepairResult::text is left empty: the text went to the sink.
[[nodiscard]] RepairResult repairSource(const u8codec::ByteSource& input, const RepairSink& sink,
                                        const RepairOptions& options,
                                        const StreamOptions& stream = {},
                                        std::uint64_t inWindowsFrom = kRepairInWindowsFrom);

} // namespace u8convert
