// Library-internal: the encodings transcode() and Transcoder convert with hand-written loops
// instead of ICU's converters (the Unicode forms, ISO-8859-1 and windows-1252), what they write
// first as a byte order mark, and where a piece of input in each ends at a character boundary.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace u8convert::detail {

enum class Form : std::uint8_t { Utf8, Utf16Le, Utf16Be, Utf32Le, Utf32Be, Latin1, Cp1252, Other };

// The form of an encoding by ICU's canonical name; Other for every encoding without a loop.
[[nodiscard]] Form formOf(const char* icuName);

// Appends U+FEFF in form `f` (nothing for a form without one).
void appendSignature(Form f, std::string& out);
// U+FEFF in form `f`: the bytes an input of that form starts with when it has a signature
// (empty for a form without one).
[[nodiscard]] std::string signatureOf(Form f);

// The fast paths: from well-formed input of a Unicode form or a single-byte page, to UTF-8 or
// from UTF-8, appended to `out`. False when the loop cannot do this conversion exactly (ICU's
// path then does it; `out` is then left unspecified). `sizeExactly`: `out` will be the result
// (whole-buffer transcoding), allocate it at its exact final size; otherwise `out` is a buffer
// the caller reuses (the Transcoder's pieces), and a pass to find that size would be wasted.
[[nodiscard]] bool fastTranscode(std::span<const std::uint8_t> input, Form from, Form to,
                                 std::string& out, bool sizeExactly);

// How much of `w` ends at a character boundary of the source form: a sequence cut at the end
// waits for the next piece.
[[nodiscard]] std::size_t completePrefix(Form from, std::string_view w);

} // namespace u8convert::detail
