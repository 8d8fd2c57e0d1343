#include "standard_output.h"

#include "commands.h"

#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstring>

namespace u8cli {
namespace {

int g_failure = 0; // errno of the first failed write to standard output

bool noteFailure() {
    if (g_failure == 0 && std::ferror(stdout))
        g_failure = errno != 0 ? errno : EIO;
    return g_failure == 0;
}

} // namespace

bool printOut(const char* format, ...) {
    if (g_failure != 0)
        return false;
    errno = 0;
    std::va_list args;
    va_start(args, format);
    std::vfprintf(stdout, format, args);
    va_end(args);
    return noteFailure();
}

bool writeOut(std::string_view bytes) {
    if (g_failure != 0)
        return false;
    errno = 0;
    std::fwrite(bytes.data(), 1, bytes.size(), stdout);
    return noteFailure();
}

bool outputFailed() {
    return !noteFailure();
}

std::string outputFailure() {
    return std::string("standard output: ") + std::strerror(g_failure != 0 ? g_failure : EIO);
}

int finishOutput(std::string_view command, int status) {
    // Output written through a FILE* elsewhere (the help) is checked here too.
    errno = 0;
    const bool flushed = std::fflush(stdout) == 0;
    if (!flushed && g_failure == 0)
        g_failure = errno != 0 ? errno : EIO;
    noteFailure();
    // close(2) of the descriptor reports what only it can (a quota met on NFS); stdout is not
    // written after this.
    errno = 0;
    if (std::fclose(stdout) != 0 && g_failure == 0)
        g_failure = errno != 0 ? errno : EIO;
    if (g_failure == 0)
        return status;
    std::fprintf(stderr, "u8scope-cli%s%.*s: %s\n", command.empty() ? "" : " ", int(command.size()),
                 command.data(), outputFailure().c_str());
    return kExitUsage;
}

} // namespace u8cli
