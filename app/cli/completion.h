// The shell completions of u8scope-cli, written at build time by the hidden
// `u8scope-cli --completion bash|zsh` from the option table: commands, options, the values of
// each option (choices, audit kinds, code pages; encodings from `u8scope-cli --list-encodings`
// when completing, so they are those of the installed program), and file names.
#pragma once

#include <string>

namespace u8cli {

// Writes the script on standard output; false (with the reason on stderr) for another shell.
bool writeCompletion(const std::string& shell);
std::string bashCompletion();
std::string zshCompletion();

// `u8scope-cli --list-options`: every option the parser knows, one a line: "- --help" for
// those taken without a command, "COMMAND --name" and "COMMAND -x" for each command's (its own
// and the common ones), the long form followed by the values it is documented to take. What
// the tests hold the manual, the completions and the commands' own checks to.
void writeOptionList();

} // namespace u8cli
