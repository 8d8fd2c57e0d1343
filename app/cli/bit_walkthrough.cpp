#include "bit_walkthrough.h"

#include "help_text.h"
#include "u8codec/encode_steps.h"
#include "u8codec/problem.h"

namespace u8cli {

std::string renderBitRows(const u8codec::BitLayout& l, const std::string& indent) {
    std::string pattern = indent + "pattern  ", bytes = indent + "bytes    ",
                payload = indent + "payload  ";
    std::string assembled;
    for (int i = 0; i < l.octets; ++i) {
        if (i > 0) {
            pattern += ' ';
            bytes += ' ';
            payload += ' ';
        }
        const std::size_t markers = l.markerBits[std::size_t(i)];
        const std::string bits = u8codec::binaryDigits(l.bytes[std::size_t(i)], 8);
        pattern += u8codec::octetPattern(l, i);
        bytes += bits;
        payload += std::string(markers, ' ') + bits.substr(markers);
        assembled += bits.substr(markers);
    }
    const auto octets = std::span<const std::uint8_t>(l.bytes.data(), std::size_t(l.octets));
    return pattern + "\n" + bytes + "   = " + u8codec::hexBytes(octets) + "\n" + payload + "   = " +
           assembled + " = " + u8codec::codePointLabel(l.value) + "\n";
}

bool explainEncoding(char32_t cp, std::string& text) {
    const u8codec::EncodeWalk w = u8codec::walkEncoding(cp);
    text += u8codec::labelWithGlyph(w.codePoint) + "\n";
    const std::string indent(6, ' ');
    int number = 0;
    for (const u8codec::EncodeStep& step : w.steps) {
        // Fill steps after the first go under it: one number for filling the x bits.
        const bool laterFill = step.kind == u8codec::EncodeStepKind::Fill && step.group > 0;
        text += laterFill ? indent
                          : "  " + std::to_string(++number) + ". " + step.title + "\n" + indent;
        text += wrap(step.text, indent.size(), indent.size()) + "\n";
        if (step.kind == u8codec::EncodeStepKind::Bytes ||
            step.kind == u8codec::EncodeStepKind::Refused)
            text += renderBitRows(w.layout, indent + " ");
    }
    if (w.refusal != u8codec::Unencodable::No)
        return false;
    const auto octets =
        std::span<const std::uint8_t>(w.layout.bytes.data(), std::size_t(w.layout.octets));
    text += "  UTF-8: " + u8codec::hexBytes(octets) + "\n";
    return true;
}

} // namespace u8cli
