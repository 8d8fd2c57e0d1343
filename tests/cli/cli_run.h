// Runs the built u8scope-cli (U8SCOPE_CLI, set by CMake) for the suites that test it end to end:
// its exit code and both output streams, with bytes on its standard input.
#pragma once

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace u8test {

struct CliRun {
    int exitCode = -1; // -1: did not start, or crashed
    QByteArray out, err;
};

// The binary run: U8SCOPE_CLI as built, unless the environment names another in
// U8SCOPE_CLI_UNDER_TEST (to see a suite fail on an older build before a fix).
inline QString cliPath() {
    return qEnvironmentVariable("U8SCOPE_CLI_UNDER_TEST", QStringLiteral(U8SCOPE_CLI));
}

// Whether this build is instrumented by a sanitizer (U8SCOPE_SANITIZE; the CLI it runs is built
// alike): the few checks that run the CLI where a sanitizer's runtime cannot start (a small
// ulimit -v, no /proc) skip then.
constexpr bool sanitized() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) // GCC
    return true;
#elif defined(__has_feature) // clang
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
    return true;
#else
    return false;
#endif
#else
    return false;
#endif
}

inline CliRun runCli(const QStringList& args, const QByteArray& stdinBytes = {},
                     const QString& workingDirectory = {}) {
    QProcess p;
    if (!workingDirectory.isEmpty())
        p.setWorkingDirectory(workingDirectory);
    p.start(cliPath(), args);
    CliRun r;
    if (!p.waitForStarted())
        return r;
    p.write(stdinBytes);
    p.closeWriteChannel();
    p.waitForFinished(120000);
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// Runs a bash line with $CLI set to the binary under test: for pipes, ignored signals, ulimit.
inline CliRun runShell(const QString& line) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("CLI", cliPath());
    p.setProcessEnvironment(env);
    p.start("bash", {"-c", line});
    CliRun r;
    if (!p.waitForStarted() || !p.waitForFinished(120000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// Writes `bytes` to `name` in `dir` (replacing it) and returns its path: the suites' input files.
inline QString writeFile(const QDir& dir, const QString& name, const QByteArray& bytes) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
    return path;
}

// A suite whose runs work in a scratch folder of their own, emptied before each test (its
// init() calls clear()), and which looks at what a run left there.
class ScratchSuite : public QObject {
protected:
    QTemporaryDir dir_;

    QString write(const QString& name, const QByteArray& bytes) {
        return writeFile(QDir(dir_.path()), name, bytes);
    }
    // The files in the folder, hidden ones too, sorted.
    QStringList names() const {
        QStringList n = QDir(dir_.path()).entryList(QDir::Files | QDir::Hidden);
        n.sort();
        return n;
    }
    bool clear() {
        for (const QString& f : QDir(dir_.path()).entryList(QDir::Files | QDir::Hidden))
            QFile::remove(dir_.filePath(f));
        return dir_.isValid();
    }
};

} // namespace u8test
