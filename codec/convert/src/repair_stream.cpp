// The streamed repair (repair_stream.h): the control of repair()'s pipeline (repair.cpp, class
// Pipeline) over passes of the input. Every decision repair() takes from the whole text (is the
// input well-formed, does a step change anything, which pages the text shows mis-decoded, does a
// round of the mojibake repair fix anything) is taken here from sums over the windows, at the
// same point of the pipeline, by the same rules (mojibake_pass.h's round, repair_detail.h's
// limits); what the windows' steps do is the replay's (repair_stream_replay.h).
//
// The passes over the input, for `repair --mojibake` of a text with some damage:
//  1. read, validated and counted; the steps before the mojibake repair; the first pass of its
//     first round (the evidence), and its second pass decided ahead with the evidence so far
//     where every window's sum reads as the whole's (decideAhead());
//  2. the round's second pass, unless decided ahead: its fixes kept per window in a spool;
//  3. the round assembled (now that its evidence is whole); computed ahead, what the next round
//     needs: the later round on the runs it wrote into, assembled there too with the evidence
//     so far, and the rounds after it while the window changes (AheadRounds), then the first
//     pass of a round from scratch over the window's last text;
//  4. when the rounds ahead cannot be kept (a window's partial evidence read otherwise than the
//     whole, or the report still lists changes), a pass per later round, as 3;
//  5. the result written.
// A pass that may be the last (nothing it saw says the text will change again) writes the text
// ahead when the sink can take it back, which saves the fifth: text damaged twice over takes
// two or three passes, a clean text one.
// Without --mojibake everything happens in the first pass.
#include "u8convert/repair_stream.h"

#include "byte_view.h"
#include "mojibake_window.h"
#include "repair_stream_replay.h"
#include "repair_stream_rounds.h"
#include "scan_on_cores.h"

#include <algorithm>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

namespace u8convert {
using namespace u8codec;

namespace {

using detail::InputWindow;
using detail::Spool;
using detail::WindowReader;
using detail::mojibake::Evidence;
using detail::mojibake::FixCounts;
using detail::stream::addEvidence;
using detail::stream::AheadRounds;
using detail::stream::PipelinePass;
using detail::stream::Round;
using detail::stream::StepKind;
using detail::stream::WindowState;

// What a pass over the input computed ahead for the round after it, on the text as it was
// then (`version`: the passes it replayed).
struct Ahead {
    std::size_t version = std::size_t(-1);
    bool scratchCounted = false; // the first pass of a round from scratch
    Evidence scratchCredits{};
    bool anyWritten = false;    // the last round wrote fixes a later round judges
    std::optional<Round> later; // that later round's second pass
    // The second pass of a round from scratch, decided window by window with the evidence counted
    // so far (StreamedPipeline::decideAhead()), and what every window's evidence read as.
    std::optional<Round> scratchDecided;
    Evidence scratchReading{};
};

// The pass of StreamedPipeline::finishRound(): what it computes for the next round.
struct LaterPass {
    LaterPass(std::size_t version, const Evidence& confident, std::unique_ptr<Spool> spool) {
        next.version = version;
        next.later.emplace();
        next.later->confident = confident;
        next.later->spool = std::move(spool);
        // Without rounds assembled ahead, the first pass of a round from scratch is counted until
        // the later round makes a fix (text damaged twice over has some in every window, round
        // after round); in the last round of such text the later round judges runs and makes
        // nothing there, and the count taken here saves a pass.
        next.scratchCounted = true;
    }
    Ahead next;
    std::optional<AheadRounds> rounds;
    // The text made here (or ahead) is the result when no later round makes a fix and the round
    // from scratch finds no evidence: it is written ahead until a window says otherwise.
    bool ahead = false;
    std::string record;
};

class StreamedPipeline {
public:
    StreamedPipeline(const ByteSource& input, const RepairSink& sink, const RepairOptions& options,
                     const StreamOptions& stream)
        : sink_(sink), options_(options), stream_(stream), cap_(options.maxReportedChanges),
          reader_(input, stream.windowBytes, options.normalForm.has_value()),
          replay_(options, passes_, result_.report, fixesByPage_), total_(input.size()) {
        result_.report.inputBytes = total_;
        windowOptions_ = options.mojibakeOptions;
        windowOptions_.progress = nullptr;
        // Judged as a short string or not by the input's size, as repair() judges it.
        if (windowOptions_.length == MojibakeOptions::Length::Auto)
            windowOptions_.length = detail::mojibake::isShortText(windowOptions_, total_)
                                        ? MojibakeOptions::Length::Short
                                        : MojibakeOptions::Length::Long;
        if (options.progress)
            windowOptions_.progress = [this](std::uint64_t done, std::uint64_t) {
                return advance(windowStart_ + done);
            };
    }

    ~StreamedPipeline() { finishWrite(); }
    StreamedPipeline(const StreamedPipeline&) = delete;
    StreamedPipeline& operator=(const StreamedPipeline&) = delete;

    RepairResult run() {
        if (!reportProgress(0.0) || !firstStream())
            return stopped();
        if (options_.mojibake && !cycle())
            return stopped();
        // The text written ahead is the result when no pass was added after it.
        if (!(outputDone_ && writtenAhead_ == version_) && !(restartOutput() && outputStream()))
            return stopped();
        finish();
        return std::move(result_);
    }

private:
    using Work = std::function<bool(WindowState&)>;

    // One pass over the input: each window read, its text made by the replay of the pipeline's
    // passes, then `work` done on it. The passes replayed for the first time are done after it.
    bool stream(double share, const Work& work, bool written = false) {
        progressFrom_ = progressTo_;
        progressTo_ = progressFrom_ + (1.0 - progressFrom_) * share;
        const bool first = reader_.windowCount() == 0;
        setRooms();
        replay_.startStream(written);
        u8codec::Error error;
        for (std::size_t k = 0;; ++k) {
            InputWindow in;
            const bool got = first ? reader_.readNext(in, error)
                                   : k < reader_.windowCount() && reader_.read(k, in, error);
            if (!got) {
                if (!error.message.empty())
                    return fail(error);
                break;
            }
            WindowState state;
            state.input = in;
            windowStart_ = in.start;
            if (first)
                scanInput(in);
            state.validInput = validInput_[k];
            if (!replay_.window(state, error))
                return fail(error);
            if (!work(state) || !advance(in.start + in.length()))
                return false;
        }
        for (PipelinePass& pass : passes_)
            pass.firstDone = true;
        return true;
    }

    // How many changes each pass replayed for the first time may list: the report lists the
    // first cap_ changes in the order of the passes (a round of the mojibake repair its first
    // maxReportedFixes).
    void setRooms() {
        std::size_t listed = 0;
        for (PipelinePass& pass : passes_) {
            if (pass.firstDone) {
                listed += pass.listed.size();
                continue;
            }
            pass.room = cap_ - std::min(cap_, listed);
            if (pass.kind == StepKind::Mojibake)
                pass.room = std::min(pass.room, options_.mojibakeOptions.maxReportedFixes);
        }
    }

    // The first pass's reading of a window: whether it is well-formed, and its line endings
    // (the scan's counts are the input's; a CR ending one window and an LF starting the next
    // are one CR LF).
    void scanInput(const InputWindow& in) {
        const auto bytes = in.bytes.first(in.length());
        const ScanSummary s = detail::scanOnCores(bytes);
        validInput_.push_back(s.valid());
        lineFeeds_ += s.lineFeeds;
        carriageReturns_ += s.carriageReturns;
        crlf_ += s.crlf + (lastInputByte_ == '\r' && !bytes.empty() && bytes[0] == '\n' ? 1 : 0);
        if (!bytes.empty())
            lastInputByte_ = bytes.back();
    }

    // The steps before the mojibake repair, in repair()'s order; without it, the steps after it
    // and the output too, all in this one pass.
    bool firstStream() {
        if (options_.cesu)
            addPass(StepKind::Cesu);
        addPass(StepKind::Invalid);
        if (options_.bom != BomAction::Keep)
            addPass(StepKind::Bom);
        // An ill-formed sequence refused (the strict policy) may come after output was written:
        // then the output waits for its own pass.
        const bool fused = !options_.mojibake && options_.invalid != ErrorPolicy::Strict;
        if (!options_.mojibake)
            addPostSteps();
        // With the mojibake repair, a text that shows no evidence is the result: it is written
        // ahead until a window shows some.
        bool ahead = options_.mojibake && writesAhead();
        decidingAhead_ = options_.mojibake;
        const bool ok = stream(0.3, [&](WindowState& s) {
            if (!options_.mojibake)
                return !fused || output(s);
            if (!countScratchEvidence(s) || !decideAhead(s))
                return false;
            ahead &= !detail::mojibake::anyEvidence(scratchEvidenceSoFar());
            return !ahead || output(s);
        });
        decidingAhead_ = false;
        if (!ok)
            return false;
        settlePasses();
        firstSettled_ = true;
        if (fused || ahead)
            return endOutput();
        return true;
    }

    void addPass(StepKind kind) {
        PipelinePass pass;
        pass.kind = kind;
        passes_.push_back(std::move(pass));
        ++version_;
    }

    // C1 controls, normalisation, and stray BOMs (with the mojibake repair) after it: kCycleSteps.
    void addPostSteps() {
        if (options_.c1 != C1Action::Keep)
            addPass(StepKind::C1);
        if (options_.normalForm)
            addPass(StepKind::Normalization);
        if (options_.mojibake && options_.bom != BomAction::Keep)
            addPass(StepKind::Bom);
    }

    // After the first replay of passes: which count as passes of the pipeline (repair() finishes
    // the CESU-8 and ill-formed steps whenever they run, the others when they change something;
    // normalisation whenever the text is not in the form), and which change nothing and are
    // dropped. A step that ran and is not the mojibake repair, C1 or normalisation changed the
    // line-ending mix (Pipeline::inputMix_). Returns whether one of them changed the text.
    bool settlePasses() {
        bool changed = false;
        for (std::size_t p = 0; p < passes_.size();) {
            PipelinePass& pass = passes_[p];
            if (pass.kind != StepKind::Mojibake && !pass.settled) {
                const bool any =
                    std::find(pass.changed.begin(), pass.changed.end(), true) != pass.changed.end();
                pass.settled = true;
                pass.counts = pass.kind == StepKind::Bom ? any : pass.applied;
                changed |= pass.counts;
                if (pass.counts && (pass.kind == StepKind::Cesu || pass.kind == StepKind::Invalid ||
                                    pass.kind == StepKind::Bom))
                    inputMix_ = false;
                if (!any && !pass.counts) {
                    passes_.erase(passes_.begin() + std::ptrdiff_t(p));
                    continue;
                }
            }
            ++p;
        }
        return changed;
    }

    // kCycleSteps with the mojibake repair: the repair to its fixpoint, then the steps after it,
    // again while those change the text (Pipeline::cycle()).
    bool cycle() {
        for (int c = 0; c < detail::kMaxCycles; ++c) {
            if (!fixpoint())
                return false;
            const std::size_t before = passes_.size();
            addPostSteps();
            if (passes_.size() == before)
                return true;
            if (!stream(0.5, [&](WindowState& s) { return countScratchEvidence(s); }))
                return false;
            if (!settlePasses())
                return true;
        }
        return true;
    }

    // Pipeline::repairMojibakeToFixpoint(), round by round.
    bool fixpoint() {
        Evidence evidence{};
        bool fromScratch = true;
        bool shortened = false; // as repairMojibakeToFixpoint()'s
        for (int round = 0; detail::mojibakeRoundFollows(round, shortened); ++round) {
            if (fromScratch)
                evidence = {};
            Round m;
            if ((fromScratch || ahead_.anyWritten) && !runRound(evidence, fromScratch, m))
                return false;
            if (m.fixCount == 0) {
                if (fromScratch)
                    break;
                fromScratch = true;
                continue;
            }
            fromScratch = false;
            // The bytes the round's fixes add, modulo 2^64: none add, so any is fewer.
            shortened = m.counts.made(m.confident).bytes != 0;
            if (!finishRound(std::move(m)))
                return false;
        }
        return true;
    }

    // One round (repairMojibake() over the windows): the first pass, unless it is a later round
    // that brings evidence; the second, when some page shows; its fix count from the sums. A
    // later round judges only the runs the round before wrote into.
    bool runRound(Evidence& evidence, bool fromScratch, Round& m) {
        Evidence confident = detail::mojibake::roundStart(options_.mojibakeOptions, &evidence);
        const bool judgesOnly = !fromScratch;
        if (detail::mojibake::needsFirstPass(judgesOnly, confident)) {
            Evidence credits{};
            if (!judgesOnly && ahead_.version == version_ && ahead_.scratchCounted)
                credits = ahead_.scratchCredits;
            else if (!countEvidence(judgesOnly, confident, credits))
                return false;
            addEvidence(confident, credits);
        }
        if (!detail::mojibake::anyEvidence(confident)) {
            evidence = confident;
            return true;
        }
        std::optional<Round> decided = std::exchange(ahead_.scratchDecided, std::nullopt);
        if (judgesOnly && ahead_.version == version_ && ahead_.later &&
            ahead_.later->confident == confident) {
            m = std::move(*ahead_.later);
        } else if (!judgesOnly && ahead_.version == version_ && decided &&
                   detail::mojibake::sameReading(ahead_.scratchReading, confident) &&
                   decided->counts.accepted() != 0) {
            m = std::move(*decided);
        } else {
            decided.reset();
            m.confident = confident;
            m.spool = newSpool();
            decideMemos_.clear(); // a round from scratch decides with the same evidence throughout
            // A round from scratch that accepts no fix leaves the result as it is: it is written
            // ahead until a window has one.
            bool ahead = !judgesOnly && writesAhead() && restartOutput();
            if (!stream(
                    0.5,
                    [&](WindowState& s) {
                        if (!decide(s, judgesOnly ? &s.written : nullptr, m, nullptr,
                                    judgesOnly ? nullptr : &decideMemos_))
                            return false;
                        ahead &= m.counts.accepted() == 0;
                        return !ahead || output(s);
                    },
                    judgesOnly))
                return false;
            if (ahead && !endOutput())
                return false;
        }
        addEvidence(confident, m.credits);
        evidence = confident;
        m.confident = confident;
        m.fixCount = m.counts.made(confident).fixes;
        return true;
    }

    // The first pass of a round over every window, where no pass before counted it ahead. A
    // round from scratch that finds no evidence leaves the text as it is: it is written ahead
    // until a window shows some.
    bool countEvidence(bool judgesOnly, const Evidence& confident, Evidence& credits) {
        bool ahead = !judgesOnly && writesAhead() && restartOutput();
        const bool ok = stream(
            0.5,
            [&](WindowState& s) {
                windowStart_ = s.input.start;
                if (!detail::mojibake::countEvidenceIn(s.mojibakeWindow(), windowOptions_,
                                                       judgesOnly ? &s.written : nullptr, credits,
                                                       judgesOnly ? nullptr : &countMemos_))
                    return cancelled();
                Evidence sofar = confident;
                addEvidence(sofar, credits);
                ahead &= !detail::mojibake::anyEvidence(sofar);
                return !ahead || output(s);
            },
            judgesOnly);
        return ok && (!ahead || endOutput());
    }

    // The second pass of a round over a window: its fixes into the round's spool (and `kept`).
    bool decide(WindowState& s, const std::vector<detail::ByteSpan>* only, Round& m,
                std::string* kept = nullptr, detail::mojibake::PassMemos* memos = nullptr) {
        windowStart_ = s.input.start;
        std::string local;
        std::string& record = kept ? *kept : local;
        record.clear();
        FixCounts counts;
        if (!detail::mojibake::decideIn(s.mojibakeWindow(), windowOptions_, only, m.confident,
                                        m.credits, counts, record, memos))
            return cancelled();
        m.counts.add(counts);
        const bool has = counts.accepted() != 0;
        m.withRecord.push_back(has);
        u8codec::Error error;
        return !has || m.spool->append(record, error) || fail(error);
    }

    // A round that fixed something becomes a pass of the pipeline; the next pass over the input
    // assembles it (its changes listed and counted) and computes what the next round needs: the
    // later round on the runs it wrote into, and the first pass of a round from scratch. The
    // later rounds after that are assembled ahead in the same pass where they can be
    // (AheadRounds); a round assembled ahead becomes a pass without one.
    bool finishRound(Round&& m) {
        PipelinePass pass;
        pass.kind = StepKind::Mojibake;
        pass.counts = true;
        pass.settled = true;
        pass.changed = std::move(m.withRecord);
        pass.spool = std::move(m.spool);
        pass.confident = m.confident;
        if (takeAssembled(m, pass))
            return true;
        aheadRounds_.reset();
        passes_.push_back(std::move(pass));
        ++version_;
        LaterPass later(version_, m.confident, newSpool());
        if (detail::mojibake::roundStart(options_.mojibakeOptions, &m.confident) == m.confident)
            later.rounds.emplace(AheadRounds::Settings{options_.mojibakeOptions, windowOptions_,
                                                       [this] { return newSpool(); }});
        building_ = later.rounds ? &*later.rounds : nullptr;
        later.ahead = writesAhead() && restartOutput();
        laterMemos_.clear(); // the later round is judged with one evidence throughout
        const bool ok = stream(
            0.5, [&](WindowState& s) { return laterRounds(s, later); }, true);
        building_ = nullptr;
        if (!finishWrite())
            return false;
        const std::size_t writtenVersion = ok ? keepAhead(later) : version_;
        ahead_ = std::move(later.next);
        if (!ok || !(!later.ahead || endOutput()))
            return false;
        if (later.ahead)
            writtenAhead_ = writtenVersion;
        return true;
    }

    // finishRound()'s work on a window: the later round judged on the runs the round wrote
    // into, the rounds after it assembled ahead, the first pass of a round from scratch over the
    // window's last text, and that text written ahead.
    bool laterRounds(WindowState& s, LaterPass& p) {
        Ahead& next = p.next;
        bool has = false;
        if (!s.written.empty()) {
            next.anyWritten = true;
            if (!decide(s, &s.written, *next.later, &p.record, &laterMemos_))
                return false;
            has = next.later->withRecord.back();
        } else {
            next.later->withRecord.push_back(false);
        }
        WindowState last;
        last.input = s.input;
        last.text = s.text;
        last.context = s.context;
        if (p.rounds) {
            u8codec::Error error;
            if (!p.rounds->assemble(s, *next.later, std::move(p.record), has, last, error))
                return error.message.empty() ? cancelled() : fail(error);
        } else if (makesFixes(*next.later)) {
            next.scratchCounted = false;
            p.ahead = false;
        }
        windowStart_ = s.input.start;
        // A window whose count shows evidence makes the text written ahead void, as it would have
        // after the write: it is taken back before the output.
        if (p.ahead && !writeBehind(last, p.rounds ? &p.rounds->texts() : nullptr))
            return false;
        if (next.scratchCounted &&
            !detail::mojibake::countEvidenceIn(last.mojibakeWindow(), windowOptions_, nullptr,
                                               next.scratchCredits, &countMemos_))
            return cancelled();
        p.ahead &= !detail::mojibake::anyEvidence(
            detail::mojibake::roundStart(options_.mojibakeOptions, &next.scratchCredits));
        return true;
    }

    // The write of a window's text, the kernel's copy into the page cache, is the one step of the
    // pass that makes the result on one core: it runs on a thread of its own while the first pass
    // of a round from scratch reads the text and the next window is read, made and judged. Its
    // string is taken from where it was made (the replay's texts, or those of the rounds
    // assembled ahead: `rounds`), which make the next text in other memory, and given back once
    // written; the input's own bytes (no pass changed the window) are written at once.
    bool writeBehind(WindowState& last, detail::stream::WindowTexts* rounds) {
        if (!finishWrite())
            return false;
        std::optional<std::string_view> taken;
        for (detail::stream::WindowTexts* from : {rounds, &replay_.texts()})
            if (from && !taken && (taken = from->take(last.text, behind_.text)))
                behind_.from = from;
        if (!taken)
            return output(last);
        behind_.window = last;
        behind_.window.text = *taken;
        behind_.window.context = 0;
        behind_.thread = std::thread([this] { behind_.ok = output(behind_.window); });
        return true;
    }

    // Waits for the text written behind (writeBehind()); false if its write failed. Before
    // anything else writes, or takes back what was written, and before the rounds ahead are
    // kept (which frees their texts).
    bool finishWrite() {
        if (!behind_.thread.joinable())
            return true;
        behind_.thread.join();
        behind_.from->giveBack(std::move(behind_.text));
        behind_.text = {};
        return behind_.ok;
    }

    // After finishRound()'s pass: the rounds assembled ahead kept when they can be (a round
    // assembled ahead lists no change: only where the report lists no more). Returns the version
    // of the text the pass wrote ahead.
    std::size_t keepAhead(LaterPass& p) {
        if (!p.rounds)
            return version_;
        std::size_t listed = 0;
        for (const PipelinePass& pass : passes_)
            listed += pass.listed.size();
        const std::optional<std::size_t> made =
            listed < cap_ && options_.mojibakeOptions.maxReportedFixes != 0
                ? std::nullopt
                : p.rounds->settle(*p.next.later);
        if (made && *made > 0) {
            // The scratch count and the text written are those after the rounds ahead.
            p.rounds->scratchCredits = p.next.scratchCredits;
            p.next.scratchCounted = false;
            p.rounds->from = version_;
            aheadRounds_.emplace(std::move(*p.rounds));
            return version_ + *made;
        }
        if (!made && p.rounds->changedAny) {
            p.next.scratchCounted = false;
            p.ahead = false;
        }
        return version_;
    }

    // finishRound() of a round assembled ahead: it becomes a pass, its fixes counted as its first
    // replay would have, and what the next round needs is what the pass ahead computed.
    bool takeAssembled(const Round& m, PipelinePass& pass) {
        if (!aheadRounds_ || aheadRounds_->from + aheadRounds_->taken != version_ ||
            ahead_.version != version_)
            return false;
        AheadRounds& a = *aheadRounds_;
        const std::size_t level = a.taken;
        if (level >= a.assembled.size() || a.assembled[level].fixCount != m.fixCount ||
            a.assembled[level].confident != m.confident) {
            aheadRounds_.reset();
            return false;
        }
        const AheadRounds::Assembled& done = a.assembled[level];
        pass.firstDone = true;
        result_.report.counts[std::size_t(RepairKind::Mojibake)] += done.fixCount;
        detail::addFixesByPage(fixesByPage_, done.fixesByPage);
        passes_.push_back(std::move(pass));
        ++version_;
        ++a.taken;
        Ahead next;
        next.version = version_;
        next.anyWritten = done.anyWritten;
        if (level < a.judged.size())
            next.later.emplace(std::move(a.judged[level]));
        const bool lastMade =
            level + 1 >= a.assembled.size() || a.assembled[level + 1].fixCount == 0;
        if (lastMade) {
            next.scratchCounted = true;
            next.scratchCredits = a.scratchCredits;
            aheadRounds_.reset();
        }
        ahead_ = std::move(next);
        return true;
    }

    // Whether a round makes fixes with the evidence its windows so far gave it: then it makes
    // them whatever the windows after give (evidence only grows, and a fix is made where its page
    // shows: mojibake::made()).
    static bool makesFixes(const Round& m) {
        Evidence sofar = m.confident;
        addEvidence(sofar, m.credits);
        return m.counts.made(sofar).fixes != 0;
    }

    // The second pass of the first round from scratch, decided in the first pass (Ahead::
    // scratchDecided): each window with the evidence counted up to it, its own included. Kept
    // where every window's sum reads as the whole text's does (mojibake::sameReading(), as for
    // AheadRounds), which saves the pass over the input that would decide it; given up at the
    // first window whose sum reads otherwise, and where the first window shows no evidence (an
    // earlier window would have to be decided again). A round that accepts no fix is decided by
    // its pass, which writes the text ahead.
    bool decideAhead(WindowState& s) {
        if (!decidingAhead_)
            return true;
        Evidence sofar = detail::mojibake::roundStart(options_.mojibakeOptions, nullptr);
        addEvidence(sofar, ahead_.scratchCredits);
        if (!ahead_.scratchDecided) {
            decidingAhead_ = s.input.index == 0 && detail::mojibake::anyEvidence(sofar);
            if (!decidingAhead_)
                return true;
            ahead_.scratchDecided.emplace();
            ahead_.scratchDecided->spool = newSpool();
            ahead_.scratchReading = sofar;
            decideMemos_.clear(); // every window's evidence reads the same, or this is given up
        } else if (!detail::mojibake::sameReading(ahead_.scratchReading, sofar)) {
            ahead_.scratchDecided.reset();
            decidingAhead_ = false;
            return true;
        }
        ahead_.scratchDecided->confident = sofar;
        return decide(s, nullptr, *ahead_.scratchDecided, nullptr, &decideMemos_);
    }

    // The first pass of a round from scratch over the text as it now is, computed ahead.
    bool countScratchEvidence(WindowState& s) {
        if (ahead_.version != version_) {
            ahead_ = Ahead{};
            ahead_.version = version_;
        }
        windowStart_ = s.input.start;
        ahead_.scratchCounted = true;
        return detail::mojibake::countEvidenceIn(s.mojibakeWindow(), windowOptions_, nullptr,
                                                 ahead_.scratchCredits, &countMemos_) ||
               cancelled();
    }

    // A spool for a round, in memory up to what the spools before it left of the budget: the
    // spools of every round stay until the result is written.
    std::unique_ptr<Spool> newSpool() const {
        std::uint64_t held = 0;
        for (const PipelinePass& pass : passes_)
            if (pass.spool && !pass.spool->inFile())
                held += pass.spool->size();
        for (const std::optional<Round>* r : {&ahead_.later, &ahead_.scratchDecided})
            if (*r && (*r)->spool && !(*r)->spool->inFile())
                held += (*r)->spool->size();
        for (const AheadRounds* a : {aheadRounds_ ? &*aheadRounds_ : nullptr, building_})
            if (a)
                held += a->spooledInMemory();
        const std::uint64_t left =
            stream_.spoolMemory - std::min<std::uint64_t>(stream_.spoolMemory, held);
        return std::make_unique<Spool>(std::size_t(left), stream_.temporaryDirectory);
    }

    // Whether the text may be written ahead: the sink can take it back, and no step after the
    // mojibake repair may change it once the repair is done.
    bool writesAhead() const {
        return options_.mojibake && sink_.restart && options_.c1 == C1Action::Keep &&
               !options_.normalForm && options_.bom == BomAction::Keep;
    }

    // The evidence a round from scratch over the text of this pass starts from, with what the
    // windows so far credited.
    Evidence scratchEvidenceSoFar() const {
        return detail::mojibake::roundStart(options_.mojibakeOptions, &ahead_.scratchCredits);
    }

    // Takes back what was written ahead, if anything: the output starts again.
    bool restartOutput() {
        if (!finishWrite())
            return false;
        if (!outputStarted_)
            return true;
        outputStarted_ = outputDone_ = pendingCr_ = false;
        finalMix_ = LineEndingCounter();
        lineEndingsRewritten_ = outputBytes_ = 0;
        return sink_.restart() || fail({ErrorCode::Io, "the output could not be written"});
    }

    bool outputStream() {
        return stream(1.0, [&](WindowState& s) { return output(s); }) && endOutput();
    }

    // fixLineEndings() and the result's text, window by window: the line endings are counted
    // (for the report, when the steps changed the input's mix) and rewritten; a CR at the end of
    // a window waits for the next, whose first byte may be its LF.
    bool output(WindowState& s) {
        if (!firstSettled_ || !inputMix_)
            finalMix_.feed(detail::asBytes(s.text));
        if (!options_.lineEnding)
            return write(s.text);
        std::string piece = pendingCr_ ? "\r" : "";
        piece += s.text;
        pendingCr_ = !piece.empty() && piece.back() == '\r';
        if (pendingCr_)
            piece.pop_back();
        std::uint64_t rewritten = 0;
        const bool ok = write(normalizeLineEndings(piece, *options_.lineEnding, &rewritten));
        lineEndingsRewritten_ += rewritten;
        return ok;
    }

    bool endOutput() {
        if (!finishWrite())
            return false;
        finalMix_.finish();
        if (pendingCr_) {
            std::uint64_t rewritten = 0;
            if (!write(normalizeLineEndings("\r", *options_.lineEnding, &rewritten)))
                return false;
            lineEndingsRewritten_ += rewritten;
        }
        outputDone_ = true;
        writtenAhead_ = version_;
        return true;
    }

    // The text goes to the sink in pieces of 1 MiB at most: a write(2) of 8 MiB into the page
    // cache costs the kernel several times what eight of 1 MiB do (docs/performance.md, "Why the
    // code is as it is").
    bool write(std::string_view text) {
        constexpr std::size_t kPiece = std::size_t(1) << 20;
        outputBytes_ += text.size();
        outputStarted_ = true;
        for (std::size_t at = 0; at < text.size(); at += kPiece)
            if (!sink_.write(text.substr(at, kPiece)))
                return fail({ErrorCode::Io, "the output could not be written"});
        return true;
    }

    // Pipeline::finish(): the passes numbered, their changes listed in pass order, the mojibake
    // fixes judged, the line endings counted.
    void finish() {
        RepairReport& report = result_.report;
        std::uint32_t number = 0;
        for (PipelinePass& pass : passes_) {
            if (!pass.counts)
                continue;
            for (RepairChange& c : pass.listed) {
                c.pass = number;
                if (report.changes.size() < cap_)
                    report.changes.push_back(std::move(c));
            }
            ++number;
        }
        if (inputMix_) {
            report.lineEndings.crlf = crlf_;
            report.lineEndings.lf = lineFeeds_ - crlf_;
            report.lineEndings.cr = carriageReturns_ - crlf_;
        } else {
            report.lineEndings = finalMix_.mix();
        }
        report.counts[std::size_t(RepairKind::LineEnding)] += lineEndingsRewritten_;
        detail::judgeMojibakeFixes(report, fixesByPage_);
        report.outputBytes = outputBytes_;
        // A cancel at the very end is still a cancel: reportProgress() puts it in the status.
        (void)reportProgress(1.0);
    }

    // Both may be called while the text is written on a thread of its own (writeBehind()).
    // A pass that stopped: not ok, whatever stopped it (every stop goes through fail() or
    // cancelled(); one that did not would leave an empty message, as it did before the status).
    RepairResult stopped() {
        if (result_.status.ok())
            result_.status = {ErrorCode::Io, std::string()};
        return std::move(result_);
    }
    // The first failure is the one reported.
    bool fail(const u8codec::Error& error) {
        const std::lock_guard lock(failing_);
        if (result_.status.ok())
            result_.status = error;
        return false;
    }
    bool cancelled() { return fail({ErrorCode::Cancelled, "cancelled"}); }

    // Progress: each pass over the input covers a share of what is left, the last the rest.
    bool advance(std::uint64_t inputDone) {
        const double within = total_ ? double(inputDone) / double(total_) : 1.0;
        return reportProgress(progressFrom_ + (progressTo_ - progressFrom_) * within);
    }
    // Never backwards: a pass over a window may report its work twice (the later round's second
    // pass, then the first pass of a round from scratch).
    bool reportProgress(double fraction) {
        reported_ = std::max(reported_, std::min(fraction, 1.0));
        if (!options_.progress ||
            options_.progress(std::uint64_t(double(total_) * reported_), total_))
            return true;
        return cancelled();
    }

    const RepairSink& sink_;
    const RepairOptions& options_;
    const StreamOptions& stream_;
    const std::size_t cap_;
    RepairResult result_;
    std::mutex failing_; // result_'s status
    // The text written behind (writeBehind()): its string, where that came from, and the write.
    struct {
        std::string text;
        detail::stream::WindowTexts* from = nullptr;
        WindowState window;
        bool ok = true;
        std::thread thread;
    } behind_;
    WindowReader reader_;
    std::vector<PipelinePass> passes_;
    std::vector<std::uint64_t> fixesByPage_;
    detail::stream::Replay replay_;
    const std::uint64_t total_;
    MojibakeOptions windowOptions_; // for the mojibake passes over a window
    std::uint64_t windowStart_ = 0;
    std::size_t version_ = 0; // passes added so far: the text they make
    Ahead ahead_;
    // The memos handed on from window to window (mojibake::PassMemos): of the first pass of a
    // round from scratch (no evidence: good for the whole repair), of the second pass of the
    // round being decided, and of the later round judged on the runs a round wrote into (each
    // with its evidence).
    detail::mojibake::PassMemos countMemos_, decideMemos_, laterMemos_;
    bool decidingAhead_ = false; // the first pass decides the first round ahead (decideAhead())
    std::optional<AheadRounds> aheadRounds_; // settled, until each has become a pass
    const AheadRounds* building_ = nullptr;  // the rounds the current pass assembles ahead
    // The first pass: each window well-formed or not, the input's line endings.
    std::vector<bool> validInput_;
    std::uint64_t lineFeeds_ = 0, carriageReturns_ = 0, crlf_ = 0;
    std::uint8_t lastInputByte_ = 0;
    bool inputMix_ = true;      // the steps kept the input's line-ending mix
    bool firstSettled_ = false; // ... as far as the first pass's steps tell
    // The output.
    LineEndingCounter finalMix_;
    bool pendingCr_ = false;
    bool outputStarted_ = false; // since the last restart
    bool outputDone_ = false;
    std::size_t writtenAhead_ = std::size_t(-1); // the version of the text written
    std::uint64_t lineEndingsRewritten_ = 0;
    std::uint64_t outputBytes_ = 0;
    double progressFrom_ = 0, progressTo_ = 0, reported_ = 0;
};

} // namespace

RepairResult repairStreamed(const ByteSource& input, const RepairSink& sink,
                            const RepairOptions& options, const StreamOptions& stream) {
    return StreamedPipeline(input, sink, options, stream).run();
}

} // namespace u8convert
