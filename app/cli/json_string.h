// A string as a JSON string literal (RFC 8259 section 7), for file names and texts in --json
// output. A file name can hold any bytes; ill-formed ones become U+FFFD so that the output is
// always valid JSON in valid UTF-8.
#pragma once

#include <string>
#include <string_view>

namespace u8cli {

std::string jsonString(std::string_view text);

} // namespace u8cli
