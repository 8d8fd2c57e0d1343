// The passes of the streamed repair (repair_stream.h) and their replay over one window: each
// pass of the pipeline over the whole text is made window by window, and every later pass over
// the input makes the window's text again from the input by replaying them in order. A pass
// replayed for the first time lists its changes in the report and counts them; after that it
// only rewrites the window. Library-internal.
#pragma once

#include "mojibake_window.h"
#include "repair_detail.h"
#include "repair_spool.h"
#include "repair_windows.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace u8convert::detail::stream {
using namespace u8codec;

using mojibake::Evidence;

enum class StepKind : std::uint8_t { Cesu, Invalid, Bom, Mojibake, C1, Normalization };

// A pass of the pipeline over the whole text, made window by window.
struct PipelinePass {
    StepKind kind = StepKind::Cesu;
    bool firstDone = false; // replayed once over every window: its changes listed and counted
    // Per window: whether the pass changed it (known once replayed the first time; before, for a
    // mojibake round, whether the window has fixes in its record).
    std::vector<bool> changed;
    // The first replay found something to do in some window (an ill-formed window, text not in
    // the normal form...), whether or not it changed it.
    bool applied = false;
    // Whether the pass counts in RepairChange::pass: the repair() pipeline finishes the step
    // (repairCesuStep() and repairInvalidStep() whenever they run, the other steps when they
    // change something).
    bool counts = false;
    bool settled = false; // `counts` is known (after the first replay, or from the start)
    std::vector<RepairChange> listed; // its first changes (the report lists them)
    std::size_t room = 0;             // how many it may list (set before its first replay)
    // A mojibake round: what its second pass accepted per window, and the evidence the round
    // ended with (what decides which fixes are made and what the next round's sieve finds).
    std::unique_ptr<Spool> spool;
    Evidence confident{};
};

// What the replay of a window found that the stream's own work reads.
struct WindowState {
    InputWindow input;
    // The window's text after the passes replayed. The context (the input's bytes after the
    // window, which no pass changes) follows it in memory, for the mojibake passes.
    std::string_view text;
    std::size_t context = 0;
    // Where the last pass replayed, when it is a mojibake round, wrote the fixes a later round
    // judges (MojibakeRun::written), when the stream asked for them; empty otherwise.
    std::vector<ByteSpan> written;
    bool validInput = true; // the input window is well-formed UTF-8
    mojibake::TextWindow mojibakeWindow() const {
        return {std::string_view(text.data(), text.size() + context), context};
    }
};

// A window's text and the one before it, whose memory the next text reuses (no new pages for each
// window): what the replay and the rounds assembled ahead make the texts in.
struct WindowTexts {
    std::string text, spare;

    // Moves `text` into `out` if `viewed` views its bytes, so that another thread may write them
    // out while the next window's text is made; returns the same view into `out`. Nothing, with
    // nothing moved, if `viewed` lies elsewhere.
    [[nodiscard]] std::optional<std::string_view> take(std::string_view viewed, std::string& out) {
        if (text.empty() || viewed.data() < text.data() ||
            viewed.data() + viewed.size() > text.data() + text.size())
            return std::nullopt;
        const auto offset = std::size_t(viewed.data() - text.data());
        out = std::move(text);
        text = {};
        return std::string_view(out.data() + offset, viewed.size());
    }
    // The next text, made in `spare`'s memory (or other): the one before becomes the spare.
    void advance(std::string&& next) {
        spare = std::move(text);
        text = std::move(next);
    }
    // A string taken and no longer needed: its memory reused for the next text when `spare` has
    // less.
    void giveBack(std::string&& s) {
        if (s.capacity() > spare.capacity())
            spare = std::move(s);
    }
};

// Everything the replay reads and adds to besides the passes: the options, the report, and the
// per-pass offsets of the current window.
class Replay {
public:
    Replay(const RepairOptions& options, std::vector<PipelinePass>& passes, RepairReport& report,
           std::vector<std::uint64_t>& fixesByPage)
        : options_(options), passes_(passes), report_(report), fixesByPage_(fixesByPage) {}

    // Starts a pass over the input: every pipeline pass's offsets from the start. `written`:
    // the pass judges a later round of the mojibake repair, which needs WindowState::written.
    void startStream(bool written);
    // Replays every pass over `state.input` into `state.text`. False with `error` (a strict
    // policy met an ill-formed sequence: "not well-formed UTF-8 at offset N (...)", or a
    // temporary file failed).
    [[nodiscard]] bool window(WindowState& state, u8codec::Error& error);

    // The window's text once a pass changed it, and the one before.
    [[nodiscard]] WindowTexts& texts() { return texts_; }

private:
    [[nodiscard]] bool applies(const PipelinePass& pass, const WindowState& state) const;
    [[nodiscard]] bool replayPass(std::size_t p, WindowState& state, u8codec::Error& error);
    [[nodiscard]] bool replayMojibake(std::size_t p, WindowState& state, RepairReport& local,
                                      std::vector<TextEdit>* edits, u8codec::Error& error);
    [[nodiscard]] bool refuseInvalid(const WindowState& state, u8codec::Error& error) const;
    [[nodiscard]] bool normalizeWindow(WindowState& state, RepairReport& local, std::size_t room,
                                       std::vector<TextEdit>* edits, u8codec::Error& error);
    void list(std::size_t p, RepairReport& local);
    void setText(WindowState& state, std::string&& text);

    const RepairOptions& options_;
    std::vector<PipelinePass>& passes_;
    RepairReport& report_;
    std::vector<std::uint64_t>& fixesByPage_;
    std::vector<std::uint64_t> base_; // per pass: where the window starts in the pass's text
    std::vector<std::optional<Spool::Reader>> records_; // per mojibake round
    std::vector<OffsetMap> maps_; // of the passes that changed the window, for its changes
    std::uint64_t windowStart_ = 0;
    bool mapping_ = false; // maps_ is kept (a pass replayed the first time may list changes)
    bool written_ = false; // WindowState::written is wanted
    WindowTexts texts_;    // the window's text once a pass changed it, and its context
};

} // namespace u8convert::detail::stream
