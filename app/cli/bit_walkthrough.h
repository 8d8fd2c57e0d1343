// The text rendering of the codec's walk-throughs for `encode` and `explain`: the steps of
// u8codec::walkEncoding in words (encode_steps.h owns them) and u8codec::BitLayout as aligned
// rows, marker bits apart from payload bits.
#pragma once

#include "u8codec/encoder.h"

#include <string>

namespace u8cli {

// Three aligned rows, each starting with `indent`:
//   pattern  1110xxxx 10xxxxxx 10xxxxxx
//   bytes    11100010 10000010 10101100   = E2 82 AC
//   payload      0010   000010   101100   = 0010000010101100 = U+20AC
std::string renderBitRows(const u8codec::BitLayout& layout, const std::string& indent);

// The full encode walk-through for one value (scalar or not), step by step. Returns false when
// UTF-8 cannot encode the value (a surrogate, or above U+10FFFF); the text then says why.
bool explainEncoding(char32_t cp, std::string& text);

} // namespace u8cli
