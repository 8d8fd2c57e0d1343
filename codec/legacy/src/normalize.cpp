#include "u8codec/normalize.h"

#include <unicode/bytestream.h>
#include <unicode/edits.h>
#include <unicode/normalizer2.h>
#include <unicode/stringpiece.h>

namespace u8codec {

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

} // namespace

bool isNormalized(std::string_view utf8, NormalForm form) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* n = instance(form, status);
    if (U_FAILURE(status))
        return false;
    const bool yes =
        n->isNormalizedUTF8(icu::StringPiece(utf8.data(), int32_t(utf8.size())), status);
    return U_SUCCESS(status) && yes;
}

NormalizeResult normalize(std::string_view utf8, NormalForm form, std::size_t maxSpans) {
    NormalizeResult result;
    if (utf8.size() > std::size_t(INT32_MAX)) {
        result.error = "text larger than 2 GiB cannot be normalised in one piece";
        return result;
    }
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* n = instance(form, status);
    if (U_FAILURE(status)) {
        result.error = std::string("ICU normaliser unavailable: ") + u_errorName(status);
        return result;
    }
    result.text.reserve(utf8.size());
    icu::StringByteSink<std::string> sink(&result.text);
    icu::Edits edits;
    n->normalizeUTF8(0, icu::StringPiece(utf8.data(), int32_t(utf8.size())), sink, &edits, status);
    if (U_FAILURE(status)) {
        result.error = status == U_INVALID_CHAR_FOUND || status == U_ILLEGAL_CHAR_FOUND
                           ? std::string("the text is not well-formed UTF-8")
                           : std::string("normalisation failed: ") + u_errorName(status);
        result.text.clear();
        return result;
    }
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
    result.ok = true;
    return result;
}

} // namespace u8codec
