#include "u8convert/terminal_width.h"

#include "u8codec/controls.h"
#include "u8convert/audit.h"

#include <unicode/uchar.h>

namespace u8convert {
using namespace u8codec;

int terminalColumns(char32_t cp) {
    const UChar32 c = UChar32(cp);
    if (isC0Control(cp) || isC1Control(cp))
        return 0;
    switch (u_charType(c)) {
    case U_NON_SPACING_MARK:
    case U_ENCLOSING_MARK:
        return 0;
    case U_FORMAT_CHAR:
        // SOFT HYPHEN is Cf, yet terminals (and ISO 8859-1 before them) draw it as a hyphen.
        return cp == 0xAD ? 1 : 0;
    default:
        break;
    }
    if (cp != 0xAD && u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
        return 0;
    // Conjoining jamo V and T (U+1160..U+11FF, U+D7B0..U+D7FF) are drawn inside the syllable
    // their leading consonant starts (Unicode chapter 3.12).
    switch (u_getIntPropertyValue(c, UCHAR_HANGUL_SYLLABLE_TYPE)) {
    case U_HST_VOWEL_JAMO:
    case U_HST_TRAILING_JAMO:
        return 0;
    default:
        break;
    }
    switch (u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH)) {
    case U_EA_WIDE:
    case U_EA_FULLWIDTH:
        return 2;
    default:
        return 1;
    }
}

CellForm cellForm(char32_t cp) {
    if (drawsNothing(cp))
        return CellForm::Invisible;
    switch (u_charType(UChar32(cp))) {
    case U_NON_SPACING_MARK:
    case U_COMBINING_SPACING_MARK:
    case U_ENCLOSING_MARK:
        return CellForm::CombiningMark;
    case U_SPACE_SEPARATOR:
        return cp == 0x20 ? CellForm::Glyph : CellForm::Space;
    case U_UNASSIGNED: // noncharacters and code points not yet assigned: no font draws them
        return CellForm::Invisible;
    default:
        return CellForm::Glyph;
    }
}

} // namespace u8convert
