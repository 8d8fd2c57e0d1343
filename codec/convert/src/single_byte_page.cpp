#include "single_byte_page.h"

#include "ascii_run.h"
#include "transcode_icu.h"
#include "u8codec/encoder.h"
#include "well_formed_utf8.h"

#include <cstring>
#include <mutex>

namespace u8convert::detail {
using namespace u8codec;

const SingleBytePage* singleBytePage(bool cp1252) {
    static SingleBytePage pages[2];
    static bool ok[2] = {false, false};
    static std::once_flag once;
    std::call_once(once, [] {
        for (int k = 0; k < 2; ++k) {
            UErrorCode status = U_ZERO_ERROR;
            Converter c(ucnv_open(k ? "windows-1252" : "ISO-8859-1", &status));
            if (U_FAILURE(status))
                continue;
            ucnv_setToUCallBack(c.get(), UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr, nullptr,
                                &status);
            for (int b = 0; b < 256; ++b) {
                const char byte = char(b);
                const char* src = &byte;
                UChar buf[2];
                UChar* dst = buf;
                UErrorCode e = U_ZERO_ERROR;
                ucnv_reset(c.get());
                ucnv_toUnicode(c.get(), &dst, buf + 2, &src, src + 1, nullptr, true, &e);
                char32_t cp = 0xFFFFFFFF;
                if (U_SUCCESS(e) && dst - buf == 1)
                    cp = buf[0];
                pages[k].toUnicode[std::size_t(b)] = cp;
                if (cp < 0x2200)
                    pages[k].fromUnicode[cp] = std::uint16_t(b + 1);
            }
            ok[k] = true;
        }
    });
    return ok[cp1252 ? 1 : 0] ? &pages[cp1252 ? 1 : 0] : nullptr;
}

namespace {

// Converts `in` into `out` (at most `bound` bytes) a character at a time with `one`, which reads
// a character at p and writes it at o (false: it cannot), with the runs of ASCII copied as they
// are: the same bytes on both pages ICU's fast path takes and in UTF-8.
template <typename One>
bool convertAround(std::span<const std::uint8_t> in, std::size_t bound, std::string& out, One one) {
    out.resize(bound);
    char* o = out.data();
    const std::uint8_t* p = in.data();
    const std::uint8_t* const end = p + in.size();
    while (p != end) {
        const std::uint8_t* const ascii = nextNonAscii(p, end);
        std::memcpy(o, p, std::size_t(ascii - p));
        o += ascii - p;
        if ((p = ascii) == end)
            break;
        if (!one(p, o))
            return false;
    }
    out.resize(std::size_t(o - out.data()));
    return true;
}

} // namespace

bool singleByteToUtf8(std::span<const std::uint8_t> in, const SingleBytePage& page,
                      std::string& out) {
    return convertAround(in, in.size() * 3, out, [&page](const std::uint8_t*& p, char*& o) {
        const char32_t c = page.toUnicode[*p++];
        if (c == 0xFFFFFFFF)
            return false;
        o += encode(c, reinterpret_cast<std::uint8_t*>(o));
        return true;
    });
}

bool utf8ToSingleByte(std::span<const std::uint8_t> in, const SingleBytePage& page,
                      std::string& out) {
    return convertAround(in, in.size(), out, [&page](const std::uint8_t*& p, char*& o) {
        const char32_t c = readValid(p);
        const std::uint16_t b = c < 0x2200 ? page.fromUnicode[c] : 0;
        if (b == 0)
            return false; // not on the page: ICU's path reports it
        *o++ = char(b - 1);
        return true;
    });
}

} // namespace u8convert::detail
