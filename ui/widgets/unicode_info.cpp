#include "unicode_info.h"

#include "u8codec/controls.h"
#include "u8codec/problem.h"
#include "u8convert/audit.h"

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

} // namespace

QString UnicodeInfo::name(char32_t cp) {
    // One owner for names: the codec's (the audit's messages print the same ones).
    return QString::fromStdString(u8convert::characterName(cp));
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
    const std::string_view abbreviation = u8codec::controlAbbreviation(cp);
    return QString::fromLatin1(abbreviation.data(), qsizetype(abbreviation.size()));
}

QString UnicodeInfo::htmlReference(char32_t cp) {
    return QStringLiteral("&#x") + hex(quint32(cp), 1) + QLatin1Char(';');
}

bool UnicodeInfo::drawsAsEmoji(char32_t cp) {
    return u_hasBinaryProperty(UChar32(cp), UCHAR_EMOJI_PRESENTATION) ||
           u_hasBinaryProperty(UChar32(cp), UCHAR_EMOJI_MODIFIER);
}

} // namespace u8ui
