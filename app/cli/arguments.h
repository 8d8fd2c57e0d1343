// Command-line options of one u8scope-cli command, parsed against its table (option_table.h):
// `--name=value`, `--name value`, `-o value`, flags, and positional arguments ("-" is a
// positional: standard input). "--" ends the options. An option is stored under its long name
// whichever spelling was used (`-o` and `--output` are both "output").
#pragma once

#include "commands.h"
#include "option_table.h"

#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8cli {

struct Arguments {
    std::map<std::string, std::string, std::less<>> values; // options given with a value
    std::vector<std::string> flags;                         // options given without a value
    std::vector<std::string> positional;

    bool has(std::string_view option) const;
    const std::string* value(std::string_view option) const;
};

struct ParseOutcome {
    enum class Action { Run, Help, Version, Error } action = Action::Run;
    Arguments arguments; // for Run
};

// Parses `args` against the command's options and commonOptions(). -h/--help and --version
// anywhere before "--" give Help or Version, whatever else is wrong. Otherwise, on a malformed or
// unknown option, prints "u8scope-cli COMMAND: reason" for the first on stderr, with the closest
// known option for a misspelt one, and gives Error (the caller exits with kExitUsage).
ParseOutcome parseArguments(const CommandSpec& command, Args args);

// The message for a value the option `option` of `table` does not take: "unknown WHAT 'VALUE'
// (a, b or c)", its choices as the table lists them, then "; did you mean 'b'?" when one is
// close to VALUE.
std::string unknownValue(std::span<const OptionSpec> table, std::string_view option,
                         std::string_view what, std::string_view value);

// Prints "u8scope-cli COMMAND: message" on stderr and returns kExitUsage.
int usageError(std::string_view command, std::string_view message);

} // namespace u8cli
