#include "shown_name.h"

#include "u8codec/segmenter.h"

#include <cstdio>
#include <span>

namespace u8cli {
namespace {

// A character that must not reach the terminal as it is: C0 and C1 controls and DEL.
bool isControl(char32_t c) {
    return c < 0x20 || (c >= 0x7F && c <= 0x9F);
}

void appendEscaped(std::string& out, std::span<const std::uint8_t> bytes) {
    for (const std::uint8_t b : bytes) {
        char hex[5];
        std::snprintf(hex, sizeof hex, "\\x%02X", unsigned(b));
        out += hex;
    }
}

} // namespace

std::string shownName(std::string_view name) {
    const auto bytes = std::span<const std::uint8_t>(
        reinterpret_cast<const std::uint8_t*>(name.data()), name.size());
    const auto segments = u8codec::segment(bytes);
    bool plain = true;
    for (const auto& s : segments)
        plain = plain && s.isValid() && !isControl(s.codePoint);
    if (plain)
        return std::string(name);
    std::string out = "$'";
    for (const auto& s : segments) {
        const auto piece = bytes.subspan(std::size_t(s.offset), s.length);
        if (s.isValid() && s.codePoint == '\n')
            out += "\\n";
        else if (s.isValid() && s.codePoint == '\t')
            out += "\\t";
        else if (!s.isValid() || isControl(s.codePoint))
            appendEscaped(out, piece);
        else if (s.codePoint == '\'' || s.codePoint == '\\')
            out += std::string("\\") + char(s.codePoint);
        else
            out.append(reinterpret_cast<const char*>(piece.data()), piece.size());
    }
    return out + "'";
}

} // namespace u8cli
