// The report of a repair in words (toText, toExplanation) and as JSON, and the confidence rule.
#include "byte_view.h"
#include "u8codec/controls.h"
#include "u8codec/json_string.h"
#include "u8codec/problem.h"
#include "u8convert/mojibake.h"
#include "u8convert/repair.h"

#include <cstdio>

namespace u8convert {
using namespace u8codec;

namespace {

using detail::asBytes;

// Ill-formed bytes shown as text: each error segment as U+FFFD (the codec's Replace policy).
std::string printable(std::string_view bytes) {
    return decode(asBytes(bytes), ErrorPolicy::Replace);
}

// Text for a terminal: C1 controls (C2 80..C2 9F) shown as "<U+0093>", since terminals act on
// some of them (U+009B is CSI, ECMA-48 section 5.3) and the C1 step lists nothing but them.
std::string forTerminal(std::string_view utf8) {
    std::string out;
    std::size_t from = 0;
    for (std::size_t at = utf8.find('\xC2'); at != std::string_view::npos;
         at = utf8.find('\xC2', at + 1)) {
        if (at + 1 == utf8.size() || !isC1Control(std::uint8_t(utf8[at + 1])))
            continue;
        out.append(utf8.substr(from, at - from));
        out += '<' + codePointLabel(std::uint8_t(utf8[at + 1])) + '>';
        from = at + 2;
    }
    out.append(utf8.substr(from));
    return out;
}

// The line-ending mix and the counts by kind: the last lines of toText and toExplanation.
std::string totalsText(const RepairReport& r) {
    std::string out;
    out += "line endings in input: " + std::to_string(r.lineEndings.lf) + " LF, " +
           std::to_string(r.lineEndings.crlf) + " CRLF, " + std::to_string(r.lineEndings.cr) +
           " CR\n";
    out += "changes:";
    bool any = false;
    for (int k = 0; k < kRepairKindCount; ++k)
        if (r.counts[std::size_t(k)] != 0) {
            out += ' ' + std::string(name(RepairKind(k))) + '=' +
                   std::to_string(r.counts[std::size_t(k)]);
            any = true;
        }
    if (!any)
        out += " none";
    out += "; " + std::to_string(r.inputBytes) + " bytes in, " + std::to_string(r.outputBytes) +
           " bytes out\n";
    return out;
}

void appendMojibakeFields(std::string& out, const RepairChange& c) {
    out += ",\"pages\":[";
    for (std::size_t i = 0; i < c.pages.size(); ++i) {
        if (i)
            out += ',';
        appendJsonString(out, name(c.pages[i]));
    }
    out += "],\"level\":" + std::to_string(c.pages.size()) + ",\"gain\":" + std::to_string(c.gain) +
           ",\"lost_byte\":" + (c.lostByte ? "true" : "false") +
           ",\"evidence\":" + std::to_string(c.evidence) + ",\"confidence\":";
    appendJsonString(out, name(c.confidence));
}

// "UTF-8 read as windows-1250 (and that result read as windows-1252)".
std::string chainText(const std::vector<CodePage>& pages) {
    if (pages.empty())
        return "a mis-decoding";
    std::string out = "UTF-8 read as " + std::string(name(pages.front()));
    for (std::size_t i = 1; i < pages.size(); ++i)
        out += std::string(i == 1 ? " (and " : ", and ") + "that result read as " +
               std::string(name(pages[i]));
    if (pages.size() > 1)
        out += ')';
    return out;
}

std::string plural(std::uint64_t n, std::string_view one, std::string_view many) {
    return std::to_string(n) + ' ' + std::string(n == 1 ? one : many);
}

std::string explainChange(const RepairChange& c) {
    std::string out = "offset " + std::to_string(c.offset) + ": " + std::string(name(c.kind)) +
                      ": \"" + forTerminal(printable(c.before)) + "\" -> \"" +
                      forTerminal(c.after) + "\"";
    if (c.kind != RepairKind::Mojibake) {
        if (!c.before.empty())
            out += " (bytes " + hexBytes(asBytes(c.before), 12) + ')';
        return out + "\n  " + c.detail + "\n";
    }
    out += "\n  " + chainText(c.pages) + '.';
    if (c.lostByte)
        out += " A byte the damage lost was restored.";
    const std::uint64_t others = c.evidence ? c.evidence - 1 : 0;
    const std::string page = c.pages.empty() ? "that page" : std::string(name(c.pages.front()));
    out += "\n  Evidence: " +
           (others ? plural(others, "other fix", "other fixes") : std::string("no other fix")) +
           " in this file through " + page + '.';
    // What the plausibility model says of the two readings alone: what decides a fix where the
    // text shows no other damage through its page.
    const MojibakeLikelihood l = explainLikelihood(c.before, c.after);
    char nats[32];
    std::snprintf(nats, sizeof nats, "%.1f", l.nats);
    out += "\n  Likelihood: the repair reads " + std::string(nats) +
           " nats likelier in real text; least likely pairs of the damage " +
           forTerminal(l.damagedPairs) + "; of the repair " + forTerminal(l.repairedPairs) + '.';
    std::string why;
    // Asked again only for the reason in words: the confidence itself is c.confidence, judged
    // from the same figures when the change was made.
    static_cast<void>(judgeMojibakeFix(c.gain, c.pages.size(), c.lostByte, c.evidence, &why));
    out += "\n  Confidence: " + std::string(name(c.confidence)) + " (" + why + ").\n";
    return out;
}

} // namespace

std::string_view name(Confidence c) noexcept {
    switch (c) {
    case Confidence::Low:
        return "low";
    case Confidence::Medium:
        return "medium";
    case Confidence::High:
        return "high";
    }
    return "low";
}

Confidence judgeMojibakeFix(int gain, std::size_t level, bool lostByte, std::uint64_t evidence,
                            std::string* why) {
    constexpr int kClearGain = 2;               // reads clearly more plausibly
    constexpr std::uint64_t kWellEvidenced = 3; // fixes through the same page in the text
    const bool evidenced = evidence >= kWellEvidenced;
    if (why) {
        *why = gain >= kClearGain ? "reads " + std::to_string(gain) + " points more plausibly"
               : gain > 0         ? std::string("reads slightly more plausibly")
                                  : std::string("reads no more plausibly than the damage");
        *why += "; " + plural(evidence, "fix", "fixes") + " through the same page in the text";
        if (lostByte)
            *why += "; a lost byte had to be guessed";
        if (level >= 3)
            *why += "; " + std::to_string(level) + " mis-decodings in a row";
    }
    if (lostByte || (gain <= 0 && !evidenced))
        return Confidence::Low;
    if (evidenced || (gain >= kClearGain && level < 3))
        return Confidence::High;
    return Confidence::Medium;
}

std::uint64_t RepairReport::total() const noexcept {
    std::uint64_t t = 0;
    for (auto c : counts)
        t += c;
    return t;
}

std::string RepairReport::toText(std::size_t maxLines) const {
    std::string out;
    std::size_t shown = 0;
    for (const RepairChange& c : changes) {
        if (shown == maxLines)
            break;
        ++shown;
        out += "offset " + std::to_string(c.offset) + ": " + std::string(name(c.kind)) + ": ";
        if (!c.before.empty() || !c.after.empty()) {
            out += hexBytes(asBytes(c.before), 12);
            out +=
                " \"" + forTerminal(printable(c.before)) + "\" -> \"" + forTerminal(c.after) + "\"";
        }
        if (!c.detail.empty())
            out += " (" + c.detail + ")";
        out += '\n';
    }
    // Line endings are counted, not listed one by one.
    const std::uint64_t listable = total() - counts[std::size_t(RepairKind::LineEnding)];
    if (listable > shown)
        out += "... " + std::to_string(listable - shown) + " more change(s) not listed\n";
    out += totalsText(*this);
    return out;
}

std::string RepairReport::toJson() const {
    std::string out = "{\"input_bytes\":" + std::to_string(inputBytes) +
                      ",\"output_bytes\":" + std::to_string(outputBytes) + ",\"counts\":{";
    for (int k = 0; k < kRepairKindCount; ++k) {
        if (k)
            out += ',';
        appendJsonString(out, name(RepairKind(k)));
        out += ':' + std::to_string(counts[std::size_t(k)]);
    }
    out += "},\"line_endings\":{\"lf\":" + std::to_string(lineEndings.lf) +
           ",\"crlf\":" + std::to_string(lineEndings.crlf) +
           ",\"cr\":" + std::to_string(lineEndings.cr) + "},\"total\":" + std::to_string(total()) +
           ",\"changes\":[";
    for (std::size_t i = 0; i < changes.size(); ++i) {
        const RepairChange& c = changes[i];
        if (i)
            out += ',';
        out += "{\"kind\":";
        appendJsonString(out, name(c.kind));
        out += ",\"offset\":" + std::to_string(c.offset) +
               ",\"length\":" + std::to_string(c.length) + ",\"before_hex\":";
        appendJsonString(out, hexBytes(asBytes(c.before), 64));
        out += ",\"before\":";
        appendJsonString(out, printable(c.before));
        out += ",\"after\":";
        appendJsonString(out, c.after);
        out += ",\"detail\":";
        appendJsonString(out, c.detail);
        if (c.kind == RepairKind::Mojibake)
            appendMojibakeFields(out, c);
        out += '}';
    }
    out += "]}";
    return out;
}

std::string RepairReport::toExplanation(std::size_t maxChanges) const {
    std::string out;
    std::array<std::uint64_t, 3> byConfidence{};
    std::size_t shown = 0;
    for (const RepairChange& c : changes) {
        if (c.kind == RepairKind::Mojibake)
            ++byConfidence[std::size_t(c.confidence)];
        if (shown == maxChanges)
            continue;
        ++shown;
        out += explainChange(c);
    }
    const std::uint64_t listable = total() - counts[std::size_t(RepairKind::LineEnding)];
    if (listable > shown)
        out += "... " + std::to_string(listable - shown) + " more change(s) not explained\n";
    if (counts[std::size_t(RepairKind::Mojibake)] != 0)
        out += "mojibake fixes by confidence" +
               std::string(listable > changes.size() ? " (of those listed)" : "") + ": " +
               std::to_string(byConfidence[2]) + " high, " + std::to_string(byConfidence[1]) +
               " medium, " + std::to_string(byConfidence[0]) + " low\n";
    return out + totalsText(*this);
}

bool RepairReport::listsEveryChange() const noexcept {
    return changes.size() == total() - counts[std::size_t(RepairKind::LineEnding)];
}

} // namespace u8convert
