#include "u8test/process.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace u8test {

namespace {

struct Pipe {
    int fd[2] = {-1, -1};
    bool open() { return pipe2(fd, O_CLOEXEC) == 0; }
    void closeEnd(int i) {
        if (fd[i] >= 0)
            ::close(fd[i]);
        fd[i] = -1;
    }
    ~Pipe() {
        closeEnd(0);
        closeEnd(1);
    }
};

// In the child, between fork and exec: only async-signal-safe calls, then exec; 127 on failure.
[[noreturn]] void execChild(const std::string& program, const std::vector<std::string>& args,
                            const ProcessOptions& o, Pipe& in, Pipe& out, Pipe& err) {
    if (dup2(in.fd[0], 0) < 0 || dup2(out.fd[1], 1) < 0 || dup2(err.fd[1], 2) < 0)
        _exit(127);
    if (!o.workingDirectory.empty() && chdir(o.workingDirectory.c_str()) != 0)
        _exit(127);
    for (const auto& name : o.unsetEnv)
        unsetenv(name.c_str());
    for (const auto& [name, value] : o.env)
        setenv(name.c_str(), value.c_str(), 1);
    // The test framework may have blocked or ignored signals; the program starts as from a shell.
    signal(SIGPIPE, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(program.c_str()));
    for (const auto& a : args)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execvp(program.c_str(), argv.data());
    _exit(127);
}

} // namespace

ProcessRun runProcess(const std::string& program, const std::vector<std::string>& args,
                      const ProcessOptions& options) {
    // A program that stops reading its standard input makes the write below fail with EPIPE
    // (handled there); without this, SIGPIPE would end the test process itself, unreported. The
    // child restores the default.
    std::signal(SIGPIPE, SIG_IGN);
    ProcessRun run;
    Pipe in, out, err;
    if (!in.open() || !out.open() || !err.open())
        return run;
    const pid_t pid = fork();
    if (pid < 0)
        return run;
    if (pid == 0) {
        execChild(program, args, options, in, out, err);
    }
    in.closeEnd(0);
    out.closeEnd(1);
    err.closeEnd(1);
    run.started = true;

    // Write stdin and read both outputs together, so neither side blocks on a full pipe.
    std::size_t written = 0;
    if (options.stdinBytes.empty())
        in.closeEnd(1);
    else
        fcntl(in.fd[1], F_SETFL, O_NONBLOCK);
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(options.timeoutMs);
    char buffer[65536];
    while (out.fd[0] >= 0 || err.fd[0] >= 0) {
        pollfd fds[3];
        int n = 0;
        int outAt = -1, errAt = -1, inAt = -1;
        if (out.fd[0] >= 0)
            fds[outAt = n++] = {out.fd[0], POLLIN, 0};
        if (err.fd[0] >= 0)
            fds[errAt = n++] = {err.fd[0], POLLIN, 0};
        if (in.fd[1] >= 0)
            fds[inAt = n++] = {in.fd[1], POLLOUT, 0};
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                              deadline - std::chrono::steady_clock::now())
                              .count();
        if (left <= 0) {
            run.timedOut = true;
            kill(pid, SIGKILL);
            break;
        }
        if (poll(fds, nfds_t(n), int(left)) < 0 && errno != EINTR)
            break;
        auto drain = [&](int at, Pipe& p, std::string& to) {
            if (at < 0 || !(fds[at].revents & (POLLIN | POLLHUP | POLLERR)))
                return;
            const ssize_t got = ::read(p.fd[0], buffer, sizeof buffer);
            if (got > 0)
                to.append(buffer, std::size_t(got));
            else if (got == 0 || errno != EINTR)
                p.closeEnd(0);
        };
        drain(outAt, out, run.out);
        drain(errAt, err, run.err);
        if (inAt >= 0 && (fds[inAt].revents & (POLLOUT | POLLERR | POLLHUP))) {
            const ssize_t put = ::write(in.fd[1], options.stdinBytes.data() + written,
                                        options.stdinBytes.size() - written);
            if (put > 0)
                written += std::size_t(put);
            if (put < 0 && errno != EAGAIN && errno != EINTR) // the program stopped reading
                in.closeEnd(1);
            else if (written == options.stdinBytes.size())
                in.closeEnd(1);
        }
    }
    in.closeEnd(1);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status) && !run.timedOut)
        run.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        run.signal = WTERMSIG(status);
    if (run.exitCode == 127 && run.out.empty() && run.err.empty()) {
        struct stat st;
        if (program.find('/') != std::string::npos ? stat(program.c_str(), &st) != 0
                                                   : findExecutable(program).empty())
            run.started = false;
    }
    return run;
}

std::string environment(const char* name, const std::string& fallback) {
    const char* value = std::getenv(name);
    return value ? std::string(value) : fallback;
}

std::string findExecutable(const std::string& name) {
    std::istringstream path(environment("PATH", "/usr/bin:/bin"));
    std::string dir;
    while (std::getline(path, dir, ':')) {
        const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
        if (access(candidate.c_str(), X_OK) == 0)
            return candidate;
    }
    return {};
}

} // namespace u8test
