// `scan [--json] [--all] FILE`: the segments, in order. With --json, JSON Lines: one object per
// error segment (and, with --all, per character), then {"summary":{...}}.
#include "arguments.h"
#include "atomic_output.h"
#include "commands.h"
#include "input.h"
#include "u8codec/scan.h"
#include "u8codec/segmenter.h"

#include <cstdio>

namespace u8cli {
namespace {

constexpr OptionSpec kOptions[] = {{"json", false}, {"all", false}};

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

int runScan(Args args) {
    const auto parsed = parseArguments("scan", args, kOptions);
    if (!parsed)
        return kExitUsage;
    if (parsed->positional.size() != 1)
        return usageError("scan", "needs exactly one FILE (usage: scan --json [--all] FILE)");
    const bool json = parsed->has("json");
    const bool all = parsed->has("all");
    std::string error;
    const auto input = Input::open(parsed->positional.front(), error);
    if (!input)
        return usageError("scan", error);
    const auto out = u8io::AtomicOutput::create("-", error);

    u8codec::Segmenter segmenter;
    u8codec::Scanner scanner;
    std::string line;
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
        out->write(line);
    };
    const bool read = input->forEachChunk(
        [&](std::span<const std::uint8_t> chunk) {
            segmenter.feed(chunk, onSegment);
            scanner.feed(chunk);
            return true;
        },
        error);
    if (!read)
        return usageError("scan", error);
    segmenter.finish(onSegment);
    scanner.finish();
    const u8codec::ScanSummary& summary = scanner.summary();
    if (json) {
        out->write("{\"summary\":" + summary.toJson() + "}\n");
    } else {
        out->write(std::to_string(summary.errorSegments()) + " error segment" +
                   (summary.errorSegments() == 1 ? "" : "s") + " in " +
                   std::to_string(summary.bytes) + " bytes\n");
    }
    if (!out->commit(error))
        return usageError("scan", error);
    return kExitOk; // a report: `check` is the command whose status says valid or not
}

} // namespace u8cli
