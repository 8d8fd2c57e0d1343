// bidi-unterminated: the per-line stack of embeddings, overrides and isolates.
#include "audit_detail.h"

namespace u8convert::audit_detail {
using namespace u8codec;

void BidiTracker::onChar(const AuditChar& c, RuleContext& ctx) {
    if (c.error || c.allowed)
        return;
    if (endsLine(c.cp)) {
        endLine(ctx);
        return;
    }
    const BidiClass cls = bidiClassOf(c.cp);
    switch (cls) {
    case BidiClass::Embedding:
    case BidiClass::Override:
    case BidiClass::Isolate: {
        const Opener o{c.cp, cls, c.offset, c.line, c.column, c.length};
        if (depth_ < kMaxDepth)
            stack_[depth_++] = o;
        else
            report(o, ctx); // past max_depth: UAX #9 ignores it, and so nothing closes it
        return;
    }
    case BidiClass::PopFormatting:
        // UAX #9 X7: a PDF closes the last embedding or override, and nothing when an isolate
        // is the last thing open.
        if (depth_ > 0 && stack_[depth_ - 1].cls != BidiClass::Isolate) {
            --depth_;
            return;
        }
        break;
    case BidiClass::PopIsolate:
        // UAX #9 X6a: a PDI closes the last isolate and every embedding opened after it.
        for (std::size_t i = depth_; i-- > 0;) {
            if (stack_[i].cls == BidiClass::Isolate) {
                depth_ = i;
                return;
            }
        }
        break;
    case BidiClass::None:
    case BidiClass::Mark:
        return;
    }
    if (ctx.code() && ctx.wants(AuditKind::BidiUnterminated))
        ctx.addCharacterFinding(AuditKind::BidiUnterminated, c, explainUnpairedPop(c.cp));
}

void BidiTracker::endLine(RuleContext& ctx) {
    // UAX #9 X8 ends every embedding, override and isolate at the end of its paragraph. In code
    // that is too late: the reordering has already crossed the tokens after it on the line (the
    // Trojan Source attacks). Prose relies on X8 (Hebrew catalogues open their messages with
    // RLE and never close it, or close a two-paragraph message in the second), and X6a/X7
    // ignore a stray pop; so the text profile reports neither, only overrides (bidi-control).
    // An isolate is another matter (UAX #9 section 2.4): LRI, RLI and FSI exist to be closed by a
    // PDI, and one left open at the end of a line of Markdown or prose runs on into the next line
    // that a renderer joins to its paragraph; so text reports those.
    for (std::size_t i = 0; i < depth_; ++i)
        if (ctx.code() || stack_[i].cls == BidiClass::Isolate)
            report(stack_[i], ctx);
    depth_ = 0;
}

void BidiTracker::report(const Opener& o, RuleContext& ctx) {
    if (!ctx.wants(AuditKind::BidiUnterminated))
        return;
    AuditChar c;
    c.cp = o.cp;
    c.offset = o.offset;
    c.length = o.length;
    c.line = o.line;
    c.column = o.column;
    ctx.addCharacterFinding(AuditKind::BidiUnterminated, c, explainUnterminated(o.cp));
}

} // namespace u8convert::audit_detail
