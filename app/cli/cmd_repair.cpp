// `repair [--invalid=replace|drop|cp1252|latin1] [--mojibake[=PAGE,…]] [--cesu]
// [--bom=keep|strip|add] [--c1=keep|cp1252] [--newlines=keep|lf|crlf] [--normalize=nfc|nfd]
// [--json | --explain] (-o OUT | --in-place) FILE`: clean UTF-8 out, a report of every change on
// stderr (--explain: a paragraph per change, for a mojibake fix its pages, evidence, likelihood
// and confidence). OUT appears whole or not at all; the input is only replaced with --in-place,
// after a copy of it was saved as FILE.bak (FILE.bak.N when that is taken; see backup_file.h).
#include "arguments.h"
#include "code_page_names.h"
#include "commands.h"
#include "help_text.h"
#include "input.h"
#include "output_target.h"
#include "u8convert/repair.h"
#include "u8convert/repair_lines.h"
#include "u8convert/repair_stream.h"

#include <charconv>
#include <cstdio>
#include <cstring>
#include <optional>

namespace u8cli {
namespace {

constexpr Choice kInvalidPolicies[] = {
    {"replace", "one U+FFFD for each maximal subpart (Unicode chapter 3)"},
    {"drop", "remove the ill-formed bytes (also spelt `ignore`)"},
    {"cp1252", "read each ill-formed byte as its windows-1252 character"},
    {"latin1", "read each ill-formed byte as ISO-8859-1"},
    {"strict", "refuse: exit status 1 and nothing written if there is any"},
};
constexpr Choice kBomActions[] = {
    {"keep", "leave a leading byte order mark as it is"},
    {"strip", "remove it, and any U+FEFF inside the text"},
    {"add", "start with one, and remove any U+FEFF inside the text"},
};
constexpr Choice kC1Actions[] = {
    {"keep", "leave the C1 controls U+0080..U+009F"},
    {"cp1252", "read each as the windows-1252 punctuation of its byte: U+0093 becomes U+201C"},
};
constexpr Choice kLineEndings[] = {
    {"keep", "leave line endings as they are"},
    {"lf", "end every line with LF"},
    {"crlf", "end every line with CR LF"},
};
constexpr Choice kScopes[] = {
    {"file", "the mojibake repair weighs the damage the whole file shows"},
    {"line", "each line is repaired on its own, by its own evidence (records: CSV, TSV, JSON "
             "Lines, logs, lists of names)"},
};
constexpr Choice kNormalForms[] = {
    {"nfc", "canonical composition (UAX #15): what the web and most APIs expect"},
    {"nfd", "canonical decomposition (HFS+ file names)"},
};

constexpr OptionSpec kOptions[] = {
    {.name = "invalid",
     .kind = ValueKind::Choice,
     .valueName = "POLICY",
     .choices = kInvalidPolicies,
     .defaultValue = "replace",
     .help = "what becomes of ill-formed sequences"},
    {.name = "mojibake",
     .kind = ValueKind::NameList,
     .valueName = "PAGE,...",
     .names = codePageNames,
     .help = "undo text encoded twice (UTF-8 read through a legacy code page and encoded "
             "again); with =PAGE,... only those pages are tried, and the text is taken to have "
             "been read through them",
     .valueOnlyInline = true},
    {.name = "cesu", .help = "turn CESU-8 surrogate pairs and C0 80 (Modified UTF-8) into UTF-8"},
    {.name = "bom",
     .kind = ValueKind::Choice,
     .valueName = "ACTION",
     .choices = kBomActions,
     .defaultValue = "keep",
     .help = "the byte order mark"},
    {.name = "c1",
     .kind = ValueKind::Choice,
     .valueName = "ACTION",
     .choices = kC1Actions,
     .defaultValue = "cp1252 with --mojibake, keep without",
     .help = "C1 control characters left in well-formed text"},
    {.name = "newlines",
     .kind = ValueKind::Choice,
     .valueName = "ENDING",
     .choices = kLineEndings,
     .defaultValue = "keep",
     .help = "line endings"},
    {.name = "normalize",
     .kind = ValueKind::Choice,
     .valueName = "FORM",
     .choices = kNormalForms,
     .defaultValue = "none, the text keeps its forms",
     .help = "Unicode normalisation; a run of more than 4096 combining characters is refused"},
    {.name = "scope",
     .kind = ValueKind::Choice,
     .valueName = "SCOPE",
     .choices = kScopes,
     .defaultValue = "file",
     .help = "what a repair is judged by"},
    {.name = "max-input",
     .kind = ValueKind::Number,
     .valueName = "BYTES",
     .defaultValue = "4294967296 (4 GiB)",
     .help = "the most standard input taken: it is copied to a temporary file first, which an "
             "endless stream would otherwise grow until the disk is full (a FILE has no limit)"},
    {.name = "json", .help = "the report of the changes as one JSON object", .group = "report"},
    {.name = "explain",
     .help = "the report as a paragraph for each change; for a mojibake fix its pages, evidence, "
             "likelihood (the character pairs that decided) and confidence",
     .group = "report"},
    kOutputOption,
    kInPlaceOption,
};

constexpr ExitStatus kExitStatuses[] = {
    {0, "the output was written, and the report of the changes printed on standard error"},
    {1, "the repair was refused (--invalid=strict met an ill-formed sequence, or FILE changed "
        "while it was read); nothing was written"},
    {2, "a usage error, or a file could not be read or written"},
};

constexpr Example kExamples[] = {
    {"repair --mojibake -o fixed.txt broken.txt",
     "\"CafÃ©\" becomes \"Café\"; ill-formed bytes become U+FFFD"},
    {"repair --invalid=cp1252 --newlines=lf --in-place notes.txt",
     "clean a file where it is; notes.txt.bak keeps the original"},
};

int refuse(const std::string& message) {
    std::fprintf(stderr, "u8scope-cli repair: %s\n", message.c_str());
    return kExitInvalid;
}

// Inputs from this size on are repaired window by window in bounded memory
// (u8convert::repairStreamed(), the same output and report as repair()); smaller ones in memory,
// which reads them once.
constexpr std::uint64_t kStreamFrom = u8convert::kRepairInWindowsFrom;
// The most standard input spooled unless --max-input says otherwise.
constexpr std::uint64_t kDefaultMaxInput = std::uint64_t(4) << 30;

enum class ReportStyle { Text, Json, Explanation };

void printReport(const Input& input, const u8convert::RepairReport& report, ReportStyle style) {
    if (style == ReportStyle::Json)
        std::fprintf(stderr, "%s\n", report.toJson().c_str());
    else if (style == ReportStyle::Explanation)
        std::fprintf(stderr, "%s:\n%s", input.displayName().c_str(),
                     report.toExplanation().c_str());
    else
        std::fprintf(stderr, "%s: %s", input.displayName().c_str(), report.toText().c_str());
}

// The end of every repair: the output made visible and the report printed; but --in-place with
// nothing to change leaves FILE alone, neither rewritten nor backed up.
int finishRepair(const Input& input, const OutputTarget& target, AtomicOutput& out,
                 const u8convert::RepairReport& report, ReportStyle style) {
    if (target.inPlace && report.total() == 0 && report.inputBytes == report.outputBytes) {
        printReport(input, report, style);
        std::fprintf(stderr, "u8scope-cli repair: %s: nothing to change; left as it was\n",
                     input.displayName().c_str());
        return kExitOk; // `out` is dropped: its temporary file goes
    }
    const int status = commitOutput("repair", input, target, out);
    if (status == kExitOk)
        printReport(input, report, style);
    return status;
}

// How a repair that writes as it goes is run: window by window (repairStreamed()) or line by line
// (repairLineByLine()).
using SinkRepair = u8convert::RepairResult (*)(const u8codec::ByteSource&,
                                               const u8convert::RepairSink&,
                                               const u8convert::RepairOptions&);

// In memory or window by window, as the library chooses (u8convert::repairSource()).
u8convert::RepairResult wholeText(const u8codec::ByteSource& source,
                                  const u8convert::RepairSink& sink,
                                  const u8convert::RepairOptions& options) {
    return u8convert::repairSource(source, sink, options);
}

// A repair that writes its output into the target's temporary file, made visible only when all
// went well: the whole text (in memory or window by window) or line by line. `file`:
// the file the input is read from, whose read errors are reported (null: the input is in memory).
int repairThroughSink(const Input& input, const u8codec::ByteSource& source,
                      const u8codec::FileSource* file, const OutputTarget& target,
                      const u8convert::RepairOptions& options, ReportStyle style, SinkRepair run) {
    auto created = AtomicOutput::create(target.path);
    if (!created)
        return usageError("repair", created.message());
    const auto& out = *created;
    u8convert::RepairSink sink;
    sink.write = [&](std::string_view piece) { return out->write(piece); };
    // A temporary file can be written ahead and taken back (a clean file then takes one pass);
    // standard output cannot.
    if (!out->isStandardOutput())
        sink.restart = [&] { return out->rewind(); };
    const u8convert::RepairResult result = run(source, sink, options);
    if (const int failed = file ? file->readError() : 0)
        return usageError("repair",
                          input.displayName() + ": " + std::strerror(failed) + "; nothing written");
    if (const std::string failure = out->writeFailure(); !failure.empty())
        return usageError("repair", failure + "; nothing written");
    if (!result.status.ok())
        return refuse(input.displayName() + ": " + result.status.message() + "; nothing written");
    return finishRepair(input, target, *out, result.report, style);
}

// The repair's options from the command line; a usage message in `error` when one is refused.
std::optional<u8convert::RepairOptions> repairOptionsOf(const Arguments& parsed,
                                                        std::string& error) {
    u8convert::RepairOptions options;
    const auto fail = [&](std::string message) {
        error = std::move(message);
        return std::nullopt;
    };
    if (const std::string* v = parsed.value("invalid")) {
        // "drop" is the CLI's word for the Decoder's Ignore policy.
        const auto policy = u8codec::errorPolicyFromName(*v == "drop" ? "ignore" : *v);
        if (!policy)
            return fail(unknownValue(kOptions, "invalid", "--invalid policy", *v));
        options.invalid = *policy;
    }
    options.mojibake = parsed.has("mojibake");
    if (const std::string* v = parsed.value("mojibake")) {
        // The pages named are the only ones tried, and the text is taken to have been read
        // through them: an equally plausible repair through one of them is made.
        std::string why;
        const auto pages = codePagesFromList(*v, why);
        if (!pages)
            return fail(why);
        options.mojibakeOptions.codePages = *pages;
        options.mojibakeOptions.assumedPages = *pages;
    }
    options.cesu = parsed.has("cesu");
    if (const std::string* v = parsed.value("bom")) {
        const auto action = u8convert::bomActionFromName(*v);
        if (!action)
            return fail(unknownValue(kOptions, "bom", "--bom action", *v));
        options.bom = *action;
    }
    if (const std::string* v = parsed.value("c1")) {
        const auto action = u8convert::c1ActionFromName(*v);
        if (!action)
            return fail("unknown --c1 action '" + *v +
                        "' (keep, or cp1252 to read C1 controls U+0080..U+009F "
                        "as windows-1252 punctuation)");
        options.c1 = *action;
    } else if (options.mojibake) {
        // A C1 control left in text that shows mojibake is windows-1252 punctuation that a
        // Latin-1 reader kept ("â€œword\u0094": the closing quote of two origins).
        options.c1 = u8convert::C1Action::Cp1252;
    }
    if (const std::string* v = parsed.value("newlines")) {
        if (*v == "lf")
            options.lineEnding = u8convert::LineEnding::Lf;
        else if (*v == "crlf")
            options.lineEnding = u8convert::LineEnding::CrLf;
        else if (*v != "keep")
            return fail(unknownValue(kOptions, "newlines", "--newlines value", *v));
    }
    if (const std::string* v = parsed.value("normalize")) {
        options.normalForm = u8convert::normalFormFromName(*v);
        if (!options.normalForm)
            return fail(unknownValue(kOptions, "normalize", "--normalize form", *v));
    }
    return options;
}

} // namespace

int runRepair(const Arguments& parsed) {
    if (parsed.positional.size() != 1)
        return usageError("repair", "needs exactly one FILE (" + usageOf(kRepairCommand) + ")");
    std::string optionError;
    const auto parsedOptions = repairOptionsOf(parsed, optionError);
    if (!parsedOptions)
        return usageError("repair", optionError);
    const u8convert::RepairOptions& options = *parsedOptions;
    const bool json = parsed.has("json");
    const bool explain = parsed.has("explain");
    const std::string* scope = parsed.value("scope");
    if (scope && *scope != "file" && *scope != "line")
        return usageError("repair", unknownValue(kOptions, "scope", "--scope", *scope));
    const bool byLine = scope && *scope == "line";
    if (json && explain)
        return usageError("repair", "--json and --explain exclude each other (" +
                                        usageOf(kRepairCommand) + ")");
    const std::string& inPath = parsed.positional.front();
    const auto target =
        outputTarget("repair", parsed, inPath, InPlace::Allowed, usageOf(kRepairCommand));
    if (!target)
        return kExitUsage;

    std::string error;
    const auto input = Input::open(inPath, error);
    if (!input)
        return usageError("repair", error);
    const ReportStyle style = json      ? ReportStyle::Json
                              : explain ? ReportStyle::Explanation
                                        : ReportStyle::Text;
    // A file of kStreamFrom bytes or more is repaired window by window; standard input that
    // long is first copied to a temporary file.
    std::unique_ptr<u8codec::FileSource> spooled;
    std::string text;
    std::uint64_t maxInput = kDefaultMaxInput;
    if (const std::string* v = parsed.value("max-input")) {
        const auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), maxInput);
        if (ec != std::errc() || end != v->data() + v->size())
            return usageError("repair", "--max-input needs a number of bytes, not '" + *v + "'");
    }
    if (!input->file() && !input->readOrSpool(kStreamFrom, maxInput, text, spooled, error))
        return usageError("repair", error);
    const u8codec::FileSource* file = input->file() ? input->file() : spooled.get();
    // Line by line, any input is read once, a block at a time; else the library reads a small
    // input whole and a large one window by window.
    const SinkRepair run = byLine ? u8convert::repairLineByLine : wholeText;
    if (file)
        return repairThroughSink(*input, *file, file, *target, options, style, run);
    // Standard input short enough to be held in memory.
    const u8codec::MemorySource memory(std::vector<std::uint8_t>(text.begin(), text.end()));
    text = {};
    return repairThroughSink(*input, memory, nullptr, *target, options, style, run);
}

const CommandSpec kRepairCommand{
    .name = "repair",
    .summary = "fix invalid bytes, mojibake, CESU-8, C1 controls, BOM, newlines, normal form",
    .operands = "FILE",
    .description =
        "Clean UTF-8 out of FILE, and a report of every change on standard error. The steps "
        "run in this order: CESU-8, ill-formed sequences, BOM, mojibake, C1 controls, "
        "normalisation, line endings. Only the steps asked for run, but ill-formed sequences are "
        "always handled (by --invalid): the output is well-formed UTF-8.\n\n"
        "OUT appears whole or not at all; FILE is only replaced with --in-place, after a backup, "
        "and left alone, without a backup, when nothing needs to change. A large file is repaired "
        "window by window, with the same output and report. A window ends only before an ASCII "
        "byte (with --normalize, two side by side), so a stretch without one, such as a long run "
        "of CJK without a line break, is held whole: memory grows with the longest such stretch "
        "(a few times its length), not with the file.\n\n"
        "With --normalize, a run of more than 4096 combining characters (no normalisation "
        "boundary between them) is refused with exit 1, as soon as it is read: the normaliser "
        "holds such a run whole, in several copies (a 100 MiB run took 826 MB), while real text "
        "has at most 30 (the Stream-Safe Text Format, UAX #15 section 13). That format's remedy, "
        "inserting U+034F COMBINING GRAPHEME JOINER, is not applied: it would add characters "
        "that are not in FILE and give text that is not FILE's normal form.",
    .options = kOptions,
    .exitStatuses = kExitStatuses,
    .examples = kExamples,
    .run = runRepair,
};

} // namespace u8cli
