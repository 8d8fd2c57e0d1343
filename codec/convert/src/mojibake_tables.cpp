#include "mojibake_tables.h"

#include "u8codec/byte_class.h"

#include <string>
#include <unicode/ucnv.h>
#include <unicode/utf16.h>

namespace u8convert::detail {
using namespace u8codec;

namespace {

// In the order of enum class CodePage.
constexpr std::string_view kNames[kCodePageCount] = {
    "windows-1252",   "ISO-8859-1",   "windows-1251",
    "macintosh",      "ISO-8859-2",   "ISO-8859-15",
    "ISO-8859-7",     "KOI8-R",       "IBM437",
    "windows-1250",   "windows-1257", "windows-1253",
    "windows-1254",   "windows-1255", "windows-1256",
    "windows-1258",   "KOI8-U",       "IBM866",
    "IBM850",         "IBM852",       "x-mac-centraleurroman",
    "x-mac-cyrillic", "ISO-8859-3",   "ISO-8859-4",
    "ISO-8859-5",     "ISO-8859-6",   "ISO-8859-8",
    "ISO-8859-9",     "ISO-8859-10",  "ISO-8859-11",
    "ISO-8859-13",    "ISO-8859-14",  "ISO-8859-16"};

// ISO-8859-16 (ISO/IEC 8859-16:2001, Romanian and South-Eastern European) is not in ICU's data:
// its bytes A0-FF; 80-9F are the C1 controls, as in every ISO-8859 page.
constexpr char16_t kLatin10High[96] = {
    0x00A0, 0x0104, 0x0105, 0x0141, 0x20AC, 0x201E, 0x0160, 0x00A7, 0x0161, 0x00A9, 0x0218, 0x00AB,
    0x0179, 0x00AD, 0x017A, 0x017B, 0x00B0, 0x00B1, 0x010C, 0x0142, 0x017D, 0x201D, 0x00B6, 0x00B7,
    0x017E, 0x010D, 0x0219, 0x00BB, 0x0152, 0x0153, 0x0178, 0x017C, 0x00C0, 0x00C1, 0x00C2, 0x0102,
    0x00C4, 0x0106, 0x00C6, 0x00C7, 0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF,
    0x0110, 0x0143, 0x00D2, 0x00D3, 0x00D4, 0x0150, 0x00D6, 0x015A, 0x0170, 0x00D9, 0x00DA, 0x00DB,
    0x00DC, 0x0118, 0x021A, 0x00DF, 0x00E0, 0x00E1, 0x00E2, 0x0103, 0x00E4, 0x0107, 0x00E6, 0x00E7,
    0x00E8, 0x00E9, 0x00EA, 0x00EB, 0x00EC, 0x00ED, 0x00EE, 0x00EF, 0x0111, 0x0144, 0x00F2, 0x00F3,
    0x00F4, 0x0151, 0x00F6, 0x015B, 0x0171, 0x00F9, 0x00FA, 0x00FB, 0x00FC, 0x0119, 0x021B, 0x00FF};

// The character ICU's converter gives for one byte >= 0x80, or kNoChar.
char32_t readByte(UConverter* cnv, std::uint8_t b) {
    const char byte = char(b);
    const char* src = &byte;
    UChar buf[4];
    UChar* dst = buf;
    UErrorCode s = U_ZERO_ERROR;
    ucnv_reset(cnv);
    ucnv_setToUCallBack(cnv, UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &s);
    ucnv_toUnicode(cnv, &dst, buf + 4, &src, src + 1, nullptr, true, &s);
    if (U_SUCCESS(s) && dst - buf == 1)
        return buf[0];
    if (U_SUCCESS(s) && dst - buf == 2 && U16_IS_LEAD(buf[0]))
        return U16_GET_SUPPLEMENTARY(buf[0], buf[1]);
    return kNoChar;
}

// Whether the page's image of lead byte `b` may start a repair. IBM866 puts the small letters
// р-я at E0-EF, where UTF-8 puts the leads of 3-byte characters: Russian text would read as CJK,
// Hangul or Ethiopic at every other letter ("рад" is E0 A0 A4), while UTF-8 read through IBM866
// in a console is Cyrillic ("╨Я╤А"), Latin ("├й") or punctuation ("тАФ" for "—", E2 80 94), and
// CJK read through it next to never. Under IBM866 only E2 of them starts a 3-byte repair.
bool startsRepairs(CodePage cp, std::uint8_t b) {
    return cp != CodePage::Cp866 || b < 0xE0 || b > 0xEF || b == 0xE2;
}

} // namespace

PageTables buildPageTables() {
    PageTables t;
    for (int p = 0; p < kCodePageCount; ++p) {
        PageTable& page = t.pages[std::size_t(p)];
        const PageMask bit = pageBit(CodePage(p));
        UErrorCode status = U_ZERO_ERROR;
        UConverter* cnv = CodePage(p) == CodePage::Latin10
                              ? nullptr
                              : ucnv_open(std::string(kNames[p]).c_str(), &status);
        const bool open = cnv && U_SUCCESS(status);
        for (int b = 0; b < 256; ++b) {
            char32_t c = b < 0x80 ? char32_t(b) : open ? readByte(cnv, std::uint8_t(b)) : kNoChar;
            if (CodePage(p) == CodePage::Latin10 && b >= 0x80)
                c = b >= 0xA0 ? char32_t(kLatin10High[b - 0xA0]) : char32_t(b);
            if (c == kNoChar && b >= 0x80 && b <= 0xBF)
                page.losesContinuations = true;
            if (c == kNoChar && b >= 0xC2 && b <= 0xF4)
                page.losesLeads = true;
            // A byte the page leaves undefined passes through as the C1 control of the same
            // value (what ICU and the WHATWG index do for windows-1252's 81 8D 8F 90 9D).
            if (c == kNoChar && b >= 0x80 && b <= 0x9F)
                c = char32_t(b);
            page.toUnicode[std::size_t(b)] = c;
            if (b < 0x80 || c == kNoChar)
                continue;
            PageMasks* m = nullptr;
            if (c < kFlatLimit) {
                page.fromUnicode[c] = std::uint8_t(b);
                m = &t.flat[c];
            } else {
                page.fromUnicodeHigh.emplace(c, std::uint8_t(b));
                m = &t.high[c];
            }
            // RFC 3629 section 3: 80-BF continue a sequence; C2-DF start 2 bytes, E0-F4 3 or 4.
            const ByteClass cls = classify(std::uint8_t(b));
            if (cls == ByteClass::Continuation)
                m->cont |= bit;
            const int len = sequenceLength(cls);
            if (len >= 2 && startsRepairs(CodePage(p), std::uint8_t(b)))
                m->leads[std::size_t(len - 2)] |= bit;
        }
        if (cnv)
            ucnv_close(cnv);
        // A page that puts characters at 80-9F but reads some of them as C1 controls (ICU's and
        // WHATWG's windows-1252 read its undefined 81 8D 8F 90 9D so) leaves those undefined,
        // and a strict decoder writes U+FFFD for them. The ISO-8859 pages define all of 80-9F as
        // the C1 controls.
        int c1 = 0;
        for (int b = 0x80; b <= 0x9F; ++b)
            c1 += page.toUnicode[std::size_t(b)] == char32_t(b);
        if (c1 > 0 && c1 < 32)
            page.losesContinuations = true;
        // U+FFFD, written for an undefined byte by a strict decoder, stands for a continuation
        // byte lost (the repair puts U+FFFD for the character it was part of).
        if (page.losesContinuations)
            t.high[kLostByte].cont |= bit;
        if (page.losesLeads)
            t.high[kLostByte].leads[0] |= bit;
    }
    return t;
}

std::string_view icuName(CodePage cp) noexcept {
    return kNames[int(cp)];
}

} // namespace u8convert::detail
