// Library-internal: ICU's side of transcode() and Transcoder. Converters opened by name and named
// as a person knows them; the recorders that count and locate invalid input and unmappable
// characters while ICU's own callbacks write exactly what uconv writes; and the general path,
// source -> UTF-16 pivot (with every unit's input offset) -> target.
#pragma once

#include "transcode_forms.h"
#include "u8convert/transcode.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unicode/ucnv.h>
#include <vector>

namespace u8convert::detail {

struct ConverterCloser {
    void operator()(UConverter* c) const { ucnv_close(c); }
};
using Converter = std::unique_ptr<UConverter, ConverterCloser>;

// Null, with `error` naming it, for a name ICU does not know.
[[nodiscard]] Converter openConverter(std::string_view name, std::string& error);
// ICU's canonical name of a converter: what formOf() recognises.
[[nodiscard]] std::string canonicalName(UConverter* c);
// The name a person knows an encoding by: the preferred MIME name (ISO-8859-2, EUC-JP,
// Shift_JIS), else IANA's (windows-1251, IBM437, macintosh), else ICU's canonical name, which for
// most code pages is IBM's table ("ibm-5347_P100-1998" is windows-1251).
[[nodiscard]] std::string displayNameOf(const std::string& canonical);

// The two converters of a conversion and the forms the loops know them by.
struct ConverterPair {
    Converter src;
    Converter dst;
    Form from = Form::Other;
    Form to = Form::Other;
    // ICU's "UTF-16" and "UTF-32" write a byte order mark of their own: --add-bom adds none.
    bool targetSigns = false;
};
// Opens both and names them in `result` (from, to: the names a person knows); false, with
// result.status, for a name ICU does not know or a signature asked of a target that is not one of
// the Unicode encodings.
[[nodiscard]] bool openPair(std::string_view from, std::string_view to, bool addSignature,
                            ConverterPair& pair, TranscodeResult& result);

// Record where ICU met an invalid sequence (converting to the pivot) or an unmappable character
// (from it) in a TranscodeResult, then let ICU's own callback substitute or escape.
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
// Installs the recorders on the pair's converters, reporting into `result` with the policy of
// `options`. They must outlive the converters' use, and restorePlainCallbacks() must run before
// they go (ucnv_close() calls the installed callbacks once more). False, with result.status, when
// ICU refuses them.
[[nodiscard]] bool installRecorders(UConverter* src, UConverter* dst, ToUnicodeRecorder& to,
                                    FromUnicodeRecorder& from, const TranscodeOptions& options,
                                    TranscodeResult& result);
void restorePlainCallbacks(UConverter* src, UConverter* dst);

// Converts [s, end) to the UTF-16 `pivot` from index `used` on (both grown as needed), with each
// unit's input offset, relative to `origin`, in `offsets`. ICU keeps a sequence cut at `end`
// unless `flush`. Advances s and used.
[[nodiscard]] UErrorCode toPivot(UConverter* src, const char*& s, const char* end,
                                 const char* origin, bool flush, std::vector<UChar>& pivot,
                                 std::vector<std::int32_t>& offsets, std::size_t& used);
// Converts [u, end) of a pivot to the target, written into `out` from `written` on (grown as
// needed). Advances u and written; `out` keeps its size.
[[nodiscard]] UErrorCode fromPivot(UConverter* dst, const UChar*& u, const UChar* end, bool flush,
                                   std::string& out, std::size_t& written);

// The general path over a whole buffer, with progress; `signature`: U+FEFF first, through the
// target converter. Fills result.output; false with result.status when ICU fails or progress
// cancels.
[[nodiscard]] bool transcodeWithIcu(std::span<const std::uint8_t> input, UConverter* src,
                                    UConverter* dst, const TranscodeOptions& options,
                                    bool signature, TranscodeResult& result);

// Under UnmappablePolicy::Fail, why the conversion failed: how many invalid sequences and
// unmappable characters, and where the first of each is.
[[nodiscard]] std::string failureText(const TranscodeResult& result);

} // namespace u8convert::detail
