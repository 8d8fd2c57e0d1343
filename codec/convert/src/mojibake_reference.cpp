// The reference of the mojibake repair (mojibake_reference.h). It reuses the rules (judgeRun(),
// and through it bestRepair() and RunRewrite; credit(), made(), shows()) and none of the
// shortcuts: each run is decoded with the codec's segmenter and judged whole, every time, even
// where the fast path's readRun() sees no pair of a lead and a continuation image and passes over
// it (the tests so hold that quick rejection too).
#include "mojibake_reference.h"

#include "mojibake_assemble.h"
#include "mojibake_pass.h"
#include "mojibake_score.h"
#include "u8codec/segmenter.h"

#include <algorithm>
#include <span>

namespace u8convert::detail {
using namespace u8codec;

namespace {

using namespace mojibake;

// A fix found in a run: the bytes [offset, offset + decision.damagedLength) of the text.
struct FoundFix {
    std::size_t offset;
    Decision decision;
};

// The runs of the text: each from a non-ASCII byte over the non-ASCII bytes and spaces after it
// (a space may be a lost A0), up to an ASCII byte that is not a space or the end.
std::vector<ByteSpan> runsOf(std::string_view text) {
    const auto inRun = [&](std::size_t i) {
        return std::uint8_t(text[i]) >= 0x80 || text[i] == ' ';
    };
    std::vector<ByteSpan> runs;
    for (std::size_t i = 0; i < text.size();) {
        if (std::uint8_t(text[i]) < 0x80) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < text.size() && inRun(end))
            ++end;
        runs.push_back({i, end - i});
        i = end;
    }
    return runs;
}

// Of `only` (sorted), the spans from the first that ends after the run begins to the last that
// begins before it ends: in a later round, the fixes of the round before in the run.
std::span<const ByteSpan> spansIn(const ByteSpan& run, const std::vector<ByteSpan>& only) {
    const auto first = std::find_if(only.begin(), only.end(), [&](const ByteSpan& s) {
        return s.offset + s.length > run.offset;
    });
    const auto last = std::find_if(
        first, only.end(), [&](const ByteSpan& s) { return s.offset >= run.offset + run.length; });
    return {first, last};
}

// The characters of the run, decoded by the codec's segmenter; an ill-formed sequence is a
// character 0, which ends every candidate.
std::vector<Char> charsOf(std::string_view text, const ByteSpan& run) {
    std::vector<Char> chars;
    Segmenter segmenter(run.offset);
    const auto add = [&](const Segment& s) {
        chars.push_back({std::size_t(s.offset), s.length, s.isValid() ? s.codePoint : 0});
    };
    segmenter.feed(std::span(reinterpret_cast<const std::uint8_t*>(text.data()) + run.offset,
                             std::size_t(run.length)),
                   add);
    segmenter.finish(add);
    return chars;
}

// One pass: every run (in a later round, every run holding a byte of `only`) judged whole, its
// fixes in order.
std::vector<FoundFix> judgeText(std::string_view text, const Pass& pass,
                                const std::vector<ByteSpan>* only) {
    std::vector<FoundFix> fixes;
    for (const ByteSpan& run : runsOf(text)) {
        const std::span<const ByteSpan> earlier =
            only ? spansIn(run, *only) : std::span<const ByteSpan>();
        if (only && earlier.empty())
            continue;
        std::vector<Char> chars = charsOf(text, run);
        // A piece per character from the start: the plain form of the list the fast paths keep
        // until a fix is applied (mojibake_rewrite.h).
        RunRewrite rewrite(chars, /*perCharacter=*/true);
        rewrite.reset();
        const std::size_t end = run.offset + run.length;
        const char32_t before = run.offset > 0 ? char32_t(text[run.offset - 1]) : char32_t(' ');
        const char32_t after = end < text.size() ? char32_t(text[end]) : char32_t(' ');
        judgeRun(chars, rewrite, before, after, pass, earlier);
        rewrite.forEachFix([&](std::size_t offset, std::size_t length, Decision&& d) {
            completeFix(d, length);
            fixes.push_back({offset, std::move(d)});
        });
    }
    return fixes;
}

// The result: the text with the fixes that are made (made(): by the final evidence), counted
// and reported; `written` receives where each stands in it.
MojibakeResult resultOf(std::string_view text, const std::vector<FoundFix>& fixes,
                        const Evidence& confident, const MojibakeOptions& options,
                        std::vector<ByteSpan>* written) {
    MojibakeResult result;
    if (written)
        written->clear();
    std::size_t copied = 0;
    for (const auto& [offset, d] : fixes) {
        if (!made(d, confident))
            continue;
        result.text += text.substr(copied, offset - copied);
        if (written)
            written->push_back({result.text.size(), d.repairedUtf8.size()});
        result.text += d.repairedUtf8;
        copied = offset + d.damagedLength;
        if (result.fixCount++ == 0)
            result.fixesByPage.assign(kCodePageCount, 0);
        ++result.fixesByPage[std::size_t(d.steps.back())];
        if (result.fixes.size() < options.maxReportedFixes)
            result.fixes.push_back(reportOf(text, offset, d));
    }
    result.text += text.substr(copied);
    return result;
}

// Each fix credited as evidence.
void creditAll(Evidence& confident, const std::vector<FoundFix>& fixes) {
    for (const FoundFix& f : fixes)
        credit(confident, f.decision);
}

} // namespace

MojibakeResult referenceRepairMojibake(std::string_view utf8, const MojibakeOptions& options,
                                       const ReferenceRun& run) {
    // The evidence the earlier rounds found, and the pages the user says the text was read
    // through, which show from the start.
    Evidence confident = run.evidence ? *run.evidence : Evidence{};
    for (CodePage cp : options.assumedPages)
        confident[std::size_t(cp)] =
            std::max<std::uint64_t>(confident[std::size_t(cp)], kClearGain);
    // The first pass counts evidence; a later round that brings evidence judges once, with it.
    if (!(run.only && anyEvidence(confident))) {
        creditAll(confident,
                  judgeText(utf8,
                            Pass(options, {.evidence = nullptr,
                                           .shortText = isShortText(options, utf8.size())}),
                            run.only));
        creditLostNbsp(utf8, utf8.size(), options, confident);
    }
    // The second decides knowing which pages the text shows; without any, nothing is repaired.
    std::vector<FoundFix> fixes;
    if (anyEvidence(confident)) {
        const Evidence evidence = confident;
        fixes = judgeText(utf8,
                          Pass(options, {.evidence = &evidence,
                                         .collect = true,
                                         .shortText = isShortText(options, utf8.size())}),
                          run.only);
        creditAll(confident, fixes);
    }
    if (run.evidence)
        *run.evidence = confident;
    return resultOf(utf8, fixes, confident, options, run.written);
}

} // namespace u8convert::detail
