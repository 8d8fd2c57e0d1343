#include "detect_report.h"

#include "u8codec/json_string.h"

namespace u8cli {

using namespace u8codec;
using namespace u8convert;

namespace {

// The repair that reads stray bytes as windows-1252 and keeps every valid character.
constexpr const char* kStrayBytesRepair = "repair --invalid=cp1252";

} // namespace

std::string detectionText(const Detection& d) {
    std::string out;
    int rank = 0;
    for (const EncodingGuess& g : d.guesses) {
        out += std::to_string(++rank) + ". " + g.encoding + " (" + std::to_string(g.confidence) +
               " %)";
        if (!g.language.empty())
            out += " [" + g.language + "]";
        out += ": " + g.reason;
        if (!g.strayBytesPage.empty())
            out += std::string("; try ") + kStrayBytesRepair;
        out += "\n";
    }
    if (!d.binary.empty())
        out += "binary data, not text: " + d.binary + "\n";
    if (d.guesses.empty())
        out += "no guess: the bytes match no encoding the detector knows\n";
    else if (d.guesses.front().encoding != "UTF-8" && d.multiByteCharacters != 0)
        out += "note: " + std::to_string(d.multiByteCharacters) +
               " valid UTF-8 character(s) would become mojibake read as " +
               d.guesses.front().encoding + "\n";
    if (d.lineEndings && d.lineEndings->total() != 0)
        out += "line endings: " + std::to_string(d.lineEndings->lf) + " LF, " +
               std::to_string(d.lineEndings->crlf) + " CRLF, " + std::to_string(d.lineEndings->cr) +
               " CR" + (d.lineEndings->mixed() ? " (mixed: repair --newlines=lf or crlf)" : "") +
               "\n";
    if (d.mojibake.fixes != 0)
        out += "looks like mojibake: " + std::to_string(d.mojibake.fixes) + " place(s), " +
               d.mojibake.description + "; e.g. at offset " +
               std::to_string(d.mojibake.exampleOffset) + " \"" + d.mojibake.exampleBefore +
               "\" -> \"" + d.mojibake.exampleAfter + "\"; `repair --mojibake` fixes it\n";
    else if (d.validUtf8 && !d.asciiOnly)
        out += "no sign of mojibake\n";
    // The count is of what the mojibake repair leaves: with mojibake, both steps are named.
    if (d.c1Punctuation != 0)
        out += std::to_string(d.c1Punctuation) +
               " C1 control(s) U+0080..U+009F that stand for windows-1252 punctuation (text read "
               "as ISO-8859-1); `repair " +
               (d.mojibake.fixes != 0 ? "--mojibake " : "") + "--c1=cp1252` fixes them\n";
    return out;
}

std::string detectionJson(const Detection& d) {
    std::string out = "{\"valid_utf8\":" + std::string(d.validUtf8 ? "true" : "false") +
                      ",\"ascii_only\":" + (d.asciiOnly ? "true" : "false") +
                      ",\"invalid_sequences\":" + std::to_string(d.invalidSequences) +
                      ",\"multibyte_characters\":" + std::to_string(d.multiByteCharacters) +
                      ",\"examined_bytes\":" + std::to_string(d.examinedBytes) + ",\"guesses\":[";
    for (std::size_t i = 0; i < d.guesses.size(); ++i) {
        const EncodingGuess& g = d.guesses[i];
        if (i)
            out += ',';
        out += "{\"encoding\":";
        appendJsonString(out, g.encoding);
        out += ",\"confidence\":" + std::to_string(g.confidence) + ",\"reason\":";
        appendJsonString(out, g.reason);
        out += ",\"language\":";
        appendJsonString(out, g.language);
        if (!g.strayBytesPage.empty()) {
            out += ",\"stray_bytes_page\":";
            appendJsonString(out, g.strayBytesPage);
            out += ",\"repair\":";
            appendJsonString(out, kStrayBytesRepair);
        }
        out += '}';
    }
    out += "],\"binary\":";
    if (d.binary.empty())
        out += "null";
    else
        appendJsonString(out, d.binary);
    out += ",\"line_endings\":";
    if (d.lineEndings)
        out += "{\"lf\":" + std::to_string(d.lineEndings->lf) +
               ",\"crlf\":" + std::to_string(d.lineEndings->crlf) +
               ",\"cr\":" + std::to_string(d.lineEndings->cr) +
               ",\"mixed\":" + (d.lineEndings->mixed() ? "true" : "false") + "}";
    else
        out += "null";
    out += ",\"mojibake\":";
    if (d.mojibake.fixes == 0) {
        out += "null";
    } else {
        out += "{\"fixes\":" + std::to_string(d.mojibake.fixes) + ",\"pages\":[";
        for (std::size_t i = 0; i < d.mojibake.misdecodings.size(); ++i) {
            if (i)
                out += ',';
            appendJsonString(out, name(d.mojibake.misdecodings[i]));
        }
        out += "],\"description\":";
        appendJsonString(out, d.mojibake.description);
        out += ",\"example_offset\":" + std::to_string(d.mojibake.exampleOffset) +
               ",\"example_before\":";
        appendJsonString(out, d.mojibake.exampleBefore);
        out += ",\"example_after\":";
        appendJsonString(out, d.mojibake.exampleAfter);
        out += ",\"repair\":\"repair --mojibake\"}";
    }
    out += ",\"c1_punctuation\":";
    out += d.c1Punctuation == 0 ? "null"
                                : "{\"count\":" + std::to_string(d.c1Punctuation) +
                                      ",\"repair\":\"repair --c1=cp1252\"}";
    out += '}';
    return out;
}

} // namespace u8cli
