// The zsh completion function _u8scope-cli (completion.h), for $fpath: _arguments specs with
// each option's help, its exclusions and its values.
#include "completion.h"
#include "option_table.h"

#include <algorithm>

namespace u8cli {
namespace {

// Text for inside a single-quoted _arguments spec: a quote closes and reopens the string, and
// brackets and colons, which end a description or a field, are escaped.
std::string quoted(std::string_view text) {
    std::string out;
    for (const char c : text) {
        if (c == '\'')
            out += "'\\''";
        else if (c == '[' || c == ']' || c == ':' || c == '\\')
            out += std::string("\\") + c;
        else
            out += c;
    }
    return out;
}

// The help up to its first ";" or " (": one line in the completion menu.
std::string shortHelp(std::string_view help) {
    const std::size_t end = std::min(help.find("; "), help.find(" ("));
    return quoted(help.substr(0, end));
}

std::string words(const std::vector<std::string>& names) {
    std::string s;
    for (const std::string& n : names) {
        if (!s.empty())
            s += ' ';
        s += quoted(n);
    }
    return s;
}

// ":message:action" for an option's value.
std::string valueSpec(const OptionSpec& o) {
    const std::string message = quoted(o.valueName);
    switch (o.kind) {
    case ValueKind::None:
        return {};
    case ValueKind::Number:
        return ":" + message + ": ";
    case ValueKind::Choice:
        return ":" + message + ":(" + words(valueNames(o)) + ")";
    case ValueKind::NameList:
        return std::string(o.valueOnlyInline ? "::" : ":") + message + ":_sequence compadd - " +
               words(valueNames(o));
    case ValueKind::Encoding:
        return ":" + message + ":_u8scope_cli_encodings";
    case ValueKind::File:
        return ":" + message + ":_files";
    }
    return {};
}

// One _arguments spec (two words with a letter, by brace expansion), between single quotes.
std::string optionSpec(const OptionSpec& o, std::span<const OptionSpec> table, bool endsAll) {
    std::string excluded;
    if (endsAll)
        excluded = "- *";
    else if (o.letter)
        excluded = std::string("-") + o.letter + " " + longForm(o);
    if (!o.group.empty() && !endsAll)
        for (const OptionSpec& m : table)
            if (m.group == o.group && m.name != o.name) {
                if (!excluded.empty())
                    excluded += ' ';
                if (m.letter)
                    excluded += std::string("-") + m.letter + " ";
                excluded += longForm(m);
            }
    const std::string exclusion = excluded.empty() ? "" : "(" + excluded + ")";
    const std::string suffix = o.kind == ValueKind::None ? "" : o.valueOnlyInline ? "=-" : "=";
    const std::string rest = "[" + shortHelp(o.help) + "]" + valueSpec(o) + "'";
    if (o.letter) // two specs by brace expansion: '(-o --output)'{-o,--output=}'[help]:OUT:_files'
        return "'" + exclusion + "'{-" + std::string(1, o.letter) + "," + longForm(o) + suffix +
               "}'" + rest;
    return "'" + exclusion + longForm(o) + suffix + rest;
}

std::string argumentsCall(std::string_view flags, std::span<const OptionSpec> options,
                          std::span<const OptionSpec> common, std::string_view operands,
                          std::string_view indent) {
    std::string call = "_arguments " + std::string(flags);
    for (const OptionSpec& o : options)
        call += " \\\n" + std::string(indent) + "  " + optionSpec(o, options, false);
    for (const OptionSpec& o : common)
        call += " \\\n" + std::string(indent) + "  " + optionSpec(o, common, true);
    if (!operands.empty())
        call += " \\\n" + std::string(indent) + "  " + std::string(operands);
    return call;
}

} // namespace

std::string zshCompletion() {
    std::string commandList = "    'help:print the usage, options and examples of a command'\n";
    std::string names = "help";
    std::string cases;
    for (const CommandSpec* c : allCommands()) {
        commandList += "    '" + quoted(c->name) + ":" + quoted(c->summary) + "'\n";
        names += ' ';
        names += c->name;
        const std::string operands = c->operandKind == OperandKind::Words
                                         ? "'*:" + quoted(c->operands) + ": '"
                                         : "'*:file:_files'";
        cases += "      (" + std::string(c->name) + ")\n        " +
                 argumentsCall("-S", c->options, commonOptions(), operands, "        ") +
                 " && ret=0\n        ;;\n";
    }
    const std::string top = argumentsCall("-C", {}, topLevelOptions(),
                                          "'1:command:->command' \\\n    "
                                          "'*::argument:->argument'",
                                          "  ");
    return "#compdef u8scope-cli\n"
           "# zsh completion for u8scope-cli. Written by `u8scope-cli --completion zsh` from the\n"
           "# program's option table: do not edit.\n\n"
           "# The encodings of the u8scope-cli being completed.\n"
           "_u8scope_cli_encodings() {\n"
           "  local -a encodings\n"
           "  encodings=(${(f)\"$(${_u8scope_cli_program:-u8scope-cli} --list-encodings "
           "2>/dev/null)\"})\n"
           "  compadd -a encodings\n"
           "}\n\n"
           "_u8scope-cli() {\n"
           "  local curcontext=$curcontext state state_descr line ret=1\n"
           "  local _u8scope_cli_program=${words[1]}\n"
           "  typeset -A opt_args\n"
           "  " +
           top +
           " && ret=0\n"
           "  case $state in\n"
           "    (command)\n"
           "      local -a commands\n"
           "      commands=(\n" +
           commandList +
           "      )\n"
           "      _describe -t commands 'u8scope-cli command' commands && ret=0\n"
           "      ;;\n"
           "    (argument)\n"
           "      curcontext=${curcontext%:*:*}:u8scope-cli-$words[1]:\n"
           "      case $words[1] in\n"
           "      (help)\n"
           "        _arguments '1:command:(" +
           names +
           ")' && ret=0\n"
           "        ;;\n" +
           cases +
           "      esac\n"
           "      ;;\n"
           "  esac\n"
           "  return ret\n"
           "}\n\n"
           "_u8scope-cli \"$@\"\n";
}

} // namespace u8cli
