// "Same text, different encoding" told in bounded memory: each side read in chunks and decoded
// to UTF-8 as it comes (a UTF-8 side as it is; another through the codec's streaming
// Transcoder), and the two UTF-8 streams compared as they are made, the side with less decoded
// text waiting read next. Bytes invalid in their encoding make the texts not the same (the
// Transcoder's Fail policy), as they would make a hunk of encoding damage.
#include "compare_detail.h"
#include "u8codec/aligned_buffer.h"
#include "u8codec/byte_source.h"
#include "u8convert/transcode.h"

#include <algorithm>
#include <cstring>
#include <memory>

namespace u8convert::compare_detail {
using namespace u8codec;
namespace {

constexpr std::size_t kChunk = std::size_t(1) << 20;

struct Stream {
    const StreamSide& side;
    std::unique_ptr<Transcoder> transcoder; // null for UTF-8
    std::uint64_t read = 0;
    std::string waiting;
    bool done = false;
};

// Reads and decodes the next chunk; false when a read fails (`status` says it) or the bytes are
// not valid in their encoding (`status` stays ok).
bool advance(Stream& s, AlignedBuffer& buffer, u8codec::Status& status) {
    const ByteSource& src = s.side.source;
    const std::size_t n = std::size_t(std::min<std::uint64_t>(kChunk, src.size() - s.read));
    if (n == 0) {
        s.done = true;
        return !s.transcoder || s.transcoder->finish(s.waiting).ok();
    }
    const auto span = buffer.span().first(n);
    if (!readExactly(src, s.read, span, s.side.name, status))
        return false;
    s.read += n;
    if (s.transcoder)
        return s.transcoder->feed(span, s.waiting).ok();
    s.waiting.append(reinterpret_cast<const char*>(span.data()), n);
    return true;
}

} // namespace

bool sameDecodedText(const StreamSide& a, const StreamSide& b, const CompareOptions& options,
                     CompareResult& r) {
    Stream sa{a, nullptr, a.skip, {}, false}, sb{b, nullptr, b.skip, {}, false};
    for (Stream* s : {&sa, &sb}) {
        if (s->side.encoding == "UTF-8")
            continue;
        TranscodeOptions o;
        o.unmappable = UnmappablePolicy::Fail;
        s->transcoder = std::make_unique<Transcoder>(s->side.encoding, "UTF-8", o);
        if (!s->transcoder->status().ok())
            return false;
    }
    AlignedBuffer buffer(kChunk);
    while (!(sa.done && sb.done)) {
        Stream& next = sa.done                                  ? sb
                       : sb.done                                ? sa
                       : sa.waiting.size() <= sb.waiting.size() ? sa
                                                                : sb;
        if (!advance(next, buffer, r.status) || !keepGoing(options, r, sa.read, a.source.size()))
            return false;
        const std::size_t common = std::min(sa.waiting.size(), sb.waiting.size());
        if (std::memcmp(sa.waiting.data(), sb.waiting.data(), common) != 0)
            return false;
        sa.waiting.erase(0, common);
        sb.waiting.erase(0, common);
        if ((sa.done && sa.waiting.empty() && !sb.waiting.empty()) ||
            (sb.done && sb.waiting.empty() && !sa.waiting.empty()))
            return false;
    }
    return sa.waiting == sb.waiting;
}

} // namespace u8convert::compare_detail
