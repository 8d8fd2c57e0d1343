// Library-internal: the UTF-8 <-> UTF-16 conversion kernels behind transcode() and Transcoder.
//
// They never decide whether UTF-8 is well-formed: the codec's scan does that first (a
// transcoding that meets an invalid sequence goes to ICU's path, which reports it exactly as
// uconv does), and the kernels only assemble the bits of the characters they are given (RFC 3629
// section 3), as detail::readValid does. UTF-16's own rule (a high surrogate is followed by a low
// one and a low one follows a high one, Unicode Standard section 3.9, D91) is checked here.
//
// - Portable: runs of ASCII with SSE2 compares where the build has them, other characters one by
//   one.
// - AVX2 (chosen at run time, like the codec's scan kernels; the functions carry target
//   attributes, so the build needs no -mavx2): UTF-8 in windows of 16 bytes, each byte widened
//   to a 16-bit lane that holds the code unit of the character it would start, the lanes of the
//   continuation bytes then dropped with a table-driven shuffle; UTF-16 in 16 code units, ASCII
//   packed, units below U+0800 to one or two bytes and the rest of the BMP to one to three bytes,
//   each through a shuffle table. Windows with a supplementary character (a 4-byte sequence or a
//   surrogate pair) go character by character.
// - AVX-512 (BW and VBMI2, chosen at run time before AVX2): the same windows over 32 bytes, the
//   lanes kept gathered by vpcompressw instead of a table; UTF-16 in 16 units widened to 32-bit
//   lanes holding their 1 to 4 UTF-8 bytes (a surrogate pair's in the high half's lane), the
//   bytes gathered by vpcompressb.
#pragma once

#include "u8codec/byte_class.h"
#include "u8codec/cpu_features.h"
#include "well_formed_utf8.h"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace u8convert::detail {
using namespace u8codec;

// --- one character at a time (both kernels' tails and their slow windows) ------------------

inline void putUnit(char*& o, char16_t u, bool bigEndian) noexcept {
    o[bigEndian ? 0 : 1] = char(u >> 8);
    o[bigEndian ? 1 : 0] = char(u & 0xFF);
    o += 2;
}

[[nodiscard]] inline char16_t unitAt(const std::uint8_t* q, bool bigEndian) noexcept {
    return bigEndian ? char16_t(q[0] << 8 | q[1]) : char16_t(q[1] << 8 | q[0]);
}

// One character of well-formed UTF-8 at p to UTF-16 at o; false (nothing written) when p is not
// at a lead or its sequence is cut short by `end`.
[[nodiscard]] inline bool utf8CharToUtf16(const std::uint8_t*& p, const std::uint8_t* end, char*& o,
                                          bool bigEndian) noexcept {
    const int length = sequenceLength(classify(*p));
    if (length == 0 || end - p < length)
        return false;
    const char32_t c = readValid(p);
    if (c < 0x10000) {
        putUnit(o, char16_t(c), bigEndian);
    } else {
        // A surrogate pair (Unicode Standard section 3.9, D91).
        putUnit(o, char16_t(0xD800 + ((c - 0x10000) >> 10)), bigEndian);
        putUnit(o, char16_t(0xDC00 + ((c - 0x10000) & 0x3FF)), bigEndian);
    }
    return true;
}

// One character of UTF-16 at p (one unit, or a surrogate pair) to UTF-8 at o; false at a
// surrogate that is not half of a pair within [p, end).
[[nodiscard]] inline bool utf16CharToUtf8(const std::uint8_t*& p, const std::uint8_t* end,
                                          std::uint8_t*& o, bool bigEndian) noexcept {
    const char16_t u = unitAt(p, bigEndian);
    char32_t c = u;
    if (u >= 0xD800 && u <= 0xDFFF) {
        if (u > 0xDBFF || end - p < 4)
            return false;
        const char16_t low = unitAt(p + 2, bigEndian);
        if (low < 0xDC00 || low > 0xDFFF)
            return false;
        c = 0x10000 + (char32_t(u - 0xD800) << 10) + (low - 0xDC00);
        p += 2;
    }
    p += 2;
    o = putUtf8(o, c);
    return true;
}

// The low surrogate of the 4-byte character whose second byte is at q: its 10 low bits are the
// third byte's low 4 and the fourth byte's low 6 (RFC 3629 section 3; Unicode Standard section
// 3.9, D91).
[[nodiscard]] inline char16_t lowSurrogateFromSecondByte(const std::uint8_t* q) noexcept {
    return char16_t(0xDC00 | (q[1] & 0x0F) << 6 | (q[2] & 0x3F));
}

// --- the vector windows -------------------------------------------------------------------

// The bounds of the byte classes the windows tell apart, from the codec's classification: a
// lane's class is found with compares against them. The input is well-formed (the codec's scan
// said so), so only the classes of its bytes matter, and each class is one range of bytes.
[[nodiscard]] constexpr std::uint8_t lowestOf(ByteClass c) {
    for (unsigned b = 0; b < 256; ++b)
        if (classify(std::uint8_t(b)) == c)
            return std::uint8_t(b);
    return 0;
}
[[nodiscard]] constexpr std::uint8_t highestOf(ByteClass c) {
    for (unsigned b = 256; b-- > 0;)
        if (classify(std::uint8_t(b)) == c)
            return std::uint8_t(b);
    return 0;
}
constexpr std::uint8_t kFirstContinuation = lowestOf(ByteClass::Continuation);
constexpr std::uint8_t kLastContinuation = highestOf(ByteClass::Continuation);
constexpr std::uint8_t kFirstLead3 = lowestOf(ByteClass::Lead3);
constexpr std::uint8_t kFirstLead4 = lowestOf(ByteClass::Lead4);
static_assert(highestOf(ByteClass::Ascii) + 1 == kFirstContinuation &&
                  kLastContinuation < lowestOf(ByteClass::Lead2) &&
                  highestOf(ByteClass::Lead2) + 1 == kFirstLead3 &&
                  highestOf(ByteClass::Lead3) + 1 == kFirstLead4,
              "ASCII, continuation, 2-, 3- and 4-byte leads lie in this order");
// The marker bits the windows subtract below (RFC 3629 section 3).
static_assert(kFirstContinuation == 0x80 && lowestOf(ByteClass::Lead2) >= 0xC0 &&
                  kFirstLead3 == 0xE0 && kFirstLead4 == 0xF0,
              "10xxxxxx, 110xxxxx, 1110xxxx, 11110xxx");

// What the UTF-8 windows leave: they may have stopped inside a character, whose low surrogate is
// still to write if they stopped at its second byte (the lane that writes it is the second
// byte's); the rest of its bytes are converted. Then the last characters one by one. p > the
// start of the input (the windows run after a first character).
[[nodiscard]] inline char* finishUtf8ToUtf16(const std::uint8_t* p, const std::uint8_t* end,
                                             char* o, bool bigEndian) noexcept {
    if (p != end && classify(*p) == ByteClass::Continuation) {
        if (classify(p[-1]) == ByteClass::Lead4) {
            if (end - p < 3)
                return nullptr;
            putUnit(o, lowSurrogateFromSecondByte(p), bigEndian);
        }
        while (p != end && classify(*p) == ByteClass::Continuation)
            ++p;
    }
    while (p != end)
        if (!utf8CharToUtf16(p, end, o, bigEndian))
            return nullptr;
    return o;
}

// Adds the UTF-8 length of UTF-16 [p, end) to `length`: 1, 2 or 3 bytes for a BMP character, 2
// for each half of a surrogate pair (4 for the pair). `highBefore` says whether the unit before p
// was a high surrogate, and is updated. False at a surrogate that is not half of a pair (a high
// one left waiting at `end` is for the caller to judge).
[[nodiscard]] inline bool addUtf8LengthOfUtf16(const std::uint8_t* p, const std::uint8_t* end,
                                               bool bigEndian, bool& highBefore,
                                               std::uint64_t& length) noexcept {
    for (; p != end; p += 2) {
        const char16_t u = unitAt(p, bigEndian);
        const bool high = u >= 0xD800 && u <= 0xDBFF;
        const bool low = u >= 0xDC00 && u <= 0xDFFF;
        if (low != highBefore)
            return false;
        highBefore = high;
        length += u < 0x80 ? 1 : u < 0x800 || high || low ? 2 : 3;
    }
    return true;
}

// The UTF-16 kernels exist for Portable, Avx2 and Avx512 (u8codec/cpu_features.h).

// Whether this build and this CPU can run `k` (Portable always can).
[[nodiscard]] bool utf16KernelSupported(Isa k) noexcept;
// The fastest kernel this CPU runs.
[[nodiscard]] Isa bestUtf16Kernel() noexcept;

// Bytes the kernels may write past the end of their output (whole-vector stores); the output
// buffers below must have this much room beyond the converted bytes.
inline constexpr std::size_t kUtf16KernelSlack = 64;

// The callers hand the kernels pieces of this many input bytes, each written to a stretch of the
// output just zeroed by std::string::resize. The AVX-512 kernels prefetch for writing the output
// this far ahead of where they write, about a piece's output ahead: the stretch of the next
// pieces, whose zeroing then finds its cache lines at hand instead of waiting for them (on a
// 16 MiB conversion it saves about a fifth of the time).
inline constexpr std::size_t kUtf16KernelPiece = std::size_t(16) << 10;
inline constexpr std::size_t kUtf16PrefetchAhead = 2 * kUtf16KernelPiece;

// UTF-8 [p, end), well-formed (validated by the codec's scan) and starting at a character, to
// UTF-16 code units in the byte order asked for, written at `out`, which has room for
// 2 * (end - p) + kUtf16KernelSlack bytes. Returns the end of the output, or nullptr when the
// last character is cut short by `end`.
[[nodiscard]] char* utf8ToUtf16Units(Isa k, const std::uint8_t* p, const std::uint8_t* end,
                                     char* out, bool bigEndian) noexcept;

// UTF-16 [p, end) (an even number of bytes) to UTF-8 at `out`, which has room for
// (end - p) / 2 * 3 + kUtf16KernelSlack bytes. Returns the end of the output, or nullptr at a
// surrogate that is not half of a pair (a pair cut by `end` counts as such).
[[nodiscard]] std::uint8_t* utf16ToUtf8Bytes(Isa k, const std::uint8_t* p, const std::uint8_t* end,
                                             std::uint8_t* out, bool bigEndian) noexcept;

// The length in UTF-8 of UTF-16 [p, end) (an even number of bytes), or nullopt when a surrogate
// is not half of a pair: the exact size of utf16ToUtf8Bytes()'s output, so that the caller can
// allocate it once.
[[nodiscard]] std::optional<std::uint64_t>
utf8LengthOfUtf16(Isa k, const std::uint8_t* p, const std::uint8_t* end, bool bigEndian) noexcept;

// The AVX2 versions (callable only when utf16KernelSupported(Isa::Avx2)).
#if defined(__x86_64__)
#define U8CODEC_UTF16_AVX2 1
[[nodiscard]] char* utf8ToUtf16UnitsAvx2(const std::uint8_t* p, const std::uint8_t* end, char* out,
                                         bool bigEndian) noexcept;
[[nodiscard]] std::uint8_t* utf16ToUtf8BytesAvx2(const std::uint8_t* p, const std::uint8_t* end,
                                                 std::uint8_t* out, bool bigEndian) noexcept;
[[nodiscard]] std::optional<std::uint64_t>
utf8LengthOfUtf16Avx2(const std::uint8_t* p, const std::uint8_t* end, bool bigEndian) noexcept;
// The AVX-512 versions (callable only when utf16KernelSupported(Isa::Avx512)); the
// length pass, bound by memory, is the AVX2 one.
[[nodiscard]] char* utf8ToUtf16UnitsAvx512(const std::uint8_t* p, const std::uint8_t* end,
                                           char* out, bool bigEndian) noexcept;
[[nodiscard]] std::uint8_t* utf16ToUtf8BytesAvx512(const std::uint8_t* p, const std::uint8_t* end,
                                                   std::uint8_t* out, bool bigEndian) noexcept;
#endif

} // namespace u8convert::detail
