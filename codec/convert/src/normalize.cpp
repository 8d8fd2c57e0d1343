#include "u8convert/normalize.h"

#include "ascii_run.h"
#include "normalize_detail.h"
#include "u8codec/scan.h"
#include "well_formed_utf8.h"

#include <algorithm>
#include <array>
#include <span>
#include <unicode/bytestream.h>
#include <unicode/edits.h>
#include <unicode/normalizer2.h>
#include <unicode/stringpiece.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

namespace u8convert {
using namespace u8codec;

std::string_view name(NormalForm f) noexcept {
    return f == NormalForm::Nfc ? "nfc" : "nfd";
}

std::optional<NormalForm> normalFormFromName(std::string_view n) noexcept {
    if (n == "nfc" || n == "NFC")
        return NormalForm::Nfc;
    if (n == "nfd" || n == "NFD")
        return NormalForm::Nfd;
    return std::nullopt;
}

namespace {

const icu::Normalizer2* instance(NormalForm form, UErrorCode& status) {
    return form == NormalForm::Nfc ? icu::Normalizer2::getNFCInstance(status)
                                   : icu::Normalizer2::getNFDInstance(status);
}

// A character that is a starter (canonical combining class 0) and whose quick check for the form
// is Yes. UAX #15 section 9: text made of such characters only is in the form, whatever their
// order, because no character in it reorders, decomposes or composes with a neighbour.
bool quickYesStarter(char32_t c, NormalForm form) {
    const UProperty check = form == NormalForm::Nfc ? UCHAR_NFC_QUICK_CHECK : UCHAR_NFD_QUICK_CHECK;
    return u_getCombiningClass(UChar32(c)) == 0 &&
           u_getIntPropertyValue(UChar32(c), check) == UNORM_YES;
}

// quickYesStarter for planes 0 and 1 (the BMP, and the emoji and historic scripts of the SMP),
// one bit per code point (16 KiB per form), built once: most text is made of such characters, and
// a bit test is far cheaper than two property lookups. Above plane 1 (CJK extensions, tags) the
// properties are asked each time.
class QuickYesStarters {
public:
    static constexpr char32_t kLimit = 0x20000;

    explicit QuickYesStarters(NormalForm form) : form_(form) {
        for (char32_t c = 0; c < kLimit; ++c)
            if (quickYesStarter(c, form))
                bits_[c >> 6] |= std::uint64_t(1) << (c & 63);
    }
    bool contains(char32_t c) const {
        return c < kLimit ? (bits_[c >> 6] >> (c & 63)) & 1 : quickYesStarter(c, form_);
    }

private:
    NormalForm form_;
    std::array<std::uint64_t, kLimit / 64> bits_{};
};

const QuickYesStarters& quickYesStarters(NormalForm form) {
    static const QuickYesStarters nfc(NormalForm::Nfc), nfd(NormalForm::Nfd);
    return form == NormalForm::Nfc ? nfc : nfd;
}

// Where, in a stretch of non-ASCII bytes, a run of characters each without a normalisation
// boundary before it (`noBoundaryBefore`) grows past kMaxUnboundedRun; npos if none does.
// Ill-formed bytes end a run.
template <typename NoBoundaryBefore>
std::size_t overlongRunIn(std::string_view stretch, NoBoundaryBefore noBoundaryBefore) {
    std::size_t run = 0;
    for (int32_t i = 0, length = int32_t(stretch.size()); i < length;) {
        const int32_t at = i;
        UChar32 c = 0;
        U8_NEXT(stretch.data(), i, length, c);
        run = c >= 0 && noBoundaryBefore(c) ? run + 1 : 0;
        if (run > kMaxUnboundedRun)
            return std::size_t(at);
    }
    return std::string_view::npos;
}

// Where in `utf8` such a run grows past kMaxUnboundedRun, or npos. Every character of a run is
// two bytes or more (ASCII has a boundary before it in both forms), so a run that long covers a
// whole aligned block of kMaxUnboundedRun non-ASCII bytes: only the stretches of non-ASCII bytes
// around such blocks are decoded, and text with an ASCII byte now and then costs a look at a few
// bytes of each block.
template <typename NoBoundaryBefore>
std::size_t overlongRun(std::string_view utf8, NoBoundaryBefore noBoundaryBefore) {
    const auto* const p = reinterpret_cast<const std::uint8_t*>(utf8.data());
    const std::size_t size = utf8.size();
    constexpr std::size_t kBlock = kMaxUnboundedRun;
    const auto isAscii = [](std::uint8_t b) { return b < 0x80; };
    for (std::size_t block = 0; block + kBlock <= size; block += kBlock) {
        if (std::find_if(p + block, p + block + kBlock, isAscii) != p + block + kBlock)
            continue;
        std::size_t start = block, end = block + kBlock;
        while (start > 0 && !isAscii(p[start - 1]))
            --start;
        while (end < size && !isAscii(p[end]))
            ++end;
        const std::size_t at = overlongRunIn(utf8.substr(start, end - start), noBoundaryBefore);
        if (at != std::string_view::npos)
            return start + at;
        block = end / kBlock * kBlock; // on after the stretch (`end` is ASCII, or the end)
    }
    return std::string_view::npos;
}

bool icuIsNormalized(std::string_view utf8, NormalForm form) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* n = instance(form, status);
    if (U_FAILURE(status))
        return false;
    const bool yes =
        n->isNormalizedUTF8(icu::StringPiece(utf8.data(), int32_t(utf8.size())), status);
    return U_SUCCESS(status) && yes;
}

} // namespace

namespace detail {

bool isQuickYesStarter(char32_t c, NormalForm form) {
    return quickYesStarters(form).contains(c);
}

// Every ASCII character is a quick-check-Yes starter that nothing before it can combine with
// (it has a normalisation boundary before it, in both forms), so text splits into independent
// pieces at each ASCII byte. The non-ASCII characters are visited by their lead bytes, 64 bytes
// at a time, and looked up in the table above; where one is not a quick-Yes starter, ICU decides
// on its piece alone: the run of non-ASCII characters around it with the ASCII character before
// ("e" + U+0301).
std::size_t overlongNonStarterRun(std::string_view utf8) {
    return overlongRun(utf8, [](UChar32 c) { return u_getCombiningClass(c) != 0; });
}

bool isNormalizedWellFormed(std::string_view utf8, NormalForm form) {
    const QuickYesStarters& starters = quickYesStarters(form);
    const auto* const begin = reinterpret_cast<const std::uint8_t*>(utf8.data());
    const auto* const end = begin + utf8.size();
    // Whether the piece around the character at `c` is in the form; `*resume` is set after it.
    const auto pieceIsNormalized = [&](const std::uint8_t* c, const std::uint8_t** resume) {
        const std::uint8_t* piece = c;
        while (piece != begin && piece[-1] >= 0x80)
            --piece;
        if (piece != begin)
            --piece;
        const std::uint8_t* pieceEnd = c;
        while (pieceEnd != end && *pieceEnd >= 0x80)
            ++pieceEnd;
        *resume = pieceEnd;
        return icuIsNormalized(
            std::string_view(reinterpret_cast<const char*>(piece), std::size_t(pieceEnd - piece)),
            form);
    };
    for (const std::uint8_t* p = begin; p != end;) {
        const std::size_t n = std::min<std::size_t>(64, std::size_t(end - p));
        const std::uint8_t* next = p + n; // may fall inside a character: its lead was in here
        for (std::uint64_t leads = multiByteStarts(p, n); leads != 0; leads &= leads - 1) {
            const std::uint8_t* c = p + __builtin_ctzll(leads);
            const std::uint8_t* after = c;
            if (starters.contains(readValid(after)))
                continue;
            if (!pieceIsNormalized(c, &next))
                return false;
            break; // on after the piece, which may end in this block or beyond it
        }
        p = next;
    }
    return true;
}

} // namespace detail

bool isNormalized(std::string_view utf8, NormalForm form) {
    const auto* b = reinterpret_cast<const std::uint8_t*>(utf8.data());
    if (scan(std::span<const std::uint8_t>(b, utf8.size())).valid())
        return detail::isNormalizedWellFormed(utf8, form);
    return icuIsNormalized(utf8, form);
}

std::string overlongRunMessage() {
    return "a run of more than " + std::to_string(kMaxUnboundedRun) +
           " combining characters (no normalisation boundary between them) is not normalised: "
           "the normaliser would hold it whole, and real text has at most 30 (UAX #15 section 13)";
}

u8codec::Result<Normalized> normalize(std::string_view utf8, NormalForm form,
                                      std::size_t maxSpans) {
    using u8codec::ErrorCode;
    if (utf8.size() > std::size_t(INT32_MAX))
        return {ErrorCode::Invalid, "text larger than 2 GiB cannot be normalised in one piece"};
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* n = instance(form, status);
    if (U_FAILURE(status))
        return {ErrorCode::Invalid,
                std::string("ICU normaliser unavailable: ") + u_errorName(status)};
    const QuickYesStarters& starters = quickYesStarters(form);
    const auto noBoundaryBefore = [&](UChar32 c) {
        return !starters.contains(char32_t(c)) && !n->hasBoundaryBefore(c);
    };
    if (overlongRun(utf8, noBoundaryBefore) != std::string_view::npos)
        return {ErrorCode::Invalid, overlongRunMessage()};
    Normalized result;
    result.text.reserve(utf8.size());
    icu::StringByteSink<std::string> sink(&result.text);
    icu::Edits edits;
    n->normalizeUTF8(0, icu::StringPiece(utf8.data(), int32_t(utf8.size())), sink, &edits, status);
    if (U_FAILURE(status))
        return {ErrorCode::Invalid,
                status == U_INVALID_CHAR_FOUND || status == U_ILLEGAL_CHAR_FOUND
                    ? std::string("the text is not well-formed UTF-8")
                    : std::string("normalisation failed: ") + u_errorName(status)};
    // The Edits iterator lists changed spans with source and destination indexes (bytes).
    icu::Edits::Iterator it = edits.getCoarseChangesIterator();
    while (it.next(status)) {
        if (!it.hasChange())
            continue;
        ++result.changedSpans;
        if (result.spans.size() < maxSpans)
            result.spans.push_back({std::uint64_t(it.sourceIndex()), std::uint64_t(it.oldLength()),
                                    std::uint64_t(it.newLength())});
    }
    return result;
}

} // namespace u8convert
