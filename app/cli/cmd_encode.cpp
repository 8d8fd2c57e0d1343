// `encode CHAR...|U+XXXX...`: how each code point is encoded in UTF-8, bit by bit, in the words
// of RFC 3629 section 3. Values UTF-8 cannot encode are explained and give exit status 1.
#include "arguments.h"
#include "bit_walkthrough.h"
#include "commands.h"
#include "help_text.h"
#include "standard_output.h"
#include "u8codec/encode_steps.h"
#include "u8codec/segmenter.h"
#include "u8convert/character_input.h"

#include <cstdio>

namespace u8cli {
namespace {

// U+ or 0x, then anything: meant as a code point, so never taken for its characters.
bool looksLikeNotation(std::string_view arg) {
    return arg.size() > 2 && (arg.starts_with("U+") || arg.starts_with("u+") ||
                              arg.starts_with("0x") || arg.starts_with("0X"));
}

// Capitals, digits, spaces and hyphens, a letter among them ("EURO SIGN", "NO-BREAK SPACE"):
// meant as a name, so never taken for its characters either.
bool looksLikeName(std::string_view arg) {
    bool letter = false;
    for (const char c : arg) {
        if (c >= 'A' && c <= 'Z')
            letter = true;
        else if (!(c >= '0' && c <= '9') && c != ' ' && c != '-')
            return false;
    }
    return arg.size() > 1 && letter;
}

} // namespace

int runEncode(const Arguments& parsed) {
    if (parsed.positional.empty())
        return usageError("encode", "nothing to encode (" + usageOf(kEncodeCommand) + ")");
    // Collect the values first: a usage error prints nothing else.
    std::vector<char32_t> values;
    for (const std::string& arg : parsed.positional) {
        if (const auto cp = u8codec::parseCodePointNotation(arg)) {
            values.push_back(*cp);
            continue;
        }
        // A name ("EURO SIGN") when the argument is one; else its characters, each in turn.
        if (const auto cp = u8convert::codePointFromName(arg); cp && arg.size() > 1) {
            values.push_back(*cp);
            continue;
        }
        if (looksLikeNotation(arg))
            return usageError("encode", "'" + arg +
                                            "' is not a code point (U+XXXX or 0xXXXX, at most "
                                            "eight hex digits)");
        if (looksLikeName(arg))
            return usageError("encode", "no character is named '" + arg +
                                            "' (to encode its letters one by one, give them "
                                            "apart or in lower case)");
        // Literal characters, as UTF-8 (the terminal's encoding).
        const auto bytes = std::span<const std::uint8_t>(
            reinterpret_cast<const std::uint8_t*>(arg.data()), arg.size());
        for (const auto& s : u8codec::segment(bytes)) {
            if (!s.isValid())
                return usageError("encode", "'" + arg +
                                                "' is not valid UTF-8 (to look at bytes, "
                                                "use: u8scope-cli explain HEX...)");
            values.push_back(s.codePoint);
        }
        if (arg.empty())
            return usageError("encode", "an empty argument has no character to encode");
    }
    bool allEncodable = true;
    std::string text;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i)
            text += "\n";
        allEncodable = explainEncoding(values[i], text) && allEncodable;
    }
    writeOut(text.c_str());
    return allEncodable ? kExitOk : kExitInvalid;
}

namespace {

constexpr ExitStatus kExitStatuses[] = {
    {0, "every value is a code point UTF-8 encodes"},
    {1, "a value is a surrogate or beyond U+10FFFF: why UTF-8 refuses it is explained"},
    {2, "a usage error: an argument that is not valid UTF-8, a U+XXXX or 0xXXXX that is no "
        "number, or a name in capitals no character has"},
};

constexpr Example kExamples[] = {
    {"encode U+20AC", "E2 82 AC, bit by bit"},
    {"encode 'é' U+1F600 0xD800", "each in turn; the surrogate is refused"},
    {"encode 'GREEK SMALL LETTER ALPHA'", "a character by its name"},
};

} // namespace

const CommandSpec kEncodeCommand{
    .name = "encode",
    .summary = "how a code point is encoded in UTF-8, bit by bit",
    .operands = "CHAR|U+XXXX|NAME...",
    .operandKind = OperandKind::Words,
    .description =
        "How each code point is encoded in UTF-8, in the words of RFC 3629 section "
        "3: its bits, how many bytes it takes and where each bit goes, then its UTF-16 and "
        "UTF-32 forms. A value is written as U+XXXX or 0xXXXX, as the character itself, "
        "or as its Unicode name ('EURO SIGN').",
    .exitStatuses = kExitStatuses,
    .examples = kExamples,
    .run = runEncode,
};

} // namespace u8cli
