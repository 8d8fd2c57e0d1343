// What Unicode says about a code point (from ICU: name, general category, block) and the ways to
// write it (UTF-16, UTF-32, escapes). The UTF-8 bytes come from the codec; this file only adds
// the Unicode Character Database and the other encoding forms.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <cstdint>
#include <span>

namespace u8ui {

class UnicodeInfo {
    Q_DECLARE_TR_FUNCTIONS(u8ui::UnicodeInfo)
public:
    // The character's name, "EURO SIGN" (ICU u_charName, its corrected form where Unicode
    // corrected one); for a control its alias, "LINE FEED"; for other code points without a name
    // (surrogates, private use, unassigned) ICU's extended label, "<private use area-E000>".
    static QString name(char32_t cp);
    // General category, spelled for a person: "Currency symbol"; and its code, "Sc".
    static QString categoryName(char32_t cp);
    static QString categoryCode(char32_t cp);
    // The block, "Currency Symbols"; "No block" when unassigned to one.
    static QString blockName(char32_t cp);

    // "U+20AC".
    static QString codePointLabel(char32_t cp);
    // UTF-16 code units in hex: "20AC", "D83D DE00" (a surrogate pair above U+FFFF).
    static QString utf16(char32_t cp);
    // The UTF-32 code unit in hex: "000020AC".
    static QString utf32(char32_t cp);
    // C, C++, Java, JSON, Python style: "\u20AC"; above U+FFFF the 8-digit form "\U0001F600".
    static QString escapeU(char32_t cp);
    // Byte escapes of an encoded form: "\xE2\x82\xAC".
    static QString escapeBytes(std::span<const std::uint8_t> bytes);
    // The standard abbreviation of an ASCII control or space (ISO 6429 / ASCII): "NUL", "LF",
    // "ESC", "SP", "DEL"; empty for other code points. Drawn where a control would draw nothing.
    static QString controlAbbreviation(char32_t cp);
    // Whether `cp` is drawn as an emoji by default, or changes one (a skin-tone modifier): UTS
    // #51's Emoji_Presentation and Emoji_Modifier properties. Such text is drawn in a colour emoji
    // font.
    static bool drawsAsEmoji(char32_t cp);
    // HTML/XML numeric character reference: "&#x20AC;".
    static QString htmlReference(char32_t cp);
};

} // namespace u8ui
