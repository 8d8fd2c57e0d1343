// The mojibake repair of a text seen one window at a time, for the streamed repair
// (repair_stream.h), which holds a window of a file in memory, never the file. A round of the
// repair (mojibake_pass.h) runs its passes over every window in turn, and the evidence the
// windows credit is summed between the passes: the second pass of a window decides with the
// evidence of the whole text, as repairMojibake() does. What the second pass accepted in a window
// is kept as a record (a few bytes a fix) until the round's evidence is whole; the window's
// result is then assembled from it by the assembly of repairMojibake().
//
// A window ends before a byte that is ASCII and not a space, which no run of non-ASCII
// characters and the spaces between them holds (mojibake_runs.h), so every run, candidate and
// memo key lies in one window, as they lie in one part of the whole text (cutIntoParts()). That
// byte is given as the window's context: the runs that end before it see it as their neighbour,
// as in the whole text. Library-internal.
#pragma once

#include "mojibake_pass.h"

#include <string>
#include <string_view>
#include <vector>

namespace u8convert::detail::mojibake {
using namespace u8codec;

// A window of a longer text: its bytes, then `context` bytes that belong to the next window.
struct TextWindow {
    std::string_view bytes;
    std::size_t context = 0;
    std::size_t length() const { return bytes.size() - context; }
};

// The memos of a pass's parts (RunMemo), handed on from window to window by a pass whose
// decisions read nothing that changes between its windows (the first pass of a round, without
// evidence; the second with the evidence of the whole text): a damaged word is then judged once
// for the whole input instead of once in each window (a hundredth of the runs, but an eighth of
// the time). A memo grown too large is not handed on.
using PassMemos = std::vector<RunMemo>;

// The first pass of a round over a window (well-formed UTF-8, as the pipeline makes it): the
// evidence it finds, and in a short text the lost no-break spaces' signatures (creditLostNbsp()),
// added to `credits`. `only`: a later round's runs, in the window's offsets. False when
// options.progress cancelled.
bool countEvidenceIn(TextWindow window, const MojibakeOptions& options,
                     const std::vector<ByteSpan>* only, Evidence& credits,
                     PassMemos* memos = nullptr);

// The second pass over a window, knowing the evidence of the whole text: what it accepted
// appended to `record`, the evidence it credits added to `credits` and its fixes to `counts`.
// False when cancelled.
bool decideIn(TextWindow window, const MojibakeOptions& options, const std::vector<ByteSpan>* only,
              const Evidence& evidence, Evidence& credits, FixCounts& counts, std::string& record,
              PassMemos* memos = nullptr);

// The window's result from its record once the round's evidence (`confident`) is whole:
// its text, the fixes made (the first options.maxReportedFixes of them reported, at offsets in the
// window), per page, and the edits and written spans `run` asks for, as repairMojibake()
// assembles them. False when the record was damaged (then `result` is not to be used).
bool assembleFrom(TextWindow window, std::string_view record, const Evidence& confident,
                  const MojibakeOptions& options, const MojibakeRun& run, MojibakeResult& result);

} // namespace u8convert::detail::mojibake
