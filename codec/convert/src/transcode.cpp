// Transcoding over a whole buffer, and the names of its policies. The loops for the Unicode forms
// and the single-byte pages are in transcode_forms.cpp and single_byte_page.cpp, ICU's general
// path in transcode_icu.cpp, the streaming Transcoder in transcoder.cpp.
#include "u8convert/transcode.h"

#include "transcode_icu.h"

#include <algorithm>
#include <cctype>
#include <unicode/ucnv.h>

namespace u8convert {

using detail::Form;

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

std::optional<std::string> canonicalEncodingName(std::string_view name) {
    std::string error;
    const detail::Converter c = detail::openConverter(name, error);
    if (!c)
        return std::nullopt;
    std::string n = detail::canonicalName(c.get());
    return n.empty() ? std::nullopt : std::optional<std::string>(std::move(n));
}

std::vector<std::string> encodingNames() {
    std::vector<std::string> names;
    const std::int32_t count = ucnv_countAvailable();
    for (std::int32_t i = 0; i < count; ++i)
        if (const char* canonical = ucnv_getAvailableName(i))
            names.push_back(detail::displayNameOf(canonical));
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    const auto lower = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
    std::stable_sort(names.begin(), names.end(), [&](const std::string& a, const std::string& b) {
        return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                            [&](char x, char y) { return lower(x) < lower(y); });
    });
    return names;
}

TranscodeResult transcode(std::span<const std::uint8_t> input, std::string_view from,
                          std::string_view to, const TranscodeOptions& options) {
    TranscodeResult result;
    detail::ConverterPair pair;
    if (!detail::openPair(from, to, options.addSignature, pair, result))
        return result;
    const Form fromForm = pair.from;
    const Form toForm = pair.to;
    std::string out;
    if (options.addSignature && !pair.targetSigns)
        detail::appendSignature(toForm, out);
    // One byte order mark, always: with one asked for, the input's own is dropped.
    if (const std::string own = detail::signatureOf(fromForm);
        options.addSignature && !own.empty() &&
        std::string_view(reinterpret_cast<const char*>(input.data()), input.size())
            .starts_with(own))
        input = input.subspan(own.size());
    if (options.progress && !options.progress(0, input.size())) {
        result.status = {u8codec::ErrorCode::Cancelled, "cancelled"};
        return result;
    }
    std::string converted = out; // the signature, if any; the conversion is appended
    if (toForm != Form::Other && fromForm != Form::Other &&
        (!options.addSignature || toForm != Form::Other) &&
        detail::fastTranscode(input, fromForm, toForm, converted, true)) {
        result.fastPath = true;
        result.output = std::move(converted);
        return result;
    }
    if (!detail::transcodeWithIcu(
            input, pair.src.get(), pair.dst.get(), options,
            options.addSignature && toForm == Form::Other && !pair.targetSigns, result))
        return result;
    if (toForm != Form::Other)
        result.output.insert(0, out);
    if (options.unmappable == UnmappablePolicy::Fail &&
        (result.unmappable != 0 || result.invalidInput != 0)) {
        result.status = {u8codec::ErrorCode::Invalid, detail::failureText(result)};
        result.output.clear();
        return result;
    }
    return result;
}

} // namespace u8convert
