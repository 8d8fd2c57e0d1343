#include "unicode_info.h"

#include "u8codec/problem.h"

#include <unicode/uchar.h>
#include <unicode/utf16.h>

namespace u8ui {

namespace {

// ICU's long property value names use underscores: "Currency_Symbols".
QString spaced(const char* icuName) {
    return icuName ? QString::fromLatin1(icuName).replace(QLatin1Char('_'), QLatin1Char(' '))
                   : QString();
}

QString hex(quint32 value, int width) {
    return QStringLiteral("%1").arg(value, width, 16, QLatin1Char('0')).toUpper();
}

// Controls have no Name property, and ICU's alias lookup (U_CHAR_NAME_ALIAS) holds only the
// "correction" aliases: the names people use for controls are the "control" aliases of Unicode's
// NameAliases.txt (Unicode 15, the first of each; "figment" where no control alias exists).
const char* controlAlias(char32_t cp) {
    static const char* const kC0[32] = {"NULL",
                                        "START OF HEADING",
                                        "START OF TEXT",
                                        "END OF TEXT",
                                        "END OF TRANSMISSION",
                                        "ENQUIRY",
                                        "ACKNOWLEDGE",
                                        "ALERT",
                                        "BACKSPACE",
                                        "CHARACTER TABULATION",
                                        "LINE FEED",
                                        "LINE TABULATION",
                                        "FORM FEED",
                                        "CARRIAGE RETURN",
                                        "SHIFT OUT",
                                        "SHIFT IN",
                                        "DATA LINK ESCAPE",
                                        "DEVICE CONTROL ONE",
                                        "DEVICE CONTROL TWO",
                                        "DEVICE CONTROL THREE",
                                        "DEVICE CONTROL FOUR",
                                        "NEGATIVE ACKNOWLEDGE",
                                        "SYNCHRONOUS IDLE",
                                        "END OF TRANSMISSION BLOCK",
                                        "CANCEL",
                                        "END OF MEDIUM",
                                        "SUBSTITUTE",
                                        "ESCAPE",
                                        "INFORMATION SEPARATOR FOUR",
                                        "INFORMATION SEPARATOR THREE",
                                        "INFORMATION SEPARATOR TWO",
                                        "INFORMATION SEPARATOR ONE"};
    static const char* const kC1[32] = {"PADDING CHARACTER",
                                        "HIGH OCTET PRESET",
                                        "BREAK PERMITTED HERE",
                                        "NO BREAK HERE",
                                        "INDEX",
                                        "NEXT LINE",
                                        "START OF SELECTED AREA",
                                        "END OF SELECTED AREA",
                                        "CHARACTER TABULATION SET",
                                        "CHARACTER TABULATION WITH JUSTIFICATION",
                                        "LINE TABULATION SET",
                                        "PARTIAL LINE FORWARD",
                                        "PARTIAL LINE BACKWARD",
                                        "REVERSE LINE FEED",
                                        "SINGLE SHIFT TWO",
                                        "SINGLE SHIFT THREE",
                                        "DEVICE CONTROL STRING",
                                        "PRIVATE USE ONE",
                                        "PRIVATE USE TWO",
                                        "SET TRANSMIT STATE",
                                        "CANCEL CHARACTER",
                                        "MESSAGE WAITING",
                                        "START OF GUARDED AREA",
                                        "END OF GUARDED AREA",
                                        "START OF STRING",
                                        "SINGLE GRAPHIC CHARACTER INTRODUCER",
                                        "SINGLE CHARACTER INTRODUCER",
                                        "CONTROL SEQUENCE INTRODUCER",
                                        "STRING TERMINATOR",
                                        "OPERATING SYSTEM COMMAND",
                                        "PRIVACY MESSAGE",
                                        "APPLICATION PROGRAM COMMAND"};
    if (cp < 0x20)
        return kC0[cp];
    if (cp == 0x7F)
        return "DELETE";
    if (cp >= 0x80 && cp < 0xA0)
        return kC1[cp - 0x80];
    return nullptr;
}

} // namespace

QString UnicodeInfo::name(char32_t cp) {
    char buffer[256];
    UErrorCode status = U_ZERO_ERROR;
    // A corrected name (NameAliases.txt "correction") first: it replaces a misspelt Name.
    int32_t length =
        u_charName(UChar32(cp), U_CHAR_NAME_ALIAS, buffer, int32_t(sizeof buffer), &status);
    if (U_SUCCESS(status) && length > 0)
        return QString::fromLatin1(buffer, length);
    status = U_ZERO_ERROR;
    length = u_charName(UChar32(cp), U_UNICODE_CHAR_NAME, buffer, int32_t(sizeof buffer), &status);
    if (U_SUCCESS(status) && length > 0)
        return QString::fromLatin1(buffer, length);
    if (const char* alias = controlAlias(cp))
        return QString::fromLatin1(alias);
    status = U_ZERO_ERROR;
    length = u_charName(UChar32(cp), U_EXTENDED_CHAR_NAME, buffer, int32_t(sizeof buffer), &status);
    if (U_SUCCESS(status) && length > 0)
        return QString::fromLatin1(buffer, length);
    return tr("(no name)");
}

QString UnicodeInfo::categoryName(char32_t cp) {
    const int32_t value = u_getIntPropertyValue(UChar32(cp), UCHAR_GENERAL_CATEGORY);
    QString s = spaced(u_getPropertyValueName(UCHAR_GENERAL_CATEGORY, value, U_LONG_PROPERTY_NAME));
    // "Currency Symbol" reads as a title; "Currency symbol" as a description.
    for (int i = 1; i < s.size(); ++i)
        if (s.at(i - 1) == QLatin1Char(' '))
            s[i] = s.at(i).toLower();
    return s;
}

QString UnicodeInfo::categoryCode(char32_t cp) {
    const int32_t value = u_getIntPropertyValue(UChar32(cp), UCHAR_GENERAL_CATEGORY);
    return QString::fromLatin1(
        u_getPropertyValueName(UCHAR_GENERAL_CATEGORY, value, U_SHORT_PROPERTY_NAME));
}

QString UnicodeInfo::blockName(char32_t cp) {
    const int32_t value = u_getIntPropertyValue(UChar32(cp), UCHAR_BLOCK);
    if (value == UBLOCK_NO_BLOCK)
        return tr("No block");
    return spaced(u_getPropertyValueName(UCHAR_BLOCK, value, U_LONG_PROPERTY_NAME));
}

QString UnicodeInfo::codePointLabel(char32_t cp) {
    return QString::fromStdString(u8codec::codePointLabel(cp));
}

QString UnicodeInfo::utf16(char32_t cp) {
    if (U_IS_BMP(cp))
        return hex(quint32(cp), 4);
    return hex(U16_LEAD(cp), 4) + QLatin1Char(' ') + hex(U16_TRAIL(cp), 4);
}

QString UnicodeInfo::utf32(char32_t cp) {
    return hex(quint32(cp), 8);
}

QString UnicodeInfo::escapeU(char32_t cp) {
    if (cp <= 0xFFFF)
        return QStringLiteral("\\u") + hex(quint32(cp), 4);
    return QStringLiteral("\\U") + hex(quint32(cp), 8);
}

QString UnicodeInfo::escapeBytes(std::span<const std::uint8_t> bytes) {
    QString s;
    for (std::uint8_t b : bytes)
        s += QStringLiteral("\\x") + hex(b, 2);
    return s;
}

QString UnicodeInfo::controlAbbreviation(char32_t cp) {
    static const char* const kC0[32] = {"NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL",
                                        "BS",  "HT",  "LF",  "VT",  "FF",  "CR",  "SO",  "SI",
                                        "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB",
                                        "CAN", "EM",  "SUB", "ESC", "FS",  "GS",  "RS",  "US"};
    if (cp < 0x20)
        return QString::fromLatin1(kC0[cp]);
    if (cp == 0x20)
        return QStringLiteral("SP");
    if (cp == 0x7F)
        return QStringLiteral("DEL");
    return {};
}

QString UnicodeInfo::htmlReference(char32_t cp) {
    return QStringLiteral("&#x") + hex(quint32(cp), 1) + QLatin1Char(';');
}

} // namespace u8ui
