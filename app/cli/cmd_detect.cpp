// `detect [--json] FILE`: ranked guesses of the encoding with a confidence, and for valid UTF-8
// whether it reads like mojibake and which repair fixes it. Reads at most the first 4 MiB.
#include "arguments.h"
#include "commands.h"
#include "detect_report.h"
#include "input.h"

#include <cstdio>

namespace u8cli {
namespace {

constexpr OptionSpec kOptions[] = {{"json", false}};
constexpr std::size_t kExamined = std::size_t(4) << 20;

} // namespace

int runDetect(Args args) {
    const auto parsed = parseArguments("detect", args, kOptions);
    if (!parsed)
        return kExitUsage;
    if (parsed->positional.size() != 1)
        return usageError("detect", "needs exactly one FILE (usage: detect [--json] FILE)");
    std::string error;
    const auto input = Input::open(parsed->positional.front(), error);
    if (!input)
        return usageError("detect", error);
    std::vector<std::uint8_t> head;
    bool more = false;
    const bool read = input->forEachChunk(
        [&](std::span<const std::uint8_t> chunk) {
            const std::size_t take = std::min(chunk.size(), kExamined - head.size());
            head.insert(head.end(), chunk.begin(), chunk.begin() + std::ptrdiff_t(take));
            more = take < chunk.size();
            return head.size() < kExamined;
        },
        error);
    if (!read)
        return usageError("detect", error);
    // One byte beyond the window tells detectEncoding that the window was cut.
    std::vector<std::uint8_t> window = head;
    std::size_t limit = window.size();
    if (more)
        window.push_back(0);
    const u8codec::Detection d = u8codec::detectEncoding(window, limit);
    if (parsed->has("json"))
        std::printf("%s\n", detectionJson(d).c_str());
    else
        std::printf("%s:\n%s", input->displayName().c_str(), detectionText(d).c_str());
    return kExitOk;
}

} // namespace u8cli
