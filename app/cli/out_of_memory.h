// Out of memory ends a command with "u8scope-cli COMMAND: out of memory; nothing written" and
// exit status 2, not with std::bad_alloc and abort() (134), whichever thread ran out: the
// operator new handler removes the output's temporary file and ends the process at once. Held
// standard output is not written, the spool and an unnamed temporary file go with the process.
#pragma once

#include <string_view>

namespace u8cli {

// Installs the handler, naming `command` (empty: the program) in its message.
void reportOutOfMemoryAs(std::string_view command);

} // namespace u8cli
