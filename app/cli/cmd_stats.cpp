// `stats [--json] [--graphemes] FILE...`: the summary of each file (characters by length, errors
// by kind, lines and line endings, BOM), computed by the codec's vectorised Scanner in constant
// memory, a file on every core (input_scan.h); with --graphemes also its grapheme clusters
// (UAX #29), which take a pass of their own at decoder speed.
#include "arguments.h"
#include "commands.h"
#include "help_text.h"
#include "input.h"
#include "input_scan.h"
#include "standard_output.h"
#include "u8codec/json_string.h"
#include "u8codec/scan.h"
#include "u8convert/graphemes.h"

#include <cstdio>
#include <optional>

namespace u8cli {
namespace {

constexpr OptionSpec kOptions[] = {
    {.name = "json", .help = "one JSON object a line: {\"file\":...,\"summary\":{...}}"},
    {.name = "graphemes",
     .help = "also count grapheme clusters (UAX #29: what a reader takes for one character, "
             "e + U+0301 or an emoji sequence); a second pass over FILE, at about 0.1 GB/s "
             "where the text is not ASCII. A cluster longer than 1 MiB (a base and a million "
             "marks) is counted without being held, and said"},
};

constexpr ExitStatus kExitStatuses[] = {
    {0, "every FILE was read (valid or not: that is `check`)"},
    {2, "a usage error, or a FILE could not be read"},
};

constexpr Example kExamples[] = {
    {"stats notes.txt", "characters by length, errors by kind, lines by ending, BOM"},
    {"stats --json *.txt", "the same for each file, for a script"},
    {"stats --graphemes poem.txt", "also the characters a reader sees (grapheme clusters)"},
};

std::string plural(std::uint64_t n, const char* noun) {
    return std::to_string(n) + ' ' + noun + (n == 1 ? "" : "s");
}

// The summary and the grapheme clusters (GraphemeCounter) of the input: a file is read twice (the
// summary on every core first), standard input once for both.
// The grapheme clusters, and of them those too long to be held (GraphemeCounter::kMaxStretch).
struct GraphemeCount {
    std::uint64_t clusters = 0;
    std::uint64_t tooLong = 0;
};

bool summarizeWithGraphemes(const Input& input, u8codec::ScanSummary& summary,
                            GraphemeCount& graphemes, std::string& error) {
    const bool twice = input.file() != nullptr;
    if (twice && !summarizeInput(input, summary, error))
        return false;
    u8codec::Scanner scanner;
    u8convert::GraphemeCounter counter;
    const bool read = input.forEachChunk(
        [&](std::span<const std::uint8_t> chunk) {
            if (!twice)
                scanner.feed(chunk);
            counter.feed(chunk);
            return true;
        },
        error);
    graphemes.clusters = counter.finish();
    graphemes.tooLong = counter.longClusters();
    if (!twice) {
        scanner.finish();
        summary = scanner.summary();
    }
    return read;
}

void printReadable(const std::string& name, const u8codec::ScanSummary& s,
                   const std::optional<GraphemeCount>& graphemes) {
    printOut("%s: %s\n", name.c_str(), s.valid() ? "valid UTF-8" : "not valid UTF-8");
    printOut("  bytes        %llu\n", static_cast<unsigned long long>(s.bytes));
    printOut("  characters   %llu  (1-byte %llu, 2-byte %llu, 3-byte %llu, 4-byte %llu)\n",
             static_cast<unsigned long long>(s.characters),
             static_cast<unsigned long long>(s.byLength[1]),
             static_cast<unsigned long long>(s.byLength[2]),
             static_cast<unsigned long long>(s.byLength[3]),
             static_cast<unsigned long long>(s.byLength[4]));
    if (graphemes)
        printOut("  graphemes    %llu  (grapheme clusters, UAX #29%s%s)\n",
                 static_cast<unsigned long long>(graphemes->clusters),
                 graphemes->tooLong ? "; longer than 1 MiB, counted without being held: " : "",
                 graphemes->tooLong ? std::to_string(graphemes->tooLong).c_str() : "");
    std::string errors;
    for (int k = 1; k < u8codec::kErrorKindCount; ++k) {
        const auto n = s.errors[std::size_t(k)];
        if (n == 0)
            continue;
        if (!errors.empty())
            errors += ", ";
        errors += std::string(u8codec::name(u8codec::ErrorKind(k))) + ' ' + std::to_string(n);
    }
    printOut("  errors       %s%s%s%s\n", plural(s.errorSegments(), "error segment").c_str(),
             errors.empty() ? "" : "  (", errors.c_str(), errors.empty() ? "" : ")");
    printOut("  lines        %llu  (LF %llu, CRLF %llu, CR %llu)\n",
             static_cast<unsigned long long>(s.lines),
             static_cast<unsigned long long>(s.lineFeeds - s.crlf),
             static_cast<unsigned long long>(s.crlf),
             static_cast<unsigned long long>(s.carriageReturns - s.crlf));
    printOut("  BOM          %s\n", s.bom ? "yes (EF BB BF)" : "no");
}

} // namespace

int runStats(const Arguments& parsed) {
    if (parsed.positional.empty())
        return usageError("stats", "no FILE given (" + usageOf(kStatsCommand) + ")");
    const bool json = parsed.has("json");
    bool anyUnreadable = false;
    for (const std::string& path : parsed.positional) {
        std::string error;
        const auto input = Input::open(path, error);
        u8codec::ScanSummary summary;
        std::optional<GraphemeCount> graphemes;
        bool read = false;
        if (input && parsed.has("graphemes"))
            read = summarizeWithGraphemes(*input, summary, graphemes.emplace(), error);
        else if (input)
            read = summarizeInput(*input, summary, error);
        if (read) {
            std::string object = summary.toJson();
            if (graphemes) // {"bytes":...} gains "graphemes" beside "characters"
                object.insert(object.size() - 1,
                              ",\"graphemes\":" + std::to_string(graphemes->clusters) +
                                  (graphemes->tooLong ? ",\"graphemes_over_1mib\":" +
                                                            std::to_string(graphemes->tooLong)
                                                      : std::string()));
            if (json)
                printOut("{\"file\":%s,\"summary\":%s}\n",
                         u8codec::jsonString(input->name()).c_str(), object.c_str());
            else
                printReadable(input->displayName(), summary, graphemes);
        } else {
            std::fprintf(stderr, "u8scope-cli stats: %s\n", error.c_str());
            anyUnreadable = true;
        }
        std::fflush(stdout);
        if (outputFailed())
            return kExitUsage; // main() says why
    }
    // A report, not a verdict (that is `check`): 0 unless a file could not be read.
    return anyUnreadable ? kExitUsage : kExitOk;
}

const CommandSpec kStatsCommand{
    .name = "stats",
    .summary = "counts of characters, errors, lines and line endings",
    .operands = "FILE...",
    .description = "The summary of each FILE: bytes, characters by encoded length, error "
                   "segments by kind, lines by ending (LF, CRLF, CR), and whether it starts with "
                   "a byte order mark. Computed by the vectorised scan in constant memory, a file "
                   "on every core.",
    .options = kOptions,
    .exitStatuses = kExitStatuses,
    .examples = kExamples,
    .run = runStats,
};

} // namespace u8cli
