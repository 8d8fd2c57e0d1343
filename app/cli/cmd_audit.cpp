// `audit [--profile=code|text] [--json | --sarif] [--kinds=LIST] [--allow=FILE] FILE...`: what
// hides in (valid) UTF-8: bidirectional controls, invisible characters, look-alikes, and the
// other kinds of u8convert::AuditKind, with ill-formed UTF-8 in the same stream. Each file is
// streamed through the codec's Auditor in constant memory. A directory is walked with -r
// (tree_walk.h, its files audited on every core and written in order), refused without it, so
// what is audited is always what was named.
#include "arguments.h"
#include "audit_baseline.h"
#include "audit_output.h"
#include "commands.h"
#include "help_text.h"
#include "in_order_on_cores.h"
#include "input.h"
#include "standard_output.h"
#include "tree_walk.h"
#include "u8convert/audit.h"

#include <atomic>
#include <charconv>
#include <cstdio>
#include <functional>
#include <set>
#include <sys/stat.h>

namespace u8cli {
namespace {

constexpr Choice kProfiles[] = {
    {"code", "every kind applies; identifiers are runs of letters, digits and _"},
    {"text", "prose: right-to-left embeddings, LRM/RLM, no-break spaces, soft hyphens and "
             "ZWJ/ZWNJ where scripts use them are normal"},
};

// Every kind --kinds takes, named by the codec.
std::vector<std::string> auditKindNames() {
    std::vector<std::string> names;
    for (int k = 0; k < u8convert::kAuditKindCount; ++k)
        names.emplace_back(u8convert::name(u8convert::AuditKind(k)));
    return names;
}

constexpr OptionSpec kOptions[] = {
    {.name = "profile",
     .kind = ValueKind::Choice,
     .valueName = "PROFILE",
     .choices = kProfiles,
     .defaultValue = "from the file name: code for programming-language extensions and names "
                     "such as Makefile, text otherwise and for standard input",
     .help = "what kind of text FILE is"},
    {.name = "json",
     .help = "JSON Lines: one object for each finding, then {\"summary\":{...}}",
     .group = "format"},
    {.name = "sarif", .help = "one SARIF 2.1.0 log, for code-scanning services", .group = "format"},
    {.name = "kinds",
     .kind = ValueKind::NameList,
     .valueName = "KIND,...",
     .names = auditKindNames,
     .defaultValue = "every kind but mixed-script, and in the text profile not-nfc",
     .help = "report only these kinds; `invalid` is ill-formed UTF-8"},
    {.name = "max-findings",
     .kind = ValueKind::Number,
     .valueName = "N",
     .defaultValue = "1000",
     .help = "write at most N findings of each kind for each file, then a line saying how many "
             "more there were (0: every one); nested bidi controls would otherwise give "
             "hundreds of MB"},
    {.name = "allow",
     .kind = ValueKind::File,
     .valueName = "FILE",
     .help = "never report what FILE lists, one entry a line (# starts a comment): code points "
             "(U+XXXX, U+XXXX..U+YYYY), scripts (script:Cyrillic) and identifiers or words used "
             "on purpose (word:NAME, which then gets no confusable or mixed-script finding)"},
    {.name = "recursive",
     .letter = 'r',
     .help = "audit the files under each FILE that is a directory, on every core, as ripgrep "
             "picks them: hidden entries, what .gitignore and .ignore exclude, symbolic links "
             "and binary files (a NUL byte in the first 8 KiB) are left out; findings are "
             "written in the order of the sorted paths"},
    {.name = "baseline",
     .kind = ValueKind::File,
     .valueName = "FILE",
     .help = "report only the findings that are not in FILE, the --json or --sarif output of an "
             "accepted run (findings are matched by fingerprint: kind, file name, characters and "
             "their order in the file, not line numbers)"},
};

// "bidi-control,invisible" -> mask; "invalid" stands for ill-formed UTF-8.
bool parseKinds(const std::string& list, u8convert::AuditKindMask& mask, std::string& error) {
    mask = 0;
    std::size_t start = 0;
    while (start <= list.size()) {
        const auto comma = list.find(',', start);
        const std::string item =
            list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (const auto kind = u8convert::auditKindFromName(item)) {
            mask |= u8convert::kindBit(*kind);
        } else {
            error = "unknown kind '" + item + "' in --kinds (kinds:";
            for (int k = 0; k < u8convert::kAuditKindCount; ++k)
                error += std::string(k ? ", " : " ") +
                         std::string(u8convert::name(u8convert::AuditKind(k)));
            error += ")";
            return false;
        }
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return true;
}

// Binary: a file found under a directory with a NUL among its first 8 KiB, left out as the
// walk would have (tree_walk.h); the audit sniffs it from the first chunk it reads anyway.
enum class FileResult { Clean, Findings, Unreadable, Binary };

struct Settings {
    std::optional<u8convert::AuditProfile> profile; // forced by --profile
    std::optional<u8convert::AuditKindMask> kinds;  // named by --kinds; else the profile's default
    u8convert::CodePointSet allowlist;
    std::vector<std::u32string> allowedWords;
    std::uint64_t maxFindings = 1000;              // of each kind in each file; 0: no limit
    std::optional<std::set<std::string>> baseline; // fingerprints of accepted findings
};

using ShownSink = std::function<void(const AuditTally&, const u8convert::AuditFinding&,
                                     const std::string& fingerprint)>;

// Audits the file `path` (not a directory) into `tally`; `shown` gets each finding to write
// (those past --max-findings or in the baseline are only counted). `keepGoing` is asked after
// every chunk. On failure returns Unreadable with `error` set. With `skipBinary` (a file found
// under a directory) a binary file is not audited: Binary.
FileResult auditFile(const std::string& path, const Settings& settings, AuditTally& tally,
                     const ShownSink& shown, const std::function<bool()>& keepGoing,
                     std::string& error, bool skipBinary = false) {
    const auto input = Input::openToRead(path, error);
    if (!input)
        return FileResult::Unreadable;
    tally.file = input->name(); // the text output shows it escaped (shownName)
    tally.maxFindings = settings.maxFindings;
    if (settings.profile) {
        tally.profile = *settings.profile;
        tally.profileReason = "--profile";
    } else if (path == "-") {
        tally.profile = u8convert::AuditProfile::Text;
        tally.profileReason = "standard input";
    } else {
        tally.profile = u8convert::profileForFileName(path, &tally.profileReason);
    }
    u8convert::AuditOptions options;
    options.profile = tally.profile;
    options.kinds = settings.kinds.value_or(u8convert::defaultAuditKinds(tally.profile));
    if (path != "-")
        options.syntax = u8convert::codeSyntaxForFileName(path);
    options.allowlist = settings.allowlist;
    options.allowedWords = settings.allowedWords;
    u8convert::Auditor auditor(std::move(options));
    FindingFingerprints fingerprints(path);
    const auto sink = [&](const u8convert::AuditFinding& f) {
        const std::string fingerprint = fingerprints.next(f);
        if (settings.baseline && settings.baseline->count(fingerprint) != 0) {
            ++tally.baselined;
            return;
        }
        ++tally.findings;
        const std::string_view kind = u8convert::kindName(f);
        const std::uint64_t seen = ++tally.byKind[std::string(kind)];
        if (settings.maxFindings != 0 && seen > settings.maxFindings)
            ++tally.notShown[std::string(kind)];
        else
            shown(tally, f, fingerprint);
    };
    bool first = true, binary = false;
    const bool read = input->forEachChunk(
        [&](std::span<const std::uint8_t> chunk) {
            // The first chunk holds the first 8 KiB (a chunk is 1 MiB, or the whole file).
            binary = first && skipBinary && looksBinary(chunk);
            first = false;
            if (binary)
                return false;
            auditor.feed(chunk, sink);
            return keepGoing();
        },
        error);
    if (!read)
        return FileResult::Unreadable;
    if (binary)
        return FileResult::Binary;
    auditor.finish(sink);
    return tally.findings == 0 ? FileResult::Clean : FileResult::Findings;
}

void refuseDirectory(const std::string& path) {
    std::fprintf(stderr,
                 "u8scope-cli audit: %s is a directory: give -r to audit the files under it, or "
                 "name the files\n",
                 path.c_str());
}

// One file, its findings written as they are found (constant memory).
FileResult auditOne(const std::string& path, const Settings& settings, AuditOutput& output) {
    struct stat st {};
    if (path != "-" && ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
        refuseDirectory(path);
        return FileResult::Unreadable;
    }
    AuditTally tally;
    std::string error;
    const FileResult r = auditFile(
        path, settings, tally,
        [&](const AuditTally& t, const u8convert::AuditFinding& f, const std::string& fp) {
            output.finding(t, f, fp);
        },
        [] { return !outputFailed(); }, // the reader is gone (EPIPE) or the disk full: stop
        error);
    if (r == FileResult::Unreadable)
        std::fprintf(stderr, "u8scope-cli audit: %s\n", error.c_str());
    else
        output.endFile(tally);
    return r;
}

// What one file gave, held until the files before it are written (audit -r).
struct FileAudit {
    AuditTally tally;
    std::vector<std::pair<u8convert::AuditFinding, std::string>> shown;
    std::string error;
    FileResult result = FileResult::Clean;
};

// Audits `files` on every core and writes each file's findings in the order of `files`, as
// soon as the files before it are written; those marked in `walked` (found under a directory)
// are left out when binary. Returns false when the output failed.
bool auditInParallel(const std::vector<std::string>& files, const std::vector<bool>& walked,
                     const Settings& settings, AuditOutput& output, bool& anyFindings,
                     bool& anyUnreadable) {
    const auto compute = [&](std::size_t i, const std::atomic<bool>& stop) {
        FileAudit a;
        a.result = auditFile(
            files[i], settings, a.tally,
            [&a](const AuditTally&, const u8convert::AuditFinding& f, const std::string& fp) {
                a.shown.emplace_back(f, fp);
            },
            [&stop] { return !stop.load(); }, a.error, walked[i]);
        return a;
    };
    const auto emit = [&](std::size_t, FileAudit a) {
        if (a.result == FileResult::Binary)
            return true;
        if (a.result == FileResult::Unreadable) {
            std::fprintf(stderr, "u8scope-cli audit: %s\n", a.error.c_str());
            anyUnreadable = true;
            return true;
        }
        for (const auto& [f, fp] : a.shown)
            output.finding(a.tally, f, fp);
        output.endFile(a.tally);
        anyFindings = anyFindings || a.result == FileResult::Findings;
        std::fflush(stdout);
        return !outputFailed();
    };
    return inOrderOnCores<FileAudit>(files.size(), compute, emit);
}

// audit -r: the named files, and the files under each named directory (tree_walk.h).
bool auditTrees(const std::vector<std::string>& operands, const Settings& settings,
                AuditOutput& output, bool& anyFindings, bool& anyUnreadable) {
    std::vector<std::string> files;
    std::vector<bool> walked; // found under a directory: left out when binary
    for (const std::string& path : operands) {
        struct stat st {};
        if (path == "-" || ::stat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
            files.push_back(path);
            walked.push_back(false);
            continue;
        }
        // The walk opens no file: each is sniffed for a NUL from the chunk the audit reads.
        TreeWalk walk = walkTree(path, false);
        for (const std::string& e : walk.errors)
            std::fprintf(stderr, "u8scope-cli audit: %s\n", e.c_str());
        anyUnreadable = anyUnreadable || !walk.errors.empty();
        files.insert(files.end(), walk.files.begin(), walk.files.end());
        walked.resize(files.size(), true);
    }
    return auditInParallel(files, walked, settings, output, anyFindings, anyUnreadable);
}

} // namespace

int runAudit(const Arguments& parsed) {
    Settings settings;
    if (const std::string* p = parsed.value("profile")) {
        settings.profile = u8convert::auditProfileFromName(*p);
        if (!settings.profile)
            return usageError("audit", unknownValue(kOptions, "profile", "profile", *p));
    }
    if (const std::string* k = parsed.value("kinds")) {
        std::string error;
        if (!parseKinds(*k, settings.kinds.emplace(), error))
            return usageError("audit", error);
    }
    if (const std::string* a = parsed.value("allow")) {
        auto allow = u8convert::readAllowlist(*a);
        if (!allow.ok())
            return usageError("audit", "allowlist " + allow.message());
        settings.allowlist = std::move(allow->set);
        settings.allowedWords = std::move(allow->words);
    }
    if (const std::string* v = parsed.value("max-findings")) {
        const auto [end, ec] =
            std::from_chars(v->data(), v->data() + v->size(), settings.maxFindings);
        if (ec != std::errc() || end != v->data() + v->size())
            return usageError("audit", "--max-findings needs a number, not '" + *v + "'");
    }
    if (const std::string* b = parsed.value("baseline")) {
        std::string error;
        settings.baseline = readBaseline(*b, error);
        if (!settings.baseline)
            return usageError("audit", error);
    }
    if (parsed.has("json") && parsed.has("sarif"))
        return usageError("audit", "--json and --sarif exclude each other");
    if (parsed.positional.empty())
        return usageError("audit", "no FILE given (" + usageOf(kAuditCommand) + ")");
    const std::unique_ptr<AuditOutput> output = parsed.has("sarif")  ? makeSarifAuditOutput()
                                                : parsed.has("json") ? makeJsonAuditOutput()
                                                                     : makeHumanAuditOutput();
    bool anyFindings = false, anyUnreadable = false;
    if (parsed.has("recursive")) {
        if (!auditTrees(parsed.positional, settings, *output, anyFindings, anyUnreadable))
            return kExitUsage; // main() says why
        output->finish(!anyUnreadable);
        return anyUnreadable ? kExitUsage : anyFindings ? kExitInvalid : kExitOk;
    }
    for (const std::string& path : parsed.positional) {
        switch (auditOne(path, settings, *output)) {
        case FileResult::Clean:
            break;
        case FileResult::Findings:
            anyFindings = true;
            break;
        case FileResult::Unreadable:
            anyUnreadable = true;
            break;
        case FileResult::Binary: // only a file found under a directory is left out so
            break;
        }
        std::fflush(stdout);
        if (outputFailed())
            return kExitUsage; // main() says why
    }
    output->finish(!anyUnreadable);
    // An unreadable file is a usage/I-O error (2) even when others had findings.
    return anyUnreadable ? kExitUsage : anyFindings ? kExitInvalid : kExitOk;
}

namespace {

constexpr ExitStatus kExitStatuses[] = {
    {0, "nothing was found"},
    {1, "something was found in a FILE"},
    {2, "a usage error, or a FILE could not be read (a directory is refused without -r)"},
};

constexpr Example kExamples[] = {
    {"audit src/main.c", "FILE:LINE:COLUMN: offset N: KIND: U+XXXX NAME: explanation"},
    {"audit --sarif $(git ls-files) > audit.sarif", "every tracked file, for code scanning"},
    {"audit -r .", "every file of the tree that is not ignored or binary"},
};

} // namespace

const CommandSpec kAuditCommand{
    .name = "audit",
    .summary = "bidi controls, invisible and look-alike characters, and other hidden text",
    .operands = "FILE...",
    .description =
        "What hides in valid UTF-8: bidirectional controls (Trojan Source, CVE-2021-42574), "
        "invisible characters, look-alike letters and mixed scripts (UTS #39), controls, "
        "noncharacters, private-use and unassigned code points, text not in NFC, a BOM inside "
        "the text, payloads hidden in variation selectors or tags; ill-formed UTF-8 is reported "
        "in the same stream. Each file is streamed in constant memory; the output says which "
        "profile was used and why. mixed-script findings (and not-nfc in the text profile) are "
        "reported only when named in --kinds: a look-alike letter inside a word of another "
        "script is a confusable finding in every profile.\n\n"
        "With -r a directory stands for the files under it, as ripgrep picks them (hidden "
        "entries, what .gitignore and .ignore exclude and binary files are left out), audited "
        "on every core; without it a directory is refused.",
    .options = kOptions,
    .exitStatuses = kExitStatuses,
    .examples = kExamples,
    .run = runAudit,
};

} // namespace u8cli
