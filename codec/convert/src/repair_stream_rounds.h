// The rounds of the mojibake repair in the streamed repair (repair_stream.h): a round's fixes per
// window, and later rounds assembled ahead of their passes. Library-internal.
#pragma once

#include "mojibake_window.h"
#include "repair_spool.h"
#include "repair_stream_replay.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace u8convert::detail::stream {
using namespace u8codec;

void addEvidence(Evidence& sum, const Evidence& more);

// A round of the mojibake repair over every window: what its second pass accepted, per window.
struct Round {
    std::uint64_t fixCount = 0;
    Evidence confident{};
    std::unique_ptr<Spool> spool;
    std::vector<bool> withRecord; // per window: the spool holds a record of its fixes
    Evidence credits{};           // the second pass's
    mojibake::FixCounts counts;
};

// Later rounds assembled ahead, by the pass that assembles a round (round k) and judges the
// round after it (k + 1) on the runs it wrote into: in each window, round k + 1 is assembled
// there and then with the evidence its windows credited so far, the round after it judged on
// the runs that wrote into, and so on while the window changes; the scratch count and the text
// written ahead are then the window's last text's. Text damaged twice over thus takes one pass
// over the input for all its later rounds instead of one each.
//
// Evidence only grows, and decisions read it through mojibake::sameReading(): where each partial
// sum a window used reads as its round's whole sum does, the window decided and assembled as
// the rounds do, and settle() keeps the rounds. Where one does not (the sum still growing into a
// new page), the rounds are made pass by pass, as without this. A round assembled ahead lists
// none of its changes: the pipeline keeps the rounds only where the report lists no more.
class AheadRounds {
public:
    struct Assembled {
        std::uint64_t fixCount = 0;
        std::vector<std::uint64_t> fixesByPage;
        bool anyWritten = false; // a window wrote a fix the round after judges
        Evidence confident{};    // the round's whole evidence, once settled
    };
    // What the windows are judged and assembled with.
    struct Settings {
        const MojibakeOptions& options; // the repair's
        const MojibakeOptions& judging; // ... with the progress of a pass over a window
        std::function<std::unique_ptr<Spool>()> newSpool;
    };
    explicit AheadRounds(Settings settings);

    // Window `s`'s later rounds, from the record of round k + 1 there (`later`, judged; `has`:
    // the record holds a fix). `last` gets the window's last text, which lives until the next
    // window's. False with `error` (empty: cancelled).
    [[nodiscard]] bool assemble(const WindowState& s, Round& later, std::string record, bool has,
                                WindowState& last, u8codec::Error& error);

    // After the pass: whether every window read its evidence as the rounds' whole sums do.
    // Then each round's evidence is its whole sum's (`later`'s, k + 1, is given) and the result
    // is how many of the rounds make fixes; nullopt when the rounds are to be made pass by pass.
    [[nodiscard]] std::optional<std::size_t> settle(Round& later);

    // Bytes the judged rounds' spools hold in memory.
    [[nodiscard]] std::uint64_t spooledInMemory() const;

    // The window's last text, when a round changed it, and the one before.
    [[nodiscard]] WindowTexts& texts() { return texts_; }

    std::vector<Assembled> assembled; // rounds k + 1, k + 2, ...
    std::vector<Round> judged;        // rounds k + 2, k + 3, ...
    bool changedAny = false;          // some window's text changed ahead
    std::size_t from = 0;             // the version before round k + 1 became a pass
    std::size_t taken = 0;            // rounds become passes so far
    Evidence scratchCredits{};        // a round from scratch over the last text

private:
    Settings settings_;
    MojibakeOptions assembly_; // the repair's, without progress or a list of fixes
    struct Used {              // the evidence a window used: to assemble a round, or to judge it
        std::size_t level;
        bool judged;
        Evidence evidence;
    };
    std::vector<Used> used_;
    bool usable_ = true;
    WindowTexts texts_; // the window's last text
};

} // namespace u8convert::detail::stream
