// `check [--max-errors=N] [-q] FILE...`: is every file valid UTF-8? One line per problem.
#include "arguments.h"
#include "commands.h"
#include "in_order_on_cores.h"
#include "input.h"
#include "input_scan.h"
#include "problem_reporter.h"
#include "standard_output.h"
#include "tree_walk.h"

#include <charconv>
#include <cstdio>
#include <sys/stat.h>

namespace u8cli {
namespace {

constexpr OptionSpec kOptions[] = {
    {.name = "max-errors",
     .kind = ValueKind::Number,
     .valueName = "N",
     .defaultValue = "100",
     .help = "print at most N problems of each file; the others are counted, not located"},
    {.name = "quiet", .letter = 'q', .help = "print nothing: the exit status says it"},
    {.name = "recursive",
     .letter = 'r',
     .help = "check the files under each FILE that is a directory, on every core, as ripgrep "
             "picks them: hidden entries, what .gitignore and .ignore exclude, symbolic links "
             "and binary files (a NUL byte in the first 8 KiB) are left out; verdicts are "
             "written in the order of the sorted paths"},
};

constexpr ExitStatus kExitStatuses[] = {
    {0, "every FILE is valid UTF-8"},
    {1, "a FILE is not valid UTF-8"},
    {2, "a usage error, or a FILE could not be read"},
};

constexpr Example kExamples[] = {
    {"check notes.txt data/*.csv", "one line per problem, then a verdict for each file"},
    {"check -q -- \"$f\" || echo \"$f: not UTF-8\"", "in a script: only the exit status"},
    {"check -r .", "every file of the tree that is not ignored or binary"},
};

enum class FileResult { Valid, Invalid, Unreadable };

// The scan kernels' vector check answers "is it valid?" at several GB/s; the ProblemReporter,
// which tracks lines and columns and groups error segments into problems, is far slower. A file
// (which can be read again) therefore goes through the check first (on every core,
// input_scan.h), stopping at the first chunk with an error; only an invalid file is read a second
// time to report its problems. Standard input cannot be re-read, so it goes straight to the
// reporter.
enum class QuickVerdict { Valid, Invalid, Unreadable };

QuickVerdict quickScan(const Input& input, std::string& error) {
    bool valid = false;
    if (!validateInput(input, valid, error))
        return QuickVerdict::Unreadable;
    return valid ? QuickVerdict::Valid : QuickVerdict::Invalid;
}

FileResult checkOne(const std::string& path, std::uint64_t maxErrors, bool quiet) {
    std::string error;
    const auto input = Input::open(path, error);
    if (!input) {
        std::fprintf(stderr, "u8scope-cli check: %s\n", error.c_str());
        return FileResult::Unreadable;
    }
    const std::string& name = input->displayName();
    if (input->file()) {
        switch (quickScan(*input, error)) {
        case QuickVerdict::Valid:
            if (!quiet)
                printOut("%s: valid UTF-8\n", name.c_str());
            return FileResult::Valid;
        case QuickVerdict::Unreadable:
            std::fprintf(stderr, "u8scope-cli check: %s\n", error.c_str());
            return FileResult::Unreadable;
        case QuickVerdict::Invalid:
            if (quiet)
                return FileResult::Invalid; // nothing to print: the exit code says it
            break;                          // read again below, reporting every problem
        }
    }
    // Only the problems printed are located; the others are only counted.
    ProblemReporter reporter(
        [&](const LocatedProblem& p) {
            if (!quiet && reporter.problems() <= maxErrors) // counts this one
                printOut("%s\n", formatProblem(name, p).c_str());
        },
        quiet ? 0 : maxErrors);
    const bool read = input->forEachChunk(
        [&](std::span<const std::uint8_t> chunk) {
            reporter.feed(chunk);
            return !outputFailed();
        },
        error);
    if (!read) {
        std::fprintf(stderr, "u8scope-cli check: %s\n", error.c_str());
        return FileResult::Unreadable;
    }
    reporter.finish();
    const std::uint64_t found = reporter.problems();
    if (!quiet && found > maxErrors)
        printOut("%s: %llu more problem%s not shown (--max-errors %llu)\n", name.c_str(),
                 static_cast<unsigned long long>(found - maxErrors),
                 found - maxErrors == 1 ? "" : "s", static_cast<unsigned long long>(maxErrors));
    if (!quiet) {
        if (found == 0)
            printOut("%s: valid UTF-8\n", name.c_str());
        else
            printOut("%s: not valid UTF-8: %llu problem%s\n", name.c_str(),
                     static_cast<unsigned long long>(found), found == 1 ? "" : "s");
    }
    return found == 0 ? FileResult::Valid : FileResult::Invalid;
}

// check -r: the named files and the files under each named directory (tree_walk.h). The vector
// check runs on every core, a file each; the verdicts are written in order, and an invalid file
// is read again there to report its problems.
int checkTrees(const std::vector<std::string>& operands, std::uint64_t maxErrors, bool quiet) {
    std::vector<std::string> files;
    bool anyInvalid = false, anyUnreadable = false;
    for (const std::string& path : operands) {
        struct stat st {};
        if (path == "-" || ::stat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
            files.push_back(path);
            continue;
        }
        const TreeWalk walk = walkTree(path);
        for (const std::string& e : walk.errors)
            std::fprintf(stderr, "u8scope-cli check: %s\n", e.c_str());
        anyUnreadable = anyUnreadable || !walk.errors.empty();
        files.insert(files.end(), walk.files.begin(), walk.files.end());
    }
    struct Verdict {
        QuickVerdict verdict = QuickVerdict::Unreadable;
        std::string name, error;
    };
    const auto compute = [&](std::size_t i, const std::atomic<bool>&) {
        Verdict v;
        const auto input = files[i] == "-" ? nullptr : Input::open(files[i], v.error);
        if (input && input->file()) {
            v.name = input->displayName();
            v.verdict = quickScan(*input, v.error);
        } else if (input) {
            v.verdict = QuickVerdict::Invalid; // not a regular file: the reporter reads it
        }
        if (files[i] == "-")
            v.verdict = QuickVerdict::Invalid;
        return v;
    };
    const auto emit = [&](std::size_t i, Verdict v) {
        FileResult r = FileResult::Valid;
        if (v.verdict == QuickVerdict::Unreadable) {
            std::fprintf(stderr, "u8scope-cli check: %s\n", v.error.c_str());
            r = FileResult::Unreadable;
        } else if (v.verdict == QuickVerdict::Valid) {
            if (!quiet)
                printOut("%s: valid UTF-8\n", v.name.c_str());
        } else {
            r = checkOne(files[i], maxErrors, quiet);
        }
        anyInvalid = anyInvalid || r == FileResult::Invalid;
        anyUnreadable = anyUnreadable || r == FileResult::Unreadable;
        std::fflush(stdout);
        return !outputFailed();
    };
    if (!inOrderOnCores<Verdict>(files.size(), compute, emit))
        return kExitUsage; // main() says why
    return anyUnreadable ? kExitUsage : anyInvalid ? kExitInvalid : kExitOk;
}

} // namespace

int runCheck(const Arguments& parsed) {
    std::uint64_t maxErrors = 100;
    if (const std::string* v = parsed.value("max-errors")) {
        const auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), maxErrors);
        if (ec != std::errc() || end != v->data() + v->size())
            return usageError("check", "--max-errors needs a number, not '" + *v + "'");
    }
    if (parsed.positional.empty())
        return usageError("check", "no FILE given (usage: check [--max-errors N] FILE...)");
    const bool quiet = parsed.has("quiet");
    if (parsed.has("recursive"))
        return checkTrees(parsed.positional, maxErrors, quiet);
    bool anyInvalid = false, anyUnreadable = false;
    for (const std::string& path : parsed.positional) {
        switch (checkOne(path, maxErrors, quiet)) {
        case FileResult::Valid:
            break;
        case FileResult::Invalid:
            anyInvalid = true;
            break;
        case FileResult::Unreadable:
            anyUnreadable = true;
            break;
        }
        std::fflush(stdout);
        if (outputFailed())
            return kExitUsage; // main() says why
    }
    // An unreadable file is a usage/I-O error (2) even when others were invalid.
    return anyUnreadable ? kExitUsage : anyInvalid ? kExitInvalid : kExitOk;
}

const CommandSpec kCheckCommand{
    .name = "check",
    .summary = "exit 0 if every FILE is valid UTF-8",
    .operands = "FILE...",
    .description =
        "Is every FILE valid UTF-8 (RFC 3629, Unicode chapter 3)? Each problem is printed on a "
        "line of its own: FILE:LINE:COLUMN: offset N: KIND: BYTES: explanation, the column "
        "counted in characters; then a verdict for each file.\n\n"
        "A file is first checked by the vectorised scan on every core and read a second time "
        "only when it is invalid, to locate its problems.\n\n"
        "With -r a directory stands for the files under it, as ripgrep picks them (hidden "
        "entries, what .gitignore and .ignore exclude and binary files are left out), checked "
        "on every core.",
    .options = kOptions,
    .exitStatuses = kExitStatuses,
    .examples = kExamples,
    .run = runCheck,
};

} // namespace u8cli
