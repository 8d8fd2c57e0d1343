// u8scope-cli: the codec for scripts and CI. No command ever modifies its input unless told to
// with --in-place. Everything it takes is described in one table (option_table.h), from which
// its parser, its help, its manual page and its shell completions are derived.
#include "arguments.h"
#include "commands.h"
#include "completion.h"
#include "did_you_mean.h"
#include "help_text.h"
#include "man_page.h"
#include "out_of_memory.h"
#include "standard_output.h"
#include "temp_files_on_signal.h"
#include "u8convert/transcode.h"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

using namespace u8cli;

namespace {

int unknownCommand(const std::string& typed) {
    std::vector<std::string> names{"help"};
    for (const CommandSpec* c : allCommands())
        names.emplace_back(c->name);
    std::string message = "u8scope-cli: unknown command '" + typed + "'";
    if (const auto near = closestMatch(typed, names))
        message += "; did you mean '" + *near + "'?";
    std::fprintf(stderr, "%s (try u8scope-cli --help)\n", message.c_str());
    return kExitUsage;
}

int unknownTopLevelOption(const std::string& typed) {
    std::string message = "u8scope-cli: unknown option '" + typed + "'";
    if (typed.starts_with("--")) {
        std::vector<std::string> names;
        for (const OptionSpec& o : topLevelOptions())
            names.emplace_back(o.name);
        if (const auto near = closestMatch(std::string_view(typed).substr(2), names))
            message += "; did you mean '--" + *near + "'?";
    }
    std::fprintf(stderr, "%s (try u8scope-cli --help)\n", message.c_str());
    return kExitUsage;
}

// `help`, `help COMMAND`.
int help(const std::vector<std::string>& args) {
    if (args.empty()) {
        printGeneralHelp(stdout);
        return kExitOk;
    }
    if (args.size() > 1) {
        std::fputs("u8scope-cli help: takes one COMMAND (usage: u8scope-cli help COMMAND)\n",
                   stderr);
        return kExitUsage;
    }
    const CommandSpec* c = findCommand(args.front());
    if (!c)
        return unknownCommand(args.front());
    printCommandHelp(*c, stdout);
    return kExitOk;
}

// Hidden options that write files the build installs (they are not for people, so no help
// lists them): `--man TEMPLATE`, `--completion bash|zsh`, `--list-options`.
std::optional<int> generator(const std::string& option, const std::vector<std::string>& args) {
    if (option == "--man" && args.size() == 1)
        return writeManPage(args.front()) ? kExitOk : kExitUsage;
    if (option == "--completion" && args.size() == 1)
        return writeCompletion(args.front()) ? kExitOk : kExitUsage;
    if (option == "--list-options" && args.empty()) {
        writeOptionList();
        return kExitOk;
    }
    return std::nullopt;
}

// Everything main() does but the final flush of standard output. `name` is set to the
// command's, for the message should that flush fail.
int run(int argc, char** argv, std::string& name) {
    if (argc < 2) {
        printGeneralHelp(stderr);
        return kExitUsage;
    }
    const std::string first = argv[1];
    const std::vector<std::string> args(argv + 2, argv + argc);
    if (first == "--help" || first == "-h") {
        printGeneralHelp(stdout);
        return kExitOk;
    }
    if (first == "help")
        return help(args);
    if (first == "--version") {
        printVersion();
        return kExitOk;
    }
    if (first == "--list-encodings") {
        for (const std::string& name : u8convert::encodingNames())
            printOut("%s\n", name.c_str());
        return kExitOk;
    }
    if (const auto status = generator(first, args))
        return *status;
    if (first.starts_with("-"))
        return unknownTopLevelOption(first);
    const CommandSpec* command = findCommand(first);
    if (!command)
        return unknownCommand(first);
    name = command->name;
    reportOutOfMemoryAs(name);
    const ParseOutcome parsed = parseArguments(*command, args);
    switch (parsed.action) {
    case ParseOutcome::Action::Help:
        printCommandHelp(*command, stdout);
        return kExitOk;
    case ParseOutcome::Action::Version:
        printVersion();
        return kExitOk;
    case ParseOutcome::Action::Error:
        return kExitUsage;
    case ParseOutcome::Action::Run:
        break;
    }
    return command->run(parsed.arguments);
}

} // namespace

int main(int argc, char** argv) {
    // The program, not the library, owns the signals: an interrupted command leaves no
    // temporary file behind (temp_files_on_signal.h).
    u8io::removeTempFilesOnSignals();
    reportOutOfMemoryAs({});
    std::string name;
    const int status = run(argc, argv, name);
    return finishOutput(name, status);
}
