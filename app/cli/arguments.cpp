#include "arguments.h"

#include "did_you_mean.h"

#include <algorithm>
#include <cstdio>
#include <optional>

namespace u8cli {
namespace {

// The option `name` (a long name, or one letter when `isLetter`) in the command's table or the
// common options.
const OptionSpec* findOption(const CommandSpec& command, std::string_view name, bool isLetter) {
    for (const std::span<const OptionSpec> table : {command.options, commonOptions()})
        for (const OptionSpec& o : table)
            if (isLetter ? (o.letter != 0 && name.size() == 1 && o.letter == name[0])
                         : o.name == name)
                return &o;
    return nullptr;
}

std::string unknownOptionMessage(const CommandSpec& command, const std::string& arg,
                                 std::string_view name, bool isLetter) {
    std::string message = "unknown option '" + arg + "'";
    if (!isLetter) {
        std::vector<std::string> known;
        for (const std::span<const OptionSpec> table : {command.options, commonOptions()})
            for (const OptionSpec& o : table)
                known.emplace_back(o.name);
        if (const auto near = closestMatch(name, known))
            message += "; did you mean '--" + *near + "'?";
    }
    return message + " (u8scope-cli " + std::string(command.name) + " --help lists the options)";
}

} // namespace

bool Arguments::has(std::string_view option) const {
    return std::find(flags.begin(), flags.end(), option) != flags.end() ||
           values.find(option) != values.end();
}

const std::string* Arguments::value(std::string_view option) const {
    const auto it = values.find(option);
    return it == values.end() ? nullptr : &it->second;
}

std::string unknownValue(std::span<const OptionSpec> table, std::string_view option,
                         std::string_view what, std::string_view value) {
    std::string message = "unknown " + std::string(what) + " '" + std::string(value) + "'";
    const auto spec = std::find_if(table.begin(), table.end(),
                                   [&](const OptionSpec& o) { return o.name == option; });
    if (spec == table.end())
        return message;
    const std::vector<std::string> names = valueNames(*spec);
    for (std::size_t i = 0; i < names.size(); ++i)
        message += (i == 0 ? " (" : i + 1 == names.size() ? " or " : ", ") + names[i];
    if (!names.empty())
        message += ')';
    if (const auto near = closestMatch(value, names))
        message += "; did you mean '" + *near + "'?";
    return message;
}

int usageError(std::string_view command, std::string_view message) {
    // A file name in the message may hold controls (an ESC, a newline): shown as \xHH, so that
    // the message stays one line and acts on no terminal (shown_name.h does the same for names
    // in text output).
    std::string shown;
    for (const char c : message) {
        const auto b = static_cast<unsigned char>(c);
        if (b < 0x20 || b == 0x7F) {
            char hex[5];
            std::snprintf(hex, sizeof hex, "\\x%02X", unsigned(b));
            shown += hex;
        } else {
            shown += c;
        }
    }
    std::fprintf(stderr, "u8scope-cli %.*s: %s\n", int(command.size()), command.data(),
                 shown.c_str());
    return kExitUsage;
}

ParseOutcome parseArguments(const CommandSpec& command, Args args) {
    ParseOutcome outcome;
    Arguments& parsed = outcome.arguments;
    // The first mistake is reported only once the whole line was read: -h or --version anywhere
    // in it wins, so that `repair --in-plase --help` shows the help.
    std::optional<std::string> mistake;
    const auto note = [&](std::string message) {
        if (!mistake)
            mistake = std::move(message);
    };
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
        const OptionSpec* spec = findOption(command, name, isShort);
        if (!spec) {
            note(unknownOptionMessage(command, arg, name, isShort));
            continue;
        }
        if (spec->name == "help" || spec->name == "version") {
            outcome.action =
                spec->name == "help" ? ParseOutcome::Action::Help : ParseOutcome::Action::Version;
            return outcome;
        }
        const std::string key(spec->name);
        if (!spec->takesValue() || (spec->valueOnlyInline && !inlineValue)) {
            if (inlineValue)
                note("option '--" + key + "' takes no value");
            else
                parsed.flags.push_back(key);
            continue;
        }
        if (!inlineValue) {
            if (i + 1 >= args.size()) {
                note("option '" + arg + "' needs a value");
                continue;
            }
            inlineValue = args[++i];
        }
        parsed.values[key] = *inlineValue;
    }
    if (mistake) {
        usageError(command.name, *mistake);
        outcome.action = ParseOutcome::Action::Error;
    }
    return outcome;
}

} // namespace u8cli
