// `explain HEX...`: what a byte sequence is. Each character is decoded bit by bit (RFC 3629
// section 3 in reverse); each problem is named and explained, with the bits a naive RFC 2279
// decoder would read, and why UTF-8 refuses them.
#include "arguments.h"
#include "bit_walkthrough.h"
#include "commands.h"
#include "standard_output.h"
#include "u8codec/byte_search.h"
#include "u8codec/decode_steps.h"
#include "u8codec/problem.h"
#include "u8codec/segmenter.h"

#include <cstdio>
#include <optional>
#include <vector>

namespace u8cli {
namespace {

// Each argument is a hex pattern as the window's Find takes it ("E2 82 AC", "E282AC", "e2,82,ac",
// "0xE2 0x82", "\xE2\x82\xAC"): one parser for both, u8codec::parseHexPattern.
u8codec::Result<std::vector<std::uint8_t>> parseHex(const std::vector<std::string>& args) {
    std::vector<std::uint8_t> bytes;
    for (const std::string& arg : args) {
        const auto pattern = u8codec::parseHexPattern(arg);
        if (!pattern.ok())
            return u8codec::Error{u8codec::ErrorCode::Invalid, "'" + arg + "' is not hex bytes (" +
                                                                   pattern.message() +
                                                                   "; write them like E2 82 AC)"};
        bytes.insert(bytes.end(), pattern->begin(), pattern->end());
    }
    if (bytes.empty())
        return u8codec::Error{u8codec::ErrorCode::Invalid,
                              "no bytes given (usage: explain HEX..., e.g. explain E2 82 AC)"};
    return bytes;
}

void explainCharacter(const u8codec::Segment& s, std::span<const std::uint8_t> bytes,
                      std::string& text) {
    text += u8codec::hexBytes(bytes) + ": a " + std::to_string(s.length) + "-byte character, " +
            u8codec::labelWithGlyph(s.codePoint) + "\n";
    if (const auto l = u8codec::layoutOfBytes(bytes)) {
        text += "  The lead byte's high bits say how many octets follow; each continuation byte "
                "starts with 10.\n  Dropping these marker bits leaves the payload, read as one "
                "number (RFC 3629 section 3):\n";
        text += renderBitRows(*l, "    ");
    }
}

void explainProblem(const u8codec::Problem& p, std::span<const std::uint8_t> all,
                    std::string& text) {
    const auto bytes = all.subspan(std::size_t(p.offset), std::size_t(p.length));
    text += u8codec::hexBytes(bytes, 64) + ": ";
    text += u8codec::name(p.kind);
    text += " (" + std::to_string(p.errorSegments) + " U+FFFD when decoded with replacement)\n  " +
            u8codec::explain(p) + "\n";
    // The sequences a naive RFC 2279 decoder would read in these bytes (two for a CESU-8 pair).
    std::string naive;
    for (const u8codec::BitLayout& l : u8codec::naiveSequences(bytes))
        naive += renderBitRows(l, "    ");
    if (!naive.empty())
        text += "  What a naive RFC 2279 decoder would read:\n" + naive;
}

} // namespace

int runExplain(const Arguments& parsed) {
    const auto bytes = parseHex(parsed.positional);
    if (!bytes.ok())
        return usageError("explain", bytes.message());
    const std::span<const std::uint8_t> all(*bytes);

    // Characters and problems, in byte order: problems group error segments, so walk the
    // segments and print each problem where its first segment is.
    std::vector<u8codec::Problem> problems;
    u8codec::ProblemScanner scanner;
    scanner.feed(all, [&](const u8codec::Problem& p) { problems.push_back(p); });
    scanner.finish([&](const u8codec::Problem& p) { problems.push_back(p); });

    std::string text;
    std::size_t next = 0;
    for (const auto& s : u8codec::segment(all)) {
        if (s.isValid()) {
            explainCharacter(s, all.subspan(std::size_t(s.offset), s.length), text);
            continue;
        }
        while (next < problems.size() && problems[next].offset <= s.offset) {
            if (problems[next].offset == s.offset)
                explainProblem(problems[next], all, text);
            ++next;
        }
    }
    if (problems.empty())
        text += "Valid UTF-8.\n";
    else
        text += "Not valid UTF-8: " + std::to_string(problems.size()) + " problem" +
                (problems.size() == 1 ? "" : "s") + ".\n";
    writeOut(text.c_str());
    return problems.empty() ? kExitOk : kExitInvalid;
}

namespace {

constexpr ExitStatus kExitStatuses[] = {
    {0, "the bytes are valid UTF-8"},
    {1, "the bytes are not valid UTF-8: each problem is named and explained"},
    {2, "a usage error (an argument that is not hex bytes)"},
};

constexpr Example kExamples[] = {
    {"explain E2 82 AC", "a 3-byte character, U+20AC EURO SIGN, bit by bit"},
    {"explain C0 AF", "an overlong encoding of '/', and why UTF-8 refuses it"},
};

} // namespace

const CommandSpec kExplainCommand{
    .name = "explain",
    .summary = "what a byte sequence is, or why it is refused",
    .operands = "HEX...",
    .operandKind = OperandKind::Words,
    .description = "What the bytes are: each character decoded bit by bit (RFC 3629 section 3 "
                   "in reverse), each problem named and explained with the bits a naive RFC 2279 "
                   "decoder would read. The bytes are written as the window's Find takes them: "
                   "E2 82 AC, E282AC, e2,82,ac, 0xE2 0x82 or \\xE2\\x82.",
    .exitStatuses = kExitStatuses,
    .examples = kExamples,
    .run = runExplain,
};

} // namespace u8cli
