#include "mojibake_tables.h"

#include "u8codec/byte_class.h"

#include <string>
#include <unicode/ucnv.h>
#include <unicode/utf16.h>

namespace u8codec::detail {

namespace {

constexpr std::string_view kNames[kCodePageCount] = {"windows-1252", "ISO-8859-1", "windows-1251",
                                                     "macintosh",    "ISO-8859-2", "ISO-8859-15",
                                                     "ISO-8859-7",   "KOI8-R",     "IBM437"};

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

} // namespace

PageTables buildPageTables() {
    PageTables t;
    for (int p = 0; p < kCodePageCount; ++p) {
        PageTable& page = t.pages[std::size_t(p)];
        const PageMask bit = pageBit(CodePage(p));
        UErrorCode status = U_ZERO_ERROR;
        UConverter* cnv = ucnv_open(std::string(kNames[p]).c_str(), &status);
        const bool open = cnv && U_SUCCESS(status);
        for (int b = 0; b < 256; ++b) {
            char32_t c = b < 0x80 ? char32_t(b) : open ? readByte(cnv, std::uint8_t(b)) : kNoChar;
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
            if (len >= 2)
                m->leads[std::size_t(len - 2)] |= bit;
        }
        if (cnv)
            ucnv_close(cnv);
    }
    return t;
}

std::string_view icuName(CodePage cp) noexcept {
    return kNames[int(cp)];
}

} // namespace u8codec::detail
