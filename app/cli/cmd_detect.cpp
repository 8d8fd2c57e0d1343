// `detect [--json] FILE`: ranked guesses of the encoding with a confidence, and for valid UTF-8
// whether it reads like mojibake and which repair fixes it. Reads at most the first 4 MiB.
#include "arguments.h"
#include "commands.h"
#include "detect_report.h"
#include "help_text.h"
#include "input.h"
#include "standard_output.h"
#include "u8codec/aligned_buffer.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace u8cli {
namespace {

constexpr OptionSpec kOptions[] = {
    {.name = "json", .help = "one JSON object: the guesses with their confidence, and the repair"},
};

constexpr ExitStatus kExitStatuses[] = {
    {0, "the guesses were printed"},
    {2, "a usage error, or FILE could not be read"},
};

constexpr Example kExamples[] = {
    {"detect old.txt", "ranked guesses: windows-1252, ISO-8859-2, ..."},
    {"detect --json page.html", "the same as JSON, with the repair for UTF-8 mojibake"},
};
constexpr std::size_t kExamined = std::size_t(4) << 20;

} // namespace

int runDetect(const Arguments& parsed) {
    if (parsed.positional.size() != 1)
        return usageError("detect", "needs exactly one FILE (" + usageOf(kDetectCommand) + ")");
    std::string error;
    const auto input = Input::open(parsed.positional.front(), error);
    if (!input)
        return usageError("detect", error);
    // The first kExamined bytes, and one more if the input has it: that byte tells
    // detectEncoding that the window was cut (its value is set to 0, as it is not examined).
    u8codec::AlignedBuffer window(kExamined + 1);
    std::size_t got = 0;
    if (const u8codec::FileSource* file = input->file()) {
        got = file->read(0, window.span()); // straight into the window: no chunk loop, no copy
        if (input->readFailed(error))
            return usageError("detect", error);
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
    const u8convert::Detection d = u8convert::detectEncoding(window.span(), limit);
    if (parsed.has("json"))
        printOut("%s\n", detectionJson(d).c_str());
    else
        printOut("%s:\n%s", input->displayName().c_str(), detectionText(d).c_str());
    return kExitOk;
}

const CommandSpec kDetectCommand{
    .name = "detect",
    .summary = "guess the encoding of a file",
    .operands = "FILE",
    .description = "Ranked guesses of the encoding of FILE, each with a confidence, from its "
                   "first 4 MiB. For valid UTF-8, also whether it reads like mojibake (text "
                   "encoded twice) and which `repair --mojibake` fixes it.",
    .options = kOptions,
    .exitStatuses = kExitStatuses,
    .examples = kExamples,
    .run = runDetect,
};

} // namespace u8cli
