// The Auditor: the character stream handed to each rule, plain ASCII skipped while every rule is
// quiet, ill-formed UTF-8 found in the same pass, findings released in offset order.
#include "u8convert/audit.h"

#include "audit_detail.h"
#include "audit_syntax.h"
#include "u8codec/problem_locator.h"
#include "u8codec/segmenter.h"

#include <algorithm>

namespace u8convert {
using namespace u8codec;

using namespace audit_detail;

struct Auditor::Impl {
    explicit Impl(AuditOptions o)
        : options(std::move(o)), context{options, findings}, lexer(options.syntax),
          identifiers(options),
          watchIdentifiers((options.kinds & (kindBit(AuditKind::Confusable) |
                                             kindBit(AuditKind::MixedScript))) != 0),
          watchNfc((options.kinds & kindBit(AuditKind::NotNfc)) != 0) {}

    AuditOptions options;
    FindingQueue findings;
    RuleContext context;
    Segmenter segmenter;
    ProblemScanner problems;
    ProblemLocator locator;
    CodeLexer lexer; // code profile: identifiers apart from comments and strings
    BidiTracker bidi;
    MarkTracker marks;
    IdentifierTracker identifiers;
    PunctuationTracker punctuation; // code profile
    NfcTracker nfc;
    const bool watchIdentifiers, watchNfc;
    static constexpr std::size_t kStretch = 4096;
    std::uint64_t offset = 0; // of the next byte
    TextPosition position;    // of the next byte

    bool quiet() const noexcept {
        return segmenter.atBoundary() && !problems.pending() && bidi.quiet() && marks.quiet() &&
               punctuation.quiet() && (!watchIdentifiers || identifiers.quiet()) &&
               (!watchNfc || nfc.quiet());
    }
    std::uint64_t watermark() const noexcept {
        std::uint64_t w = offset;
        if (problems.pending())
            w = std::min(w, locator.earliestPending());
        w = std::min({w, bidi.earliest(), marks.earliest(), punctuation.earliest()});
        if (watchIdentifiers)
            w = std::min(w, identifiers.earliest());
        if (watchNfc)
            w = std::min(w, nfc.earliest());
        return w;
    }

    void feed(std::span<const std::uint8_t> bytes, const Sink& sink);
    void skipPlainAscii(const std::uint8_t* p, const PlainAsciiRun& run);
    void onSegment(const Segment& s, std::span<const std::uint8_t> bytes);
    void onProblem(const Problem& p);
    void finish(const Sink& sink);
};

// The queue's sink for the length of one call.
struct SinkScope {
    SinkScope(FindingQueue& q, const Auditor::Sink& sink) : queue(q) { queue.setSink(&sink); }
    ~SinkScope() { queue.setSink(nullptr); }
    SinkScope(const SinkScope&) = delete;
    SinkScope& operator=(const SinkScope&) = delete;
    FindingQueue& queue;
};

void Auditor::Impl::feed(std::span<const std::uint8_t> bytes, const Sink& sink) {
    const SinkScope scope(findings, sink);
    const std::uint8_t* p = bytes.data();
    const std::size_t n = bytes.size();
    const auto onSegmentThunk = [this](const Segment& s, std::span<const std::uint8_t> b) {
        onSegment(s, b);
    };
    for (std::size_t pos = 0; pos < n;) {
        if (quiet()) {
            const PlainAsciiRun run = plainAsciiRun(p + pos, n - pos);
            if (run.length != 0) {
                findings.release(watermark(), sink);
                skipPlainAscii(p + pos, run);
                pos += run.length;
                continue;
            }
        }
        // Character by character: a stretch of non-ASCII bytes (at most kStretch, so that the
        // findings held stay few), or one ASCII byte.
        std::size_t m = 1;
        if (p[pos] >= 0x80)
            while (m < kStretch && pos + m < n && p[pos + m] >= 0x80)
                ++m;
        segmenter.feed(bytes.subspan(pos, m), onSegmentThunk);
        pos += m;
        if (!findings.empty())
            findings.release(watermark(), sink);
    }
}

// What the rules would have done character by character over plain ASCII while quiet: nothing
// but follow the position, the identifier that may go on past the run, the NFC segment its last
// character starts and the character a variation selector after it would follow.
void Auditor::Impl::skipPlainAscii(const std::uint8_t* p, const PlainAsciiRun& run) {
    const std::size_t n = run.length;
    position.advanceAscii(n, run.lineFeeds, run.afterLastLf);
    offset += n;
    segmenter = Segmenter(offset);
    if (context.code()) {
        // Whether the context changed is not needed: while quiet no bidi context is open, so a
        // change ends none.
        static_cast<void>(lexer.onAscii(p, n));
        punctuation.afterPlainAscii(p, n);
        identifiers.setInText(lexer.inText());
    }
    if (watchIdentifiers)
        identifiers.afterPlainAscii(p, n, offset, position.line, position.column);
    const std::uint8_t last = p[n - 1];
    if (watchNfc)
        nfc.afterPlainAscii(last, offset - 1, position.line, position.column - 1);
    marks.afterPlainAscii(last, run.lineFeeds != 0);
}

void Auditor::Impl::onSegment(const Segment& s, std::span<const std::uint8_t> bytes) {
    locator.onSegment(s, position.line, position.column);
    problems.onSegment(s, bytes, [this](const Problem& p) { onProblem(p); });
    AuditChar c;
    c.cp = s.isValid() ? s.codePoint : char32_t(0xFFFD);
    c.offset = s.offset;
    c.length = s.length;
    c.line = position.line;
    c.column = position.column;
    c.error = !s.isValid();
    c.allowed = !c.error && !options.allowlist.empty() && options.allowlist.contains(c.cp);
    if (!c.error)
        c.traits = traitsOf(c.cp);
    bool inText = false; // in a comment or string of code
    if (context.code()) {
        if (lexer.onChar(c.cp))
            bidi.endContext(context);
        inText = lexer.inText();
        identifiers.setInText(inText);
    }
    if (!c.traits.has(CharTraits::kOrdinary)) {
        bidi.onChar(c, context);
        const auto kind = characterKind(c, options.profile);
        // Comments and strings are text: a no-break space there is typography (French "« »"),
        // a soft hyphen where a word may break (Dutch), LRM, RLM and ALM set the direction of
        // right-to-left text (locale data); they embed, override or isolate nothing, so rustc's
        // text_direction_codepoint_in_literal leaves them alone too.
        const bool prose = inText && ((kind && *kind == AuditKind::SpaceLookalike) ||
                                      c.cp == 0x00AD || bidiClassOf(c.cp) == BidiClass::Mark);
        if (kind && context.wants(*kind) && !prose)
            context.addCharacterFinding(*kind, c, explainCharacter(*kind, c.cp, options.profile));
    }
    if (context.code() && options.syntax.lexed)
        punctuation.onChar(c, !inText, context);
    marks.onChar(c, context);
    if (watchIdentifiers)
        identifiers.onChar(c, context);
    if (watchNfc)
        nfc.onChar(c, context);
    offset = s.end();
    position.advance(s);
}

void Auditor::Impl::onProblem(const Problem& p) {
    // Located even when the kind is not wanted: the locator holds each run of error segments
    // until its problem is located, so skipping it would keep every run of the stream (and hold
    // the watermark back at the first).
    const LocatedProblem located = locator.locate(p);
    if (!context.wants(AuditKind::InvalidUtf8))
        return;
    AuditFinding f;
    f.kind = AuditKind::InvalidUtf8;
    f.offset = p.offset;
    f.length = p.length;
    f.line = located.line;
    f.column = located.column;
    f.message = explain(p);
    f.problem = p;
    findings.add(std::move(f));
}

void Auditor::Impl::finish(const Sink& sink) {
    const SinkScope scope(findings, sink);
    segmenter.finish(
        [this](const Segment& s, std::span<const std::uint8_t> b) { onSegment(s, b); });
    problems.finish([this](const Problem& p) { onProblem(p); });
    bidi.finish(context);
    marks.finish(context);
    punctuation.finish();
    if (watchIdentifiers)
        identifiers.finish(context);
    if (watchNfc)
        nfc.finish(context);
    findings.release(kNothingPending, sink);
}

Auditor::Auditor(AuditOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
Auditor::~Auditor() = default;

void Auditor::feed(std::span<const std::uint8_t> bytes, const Sink& sink) {
    impl_->feed(bytes, sink);
}

void Auditor::finish(const Sink& sink) {
    impl_->finish(sink);
}

const AuditOptions& Auditor::options() const noexcept {
    return impl_->options;
}

std::vector<AuditFinding> audit(std::span<const std::uint8_t> bytes, const AuditOptions& options) {
    std::vector<AuditFinding> out;
    Auditor auditor(options);
    const auto keep = [&](const AuditFinding& f) { out.push_back(f); };
    auditor.feed(bytes, keep);
    auditor.finish(keep);
    return out;
}

namespace audit_detail {

namespace {

// Offset order; at one offset, the order of the kinds in audit.h, then the order found.
bool before(const AuditFinding& a, std::uint64_t aSeq, const AuditFinding& b, std::uint64_t bSeq) {
    if (a.offset != b.offset)
        return a.offset < b.offset;
    if (a.kind != b.kind)
        return a.kind < b.kind;
    return aSeq < bSeq;
}

} // namespace

void FindingQueue::add(AuditFinding f) {
    // Kept sorted; most findings come last in order, so the place is searched from the back.
    auto at = held_.end();
    while (at != held_.begin() && before(f, seq_, std::prev(at)->finding, std::prev(at)->seq))
        --at;
    held_.insert(at, Held{seq_++, std::move(f)});
    // Checked at every finding, not when the driver releases, so that what is let go early
    // depends on the stream only, never on its chunking.
    while (held_.size() > kCapacity && sink_) {
        (*sink_)(held_.front().finding);
        held_.pop_front();
    }
}

void FindingQueue::release(std::uint64_t watermark, const Auditor::Sink& sink) {
    while (!held_.empty() && held_.front().finding.offset < watermark) {
        sink(held_.front().finding);
        held_.pop_front();
    }
}

void RuleContext::addCharacterFinding(AuditKind k, const AuditChar& c, std::string message) {
    AuditFinding f;
    f.kind = k;
    f.offset = c.offset;
    f.length = c.length;
    f.line = c.line;
    f.column = c.column;
    f.codePoints = {c.cp};
    f.message = std::move(message);
    findings.add(std::move(f));
}

} // namespace audit_detail

} // namespace u8convert
