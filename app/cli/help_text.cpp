#include "help_text.h"

#include "standard_output.h"

#include <algorithm>

namespace u8cli {
namespace {

constexpr std::size_t kWidth = 79;
constexpr std::size_t kHeadingColumn = 2; // where an option's heading starts
constexpr std::size_t kHelpColumn = 26;   // where its help starts
constexpr std::size_t kChoiceColumn = 28; // where a value's own line starts

std::string join(const std::vector<std::string>& parts, std::string_view separator) {
    std::string s;
    for (std::size_t i = 0; i < parts.size(); ++i)
        s += (i ? std::string(separator) : std::string()) + parts[i];
    return s;
}

// "[inside]", "(inside)".
std::string enclosed(char open, std::string inside, char close) {
    inside.insert(inside.begin(), open);
    inside += close;
    return inside;
}

// "=N", "=code|text", " OUT" (after a letter), "[=PAGE,...]".
std::string valueSuffix(const OptionSpec& o, bool afterLetter, bool spellChoices,
                        const UsageStyle& style) {
    if (!o.takesValue())
        return {};
    std::string value;
    if (spellChoices && o.kind == ValueKind::Choice) {
        for (const std::string& name : valueNames(o)) {
            if (!value.empty())
                value += '|';
            value += style.option(name);
        }
    } else {
        value = style.placeholder(o.valueName);
    }
    if (o.valueOnlyInline)
        return enclosed('[', '=' + value, ']');
    return (afterLetter ? std::string(style.space) : std::string("=")) + value;
}

std::string asIs(std::string_view s) {
    return std::string(s);
}

// Paragraphs are kept; within one, any run of spaces or line breaks is one space.
void appendParagraph(std::string& out, std::string_view paragraph, std::size_t indent,
                     std::size_t& column, std::size_t width) {
    std::size_t i = 0;
    bool firstWord = true;
    while (i < paragraph.size()) {
        while (i < paragraph.size() && (paragraph[i] == ' ' || paragraph[i] == '\n'))
            ++i;
        std::size_t end = i;
        while (end < paragraph.size() && paragraph[end] != ' ' && paragraph[end] != '\n')
            ++end;
        if (end == i)
            break;
        const std::string_view word = paragraph.substr(i, end - i);
        if (!firstWord && column + 1 + word.size() > width) {
            out += '\n' + std::string(indent, ' ');
            column = indent;
        } else if (!firstWord) {
            out += ' ';
            ++column;
        }
        out += word;
        column += word.size();
        firstWord = false;
        i = end;
    }
}

// `heading` at kHeadingColumn (or `headingColumn`), then `text` from `textColumn`, on the same
// line when the heading leaves room.
std::string listItem(const std::string& heading, std::string_view text, std::size_t headingColumn,
                     std::size_t textColumn) {
    std::string out(headingColumn, ' ');
    out += heading;
    if (headingColumn + heading.size() + 2 > textColumn)
        out += '\n' + std::string(textColumn, ' ');
    else
        out += std::string(textColumn - headingColumn - heading.size(), ' ');
    return out + wrap(text, textColumn, textColumn) + '\n';
}

std::string optionList(std::span<const OptionSpec> options) {
    std::string out;
    for (const OptionSpec& o : options) {
        out += listItem(optionHeading(o), optionHelp(o), kHeadingColumn, kHelpColumn);
        std::size_t nameWidth = 0;
        for (const Choice& c : o.choices)
            nameWidth = std::max(nameWidth, c.name.size());
        for (const Choice& c : o.choices)
            out +=
                listItem(std::string(c.name), c.help, kChoiceColumn - 2, kChoiceColumn + nameWidth);
    }
    return out;
}

std::string exitStatusList(std::span<const ExitStatus> statuses) {
    std::string out;
    for (const ExitStatus& s : statuses)
        out += listItem(std::to_string(s.code), s.meaning, kHeadingColumn, kHeadingColumn + 3);
    return out;
}

// The pieces from column `column` on, a line broken only between pieces and continued at
// `indent`.
std::string fillPieces(const std::vector<std::string>& pieces, std::size_t column,
                       std::size_t indent) {
    std::string out;
    bool first = true;
    for (const std::string& piece : pieces) {
        if (!first && column + 1 + piece.size() > kWidth) {
            out += '\n' + std::string(indent, ' ');
            column = indent;
        } else if (!first) {
            out += ' ';
            ++column;
        }
        out += piece;
        column += piece.size();
        first = false;
    }
    return out;
}

// "usage: u8scope-cli " then the pieces, continued under the command's name.
std::string usageBlock(const CommandSpec& c) {
    const std::string lead = "usage: u8scope-cli ";
    return lead + fillPieces(synopsisPieces(c), lead.size(), lead.size() + c.name.size() + 1) +
           '\n';
}

} // namespace

const UsageStyle& plainUsage() {
    static const UsageStyle plain{asIs, asIs, " "};
    return plain;
}

std::string optionUsage(const OptionSpec& o, const UsageStyle& style) {
    if (o.letter)
        return style.option(std::string("-") + o.letter) + valueSuffix(o, true, true, style);
    return style.option(longForm(o)) + valueSuffix(o, false, true, style);
}

std::string optionHeading(const OptionSpec& o) {
    return spellings(o) + valueSuffix(o, false, false, plainUsage());
}

std::string optionHelp(const OptionSpec& o) {
    std::string help(o.help);
    if (!o.defaultValue.empty())
        help += " (default: " + std::string(o.defaultValue) + ")";
    return help;
}

std::vector<std::string> synopsisPieces(const CommandSpec& c, const UsageStyle& style) {
    std::vector<std::string> pieces{style.option(c.name)};
    std::vector<std::string_view> groupsDone;
    for (const OptionSpec& o : c.options) {
        if (o.group.empty()) {
            pieces.push_back(o.required ? optionUsage(o, style)
                                        : enclosed('[', optionUsage(o, style), ']'));
            continue;
        }
        if (std::find(groupsDone.begin(), groupsDone.end(), o.group) != groupsDone.end())
            continue;
        groupsDone.push_back(o.group);
        std::string inside;
        bool required = false;
        for (const OptionSpec& m : c.options)
            if (m.group == o.group) {
                if (!inside.empty())
                    inside += std::string(style.space) + "|" + std::string(style.space);
                inside += optionUsage(m, style);
                required = required || m.required;
            }
        pieces.push_back(required ? enclosed('(', inside, ')') : enclosed('[', inside, ']'));
    }
    if (!c.operands.empty())
        pieces.push_back(style.placeholder(c.operands));
    return pieces;
}

std::string usageOf(const CommandSpec& c) {
    return "usage: u8scope-cli " + join(synopsisPieces(c), " ");
}

std::string wrap(std::string_view text, std::size_t indent, std::size_t firstColumn,
                 std::size_t width) {
    std::string out;
    std::size_t column = firstColumn;
    std::size_t from = 0;
    while (from <= text.size()) {
        const std::size_t end = std::min(text.find("\n\n", from), text.size());
        if (from != 0) {
            out += "\n\n" + std::string(indent, ' ');
            column = indent;
        }
        appendParagraph(out, text.substr(from, end - from), indent, column, width);
        from = end + 2;
    }
    return out;
}

void printGeneralHelp(std::FILE* to) {
    std::string out =
        "usage: u8scope-cli COMMAND [OPTIONS] OPERANDS\n"
        "       u8scope-cli COMMAND --help   (or: u8scope-cli help COMMAND)\n"
        "       u8scope-cli --version | --list-encodings\n\n" +
        wrap("FILE may be - for standard input, OUT - for standard output; -- ends the options. "
             "No command modifies its input unless told to with --in-place, which keeps a "
             "backup.",
             0) +
        "\n\ncommands:\n";
    for (const CommandSpec* c : allCommands()) {
        out += "  " + fillPieces(synopsisPieces(*c), 2, 2 + c->name.size() + 1) + '\n';
        out += "      " + wrap(c->summary, 6, 6) + '\n';
    }
    out += "\noptions:\n" + optionList(topLevelOptions());
    out += "\nexit status:\n" + exitStatusList(generalExitStatuses());
    out += "\nThe manual: man u8scope-cli.\n";
    std::fputs(out.c_str(), to);
}

void printCommandHelp(const CommandSpec& c, std::FILE* to) {
    std::string out = usageBlock(c) + '\n' + wrap(c.description, 0) + "\n\noptions:\n";
    out += optionList(c.options) + optionList(commonOptions());
    out += "\nexit status:\n" + exitStatusList(c.exitStatuses);
    if (!c.examples.empty()) {
        out += "\nexamples:\n";
        for (const Example& e : c.examples) {
            out += "  u8scope-cli " + std::string(e.commandLine) + '\n';
            out += "      " + wrap(e.what, 6, 6) + '\n';
        }
    }
    std::fputs(out.c_str(), to);
}

void printVersion() {
    printOut("u8scope-cli %s\n", U8SCOPE_VERSION);
}

} // namespace u8cli
