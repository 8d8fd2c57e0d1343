// The C1 step: C1 controls that stand for windows-1252 punctuation. Text written in
// windows-1252 and converted to UTF-8 as if it were ISO-8859-1 (a page mislabelled "latin1")
// carries each byte 80-9F as the C1 control of the same value (ISO/IEC 6429) instead of the
// character windows-1252 puts there: "„quoted“ …" arrives as U+0084 quoted U+0093 U+0085. The
// Unicode Standard gives C1 controls no meaning of their own (section 23.1); only U+0085 NEXT
// LINE also ends a line (section 5.8), in text from EBCDIC systems. So the step runs only when
// asked for.
#include "repair_detail.h"
#include "u8codec/controls.h"
#include "u8codec/decoder.h"
#include "u8codec/encoder.h"
#include "u8codec/problem.h"

#include <cstdio>
#include <cstring>

namespace u8convert {
using namespace u8codec;

namespace {

// "U+0093 (a C1 control) read as windows-1252 0x93: “"
std::string describe(std::uint8_t byte, const std::string& character) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", unsigned(byte));
    return codePointLabel(byte) + " (a C1 control) read as windows-1252 " + hex + ": " + character;
}

} // namespace

std::optional<C1Action> c1ActionFromName(std::string_view n) noexcept {
    if (n == "keep")
        return C1Action::Keep;
    if (n == "cp1252")
        return C1Action::Cp1252;
    return std::nullopt;
}

std::size_t findC1Punctuation(std::string_view utf8, std::size_t from) noexcept {
    // In UTF-8, U+0080..U+009F are C2 80..C2 9F (RFC 3629 section 3); in well-formed text a C2
    // byte is always a lead byte, so a byte search finds exactly these characters.
    while (from < utf8.size()) {
        const void* hit = std::memchr(utf8.data() + from, 0xC2, utf8.size() - from);
        if (!hit)
            break;
        const std::size_t at = std::size_t(static_cast<const char*>(hit) - utf8.data());
        if (at + 1 < utf8.size()) {
            const auto byte = std::uint8_t(utf8[at + 1]);
            // The codec's windows-1252 table (the WHATWG index) maps the five bytes the page
            // leaves undefined, 81 8D 8F 90 9D, to the C1 controls themselves: those stay.
            if (isC1Control(byte) && cp1252ToUnicode(byte) != char32_t(byte))
                return at;
        }
        from = at + 1;
    }
    return std::string_view::npos;
}

std::string repairC1(std::string_view utf8, C1Action action, RepairReport& report,
                     std::size_t maxReported, std::vector<TextEdit>* edits) {
    if (action == C1Action::Keep)
        return std::string(utf8);
    std::string out;
    out.reserve(utf8.size());
    std::size_t from = 0;
    for (std::size_t at; (at = findC1Punctuation(utf8, from)) != std::string_view::npos;
         from = at + 2) {
        out.append(utf8.substr(from, at - from));
        const auto byte = std::uint8_t(utf8[at + 1]);
        std::string character;
        appendUtf8(cp1252ToUnicode(byte), character);
        out += character;
        std::string detail = describe(byte, character);
        detail::record(report, maxReported, edits,
                       {RepairKind::C1Control, at, 2, std::string(utf8.substr(at, 2)),
                        std::move(character), std::move(detail)});
    }
    out.append(utf8.substr(from));
    return out;
}

} // namespace u8convert
