// The replay of the streamed repair's passes over one window (repair_stream_replay.h). Each
// pass runs the step of repair() (repair.cpp) on the window alone: the window's bytes are cut
// where every step decides as it does in the whole text (repair_windows.h), so the window's
// output is the whole output's stretch. Offsets are the window's and are made the whole text's
// here: a change's offset in its pass's text is the window's start there plus its offset in the
// window; taken back through the window's own maps of the passes before, it is the change's
// offset in the window's input, which starts at the window's start in the input.
#include "repair_stream_replay.h"

#include "byte_view.h"
#include "normalize_detail.h"
#include "repair_detail.h"
#include "scan_on_cores.h"
#include "u8codec/decoder.h"

namespace u8convert::detail::stream {
using namespace u8codec;

void Replay::startStream(bool written) {
    written_ = written;
    base_.assign(passes_.size(), 0);
    records_.clear();
    records_.resize(passes_.size());
    for (std::size_t p = 0; p < passes_.size(); ++p)
        if (passes_[p].spool)
            records_[p].emplace(passes_[p].spool->reader());
}

bool Replay::window(WindowState& state, u8codec::Error& error) {
    windowStart_ = state.input.start;
    state.text = asText(state.input.bytes.first(state.input.length()));
    state.context = state.input.context;
    state.written.clear();
    maps_.clear();
    // The maps are needed while a pass replayed the first time may list a change (a strict
    // policy's error names an offset too).
    mapping_ = false;
    for (const PipelinePass& pass : passes_)
        mapping_ |= !pass.firstDone &&
                    (pass.listed.size() < pass.room ||
                     (pass.kind == StepKind::Invalid && options_.invalid == ErrorPolicy::Strict));
    for (std::size_t p = 0; p < passes_.size(); ++p)
        if (!replayPass(p, state, error))
            return false;
    return true;
}

// Whether a pass changes the window: once replayed, what it did the first time; the first time,
// whether the step of repair() finds anything to do there.
bool Replay::applies(const PipelinePass& pass, const WindowState& state) const {
    const std::size_t w = state.input.index;
    if (pass.firstDone || pass.kind == StepKind::Mojibake)
        return w < pass.changed.size() && pass.changed[w];
    switch (pass.kind) {
    case StepKind::Cesu:
        return !state.validInput;
    case StepKind::Invalid:
        // The CESU-8 step comes first and runs only on ill-formed windows: a well-formed input
        // window is still well-formed.
        return !state.validInput && !scanOnCores(asBytes(state.text)).valid();
    case StepKind::Bom:
        return options_.bom != BomAction::Keep &&
               (state.text.find(kBom) != std::string_view::npos ||
                (options_.bom == BomAction::Add && w == 0));
    case StepKind::C1:
        return findC1Punctuation(state.text) != std::string_view::npos;
    case StepKind::Normalization:
        // As repair(): a run normalize() refuses is refused even in text already in the form.
        return overlongNonStarterRun(state.text) != std::string_view::npos ||
               !isNormalizedWellFormed(state.text, *options_.normalForm);
    case StepKind::Mojibake:
        break;
    }
    return false;
}

bool Replay::replayPass(std::size_t p, WindowState& state, u8codec::Error& error) {
    PipelinePass& pass = passes_[p];
    const std::size_t w = state.input.index;
    const std::uint64_t before = state.text.size();
    const bool first = !pass.firstDone;
    if (!applies(pass, state)) {
        base_[p] += before;
        return true;
    }
    RepairReport local;
    std::vector<TextEdit> edits;
    std::vector<TextEdit>* const e = mapping_ ? &edits : nullptr;
    const std::size_t room = first ? pass.room - std::min(pass.room, pass.listed.size()) : 0;
    if (pass.kind != StepKind::Mojibake)
        state.written.clear();
    switch (pass.kind) {
    case StepKind::Cesu:
        setText(state, repairCesu(asBytes(state.text), local, room, e));
        break;
    case StepKind::Invalid:
        if (options_.invalid == ErrorPolicy::Strict)
            return refuseInvalid(state, error);
        setText(state, repairInvalid(asBytes(state.text), options_.invalid, local, room, e));
        break;
    case StepKind::Bom:
        setText(state, repairBomIn(state.text, options_.bom, w == 0, local, room, e));
        break;
    case StepKind::Mojibake:
        if (!replayMojibake(p, state, local, e, error))
            return false;
        break;
    case StepKind::C1:
        setText(state, repairC1(state.text, options_.c1, local, room, e));
        break;
    case StepKind::Normalization:
        if (!normalizeWindow(state, local, room, e, error))
            return false;
        break;
    }
    if (first) {
        pass.applied = true;
        if (pass.kind != StepKind::Mojibake) {
            if (pass.changed.size() <= w)
                pass.changed.resize(w + 1, false);
            pass.changed[w] = local.total() != 0;
        }
        for (std::size_t k = 0; k < report_.counts.size(); ++k)
            report_.counts[k] += local.counts[k];
        list(p, local);
    }
    if (mapping_ && !edits.empty())
        maps_.emplace_back(std::move(edits));
    base_[p] += before;
    return true;
}

// repairInvalidStep() under the strict policy: the first ill-formed sequence, at its offset in
// the input.
bool Replay::refuseInvalid(const WindowState& state, u8codec::Error& error) const {
    // Where it is not UTF-8, found without decoding the window.
    const std::optional<Segment> first = firstErrorIn(asBytes(state.text));
    std::uint64_t at = first ? first->offset : 0, length = 0;
    takeBack(maps_, at, length);
    error = {u8codec::ErrorCode::Invalid,
             "not well-formed UTF-8 at offset " + std::to_string(windowStart_ + at) + " (" +
                 std::string(first ? title(first->error) : "error") + ")"};
    return false;
}

// A round of the mojibake repair: the window's result assembled from what the round's second
// pass accepted there, with the evidence the whole round ended with.
bool Replay::replayMojibake(std::size_t p, WindowState& state, RepairReport& local,
                            std::vector<TextEdit>* edits, u8codec::Error& error) {
    PipelinePass& pass = passes_[p];
    std::string record;
    if (!records_[p]->next(record, error)) {
        if (error.message.empty())
            error = {u8codec::ErrorCode::Io, "a temporary record of the repair is missing"};
        return false;
    }
    MojibakeOptions options = options_.mojibakeOptions;
    options.progress = nullptr;
    const std::size_t room =
        pass.firstDone ? 0 : pass.room - std::min(pass.room, pass.listed.size());
    options.maxReportedFixes = room;
    MojibakeRun run;
    run.edits = edits;
    // Where the fixes stand is found by the sieve over the result: only for a later round.
    if (written_ && p + 1 == passes_.size())
        run.written = &state.written;
    MojibakeResult result;
    result.text = std::move(texts_.spare); // its memory reused: no new pages for each window
    if (!mojibake::assembleFrom(state.mojibakeWindow(), record, pass.confident, options, run,
                                result)) {
        error = {u8codec::ErrorCode::Io, "a temporary record of the repair is damaged"};
        return false;
    }
    if (!pass.firstDone) {
        local.counts[std::size_t(RepairKind::Mojibake)] += result.fixCount;
        addFixesByPage(fixesByPage_, result.fixesByPage);
        for (MojibakeFix& f : result.fixes)
            local.changes.push_back(mojibakeChange(std::move(f)));
    }
    setText(state, std::move(result.text));
    return true;
}

// normalizeText(): the stretches the normaliser rewrote are the changes. All of the window's
// are asked for when its offsets are mapped (a window holds few).
bool Replay::normalizeWindow(WindowState& state, RepairReport& local, std::size_t room,
                             std::vector<TextEdit>* edits, u8codec::Error& error) {
    const NormalForm form = *options_.normalForm;
    u8codec::Result<Normalized> n = normalize(state.text, form, edits ? std::size_t(-1) : room);
    if (!n.ok()) {
        error = {n.error().code, "normalisation failed: " + n.message()};
        return false;
    }
    recordNormalization(state.text, *n, form, local, room, edits);
    setText(state, std::move(n->text));
    return true;
}

// finishStep(): the changes a pass lists, at their offsets in its text (passOffset) and in the
// input (offset). Their pass number is given once the pipeline's passes are known.
void Replay::list(std::size_t p, RepairReport& local) {
    PipelinePass& pass = passes_[p];
    for (RepairChange& c : local.changes) {
        if (pass.listed.size() >= pass.room)
            break;
        c.passOffset = base_[p] + c.offset;
        takeBack(maps_, c.offset, c.length);
        c.offset += windowStart_;
        pass.listed.push_back(std::move(c));
    }
}

void Replay::setText(WindowState& state, std::string&& text) {
    const std::size_t size = text.size();
    text.append(state.text.data() + state.text.size(), state.context);
    texts_.advance(std::move(text));
    state.text = std::string_view(texts_.text.data(), size);
}

} // namespace u8convert::detail::stream
