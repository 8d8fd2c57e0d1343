// Text as a JSON string literal (RFC 8259 section 7), for every JSON the project writes: the
// CLI's --json outputs (file names) and the reports' toJson() (repairs, detection). A file name
// can hold any bytes: ill-formed UTF-8 becomes U+FFFD, one per maximal subpart (the Replace
// policy of decoder.h), so the output is always valid JSON in valid UTF-8.
#pragma once

#include <string>
#include <string_view>

namespace u8codec {

// Appends "text" with its quotes: '"' and '\' escaped, the controls U+0000-U+001F as \n, \r, \t
// or \u00XX, everything else as UTF-8.
void appendJsonString(std::string& out, std::string_view text);
[[nodiscard]] std::string jsonString(std::string_view text);

} // namespace u8codec
