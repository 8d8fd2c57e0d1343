// A character as a person names it: the character itself, U+XXXX, or its Unicode name. The window's
// encode walk-through and `u8scope-cli encode` read their input this way.
#pragma once

#include "u8codec/result.h"

#include <optional>
#include <string>
#include <string_view>

namespace u8convert {

// The code point named `name` (ICU u_charFromName, U_EXTENDED_CHAR_NAME, case-insensitive): a
// character name ("EURO SIGN", "latin small letter e with acute"), a corrected name
// (NameAliases.txt), a control's name as characterName() gives it ("LINE FEED", controls.h), or
// ICU's label of a code point without one ("<control-0007>", "<private use area-E000>"). nullopt
// when no code point has that name.
[[nodiscard]] std::optional<char32_t> codePointFromName(std::string_view name);

// One code point as typed (UTF-8): "U+20AC" or "0x20AC" (parseCodePointNotation, up to
// 0x7FFFFFFF), one character ("€"), or a name (codePointFromName); spaces around it are ignored.
// On failure, an error (ErrorCode::Invalid) saying why.
[[nodiscard]] u8codec::Result<char32_t> codePointFromInput(std::string_view text);

} // namespace u8convert
