// u8scope-cli(1), written at build time by the hidden `u8scope-cli --man TEMPLATE`: the
// hand-written prose of TEMPLATE (resources/man/u8scope-cli.1.in) with each marker line
// `.\" GENERATED: PART` replaced by that part written from the option table, so the manual
// names exactly the commands and options the parser knows.
#pragma once

#include <string>

namespace u8cli {

// Writes the manual page on standard output; false (with the reason on stderr) when TEMPLATE
// cannot be read or lacks a marker, or names one that does not exist.
bool writeManPage(const std::string& templatePath);

// The text in roff: backslashes and hyphens escaped (`\-` so that options can be copied), other
// than ASCII as \[uXXXX], `quoted` spans in bold.
std::string roffText(std::string_view text);

} // namespace u8cli
