// Unicode normalisation (UAX #15) of UTF-8 text, through ICU's Normalizer2.
#pragma once

#include "u8codec/result.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace u8convert {

enum class NormalForm : std::uint8_t {
    Nfc, // canonical composition: "e" + U+0301 becomes U+00E9 (what the web and macOS APIs expect)
    Nfd, // canonical decomposition: U+00E9 becomes "e" + U+0301 (HFS+ file names)
};

// "nfc", "nfd".
[[nodiscard]] std::string_view name(NormalForm f) noexcept;
[[nodiscard]] std::optional<NormalForm> normalFormFromName(std::string_view name) noexcept;

// One stretch of text the normalisation rewrote.
struct NormalizedSpan {
    std::uint64_t offset = 0;    // in the input, bytes
    std::uint64_t length = 0;    // input bytes replaced
    std::uint64_t newLength = 0; // bytes that replace them
};

struct Normalized {
    std::string text; // the normalised text
    std::uint64_t changedSpans = 0;
    std::vector<NormalizedSpan> spans; // the first `maxSpans` changed spans, in order
};

// The longest run of characters without a normalisation boundary before them (non-starters, and
// starters that compose with what precedes them) that normalize() takes. The normaliser holds
// such a run whole, in several copies, to reorder and compose it: an unbounded run is unbounded
// memory (docs/performance.md: a run of 100 MiB before this cap). Real text stays far below: the
// Stream-Safe Text Format (UAX #15 section 13) allows 30 non-starters in a row. A longer run is
// refused, not rewritten: that format's remedy, inserting U+034F COMBINING GRAPHEME JOINER, would
// add characters that are not in the input and give text that is not the input's normal form.
inline constexpr std::size_t kMaxUnboundedRun = 4096;

// The refusal of a run longer than kMaxUnboundedRun.
[[nodiscard]] std::string overlongRunMessage();

// Normalises well-formed UTF-8. Text already in the form (the common case: ICU's quick check
// answers "yes" for almost all characters) is copied through unchanged. Text with a run longer
// than kMaxUnboundedRun is refused (ErrorCode::Invalid, the message is overlongRunMessage()), as is
// text that is not well-formed UTF-8 or larger than 2 GiB.
[[nodiscard]] u8codec::Result<Normalized> normalize(std::string_view utf8, NormalForm form,
                                                    std::size_t maxSpans = 1000);

// True when the text is already in the form.
[[nodiscard]] bool isNormalized(std::string_view utf8, NormalForm form);

} // namespace u8convert
