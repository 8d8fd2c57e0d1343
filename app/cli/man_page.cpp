#include "man_page.h"

#include "help_text.h"
#include "option_table.h"
#include "standard_output.h"
#include "u8codec/segmenter.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>

namespace u8cli {
namespace {

std::string bold(std::string_view s) {
    return "\\fB" + roffText(s) + "\\fR";
}
std::string italic(std::string_view s) {
    return "\\fI" + roffText(s) + "\\fR";
}

// Bold options, italic placeholders, and spaces that never break a line.
const UsageStyle& manUsage() {
    static const UsageStyle style{bold, italic, "\\ "};
    return style;
}

// A paragraph's text as one input line (roff fills it); a line starting with a dot or a quote
// would be taken for a request.
std::string textLine(std::string_view text) {
    std::string line = roffText(text);
    if (!line.empty() && (line[0] == '.' || line[0] == '\''))
        line.insert(0, "\\&");
    return line + '\n';
}

// "\n\n"-separated paragraphs, each after a .PP but the first.
std::string paragraphs(std::string_view text) {
    std::string out;
    for (std::size_t from = 0; from <= text.size();) {
        const std::size_t end = std::min(text.find("\n\n", from), text.size());
        if (from != 0)
            out += ".PP\n";
        std::string paragraph(text.substr(from, end - from));
        for (char& c : paragraph)
            if (c == '\n')
                c = ' ';
        out += textLine(paragraph);
        from = end + 2;
    }
    return out;
}

// The table's phrases ("print the version, and exit") as the manual's sentences.
std::string sentence(std::string_view phrase) {
    std::string s(phrase);
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z')
        s[0] = char(s[0] - 'a' + 'A');
    if (!s.empty() && s.back() != '.' && s.back() != '?')
        s += '.';
    return s;
}

// Each piece starts with \% so that no word of it is hyphenated.
std::string synopsisOf(const CommandSpec& c) {
    std::string line = bold("u8scope-cli");
    for (const std::string& piece : synopsisPieces(c, manUsage()))
        line += " \\%" + piece;
    return line + '\n';
}

std::string exitStatusList(std::span<const ExitStatus> statuses) {
    std::string out;
    for (const ExitStatus& s : statuses)
        out += ".TP 4n\n.B " + std::to_string(s.code) + '\n' + textLine(sentence(s.meaning));
    return out;
}

std::string optionTag(const OptionSpec& o) {
    std::string tag;
    if (o.letter)
        tag += bold(std::string("-") + o.letter) + ", ";
    tag += bold(longForm(o));
    if (!o.takesValue())
        return tag;
    const std::string value = italic(o.valueName);
    return tag + (o.valueOnlyInline ? "[=" + value + "]" : "=" + value);
}

std::string optionList(std::span<const OptionSpec> options) {
    std::string out;
    for (const OptionSpec& o : options) {
        out += ".TP\n" + optionTag(o) + '\n' + textLine(sentence(optionHelp(o)));
        if (o.choices.empty())
            continue;
        std::size_t width = 0;
        for (const Choice& c : o.choices)
            width = std::max(width, c.name.size());
        out += ".RS\n";
        for (const Choice& c : o.choices)
            out += ".TP " + std::to_string(width + 2) + "n\n" + bold(c.name) + '\n' +
                   textLine(sentence(c.help));
        out += ".RE\n";
    }
    return out;
}

std::string synopsisSection() {
    std::string out = bold("u8scope-cli") + ' ' + italic("COMMAND") + " [" + italic("OPTIONS") +
                      "] " + italic("OPERANDS") + "\n.br\n";
    out += bold("u8scope-cli") + ' ' + italic("COMMAND") + ' ' + bold("--help") + " | " +
           bold("help") + ' ' + italic("COMMAND") + "\n.br\n";
    out += bold("u8scope-cli") + " [" + bold("--help") + " | " + bold("--version") + " | " +
           bold("--list-encodings") + "]\n";
    for (const CommandSpec* c : allCommands())
        out += ".PP\n" + synopsisOf(*c);
    return out;
}

std::string commandsSection() {
    std::string out;
    for (const CommandSpec* c : allCommands()) {
        out += ".SS " + roffText(c->name) + '\n' + synopsisOf(*c) + ".PP\n" +
               paragraphs(c->description);
        out += ".PP\nExit status:\n.RS\n" + exitStatusList(c->exitStatuses) + ".RE\n";
    }
    return out;
}

std::string optionsSection() {
    std::string out = ".SS \"Without a command\"\n" + optionList(topLevelOptions());
    out += ".SS \"Every command\"\n" + optionList(commonOptions());
    for (const CommandSpec* c : allCommands())
        if (!c->options.empty())
            out += ".SS \"" + roffText(c->name) + " options\"\n" + optionList(c->options);
    return out;
}

std::string examplesSection() {
    std::string out;
    for (const CommandSpec* c : allCommands())
        for (const Example& e : c->examples)
            out += ".PP\n" + bold("u8scope-cli " + std::string(e.commandLine)) + "\n.RS 4\n" +
                   textLine(e.what) + ".RE\n";
    return out;
}

} // namespace

std::string roffText(std::string_view text) {
    std::string out;
    bool inQuote = false;
    const auto bytes = std::span<const std::uint8_t>(
        reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
    for (const u8codec::Segment& s : u8codec::segment(bytes)) {
        const char32_t cp = s.isValid() ? s.codePoint : U'\uFFFD';
        if (cp == '\\') {
            out += "\\e";
        } else if (cp == '-') {
            out += "\\-";
        } else if (cp == '`') {
            out += inQuote ? "\\fR" : "\\fB";
            inQuote = !inQuote;
        } else if (cp < 0x80) {
            out += char(cp);
        } else {
            char name[16];
            std::snprintf(name, sizeof name, "\\[u%04X]", unsigned(cp));
            out += name;
        }
    }
    if (inQuote)
        out += "\\fR";
    return out;
}

bool writeManPage(const std::string& templatePath) {
    std::ifstream in(templatePath);
    if (!in) {
        std::fprintf(stderr, "u8scope-cli --man: cannot read %s\n", templatePath.c_str());
        return false;
    }
    const std::map<std::string, std::string (*)()> parts = {
        {"synopsis", synopsisSection},
        {"commands", commandsSection},
        {"options", optionsSection},
        {"examples", examplesSection},
        {"exit-status", [] { return exitStatusList(generalExitStatuses()); }},
    };
    const std::string marker = ".\\\" GENERATED: ";
    std::map<std::string, int> used;
    std::string out, line;
    while (std::getline(in, line)) {
        if (!line.starts_with(marker)) {
            out += line + '\n';
            continue;
        }
        const std::string name = line.substr(marker.size());
        const auto part = parts.find(name);
        if (part == parts.end()) {
            std::fprintf(stderr, "u8scope-cli --man: %s: unknown part '%s'\n", templatePath.c_str(),
                         name.c_str());
            return false;
        }
        out += part->second();
        ++used[name];
    }
    for (const auto& part : parts)
        if (used[part.first] != 1) {
            std::fprintf(stderr, "u8scope-cli --man: %s: needs the line '%s%s' once\n",
                         templatePath.c_str(), marker.c_str(), part.first.c_str());
            return false;
        }
    writeOut(out);
    return true;
}

} // namespace u8cli
