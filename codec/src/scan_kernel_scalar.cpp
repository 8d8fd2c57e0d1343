// The portable scan kernel: eight bytes at a time in a 64-bit word (SWAR) for ASCII and line
// endings, the table-driven DFA for other valid text, and the byte-class masks of countWindow()
// (built from a table here) for stretches with errors. Used where neither SSE2 nor AVX2 exists,
// and by the tests as one more path the others must agree with.
#include "scan_kernel.h"

#include <array>
#include <bit>
#include <cstring>

namespace u8codec::detail {
namespace {

constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;
constexpr std::uint64_t kLowSeven = 0x7F7F7F7F7F7F7F7FULL;

std::uint64_t loadWord(const std::uint8_t* p) noexcept {
    std::uint64_t w;
    std::memcpy(&w, p, sizeof w);
    return w;
}

// The high bit of every byte of w equal to `value`, exactly (no borrow crosses bytes because the
// low seven bits are added separately from the high one).
std::uint64_t bytesEqual(std::uint64_t w, std::uint8_t value) noexcept {
    const std::uint64_t x = w ^ (0x0101010101010101ULL * value);
    return ~(((x & kLowSeven) + kLowSeven) | x) & kHighBits;
}

// Counts LF, CR and CR LF in one block; `cr` says whether the byte before it was CR.
void countLineBytes(const std::uint8_t* block, bool& cr, KernelCounts& counts) noexcept {
    if constexpr (std::endian::native == std::endian::little) {
        std::uint64_t carry = cr ? 0x80 : 0;
        for (std::size_t j = 0; j < kBlockSize; j += 8) {
            const std::uint64_t w = loadWord(block + j);
            const std::uint64_t lf = bytesEqual(w, '\n');
            const std::uint64_t crs = bytesEqual(w, '\r');
            counts.lineFeeds += unsigned(std::popcount(lf));
            if ((crs | carry) != 0) {
                counts.carriageReturns += unsigned(std::popcount(crs));
                // Little-endian: the byte after byte k sits 8 bits higher in the word.
                counts.crlf += unsigned(std::popcount(((crs << 8) | carry) & lf));
            }
            carry = crs >> 56;
        }
        cr = carry != 0;
    } else {
        for (std::size_t j = 0; j < kBlockSize; ++j) {
            const std::uint8_t b = block[j];
            if (b == '\n') {
                ++counts.lineFeeds;
                counts.crlf += cr ? 1 : 0;
            } else if (b == '\r') {
                ++counts.carriageReturns;
            }
            cr = b == '\r';
        }
    }
}

bool blockIsAscii(const std::uint8_t* block) noexcept {
    std::uint64_t any = 0;
    for (std::size_t j = 0; j < kBlockSize; j += 8)
        any |= loadWord(block + j);
    return (any & kHighBits) == 0;
}

// The ByteMasks bits of every byte value, from the codec's own classification, in two bytes:
// a: nonAscii cont lead2 lead3 lead4 e0 ed f0 (bits 0-7); b: f4 upTo9F upTo8F (bits 0-2).
struct ClassFlags {
    std::array<std::uint8_t, 256> a{}, b{};
};
constexpr ClassFlags kClassFlags = [] {
    ClassFlags f;
    for (int v = 0; v < 256; ++v) {
        const auto byte = std::uint8_t(v);
        const ByteClass c = classify(byte);
        const bool cont = c == ByteClass::Continuation;
        f.a[std::size_t(v)] = std::uint8_t(
            (c != ByteClass::Ascii ? 1 : 0) | (cont ? 2 : 0) | (c == ByteClass::Lead2 ? 4 : 0) |
            (c == ByteClass::Lead3 ? 8 : 0) | (c == ByteClass::Lead4 ? 16 : 0) |
            (byte == 0xE0 ? 32 : 0) | (byte == 0xED ? 64 : 0) | (byte == 0xF0 ? 128 : 0));
        f.b[std::size_t(v)] = std::uint8_t(
            (byte == 0xF4 ? 1 : 0) | (cont && byte <= firstContinuationRange(0xED).high ? 2 : 0) |
            (cont && byte <= firstContinuationRange(0xF4).high ? 4 : 0));
    }
    return f;
}();

// Bit `bit` of each of the eight flag bytes in w, as eight bits (little-endian: byte k -> bit k).
// The multiplication gathers the eight high bits into the top byte without carries.
std::uint64_t gather(std::uint64_t w, int bit) noexcept {
    return (((w << (7 - bit)) & kHighBits) * 0x0002040810204081ULL) >> 56;
}

ByteMasks byteMasks(const std::uint8_t* p) noexcept {
    std::uint8_t a[kBlockSize], b[kBlockSize];
    for (std::size_t j = 0; j < kBlockSize; ++j) {
        a[j] = kClassFlags.a[p[j]];
        b[j] = kClassFlags.b[p[j]];
    }
    ByteMasks m{};
    std::uint64_t* fields[11] = {&m.nonAscii, &m.cont, &m.lead2, &m.lead3,  &m.lead4, &m.e0,
                                 &m.ed,       &m.f0,   &m.f4,    &m.upTo9F, &m.upTo8F};
    if constexpr (std::endian::native == std::endian::little) {
        for (std::size_t k = 0; k < kBlockSize; k += 8) {
            const std::uint64_t wa = loadWord(a + k);
            const std::uint64_t wb = loadWord(b + k);
            for (int bit = 0; bit < 8; ++bit)
                *fields[bit] |= gather(wa, bit) << k;
            for (int bit = 0; bit < 3; ++bit)
                *fields[8 + bit] |= gather(wb, bit) << k;
        }
    } else {
        for (std::size_t j = 0; j < kBlockSize; ++j) {
            for (int bit = 0; bit < 8; ++bit)
                *fields[bit] |= std::uint64_t((a[j] >> bit) & 1) << j;
            for (int bit = 0; bit < 3; ++bit)
                *fields[8 + bit] |= std::uint64_t((b[j] >> bit) & 1) << j;
        }
    }
    return m;
}

} // namespace

ByteMasks byteMasksScalar(const std::uint8_t* p) noexcept {
    return byteMasks(p);
}

KernelResult scanBlocksScalar(const std::uint8_t* p, std::size_t n, std::uint8_t previous,
                              KernelCounts& counts) noexcept {
    std::uint64_t state = ShiftDfa::kAccept;
    std::size_t restart = 0;  // where the DFA last started afresh, at a boundary
    std::size_t linesEnd = 0; // line-ending bytes of [0, linesEnd) are counted
    std::size_t i = 0;
    while (i + kBlockSize <= n) {
        if (linesEnd <= i) {
            bool cr = (i == 0 ? previous : p[i - 1]) == '\r';
            countLineBytes(p + i, cr, counts);
            linesEnd = i + kBlockSize;
        } else {
            countLineBytesUpTo(p, i + kBlockSize, linesEnd, counts);
        }
        if (blockIsAscii(p + i)) {
            // ASCII right after an unfinished sequence ends it too early.
            if (ShiftDfa::offset(state) == ShiftDfa::kAccept) {
                counts.byLength[1] += kBlockSize;
                i += kBlockSize;
                continue;
            }
        } else {
            state = validateBlockDfa(p + i, state, counts);
            if (!kShiftDfa.rejected(state)) {
                i += kBlockSize;
                continue;
            }
        }
        // Not valid in context: from the last boundary, count 64 bytes at a time from their
        // class masks until a stretch of 64 is all valid again.
        std::size_t boundary = restart + backUpToBoundary(p + restart, i - restart, counts);
        MaskCarry carry; // a boundary: nothing before it takes a byte after it
        ByteMasks masks = byteMasks(p + boundary);
        for (std::size_t x = boundary;; x += kBlockSize) {
            if (x + 2 * kBlockSize > n) {
                // Too close to the end for the look-ahead: the Segmenter finishes it.
                countLineBytesUpTo(p, boundary, linesEnd, counts);
                return {boundary, linesEnd, true};
            }
            const ByteMasks following = byteMasks(p + x + kBlockSize);
            bool clean = false;
            boundary = x + countWindow(masks, following, carry, counts, clean);
            countLineBytesUpTo(p, x + kBlockSize, linesEnd, counts);
            if (clean)
                break;
            masks = following;
        }
        countLineBytesUpTo(p, boundary, linesEnd, counts);
        i = restart = boundary;
        state = ShiftDfa::kAccept;
    }
    return {restart + backUpToBoundary(p + restart, i - restart, counts), linesEnd, false};
}

std::size_t wellFormedBlocksScalar(const std::uint8_t* p, std::size_t n) noexcept {
    std::uint64_t state = ShiftDfa::kAccept;
    std::size_t i = 0;
    for (; i + kBlockSize <= n; i += kBlockSize) {
        if (blockIsAscii(p + i)) {
            // ASCII right after an unfinished sequence ends it too early.
            if (ShiftDfa::offset(state) != ShiftDfa::kAccept)
                break;
            continue;
        }
        std::uint64_t next = state;
        for (std::size_t j = 0; j < kBlockSize; ++j)
            next = kShiftDfa.step(next, p[i + j]);
        if (kShiftDfa.rejected(next))
            break;
        state = next;
    }
    return lastBoundary(p, i);
}

std::size_t asciiRunLengthScalar(const std::uint8_t* p, std::size_t n) noexcept {
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const std::uint64_t high = loadWord(p + i) & kHighBits;
        if (high != 0) {
            if constexpr (std::endian::native == std::endian::little)
                return i + std::size_t(std::countr_zero(high)) / 8;
            break;
        }
    }
    while (i < n && p[i] < 0x80)
        ++i;
    return i;
}

} // namespace u8codec::detail
