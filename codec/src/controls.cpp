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

} // namespace u8codec
