// Signal handling belongs to the programs, not to the library (issue 35): this program links u8io
// alone, no Qt, no test framework that installs handlers of its own. A safe write, whose temporary
// file gets a name before its rename, must leave every signal's disposition as it was, and tell
// the names only to the registry the program gave (temp_file_registry.h). Then the programs'
// registry (temp_files_on_signal.h), in a child process: SIGTERM removes a registered file and
// ends the child by SIGTERM; a file no longer registered is left alone.
#include "atomic_output.h"
#include "temp_file_registry.h"
#include "temp_files_on_signal.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

int g_failures = 0;

void expect(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "FAIL: %s\n", what);
        ++g_failures;
    }
}

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGUSR1};

std::vector<void (*)(int)> dispositions() {
    std::vector<void (*)(int)> handlers;
    for (int sig : kSignals) {
        struct sigaction now {};
        ::sigaction(sig, nullptr, &now);
        handlers.push_back(now.sa_handler);
    }
    return handlers;
}

bool exists(const std::string& path) {
    struct stat st {};
    return ::lstat(path.c_str(), &st) == 0;
}

bool makeFile(const std::string& path) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    return fd >= 0 && ::close(fd) == 0;
}

// A safe write of `path`, committed: its temporary file is named just before the rename (or from
// the start, where the file system has no unnamed files: the test runs a second time with the
// fault shim refusing O_TMPFILE, tests/codec/io/CMakeLists.txt).
bool safeWrite(const std::string& path) {
    const auto out = u8io::AtomicOutput::create(path);
    if (!out) {
        std::fprintf(stderr, "%s\n", out.message().c_str());
        return false;
    }
    if (!(*out)->write(std::string_view("caf\xC3\xA9\n"))) {
        std::fprintf(stderr, "%s\n", (*out)->writeFailure().c_str());
        return false;
    }
    const auto committed = (*out)->commit();
    if (!committed)
        std::fprintf(stderr, "%s\n", committed.message().c_str());
    return committed.ok();
}

// The names told, and whether a file had one when it was told: a name is registered before the
// file has it, or a signal between the two would leave the file behind (the programs' handler
// knows only what is registered).
class Recorder final : public u8io::TempFileRegistry {
public:
    void added(const std::string& path) noexcept override {
        added_.push_back(path);
        existedWhenAdded_ |= exists(path);
    }
    void removed(const std::string& path) noexcept override { removed_.push_back(path); }
    std::vector<std::string> added_, removed_;
    bool existedWhenAdded_ = false;
};

void libraryInstallsNothing(const std::string& dir) {
    const auto before = dispositions();
    expect(before[1] == SIG_DFL, "SIGTERM has its default disposition at the start");
    expect(safeWrite(dir + "/out"), "the safe write succeeds");
    expect(dispositions() == before, "no disposition changed by a safe write");

    // With a registry given, the names go to it, and still no handler is installed.
    Recorder recorder;
    u8io::setTempFileRegistry(&recorder);
    expect(safeWrite(dir + "/out"), "the second safe write succeeds");
    u8io::setTempFileRegistry(nullptr);
    expect(dispositions() == before, "no disposition changed with a registry");
    expect(recorder.added_.size() == 1 && recorder.removed_ == recorder.added_,
           "the temporary file's name was added once and removed once");
    expect(!recorder.existedWhenAdded_, "the name was registered before the file had it");
    if (!recorder.added_.empty()) {
        const std::string& name = recorder.added_.front();
        expect(name.rfind(dir + "/.out.u8scope-", 0) == 0, "the name is the temporary file's");
        expect(!exists(name), "the temporary file is gone after the rename");
    }
}

// In a child: the programs' handlers remove what is registered, and only that.
void programRemovesOnSignal(const std::string& dir) {
    const std::string kept = dir + "/kept", removed = dir + "/removed";
    const pid_t child = ::fork();
    if (child == 0) {
        u8io::removeTempFilesOnSignals();
        struct sigaction now {};
        ::sigaction(SIGTERM, nullptr, &now);
        if (now.sa_handler == SIG_DFL || !makeFile(kept) || !makeFile(removed))
            ::_exit(3);
        u8io::registerTempFile(kept);
        u8io::registerTempFile(removed);
        u8io::unregisterTempFile(kept); // renamed into place, say: no longer temporary
        std::raise(SIGTERM);
        ::_exit(4); // not reached: SIGTERM ends the process
    }
    int status = 0;
    expect(child > 0 && ::waitpid(child, &status, 0) == child, "the child ran");
    expect(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM, "the child ended by SIGTERM");
    expect(!exists(removed), "the registered file was removed");
    expect(exists(kept), "the file no longer registered was left");
    ::unlink(kept.c_str());
}

} // namespace

int main() {
    char pattern[] = "/tmp/u8scope-signals-XXXXXX";
    const char* made = ::mkdtemp(pattern);
    if (!made) {
        std::perror("mkdtemp");
        return 1;
    }
    const std::string dir = made;
    libraryInstallsNothing(dir);
    programRemovesOnSignal(dir);
    ::unlink((dir + "/out").c_str());
    expect(::rmdir(dir.c_str()) == 0, "nothing else was left in the directory");
    if (g_failures == 0)
        std::puts("PASS: signals_alone");
    return g_failures == 0 ? 0 : 1;
}
