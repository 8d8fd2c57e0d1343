// `u8scope-cli --help`, `u8scope-cli COMMAND --help` (and `help COMMAND`), and the usage lines
// quoted by usage errors: all written from the option table (option_table.h).
#pragma once

#include "option_table.h"

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace u8cli {

// How the parts of a usage line are marked up: plain text for the terminal, bold and italic
// for the manual page (man_page.cpp).
struct UsageStyle {
    std::string (*option)(std::string_view typed);     // "--json", "-o", a choice
    std::string (*placeholder)(std::string_view name); // "N", "OUT", "FILE..."
    std::string_view space = " "; // inside one piece: the manual's never breaks a line there
};
const UsageStyle& plainUsage();

// How an option is written in a usage line: "--max-errors=N", "-o OUT", "--profile=code|text",
// "--mojibake[=PAGE,...]", "-q".
std::string optionUsage(const OptionSpec& o, const UsageStyle& style = plainUsage());
// How an option is headed in an option list: "--max-errors=N", "-o, --output=OUT",
// "--errors=POLICY", "--mojibake[=PAGE,...]", "-q, --quiet".
std::string optionHeading(const OptionSpec& o);
// The help sentence with its default: "print at most N problems ... (default: 100)".
std::string optionHelp(const OptionSpec& o);

// The pieces of a command's usage line after "u8scope-cli": the name, each option or group of
// options ("[--json | --sarif]", "(-o OUT | --in-place)"), the operands. A line is only ever
// broken between pieces.
std::vector<std::string> synopsisPieces(const CommandSpec& c,
                                        const UsageStyle& style = plainUsage());
// "u8scope-cli check [--max-errors=N] [-q] FILE..." on one line, for usage errors.
std::string usageOf(const CommandSpec& c);

// Words of `text` filled into lines of at most `width` columns, every line but the first
// indented by `indent` spaces (the first is taken to start at column `firstColumn`). Backquotes
// are kept: they mark what is typed. "\n\n" starts a new paragraph after an empty line.
std::string wrap(std::string_view text, std::size_t indent, std::size_t firstColumn = 0,
                 std::size_t width = 79);

void printGeneralHelp(std::FILE* to);
void printCommandHelp(const CommandSpec& c, std::FILE* to);
void printVersion();

} // namespace u8cli
