// The bash completion script (completion.h). It needs no bash-completion helpers: it reads
// COMP_WORDS and COMP_CWORD and fills COMPREPLY, so a test can call it as bash would.
#include "completion.h"
#include "option_table.h"

namespace u8cli {
namespace {

std::string joined(const std::vector<std::string>& words) {
    std::string s;
    for (const std::string& w : words)
        s += (s.empty() ? "" : " ") + w;
    return s;
}

// What follows an option on the command line, for the completion of its value.
std::string_view kindWord(const OptionSpec& o) {
    switch (o.kind) {
    case ValueKind::None:
        return "flag";
    case ValueKind::Number:
        return "number";
    case ValueKind::Choice:
        return "choice";
    case ValueKind::NameList:
        return o.valueOnlyInline ? "inline-list" : "list";
    case ValueKind::Encoding:
        return "encoding";
    case ValueKind::File:
        return "file";
    }
    return "flag";
}

// `case` patterns matching "COMMAND OPTION" for every spelling of the option.
std::string casePattern(std::string_view command, const OptionSpec& o) {
    std::string pattern(1, '"');
    pattern += command;
    pattern += ' ';
    pattern += longForm(o);
    pattern += '"';
    if (o.letter)
        pattern += "|\"" + std::string(command) + " -" + o.letter + "\"";
    return pattern;
}

// The words offered for "-" after the command: a long option that takes a value is offered with
// its "=" (and no space after it), as it is most often written.
std::string optionWords(const CommandSpec& c) {
    std::vector<std::string> words;
    for (const std::span<const OptionSpec> table : {c.options, commonOptions()})
        for (const OptionSpec& o : table) {
            if (o.letter)
                words.push_back(std::string("-") + o.letter);
            words.push_back(longForm(o) + (o.takesValue() && !o.valueOnlyInline ? "=" : ""));
        }
    return joined(words);
}

} // namespace

std::string bashCompletion() {
    std::vector<std::string> commands{"help"}, topOptions;
    for (const CommandSpec* c : allCommands())
        commands.emplace_back(c->name);
    for (const OptionSpec& o : topLevelOptions()) {
        if (o.letter)
            topOptions.push_back(std::string("-") + o.letter);
        topOptions.push_back(longForm(o));
    }
    std::string kinds, values, options, wordOperands;
    for (const CommandSpec* c : allCommands()) {
        options += "    " + std::string(c->name) + ") echo '" + optionWords(*c) + "' ;;\n";
        if (c->operandKind == OperandKind::Words)
            wordOperands += (wordOperands.empty() ? "" : "|") + std::string(c->name);
        for (const OptionSpec& o : c->options) {
            kinds +=
                "    " + casePattern(c->name, o) + ") echo " + std::string(kindWord(o)) + " ;;\n";
            if (o.kind == ValueKind::Choice || o.kind == ValueKind::NameList)
                values += "    " + casePattern(c->name, o) + ") echo '" + joined(valueNames(o)) +
                          "' ;;\n";
        }
    }
    return R"sh(# bash completion for u8scope-cli                           -*- shell-script -*-
# Written by `u8scope-cli --completion bash` from the program's option table: do not edit.

# What follows an option: flag, number, choice, list, inline-list, encoding or file.
_u8scope_cli_kind() {
    case "$1 $2" in
)sh" + kinds +
           R"sh(    esac
}

# The names a choice or list option takes.
_u8scope_cli_values() {
    case "$1 $2" in
)sh" + values +
           R"sh(    esac
}

_u8scope_cli_options() {
    case $1 in
)sh" + options +
           R"sh(    esac
}

# One function, as bash calls it for every word completed: where the word stands (command,
# option, an option's value, a file) is decided in one reading of the words before it.
_u8scope_cli() {
    local cur=${COMP_WORDS[COMP_CWORD]} command= option= value= prefix= kind= separate= ended= i
    COMPREPLY=()
    if ((COMP_CWORD == 1)); then
        if [[ $cur == -* ]]; then
            mapfile -t COMPREPLY < <(compgen -W ')sh" +
           joined(topOptions) + R"sh(' -- "$cur")
        else
            mapfile -t COMPREPLY < <(compgen -W ')sh" +
           joined(commands) + R"sh(' -- "$cur")
        fi
        return 0
    fi
    command=${COMP_WORDS[1]}
    if [[ $command == help ]]; then
        ((COMP_CWORD == 2)) &&
            mapfile -t COMPREPLY < <(compgen -W ')sh" +
           joined(commands) + R"sh(' -- "$cur")
        return 0
    fi
    # After "--" every word is an operand.
    for ((i = 2; i < COMP_CWORD; i++)); do
        [[ ${COMP_WORDS[i]} == -- ]] && ended=1
    done
    if [[ -z $ended ]]; then
        # An option's value: "--name=VALUE" in one word, or split by bash at "=" (it is in
        # COMP_WORDBREAKS) into "--name" "=" "VALUE", or "--name VALUE".
        if [[ $cur == --*=* ]]; then
            option=${cur%%=*} value=${cur#*=} prefix=${cur%%=*}=
        elif [[ $cur == = ]]; then
            option=${COMP_WORDS[COMP_CWORD - 1]}
        elif ((COMP_CWORD > 2)) && [[ ${COMP_WORDS[COMP_CWORD - 1]} == = ]]; then
            option=${COMP_WORDS[COMP_CWORD - 2]} value=$cur
        else
            option=${COMP_WORDS[COMP_CWORD - 1]} value=$cur separate=1
        fi
        kind=$(_u8scope_cli_kind "$command" "$option")
        case $kind in
        number | choice | list | encoding | file) ;;
        inline-list) [[ -n $separate ]] && kind= ;; # its value is only ever after "="
        *) kind= ;;
        esac
        case $kind in
        file)
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -f -- "$value")
            ;;
        choice)
            mapfile -t COMPREPLY < <(compgen -W "$(_u8scope_cli_values "$command" "$option")" \
                -- "$value")
            ;;
        list | inline-list)
            # The last name of a comma-separated list; the ones before it are kept.
            local before=
            [[ $value == *,* ]] && before=${value%,*},
            mapfile -t COMPREPLY < <(compgen -P "$before" \
                -W "$(_u8scope_cli_values "$command" "$option")" -- "${value##*,}")
            ;;
        encoding)
            local program=${COMP_WORDS[0]}
            command -v "$program" >/dev/null 2>&1 || program=u8scope-cli
            mapfile -t COMPREPLY < <(compgen -W "$("$program" --list-encodings 2>/dev/null)" \
                -- "$value")
            ;;
        esac
        if [[ -n $kind ]]; then
            [[ -n $prefix ]] && COMPREPLY=("${COMPREPLY[@]/#/$prefix}")
            return 0
        fi
        if [[ $cur == -* ]]; then
            mapfile -t COMPREPLY < <(compgen -W "$(_u8scope_cli_options "$command")" -- "$cur")
            [[ ${#COMPREPLY[@]} == 1 && ${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null
            return 0
        fi
    fi
    case $command in
    )sh" + wordOperands +
           R"sh() ;;
    *)
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        ;;
    esac
    return 0
}

complete -F _u8scope_cli u8scope-cli
)sh";
}

} // namespace u8cli
