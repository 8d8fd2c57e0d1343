#include "completion.h"

#include "option_table.h"
#include "standard_output.h"

#include <cstdio>

namespace u8cli {

bool writeCompletion(const std::string& shell) {
    if (shell == "bash") {
        writeOut(bashCompletion());
        return true;
    }
    if (shell == "zsh") {
        writeOut(zshCompletion());
        return true;
    }
    std::fprintf(stderr, "u8scope-cli --completion: no completion for '%s' (bash or zsh)\n",
                 shell.c_str());
    return false;
}

void writeOptionList() {
    const auto list = [](std::string_view scope, std::span<const OptionSpec> options) {
        for (const OptionSpec& o : options) {
            if (o.letter)
                printOut("%.*s -%c\n", int(scope.size()), scope.data(), o.letter);
            std::string line = std::string(scope) + " " + longForm(o);
            for (const std::string& value : valueNames(o))
                line += " " + value;
            printOut("%s\n", line.c_str());
        }
    };
    list("-", topLevelOptions());
    for (const CommandSpec* c : allCommands()) {
        list(c->name, c->options);
        list(c->name, commonOptions());
    }
}

} // namespace u8cli
