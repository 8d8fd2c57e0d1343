#include "u8codec/transcode.h"

#include "ascii_run.h"
#include "u8codec/encoder.h"
#include "u8codec/scan.h"
#include "utf16_kernels.h"
#include "well_formed_utf8.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <memory>
#include <mutex>
#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/ucnv_err.h>

namespace u8codec {

std::optional<UnmappablePolicy> unmappablePolicyFromName(std::string_view n) noexcept {
    if (n == "fail")
        return UnmappablePolicy::Fail;
    if (n == "substitute")
        return UnmappablePolicy::Substitute;
    if (n == "escape")
        return UnmappablePolicy::Escape;
    return std::nullopt;
}

std::string_view name(UnmappablePolicy p) noexcept {
    switch (p) {
    case UnmappablePolicy::Fail:
        return "fail";
    case UnmappablePolicy::Substitute:
        return "substitute";
    case UnmappablePolicy::Escape:
        return "escape";
    }
    return "fail";
}

std::optional<EscapeStyle> escapeStyleFromName(std::string_view n) noexcept {
    if (n == "xml-hex" || n == "escape-xml-hex")
        return EscapeStyle::XmlHex;
    if (n == "xml-dec" || n == "escape-xml-dec")
        return EscapeStyle::XmlDec;
    if (n == "java" || n == "escape-java")
        return EscapeStyle::Java;
    if (n == "c" || n == "escape-c")
        return EscapeStyle::C;
    if (n == "unicode" || n == "escape-unicode")
        return EscapeStyle::Unicode;
    if (n == "icu" || n == "escape-icu")
        return EscapeStyle::Icu;
    return std::nullopt;
}

namespace {

struct ConverterCloser {
    void operator()(UConverter* c) const { ucnv_close(c); }
};
using Converter = std::unique_ptr<UConverter, ConverterCloser>;

Converter openConverter(std::string_view name, std::string& error) {
    UErrorCode status = U_ZERO_ERROR;
    Converter c(ucnv_open(std::string(name).c_str(), &status));
    if (U_FAILURE(status) || !c) {
        error = "unknown encoding '" + std::string(name) + "'";
        return nullptr;
    }
    return c;
}

// ICU's canonical name of a converter: what formOf() recognises.
std::string canonicalName(UConverter* c) {
    UErrorCode status = U_ZERO_ERROR;
    const char* n = ucnv_getName(c, &status);
    return U_SUCCESS(status) && n ? n : "";
}

// The name a person knows an encoding by: the preferred MIME name (ISO-8859-2, EUC-JP,
// Shift_JIS), else IANA's (windows-1251, IBM437, macintosh), else ICU's canonical name, which for
// most code pages is IBM's table ("ibm-5347_P100-1998" is windows-1251).
std::string displayNameOf(const std::string& canonical) {
    for (const char* standard : {"MIME", "IANA"}) {
        UErrorCode status = U_ZERO_ERROR;
        const char* n = ucnv_getStandardName(canonical.c_str(), standard, &status);
        if (U_SUCCESS(status) && n && *n)
            return n;
    }
    return canonical;
}

std::string displayName(UConverter* c) {
    return displayNameOf(canonicalName(c));
}

// The ICU context string of each escape style (ucnv_err.h).
const char* escapeContext(EscapeStyle s) {
    switch (s) {
    case EscapeStyle::XmlHex:
        return UCNV_ESCAPE_XML_HEX;
    case EscapeStyle::XmlDec:
        return UCNV_ESCAPE_XML_DEC;
    case EscapeStyle::Java:
        return UCNV_ESCAPE_JAVA;
    case EscapeStyle::C:
        return UCNV_ESCAPE_C;
    case EscapeStyle::Unicode:
        return UCNV_ESCAPE_UNICODE;
    case EscapeStyle::Icu:
        return nullptr;
    }
    return UCNV_ESCAPE_XML_HEX;
}

// Records where ICU met an unmappable character or an invalid sequence, then lets ICU's own
// callback (substitute or escape) write exactly what uconv writes.
struct ToUnicodeRecorder {
    const char* sourceStart = nullptr;
    std::uint64_t base = 0; // input offset of sourceStart (streaming)
    TranscodeResult* result = nullptr;
    std::size_t max = 0;
    UConverterToUCallback next = nullptr;
    const void* nextContext = nullptr;
};

struct FromUnicodeRecorder {
    const UChar* sourceStart = nullptr;
    std::uint64_t base = 0; // input offset the pivot's offsets are relative to (streaming)
    const std::vector<std::int32_t>* offsets = nullptr; // pivot index -> input byte offset
    TranscodeResult* result = nullptr;
    std::size_t max = 0;
    UConverterFromUCallback next = nullptr;
    const void* nextContext = nullptr;
};

void U_CALLCONV recordToUnicode(const void* context, UConverterToUnicodeArgs* args,
                                const char* codeUnits, int32_t length,
                                UConverterCallbackReason reason, UErrorCode* err) {
    const auto* r = static_cast<const ToUnicodeRecorder*>(context);
    if (reason <= UCNV_IRREGULAR) {
        ++r->result->invalidInput;
        if (r->result->invalidInputOffsets.size() < r->max)
            r->result->invalidInputOffsets.push_back(
                r->base +
                std::uint64_t(std::max<std::ptrdiff_t>(0, args->source - r->sourceStart - length)));
    }
    r->next(r->nextContext, args, codeUnits, length, reason, err);
}

void U_CALLCONV recordFromUnicode(const void* context, UConverterFromUnicodeArgs* args,
                                  const UChar* codeUnits, int32_t length, UChar32 codePoint,
                                  UConverterCallbackReason reason, UErrorCode* err) {
    const auto* r = static_cast<const FromUnicodeRecorder*>(context);
    if (reason <= UCNV_IRREGULAR) {
        ++r->result->unmappable;
        if (r->result->unmappableOffsets.size() < r->max) {
            const std::ptrdiff_t index = args->source - r->sourceStart - length;
            std::uint64_t offset = 0;
            if (index >= 0 && std::size_t(index) < r->offsets->size())
                offset = r->base + std::uint64_t(std::max(0, (*r->offsets)[std::size_t(index)]));
            r->result->unmappableOffsets.push_back(offset);
        }
    }
    r->next(r->nextContext, args, codeUnits, length, codePoint, reason, err);
}

// The general path: source -> UTF-16 pivot (with the input offset of every unit) -> target.
bool transcodeWithIcu(std::span<const std::uint8_t> input, UConverter* src, UConverter* dst,
                      const TranscodeOptions& opt, bool signature, TranscodeResult& result) {
    if (input.size() > std::size_t(INT32_MAX) / 2) {
        result.error = "input larger than 1 GiB: this conversion needs ICU's general path, which "
                       "works on buffers below that size";
        return false;
    }
    UErrorCode status = U_ZERO_ERROR;
    // The recorders live on this stack frame: put ICU's plain callbacks back before leaving, as
    // ucnv_close() calls the installed ones once more.
    struct Restore {
        UConverter* src;
        UConverter* dst;
        ~Restore() {
            UErrorCode e = U_ZERO_ERROR;
            ucnv_setToUCallBack(src, UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &e);
            ucnv_setFromUCallBack(dst, UCNV_FROM_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &e);
        }
    } restore{src, dst};
    ToUnicodeRecorder toRec;
    toRec.sourceStart = reinterpret_cast<const char*>(input.data());
    toRec.result = &result;
    toRec.max = opt.maxReported;
    const bool escape = opt.unmappable == UnmappablePolicy::Escape;
    toRec.next = escape ? UCNV_TO_U_CALLBACK_ESCAPE : UCNV_TO_U_CALLBACK_SUBSTITUTE;
    toRec.nextContext = escape ? escapeContext(opt.escape) : nullptr;
    ucnv_setToUCallBack(src, recordToUnicode, &toRec, nullptr, nullptr, &status);

    std::vector<UChar> pivot(input.size() + 16);
    std::vector<std::int32_t> offsets(pivot.size());
    std::size_t used = 0;
    if (signature) {
        pivot[0] = 0xFEFF;
        offsets[0] = 0;
        used = 1;
    }
    const char* s = reinterpret_cast<const char*>(input.data());
    const char* sEnd = s + input.size();
    const std::uint64_t total = input.size();
    const auto cancel = [&](std::uint64_t done) {
        if (!opt.progress || opt.progress(done, total))
            return false;
        result.cancelled = true;
        result.error = "cancelled";
        return true;
    };
    // The input goes to ICU in 1 MiB pieces (ICU keeps a sequence cut between pieces), so that
    // progress can be reported: the pivot takes the first half of the range, the target the rest.
    constexpr std::ptrdiff_t kPiece = std::ptrdiff_t(1) << 20;
    for (;;) {
        const char* pieceEnd = sEnd - s > kPiece ? s + kPiece : sEnd;
        const bool last = pieceEnd == sEnd;
        UChar* t = pivot.data() + used;
        const char* callStart = s;
        UErrorCode e = U_ZERO_ERROR;
        ucnv_toUnicode(src, &t, pivot.data() + pivot.size(), &s, pieceEnd, offsets.data() + used,
                       last, &e);
        const std::size_t produced = std::size_t(t - (pivot.data() + used));
        // ICU's offsets are relative to the source of this call.
        const auto base = std::int32_t(callStart - reinterpret_cast<const char*>(input.data()));
        for (std::size_t i = used; i < used + produced; ++i)
            if (offsets[i] >= 0)
                offsets[i] += base;
        used += produced;
        if (e == U_BUFFER_OVERFLOW_ERROR) {
            pivot.resize(pivot.size() * 2);
            offsets.resize(pivot.size());
            continue;
        }
        if (U_FAILURE(e)) {
            result.error =
                std::string("conversion from ") + result.from + " failed: " + u_errorName(e);
            return false;
        }
        if (last && s == sEnd)
            break;
        if (cancel(std::uint64_t(s - reinterpret_cast<const char*>(input.data())) / 2))
            return false;
    }
    pivot.resize(used);
    offsets.resize(used);

    FromUnicodeRecorder fromRec;
    fromRec.sourceStart = pivot.data();
    fromRec.offsets = &offsets;
    fromRec.result = &result;
    fromRec.max = opt.maxReported;
    fromRec.next = escape ? UCNV_FROM_U_CALLBACK_ESCAPE : UCNV_FROM_U_CALLBACK_SUBSTITUTE;
    fromRec.nextContext = escape ? escapeContext(opt.escape) : nullptr;
    ucnv_setFromUCallBack(dst, recordFromUnicode, &fromRec, nullptr, nullptr, &status);
    std::string out(pivot.size() * 2 + 16, '\0');
    std::size_t written = 0;
    const UChar* u = pivot.data();
    const UChar* uEnd = u + pivot.size();
    for (;;) {
        const UChar* pieceEnd = uEnd - u > kPiece / 2 ? u + kPiece / 2 : uEnd;
        const bool last = pieceEnd == uEnd;
        char* t = out.data() + written;
        UErrorCode e = U_ZERO_ERROR;
        ucnv_fromUnicode(dst, &t, out.data() + out.size(), &u, pieceEnd, nullptr, last, &e);
        written = std::size_t(t - out.data());
        if (e == U_BUFFER_OVERFLOW_ERROR) {
            out.resize(out.size() * 2);
            continue;
        }
        if (U_FAILURE(e)) {
            result.error = std::string("conversion to ") + result.to + " failed: " + u_errorName(e);
            return false;
        }
        if (last && u == uEnd)
            break;
        const std::size_t index = std::size_t(u - pivot.data());
        const std::uint64_t at =
            index < offsets.size() ? std::uint64_t(std::max(0, offsets[index])) : total;
        if (cancel(total / 2 + at / 2))
            return false;
    }
    out.resize(written);
    result.output = std::move(out);
    return true;
}

// --- the hand-written loops ---------------------------------------------------------------

inline void put16(char*& o, char16_t u, bool be) {
    o[be ? 0 : 1] = char(u >> 8);
    o[be ? 1 : 0] = char(u & 0xFF);
    o += 2;
}

inline void put32(char*& o, char32_t c, bool be) {
    for (int i = 0; i < 4; ++i)
        o[be ? 3 - i : i] = char((c >> (8 * i)) & 0xFF);
    o += 4;
}

// A single-byte page (ISO-8859-1, windows-1252) read from ICU once, so that the loops give
// exactly ICU's bytes.
struct SingleBytePage {
    std::array<char32_t, 256> toUnicode{};           // 0xFFFFFFFF: ICU has no mapping
    std::array<std::uint16_t, 0x2200> fromUnicode{}; // byte + 1; 0: not on the page
};

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

bool singleByteToUtf8(std::span<const std::uint8_t> in, const SingleBytePage& page,
                      std::string& out) {
    out.resize(in.size() * 3);
    char* o = out.data();
    const std::uint8_t* p = in.data();
    const std::uint8_t* end = p + in.size();
    while (p != end) {
        // A run of ASCII is the same bytes on every page ICU's fast path takes and in UTF-8.
        const std::uint8_t* const ascii = detail::nextNonAscii(p, end);
        std::memcpy(o, p, std::size_t(ascii - p));
        o += ascii - p;
        if ((p = ascii) == end)
            break;
        const char32_t c = page.toUnicode[*p++];
        if (c == 0xFFFFFFFF)
            return false;
        o += encode(c, reinterpret_cast<std::uint8_t*>(o));
    }
    out.resize(std::size_t(o - out.data()));
    return true;
}

bool utf8ToSingleByte(std::span<const std::uint8_t> in, const SingleBytePage& page,
                      std::string& out) {
    out.resize(in.size());
    char* o = out.data();
    const std::uint8_t* p = in.data();
    const std::uint8_t* end = p + in.size();
    while (p != end) {
        const std::uint8_t* const ascii = detail::nextNonAscii(p, end);
        std::memcpy(o, p, std::size_t(ascii - p));
        o += ascii - p;
        if ((p = ascii) == end)
            break;
        const char32_t c = detail::readValid(p);
        const std::uint16_t b = c < 0x2200 ? page.fromUnicode[c] : 0;
        if (b == 0)
            return false; // not on the page: ICU's path reports it
        *o++ = char(b - 1);
    }
    out.resize(std::size_t(o - out.data()));
    return true;
}

enum class Form : std::uint8_t { Utf8, Utf16Le, Utf16Be, Utf32Le, Utf32Be, Latin1, Cp1252, Other };

Form formOf(const char* icuName) {
    const std::string_view n(icuName);
    if (n == "UTF-8")
        return Form::Utf8;
    if (n == "UTF-16LE")
        return Form::Utf16Le;
    if (n == "UTF-16BE")
        return Form::Utf16Be;
    if (n == "UTF-32LE")
        return Form::Utf32Le;
    if (n == "UTF-32BE")
        return Form::Utf32Be;
    if (n == "ISO-8859-1")
        return Form::Latin1;
    UErrorCode status = U_ZERO_ERROR;
    Converter c(ucnv_open("windows-1252", &status));
    if (U_SUCCESS(status) && n == ucnv_getName(c.get(), &status))
        return Form::Cp1252;
    return Form::Other;
}

void appendSignature(Form f, std::string& out) {
    char buf[4];
    char* o = buf;
    switch (f) {
    case Form::Utf8:
        out += "\xEF\xBB\xBF";
        return;
    case Form::Utf16Le:
    case Form::Utf16Be:
        put16(o, 0xFEFF, f == Form::Utf16Be);
        out.append(buf, 2);
        return;
    case Form::Utf32Le:
    case Form::Utf32Be:
        put32(o, 0xFEFF, f == Form::Utf32Be);
        out.append(buf, 4);
        return;
    default:
        return;
    }
}

// The UTF-16 kernels write into the string a piece at a time: it grows by one piece's bound
// only, so that the zeros std::string::resize writes stay in the cache where the kernel overwrites
// them (growing by the whole bound at once writes them to memory first, a pass as long as the
// conversion), and no page past the output is touched.
constexpr std::size_t kKernelPiece = detail::kUtf16KernelPiece;

// Where a piece of well-formed UTF-8 that would end at `q` ends at a character's first byte:
// back over at most 3 continuation bytes (RFC 3629 section 3).
const std::uint8_t* pieceEnd(const std::uint8_t* p, const std::uint8_t* end, std::size_t size) {
    const std::uint8_t* q = std::size_t(end - p) > size ? p + size : end;
    for (int back = 0; q != end && back < 3 && classify(*q) == ByteClass::Continuation; ++back)
        --q;
    return q;
}

// Appends the UTF-16 form of well-formed UTF-8 (validated by the caller with the codec's scan).
// With `exactUnits` (from the scan's counts) the string is allocated once, at its final size.
bool appendUtf8AsUtf16(std::span<const std::uint8_t> utf8, bool bigEndian, std::string& out,
                       std::optional<std::uint64_t> exactUnits) {
    const Isa kernel = detail::bestUtf16Kernel();
    out.reserve(out.size() + 2 * std::size_t(exactUnits.value_or(utf8.size())) + 2 * kKernelPiece +
                detail::kUtf16KernelSlack);
    const std::uint8_t* p = utf8.data();
    const std::uint8_t* const end = p + utf8.size();
    while (p != end) {
        const std::uint8_t* const q = pieceEnd(p, end, kKernelPiece);
        const std::size_t base = out.size();
        out.resize(base + 2 * std::size_t(q - p) + detail::kUtf16KernelSlack);
        char* written = detail::utf8ToUtf16Units(kernel, p, q, out.data() + base, bigEndian);
        if (!written) {
            out.resize(base);
            return false;
        }
        out.resize(std::size_t(written - out.data()));
        p = q;
    }
    return true;
}

// Appends the UTF-8 form of UTF-16; false at a surrogate that is not half of a pair.
bool appendUtf16AsUtf8(std::span<const std::uint8_t> utf16, bool bigEndian, std::string& out,
                       std::optional<std::uint64_t> exactBytes) {
    if (utf16.size() % 2 != 0)
        return false;
    const Isa kernel = detail::bestUtf16Kernel();
    out.reserve(out.size() + std::size_t(exactBytes.value_or(utf16.size() / 2 * 3)) +
                kKernelPiece / 2 * 3 + detail::kUtf16KernelSlack);
    const std::uint8_t* p = utf16.data();
    const std::uint8_t* const end = p + utf16.size();
    while (p != end) {
        const std::uint8_t* q = std::size_t(end - p) > kKernelPiece ? p + kKernelPiece : end;
        // The piece does not end between the halves of a surrogate pair.
        if (q != end) {
            const char16_t last = detail::unitAt(q - 2, bigEndian);
            if (last >= 0xD800 && last <= 0xDBFF)
                q -= 2;
        }
        const std::size_t base = out.size();
        out.resize(base + std::size_t(q - p) / 2 * 3 + detail::kUtf16KernelSlack);
        auto* const start = reinterpret_cast<std::uint8_t*>(out.data());
        std::uint8_t* written = detail::utf16ToUtf8Bytes(kernel, p, q, start + base, bigEndian);
        if (!written) {
            out.resize(base);
            return false;
        }
        out.resize(std::size_t(written - start));
        p = q;
    }
    return true;
}

// The fast paths: from well-formed input of a Unicode form or a single-byte page, to UTF-8 or
// from UTF-8, appended to `out`. False when the loop cannot do this conversion exactly (ICU's
// path then does it; `out` is then left unspecified). `sizeExactly`: `out` will be the result
// (whole-buffer transcoding), allocate it at its exact final size; otherwise `out` is a buffer
// the caller reuses (the Transcoder's pieces), and a pass to find that size would be wasted.
bool fastTranscode(std::span<const std::uint8_t> input, Form from, Form to, std::string& out,
                   bool sizeExactly) {
    const bool toUtf8 = to == Form::Utf8;
    const bool fromUtf8 = from == Form::Utf8;
    if (!toUtf8 && !fromUtf8)
        return false;
    std::optional<ScanSummary> summary;
    if (fromUtf8) {
        summary = scan(input);
        if (!summary->valid())
            return false; // invalid input: ICU's callbacks handle it exactly as uconv does
    }
    // The loops that assign their output: through a temporary when `out` holds a signature.
    const auto appendVia = [&out](auto convert) {
        if (out.empty())
            return convert(out);
        std::string converted;
        if (!convert(converted))
            return false;
        out += converted;
        return true;
    };
    switch (fromUtf8 ? to : from) {
    case Form::Utf8:
        out.append(reinterpret_cast<const char*>(input.data()), input.size());
        return true;
    case Form::Utf16Le:
    case Form::Utf16Be: {
        const bool be = (fromUtf8 ? to : from) == Form::Utf16Be;
        if (fromUtf8) {
            // Code units: one per character, two for a 4-byte one (a surrogate pair).
            const auto& n = summary->byLength;
            return appendUtf8AsUtf16(input, be, out, n[1] + n[2] + n[3] + 2 * n[4]);
        }
        if (input.size() % 2 != 0)
            return false;
        // A first pass finds the exact output size and any lone surrogate; without it the loop
        // meets a lone surrogate itself. Either way it sends the input to ICU's path, which
        // reports it.
        std::optional<std::uint64_t> length;
        if (sizeExactly) {
            length = detail::utf8LengthOfUtf16(detail::bestUtf16Kernel(), input.data(),
                                               input.data() + input.size(), be);
            if (!length)
                return false;
        }
        return appendUtf16AsUtf8(input, be, out, length);
    }
    case Form::Utf32Le:
    case Form::Utf32Be: {
        const bool be = (fromUtf8 ? to : from) == Form::Utf32Be;
        return appendVia([&](std::string& o) {
            return fromUtf8 ? utf8ToUtf32(input, be, o) : utf32ToUtf8(input, be, o);
        });
    }
    case Form::Latin1:
    case Form::Cp1252: {
        const SingleBytePage* page = singleBytePage((fromUtf8 ? to : from) == Form::Cp1252);
        if (!page)
            return false;
        return appendVia([&](std::string& o) {
            return fromUtf8 ? utf8ToSingleByte(input, *page, o) : singleByteToUtf8(input, *page, o);
        });
    }
    default:
        return false;
    }
}

} // namespace

bool utf8ToUtf16(std::span<const std::uint8_t> utf8, bool bigEndian, std::string& out) {
    out.clear();
    return appendUtf8AsUtf16(utf8, bigEndian, out, std::nullopt);
}

bool utf16ToUtf8(std::span<const std::uint8_t> utf16, bool bigEndian, std::string& out) {
    out.clear();
    return appendUtf16AsUtf8(utf16, bigEndian, out, std::nullopt);
}

bool utf8ToUtf32(std::span<const std::uint8_t> utf8, bool bigEndian, std::string& out) {
    out.resize(utf8.size() * 4);
    char* o = out.data();
    const std::uint8_t* p = utf8.data();
    const std::uint8_t* end = p + utf8.size();
    while (p != end)
        put32(o, detail::readValid(p), bigEndian);
    out.resize(std::size_t(o - out.data()));
    return true;
}

bool utf32ToUtf8(std::span<const std::uint8_t> utf32, bool bigEndian, std::string& out) {
    if (utf32.size() % 4 != 0)
        return false;
    out.resize(utf32.size());
    auto* o = reinterpret_cast<std::uint8_t*>(out.data());
    for (std::size_t i = 0; i < utf32.size(); i += 4) {
        const std::uint8_t* q = utf32.data() + i;
        const char32_t c =
            bigEndian ? char32_t(q[0]) << 24 | char32_t(q[1]) << 16 | char32_t(q[2]) << 8 | q[3]
                      : char32_t(q[3]) << 24 | char32_t(q[2]) << 16 | char32_t(q[1]) << 8 | q[0];
        const int n = encode(c, o);
        if (n == 0)
            return false; // a surrogate or above U+10FFFF: ICU's path reports it
        o += n;
    }
    out.resize(std::size_t(reinterpret_cast<char*>(o) - out.data()));
    return true;
}

// --- streaming ----------------------------------------------------------------------------

namespace {

// How much of `w` ends at a character boundary of the source form: a sequence cut at the end
// waits for the next piece.
std::size_t completePrefix(Form from, std::string_view w) {
    const std::size_t n = w.size();
    switch (from) {
    case Form::Utf8: {
        // Back over at most 3 continuation bytes to the lead (RFC 3629 section 3: no sequence is
        // longer than 4 bytes); keep it for later if its sequence is not complete yet.
        std::size_t i = n;
        while (i > 0 && n - i < 3 && classify(std::uint8_t(w[i - 1])) == ByteClass::Continuation)
            --i;
        if (i == 0)
            return n;
        const int len = sequenceLength(classify(std::uint8_t(w[i - 1])));
        return len >= 2 && n - (i - 1) < std::size_t(len) ? i - 1 : n;
    }
    case Form::Utf16Le:
    case Form::Utf16Be: {
        std::size_t m = n & ~std::size_t(1);
        if (m >= 2) {
            const auto* q = reinterpret_cast<const std::uint8_t*>(w.data()) + m - 2;
            const char16_t u =
                from == Form::Utf16Be ? char16_t(q[0] << 8 | q[1]) : char16_t(q[1] << 8 | q[0]);
            if (u >= 0xD800 && u <= 0xDBFF) // a high surrogate waits for its low half
                m -= 2;
        }
        return m;
    }
    case Form::Utf32Le:
    case Form::Utf32Be:
        return n & ~std::size_t(3);
    default:
        return n;
    }
}

} // namespace

struct Transcoder::Impl {
    TranscodeOptions opt;
    Converter src, dst;
    Form fromForm = Form::Other, toForm = Form::Other;
    bool valid = false;
    bool icu = false;     // ICU's converters took over
    bool started = false; // the signature (if any) is written
    bool failed = false;
    TranscodeResult state;
    ToUnicodeRecorder toRec;
    FromUnicodeRecorder fromRec;
    std::string pending;        // input not converted yet (a sequence cut between pieces)
    std::string scratch;        // the fast loops' output, reused
    std::uint64_t consumed = 0; // input offset of pending[0]
    std::vector<UChar> pivot;
    std::vector<std::int32_t> offsets;

    ~Impl() {
        if (src && dst) { // the recorders die with this object: ICU's plain callbacks back
            UErrorCode e = U_ZERO_ERROR;
            ucnv_setToUCallBack(src.get(), UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &e);
            ucnv_setFromUCallBack(dst.get(), UCNV_FROM_U_CALLBACK_STOP, nullptr, nullptr, nullptr,
                                  &e);
        }
    }

    bool fail(std::string message) {
        failed = true;
        state.error = std::move(message);
        return false;
    }

    // Feeds n bytes to ICU (source -> pivot -> target), appending to out.
    bool icuFeed(const char* data, std::size_t n, bool flush, std::string& out) {
        toRec.sourceStart = data;
        toRec.base = consumed;
        pivot.resize(std::max<std::size_t>(n + 16, pivot.size()));
        offsets.resize(pivot.size());
        std::size_t used = 0;
        const char* s = data;
        const char* sEnd = data + n;
        for (;;) {
            UChar* t = pivot.data() + used;
            const char* callStart = s;
            UErrorCode e = U_ZERO_ERROR;
            ucnv_toUnicode(src.get(), &t, pivot.data() + pivot.size(), &s, sEnd,
                           offsets.data() + used, flush, &e);
            const std::size_t produced = std::size_t(t - (pivot.data() + used));
            const auto callBase = std::int32_t(callStart - data);
            for (std::size_t i = used; i < used + produced; ++i)
                if (offsets[i] >= 0)
                    offsets[i] += callBase;
            used += produced;
            if (e == U_BUFFER_OVERFLOW_ERROR) {
                pivot.resize(pivot.size() * 2);
                offsets.resize(pivot.size());
                continue;
            }
            if (U_FAILURE(e))
                return fail(std::string("conversion from ") + state.from +
                            " failed: " + u_errorName(e));
            break;
        }
        fromRec.sourceStart = pivot.data();
        fromRec.offsets = &offsets;
        fromRec.base = consumed;
        std::size_t written = out.size();
        out.resize(written + used * 4 + 16);
        const UChar* u = pivot.data();
        const UChar* uEnd = u + used;
        for (;;) {
            char* t = out.data() + written;
            UErrorCode e = U_ZERO_ERROR;
            ucnv_fromUnicode(dst.get(), &t, out.data() + out.size(), &u, uEnd, nullptr, flush, &e);
            written = std::size_t(t - out.data());
            if (e == U_BUFFER_OVERFLOW_ERROR) {
                out.resize(out.size() * 2);
                continue;
            }
            if (U_FAILURE(e)) {
                out.resize(written);
                return fail(std::string("conversion to ") + state.to +
                            " failed: " + u_errorName(e));
            }
            break;
        }
        out.resize(written);
        consumed += n;
        return true;
    }

    void start(std::string& out) {
        if (started)
            return;
        started = true;
        if (!opt.addSignature)
            return;
        if (toForm != Form::Other) {
            appendSignature(toForm, out);
            return;
        }
        // A Unicode target only ICU writes ("UTF-16" with its own BOM, "UTF-7"...): U+FEFF
        // through the converter, as the whole-buffer path puts it in front of the pivot.
        const UChar bom = 0xFEFF;
        const UChar* u = &bom;
        char buf[16];
        char* t = buf;
        UErrorCode e = U_ZERO_ERROR;
        ucnv_fromUnicode(dst.get(), &t, buf + sizeof buf, &u, u + 1, nullptr, false, &e);
        out.append(buf, std::size_t(t - buf));
    }
};

Transcoder::Transcoder(std::string_view from, std::string_view to, const TranscodeOptions& options)
    : impl_(std::make_unique<Impl>()) {
    Impl& m = *impl_;
    m.opt = options;
    m.src = openConverter(from, m.state.error);
    if (!m.src)
        return;
    m.dst = openConverter(to, m.state.error);
    if (!m.dst)
        return;
    m.state.from = displayName(m.src.get());
    m.state.to = displayName(m.dst.get());
    const std::string target = canonicalName(m.dst.get());
    m.fromForm = formOf(canonicalName(m.src.get()).c_str());
    m.toForm = formOf(target.c_str());
    if (options.addSignature && !target.starts_with("UTF-")) {
        m.state.error =
            "a byte order mark can only be written in a Unicode encoding, not in " + m.state.to;
        return;
    }
    const bool escape = options.unmappable == UnmappablePolicy::Escape;
    m.toRec.result = &m.state;
    m.toRec.max = options.maxReported;
    m.toRec.next = escape ? UCNV_TO_U_CALLBACK_ESCAPE : UCNV_TO_U_CALLBACK_SUBSTITUTE;
    m.toRec.nextContext = escape ? escapeContext(options.escape) : nullptr;
    UErrorCode status = U_ZERO_ERROR;
    ucnv_setToUCallBack(m.src.get(), recordToUnicode, &m.toRec, nullptr, nullptr, &status);
    m.fromRec.result = &m.state;
    m.fromRec.max = options.maxReported;
    m.fromRec.next = escape ? UCNV_FROM_U_CALLBACK_ESCAPE : UCNV_FROM_U_CALLBACK_SUBSTITUTE;
    m.fromRec.nextContext = escape ? escapeContext(options.escape) : nullptr;
    ucnv_setFromUCallBack(m.dst.get(), recordFromUnicode, &m.fromRec, nullptr, nullptr, &status);
    // Without a loop for this pair, ICU does everything from the start.
    m.icu = m.fromForm == Form::Other || m.toForm == Form::Other ||
            (m.fromForm != Form::Utf8 && m.toForm != Form::Utf8);
    m.valid = U_SUCCESS(status);
}

Transcoder::~Transcoder() = default;

bool Transcoder::ok() const noexcept {
    return impl_->valid && !impl_->failed;
}

const TranscodeResult& Transcoder::state() const noexcept {
    return impl_->state;
}

bool Transcoder::feed(std::span<const std::uint8_t> piece, std::string& out) {
    Impl& m = *impl_;
    if (!ok())
        return false;
    m.start(out);
    if (m.icu)
        return m.icuFeed(reinterpret_cast<const char*>(piece.data()), piece.size(), false, out);
    // Without a cut sequence waiting, the piece is converted where it lies (no copy); the loops
    // write straight into an empty `out`.
    const bool direct = m.pending.empty();
    if (!direct)
        m.pending.append(reinterpret_cast<const char*>(piece.data()), piece.size());
    const std::string_view all =
        direct ? std::string_view(reinterpret_cast<const char*>(piece.data()), piece.size())
               : std::string_view(m.pending);
    const std::size_t cut = completePrefix(m.fromForm, all);
    const auto ready =
        std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(all.data()), cut);
    const bool intoOut = out.empty();
    std::string& target = intoOut ? out : m.scratch;
    if (!intoOut)
        m.scratch.clear();
    if (fastTranscode(ready, m.fromForm, m.toForm, target, false)) {
        if (!intoOut)
            out += m.scratch;
        std::string rest(all.substr(cut));
        m.pending = std::move(rest);
        m.consumed += cut;
        return true;
    }
    if (intoOut)
        out.clear(); // the loop may have written part of its output there
    if (direct)
        m.pending.assign(all.data(), all.size());
    // Not well-formed or not representable: ICU from here on. The loops stopped at a character
    // boundary, where a stateless converter's state is its initial one, so the bytes are the
    // same as ICU's for the whole input.
    m.icu = true;
    std::string rest = std::move(m.pending);
    m.pending.clear();
    return m.icuFeed(rest.data(), rest.size(), false, out);
}

bool Transcoder::finish(std::string& out) {
    Impl& m = *impl_;
    if (!ok())
        return false;
    m.start(out);
    if (!m.pending.empty() || m.icu) {
        m.icu = true;
        std::string rest = std::move(m.pending);
        m.pending.clear();
        if (!m.icuFeed(rest.data(), rest.size(), true, out))
            return false;
    }
    TranscodeResult& r = m.state;
    if (m.opt.unmappable == UnmappablePolicy::Fail && (r.unmappable != 0 || r.invalidInput != 0)) {
        std::string where;
        if (r.invalidInput != 0)
            where += std::to_string(r.invalidInput) + " sequence(s) not valid " + r.from +
                     " (first at offset " + std::to_string(r.invalidInputOffsets.front()) + ")";
        if (r.unmappable != 0) {
            if (!where.empty())
                where += "; ";
            where += std::to_string(r.unmappable) + " character(s) not representable in " + r.to +
                     " (first at offset " + std::to_string(r.unmappableOffsets.front()) + ")";
        }
        return m.fail(where);
    }
    r.ok = true;
    return true;
}

std::optional<std::string> canonicalEncodingName(std::string_view name) {
    std::string error;
    Converter c = openConverter(name, error);
    if (!c)
        return std::nullopt;
    std::string n = canonicalName(c.get());
    return n.empty() ? std::nullopt : std::optional<std::string>(std::move(n));
}

std::vector<std::string> encodingNames() {
    std::vector<std::string> names;
    const std::int32_t count = ucnv_countAvailable();
    for (std::int32_t i = 0; i < count; ++i)
        if (const char* canonical = ucnv_getAvailableName(i))
            names.push_back(displayNameOf(canonical));
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    std::stable_sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
        return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                            [](char x, char y) {
                                                return std::tolower(static_cast<unsigned char>(x)) <
                                                       std::tolower(static_cast<unsigned char>(y));
                                            });
    });
    return names;
}

TranscodeResult transcode(std::span<const std::uint8_t> input, std::string_view from,
                          std::string_view to, const TranscodeOptions& options) {
    TranscodeResult result;
    Converter src = openConverter(from, result.error);
    if (!src)
        return result;
    Converter dst = openConverter(to, result.error);
    if (!dst)
        return result;
    result.from = displayName(src.get());
    result.to = displayName(dst.get());
    const std::string target = canonicalName(dst.get());
    const Form fromForm = formOf(canonicalName(src.get()).c_str());
    const Form toForm = formOf(target.c_str());
    const bool unicodeTarget = target.starts_with("UTF-");
    if (options.addSignature && !unicodeTarget) {
        result.error =
            "a byte order mark can only be written in a Unicode encoding, not in " + result.to;
        return result;
    }
    std::string out;
    if (options.addSignature)
        appendSignature(toForm, out);
    if (options.progress && !options.progress(0, input.size())) {
        result.cancelled = true;
        result.error = "cancelled";
        return result;
    }
    std::string converted = out; // the signature, if any; the conversion is appended
    if (toForm != Form::Other && fromForm != Form::Other &&
        (!options.addSignature || toForm != Form::Other) &&
        fastTranscode(input, fromForm, toForm, converted, true)) {
        result.fastPath = true;
        result.output = std::move(converted);
        result.ok = true;
        return result;
    }
    if (!transcodeWithIcu(input, src.get(), dst.get(), options,
                          options.addSignature && toForm == Form::Other, result))
        return result;
    if (toForm != Form::Other)
        result.output.insert(0, out);
    if (options.unmappable == UnmappablePolicy::Fail &&
        (result.unmappable != 0 || result.invalidInput != 0)) {
        std::string where;
        if (result.invalidInput != 0)
            where += std::to_string(result.invalidInput) + " sequence(s) not valid " + result.from +
                     " (first at offset " + std::to_string(result.invalidInputOffsets.front()) +
                     ")";
        if (result.unmappable != 0) {
            if (!where.empty())
                where += "; ";
            where += std::to_string(result.unmappable) + " character(s) not representable in " +
                     result.to + " (first at offset " +
                     std::to_string(result.unmappableOffsets.front()) + ")";
        }
        result.error = where;
        result.output.clear();
        return result;
    }
    result.ok = true;
    return result;
}

} // namespace u8codec
