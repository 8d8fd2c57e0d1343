// Finding a character from what a person types to name it (Edit > Insert Character…): its code
// point written as hex, or its name. Names are ICU's, of the Unicode Character Database of this
// build, as characterName() (audit.h) shows them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace u8codec {

struct CharacterLookup {
    std::optional<char32_t> codePoint; // nullopt when nothing matched
    std::string error;                 // why, when nothing matched
};

// "U+20AC", "u+20ac", "0x20AC", "\u20AC" or plain hex "20AC"; or a name in any case: Unicode's
// name ("EURO SIGN"), a corrected one (NameAliases.txt), ICU's label ("<control-001B>"), a
// control's name ("LINE FEED", controls.h) or an abbreviation ("LF", "ZWJ", "RLO", "NBSP").
// A name is tried before plain hex, so that "ACE" could never hide a character so named.
// Surrogates are not characters (Unicode chapter 3, D76) and are refused, as is anything above
// U+10FFFF.
CharacterLookup findCharacter(std::string_view text);

} // namespace u8codec
