// The CLI's argument parser (app/cli/arguments.cpp) on any command line: the data's first byte
// picks the command, the rest are its arguments, split at NUL bytes. What it parses names only
// options the command has, each as it is meant (a value for an option that takes one, a flag
// for one that does not); and written out again in one canonical form (--name=VALUE, --name,
// then -- and the operands) it parses to the very same.
#include "arguments.h"
#include "fuzz_checks.h"

#include <cstdio>
#include <fcntl.h>
#include <string_view>
#include <unistd.h>
#include <vector>

namespace u8fuzz {
namespace {

using u8cli::Arguments;
using u8cli::OptionSpec;
using u8cli::ParseOutcome;

const OptionSpec* optionNamed(const u8cli::CommandSpec& command, std::string_view name) {
    for (const std::span<const OptionSpec> table : {command.options, u8cli::commonOptions()})
        for (const OptionSpec& o : table)
            if (o.name == name)
                return &o;
    return nullptr;
}

// The parser's messages on standard error are not wanted thousands of times a second: they go
// to /dev/null for the call (a crash still leaves libFuzzer's artifact behind).
ParseOutcome quietly(const u8cli::CommandSpec& command, u8cli::Args args) {
    static const int devNull = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    const int saved = devNull >= 0 ? ::dup(STDERR_FILENO) : -1;
    if (saved >= 0)
        ::dup2(devNull, STDERR_FILENO);
    ParseOutcome outcome = u8cli::parseArguments(command, args);
    if (saved >= 0) {
        std::fflush(stderr);
        ::dup2(saved, STDERR_FILENO);
        ::close(saved);
    }
    return outcome;
}

std::vector<std::string> canonical(const Arguments& a) {
    std::vector<std::string> line;
    for (const auto& [name, value] : a.values)
        line.push_back("--" + name + "=" + value);
    for (const std::string& flag : a.flags)
        line.push_back("--" + flag);
    line.emplace_back("--");
    line.insert(line.end(), a.positional.begin(), a.positional.end());
    return line;
}

} // namespace

std::string checkArguments(std::span<const std::uint8_t> data) {
    if (data.empty())
        return {};
    const auto commands = u8cli::allCommands();
    const u8cli::CommandSpec& command = *commands[data[0] % commands.size()];
    std::vector<std::string> args;
    const std::string_view rest(reinterpret_cast<const char*>(data.data()) + 1, data.size() - 1);
    for (std::size_t at = 0; at <= rest.size() && args.size() < 64;) {
        const auto nul = std::min(rest.find('\0', at), rest.size());
        args.emplace_back(rest.substr(at, nul - at));
        at = nul + 1;
    }
    const ParseOutcome outcome = quietly(command, args);
    if (outcome.action != ParseOutcome::Action::Run)
        return {};
    const Arguments& parsed = outcome.arguments;
    if (parsed.positional.size() > args.size())
        return "more operands than arguments";
    for (const auto& [name, value] : parsed.values) {
        const OptionSpec* o = optionNamed(command, name);
        if (!o || !o->takesValue())
            return "a value for '" + name + "', which takes none";
    }
    for (const std::string& flag : parsed.flags) {
        const OptionSpec* o = optionNamed(command, flag);
        if (!o || (o->takesValue() && !o->valueOnlyInline))
            return "'" + flag + "' as a flag, which needs a value";
    }
    const ParseOutcome again = quietly(command, canonical(parsed));
    if (again.action != ParseOutcome::Action::Run || again.arguments.values != parsed.values ||
        again.arguments.flags != parsed.flags || again.arguments.positional != parsed.positional)
        return "the canonical form of the command line parses to something else";
    return {};
}

} // namespace u8fuzz
