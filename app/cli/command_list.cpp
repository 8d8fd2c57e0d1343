// The commands in the order the help and the manual list them, and the options that are not any
// one command's.
#include "commands.h"
#include "option_table.h"

#include <algorithm>
#include <array>

namespace u8cli {
namespace {

constexpr std::array<const CommandSpec*, 12> kCommands = {
    &kCheckCommand,     &kScanCommand,   &kDecodeCommand,  &kStatsCommand,
    &kDumpCommand,      &kEncodeCommand, &kExplainCommand, &kRepairCommand,
    &kTranscodeCommand, &kDetectCommand, &kCompareCommand, &kAuditCommand,
};

constexpr OptionSpec kHelp{
    .name = "help", .letter = 'h', .help = "print the usage, options and examples, and exit"};
constexpr OptionSpec kVersion{.name = "version", .help = "print the version, and exit"};

constexpr OptionSpec kCommonOptions[] = {kHelp, kVersion};

constexpr OptionSpec kTopLevelOptions[] = {
    kHelp,
    kVersion,
    {.name = "list-encodings",
     .help = "print the names of the encodings `transcode --from` and `--to` take (the name "
             "people know each by; ICU knows many more aliases), one a line, and exit"},
};

constexpr ExitStatus kGeneralExitStatuses[] = {
    {0, "success: for `check` every file is valid UTF-8, for `audit` nothing was found, for "
        "`compare` the files hold the same bytes"},
    {1, "the input is not valid (check, decode --errors=strict, encode, explain), has findings "
        "(audit), the files differ (compare), or the command refused to write a result that "
        "would lose or invent text (repair, transcode); nothing was written"},
    {2, "a usage error (an unknown command or option, a bad value, a missing FILE), or a file "
        "could not be read or written"},
};

} // namespace

std::span<const CommandSpec* const> allCommands() noexcept {
    return kCommands;
}

const CommandSpec* findCommand(std::string_view name) noexcept {
    const auto it = std::find_if(kCommands.begin(), kCommands.end(),
                                 [&](const CommandSpec* c) { return c->name == name; });
    return it == kCommands.end() ? nullptr : *it;
}

std::span<const OptionSpec> commonOptions() noexcept {
    return kCommonOptions;
}
std::span<const OptionSpec> topLevelOptions() noexcept {
    return kTopLevelOptions;
}
std::span<const ExitStatus> generalExitStatuses() noexcept {
    return kGeneralExitStatuses;
}

std::string longForm(const OptionSpec& o) {
    return "--" + std::string(o.name);
}

std::string spellings(const OptionSpec& o) {
    std::string s;
    if (o.letter) {
        s += '-';
        s += o.letter;
        s += ", ";
    }
    return s + longForm(o);
}

std::vector<std::string> valueNames(const OptionSpec& o) {
    if (o.names)
        return o.names();
    std::vector<std::string> names;
    for (const Choice& c : o.choices)
        names.emplace_back(c.name);
    return names;
}

} // namespace u8cli
