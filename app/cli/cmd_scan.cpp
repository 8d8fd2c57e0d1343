// `scan [--json] [--all] FILE`: the segments, in order. With --json, JSON Lines: one object per
// error segment (and, with --all, per character), then {"summary":{...}}.
#include "arguments.h"
#include "atomic_output.h"
#include "commands.h"
#include "help_text.h"
#include "input.h"
#include "u8codec/scan.h"
#include "u8codec/segmenter.h"

#include <cstdio>

namespace u8cli {
namespace {

constexpr OptionSpec kOptions[] = {
    {.name = "json",
     .help = "JSON Lines: {\"offset\",\"length\",\"error\"} for each error segment (with --all "
             "{\"offset\",\"length\",\"cp\"} for each character too), then {\"summary\":{...}}; "
             "without it, tab-separated lines OFFSET LENGTH U+XXXX-or-KIND"},
    {.name = "all", .help = "list every character, not only the error segments"},
};

constexpr ExitStatus kExitStatuses[] = {
    {0, "the list was written (whether or not FILE is valid: that is `check`)"},
    {2, "a usage error, or FILE could not be read"},
};

constexpr Example kExamples[] = {
    {"scan --json data.bin", "where each error segment is, as JSON Lines"},
    {"scan --all notes.txt", "every character with its offset and length in bytes"},
};

void appendNumber(std::string& out, std::uint64_t n) {
    char digits[24];
    int i = 0;
    do {
        digits[i++] = char('0' + n % 10);
        n /= 10;
    } while (n != 0);
    while (i > 0)
        out += digits[--i];
}

void appendHex(std::string& out, std::uint64_t n, int minDigits) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    char digits[16];
    int i = 0;
    do {
        digits[i++] = kHex[n & 0xF];
        n >>= 4;
    } while (n != 0 || i < minDigits);
    while (i > 0)
        out += digits[--i];
}

} // namespace

int runScan(const Arguments& parsed) {
    if (parsed.positional.size() != 1)
        return usageError("scan", "needs exactly one FILE (" + usageOf(kScanCommand) + ")");
    const bool json = parsed.has("json");
    const bool all = parsed.has("all");
    std::string error;
    const auto input = Input::open(parsed.positional.front(), error);
    if (!input)
        return usageError("scan", error);
    // Standard output is written where it is: nothing to create, nothing that can fail.
    const auto out = std::move(u8io::AtomicOutput::create("-").value());

    u8codec::Segmenter segmenter;
    u8codec::Scanner scanner;
    std::string line;
    bool written = true; // false once a write failed: the output says why (writeFailure())
    const auto onSegment = [&](const u8codec::Segment& s) {
        if (s.isValid() && !all)
            return;
        line.clear();
        if (json) {
            line += "{\"offset\":";
            appendNumber(line, s.offset);
            line += ",\"length\":";
            appendNumber(line, s.length);
            if (s.isValid()) {
                line += ",\"cp\":";
                appendNumber(line, s.codePoint);
            } else {
                line += ",\"error\":\"";
                line += u8codec::name(s.error);
                line += '"';
            }
            line += "}\n";
        } else {
            appendNumber(line, s.offset);
            line += '\t';
            appendNumber(line, s.length);
            line += '\t';
            if (s.isValid()) {
                line += "U+";
                appendHex(line, s.codePoint, 4);
            } else {
                line += u8codec::name(s.error);
            }
            line += '\n';
        }
        written = written && out->write(line);
    };
    const bool read = input->forEachChunk(
        [&](std::span<const std::uint8_t> chunk) {
            segmenter.feed(chunk, onSegment);
            scanner.feed(chunk);
            return written; // a failed write stops the reading
        },
        error);
    if (!read)
        return usageError("scan", error);
    segmenter.finish(onSegment);
    scanner.finish();
    if (!written)
        return usageError("scan", out->writeFailure());
    const u8codec::ScanSummary& summary = scanner.summary();
    const std::string total = json ? "{\"summary\":" + summary.toJson() + "}\n"
                                   : std::to_string(summary.errorSegments()) + " error segment" +
                                         (summary.errorSegments() == 1 ? "" : "s") + " in " +
                                         std::to_string(summary.bytes) + " bytes\n";
    if (!out->write(total))
        return usageError("scan", out->writeFailure());
    if (const auto committed = out->commit(); !committed)
        return usageError("scan", committed.message());
    return kExitOk; // a report: `check` is the command whose status says valid or not
}

const CommandSpec kScanCommand{
    .name = "scan",
    .summary = "every error segment (and character) with its offset, as text or JSON Lines",
    .operands = "FILE",
    .description = "The segments of FILE in order: each error segment (a maximal subpart of an "
                   "ill-formed sequence, Unicode chapter 3) with its byte offset, length and "
                   "kind, and with --all every character with its code point. Ends with a "
                   "summary of the whole file.",
    .options = kOptions,
    .exitStatuses = kExitStatuses,
    .examples = kExamples,
    .run = runScan,
};

} // namespace u8cli
