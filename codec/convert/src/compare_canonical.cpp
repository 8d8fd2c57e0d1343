// Whole-file verdicts for UTF-8 files too large to hold: both read in chunks through the same
// rewriting (a leading byte order mark dropped; CR LF and a lone CR read as LF, as
// line_endings.h counts them; spaces and tabs before a line break dropped) and the two rewritten
// streams compared as they come. The side that has less rewritten text waiting is read next, so
// what waits stays within a chunk or two whatever the files. A pair that differs otherwise is
// told at its first such difference, which is where the reading stops.
#include "compare_detail.h"
#include "u8codec/aligned_buffer.h"
#include "u8codec/byte_source.h"

#include <algorithm>
#include <cstring>

namespace u8convert::compare_detail {
using namespace u8codec;
namespace {

constexpr std::size_t kChunk = std::size_t(1) << 20;

class Rewriter {
public:
    explicit Rewriter(IgnoreMask mask) : mask_(mask) {}

    void feed(std::span<const std::uint8_t> bytes, std::string& out) {
        if (atStart_ && (mask_ & ignoreBit(IgnoreKind::Bom))) {
            // The mark is the first three bytes; a chunk is never shorter than that but at
            // the end of the file.
            if (bytes.size() >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF)
                bytes = bytes.subspan(3);
        }
        atStart_ = false;
        lineEndings.feed(bytes);
        const bool eol = mask_ & ignoreBit(IgnoreKind::LineEndings);
        const bool blanks = mask_ & ignoreBit(IgnoreKind::TrailingSpace);
        // What each rule looks at: CR for line endings; blanks and both breaks for trailing
        // whitespace. Everything else is plain.
        const auto plain = [&](std::uint8_t x) {
            if (blanks)
                return x != '\n' && x != '\r' && x != ' ' && x != '\t';
            return x != '\r';
        };
        for (std::size_t i = 0; i < bytes.size(); ++i) {
            // Runs of bytes that no rule rewrites are copied whole.
            if (plain(bytes[i]) && held_.empty() && !pendingCr_) {
                std::size_t end = i + 1;
                while (end < bytes.size() && plain(bytes[end]))
                    ++end;
                out.append(reinterpret_cast<const char*>(bytes.data() + i), end - i);
                i = end - 1;
                continue;
            }
            const char c = char(bytes[i]);
            if (blanks && isTrailingBlank(c)) {
                held_ += c;
                continue;
            }
            const bool lineBreak = c == '\n' || c == '\r';
            if (lineBreak && !held_.empty())
                ++trailingLines;
            if (!lineBreak)
                out += held_;
            held_.clear();
            if (eol && pendingCr_) {
                pendingCr_ = false;
                out += '\n';
                if (c == '\n')
                    continue; // CR LF: one break
            }
            if (eol && c == '\r') {
                pendingCr_ = true;
                continue;
            }
            out += c;
        }
    }

    void finish(std::string& out) {
        lineEndings.finish();
        trailingLines += held_.empty() ? 0 : 1; // blanks at the end of the text are dropped
        held_.clear();
        if (pendingCr_)
            out += '\n';
        pendingCr_ = false;
    }

    std::uint64_t trailingLines = 0;
    LineEndingCounter lineEndings;

private:
    IgnoreMask mask_;
    bool atStart_ = true;
    bool pendingCr_ = false;
    std::string held_; // blanks that a line break may yet drop
};

struct Side {
    const ByteSource& source;
    Rewriter rewriter;
    std::uint64_t read = 0; // the next offset to read
    std::string waiting;
    bool done = false;
};

// Reads the next chunk of `s` through its rewriter; false on a failed read.
bool advance(Side& s, AlignedBuffer& buffer, char name, u8codec::Status& status) {
    const std::size_t n = std::size_t(std::min<std::uint64_t>(kChunk, s.source.size() - s.read));
    if (n == 0) {
        s.rewriter.finish(s.waiting);
        s.done = true;
        return true;
    }
    const auto span = buffer.span().first(n);
    if (!readExactly(s.source, s.read, span, name, status))
        return false;
    s.read += n;
    s.rewriter.feed(span, s.waiting);
    return true;
}

} // namespace

CanonicalOutcome equalRewritten(const ByteSource& a, const ByteSource& b, IgnoreMask mask,
                                std::uint64_t from, const CompareOptions& options,
                                CompareResult& r) {
    Side sa{a, Rewriter(mask), from, {}, false}, sb{b, Rewriter(mask), from, {}, false};
    AlignedBuffer buffer(kChunk);
    while (!(sa.done && sb.done)) {
        Side& next = sa.done ? sb : sb.done ? sa : sa.waiting.size() <= sb.waiting.size() ? sa : sb;
        if (!advance(next, buffer, &next == &sa ? 'A' : 'B', r.status) ||
            !keepGoing(options, r, sa.read, a.size()))
            return {};
        const std::size_t common = std::min(sa.waiting.size(), sb.waiting.size());
        if (std::memcmp(sa.waiting.data(), sb.waiting.data(), common) != 0)
            return {};
        sa.waiting.erase(0, common);
        sb.waiting.erase(0, common);
        if ((sa.done && sa.waiting.empty() && !sb.waiting.empty()) ||
            (sb.done && sb.waiting.empty() && !sa.waiting.empty()))
            return {};
    }
    CanonicalOutcome out;
    out.equal = sa.waiting == sb.waiting;
    out.trailingA = sa.rewriter.trailingLines;
    out.trailingB = sb.rewriter.trailingLines;
    out.lineEndingsA = sa.rewriter.lineEndings.mix();
    out.lineEndingsB = sb.rewriter.lineEndings.mix();
    return out;
}

} // namespace u8convert::compare_detail
