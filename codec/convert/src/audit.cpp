// The Auditor: the character stream handed to each rule, plain ASCII skipped while every rule is
// quiet, ill-formed UTF-8 found in the same pass, findings released in offset order.
#include "u8convert/audit.h"

#include "audit_detail.h"
#include "audit_syntax.h"
#include "u8codec/byte_class.h"
#include "u8codec/problem_locator.h"
#include "u8codec/segmenter.h"

#include <algorithm>
#include <bit>
#include <memory>
#include <unicode/uscript.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace u8convert {
using namespace u8codec;

using namespace audit_detail;

struct Auditor::Impl {
    explicit Impl(AuditOptions o)
        : shared(std::make_shared<const AuditOptions>(std::move(o))), options(*shared),
          context{options, findings}, lexer(options.syntax), identifiers(options),
          watchIdentifiers((options.kinds & (kindBit(AuditKind::Confusable) |
                                             kindBit(AuditKind::MixedScript))) != 0),
          watchNfc((options.kinds & kindBit(AuditKind::NotNfc)) != 0) {}

    // A copy where the original stands (Auditor's copy constructor): the same options, which
    // the rules hold by reference, and everything else the original's; the rules' context
    // names the copy's own queue.
    Impl(const Impl& o)
        : shared(o.shared), options(*shared), findings(o.findings), context{options, findings},
          segmenter(o.segmenter), problems(o.problems), locator(o.locator), lexer(o.lexer),
          bidi(o.bidi), marks(o.marks), identifiers(o.identifiers), punctuation(o.punctuation),
          nfc(o.nfc), watchIdentifiers(o.watchIdentifiers), watchNfc(o.watchNfc),
          contextChanges(o.contextChanges), offset(o.offset), position(o.position),
          runScript(o.runScript) {}
    Impl& operator=(const Impl&) = delete;

    std::shared_ptr<const AuditOptions> shared; // the options, shared by the copies
    const AuditOptions& options;
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
    // While identifiers are compared pairwise, plain ASCII is skipped this much at a time, so
    // that the lexer's context changes inside a run stay few.
    static constexpr std::size_t kPairsSlice = 16 * 1024;
    std::vector<ContextChange> contextChanges;
    std::uint64_t offset = 0; // of the next byte
    TextPosition position;    // of the next byte

    bool quiet() const noexcept {
        return segmenter.atBoundary() && !problems.pending() && bidi.quiet() && marks.quiet() &&
               punctuation.quiet() && (!watchIdentifiers || identifiers.quiet()) &&
               (!watchNfc || nfc.quiet());
    }
    // A word that holds a non-ASCII letter, the only thing a rule waits for, ends at the plain
    // ASCII byte b that is no word character: its checks run now, and b starts a run of plain
    // ASCII (character by character, b would end the word and leave nothing the run does not;
    // prose is words of other scripts between spaces and punctuation).
    bool endWordBefore(std::uint8_t b) {
        if (!watchIdentifiers || identifiers.quiet() || !isPlainAscii(b) ||
            !segmenter.atBoundary() || problems.pending() || !bidi.quiet() || !marks.quiet() ||
            !punctuation.quiet() || (watchNfc && !nfc.quiet()))
            return false;
        return identifiers.endWordBefore(b, context);
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

    // The script of the last character when it was a letter that goes on a run of one script
    // (runLetterScript()), kNoRun otherwise.
    static constexpr std::uint8_t kNoRun = CharTraits::kSeveralScripts;
    std::uint8_t runScript = kNoRun;

    void feed(std::span<const std::uint8_t> bytes, const Sink& sink);
    std::size_t readCharacters(std::span<const std::uint8_t> bytes, std::size_t stretch);
    std::size_t readRun(std::span<const std::uint8_t> bytes);
    void skipPlainAscii(const std::uint8_t* p, const PlainAsciiRun& run);
    void onSegment(const Segment& s, std::span<const std::uint8_t> bytes);
    void onCharacter(const Segment& s, std::span<const std::uint8_t> bytes, const CharTraits& t,
                     bool contextChanged);
    std::uint8_t runLetterScript(char32_t cp, const CharTraits& t) const noexcept;
    std::uint8_t runLetterFlags() const noexcept;
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

namespace {
std::size_t nonAsciiRun(const std::uint8_t* p, std::size_t n) noexcept;
} // namespace

void Auditor::Impl::feed(std::span<const std::uint8_t> bytes, const Sink& sink) {
    const SinkScope scope(findings, sink);
    const std::uint8_t* p = bytes.data();
    const std::size_t n = bytes.size();
    for (std::size_t pos = 0; pos < n;) {
        // A run of plain ASCII starts at an ASCII byte.
        if (p[pos] < 0x80 && (quiet() || endWordBefore(p[pos]))) {
            const bool pairs = watchIdentifiers && identifiers.comparingPairs();
            const PlainAsciiRun run =
                plainAsciiRun(p + pos, pairs ? std::min(n - pos, kPairsSlice) : n - pos);
            if (run.length != 0) {
                findings.release(watermark(), sink);
                skipPlainAscii(p + pos, run);
                pos += run.length;
                continue;
            }
        }
        // Character by character: a stretch of non-ASCII bytes (at most kStretch, so that the
        // findings held stay few), or one ASCII byte.
        const std::size_t m =
            p[pos] >= 0x80 ? nonAsciiRun(p + pos, std::min(kStretch, n - pos)) : 1;
        pos += readCharacters(bytes.subspan(pos), m);
        if (!findings.empty())
            findings.release(watermark(), sink);
    }
}

namespace {

// The bytes from 0x80 at the start of p[0, n), n at most: 16 at a time (their sign bits), then
// one by one.
std::size_t nonAsciiRun(const std::uint8_t* p, std::size_t n) noexcept {
    std::size_t m = 0;
#if defined(__SSE2__)
    for (; m + 16 <= n; m += 16) {
        const auto high = std::uint32_t(
            _mm_movemask_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + m))));
        if (high != 0xFFFF)
            return m + std::size_t(std::countr_one(high));
    }
#endif
    while (m < n && p[m] >= 0x80)
        ++m;
    return m;
}

// The whole well-formed character at p[0, n) as the segmenter would deliver it, at stream
// offset `at`; a segment of length 0 where the bytes are not one (ill-formed, or cut off at n).
[[gnu::always_inline]] inline Segment wellFormedAt(const std::uint8_t* p, std::size_t n,
                                                   std::uint64_t at) noexcept {
    const std::uint8_t lead = p[0];
    if (lead < 0x80)
        return {at, 1, ErrorKind::None, lead};
    if (lead < 0xC2 || lead > 0xF4)
        return {};
    const std::uint8_t length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    if (n < length || !firstContinuationRange(lead).contains(p[1]))
        return {};
    char32_t cp = lead & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07);
    for (std::uint8_t i = 1; i < length; ++i) {
        if ((p[i] & 0xC0) != 0x80)
            return {};
        cp = (cp << 6) | (p[i] & 0x3F);
    }
    return {at, length, ErrorKind::None, cp};
}

} // namespace

// Character by character, the first `stretch` bytes of `bytes` and the letters of a run of one
// script that go on past them (readRun()); returns the bytes read. Whole well-formed characters
// are decoded here (UTF-8 is mostly them); the segmenter gets the rest, the bytes up to the next
// one that may start a character, and decides the error segments and the sequences cut off at
// the end of the chunk.
std::size_t Auditor::Impl::readCharacters(std::span<const std::uint8_t> bytes,
                                          std::size_t stretch) {
    const auto onSegmentThunk = [this](const Segment& s, std::span<const std::uint8_t> b) {
        onSegment(s, b);
    };
    std::size_t i = 0;
    while (i < stretch) {
        if (segmenter.atBoundary()) {
            if (runScript != kNoRun) {
                const std::size_t run = readRun(bytes.subspan(i));
                i += run;
                if (run != 0)
                    continue;
            }
            const Segment s = wellFormedAt(bytes.data() + i, bytes.size() - i, offset);
            if (s.length != 0) {
                onSegment(s, bytes.subspan(i, s.length));
                i += s.length;
                continue;
            }
            segmenter = Segmenter(offset); // it is behind by the characters read here
        }
        std::size_t k = 1;
        while (i + k < stretch && (bytes[i + k] & 0xC0) == 0x80)
            ++k;
        segmenter.feed(bytes.subspan(i, k), onSegmentThunk);
        i += k;
    }
    return i;
}

// The letters that go on a run of one script (runScript, set by the letter before them): what
// the rules do with each, when every tracker but the identifier one is quiet, depends on the
// last letter only: the character before a joiner (and its script), the NFC segment (each letter
// starts one that needs no check), the last significant character before a '-'. No rule reports
// such a letter, the locator and the problem scanner hold nothing after a valid character. So
// the letters are only added to the word being read, and the other trackers learn the last one.
// Prose is mostly such runs. Returns the bytes read (none when the first character goes on no
// run); a letter the lexer finds ending a comment or string is read the whole way, last.
std::size_t Auditor::Impl::readRun(std::span<const std::uint8_t> bytes) {
    if (!marks.quiet() || !punctuation.quiet() || (watchNfc && !nfc.quiet()))
        return 0;
    // A letter of the run's script goes on it when it has runLetterScript()'s flags (the script
    // is that of a letter that went on one: neither Common nor Inherited, Latin for ASCII).
    const std::uint8_t script = runScript;
    const std::uint8_t needed = runLetterFlags();
    const bool allowlist = !options.allowlist.empty();
    const bool code = context.code();
    std::size_t used = 0;
    Segment last, ender;          // the last letter of the run; one that ends a comment or string
    bool sawScriptLetter = false; // a letter that is not ASCII: the marks' script
    // The offset and column of the next character, kept here while the letters are stored.
    std::uint64_t at = offset, column = position.column;
    while (used < bytes.size()) {
        const Segment s = wellFormedAt(bytes.data() + used, bytes.size() - used, at);
        if (s.length == 0)
            break;
        const char32_t cp = s.codePoint;
        const CharTraits t = traitsOf(cp);
        if (t.script != script || (t.flags & needed) != needed ||
            (allowlist && options.allowlist.contains(cp)) ||
            (watchIdentifiers && !identifiers.takesLetter()))
            break;
        if (code && lexer.onChar(cp)) {
            ender = s;
            break;
        }
        if (watchIdentifiers)
            identifiers.takeLetter(cp, s.offset, s.length);
        sawScriptLetter = sawScriptLetter || cp >= 0x80;
        last = s;
        used += s.length;
        at = s.end();
        ++column;
    }
    offset = at;
    position.column = column;
    if (used != 0 && watchIdentifiers)
        identifiers.tookLetters(script);
    if (used != 0) {
        AuditChar c;
        c.cp = last.codePoint;
        c.offset = last.offset;
        c.length = last.length;
        c.line = position.line;
        c.column = position.column - 1;
        c.traits = traitsOf(c.cp);
        locator.onSegment(last, c.line, c.column); // valid: no error run goes on
        marks.continueRun(c.cp, sawScriptLetter, script);
        if (context.code() && options.syntax.lexed)
            punctuation.continueRun(c.cp);
        if (watchNfc)
            nfc.continueRun(c);
    }
    if (ender.length != 0) {
        onCharacter(ender, bytes.subspan(used, ender.length), traitsOf(ender.codePoint), true);
        used += ender.length;
    }
    return used;
}

// What the rules would have done character by character over plain ASCII while quiet: nothing
// but follow the position, the identifier that may go on past the run, the NFC segment its last
// character starts and the character a variation selector after it would follow.
void Auditor::Impl::skipPlainAscii(const std::uint8_t* p, const PlainAsciiRun& run) {
    const std::size_t n = run.length;
    const TextPosition start = position;
    const std::uint64_t startOffset = offset;
    position.advanceAscii(n, run.lineFeeds, run.afterLastLf);
    offset += n;
    segmenter = Segmenter(offset);
    // A word that goes on past the run with a letter: its ASCII letters are Latin ones.
    const std::uint8_t lastByte = p[n - 1];
    runScript =
        (lastByte | 0x20) >= 'a' && (lastByte | 0x20) <= 'z' ? std::uint8_t(USCRIPT_LATIN) : kNoRun;
    if (context.code()) {
        // Whether the context changed is not needed: while quiet no bidi context is open, so a
        // change ends none (and the pairs read where it changed from `contextChanges`).
        if (watchIdentifiers && identifiers.comparingPairs()) {
            const bool inText = lexer.inText();
            contextChanges.clear();
            static_cast<void>(lexer.onAscii(p, n, &contextChanges));
            identifiers.pairsInAscii(p, n, startOffset, start.line, start.column, inText,
                                     contextChanges, context);
        } else {
            static_cast<void>(lexer.onAscii(p, n));
        }
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
    const char32_t cp = s.isValid() ? s.codePoint : char32_t(0xFFFD);
    const bool contextChanged = context.code() && lexer.onChar(cp);
    onCharacter(s, bytes, s.isValid() ? traitsOf(cp) : CharTraits{}, contextChanged);
}

// Every rule on one character, the lexer's step taken.
void Auditor::Impl::onCharacter(const Segment& s, std::span<const std::uint8_t> bytes,
                                const CharTraits& t, bool contextChanged) {
    AuditChar c;
    c.cp = s.isValid() ? s.codePoint : char32_t(0xFFFD);
    c.offset = s.offset;
    c.length = s.length;
    c.line = position.line;
    c.column = position.column;
    c.error = !s.isValid();
    c.allowed = !c.error && !options.allowlist.empty() && options.allowlist.contains(c.cp);
    c.traits = t;
    bool inText = false; // in a comment or string of code
    if (context.code()) {
        inText = lexer.inText();
        identifiers.setInText(inText);
    }
    locator.onSegment(s, position.line, position.column);
    problems.onSegment(s, bytes, [this](const Problem& p) { onProblem(p); });
    if (contextChanged)
        bidi.endContext(context);
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
    runScript = c.error || c.allowed ? kNoRun : runLetterScript(c.cp, c.traits);
}

// A letter that goes on a run of one script (readRun()): no rule reports it, it starts an NFC
// segment of its own that needs no check, it goes on a word; of one script, which ASCII letters
// share with the Latin ones.
inline std::uint8_t Auditor::Impl::runLetterFlags() const noexcept {
    return CharTraits::kOrdinary | CharTraits::kNfcInert | CharTraits::kLetterOrMark |
           (context.code() ? CharTraits::kIdentifier : CharTraits::kWord);
}

inline std::uint8_t Auditor::Impl::runLetterScript(char32_t cp,
                                                   const CharTraits& t) const noexcept {
    const std::uint8_t needed = runLetterFlags();
    if ((t.flags & needed) != needed || t.script == USCRIPT_COMMON ||
        t.script == USCRIPT_INHERITED || (cp < 0x80 && t.script != USCRIPT_LATIN))
        return kNoRun;
    return t.script;
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
    if (segmenter.atBoundary())
        segmenter = Segmenter(offset);
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
Auditor::Auditor(const Auditor& other) : impl_(std::make_unique<Impl>(*other.impl_)) {}
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
