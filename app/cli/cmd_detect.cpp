// `detect [--json] FILE`: ranked guesses of the encoding with a confidence, and for valid UTF-8
// whether it reads like mojibake and which repair fixes it. Reads at most the first 4 MiB.
#include "arguments.h"
#include "commands.h"
#include "detect_report.h"
#include "input.h"
#include "u8codec/aligned_buffer.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

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
    // The first kExamined bytes, and one more if the input has it: that byte tells
    // detectEncoding that the window was cut (its value is set to 0, as it is not examined).
    u8codec::AlignedBuffer window(kExamined + 1);
    std::size_t got = 0;
    if (const u8codec::FileSource* file = input->file()) {
        got = file->read(0, window.span()); // straight into the window: no chunk loop, no copy
    } else if (!input->forEachChunk(
                   [&](std::span<const std::uint8_t> chunk) {
                       const std::size_t take = std::min(chunk.size(), window.size() - got);
                       std::memcpy(window.data() + got, chunk.data(), take);
                       got += take;
                       return got < window.size();
                   },
                   error)) {
        return usageError("detect", error);
    }
    const std::size_t limit = std::min(got, kExamined);
    if (got > kExamined)
        window[kExamined] = 0;
    window.resize(got);
    const u8codec::Detection d = u8codec::detectEncoding(window.span(), limit);
    if (parsed->has("json"))
        std::printf("%s\n", detectionJson(d).c_str());
    else
        std::printf("%s:\n%s", input->displayName().c_str(), detectionText(d).c_str());
    return kExitOk;
}

} // namespace u8cli
