// The whole-file verdicts of a comparison. Each side is decoded the way detection reads it (a
// byte order mark, UTF-16/UTF-32 by its pattern of zero bytes, else UTF-8, else the legacy page
// ICU's detector names); then the verdicts are tried from the narrowest: the same text, only the
// BOM, only line endings, only the normal form, only trailing whitespace, mojibake. Each verdict
// is one difference set aside and the texts found equal: a pair that differs in two ways gets no
// verdict but its hunks.
#include "u8convert/compare.h"

#include "compare_detail.h"
#include "u8codec/aligned_buffer.h"
#include "u8codec/byte_source.h"
#include "u8codec/scan.h"
#include "u8convert/detect.h"
#include "u8convert/mojibake.h"
#include "u8convert/normalize.h"
#include "u8convert/transcode.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace u8convert {
using namespace u8codec;
namespace {

using compare_detail::DecodedSide;
using compare_detail::Unit;

constexpr std::array<std::string_view, 4> kIgnoreNames = {"bom", "eol", "nf", "trailing-space"};

struct Bom {
    std::string_view bytes;
    const char* encoding;
    Unit unit;
};
// Longest first: FF FE 00 00 is UTF-32LE's mark, not UTF-16LE's followed by U+0000.
constexpr Bom kBoms[] = {
    {{"\xFF\xFE\x00\x00", 4}, "UTF-32LE", Unit::Utf32Le},
    {{"\x00\x00\xFE\xFF", 4}, "UTF-32BE", Unit::Utf32Be},
    {"\xEF\xBB\xBF", "UTF-8", Unit::Utf8},
    {"\xFF\xFE", "UTF-16LE", Unit::Utf16Le},
    {"\xFE\xFF", "UTF-16BE", Unit::Utf16Be},
};

Unit unitOf(std::string_view encoding) {
    if (encoding == "UTF-16LE")
        return Unit::Utf16Le;
    if (encoding == "UTF-16BE")
        return Unit::Utf16Be;
    if (encoding == "UTF-32LE")
        return Unit::Utf32Le;
    if (encoding == "UTF-32BE")
        return Unit::Utf32Be;
    return encoding == "UTF-8" ? Unit::Utf8 : Unit::SingleByte;
}

bool wellFormed(std::span<const std::uint8_t> bytes) {
    return wellFormedLength(bytes) == bytes.size();
}

// Into UTF-8 from `encoding`; bytes invalid there become U+FFFD (they are then damage of that
// side, which the hunks show).
bool transcodeTo(std::span<const std::uint8_t> bytes, const std::string& encoding,
                 DecodedSide& side) {
    TranscodeOptions o;
    o.unmappable = UnmappablePolicy::Substitute;
    TranscodeResult t = transcode(bytes, encoding, "UTF-8", o);
    if (!t.status.ok())
        return false;
    side.text = std::move(t.output);
    side.encoding = encoding;
    side.unit = unitOf(encoding);
    return true;
}

DecodedSide decode(std::span<const std::uint8_t> bytes, const Detection& d) {
    DecodedSide side;
    side.fileSize = bytes.size();
    const std::string_view view(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    for (const Bom& bom : kBoms) {
        if (!view.starts_with(bom.bytes))
            continue;
        side.bomLength = bom.bytes.size();
        const auto body = bytes.subspan(side.bomLength);
        if (bom.unit != Unit::Utf8 && transcodeTo(body, bom.encoding, side))
            return side;
        side.bomLength = bom.unit == Unit::Utf8 ? side.bomLength : 0;
        break;
    }
    const auto body = bytes.subspan(side.bomLength);
    const std::string best = d.guesses.empty() ? std::string() : d.guesses.front().encoding;
    const Unit bestUnit = unitOf(best);
    side.validUtf8 = wellFormed(body);
    // A guess of another encoding is taken only for text that is not UTF-8: valid UTF-8 reads as
    // UTF-8 (detect.h's order), and "UTF-8 with stray bytes" keeps its bytes to show them.
    // Text with well-formed multi-byte UTF-8 in it is UTF-8 with damage, whatever page ICU's
    // detector ranks first for it: its invalid bytes are shown as such.
    if (side.bomLength == 0 && !side.validUtf8 && d.multiByteCharacters == 0 && !best.empty() &&
        best != "UTF-8" && transcodeTo(body, best, side)) {
        side.validUtf8 = true;
        return side;
    }
    if (side.bomLength == 0 && bestUnit != Unit::Utf8 && bestUnit != Unit::SingleByte &&
        transcodeTo(body, best, side))
        return side;
    side.text.assign(reinterpret_cast<const char*>(body.data()), body.size());
    side.encoding = "UTF-8";
    return side;
}

// Every line break as LF (line_endings.h's rule: CR LF is one break, a lone CR one).
std::string withLf(std::string_view s) {
    return s.find('\r') == std::string_view::npos ? std::string(s)
                                                  : normalizeLineEndings(s, LineEnding::Lf);
}

std::string withoutTrailingBlanks(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    std::size_t blanks = 0; // held until we know whether a break or text follows
    for (char c : s) {
        if (compare_detail::isTrailingBlank(c)) {
            ++blanks;
            continue;
        }
        if (c != '\n' && c != '\r')
            out.append(blanks, ' ');
        blanks = 0;
        out += c;
    }
    return out;
}

// `text` in pieces of about kPiece bytes, each ending after a line feed (or at the end), with
// options.progress asked between them; false when it said stop. Every rewriting a verdict makes
// (CR LF and CR as LF, blanks before a break dropped, NFC) and every count it takes keeps to a
// line, a line feed being a normalisation boundary on both sides (UAX #15: U+000A is a starter
// that composes with nothing): done piece by piece, it is the same as done on the whole text,
// and a text of hundreds of MiB can be cancelled between pieces.
template <typename Each>
bool inPieces(std::string_view text, const CompareOptions& options, CompareResult& r, Each each) {
    constexpr std::size_t kPiece = std::size_t(4) << 20;
    for (std::size_t at = 0; at < text.size();) {
        if (!compare_detail::keepGoing(options, r, 0, text.size()))
            return false;
        std::size_t end = std::min(text.size(), at + kPiece);
        const std::size_t lf = text.find('\n', end - 1);
        end = lf == std::string_view::npos ? text.size() : lf + 1;
        each(text.substr(at, end - at));
        at = end;
    }
    return !r.status.failedWith(u8codec::ErrorCode::Cancelled);
}

// "same text once eol, trailing-space differences are set aside".
std::string sameIgnoringText(IgnoreMask ignore) {
    std::string what;
    for (IgnoreKind k : {IgnoreKind::Bom, IgnoreKind::LineEndings, IgnoreKind::NormalForm,
                         IgnoreKind::TrailingSpace})
        if (ignore & ignoreBit(k)) {
            if (!what.empty())
                what += ", ";
            what += name(k);
        }
    return "same text once " + what + " differences are set aside";
}

// The stretches of `piece` that are not in `form`; none for a piece the normaliser refuses (a run
// of combining characters over kMaxUnboundedRun), which is then not counted as out of either form.
std::uint64_t spansOutOf(std::string_view piece, NormalForm form) {
    const u8codec::Result<Normalized> n = normalize(piece, form, 0);
    return n.ok() ? n->changedSpans : 0;
}

// A piece of a text (inPieces()) with the differences in `mask` set aside.
std::string setAside(std::string_view piece, IgnoreMask mask, bool validUtf8) {
    std::string s(piece);
    if (mask & ignoreBit(IgnoreKind::LineEndings))
        s = withLf(s);
    if (mask & ignoreBit(IgnoreKind::TrailingSpace))
        s = withoutTrailingBlanks(s);
    if ((mask & ignoreBit(IgnoreKind::NormalForm)) && validUtf8) {
        u8codec::Result<Normalized> n = normalize(s, NormalForm::Nfc, 0);
        if (n.ok())
            s = std::move(n->text);
    }
    return s;
}

// One side's text with the differences in `mask` set aside, rewritten a piece at a time as the
// comparison asks for more (the pieces of inPieces()).
class SetAsideStream {
public:
    SetAsideStream(const DecodedSide& side, IgnoreMask mask) : side_(side), mask_(mask) {}

    // The rewritten text not compared yet; empty once the text is done.
    std::string_view pending() const { return std::string_view(out_).substr(used_); }
    void consume(std::size_t n) { used_ += n; }
    // Rewrites the next piece; false when the text is done or the comparison was cancelled.
    bool more(const CompareOptions& options, CompareResult& r) {
        const std::string_view text(side_.text);
        if (at_ >= text.size() || !compare_detail::keepGoing(options, r, 0, text.size()))
            return false;
        std::size_t end = std::min(text.size(), at_ + kPiece);
        const std::size_t lf = text.find('\n', end - 1);
        end = lf == std::string_view::npos ? text.size() : lf + 1;
        out_.erase(0, used_);
        used_ = 0;
        out_ += setAside(text.substr(at_, end - at_), mask_, side_.validUtf8);
        at_ = end;
        return true;
    }

private:
    static constexpr std::size_t kPiece = std::size_t(4) << 20; // as inPieces()
    const DecodedSide& side_;
    const IgnoreMask mask_;
    std::size_t at_ = 0;
    std::string out_;
    std::size_t used_ = 0;
};

// Whether the two texts are the same once the differences in `mask` are set aside: both
// rewritten side by side and compared as they come, up to the first difference. Two texts with
// scattered edits differ early, and each verdict tried on them (line endings, normal form,
// trailing blanks) rewrote both texts whole before (6 s of a 64 MiB pair's 6.3).
bool sameOnceSetAside(const DecodedSide& a, const DecodedSide& b, IgnoreMask mask,
                      const CompareOptions& options, CompareResult& r) {
    SetAsideStream sa(a, mask), sb(b, mask);
    for (;;) {
        // (A piece may rewrite to nothing: blanks at the end of the text.)
        while (sa.pending().empty() && sa.more(options, r)) {
        }
        while (sb.pending().empty() && sb.more(options, r)) {
        }
        if (r.status.failedWith(u8codec::ErrorCode::Cancelled))
            return false;
        const std::string_view pa = sa.pending(), pb = sb.pending();
        if (pa.empty() || pb.empty())
            return pa.empty() && pb.empty();
        const std::size_t n = std::min(pa.size(), pb.size());
        if (pa.substr(0, n) != pb.substr(0, n))
            return false;
        sa.consume(n);
        sb.consume(n);
    }
}

// Lines that end in a space or tab. Only the character before each line break is looked at
// (found with memchr); a text with lone CRs, rare, is walked byte by byte.
std::uint64_t trailingBlankLines(std::string_view t, bool loneCr) {
    std::uint64_t n = 0;
    if (loneCr) {
        bool blank = false;
        for (char c : t) {
            if ((c == '\n' || c == '\r') && blank)
                ++n;
            blank = compare_detail::isTrailingBlank(c) || (blank && c == '\r');
        }
        return n + (blank ? 1 : 0);
    }
    const char* p = t.data();
    const char* const end = p + t.size();
    while (const char* lf = static_cast<const char*>(std::memchr(p, '\n', std::size_t(end - p)))) {
        const char* last = lf;
        if (last > p && last[-1] == '\r')
            --last;
        n += last > p && compare_detail::isTrailingBlank(last[-1]) ? 1 : 0;
        p = lf + 1;
    }
    return n + (end > p && compare_detail::isTrailingBlank(end[-1]) ? 1 : 0);
}

void describeSide(const DecodedSide& d, std::span<const std::uint8_t> bytes, bool countForms,
                  const CompareOptions& options, CompareResult& r, CompareSideInfo& s) {
    s.size = bytes.size();
    s.counted = true;
    s.encoding = d.encoding;
    s.bom = d.bomLength != 0;
    LineEndingCounter breaks;
    inPieces(d.text, options, r, [&breaks](std::string_view piece) {
        breaks.feed({reinterpret_cast<const std::uint8_t*>(piece.data()), piece.size()});
    });
    breaks.finish();
    s.lineEndings = breaks.mix();
    if (d.validUtf8 && countForms) {
        s.formsCounted = true;
        inPieces(d.text, options, r, [&s](std::string_view piece) {
            s.notNfc += spansOutOf(piece, NormalForm::Nfc);
            s.notNfd += spansOutOf(piece, NormalForm::Nfd);
        });
    }
    const bool loneCr = s.lineEndings.cr != 0;
    inPieces(d.text, options, r, [&s, loneCr](std::string_view piece) {
        s.trailingSpace += trailingBlankLines(piece, loneCr);
    });
    if (!d.validUtf8)
        s.invalidSequences =
            scan({reinterpret_cast<const std::uint8_t*>(d.text.data()), d.text.size()})
                .errorSegments();
}

std::string mixText(const LineEndingMix& m) {
    return std::to_string(m.lf) + " LF, " + std::to_string(m.crlf) + " CRLF, " +
           std::to_string(m.cr) + " CR";
}

std::string formText(const CompareSideInfo& s) {
    const char* form = s.notNfc == 0 ? "NFC" : s.notNfd == 0 ? "NFD" : "mixed";
    return std::string(form) + " (" + std::to_string(s.notNfc) + " places not NFC, " +
           std::to_string(s.notNfd) + " not NFD)";
}

std::string encodingText(const CompareSideInfo& s) {
    return s.encoding + (s.bom ? " with BOM" : "");
}

// Repairing `damaged`'s mojibake gives `clean`: the page most fixes went through, and how many.
bool mojibakeOf(const DecodedSide& damaged, const std::string& clean, std::string& words) {
    // Mojibake is longer than its text (each character of two to four bytes read as as many
    // characters of their own): a text no longer than `clean` is not worth the repair.
    if (!damaged.validUtf8 || damaged.text.size() <= clean.size())
        return false;
    const MojibakeResult m = repairMojibake(damaged.text);
    if (m.fixCount == 0 || m.text != clean)
        return false;
    const auto top = std::max_element(m.fixesByPage.begin(), m.fixesByPage.end());
    const CodePage page = CodePage(top - m.fixesByPage.begin());
    words = "UTF-8 read as " + std::string(name(page)) + ", " + std::to_string(m.fixCount) +
            (m.fixCount == 1 ? " place" : " places");
    return true;
}

// A comparison stopped by options.progress: what it found so far is dropped.
CompareResult cancelled(CompareResult& r) {
    CompareResult out;
    out.a.size = r.a.size;
    out.b.size = r.b.size;
    out.status = u8codec::Error{u8codec::ErrorCode::Cancelled, "cancelled"};
    return out;
}

// The whole of `s` into `dest`, in pieces between which the comparison may be cancelled (a read
// of 512 MiB takes a good part of a second even from the page cache).
bool readWhole(const ByteSource& s, std::span<std::uint8_t> dest, char side,
               const CompareOptions& options, CompareResult& r) {
    constexpr std::size_t kPiece = std::size_t(16) << 20;
    for (std::size_t at = 0; at < dest.size(); at += kPiece) {
        const auto piece = dest.subspan(at, std::min(kPiece, dest.size() - at));
        if (!compare_detail::keepGoing(options, r, 0, dest.size()) ||
            !compare_detail::readExactly(s, at, piece, side, r.status))
            return false;
    }
    return true;
}

// The hunks behind a verdict (hunksWithVerdict). The lines are paired where the alignment gives
// up (Lines::Paired), so every place is listed; where even that cannot be (the line counts
// differ), a block would call the verdict's many small differences one text edit: none are
// listed, and the note says why.
void placesOrNote(CompareResult& r) {
    if (r.note.empty() || r.status.failedWith(u8codec::ErrorCode::Cancelled))
        return;
    r.hunks.clear();
    r.hunkCount = 0;
    r.note = "the places are not marked: " + r.note;
}

// The narrowest verdict that holds, tried in the order the header lists them.
bool findVerdict(const DecodedSide& da, const DecodedSide& db, const CompareOptions& options,
                 CompareResult& r) {
    const IgnoreMask ignore = options.ignore;
    const auto equalSetting = [&](IgnoreMask extra) {
        if ((ignore | extra) == 0)
            return da.text == db.text;
        return sameOnceSetAside(da, db, ignore | extra, options, r) &&
               !r.status.failedWith(u8codec::ErrorCode::Cancelled);
    };
    const CompareSideInfo &a = r.a, &b = r.b;
    if (da.text == db.text) {
        if (a.encoding == b.encoding && (ignore & ignoreBit(IgnoreKind::Bom))) {
            r.verdict = CompareVerdict::SameIgnoring;
            r.verdictText = "same text once bom differences are set aside";
        } else if (a.encoding == b.encoding) {
            r.verdict = CompareVerdict::OnlyBom;
            r.verdictText = std::string("only the byte order mark differs: ") +
                            (a.bom ? "A" : "B") + " starts with one";
        } else {
            r.verdict = CompareVerdict::SameTextOtherEncoding;
            r.verdictText = "same text, different encoding: A is " + encodingText(a) + ", B is " +
                            encodingText(b);
        }
        return true;
    }
    if (equalSetting(0)) {
        r.verdict = CompareVerdict::SameIgnoring;
        r.verdictText = sameIgnoringText(ignore);
        return true;
    }
    if (equalSetting(ignoreBit(IgnoreKind::LineEndings))) {
        r.verdict = CompareVerdict::OnlyLineEndings;
        r.verdictText = "only line endings differ: A has " + mixText(a.lineEndings) + "; B has " +
                        mixText(b.lineEndings);
        return true;
    }
    if (da.validUtf8 && db.validUtf8 && equalSetting(ignoreBit(IgnoreKind::NormalForm))) {
        r.verdict = CompareVerdict::OnlyNormalForm;
        r.verdictText =
            "only the Unicode normal form differs: A is " + formText(a) + "; B is " + formText(b);
        return true;
    }
    if (equalSetting(ignoreBit(IgnoreKind::TrailingSpace))) {
        r.verdict = CompareVerdict::OnlyTrailingSpace;
        r.verdictText = "only trailing whitespace differs: " + std::to_string(a.trailingSpace) +
                        " lines of A and " + std::to_string(b.trailingSpace) +
                        " of B end in spaces or tabs";
        return true;
    }
    std::string words;
    if (r.status.failedWith(u8codec::ErrorCode::Cancelled))
        return false;
    if (ignore == 0 && mojibakeOf(db, da.text, words)) {
        r.verdict = CompareVerdict::BIsAWithMojibake;
        r.verdictText = "B is A with mojibake: " + words;
        return true;
    }
    if (ignore == 0 && mojibakeOf(da, db.text, words)) {
        r.verdict = CompareVerdict::AIsBWithMojibake;
        r.verdictText = "A is B with mojibake: " + words;
        return true;
    }
    return false;
}

// One side that is not UTF-8 may be the other's text in a legacy page that detection ranked
// below another (a short file): each guess, and the page detection names for stray bytes, is
// tried against the other side's text.
bool decodesAs(std::span<const std::uint8_t> bytes, const Detection& d, const std::string& other,
               DecodedSide& side) {
    std::vector<std::string> pages;
    for (const EncodingGuess& g : d.guesses) {
        if (!g.strayBytesPage.empty())
            pages.push_back(g.strayBytesPage);
        pages.push_back(g.encoding);
    }
    pages.emplace_back("windows-1252");
    for (const std::string& page : pages) {
        DecodedSide trial;
        trial.fileSize = bytes.size();
        if (page != "UTF-8" && transcodeTo(bytes, page, trial) && trial.text == other) {
            side = std::move(trial);
            return true;
        }
    }
    return false;
}

bool startsWithBom(const ByteSource& s) {
    std::uint8_t head[3] = {};
    return s.read(0, head) == 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF;
}

// The start of the line that holds `offset` in `s`, looked for up to 64 KiB back (else 0).
std::uint64_t lineStartBefore(const ByteSource& s, std::uint64_t offset) {
    std::vector<std::uint8_t> back(std::size_t(std::min<std::uint64_t>(offset, 64 << 10)));
    const std::uint64_t from = offset - back.size();
    if (s.read(from, back) != back.size())
        return 0;
    for (std::size_t i = back.size(); i > 0; --i)
        if (back[i - 1] == '\n')
            return from + i;
    return 0;
}

// The verdicts that hold for UTF-8 files too large to hold, tried as each one's difference set
// aside in a streamed reading of both from the line where their bytes first differ (the normal
// form and mojibake need the texts whole, and are not tried). The counts a verdict names are
// taken in one more reading from the start, only for the verdict that holds.
bool streamedVerdict(const ByteSource& a, const ByteSource& b, const CompareOptions& options,
                     CompareResult& r) {
    using compare_detail::equalRewritten;
    const IgnoreMask ignore = options.ignore;
    const std::uint64_t from = lineStartBefore(a, r.firstDifference);
    compare_detail::CanonicalOutcome last;
    const auto holds = [&](IgnoreMask extra) {
        last = equalRewritten(a, b, ignore | extra, from, options, r);
        return last.equal;
    };
    const auto counts = [&](IgnoreMask extra) {
        return from == 0 ? last : equalRewritten(a, b, ignore | extra, 0, options, r);
    };
    if (ignore != 0 && holds(0)) {
        r.verdict = CompareVerdict::SameIgnoring;
        r.verdictText = sameIgnoringText(ignore);
        return true;
    }
    if (r.status.ok() && r.a.bom != r.b.bom && !(ignore & ignoreBit(IgnoreKind::Bom)) &&
        equalRewritten(a, b, ignore | ignoreBit(IgnoreKind::Bom), 0, options, r).equal) {
        r.verdict = CompareVerdict::OnlyBom;
        r.verdictText = std::string("only the byte order mark differs: ") + (r.a.bom ? "A" : "B") +
                        " starts with one";
        return true;
    }
    const IgnoreMask eol = ignoreBit(IgnoreKind::LineEndings);
    if (r.status.ok() && !(ignore & eol) && holds(eol)) {
        const auto c = counts(eol);
        r.verdict = CompareVerdict::OnlyLineEndings;
        r.verdictText = "only line endings differ: A has " + mixText(c.lineEndingsA) + "; B has " +
                        mixText(c.lineEndingsB);
        return true;
    }
    const IgnoreMask blank = ignoreBit(IgnoreKind::TrailingSpace);
    if (r.status.ok() && !(ignore & blank) && holds(blank)) {
        const auto c = counts(blank);
        r.verdict = CompareVerdict::OnlyTrailingSpace;
        r.verdictText = "only trailing whitespace differs: " + std::to_string(c.trailingA) +
                        " lines of A and " + std::to_string(c.trailingB) +
                        " of B end in spaces or tabs";
        return true;
    }
    return false;
}

// How a side reads, for the streamed "same text" check: a byte order mark, else detection's
// first guess (valid UTF-8 is UTF-8).
compare_detail::StreamSide streamSideOf(const ByteSource& s, char name) {
    std::uint8_t head[4] = {};
    const std::size_t got = s.read(0, head);
    const std::string_view view(reinterpret_cast<const char*>(head), got);
    for (const Bom& bom : kBoms)
        if (view.starts_with(bom.bytes))
            return {s, bom.encoding, bom.bytes.size(), name};
    const Detection d = detectEncoding(s);
    const std::string best = d.guesses.empty() ? "UTF-8" : d.guesses.front().encoding;
    return {s, d.validUtf8 ? std::string("UTF-8") : best, 0, name};
}

// Files of some size in two encodings are first checked for the same text as streams, in
// bounded memory: holding both (and the decoded texts) would take several times their size.
bool streamedSameText(const ByteSource& a, const ByteSource& b, const CompareOptions& options,
                      CompareResult& r) {
    constexpr std::uint64_t kWorthStreaming = std::uint64_t(16) << 20;
    if (std::max(a.size(), b.size()) < kWorthStreaming)
        return false;
    const compare_detail::StreamSide sa = streamSideOf(a, 'A');
    if (!compare_detail::keepGoing(options, r, 0, a.size()))
        return false;
    const compare_detail::StreamSide sb = streamSideOf(b, 'B');
    if (!compare_detail::keepGoing(options, r, 0, a.size()) || sa.encoding == sb.encoding ||
        !compare_detail::sameDecodedText(sa, sb, options, r))
        return false;
    r.a.encoding = sa.encoding;
    r.b.encoding = sb.encoding;
    r.a.bom = sa.skip != 0;
    r.b.bom = sb.skip != 0;
    r.verdict = CompareVerdict::SameTextOtherEncoding;
    r.verdictText =
        "same text, different encoding: A is " + encodingText(r.a) + ", B is " + encodingText(r.b);
    return true;
}

// "B looks like binary data (PNG image)" when either side does (detect.h's judgement from a
// signature or NUL bytes no UTF-16/UTF-32 pattern explains), else empty.
std::string binaryReason(const ByteSource& a, const ByteSource& b, const CompareOptions& options,
                         CompareResult& r) {
    for (const auto& [source, side] : {std::pair{&a, "A"}, std::pair{&b, "B"}}) {
        if (!compare_detail::keepGoing(options, r, 0, a.size()))
            return {};
        const Detection d = detectEncoding(*source);
        if (!d.binary.empty())
            return std::string(side) + " looks like binary data (" + d.binary + ")";
    }
    return {};
}

// Files over the text limit: two UTF-8 files get the streamed verdicts, else are aligned window
// by window; other pairs are left to the byte runs, with a note.
void compareLarge(const ByteSource& a, const ByteSource& b, const CompareOptions& options,
                  CompareResult& r) {
    const Detection da = detectEncoding(a);
    if (!compare_detail::keepGoing(options, r, 0, a.size()))
        return;
    const Detection db = detectEncoding(b);
    const auto utf8 = [](const Detection& d) {
        return !d.guesses.empty() && d.guesses.front().encoding == "UTF-8";
    };
    if (!utf8(da) || !utf8(db)) {
        r.note = std::string(a.size() > options.textLimit ? "A" : "B") + " is over the " +
                 std::to_string(options.textLimit >> 20) +
                 " MiB a text in another encoding is read into memory for: compared byte by byte";
        return;
    }
    r.a.encoding = r.b.encoding = "UTF-8";
    r.a.bom = startsWithBom(a);
    r.b.bom = startsWithBom(b);
    if (streamedVerdict(a, b, options, r) || !r.status.ok()) {
        if (r.status.ok() && options.hunksWithVerdict) {
            compare_detail::diffStreamed(a, b, options, r, compare_detail::Lines::Paired);
            placesOrNote(r);
        }
        return;
    }
    r.verdictText = "the texts differ";
    compare_detail::diffStreamed(a, b, options, r);
}

} // namespace

std::string_view name(IgnoreKind k) noexcept {
    return kIgnoreNames[std::size_t(k)];
}

std::vector<std::string> ignoreKindNames() {
    return {kIgnoreNames.begin(), kIgnoreNames.end()};
}

u8codec::Result<IgnoreMask> parseIgnoreList(std::string_view list) {
    IgnoreMask mask = 0;
    while (!list.empty()) {
        const std::size_t comma = list.find(',');
        const std::string_view item = list.substr(0, comma);
        const auto it = std::find(kIgnoreNames.begin(), kIgnoreNames.end(), item);
        if (it == kIgnoreNames.end())
            return u8codec::Error{u8codec::ErrorCode::Invalid, std::string(item)};
        mask |= ignoreBit(IgnoreKind(it - kIgnoreNames.begin()));
        list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    }
    return mask;
}

std::string_view name(CompareVerdict v) noexcept {
    static constexpr std::string_view kNames[] = {"same-bytes",
                                                  "same-text-other-encoding",
                                                  "only-bom",
                                                  "only-line-endings",
                                                  "only-normal-form",
                                                  "only-trailing-space",
                                                  "b-is-a-with-mojibake",
                                                  "a-is-b-with-mojibake",
                                                  "same-ignoring",
                                                  "differ"};
    return kNames[std::size_t(v)];
}

std::string_view name(CompareStage s) noexcept {
    static constexpr std::string_view kNames[] = {"comparing the bytes", "reading the texts",
                                                  "aligning the texts"};
    return kNames[std::size_t(s)];
}

std::string_view name(HunkKind k) noexcept {
    static constexpr std::string_view kNames[] = {
        "text-edit",   "invisible-inserted", "invisible-removed", "lookalike",
        "normal-form", "line-ending",        "encoding-damage",   "byte-order-mark"};
    return kNames[std::size_t(k)];
}

CompareResult compareTexts(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b,
                           const CompareOptions& options) {
    CompareResult r;
    r.a.size = a.size();
    r.b.size = b.size();
    if (a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size()) == 0) {
        r.verdict = CompareVerdict::SameBytes;
        r.verdictText = "same bytes";
        return r;
    }
    const Detection detA = detectEncoding(a), detB = detectEncoding(b);
    DecodedSide da = decode(a, detA);
    if (!compare_detail::keepGoing(options, r, 0, a.size()))
        return cancelled(r);
    DecodedSide db = decode(b, detB);
    // The same text in a page detection did not rank first.
    if (da.text != db.text) {
        if (!da.validUtf8 && db.validUtf8)
            decodesAs(a, detA, db.text, da);
        else if (!db.validUtf8 && da.validUtf8)
            decodesAs(b, detB, da.text, db);
    }
    const bool sameText = da.text == db.text;
    describeSide(da, a, !sameText, options, r, r.a);
    describeSide(db, b, !sameText, options, r, r.b);
    if (r.status.failedWith(u8codec::ErrorCode::Cancelled))
        return cancelled(r);
    if ((options.ignore & ignoreBit(IgnoreKind::Bom)) == 0 &&
        (da.bomLength == 0) != (db.bomLength == 0)) {
        CompareHunk h;
        h.kind = HunkKind::ByteOrderMark;
        h.a.length = da.bomLength;
        h.b.length = db.bomLength;
        h.label = std::string("byte order mark (U+FEFF) only in ") + (da.bomLength ? "A" : "B");
        if (da.text != db.text || options.hunksWithVerdict) { // else the verdict says it
            r.hunks.push_back(std::move(h));
            ++r.hunkCount;
        }
    }
    if (!compare_detail::keepGoing(options, r, 0, a.size()))
        return cancelled(r);
    if (findVerdict(da, db, options, r)) {
        if (options.hunksWithVerdict && da.text != db.text &&
            compare_detail::keepGoing(options, r, 0, a.size())) {
            compare_detail::diffTexts(da, db, options, r, compare_detail::Lines::Paired);
            placesOrNote(r);
        }
        return r.status.failedWith(u8codec::ErrorCode::Cancelled) ? cancelled(r) : r;
    }
    if (r.status.failedWith(u8codec::ErrorCode::Cancelled))
        return cancelled(r);
    r.verdict = CompareVerdict::Differ;
    r.verdictText = "the texts differ";
    if (r.a.encoding != r.b.encoding)
        r.verdictText += " (A is " + encodingText(r.a) + ", B is " + encodingText(r.b) + ")";
    compare_detail::diffTexts(da, db, options, r);
    return r.status.failedWith(u8codec::ErrorCode::Cancelled) ? cancelled(r) : r;
}

CompareResult compareSources(const ByteSource& a, const ByteSource& b,
                             const CompareOptions& options) {
    // The byte runs are listed for --bytes and where the texts are not aligned; a comparison of
    // texts needs only whether and where the bytes first differ (a shifted text differs at
    // every byte after its first edit, and walking them is most of the time of a "same text").
    CompareOptions firstOnly = options;
    firstOnly.maxByteRuns = options.bytesOnly ? options.maxByteRuns : 0;
    compare_detail::enter(options, CompareStage::Bytes);
    CompareResult r = compareBytes(a, b, firstOnly, !options.bytesOnly);
    if (!r.status.ok() || r.verdict == CompareVerdict::SameBytes || options.bytesOnly)
        return r;
    compare_detail::enter(options, CompareStage::Texts);
    const auto withRuns = [&](CompareResult& t) {
        compare_detail::enter(options, CompareStage::Bytes);
        const CompareResult full = compareBytes(a, b, options);
        t.byteRuns = full.byteRuns;
        t.byteRunCount = full.byteRunCount;
        t.differingBytes = full.differingBytes;
        if (!full.status.ok())
            t.status = full.status;
    };
    // Binary data has no lines or characters to align: its differences are the byte runs.
    if (const std::string why = binaryReason(a, b, options, r); !why.empty()) {
        r.note = why + ": compared byte by byte";
        withRuns(r);
        return r;
    }
    if (streamedSameText(a, b, options, r) || !r.status.ok()) {
        return r;
    }
    if (a.size() > options.textLimit || b.size() > options.textLimit) {
        compareLarge(a, b, options, r);
        if (r.status.failedWith(u8codec::ErrorCode::Cancelled))
            return cancelled(r);
        if (r.status.ok() &&
            (!r.note.empty() || (r.verdict == CompareVerdict::Differ && r.hunkCount == 0)))
            withRuns(r);
        return r;
    }
    // Both in memory: each is read whole once (the byte pass's reads were checked; these are
    // too).
    AlignedBuffer ba(a.size()), bb(b.size()); // not zeroed: read over at once
    if (!readWhole(a, ba.span(), 'A', options, r) || !readWhole(b, bb.span(), 'B', options, r))
        return r;
    CompareResult t = compareTexts(ba.span(), bb.span(), options);
    t.firstDifference = r.firstDifference;
    if (t.status.ok() && t.verdict == CompareVerdict::Differ && t.hunkCount == 0)
        withRuns(t);
    return t;
}

} // namespace u8convert
