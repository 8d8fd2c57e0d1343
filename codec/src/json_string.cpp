#include "u8codec/json_string.h"

#include "u8codec/decoder.h"

#include <cstdint>
#include <span>

namespace u8codec {

void appendJsonString(std::string& out, std::string_view text) {
    const std::string decoded =
        decode(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()),
               ErrorPolicy::Replace);
    out += '"';
    for (const char c : decoded) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                // RFC 8259 section 7: the other controls must be escaped.
                static constexpr char kHex[] = "0123456789abcdef";
                out += "\\u00";
                out += kHex[(c >> 4) & 0xF];
                out += kHex[c & 0xF];
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

std::string jsonString(std::string_view text) {
    std::string out;
    appendJsonString(out, text);
    return out;
}

} // namespace u8codec
