// The grapheme cluster counter (u8convert/graphemes.h) against the break iterator: fed in pieces
// the data chooses, with a bound on what it holds small enough (16 to 79 bytes) that the
// shortening of long stretches runs on most inputs, it counts what GraphemeBreaks finds in the
// whole text, unless it met a cluster past its bound (counted without being held, whose end it
// only approximates).
#include "fuzz_checks.h"
#include "u8codec/decoder.h"
#include "u8convert/graphemes.h"

#include <algorithm>
#include <string>

namespace u8fuzz {

std::string checkGraphemesFast(std::span<const std::uint8_t> data) {
    if (data.empty())
        return {};
    // Well-formed text: the break iterator's view of ill-formed bytes is not the counter's.
    std::string text;
    u8codec::Decoder decoder(u8codec::ErrorPolicy::Replace);
    if (!decoder.feed(data.subspan(1), text) || !decoder.finish(text))
        return "a decoder that replaces errors failed";
    u8convert::GraphemeCounter counter(16 + data[0] % 64);
    const std::size_t piece = 1 + data[0] / 64 * 17;
    for (std::size_t at = 0; at < text.size(); at += piece) {
        const std::string_view p = std::string_view(text).substr(at, piece);
        counter.feed({reinterpret_cast<const std::uint8_t*>(p.data()), p.size()});
    }
    const std::uint64_t counted = counter.finish();
    if (counter.longClusters() != 0)
        return counted >= counter.longClusters() ? std::string() : "fewer clusters than long ones";
    u8convert::GraphemeBreaks breaks;
    const std::uint64_t expected = breaks.ends(text).size();
    if (counted != expected)
        return "counted " + std::to_string(counted) + " clusters, the break iterator " +
               std::to_string(expected);
    return {};
}

} // namespace u8fuzz
