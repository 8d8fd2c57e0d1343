#include "u8codec/problem.h"

#include "u8codec/encoder.h"

#include <algorithm>
#include <cassert>
#include <cstdio>

namespace u8codec {

namespace {

// The length a byte announces by its high-order bits in RFC 2279 (and the 1997 draft): 0xxxxxxx
// 1, 110xxxxx 2, 1110xxxx 3, 11110xxx 4, 111110xx 5, 1111110x 6; 0 for 10xxxxxx, FE and FF.
int announcedLength(std::uint8_t b) noexcept {
    if (b < 0x80)
        return 1;
    if (b < 0xC0)
        return 0;
    if (b < 0xE0)
        return 2;
    if (b < 0xF0)
        return 3;
    if (b < 0xF8)
        return 4;
    if (b < 0xFC)
        return 5;
    if (b < 0xFE)
        return 6;
    return 0;
}

void appendByte(Problem& p, std::uint8_t b) {
    if (p.headLength < p.head.size())
        p.head[p.headLength++] = b;
    ++p.length;
}

Problem startProblem(ProblemKind kind, const Segment& s, std::span<const std::uint8_t> bytes) {
    Problem p;
    p.offset = s.offset;
    p.kind = kind;
    p.errorSegments = 1;
    for (std::uint8_t b : bytes)
        appendByte(p, b);
    return p;
}

// The smallest value that needs `octets` bytes (RFC 3629 section 3 / RFC 2279 table).
char32_t minimumFor(int octets) noexcept {
    static constexpr char32_t kMin[7] = {0, 0, 0x80, 0x800, 0x10000, 0x200000, 0x4000000};
    return kMin[octets];
}

std::string glyphOf(char32_t cp) {
    if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0) || !isScalarValue(cp))
        return {};
    std::string g = " '";
    appendUtf8(cp, g);
    g += '\'';
    return g;
}

} // namespace

std::string_view name(ProblemKind k) noexcept {
    switch (k) {
    case ProblemKind::NeverValidByte:
        return "never-valid-byte";
    case ProblemKind::StrayContinuation:
        return "stray-continuation";
    case ProblemKind::Overlong:
        return "overlong";
    case ProblemKind::Surrogate:
        return "surrogate";
    case ProblemKind::SurrogatePair:
        return "surrogate-pair";
    case ProblemKind::TooLarge:
        return "too-large";
    case ProblemKind::LegacyLongForm:
        return "legacy-long-form";
    case ProblemKind::Truncated:
        return "truncated";
    }
    return "truncated";
}

std::string hexBytes(std::span<const std::uint8_t> bytes, std::size_t max) {
    std::string out;
    char buf[4];
    for (std::size_t i = 0; i < bytes.size() && i < max; ++i) {
        std::snprintf(buf, sizeof buf, "%02X", bytes[i]);
        if (i)
            out += ' ';
        out += buf;
    }
    if (bytes.size() > max)
        out += " ...";
    return out;
}

std::string codePointLabel(char32_t cp) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", unsigned(cp));
    return buf;
}

std::string explain(const Problem& p) {
    const std::string bytes = hexBytes(p.headBytes(), 8) + (p.length > p.headLength ? " ..." : "");
    const std::uint8_t b0 = p.headLength ? p.head[0] : 0;
    char value[16];
    std::snprintf(value, sizeof value, "0x%X", unsigned(p.value));
    std::string s;
    switch (p.kind) {
    case ProblemKind::NeverValidByte:
        if (b0 >= 0xFE)
            return bytes + " never appears in UTF-8: no lead byte has seven or eight leading 1 "
                           "bits, in RFC 3629 or in the older RFC 2279";
        if (b0 <= 0xC1)
            return bytes + " never appears in UTF-8: it could only begin an overlong 2-byte form "
                           "(RFC 3629 section 4), and no continuation byte follows it here";
        if (b0 <= 0xF7)
            return bytes + " never appears in UTF-8: it would begin a value above U+10FFFF "
                           "(RFC 3629 section 3), and its continuation bytes are missing here";
        return bytes + " began a " + std::to_string(announcedLength(b0)) +
               "-byte form in RFC 2279, which RFC 3629 removed; its continuation bytes are "
               "missing here";
    case ProblemKind::StrayContinuation:
        if (p.length == 1)
            return bytes + " is a continuation byte (10xxxxxx) with no lead byte before it";
        return std::to_string(p.length) + " continuation bytes (" + bytes +
               ") with no lead byte before them";
    case ProblemKind::Overlong: {
        s = bytes + " is an overlong " + std::to_string(p.announcedLength) + "-byte form of " +
            codePointLabel(p.value) + glyphOf(p.value) + ": UTF-8 allows only the shortest form";
        const int shortest = layoutOfValue(p.value).octets;
        s += ", " + std::to_string(shortest) + (shortest == 1 ? " byte" : " bytes") +
             " here (RFC 3629 section 3)";
        if (p.value == 0 && p.announcedLength == 2)
            s += "; Java's Modified UTF-8 writes NUL this way";
        else
            s += "; decoders that accept it let forbidden characters slip past checks (RFC 3629 "
                 "section 10)";
        return s;
    }
    case ProblemKind::Surrogate:
        return bytes + " encodes " + codePointLabel(p.value) + ", a UTF-16 " +
               (p.value < 0xDC00 ? "high" : "low") +
               " surrogate: surrogates are not characters and UTF-8 must not encode them (RFC "
               "3629 section 3)";
    case ProblemKind::SurrogatePair: {
        std::uint8_t proper[4];
        const int n = encode(p.value, proper);
        const char32_t hi = 0xD800 + ((p.value - 0x10000) >> 10);
        const char32_t lo = 0xDC00 + ((p.value - 0x10000) & 0x3FF);
        char pair[32];
        std::snprintf(pair, sizeof pair, "%04X %04X", unsigned(hi), unsigned(lo));
        return bytes + " is the UTF-16 surrogate pair " + pair +
               " encoded as two 3-byte sequences (CESU-8, or Java's Modified UTF-8) for " +
               codePointLabel(p.value) + glyphOf(p.value) + "; UTF-8 writes it as " +
               hexBytes(std::span<const std::uint8_t>(proper, std::size_t(n)));
    }
    case ProblemKind::TooLarge:
        return bytes + " encodes " + value +
               ", beyond U+10FFFF, the last code point UTF-8 may encode (RFC 3629 section 3)";
    case ProblemKind::LegacyLongForm:
        s = bytes + " is a " + std::to_string(p.announcedLength) + "-byte form of RFC 2279 (value " +
            value + "); RFC 3629 limits UTF-8 to 4 bytes and U+10FFFF";
        if (p.value < minimumFor(p.announcedLength))
            s += "; it is overlong as well";
        return s;
    case ProblemKind::Truncated: {
        const int missing = int(p.announcedLength) - int(p.length);
        return bytes + " starts a " + std::to_string(p.announcedLength) +
               "-byte sequence but stops after " + std::to_string(p.length) +
               (p.length == 1 ? " byte: " : " bytes: ") + std::to_string(missing) +
               (missing == 1 ? " continuation byte is" : " continuation bytes are") + " missing";
    }
    }
    return bytes;
}

void ProblemScanner::push(Problem p, Emitted& out) {
    assert(out.count < int(std::size(out.problems)));
    out.problems[out.count++] = p;
}

void ProblemScanner::flushHigh(Emitted& out) {
    if (hasHigh_) {
        hasHigh_ = false;
        push(high_, out);
    }
}

void ProblemScanner::flushStray(Emitted& out) {
    if (hasStray_) {
        hasStray_ = false;
        push(stray_, out);
    }
}

// A naive sequence cut short: the lead announced more continuation bytes than followed it.
void ProblemScanner::flushOpen(Emitted& out) {
    if (!hasOpen_)
        return;
    hasOpen_ = false;
    const std::uint8_t b0 = open_.head[0];
    // C0, C1 and F5-FF are never valid, even complete; the others are well-formed leads.
    open_.kind = (b0 <= 0xC1 || b0 >= 0xF5) && open_.length == 1 ? ProblemKind::NeverValidByte
                                                                  : ProblemKind::Truncated;
    flushHigh(out);
    push(open_, out);
}

void ProblemScanner::accept(const Segment& s, std::span<const std::uint8_t> bytes,
                            Emitted& out) {
    if (s.isValid()) {
        flushOpen(out);
        flushStray(out);
        flushHigh(out);
        return;
    }
    if (hasOpen_) {
        if (s.error == ErrorKind::UnexpectedContinuation && s.offset == open_.end()) {
            appendByte(open_, bytes[0]);
            ++open_.errorSegments;
            if (open_.length == open_.announcedLength)
                completeOpen(out);
            return;
        }
        flushOpen(out);
    }
    if (s.error == ErrorKind::UnexpectedContinuation) {
        if (hasStray_ && stray_.end() == s.offset) {
            appendByte(stray_, bytes[0]);
            ++stray_.errorSegments;
            return;
        }
        flushStray(out);
        flushHigh(out);
        stray_ = startProblem(ProblemKind::StrayContinuation, s, bytes);
        hasStray_ = true;
        return;
    }
    flushStray(out);
    const std::uint8_t b0 = bytes[0];
    const int announced = announcedLength(b0);
    if (announced == 0) { // FE, FF
        flushHigh(out);
        push(startProblem(ProblemKind::NeverValidByte, s, bytes), out);
        return;
    }
    if (s.error == ErrorKind::Truncated) {
        Problem p = startProblem(ProblemKind::Truncated, s, bytes);
        p.announcedLength = std::uint8_t(announced);
        flushHigh(out);
        push(p, out);
        return;
    }
    // InvalidByte C0-C1/F5-FD, or a restricted lead whose next byte broke its rule (Overlong,
    // Surrogate, TooLarge): read on as the naive decoder would.
    open_ = startProblem(ProblemKind::Truncated, s, bytes);
    open_.announcedLength = std::uint8_t(announced);
    hasOpen_ = true;
}

void ProblemScanner::completeOpen(Emitted& out) {
    hasOpen_ = false;
    Problem p = open_;
    const int n = p.announcedLength;
    // RFC 2279: the lead keeps 7 - n payload bits, each continuation byte 6.
    char32_t v = p.head[0] & (0x7F >> n);
    for (int i = 1; i < n; ++i)
        v = (v << 6) | (p.head[i] & 0x3F);
    p.value = v;
    if (n >= 5) {
        p.kind = ProblemKind::LegacyLongForm;
    } else if (v < minimumFor(n)) {
        p.kind = ProblemKind::Overlong;
    } else if (v >= 0xD800 && v <= 0xDFFF) {
        p.kind = ProblemKind::Surrogate;
        if (v < 0xDC00) { // a high surrogate: wait for a low one right after it
            flushHigh(out);
            high_ = p;
            hasHigh_ = true;
            return;
        }
        if (hasHigh_ && high_.end() == p.offset) {
            Problem pair = high_;
            hasHigh_ = false;
            pair.kind = ProblemKind::SurrogatePair;
            pair.value = 0x10000 + ((high_.value - 0xD800) << 10) + (v - 0xDC00);
            for (std::uint8_t i = 0; i < p.headLength; ++i)
                appendByte(pair, p.head[i]);
            pair.errorSegments += p.errorSegments;
            push(pair, out);
            return;
        }
    } else {
        p.kind = ProblemKind::TooLarge;
    }
    flushHigh(out);
    push(p, out);
}

void ProblemScanner::end(Emitted& out) {
    flushOpen(out);
    flushStray(out);
    flushHigh(out);
}

} // namespace u8codec
