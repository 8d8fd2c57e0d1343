#include "transcode_forms.h"

#include "single_byte_page.h"
#include "transcode_icu.h"
#include "u8codec/encoder.h"
#include "u8codec/scan.h"
#include "u8convert/transcode.h"
#include "utf16_kernels.h"
#include "well_formed_utf8.h"

#include <optional>

namespace u8convert {
using namespace u8codec;

namespace detail {

namespace {

inline void put32(char*& o, char32_t c, bool be) {
    for (int i = 0; i < 4; ++i)
        o[be ? 3 - i : i] = char((c >> (8 * i)) & 0xFF);
    o += 4;
}

// The UTF-16 kernels write into the string a piece at a time: it grows by one piece's bound
// only, so that the zeros std::string::resize writes stay in the cache where the kernel overwrites
// them (growing by the whole bound at once writes them to memory first, a pass as long as the
// conversion), and no page past the output is touched.
constexpr std::size_t kKernelPiece = kUtf16KernelPiece;

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
    const Isa kernel = bestUtf16Kernel();
    out.reserve(out.size() + 2 * std::size_t(exactUnits.value_or(utf8.size())) + 2 * kKernelPiece +
                kUtf16KernelSlack);
    const std::uint8_t* p = utf8.data();
    const std::uint8_t* const end = p + utf8.size();
    while (p != end) {
        const std::uint8_t* const q = pieceEnd(p, end, kKernelPiece);
        const std::size_t base = out.size();
        out.resize(base + 2 * std::size_t(q - p) + kUtf16KernelSlack);
        char* written = utf8ToUtf16Units(kernel, p, q, out.data() + base, bigEndian);
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
    const Isa kernel = bestUtf16Kernel();
    out.reserve(out.size() + std::size_t(exactBytes.value_or(utf16.size() / 2 * 3)) +
                kKernelPiece / 2 * 3 + kUtf16KernelSlack);
    const std::uint8_t* p = utf16.data();
    const std::uint8_t* const end = p + utf16.size();
    while (p != end) {
        const std::uint8_t* q = std::size_t(end - p) > kKernelPiece ? p + kKernelPiece : end;
        // The piece does not end between the halves of a surrogate pair.
        if (q != end) {
            const char16_t last = unitAt(q - 2, bigEndian);
            if (last >= 0xD800 && last <= 0xDBFF)
                q -= 2;
        }
        const std::size_t base = out.size();
        out.resize(base + std::size_t(q - p) / 2 * 3 + kUtf16KernelSlack);
        auto* const start = reinterpret_cast<std::uint8_t*>(out.data());
        std::uint8_t* written = utf16ToUtf8Bytes(kernel, p, q, start + base, bigEndian);
        if (!written) {
            out.resize(base);
            return false;
        }
        out.resize(std::size_t(written - start));
        p = q;
    }
    return true;
}

} // namespace

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

std::string signatureOf(Form f) {
    std::string s;
    appendSignature(f, s);
    return s;
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
        putUnit(o, 0xFEFF, f == Form::Utf16Be);
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
            length =
                utf8LengthOfUtf16(bestUtf16Kernel(), input.data(), input.data() + input.size(), be);
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
            const char16_t u = unitAt(reinterpret_cast<const std::uint8_t*>(w.data()) + m - 2,
                                      from == Form::Utf16Be);
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

} // namespace detail

bool utf8ToUtf16(std::span<const std::uint8_t> utf8, bool bigEndian, std::string& out) {
    out.clear();
    return detail::appendUtf8AsUtf16(utf8, bigEndian, out, std::nullopt);
}

bool utf16ToUtf8(std::span<const std::uint8_t> utf16, bool bigEndian, std::string& out) {
    out.clear();
    return detail::appendUtf16AsUtf8(utf16, bigEndian, out, std::nullopt);
}

bool utf8ToUtf32(std::span<const std::uint8_t> utf8, bool bigEndian, std::string& out) {
    out.resize(utf8.size() * 4);
    char* o = out.data();
    const std::uint8_t* p = utf8.data();
    const std::uint8_t* end = p + utf8.size();
    while (p != end)
        detail::put32(o, detail::readValid(p), bigEndian);
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

} // namespace u8convert
