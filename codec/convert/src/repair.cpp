#include "u8convert/repair.h"

#include "byte_view.h"
#include "mojibake_detail.h"
#include "mojibake_pass.h"
#include "normalize_detail.h"
#include "repair_detail.h"
#include "scan_on_cores.h"
#include "u8codec/encoder.h"
#include "u8codec/problem.h"
#include "u8codec/scan.h"

#include <algorithm>
#include <cstdio>

namespace u8convert {
using namespace u8codec;

namespace {

using detail::asBytes;
using detail::asText;

using detail::addFixesByPage;
using detail::judgeMojibakeFixes;
using detail::kBom;
using detail::mojibakeChange;
using detail::OffsetMap;
using detail::record;

} // namespace

std::string_view name(RepairKind k) noexcept {
    switch (k) {
    case RepairKind::InvalidSequence:
        return "invalid-sequence";
    case RepairKind::Cesu:
        return "cesu-8";
    case RepairKind::ModifiedNul:
        return "modified-utf-8-nul";
    case RepairKind::Mojibake:
        return "mojibake";
    case RepairKind::C1Control:
        return "c1-control";
    case RepairKind::BomStripped:
        return "bom-stripped";
    case RepairKind::BomAdded:
        return "bom-added";
    case RepairKind::StrayBom:
        return "stray-bom";
    case RepairKind::LineEnding:
        return "line-ending";
    case RepairKind::Normalization:
        return "normalization";
    }
    return "invalid-sequence";
}

std::optional<BomAction> bomActionFromName(std::string_view n) noexcept {
    if (n == "keep")
        return BomAction::Keep;
    if (n == "strip")
        return BomAction::Strip;
    if (n == "add")
        return BomAction::Add;
    return std::nullopt;
}

std::string repairCesu(std::span<const std::uint8_t> bytes, RepairReport& report,
                       std::size_t maxReported, std::vector<TextEdit>* edits) {
    std::string out;
    out.reserve(bytes.size());
    std::size_t copied = 0;
    ProblemScanner scanner;
    const auto onProblem = [&](const Problem& p) {
        std::string replacement;
        RepairKind kind;
        std::string detail;
        if (p.kind == ProblemKind::SurrogatePair) {
            // CESU-8 (Unicode Technical Report #26) and Java's Modified UTF-8 write a
            // supplementary character as its two UTF-16 surrogates, 3 bytes each; UTF-8 writes
            // the scalar value in 4 bytes (RFC 3629 section 3).
            appendUtf8(p.value, replacement);
            kind = RepairKind::Cesu;
            detail = "surrogate pair for " + codePointLabel(p.value) + " written as CESU-8";
        } else if (p.kind == ProblemKind::Overlong && p.value == 0 && p.length == 2) {
            // Modified UTF-8 writes U+0000 as C0 80 so that strings contain no zero byte.
            replacement.assign(1, '\0');
            kind = RepairKind::ModifiedNul;
            detail = "U+0000 written as Java's Modified UTF-8 C0 80";
        } else {
            return;
        }
        out.append(asText(bytes.subspan(copied, p.offset - copied)));
        out += replacement;
        copied = p.offset + p.length;
        record(report, maxReported, edits,
               {kind, p.offset, p.length, std::string(asText(bytes.subspan(p.offset, p.length))),
                replacement, detail});
    };
    scanner.feed(bytes, onProblem);
    scanner.finish(onProblem);
    out.append(asText(bytes.subspan(copied)));
    return out;
}

std::string repairInvalid(std::span<const std::uint8_t> bytes, ErrorPolicy policy,
                          RepairReport& report, std::size_t maxReported,
                          std::vector<TextEdit>* edits) {
    // Well-formed input (the common case) is copied as it is; the scan runs the codec's fast path.
    if (detail::scanOnCores(bytes).valid())
        return std::string(asText(bytes));
    const std::string out = decode(bytes, policy);
    ProblemScanner scanner;
    const auto onProblem = [&](const Problem& p) {
        const auto damaged = bytes.subspan(p.offset, p.length);
        std::string after = decode(damaged, policy);
        std::string detail = explain(p);
        record(report, maxReported, edits,
               {RepairKind::InvalidSequence, p.offset, p.length, std::string(asText(damaged)),
                std::move(after), std::move(detail)});
    };
    scanner.feed(bytes, onProblem);
    scanner.finish(onProblem);
    return out;
}

std::string repairBom(std::string_view utf8, BomAction action, RepairReport& report,
                      std::size_t maxReported, std::vector<TextEdit>* edits) {
    return detail::repairBomIn(utf8, action, true, report, maxReported, edits);
}

std::string detail::repairBomIn(std::string_view utf8, BomAction action, bool atTextStart,
                                RepairReport& report, std::size_t maxReported,
                                std::vector<TextEdit>* edits) {
    if (action == BomAction::Keep)
        return std::string(utf8);
    std::string out;
    out.reserve(utf8.size() + 3);
    std::size_t from = 0;
    const bool leading = atTextStart && utf8.starts_with(kBom);
    if (leading) {
        from = kBom.size();
        if (action == BomAction::Strip)
            record(report, maxReported, edits,
                   {RepairKind::BomStripped, 0, 3, std::string(kBom), "",
                    "byte order mark at the start removed"});
        else
            out += kBom;
    } else if (atTextStart && action == BomAction::Add) {
        out += kBom;
        record(report, maxReported, edits,
               {RepairKind::BomAdded, 0, 0, "", std::string(kBom), "byte order mark added"});
    }
    // U+FEFF after the start is not a BOM but a ZERO WIDTH NO-BREAK SPACE, almost always left by
    // concatenating files that each began with a BOM (Unicode Standard section 23.8).
    for (;;) {
        const std::size_t at = utf8.find(kBom, from);
        out.append(utf8.substr(from, at == std::string_view::npos ? utf8.npos : at - from));
        if (at == std::string_view::npos)
            break;
        record(report, maxReported, edits,
               {RepairKind::StrayBom, at, 3, std::string(kBom), "",
                "U+FEFF inside the text (a byte order mark from a concatenated file) removed"});
        from = at + kBom.size();
    }
    return out;
}

namespace {

// The repair pipeline: the steps of repair() in order, each a row of a table (kSteps, and the
// steps repeated while they change the text, kCycleSteps). `text` views the current state: the
// input until a step changes something, then `owned`. Steps that would change nothing are skipped
// without copying, so clean text costs one validating scan, the checks, and the one copy into the
// result.
class Pipeline {
public:
    // `givenUp` is the caller's buffer holding `bytes`, which becomes the result's text when no
    // step changes anything (null: the result gets a copy).
    Pipeline(std::span<const std::uint8_t> bytes, const RepairOptions& options,
             std::string* givenUp)
        : options_(options), givenUp_(givenUp), cap_(options.maxReportedChanges),
          text_(asText(bytes)), total_(bytes.size()), mojibakeOptions_(options.mojibakeOptions) {
        result_.report.inputBytes = bytes.size();
        // Judged as a short string or not by the input's size, in every round (a round's text
        // is shorter than the input where fixes shrank it).
        if (mojibakeOptions_.length == MojibakeOptions::Length::Auto)
            mojibakeOptions_.length = detail::mojibake::isShortText(mojibakeOptions_, total_)
                                          ? MojibakeOptions::Length::Short
                                          : MojibakeOptions::Length::Long;
        if (options.progress)
            mojibakeOptions_.progress = [this](std::uint64_t done, std::uint64_t all) {
                return options_.progress(
                    std::uint64_t(double(total_) *
                                  (0.2 + 0.7 * double(done) / double(all ? all : 1))),
                    total_);
            };
    }

    RepairResult run() {
        if (!advance(0.0))
            return std::move(result_);
        // The codec's scan validates and counts line breaks in the same pass (on two cores). A
        // short text is only validated: the full scan's counts, set up for large text, cost a
        // short string's repair twice what validating does, and its line endings are counted at
        // the end (fixLineEndings()) in fewer instructions than the scan spends on them.
        if (total_ < kScannedFrom) {
            valid_ = wellFormedLength(asBytes(text_)) == text_.size();
        } else {
            summary_ = detail::scanOnCores(asBytes(text_));
            valid_ = summary_.valid();
            scanned_ = true;
        }
        for (const Step& step : kSteps)
            if ((this->*step.enabled)() && (this->*step.run)() == Outcome::Stop)
                return std::move(result_);
            else if (step.progressAfter >= 0 && !advance(step.progressAfter))
                return std::move(result_);
        finish();
        return std::move(result_);
    }

private:
    // What a step did.
    enum class Outcome { Unchanged, Changed, Stop /* an error, or cancelled */ };

    struct Step {
        std::string_view name; // what it repairs
        bool (Pipeline::*enabled)() const;
        Outcome (Pipeline::*run)();
        // Work reported done after the step (enabled or not), the first time it is reached; < 0:
        // none. Checks and invalid sequences are 0-20 %, mojibake 20-90 %, the rest after.
        double progressAfter;
        // Whether a change it makes calls for another cycle of kCycleSteps.
        bool cyclesAgain;
    };

    bool always() const { return true; }
    bool wantsCesu() const { return options_.cesu && !valid_; }
    bool hasInvalid() const { return !valid_; }
    bool wantsBom() const { return options_.bom != BomAction::Keep; }
    bool wantsMojibake() const { return options_.mojibake; }
    bool wantsC1() const { return options_.c1 != C1Action::Keep; }
    bool wantsNormalForm() const { return options_.normalForm.has_value(); }

    // The text after a step changed it. `keepsMix`: the step keeps the line-ending mix (see
    // inputMix_).
    void replaceWith(std::string&& changed, bool keepsMix = false) {
        owned_ = std::move(changed);
        text_ = owned_;
        inputMix_ &= keepsMix;
    }

    // Reports `fraction` of the work done; false when the caller cancels.
    bool advance(double fraction) {
        if (!options_.progress ||
            options_.progress(std::uint64_t(double(total_) * fraction), total_))
            return true;
        cancel();
        return false;
    }
    void cancel() { result_.status = {u8codec::ErrorCode::Cancelled, "cancelled"}; }

    // Offsets of changes are given in the original input: each step that changed the text
    // leaves a map from its output back to its input, and a later step's changes are taken back
    // through those maps. Each finished step or round is a pass (RepairChange::pass).
    void finishStep(std::size_t firstChange) {
        RepairReport& report = result_.report;
        for (std::size_t i = firstChange; i < report.changes.size(); ++i) {
            RepairChange& c = report.changes[i];
            c.pass = pass_;
            c.passOffset = c.offset;
            detail::takeBack(maps_, c.offset, c.length);
        }
        if (!edits_.empty())
            maps_.emplace_back(std::move(edits_));
        edits_.clear();
        ++pass_;
    }

    Outcome repairCesuStep() {
        const std::size_t first = result_.report.changes.size();
        replaceWith(repairCesu(asBytes(text_), result_.report, cap_, &edits_));
        finishStep(first);
        valid_ = detail::scanOnCores(asBytes(text_)).valid();
        return Outcome::Changed;
    }

    Outcome repairInvalidStep() {
        if (options_.invalid == ErrorPolicy::Strict) {
            // Where it is not UTF-8, found without decoding the whole text.
            const std::optional<Segment> first = firstErrorIn(asBytes(text_));
            std::uint64_t at = first ? first->offset : 0, length = 0;
            detail::takeBack(maps_, at, length);
            result_.status = {u8codec::ErrorCode::Invalid,
                              "not well-formed UTF-8 at offset " + std::to_string(at) + " (" +
                                  std::string(first ? title(first->error) : "error") + ")"};
            return Outcome::Stop;
        }
        const std::size_t first = result_.report.changes.size();
        replaceWith(repairInvalid(asBytes(text_), options_.invalid, result_.report, cap_, &edits_));
        finishStep(first);
        return Outcome::Changed;
    }

    Outcome fixBom() {
        if (options_.bom == BomAction::Keep)
            return Outcome::Unchanged;
        const bool leading = text_.starts_with(kBom);
        const bool stray = text_.find(kBom, leading ? kBom.size() : 0) != std::string_view::npos;
        if (!stray && leading == (options_.bom == BomAction::Add))
            return Outcome::Unchanged;
        const std::size_t first = result_.report.changes.size();
        replaceWith(repairBom(text_, options_.bom, result_.report, cap_, &edits_));
        finishStep(first);
        return Outcome::Changed;
    }

    // kCycleSteps, again while a step after the mojibake repair changes the text (and the
    // mojibake repair is asked for: it is what the others can give more to do), at most
    // kMaxCycles times.
    Outcome cycle() {
        for (int cycle = 0; cycle < detail::kMaxCycles; ++cycle) {
            bool again = false;
            for (const Step& step : kCycleSteps) {
                const Outcome o =
                    (this->*step.enabled)() ? (this->*step.run)() : Outcome::Unchanged;
                if (o == Outcome::Stop)
                    return o;
                again |= o == Outcome::Changed && step.cyclesAgain;
                if (cycle == 0 && step.progressAfter >= 0 && !advance(step.progressAfter))
                    return Outcome::Stop;
            }
            if (!again || !options_.mojibake)
                break;
        }
        return Outcome::Unchanged;
    }

    // Repairs change the context of their neighbours, so the step runs again on its own result
    // until nothing more changes: a second repair() then finds nothing. Later rounds judge only
    // the runs the round before wrote fixes into; they are quick and not reported as progress.
    // Each round knows what the earlier ones found the text mis-decoded through: the damage left
    // after a round ("Г" + a space that was A0, from "à" read twice as windows-1251) may need
    // that evidence, which the repaired text no longer shows. A later round does not read a
    // fix's output as mis-decoded once more without evidence of two mis-decodings through the
    // page. The last round repairs the result from scratch, as a second repair() would, with no
    // evidence carried and every run judged: on text repaired right (Russian that was read as
    // KOI8-R) that finds nothing, and where the result itself shows a page's damage it makes the
    // repair.
    Outcome repairMojibakeToFixpoint() {
        detail::MojibakeEvidence evidence{};
        std::vector<detail::ByteSpan> written; // the last round's fixes, in its output
        bool fromScratch = true; // this round judges every run, with no evidence carried
        bool shortened = false;  // the last round that fixed anything shortened the text
        for (int round = 0; detail::mojibakeRoundFollows(round, shortened); ++round) {
            if (fromScratch)
                evidence = {};
            std::vector<detail::ByteSpan> nowWritten;
            // A later round given no run to judge finds nothing (the last round wrote no fix
            // where the sieve finds a start).
            MojibakeResult m =
                !fromScratch && written.empty()
                    ? MojibakeResult{}
                    : detail::repairMojibake(
                          text_, mojibakeOptions_,
                          mojibakeRound(evidence, fromScratch ? nullptr : &written, nowWritten));
            if (m.cancelled) {
                cancel();
                return Outcome::Stop;
            }
            if (m.fixCount == 0) {
                // Done when a round from scratch finds nothing. After later rounds, one more
                // from scratch: the evidence a repair from scratch of the result counts is not
                // what the rounds carried (fixes change what the text shows), and only a round
                // like that one says a second repair() finds nothing.
                if (fromScratch)
                    break;
                fromScratch = true;
                // Not reported as progress either; it may still be cancelled.
                if (options_.progress)
                    mojibakeOptions_.progress = [this](std::uint64_t, std::uint64_t) {
                        return options_.progress(std::uint64_t(double(total_) * 0.9), total_);
                    };
                continue;
            }
            fromScratch = false;
            mojibakeOptions_.progress = nullptr;
            written = std::move(nowWritten);
            const std::size_t size = text_.size();
            recordMojibakeRound(std::move(m));
            shortened = text_.size() < size;
        }
        return Outcome::Unchanged; // the line-ending mix stays; the cycle does not repeat for it
    }

    // How a round of the mojibake repair runs: carrying `evidence`, judging the runs of `only`
    // (null: every run), its fixes' spans into `written`.
    detail::MojibakeRun mojibakeRound(detail::MojibakeEvidence& evidence,
                                      const std::vector<detail::ByteSpan>* only,
                                      std::vector<detail::ByteSpan>& written) {
        // The text is well-formed here: the steps before made it so (or refused).
        detail::MojibakeRun run;
        run.copyWhenUnchanged = false;
        run.edits = &edits_;
        // More fixes than the report has room for: no later change is listed, and no offset
        // is mapped back through this round's edits.
        const std::size_t room = cap_ - std::min(cap_, result_.report.changes.size());
        if (mojibakeOptions_.maxReportedFixes >= room)
            run.maxEdits = room;
        run.knownWellFormed = true;
        run.evidence = &evidence;
        run.only = only;
        run.written = &written;
        return run;
    }

    // A round's fixes into the report, and its text the current one.
    void recordMojibakeRound(MojibakeResult&& m) {
        RepairReport& report = result_.report;
        const std::size_t first = report.changes.size();
        report.counts[std::size_t(RepairKind::Mojibake)] += m.fixCount;
        addFixesByPage(fixesByPage_, m.fixesByPage);
        for (MojibakeFix& f : m.fixes)
            if (report.changes.size() < cap_)
                report.changes.push_back(mojibakeChange(std::move(f)));
        replaceWith(std::move(m.text), true);
        finishStep(first);
    }

    // The line-ending mix stays: C1 controls become non-ASCII characters (U+0085 NEXT LINE is
    // not a line ending the report counts).
    Outcome fixC1() {
        if (findC1Punctuation(text_) == std::string_view::npos)
            return Outcome::Unchanged;
        const std::size_t first = result_.report.changes.size();
        replaceWith(repairC1(text_, options_.c1, result_.report, cap_, &edits_), true);
        finishStep(first);
        return Outcome::Changed;
    }

    Outcome normalizeText() {
        // A run normalize() refuses is refused even in text already in the form, as the streamed
        // repair refuses it on sight (repair_windows.h): the same answer either way.
        if (detail::overlongNonStarterRun(text_) == std::string_view::npos &&
            detail::isNormalizedWellFormed(text_, *options_.normalForm))
            return Outcome::Unchanged;
        u8codec::Result<Normalized> n = normalize(text_, *options_.normalForm, cap_);
        if (!n.ok()) {
            result_.status = {n.error().code, "normalisation failed: " + n.message()};
            return Outcome::Stop;
        }
        const std::size_t first = result_.report.changes.size();
        // Only the first cap_ spans are known (normalize() was asked for no more): with more,
        // the report is full and no later change is listed, so no later offset needs them.
        detail::recordNormalization(text_, *n, *options_.normalForm, result_.report, cap_, &edits_);
        finishStep(first);
        replaceWith(std::move(n->text), true);
        return Outcome::Changed;
    }

    // Line endings last: they are counted, not listed, so no later offset depends on them.
    Outcome fixLineEndings() {
        RepairReport& report = result_.report;
        if (inputMix_ && scanned_) {
            // The scan's counts are the input's (a CR LF pair counts once). Without a scan, the
            // text counted has the input's mix (inputMix_) or is the one to count.
            report.lineEndings.crlf = summary_.crlf;
            report.lineEndings.lf = summary_.lineFeeds - summary_.crlf;
            report.lineEndings.cr = summary_.carriageReturns - summary_.crlf;
        } else {
            report.lineEndings = countLineEndings(asBytes(text_));
        }
        if (!options_.lineEnding)
            return Outcome::Unchanged;
        const LineEndingMix& mix = report.lineEndings;
        const std::uint64_t already = *options_.lineEnding == LineEnding::Lf     ? mix.lf
                                      : *options_.lineEnding == LineEnding::CrLf ? mix.crlf
                                                                                 : mix.cr;
        if (already == mix.total())
            return Outcome::Unchanged;
        std::uint64_t rewritten = 0;
        std::string normalised = normalizeLineEndings(text_, *options_.lineEnding, &rewritten);
        report.counts[std::size_t(RepairKind::LineEnding)] += rewritten;
        replaceWith(std::move(normalised));
        return Outcome::Changed;
    }

    // Every step done: the mojibake fixes judged, the text into the result.
    void finish() {
        judgeMojibakeFixes(result_.report, fixesByPage_);
        if (text_.data() == owned_.data())
            result_.text = std::move(owned_);
        else if (givenUp_ && text_.data() == givenUp_->data())
            result_.text = std::move(*givenUp_); // unchanged: no copy of a large clean file
        else
            result_.text = std::string(text_);
        result_.report.outputBytes = result_.text.size();
    }

    // The steps in order. The mojibake repair, C1 controls, normalisation and stray BOMs are one
    // step that repeats them (cycle()).
    static constexpr Step kSteps[] = {
        {"cesu-8", &Pipeline::wantsCesu, &Pipeline::repairCesuStep, -1, false},
        {"invalid sequences", &Pipeline::hasInvalid, &Pipeline::repairInvalidStep, 0.2, false},
        {"byte order marks", &Pipeline::wantsBom, &Pipeline::fixBom, -1, false},
        {"mojibake, C1 controls, normal form", &Pipeline::always, &Pipeline::cycle, -1, false},
        {"line endings", &Pipeline::always, &Pipeline::fixLineEndings, 1.0, false},
    };

    // Normalising can put new neighbours side by side ("A" + U+030A becomes "Å"): when it
    // changed the text, the mojibake repair looks again, and the result is normalised again.
    // The mojibake repair can restore a byte order mark ("ï»¿" is EF BB BF read as
    // windows-1252), which the BOM step then takes out, and taking one out can put damage side
    // by side again ("ï" + U+FEFF + "»¿", where invalid bytes were read as windows-1252). The
    // C1 step runs after the mojibake repair (see repair()) and can make mojibake of what that
    // left ("Р" + U+0084 becomes "Р„", which is "Є" read as windows-1251), so it is followed the
    // same way.
    static constexpr Step kCycleSteps[] = {
        {"mojibake", &Pipeline::wantsMojibake, &Pipeline::repairMojibakeToFixpoint, 0.9, false},
        {"C1 controls", &Pipeline::wantsC1, &Pipeline::fixC1, -1, true},
        {"normal form", &Pipeline::wantsNormalForm, &Pipeline::normalizeText, -1, true},
        {"byte order marks", &Pipeline::wantsMojibake, &Pipeline::fixBom, -1, true},
    };

    const RepairOptions& options_;
    std::string* const givenUp_;
    const std::size_t cap_; // changes listed at most
    RepairResult result_;
    std::string owned_;
    std::string_view text_;
    // Whether `text_` has the input's line-ending mix. The mojibake repair and normalisation keep
    // it: they rewrite non-ASCII characters (and spaces between them) into non-empty non-ASCII
    // text, so no CR or LF appears, disappears or meets another. Dropping an invalid byte or a
    // stray BOM between CR and LF does join them.
    bool inputMix_ = true;
    const std::uint64_t total_;
    // Input of this many bytes or more is scanned (run()): summary_ holds its counts.
    static constexpr std::uint64_t kScannedFrom = 4096;
    ScanSummary summary_{};
    bool scanned_ = false;
    bool valid_ = false;
    std::vector<OffsetMap> maps_;
    std::vector<TextEdit> edits_;
    std::uint32_t pass_ = 0;
    MojibakeOptions mojibakeOptions_;
    std::vector<std::uint64_t> fixesByPage_; // over every round
};

} // namespace

RepairResult repair(std::span<const std::uint8_t> bytes, const RepairOptions& options) {
    return Pipeline(bytes, options, nullptr).run();
}

RepairResult repair(std::string&& text, const RepairOptions& options) {
    return Pipeline(asBytes(text), options, &text).run();
}

} // namespace u8convert
