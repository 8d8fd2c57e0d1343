// `encode CHAR...|U+XXXX...`: how each code point is encoded in UTF-8, bit by bit, in the words
// of RFC 3629 section 3. Values UTF-8 cannot encode are explained and give exit status 1.
#include "arguments.h"
#include "bit_walkthrough.h"
#include "commands.h"
#include "help_text.h"
#include "u8codec/segmenter.h"

#include <charconv>
#include <cstdio>
#include <optional>

namespace u8cli {
namespace {

// "U+20AC", "u+1f600", "0x20AC": a code point written as hex; nullopt for anything else.
std::optional<char32_t> parseCodePoint(const std::string& arg) {
    std::string_view digits;
    if (arg.size() > 2 && (arg[0] == 'U' || arg[0] == 'u') && arg[1] == '+')
        digits = std::string_view(arg).substr(2);
    else if (arg.size() > 2 && arg[0] == '0' && (arg[1] == 'x' || arg[1] == 'X'))
        digits = std::string_view(arg).substr(2);
    else
        return std::nullopt;
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value, 16);
    if (ec != std::errc() || end != digits.data() + digits.size() || value > 0x7FFFFFFF)
        return std::nullopt;
    return char32_t(value);
}

} // namespace

int runEncode(const Arguments& parsed) {
    if (parsed.positional.empty())
        return usageError("encode", "nothing to encode (" + usageOf(kEncodeCommand) + ")");
    // Collect the values first: a usage error prints nothing else.
    std::vector<char32_t> values;
    for (const std::string& arg : parsed.positional) {
        if (const auto cp = parseCodePoint(arg)) {
            values.push_back(*cp);
            continue;
        }
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
    std::fputs(text.c_str(), stdout);
    return allEncodable ? kExitOk : kExitInvalid;
}

namespace {

constexpr ExitStatus kExitStatuses[] = {
    {0, "every value is a code point UTF-8 encodes"},
    {1, "a value is a surrogate or beyond U+10FFFF: why UTF-8 refuses it is explained"},
    {2, "a usage error (an argument that is neither a character nor U+XXXX)"},
};

constexpr Example kExamples[] = {
    {"encode U+20AC", "E2 82 AC, bit by bit"},
    {"encode 'é' U+1F600 0xD800", "each in turn; the surrogate is refused"},
};

} // namespace

const CommandSpec kEncodeCommand{
    .name = "encode",
    .summary = "how a code point is encoded in UTF-8, bit by bit",
    .operands = "CHAR|U+XXXX...",
    .operandKind = OperandKind::Words,
    .description = "How each code point is encoded in UTF-8, in the words of RFC 3629 section "
                   "3: its bits, how many bytes it takes and where each bit goes. A value is "
                   "written as U+XXXX or 0xXXXX, or as the character itself.",
    .exitStatuses = kExitStatuses,
    .examples = kExamples,
    .run = runEncode,
};

} // namespace u8cli
