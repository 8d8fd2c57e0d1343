// Unicode normalisation (UAX #15) of UTF-8 text, through ICU's Normalizer2.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace u8codec {

enum class NormalForm : std::uint8_t {
    Nfc, // canonical composition: "e" + U+0301 becomes U+00E9 (what the web and macOS APIs expect)
    Nfd, // canonical decomposition: U+00E9 becomes "e" + U+0301 (HFS+ file names)
};

// "nfc", "nfd".
std::string_view name(NormalForm f) noexcept;
std::optional<NormalForm> normalFormFromName(std::string_view name) noexcept;

// One stretch of text the normalisation rewrote.
struct NormalizedSpan {
    std::uint64_t offset = 0;    // in the input, bytes
    std::uint64_t length = 0;    // input bytes replaced
    std::uint64_t newLength = 0; // bytes that replace them
};

struct NormalizeResult {
    bool ok = false; // false: `error` says why (the input was not well-formed UTF-8)
    std::string error;
    std::string text; // the normalised text
    std::uint64_t changedSpans = 0;
    std::vector<NormalizedSpan> spans; // the first `maxSpans` changed spans, in order
};

// Normalises well-formed UTF-8. Text already in the form (the common case: ICU's quick check
// answers "yes" for almost all characters) is copied through unchanged.
NormalizeResult normalize(std::string_view utf8, NormalForm form, std::size_t maxSpans = 1000);

// True when the text is already in the form.
bool isNormalized(std::string_view utf8, NormalForm form);

} // namespace u8codec
