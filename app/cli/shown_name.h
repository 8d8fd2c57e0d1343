// File names as text output shows them: a name is printed as it is unless it holds what would
// act on the terminal or break a line's format (an ESC colours the terminal, a newline breaks
// FILE:LINE:COLUMN): control characters, C1 controls, bytes that are not UTF-8. Such a name is
// shown in the shell's $'...' quoting, as GNU ls does (--quoting-style=shell-escape), which a
// shell reads back as the very name. JSON and SARIF escape names themselves: they take the name
// as it is.
#pragma once

#include <string>
#include <string_view>

namespace u8cli {

std::string shownName(std::string_view name);

} // namespace u8cli
