// The hunks of a comparison: the decoded texts aligned by lines (compare_diff.h), each changed
// block aligned again by characters, and each character-level change labelled by the one rule
// that explains it: invalid UTF-8 (problem.h's explanation, as `check` prints it), line endings,
// normal form (UAX #15), invisible characters (audit.h's drawsNothing()), look-alikes (the
// audit's UTS #39 skeletons, asciiLookalike()), mojibake (the repair engine), else a text edit.
#include "compare_detail.h"
#include "compare_diff.h"
#include "u8codec/problem.h"
#include "u8codec/scan.h"
#include "u8convert/audit.h"
#include "u8convert/mojibake.h"
#include "u8convert/normalize.h"

#include <algorithm>
#include <cstring>
#include <deque>
#include <unicode/uchar.h>
#include <unordered_map>

namespace u8convert::compare_detail {
using namespace u8codec;
namespace {

constexpr std::size_t kShownBytes = 200;
// A changed block longer than this on either side is not aligned by characters: one hunk.
constexpr std::size_t kCharacterBlockLimit = std::size_t(64) << 10;

using Bytes = std::span<const std::uint8_t>;

Bytes bytesOf(std::string_view s) {
    return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

// The next character of well-formed UTF-8 at `i` and its length; an invalid byte is one unit
// of its own (U+110000 + its value, outside the code space).
char32_t next(std::string_view s, std::size_t i, std::size_t& len) {
    const auto b = std::uint8_t(s[i]);
    len = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
    if (len > 1 && wellFormedLength(bytesOf(s.substr(i, len))) == len && i + len <= s.size()) {
        char32_t cp = b & (0x7F >> len);
        for (std::size_t k = 1; k < len; ++k)
            cp = (cp << 6) | (std::uint8_t(s[i + k]) & 0x3F);
        return cp;
    }
    if (b < 0x80)
        return b;
    len = 1;
    return 0x110000 + b;
}

std::vector<char32_t> codePoints(std::string_view s) {
    std::vector<char32_t> out;
    for (std::size_t i = 0, len = 0; i < s.size(); i += len)
        out.push_back(next(s, i, len));
    return out;
}

// A mark that attaches to the character before it: compared with it as one unit, so that "é"
// and "e" U+0301 are one change, not a kept "e" and an added accent (UAX #15's non-starters,
// and the general categories of marks).
bool attaches(char32_t cp) {
    if (cp >= 0x110000)
        return false;
    if (u_getCombiningClass(UChar32(cp)) != 0)
        return true;
    const auto t = u_charType(UChar32(cp));
    return t == U_NON_SPACING_MARK || t == U_COMBINING_SPACING_MARK || t == U_ENCLOSING_MARK;
}

// Symbols for the alignment: equal content, equal symbol.
class Interner {
public:
    std::uint32_t id(std::string_view key) {
        const auto [it, added] = ids_.try_emplace(key, std::uint32_t(ids_.size()));
        return it->second;
    }
    std::uint32_t idOwned(std::string key) { return id(owned_.emplace_back(std::move(key))); }
    // Room for `keys` keys at once: the lines of two texts of millions of lines are interned one
    // by one, and growing the table as they come was a twentieth of a 64 MiB pair's comparison.
    void reserve(std::size_t keys) { ids_.reserve(keys); }

private:
    std::deque<std::string> owned_;
    std::unordered_map<std::string_view, std::uint32_t> ids_;
};

struct Range {
    std::size_t begin = 0, end = 0;
};

// Well-formed `text` in NFC; as it is when the normaliser refuses it (a run of combining characters
// over kMaxUnboundedRun), so that such a line keys and compares as itself, not as an empty one.
std::string nfcOrAsIs(std::string_view text) {
    u8codec::Result<Normalized> n = normalize(text, NormalForm::Nfc, 0);
    return n.ok() ? std::move(n->text) : std::string(text);
}

std::uint32_t lineKey(std::string_view line, IgnoreMask ignore, bool valid, Interner& in) {
    if (ignore == 0)
        return in.id(line);
    std::string key(line);
    if (ignore & ignoreBit(IgnoreKind::LineEndings))
        while (!key.empty() && (key.back() == '\n' || key.back() == '\r'))
            key.pop_back();
    if (ignore & ignoreBit(IgnoreKind::TrailingSpace)) {
        std::size_t body = key.size();
        while (body && (key[body - 1] == '\n' || key[body - 1] == '\r'))
            --body;
        std::size_t cut = body;
        while (cut && isTrailingBlank(key[cut - 1]))
            --cut;
        key.erase(cut, body - cut);
    }
    if ((ignore & ignoreBit(IgnoreKind::NormalForm)) && valid &&
        !isNormalized(key, NormalForm::Nfc))
        key = nfcOrAsIs(key);
    return in.idOwned(std::move(key));
}

// Characters with their attached marks, as symbols; `units` gets each one's text range.
std::vector<std::uint32_t> clusters(std::string_view s, Interner& in, std::vector<Range>& units) {
    std::vector<std::uint32_t> ids;
    std::size_t i = 0;
    while (i < s.size()) {
        std::size_t len = 0, end = i;
        next(s, end, len);
        end += len;
        while (end < s.size()) {
            const char32_t cp = next(s, end, len);
            if (!attaches(cp))
                break;
            end += len;
        }
        units.push_back({i, end});
        ids.push_back(in.id(s.substr(i, end - i)));
        i = end;
    }
    return ids;
}

std::string describeRun(std::string_view s, std::size_t max = 4) {
    std::string out;
    std::size_t n = 0;
    for (char32_t cp : codePoints(s)) {
        if (n++ == max) {
            out += ", ...";
            break;
        }
        if (!out.empty())
            out += ", ";
        out += describeCharacter(cp);
    }
    return out;
}

bool allOf(std::string_view s, bool (*pred)(char32_t)) {
    const auto cps = codePoints(s);
    return !cps.empty() && std::all_of(cps.begin(), cps.end(), pred);
}

bool isBreakChar(char32_t cp) {
    return cp == '\n' || cp == '\r';
}
bool isInvisible(char32_t cp) {
    return cp < 0x110000 && drawsNothing(cp);
}

std::string breaksName(std::string_view s) {
    std::string out;
    for (char c : s) {
        if (!out.empty())
            out += ' ';
        out += c == '\r' ? "CR" : "LF";
    }
    return out.empty() ? "nothing" : out;
}

// A letter as the readers compare them: "'а' U+0430 CYRILLIC SMALL LETTER A" (look-alikes
// are letters and digits, never controls, so the character itself can be shown).
std::string shown(char32_t cp) {
    std::string s = "'";
    if (cp < 0x80) {
        s += char(cp);
    } else if (cp < 0x800) {
        s += char(0xC0 | (cp >> 6));
        s += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        s += char(0xE0 | (cp >> 12));
        s += char(0x80 | ((cp >> 6) & 0x3F));
        s += char(0x80 | (cp & 0x3F));
    } else {
        s += char(0xF0 | (cp >> 18));
        s += char(0x80 | ((cp >> 12) & 0x3F));
        s += char(0x80 | ((cp >> 6) & 0x3F));
        s += char(0x80 | (cp & 0x3F));
    }
    return s + "' " + describeCharacter(cp);
}

// Each character of `a` replaced by one drawn like it (the audit's confusable skeletons).
bool lookalikes(std::string_view a, std::string_view b, std::string& label) {
    const auto ca = codePoints(a), cb = codePoints(b);
    if (ca.empty() || ca.size() != cb.size())
        return false;
    for (std::size_t i = 0; i < ca.size(); ++i) {
        const char32_t x = ca[i], y = cb[i];
        if (x == y)
            continue;
        if (x >= 0x110000 || y >= 0x110000)
            return false;
        const std::string lx = asciiLookalike(x), ly = asciiLookalike(y);
        const bool alike = (x < 0x80 && ly == std::string(1, char(x))) ||
                           (y < 0x80 && lx == std::string(1, char(y))) || (!lx.empty() && lx == ly);
        if (!alike)
            return false;
        if (label.empty())
            label = shown(x) + " -> " + shown(y);
    }
    return !label.empty();
}

std::string invalidLabel(std::string_view a, std::string_view b) {
    const bool inA = wellFormedLength(bytesOf(a)) != a.size();
    const std::string_view s = inA ? a : b;
    std::string text;
    ProblemScanner scanner;
    const auto sink = [&](const Problem& p) {
        if (text.empty())
            text = explain(p);
    };
    scanner.feed(bytesOf(s), sink);
    scanner.finish(sink);
    return std::string("invalid UTF-8 in ") + (inA ? "A" : "B") + ": " + text;
}

CompareHunk label(std::string_view a, std::string_view b) {
    CompareHunk h;
    const bool validA = wellFormedLength(bytesOf(a)) == a.size();
    const bool validB = wellFormedLength(bytesOf(b)) == b.size();
    if (!validA || !validB) {
        h.kind = HunkKind::EncodingDamage;
        h.label = invalidLabel(a, b);
    } else if ((a.empty() || allOf(a, isBreakChar)) && (b.empty() || allOf(b, isBreakChar))) {
        h.kind = HunkKind::LineEnding;
        h.label = breaksName(a) + " -> " + breaksName(b);
    } else if (!a.empty() && !b.empty() && nfcOrAsIs(a) == nfcOrAsIs(b)) {
        h.kind = HunkKind::NormalForm;
        const char* fa = isNormalized(a, NormalForm::Nfc) ? "NFC" : "NFD";
        const char* fb = isNormalized(b, NormalForm::Nfc) ? "NFC" : "NFD";
        h.label = std::string(fa) + " -> " + fb + ": " + describeRun(a) + " -> " + describeRun(b);
    } else if (a.empty() && allOf(b, isInvisible)) {
        h.kind = HunkKind::InvisibleInserted;
        h.label = describeRun(b) + " inserted";
    } else if (b.empty() && allOf(a, isInvisible)) {
        h.kind = HunkKind::InvisibleRemoved;
        h.label = describeRun(a) + " removed";
    } else if (lookalikes(a, b, h.label)) {
        h.kind = HunkKind::Lookalike;
    } else {
        h.kind = HunkKind::TextEdit;
        h.label = a.empty() ? "inserted" : b.empty() ? "deleted" : "replaced";
    }
    return h;
}

// Whether `ignore` sets this change aside: a changed line also holds the ignored kinds of
// difference, which are dropped from both sides (line breaks; blanks that end a line) before
// they are compared again.
bool ignored(const CompareHunk& h, std::string_view text, Range r, std::string_view otherText,
             Range o, IgnoreMask ignore) {
    if (h.kind == HunkKind::LineEnding)
        return ignore & ignoreBit(IgnoreKind::LineEndings);
    if (h.kind == HunkKind::NormalForm)
        return ignore & ignoreBit(IgnoreKind::NormalForm);
    const auto kept = [&](std::string_view t, Range x) {
        const bool eol = ignore & ignoreBit(IgnoreKind::LineEndings);
        const bool blank = ignore & ignoreBit(IgnoreKind::TrailingSpace);
        std::string out;
        for (std::size_t i = x.begin; i < x.end; ++i) {
            const char ch = t[i];
            if (eol && (ch == '\n' || ch == '\r'))
                continue;
            if (blank && isTrailingBlank(ch)) {
                std::size_t k = i;
                while (k < t.size() && isTrailingBlank(t[k]))
                    ++k;
                if (k == t.size() || t[k] == '\n' || t[k] == '\r')
                    continue;
            }
            out += ch;
        }
        return out;
    };
    return ignore != 0 && kept(text, r) == kept(otherText, o);
}

// A change of line breaks covers the whole break on both sides: "LF -> CR LF", not "CR"
// inserted before a kept LF; but not back into the hunk before it (`floor`: where that one
// ends), so that hunks stay in order and apart.
void widenBreaks(std::string_view t, Range& r, std::size_t floor) {
    const auto isBreak = [](char ch) { return ch == '\n' || ch == '\r'; };
    while (r.begin > floor && isBreak(t[r.begin - 1]))
        --r.begin;
    while (r.end < t.size() && isBreak(t[r.end]))
        ++r.end;
}

struct Context {
    const DecodedSide &a, &b;
    const CompareOptions& options;
    CompareResult& r;
    OffsetMap mapA, mapB;
    WindowBase base;
    std::size_t endA = 0, endB = 0; // where the last hunk added ends in each side's text
    std::size_t doneA = 0;          // where in A's text the work is, for the progress

    // Whether to go on (options.progress); asked between blocks and in each alignment's rounds.
    bool keepGoing() {
        const std::uint64_t total = base.totalA ? base.totalA : a.text.size();
        return compare_detail::keepGoing(options, r, base.offsetA + doneA, total);
    }
};

// Lines end after LF, or after a CR that no LF follows (classic Mac OS). False when the comparison
// was cancelled meanwhile (asked every few MiB: a text of hundreds of MiB takes a while).
bool linesOf(Context& c, std::string_view s, std::vector<Range>& lines) {
    constexpr std::size_t kBytesBetweenChecks = std::size_t(4) << 20;
    std::size_t start = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (i % kBytesBetweenChecks == 0 && !c.keepGoing())
            return false;
        if (s[i] == '\n' || (s[i] == '\r' && (i + 1 == s.size() || s[i + 1] != '\n'))) {
            lines.push_back({start, i + 1});
            start = i + 1;
        }
    }
    if (start < s.size())
        lines.push_back({start, s.size()});
    return true;
}

// A window starts at a line start, so only the line and the offset need its base.
void fillSide(const DecodedSide& side, OffsetMap& map, Range range, std::uint64_t baseOffset,
              std::uint64_t baseLine, HunkSide& out) {
    out.offset = map.fileOffset(range.begin);
    out.length = map.fileOffset(range.end) - out.offset;
    out.offset += baseOffset;
    map.lineColumn(range.begin, out.line, out.column);
    out.line += baseLine - 1;
    out.text = side.text.substr(range.begin, std::min(range.end - range.begin, kShownBytes));
}

void add(Context& c, CompareHunk h, Range ra, Range rb) {
    ++c.r.hunkCount;
    if (c.r.hunks.size() >= c.options.maxHunks)
        return;
    fillSide(c.a, c.mapA, ra, c.base.offsetA, c.base.lineA, h.a);
    fillSide(c.b, c.mapB, rb, c.base.offsetB, c.base.lineB, h.b);
    c.endA = std::max(c.endA, ra.end);
    c.endB = std::max(c.endB, rb.end);
    c.r.hunks.push_back(std::move(h));
}

// One side of a changed block is the other with mojibake (repairMojibake() says so).
bool mojibakeBlock(Context& c, Range ra, Range rb) {
    const std::string_view ta = std::string_view(c.a.text).substr(ra.begin, ra.end - ra.begin);
    const std::string_view tb = std::string_view(c.b.text).substr(rb.begin, rb.end - rb.begin);
    // A whole-file mojibake is the verdict's; a block is tried only while its repair is cheap.
    if (ta.empty() || tb.empty() || ta.size() > 16 * kCharacterBlockLimit ||
        tb.size() > 16 * kCharacterBlockLimit)
        return false;
    for (const bool bDamaged : {true, false}) {
        const MojibakeResult m = repairMojibake(bDamaged ? tb : ta);
        if (m.fixCount == 0 || m.text != (bDamaged ? ta : tb))
            continue;
        CompareHunk h;
        h.kind = HunkKind::EncodingDamage;
        h.label = std::string("mojibake in ") + (bDamaged ? "B" : "A") + ": " +
                  m.fixes.front().description() + " (" + std::to_string(m.fixCount) +
                  (m.fixCount == 1 ? " place)" : " places)");
        add(c, std::move(h), ra, rb);
        return true;
    }
    return false;
}

// One edit of a changed block, at `fa` and `fb` in the texts: labelled, a change of line breaks
// widened to the whole break, and added unless `ignore` sets it aside.
void addEdit(Context& c, Range fa, Range fb) {
    // Past the list only the count is kept, and nothing is set aside: the label is not needed.
    if (c.r.hunks.size() >= c.options.maxHunks && c.options.ignore == 0) {
        ++c.r.hunkCount;
        return;
    }
    const std::string_view xa = std::string_view(c.a.text).substr(fa.begin, fa.end - fa.begin);
    const std::string_view xb = std::string_view(c.b.text).substr(fb.begin, fb.end - fb.begin);
    CompareHunk h = label(xa, xb);
    if (h.kind == HunkKind::LineEnding) {
        widenBreaks(c.a.text, fa, c.endA);
        widenBreaks(c.b.text, fb, c.endB);
        h = label(std::string_view(c.a.text).substr(fa.begin, fa.end - fa.begin),
                  std::string_view(c.b.text).substr(fb.begin, fb.end - fb.begin));
    }
    if (!ignored(h, c.a.text, fa, c.b.text, fb, c.options.ignore))
        add(c, std::move(h), fa, fb);
}

void characterDiff(Context& c, Range ra, Range rb) {
    const std::string_view ta = std::string_view(c.a.text).substr(ra.begin, ra.end - ra.begin);
    const std::string_view tb = std::string_view(c.b.text).substr(rb.begin, rb.end - rb.begin);
    if (ta.size() > kCharacterBlockLimit || tb.size() > kCharacterBlockLimit) {
        // Too large to label character by character (the labels look at every code point):
        // only whether either side holds invalid UTF-8, which the vector scan says at once.
        CompareHunk h;
        const bool valid = wellFormedLength(bytesOf(ta)) == ta.size() &&
                           wellFormedLength(bytesOf(tb)) == tb.size();
        h.kind = valid ? HunkKind::TextEdit : HunkKind::EncodingDamage;
        h.label = valid ? std::string("replaced") : invalidLabel(ta, tb);
        add(c, std::move(h), ra, rb);
        return;
    }
    Interner in;
    std::vector<Range> ua, ub;
    const auto ia = clusters(ta, in, ua), ib = clusters(tb, in, ub);
    const compare_detail::Alignment al =
        compare_detail::align(ia, ib, c.options.maxEditCost, [&c] { return c.keepGoing(); });
    if (al.cancelled)
        return;
    // Lines rewritten rather than edited keep few characters in common; aligning them by
    // characters gives scattered fragments no one reads as a change, so they are one hunk (GNU
    // diff's reasoning for its line-level output).
    std::size_t kept = ia.size();
    for (const compare_detail::EditBlock& e : al.blocks)
        kept -= e.aEnd - e.aBegin;
    if (al.gaveUp || ia.empty() || ib.empty() || 2 * kept < std::max(ia.size(), ib.size())) {
        CompareHunk h = label(ta, tb);
        if (!ignored(h, c.a.text, ra, c.b.text, rb, c.options.ignore))
            add(c, std::move(h), ra, rb);
        return;
    }
    for (const compare_detail::EditBlock& e : al.blocks) {
        const Range sa{e.aBegin < ua.size() ? ua[e.aBegin].begin : ta.size(),
                       e.aEnd ? ua[e.aEnd - 1].end : 0};
        const Range sb{e.bBegin < ub.size() ? ub[e.bBegin].begin : tb.size(),
                       e.bEnd ? ub[e.bEnd - 1].end : 0};
        addEdit(c, {ra.begin + sa.begin, ra.begin + std::max(sa.begin, sa.end)},
                {rb.begin + sb.begin, rb.begin + std::max(sb.begin, sb.end)});
    }
}

// Clusters (a character and the marks attached to it) at the start of `s`, counted up to `most`.
std::size_t clustersUpTo(std::string_view s, std::size_t most) {
    std::size_t n = 0, i = 0, len = 0;
    for (; i < s.size() && n < most; ++n) {
        next(s, i, len);
        for (i += len; i < s.size() && attaches(next(s, i, len)); i += len) {
        }
    }
    return n;
}

// A changed line beside its pair (Lines::Paired) that differs in one small run of ASCII (a CR,
// the blanks before a break): the hunk characterDiff() finds, found from the bytes the lines
// share at both ends, without aligning their characters (a file of millions of lines whose
// every line ending changed). Taken only where it is that hunk: each cut has ASCII after it, so
// it falls between clusters on both sides, as the alignment's own common head and tail do; the
// run is an insertion, a deletion or one byte for one, which the search gives as one block; and
// the whole line is one hunk where characterDiff() would make it one (fewer clusters kept than
// changed). False: characterDiff() is needed.
bool asciiRunEdit(Context& c, Range ra, Range rb) {
    const std::string_view ta = std::string_view(c.a.text).substr(ra.begin, ra.end - ra.begin);
    const std::string_view tb = std::string_view(c.b.text).substr(rb.begin, rb.end - rb.begin);
    const std::size_t shorter = std::min(ta.size(), tb.size());
    if (shorter == 0 || std::max(ta.size(), tb.size()) > kCharacterBlockLimit)
        return false;
    std::size_t head = 0, tail = 0;
    while (head < shorter && ta[head] == tb[head])
        ++head;
    while (tail < shorter - head && ta[ta.size() - 1 - tail] == tb[tb.size() - 1 - tail])
        ++tail;
    const std::size_t ma = ta.size() - head - tail, mb = tb.size() - head - tail;
    if (!(ma == 0 || mb == 0 || (ma == 1 && mb == 1)))
        return false;
    // The changed bytes, and the first byte after each cut, ASCII on both sides.
    const auto ascii = [tail](std::string_view t, std::size_t from) {
        const std::size_t to = t.size() - tail + (tail ? 1 : 0);
        return std::all_of(t.begin() + std::ptrdiff_t(from), t.begin() + std::ptrdiff_t(to),
                           [](char ch) { return std::uint8_t(ch) < 0x80; });
    };
    if (!ascii(ta, head) || !ascii(tb, head))
        return false;
    const std::size_t changed = std::max(ma, mb);
    const std::size_t kept = clustersUpTo(ta.substr(0, head), changed) +
                             clustersUpTo(ta.substr(ta.size() - tail), changed);
    if (kept < changed) {
        CompareHunk h = label(ta, tb);
        if (!ignored(h, c.a.text, ra, c.b.text, rb, c.options.ignore))
            add(c, std::move(h), ra, rb);
        return true;
    }
    addEdit(c, {ra.begin + head, ra.begin + head + ma}, {rb.begin + head, rb.begin + head + mb});
    return true;
}

// The symbols of a side's lines (lineKey()); false when the comparison was cancelled meanwhile
// (a text of hundreds of MiB has millions of lines to hash).
bool lineKeys(Context& c, const DecodedSide& side, const std::vector<Range>& lines, Interner& in,
              std::vector<std::uint32_t>& keys) {
    constexpr std::size_t kLinesBetweenChecks = std::size_t(1) << 16;
    keys.reserve(lines.size());
    const std::string_view t(side.text);
    for (const Range& l : lines) {
        if (keys.size() % kLinesBetweenChecks == 0) {
            c.doneA = &side == &c.a ? l.begin : c.doneA;
            if (!c.keepGoing())
                return false;
        }
        keys.push_back(
            lineKey(t.substr(l.begin, l.end - l.begin), c.options.ignore, side.validUtf8, in));
    }
    return true;
}

// Line i of A beside line i of B (Lines::Paired), each pair that differs a block of its own: one
// block for a run of them would be aligned by characters as a whole, and past the character
// block limit called one text edit. False when the comparison was cancelled meanwhile.
bool pairedBlocks(Context& c, const std::vector<Range>& la, const std::vector<Range>& lb,
                  std::size_t pairs, std::vector<compare_detail::EditBlock>& blocks) {
    constexpr std::size_t kLinesBetweenChecks = std::size_t(1) << 16;
    const std::string_view ta(c.a.text), tb(c.b.text);
    Interner in; // for the keys of lines compared with differences set aside (--ignore)
    for (std::size_t i = 0; i < pairs; ++i) {
        if (i % kLinesBetweenChecks == 0) {
            c.doneA = la[i].begin;
            if (!c.keepGoing())
                return false;
        }
        const std::string_view x = ta.substr(la[i].begin, la[i].end - la[i].begin);
        const std::string_view y = tb.substr(lb[i].begin, lb[i].end - lb[i].begin);
        const bool differ = c.options.ignore == 0
                                ? x != y
                                : lineKey(x, c.options.ignore, c.a.validUtf8, in) !=
                                      lineKey(y, c.options.ignore, c.b.validUtf8, in);
        if (differ)
            blocks.push_back({i, i + 1, i, i + 1});
    }
    return true;
}

} // namespace

bool isTrailingBlank(char c) noexcept {
    return c == ' ' || c == '\t';
}

std::uint64_t OffsetMap::fileOffset(std::size_t textOffset) {
    if (!started_ || textOffset < pos_) {
        pos_ = 0;
        file_ = side_.bomLength;
        started_ = true;
    }
    if (side_.unit == Unit::Utf8)
        return side_.bomLength + textOffset;
    // Each character took 1 byte in a single-byte page, 2 or 4 in UTF-16 (a pair above
    // U+FFFF), 4 in UTF-32.
    // A U+FFFD that stands for invalid input is counted as one unit: the odd last byte of
    // UTF-16 is shorter, so no offset is let past the end of the file.
    if (textOffset >= side_.text.size())
        return side_.fileSize == UINT64_MAX ? file_ : side_.fileSize;
    while (pos_ < textOffset) {
        std::size_t len = 0;
        next(side_.text, pos_, len);
        pos_ += len;
        switch (side_.unit) {
        case Unit::SingleByte:
            file_ += 1;
            break;
        case Unit::Utf16Le:
        case Unit::Utf16Be:
            file_ += len == 4 ? 4 : 2;
            break;
        default:
            file_ += 4;
            break;
        }
    }
    return file_;
}

void OffsetMap::lineColumn(std::size_t textOffset, std::uint64_t& line, std::uint64_t& column) {
    if (textOffset < lcPos_) {
        lcPos_ = 0;
        line_ = column_ = 1;
    }
    if (side_.validUtf8) {
        // Well-formed: every byte but a continuation byte starts a character (RFC 3629 section
        // 3), so the line breaks are found with memchr and only the last line's characters are
        // counted, where decoding every character was a tenth of a 64 MiB pair's comparison.
        const char* text = side_.text.data();
        while (lcPos_ < textOffset) {
            const void* lf = std::memchr(text + lcPos_, '\n', textOffset - lcPos_);
            if (lf == nullptr) {
                column_ +=
                    std::uint64_t(std::count_if(text + lcPos_, text + textOffset, [](char b) {
                        return (std::uint8_t(b) & 0xC0) != 0x80;
                    }));
                lcPos_ = textOffset;
                break;
            }
            lcPos_ = std::size_t(static_cast<const char*>(lf) - text) + 1;
            ++line_;
            column_ = 1;
        }
    }
    while (lcPos_ < textOffset) {
        std::size_t len = 0;
        const char32_t cp = next(side_.text, lcPos_, len);
        lcPos_ += len;
        if (cp == '\n') {
            ++line_;
            column_ = 1;
        } else {
            ++column_;
        }
    }
    line = line_;
    column = column_;
}

WindowOutcome diffWindow(const DecodedSide& a, const DecodedSide& b, const CompareOptions& options,
                         CompareResult& r, const WindowBase& base, bool final, Lines lines) {
    Context c{a, b, options, r, OffsetMap(a), OffsetMap(b), base};
    std::vector<Range> la, lb;
    if (!linesOf(c, a.text, la) || !linesOf(c, b.text, lb))
        return {};
    const std::size_t pairs = std::min(la.size(), lb.size());
    // Under a verdict that keeps every line in place, line i of A is line i of B: no search.
    const bool paired = lines == Lines::Paired && (!final || la.size() == lb.size());
    WindowOutcome out;
    compare_detail::Alignment al;
    if (paired) {
        if (!pairedBlocks(c, la, lb, pairs, al.blocks))
            return {};
    } else {
        Interner in;
        in.reserve(la.size() + lb.size());
        std::vector<std::uint32_t> ka, kb;
        if (!lineKeys(c, a, la, in, ka) || !lineKeys(c, b, lb, in, kb))
            return {};
        al = compare_detail::align(ka, kb, options.maxEditCost, [&c] { return c.keepGoing(); });
        if (al.cancelled)
            return {};
    }
    std::vector<compare_detail::EditBlock>& blocks = al.blocks;
    if (!final && paired) {
        // Every line of the shorter window has its pair: all of them are reported.
        if (pairs == 0) {
            out.stalled = true;
            return out;
        }
        out.consumedA = la[pairs - 1].end;
        out.consumedB = lb[pairs - 1].end;
    } else if (!final) {
        // A block that reaches a window's end may go on past it: it is left for the next
        // window, which starts where the last block kept here ends.
        while (!blocks.empty() &&
               (blocks.back().aEnd == la.size() || blocks.back().bEnd == lb.size()))
            blocks.pop_back();
        if (blocks.empty() || al.gaveUp) {
            out.stalled = true;
            return out;
        }
        // Up to the last line the block holds, or, where it holds none of a side (a pure
        // insertion or deletion), up to the line before it (none at the window's start).
        const auto consumed = [](const std::vector<Range>& lines, std::size_t begin,
                                 std::size_t end) -> std::size_t {
            const std::size_t last = end > begin ? end : begin;
            return last ? lines[last - 1].end : 0;
        };
        out.consumedA = consumed(la, blocks.back().aBegin, blocks.back().aEnd);
        out.consumedB = consumed(lb, blocks.back().bBegin, blocks.back().bEnd);
    } else if (al.gaveUp) {
        r.note = "the lines differ by more than " + std::to_string(options.maxEditCost) +
                 " insertions and deletions: the alignment gave up, and the changed middle is "
                 "one block";
    }
    const auto span = [](const std::vector<Range>& lines, std::size_t from, std::size_t to,
                         std::size_t textSize) {
        if (from == to)
            return Range{from < lines.size() ? lines[from].begin : textSize,
                         from < lines.size() ? lines[from].begin : textSize};
        return Range{lines[from].begin, lines[to - 1].end};
    };
    constexpr std::size_t kBlocksBetweenChecks = 256;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const compare_detail::EditBlock& e = blocks[i];
        const Range ra = span(la, e.aBegin, e.aEnd, a.text.size());
        const Range rb = span(lb, e.bBegin, e.bEnd, b.text.size());
        c.doneA = ra.begin;
        if ((!paired || i % kBlocksBetweenChecks == 0) && !c.keepGoing())
            return {};
        if ((paired && asciiRunEdit(c, ra, rb)) || mojibakeBlock(c, ra, rb))
            continue;
        characterDiff(c, ra, rb);
    }
    return out;
}

void diffTexts(const DecodedSide& a, const DecodedSide& b, const CompareOptions& options,
               CompareResult& r, Lines lines) {
    enter(options, CompareStage::Aligning);
    // Both "windows" are the whole texts: every change is reported and nothing is left for a
    // next window, so the outcome (where that window would start) has nothing to say.
    static_cast<void>(diffWindow(a, b, options, r, WindowBase{}, true, lines));
}

} // namespace u8convert::compare_detail
