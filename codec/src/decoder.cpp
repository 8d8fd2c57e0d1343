#include "u8codec/decoder.h"

#include "scan_kernel.h"
#include "u8codec/encoder.h"
#include "u8codec/scan.h"
#include "u8codec/segmenter.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace u8codec {

std::string_view name(ErrorPolicy p) noexcept {
    switch (p) {
    case ErrorPolicy::Strict:
        return "strict";
    case ErrorPolicy::Replace:
        return "replace";
    case ErrorPolicy::Ignore:
        return "ignore";
    case ErrorPolicy::Latin1:
        return "latin1";
    case ErrorPolicy::Cp1252:
        return "cp1252";
    }
    return "strict";
}

std::optional<ErrorPolicy> errorPolicyFromName(std::string_view n) noexcept {
    for (ErrorPolicy p : {ErrorPolicy::Strict, ErrorPolicy::Replace, ErrorPolicy::Ignore,
                          ErrorPolicy::Latin1, ErrorPolicy::Cp1252})
        if (name(p) == n)
            return p;
    return std::nullopt;
}

char32_t cp1252ToUnicode(std::uint8_t b) noexcept {
    // WHATWG Encoding Standard, index-windows-1252.txt, pointers 0-31 (bytes 80-9F). Unassigned
    // bytes 81 8D 8F 90 9D map to the C1 control of the same value.
    static constexpr char16_t kHigh[32] = {
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
        0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
        0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};
    if (b >= 0x80 && b <= 0x9F)
        return kHigh[b - 0x80];
    return b;
}

namespace detail {

// The UTF-8 form of what one byte of an error segment becomes under latin1 (its own code point,
// ISO-8859-1) or cp1252 (cp1252ToUnicode): two or three bytes, for every byte 80-FF (an error
// segment holds no ASCII byte). Built once with the codec's encoder.
struct ErrorByteForms {
    struct Form {
        std::uint8_t bytes[4];
        std::uint8_t length;
    };
    Form latin1[128];
    Form cp1252[128];

    ErrorByteForms() {
        for (int b = 0x80; b < 0x100; ++b) {
            Form& l = latin1[b - 0x80];
            l.length = std::uint8_t(encode(char32_t(b), l.bytes));
            Form& c = cp1252[b - 0x80];
            c.length = std::uint8_t(encode(cp1252ToUnicode(std::uint8_t(b)), c.bytes));
        }
    }
};

// Where the Decoder writes: the caller's string, or (for a Writer) the decoder's own buffer
// between the long well-formed stretches that go to the Writer as they are. The stretches
// between errors and the policy's output for the errors are gathered in a small array first, so
// that they cost a store each rather than a string append.
class DecodeOutput {
public:
    // Room that one 64-byte window of the error path may need: the bytes of its segments (up to
    // 64 + 3) each written as up to three (cp1252's 80-9F), plus the 16 that a short copy may
    // write past its end.
    static constexpr std::size_t kWindowRoom = 3 * (64 + 3) + 16;

    DecodeOutput(std::string& text, const Decoder::Writer* write) : text_(text), write_(write) {}
    ~DecodeOutput() { flushScratch(); }
    DecodeOutput(const DecodeOutput&) = delete;
    DecodeOutput& operator=(const DecodeOutput&) = delete;

    // A pointer to write up to kWindowRoom bytes at; commit() says how many were written.
    char* window() {
        if (fill_ + kWindowRoom > sizeof scratch_)
            flushScratch();
        return scratch_ + fill_;
    }
    void commit(std::size_t n) { fill_ += n; }

    // A well-formed stretch of the input, of any length.
    void putValid(const std::uint8_t* bytes, std::size_t n) {
        if (n == 0)
            return;
        flushScratch();
        if (write_ && n >= kDirectStretch) {
            flushText();
            (*write_)(std::string_view(reinterpret_cast<const char*>(bytes), n));
            return;
        }
        text_.append(reinterpret_cast<const char*>(bytes), n);
    }
    // Bytes the decoder made (a U+FFFD, a byte's latin1 or cp1252 form, a character of the
    // Segmenter's path).
    void put(const char* bytes, std::size_t n) {
        flushScratch();
        text_.append(bytes, n);
    }
    // For a Writer: everything not handed over yet.
    void flushText() {
        flushScratch();
        if (write_ && !text_.empty()) {
            (*write_)(text_);
            text_.clear();
        }
    }

private:
    // A stretch at least this long goes to a Writer as it is; a shorter one is copied into the
    // buffer, so that a Writer is not called for every few bytes between errors.
    static constexpr std::size_t kDirectStretch = 16 << 10;

    void flushScratch() {
        text_.append(scratch_, fill_);
        fill_ = 0;
    }

    std::string& text_;
    const Decoder::Writer* write_;
    char scratch_[8192];
    std::size_t fill_ = 0;
};

} // namespace detail

namespace {

using detail::DecodeOutput;

const detail::ErrorByteForms& errorByteForms() {
    static const detail::ErrorByteForms forms;
    return forms;
}

// What policy P writes for the error segment `bytes` (1-3 bytes, each 80-FF) at `o`: at most
// nine bytes, and four more may be written past them (whole table entries are stored). Returns
// how many bytes it wrote.
template <ErrorPolicy P>
inline std::size_t writeErrorAs(const std::uint8_t* bytes, std::size_t length, char* o) {
    if constexpr (P == ErrorPolicy::Replace) {
        std::memcpy(o, "\xEF\xBF\xBD", 3); // U+FFFD REPLACEMENT CHARACTER
        return 3;
    } else if constexpr (P == ErrorPolicy::Latin1 || P == ErrorPolicy::Cp1252) {
        const auto& table =
            P == ErrorPolicy::Latin1 ? errorByteForms().latin1 : errorByteForms().cp1252;
        std::size_t written = 0;
        for (std::size_t k = 0; k < length; ++k) {
            const auto& form = table[bytes[k] - 0x80];
            std::memcpy(o + written, form.bytes, 4);
            written += form.length;
        }
        return written;
    } else { // Strict stops before, Ignore drops the segment
        (void)bytes;
        (void)length;
        (void)o;
        return 0;
    }
}

std::size_t writeError(ErrorPolicy policy, const std::uint8_t* bytes, std::size_t length, char* o) {
    switch (policy) {
    case ErrorPolicy::Strict:
        return writeErrorAs<ErrorPolicy::Strict>(bytes, length, o);
    case ErrorPolicy::Replace:
        return writeErrorAs<ErrorPolicy::Replace>(bytes, length, o);
    case ErrorPolicy::Ignore:
        return writeErrorAs<ErrorPolicy::Ignore>(bytes, length, o);
    case ErrorPolicy::Latin1:
        return writeErrorAs<ErrorPolicy::Latin1>(bytes, length, o);
    case ErrorPolicy::Cp1252:
        return writeErrorAs<ErrorPolicy::Cp1252>(bytes, length, o);
    }
    return 0;
}

// Copies the n < 64 + 3 bytes of a well-formed stretch between errors: one 16-byte move for the
// usual few bytes (the source has 16 bytes to read there: the window's look-ahead; the output has
// room for them: kWindowRoom).
inline void copyBetweenErrors(char* o, const std::uint8_t* from, std::size_t n) {
    if (n <= 16)
        std::memcpy(o, from, 16);
    else
        std::memcpy(o, from, n);
}

} // namespace

bool Decoder::noteError(const Segment& s) {
    ++errorSegments_;
    if (!firstError_)
        firstError_ = s;
    failed_ = policy_ == ErrorPolicy::Strict;
    return !failed_;
}

void Decoder::putError(const Segment& s, std::span<const std::uint8_t> bytes, DecodeOutput& out) {
    if (!noteError(s))
        return;
    char form[16];
    out.put(form, writeError(policy_, bytes.data(), bytes.size(), form));
}

// The error path, from the boundary `from` on: 64-byte windows whose segments the byte-class
// masks give (windowSegments, scan_kernel.h; the kernels' counts and the problem list use the
// same masks, which the tests hold to the Segmenter). The bytes between two error segments are
// all well-formed characters, copied in one go; each error segment takes the policy's path. Ends
// after the first window without an error, at the end of its last segment (a boundary), or where
// fewer than two windows are left (the look-ahead needs the second); returns that boundary.
template <ErrorPolicy P>
std::size_t Decoder::decodeErrorWindows(std::span<const std::uint8_t> bytes, std::size_t from,
                                        DecodeOutput& out) {
    using namespace detail;
    const std::uint8_t* p = bytes.data();
    const std::uint64_t base = segmenter_.offset() - from; // the stream offset of bytes[0]
    MaskCarry carry; // `from` is a boundary: nothing before it takes a byte after it
    ByteMasks masks = byteMasksAt(p + from);
    std::size_t x = from;   // the window
    std::size_t cursor = 0; // from x: the first byte no segment before has taken
    for (;; x += kBlockSize, cursor -= kBlockSize) {
        if (bytes.size() - x < 2 * kBlockSize)
            return x + cursor;
        const ByteMasks following = byteMasksAt(p + x + kBlockSize);
        const WindowSegments w = windowSegments(masks, following, carry);
        char* const start = out.window();
        char* o = start;
        std::uint64_t errors = w.errors();
        if (errors != 0 && !firstError_) {
            // The kind needs the byte after the segment's first (there is one: the look-ahead).
            const auto at = std::size_t(std::countr_zero(errors));
            const std::uint8_t* segment = p + x + at;
            firstError_ = Segment{base + x + at, std::uint8_t(w.lengthAt(errors & -errors)),
                                  errorKindOf(segment[0], segment[1]), 0};
            if constexpr (P == ErrorPolicy::Strict) {
                ++errorSegments_;
                failed_ = true;
                copyBetweenErrors(o, p + x + cursor, at - cursor);
                out.commit(at - cursor);
                return x + at;
            }
        }
        errorSegments_ += std::uint64_t(std::popcount(errors));
        for (; errors != 0; errors &= errors - 1) {
            const auto at = std::size_t(std::countr_zero(errors));
            copyBetweenErrors(o, p + x + cursor, at - cursor);
            o += at - cursor;
            const std::size_t length = w.lengthAt(errors & -errors);
            o += writeErrorAs<P>(p + x + at, length, o);
            cursor = at + length;
        }
        const std::size_t end = lastSegmentEnd(w, masks); // at least 64: see lastSegmentEnd()
        if (cursor < end) {
            copyBetweenErrors(o, p + x + cursor, end - cursor);
            o += end - cursor;
            cursor = end;
        }
        out.commit(std::size_t(o - start));
        if (w.errors() == 0)
            return x + cursor;
        masks = following;
    }
}

std::size_t Decoder::decodeErrorWindows(std::span<const std::uint8_t> bytes, std::size_t from,
                                        DecodeOutput& out) {
    switch (policy_) {
    case ErrorPolicy::Strict:
        return decodeErrorWindows<ErrorPolicy::Strict>(bytes, from, out);
    case ErrorPolicy::Replace:
        return decodeErrorWindows<ErrorPolicy::Replace>(bytes, from, out);
    case ErrorPolicy::Ignore:
        return decodeErrorWindows<ErrorPolicy::Ignore>(bytes, from, out);
    case ErrorPolicy::Latin1:
        return decodeErrorWindows<ErrorPolicy::Latin1>(bytes, from, out);
    case ErrorPolicy::Cp1252:
        return decodeErrorWindows<ErrorPolicy::Cp1252>(bytes, from, out);
    }
    return from;
}

bool Decoder::decodeInto(std::span<const std::uint8_t> bytes, DecodeOutput& out) {
    if (failed_)
        return false;
    auto sink = [&](const Segment& s, std::span<const std::uint8_t> b) {
        if (failed_)
            return;
        if (s.isValid())
            out.put(reinterpret_cast<const char*>(b.data()), b.size());
        else
            putError(s, b, out);
    };
    // A sequence left unfinished by the previous feed: byte by byte until it is complete.
    std::size_t i = 0;
    while (i < bytes.size() && !segmenter_.atBoundary())
        segmenter_.feed(bytes.subspan(i++, 1), sink);
    while (!failed_ && bytes.size() - i >= 2 * detail::kBlockSize) {
        const std::size_t valid = detail::wellFormedBlocks(bytes.data() + i, bytes.size() - i);
        out.putValid(bytes.data() + i, valid);
        segmenter_ = Segmenter(segmenter_.offset() + valid);
        i += valid;
        if (bytes.size() - i < 2 * detail::kBlockSize)
            break;
        const std::size_t boundary = decodeErrorWindows(bytes, i, out);
        segmenter_ = Segmenter(segmenter_.offset() + (boundary - i));
        i = boundary;
    }
    // The last bytes, where a window would have no look-ahead.
    if (!failed_)
        segmenter_.feed(bytes.subspan(i), sink);
    return !failed_;
}

bool Decoder::feed(std::span<const std::uint8_t> bytes, std::string& out) {
    DecodeOutput output(out, nullptr);
    return decodeInto(bytes, output);
}

bool Decoder::feed(std::span<const std::uint8_t> bytes, const Writer& write) {
    pending_.clear();
    DecodeOutput output(pending_, &write);
    const bool ok = decodeInto(bytes, output);
    output.flushText();
    return ok;
}

bool Decoder::finish(std::string& out) {
    DecodeOutput output(out, nullptr);
    segmenter_.finish([&](const Segment& s, std::span<const std::uint8_t> b) {
        if (!failed_) // only an unfinished sequence is left: an error segment
            putError(s, b, output);
    });
    return !failed_;
}

bool Decoder::finish(const Writer& write) {
    pending_.clear();
    const bool ok = finish(pending_);
    if (!pending_.empty())
        write(pending_);
    return ok;
}

std::optional<Segment> firstErrorIn(std::span<const std::uint8_t> bytes) {
    const std::size_t at = wellFormedLength(bytes);
    if (at == bytes.size())
        return std::nullopt;
    const auto deciding = bytes.subspan(at, std::min<std::size_t>(4, bytes.size() - at));
    for (const Segment& s : segment(deciding, at))
        if (!s.isValid())
            return s;
    return std::nullopt; // not reached: wellFormedLength() stops only at an error
}

std::string decode(std::span<const std::uint8_t> bytes, ErrorPolicy policy,
                   std::optional<Segment>* firstError) {
    std::string out;
    out.reserve(bytes.size());
    Decoder d(policy);
    // Under the strict policy a failed feed() is the first error, which firstError() keeps, and
    // the output ends before it; finish() then has nothing left to decode. The other policies
    // never fail.
    if (d.feed(bytes, out))
        static_cast<void>(d.finish(out)); // its failure is likewise in firstError()
    if (firstError)
        *firstError = d.firstError();
    return out;
}

} // namespace u8codec
