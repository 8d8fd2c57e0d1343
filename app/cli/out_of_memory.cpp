#include "out_of_memory.h"

#include "commands.h"
#include "temp_files_on_signal.h"

#include <cstdio>
#include <new>
#include <unistd.h>

namespace u8cli {
namespace {

// Written before memory runs out: the handler allocates nothing.
char g_message[256];
int g_length = 0;

[[noreturn]] void outOfMemory() {
    u8io::removeRegisteredTempFiles();
    if (g_length > 0) [[maybe_unused]]
        const ssize_t ignored = ::write(STDERR_FILENO, g_message, g_length);
    ::_exit(kExitUsage);
}

} // namespace

void reportOutOfMemoryAs(std::string_view command) {
    g_length = std::snprintf(g_message, sizeof g_message,
                             "u8scope-cli%s%.*s: out of memory; nothing written\n",
                             command.empty() ? "" : " ", int(command.size()), command.data());
    if (g_length < 0 || std::size_t(g_length) >= sizeof g_message)
        g_length = 0;
    std::set_new_handler(outOfMemory);
}

} // namespace u8cli
