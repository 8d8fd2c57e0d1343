// Command-line options of one u8scope-cli command: `--name=value`, `--name value`, `-o value`,
// flags, and positional arguments ("-" is a positional: standard input). "--" ends the options.
#pragma once

#include "commands.h"

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8cli {

struct OptionSpec {
    std::string_view name; // long name without dashes ("max-errors"), or one letter ("o")
    bool takesValue = false;
    // With takesValue: the value is given only as `--name=value`, and a bare `--name` is a flag
    // (`--mojibake` and `--mojibake=cp1252`), so the next argument is never taken as its value.
    bool valueOnlyInline = false;
};

struct Arguments {
    std::map<std::string, std::string, std::less<>> values; // options given with a value
    std::vector<std::string> flags;                         // options given without a value
    std::vector<std::string> positional;

    bool has(std::string_view flag) const;
    const std::string* value(std::string_view option) const;
};

// Parses `args` against `specs`. On a malformed or unknown option, prints
// "u8scope-cli COMMAND: reason" on stderr and returns nullopt (the caller exits with kExitUsage).
std::optional<Arguments> parseArguments(std::string_view command, Args args,
                                        std::span<const OptionSpec> specs);

// Prints "u8scope-cli COMMAND: message" on stderr and returns kExitUsage.
int usageError(std::string_view command, std::string_view message);

} // namespace u8cli
