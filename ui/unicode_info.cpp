#include "unicode_info.h"

#include "u8codec/controls.h"
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
    // Controls have no Name property, and ICU's alias lookup (U_CHAR_NAME_ALIAS) holds only
    // the "correction" aliases: the codec knows the "control" aliases people use.
    if (const std::string_view alias = u8codec::controlName(cp); !alias.empty())
        return QString::fromLatin1(alias.data(), qsizetype(alias.size()));
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
    const std::string_view abbreviation = u8codec::controlAbbreviation(cp);
    return QString::fromLatin1(abbreviation.data(), qsizetype(abbreviation.size()));
}

QString UnicodeInfo::htmlReference(char32_t cp) {
    return QStringLiteral("&#x") + hex(quint32(cp), 1) + QLatin1Char(';');
}

} // namespace u8ui
