#include "completion.h"

#include "option_table.h"

#include <cstdio>

namespace u8cli {

bool writeCompletion(const std::string& shell) {
    if (shell == "bash") {
        std::fputs(bashCompletion().c_str(), stdout);
        return true;
    }
    if (shell == "zsh") {
        std::fputs(zshCompletion().c_str(), stdout);
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
                std::printf("%.*s -%c\n", int(scope.size()), scope.data(), o.letter);
            std::string line = std::string(scope) + " " + longForm(o);
            for (const std::string& value : valueNames(o))
                line += " " + value;
            std::puts(line.c_str());
        }
    };
    list("-", topLevelOptions());
    for (const CommandSpec* c : allCommands()) {
        list(c->name, c->options);
        list(c->name, commonOptions());
    }
}

} // namespace u8cli
