#include "u8codec/controls.h"

namespace u8codec {

std::string_view controlAbbreviation(char32_t cp) noexcept {
    static const char* const kC0[32] = {"NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL",
                                        "BS",  "HT",  "LF",  "VT",  "FF",  "CR",  "SO",  "SI",
                                        "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB",
                                        "CAN", "EM",  "SUB", "ESC", "FS",  "GS",  "RS",  "US"};
    if (cp < 0x20)
        return kC0[cp];
    if (cp == 0x20)
        return "SP";
    if (cp == 0x7F)
        return "DEL";
    return {};
}

std::string_view controlName(char32_t cp) noexcept {
    static const char* const kC0[32] = {"NULL",
                                        "START OF HEADING",
                                        "START OF TEXT",
                                        "END OF TEXT",
                                        "END OF TRANSMISSION",
                                        "ENQUIRY",
                                        "ACKNOWLEDGE",
                                        "ALERT",
                                        "BACKSPACE",
                                        "CHARACTER TABULATION",
                                        "LINE FEED",
                                        "LINE TABULATION",
                                        "FORM FEED",
                                        "CARRIAGE RETURN",
                                        "SHIFT OUT",
                                        "SHIFT IN",
                                        "DATA LINK ESCAPE",
                                        "DEVICE CONTROL ONE",
                                        "DEVICE CONTROL TWO",
                                        "DEVICE CONTROL THREE",
                                        "DEVICE CONTROL FOUR",
                                        "NEGATIVE ACKNOWLEDGE",
                                        "SYNCHRONOUS IDLE",
                                        "END OF TRANSMISSION BLOCK",
                                        "CANCEL",
                                        "END OF MEDIUM",
                                        "SUBSTITUTE",
                                        "ESCAPE",
                                        "INFORMATION SEPARATOR FOUR",
                                        "INFORMATION SEPARATOR THREE",
                                        "INFORMATION SEPARATOR TWO",
                                        "INFORMATION SEPARATOR ONE"};
    static const char* const kC1[32] = {"PADDING CHARACTER",
                                        "HIGH OCTET PRESET",
                                        "BREAK PERMITTED HERE",
                                        "NO BREAK HERE",
                                        "INDEX",
                                        "NEXT LINE",
                                        "START OF SELECTED AREA",
                                        "END OF SELECTED AREA",
                                        "CHARACTER TABULATION SET",
                                        "CHARACTER TABULATION WITH JUSTIFICATION",
                                        "LINE TABULATION SET",
                                        "PARTIAL LINE FORWARD",
                                        "PARTIAL LINE BACKWARD",
                                        "REVERSE LINE FEED",
                                        "SINGLE SHIFT TWO",
                                        "SINGLE SHIFT THREE",
                                        "DEVICE CONTROL STRING",
                                        "PRIVATE USE ONE",
                                        "PRIVATE USE TWO",
                                        "SET TRANSMIT STATE",
                                        "CANCEL CHARACTER",
                                        "MESSAGE WAITING",
                                        "START OF GUARDED AREA",
                                        "END OF GUARDED AREA",
                                        "START OF STRING",
                                        "SINGLE GRAPHIC CHARACTER INTRODUCER",
                                        "SINGLE CHARACTER INTRODUCER",
                                        "CONTROL SEQUENCE INTRODUCER",
                                        "STRING TERMINATOR",
                                        "OPERATING SYSTEM COMMAND",
                                        "PRIVACY MESSAGE",
                                        "APPLICATION PROGRAM COMMAND"};
    if (cp < 0x20)
        return kC0[cp];
    if (cp == 0x7F)
        return "DELETE";
    if (isC1Control(cp))
        return kC1[cp - 0x80];
    return {};
}

std::string abbreviation(char32_t cp) {
    if (const std::string_view c0 = controlAbbreviation(cp); !c0.empty())
        return std::string(c0);
    static const char* const kC1[32] = {"PAD", "HOP", "BPH", "NBH", "IND", "NEL", "SSA", "ESA",
                                        "HTS", "HTJ", "VTS", "PLD", "PLU", "RI",  "SS2", "SS3",
                                        "DCS", "PU1", "PU2", "STS", "CCH", "MW",  "SPA", "EPA",
                                        "SOS", "SGC", "SCI", "CSI", "ST",  "OSC", "PM",  "APC"};
    if (isC1Control(cp))
        return kC1[cp - 0x80];
    // Variation selectors: VS1-16 at U+FE00, VS17-256 at U+E0100 (StandardizedVariants.txt).
    if (cp >= 0xFE00 && cp <= 0xFE0F)
        return "VS" + std::to_string(cp - 0xFE00 + 1);
    if (cp >= 0xE0100 && cp <= 0xE01EF)
        return "VS" + std::to_string(cp - 0xE0100 + 17);
    if (cp >= 0x180B && cp <= 0x180D)
        return "FVS" + std::to_string(cp - 0x180B + 1);
    switch (cp) {
    case 0x00A0:
        return "NBSP";
    case 0x00AD:
        return "SHY";
    case 0x034F:
        return "CGJ";
    case 0x061C:
        return "ALM";
    case 0x180E:
        return "MVS";
    case 0x180F:
        return "FVS4";
    case 0x200B:
        return "ZWSP";
    case 0x200C:
        return "ZWNJ";
    case 0x200D:
        return "ZWJ";
    case 0x200E:
        return "LRM";
    case 0x200F:
        return "RLM";
    case 0x202A:
        return "LRE";
    case 0x202B:
        return "RLE";
    case 0x202C:
        return "PDF";
    case 0x202D:
        return "LRO";
    case 0x202E:
        return "RLO";
    case 0x202F:
        return "NNBSP";
    case 0x205F:
        return "MMSP";
    case 0x2060:
        return "WJ";
    case 0x2066:
        return "LRI";
    case 0x2067:
        return "RLI";
    case 0x2068:
        return "FSI";
    case 0x2069:
        return "PDI";
    case 0xFEFF:
        return "BOM";
    default:
        return {};
    }
}

} // namespace u8codec
