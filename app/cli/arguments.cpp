#include "arguments.h"

#include <algorithm>
#include <cstdio>

namespace u8cli {

bool Arguments::has(std::string_view flag) const {
    return std::find(flags.begin(), flags.end(), flag) != flags.end() ||
           values.find(flag) != values.end();
}

const std::string* Arguments::value(std::string_view option) const {
    const auto it = values.find(option);
    return it == values.end() ? nullptr : &it->second;
}

int usageError(std::string_view command, std::string_view message) {
    std::fprintf(stderr, "u8scope-cli %.*s: %.*s\n", int(command.size()), command.data(),
                 int(message.size()), message.data());
    return kExitUsage;
}

std::optional<Arguments> parseArguments(std::string_view command, Args args,
                                        std::span<const OptionSpec> specs) {
    Arguments parsed;
    bool optionsEnded = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        const bool isLong = arg.size() > 2 && arg.starts_with("--");
        const bool isShort = arg.size() == 2 && arg[0] == '-' && arg[1] != '-';
        if (optionsEnded || (!isLong && !isShort)) {
            if (arg == "--" && !optionsEnded) {
                optionsEnded = true;
                continue;
            }
            parsed.positional.push_back(arg);
            continue;
        }
        std::string name = arg.substr(isLong ? 2 : 1);
        std::optional<std::string> inlineValue;
        if (const auto eq = name.find('='); isLong && eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name.resize(eq);
        }
        const auto spec = std::find_if(specs.begin(), specs.end(),
                                       [&](const OptionSpec& s) { return s.name == name; });
        if (spec == specs.end()) {
            usageError(command, "unknown option '" + arg + "' (try u8scope-cli --help)");
            return std::nullopt;
        }
        if (!spec->takesValue || (spec->valueOnlyInline && !inlineValue)) {
            if (inlineValue) {
                usageError(command, "option '--" + name + "' takes no value");
                return std::nullopt;
            }
            parsed.flags.push_back(name);
            continue;
        }
        if (!inlineValue) {
            if (i + 1 >= args.size()) {
                usageError(command, "option '" + arg + "' needs a value");
                return std::nullopt;
            }
            inlineValue = args[++i];
        }
        parsed.values[name] = *inlineValue;
    }
    return parsed;
}

} // namespace u8cli
