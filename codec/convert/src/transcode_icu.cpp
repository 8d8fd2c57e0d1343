#include "transcode_icu.h"

#include <algorithm>
#include <climits>
#include <unicode/ucnv_cb.h>
#include <unicode/ucnv_err.h>

namespace u8convert::detail {

namespace {

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

} // namespace

std::string displayNameOf(const std::string& canonical) {
    for (const char* standard : {"MIME", "IANA"}) {
        UErrorCode status = U_ZERO_ERROR;
        const char* n = ucnv_getStandardName(canonical.c_str(), standard, &status);
        if (U_SUCCESS(status) && n && *n)
            return n;
    }
    return canonical;
}

Converter openConverter(std::string_view name, std::string& error) {
    UErrorCode status = U_ZERO_ERROR;
    Converter c(ucnv_open(std::string(name).c_str(), &status));
    if (U_FAILURE(status) || !c) {
        error = std::string("unknown encoding '") + std::string(name) + "'";
        return nullptr;
    }
    return c;
}

std::string canonicalName(UConverter* c) {
    UErrorCode status = U_ZERO_ERROR;
    const char* n = ucnv_getName(c, &status);
    return U_SUCCESS(status) && n ? n : "";
}

bool openPair(std::string_view from, std::string_view to, bool addSignature, ConverterPair& pair,
              TranscodeResult& result) {
    std::string unknown;
    pair.src = openConverter(from, unknown);
    if (pair.src)
        pair.dst = openConverter(to, unknown);
    if (!pair.src || !pair.dst) {
        result.status = {u8codec::ErrorCode::Invalid, std::move(unknown)};
        return false;
    }
    result.from = displayName(pair.src.get());
    result.to = displayName(pair.dst.get());
    const std::string target = canonicalName(pair.dst.get());
    pair.from = formOf(canonicalName(pair.src.get()).c_str());
    pair.to = formOf(target.c_str());
    pair.targetSigns = target == "UTF-16" || target == "UTF-32";
    if (addSignature && !target.starts_with("UTF-")) {
        result.status = {
            u8codec::ErrorCode::Invalid,
            std::string("a byte order mark can only be written in a Unicode encoding, not in ") +
                result.to};
        return false;
    }
    return true;
}

bool installRecorders(UConverter* src, UConverter* dst, ToUnicodeRecorder& to,
                      FromUnicodeRecorder& from, const TranscodeOptions& options,
                      TranscodeResult& result) {
    const bool escape = options.unmappable == UnmappablePolicy::Escape;
    to.result = &result;
    to.max = options.maxReported;
    to.next = escape ? UCNV_TO_U_CALLBACK_ESCAPE : UCNV_TO_U_CALLBACK_SUBSTITUTE;
    to.nextContext = escape ? escapeContext(options.escape) : nullptr;
    from.result = &result;
    from.max = options.maxReported;
    from.next = escape ? UCNV_FROM_U_CALLBACK_ESCAPE : UCNV_FROM_U_CALLBACK_SUBSTITUTE;
    from.nextContext = escape ? escapeContext(options.escape) : nullptr;
    UErrorCode status = U_ZERO_ERROR;
    ucnv_setToUCallBack(src, recordToUnicode, &to, nullptr, nullptr, &status);
    ucnv_setFromUCallBack(dst, recordFromUnicode, &from, nullptr, nullptr, &status);
    if (U_FAILURE(status)) {
        // Without them no invalid or unmappable input would be reported, nor refused.
        result.status = {u8codec::ErrorCode::Invalid,
                         std::string("ICU refused the callbacks that report invalid and "
                                     "unmappable input: ") +
                             u_errorName(status)};
        return false;
    }
    return true;
}

void restorePlainCallbacks(UConverter* src, UConverter* dst) {
    UErrorCode e = U_ZERO_ERROR;
    ucnv_setToUCallBack(src, UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &e);
    ucnv_setFromUCallBack(dst, UCNV_FROM_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &e);
}

UErrorCode toPivot(UConverter* src, const char*& s, const char* end, const char* origin, bool flush,
                   std::vector<UChar>& pivot, std::vector<std::int32_t>& offsets,
                   std::size_t& used) {
    for (;;) {
        UChar* t = pivot.data() + used;
        const char* callStart = s;
        UErrorCode e = U_ZERO_ERROR;
        ucnv_toUnicode(src, &t, pivot.data() + pivot.size(), &s, end, offsets.data() + used, flush,
                       &e);
        const std::size_t produced = std::size_t(t - (pivot.data() + used));
        // ICU's offsets are relative to the source of this call.
        const auto base = std::int32_t(callStart - origin);
        for (std::size_t i = used; i < used + produced; ++i)
            if (offsets[i] >= 0)
                offsets[i] += base;
        used += produced;
        if (e != U_BUFFER_OVERFLOW_ERROR)
            return e;
        pivot.resize(pivot.size() * 2);
        offsets.resize(pivot.size());
    }
}

UErrorCode fromPivot(UConverter* dst, const UChar*& u, const UChar* end, bool flush,
                     std::string& out, std::size_t& written) {
    for (;;) {
        char* t = out.data() + written;
        UErrorCode e = U_ZERO_ERROR;
        ucnv_fromUnicode(dst, &t, out.data() + out.size(), &u, end, nullptr, flush, &e);
        written = std::size_t(t - out.data());
        if (e != U_BUFFER_OVERFLOW_ERROR)
            return e;
        out.resize(out.size() * 2);
    }
}

namespace {

// The input goes to ICU in 1 MiB pieces (ICU keeps a sequence cut between pieces), so that
// progress can be reported: the pivot takes the first half of the range, the target the rest.
constexpr std::ptrdiff_t kPiece = std::ptrdiff_t(1) << 20;

// The general path's progress; true (and the result says so) when the caller cancels.
struct Cancel {
    const TranscodeOptions& opt;
    TranscodeResult& result;
    std::uint64_t total;
    bool operator()(std::uint64_t done) const {
        if (!opt.progress || opt.progress(done, total))
            return false;
        result.status = {u8codec::ErrorCode::Cancelled, "cancelled"};
        return true;
    }
};

// The whole input to the UTF-16 pivot, U+FEFF first with `signature`.
bool inputToPivot(std::span<const std::uint8_t> input, UConverter* src, bool signature,
                  const Cancel& cancel, std::vector<UChar>& pivot,
                  std::vector<std::int32_t>& offsets, TranscodeResult& result) {
    pivot.assign(input.size() + 16, 0);
    offsets.assign(pivot.size(), 0);
    std::size_t used = 0;
    if (signature) {
        pivot[0] = 0xFEFF;
        offsets[0] = 0;
        used = 1;
    }
    const char* const begin = reinterpret_cast<const char*>(input.data());
    const char* s = begin;
    const char* const sEnd = begin + input.size();
    for (;;) {
        const char* pieceEnd = sEnd - s > kPiece ? s + kPiece : sEnd;
        const bool last = pieceEnd == sEnd;
        if (const UErrorCode e = toPivot(src, s, pieceEnd, begin, last, pivot, offsets, used);
            U_FAILURE(e)) {
            result.status = {u8codec::ErrorCode::Invalid, std::string("conversion from ") +
                                                              result.from +
                                                              " failed: " + u_errorName(e)};
            return false;
        }
        if (last && s == sEnd)
            break;
        if (cancel(std::uint64_t(s - begin) / 2))
            return false;
    }
    pivot.resize(used);
    offsets.resize(used);
    return true;
}

// The whole pivot to the target, into result.output.
bool pivotToTarget(const std::vector<UChar>& pivot, const std::vector<std::int32_t>& offsets,
                   UConverter* dst, const Cancel& cancel, TranscodeResult& result) {
    std::string out(pivot.size() * 2 + 16, '\0');
    std::size_t written = 0;
    const UChar* u = pivot.data();
    const UChar* const uEnd = u + pivot.size();
    for (;;) {
        const UChar* pieceEnd = uEnd - u > kPiece / 2 ? u + kPiece / 2 : uEnd;
        const bool last = pieceEnd == uEnd;
        if (const UErrorCode e = fromPivot(dst, u, pieceEnd, last, out, written); U_FAILURE(e)) {
            result.status = {u8codec::ErrorCode::Invalid, std::string("conversion to ") +
                                                              result.to +
                                                              " failed: " + u_errorName(e)};
            return false;
        }
        if (last && u == uEnd)
            break;
        const std::size_t index = std::size_t(u - pivot.data());
        const std::uint64_t at =
            index < offsets.size() ? std::uint64_t(std::max(0, offsets[index])) : cancel.total;
        if (cancel(cancel.total / 2 + at / 2))
            return false;
    }
    out.resize(written);
    result.output = std::move(out);
    return true;
}

} // namespace

bool transcodeWithIcu(std::span<const std::uint8_t> input, UConverter* src, UConverter* dst,
                      const TranscodeOptions& opt, bool signature, TranscodeResult& result) {
    if (input.size() > std::size_t(INT32_MAX) / 2) {
        result.status = {u8codec::ErrorCode::Invalid,
                         "input larger than 1 GiB: this conversion needs ICU's general path, which "
                         "works on buffers below that size"};
        return false;
    }
    // The recorders live on this stack frame: ICU's plain callbacks go back before leaving.
    struct Restore {
        UConverter* src;
        UConverter* dst;
        ~Restore() { restorePlainCallbacks(src, dst); }
    } restore{src, dst};
    ToUnicodeRecorder toRec;
    toRec.sourceStart = reinterpret_cast<const char*>(input.data());
    FromUnicodeRecorder fromRec;
    if (!installRecorders(src, dst, toRec, fromRec, opt, result))
        return false; // result.status says why
    const Cancel cancel{opt, result, input.size()};
    std::vector<UChar> pivot;
    std::vector<std::int32_t> offsets;
    if (!inputToPivot(input, src, signature, cancel, pivot, offsets, result))
        return false;
    fromRec.sourceStart = pivot.data();
    fromRec.offsets = &offsets;
    return pivotToTarget(pivot, offsets, dst, cancel, result);
}

std::string failureText(const TranscodeResult& r) {
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
    return where;
}

} // namespace u8convert::detail
