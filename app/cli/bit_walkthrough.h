// The text rendering of u8codec::BitLayout for `encode` and `explain`: RFC 3629 section 3's
// steps shown on the bits, marker bits apart from payload bits.
#pragma once

#include "u8codec/encoder.h"

#include <string>

namespace u8cli {

// Three aligned rows, each starting with `indent`:
//   pattern  1110xxxx 10xxxxxx 10xxxxxx
//   bytes    11100010 10000010 10101100
//   payload      0010   000010   101100  = 0010000010101100 = U+20AC
std::string renderBitRows(const u8codec::BitLayout& layout, const std::string& indent);

// "U+20AC '€'" (the character itself only when it is printable).
std::string describeCodePoint(char32_t cp);

// The full encode walk-through for one value (scalar or not). Returns false when UTF-8 cannot
// encode the value (a surrogate, or above U+10FFFF); the text then says why.
bool explainEncoding(char32_t cp, std::string& text);

} // namespace u8cli
