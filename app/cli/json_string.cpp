#include "json_string.h"

#include "u8codec/decoder.h"

#include <cstdint>
#include <span>

namespace u8cli {

std::string jsonString(std::string_view text) {
    // Ill-formed bytes become U+FFFD first (the codec's replace policy), so the JSON is UTF-8.
    const std::string decoded =
        u8codec::decode(std::span<const std::uint8_t>(
                            reinterpret_cast<const std::uint8_t*>(text.data()), text.size()),
                        u8codec::ErrorPolicy::Replace);
    std::string out = "\"";
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
    return out;
}

} // namespace u8cli
