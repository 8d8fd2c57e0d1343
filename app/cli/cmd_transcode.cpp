// `transcode --from ENC --to ENC [--unmappable=fail|substitute|escape] [--escape=STYLE]
// [--add-bom] [--json] (-o OUT | --in-place) FILE`: the same bytes as `uconv -f ENC -t ENC`
// (with --callback substitute / escape-xml-hex). The input streams through in chunks, so memory
// does not grow with the file. Characters the target cannot represent are reported with their
// offsets; under `fail` (the default) nothing is written and the exit status is 1.
#include "arguments.h"
#include "commands.h"
#include "help_text.h"
#include "input.h"
#include "output_target.h"
#include "u8convert/transcode.h"

#include <algorithm>
#include <cstdio>

namespace u8cli {
namespace {

constexpr Choice kUnmappablePolicies[] = {
    {"fail", "write nothing and report every such place: exit status 1"},
    {"substitute", "the target's substitution character (ICU's: ? or 0x1A; U+FFFD into Unicode)"},
    {"escape", "an escape sequence in the target's characters (see --escape)"},
};
constexpr Choice kEscapeStyles[] = {
    {"xml-hex", "&#x20AC;"},       {"xml-dec", "&#8364;"},  {"java", "\\u20AC, surrogate pairs"},
    {"c", "\\u20AC, \\U0001F600"}, {"unicode", "{U+20AC}"}, {"icu", "%U20AC"},
};

constexpr OptionSpec kOptions[] = {
    {.name = "from",
     .kind = ValueKind::Encoding,
     .valueName = "ENC",
     .help = "the encoding of FILE: any name ICU knows (u8scope-cli --list-encodings)",
     .required = true},
    {.name = "to",
     .kind = ValueKind::Encoding,
     .valueName = "ENC",
     .help = "the encoding to write",
     .required = true},
    {.name = "unmappable",
     .kind = ValueKind::Choice,
     .valueName = "POLICY",
     .choices = kUnmappablePolicies,
     .defaultValue = "fail",
     .help = "what becomes of characters the target cannot represent, and of bytes not valid in "
             "the source"},
    {.name = "escape",
     .kind = ValueKind::Choice,
     .valueName = "STYLE",
     .choices = kEscapeStyles,
     .defaultValue = "xml-hex",
     .help = "the escape written by --unmappable=escape, as uconv's --callback escape-STYLE"},
    {.name = "add-bom", .help = "start with a byte order mark (Unicode targets only)"},
    {.name = "json",
     .help = "the report on standard error as one JSON object: names, output bytes, and the "
             "offsets of unmappable and invalid input"},
    kOutputOption,
    kInPlaceOption,
};

constexpr ExitStatus kExitStatuses[] = {
    {0, "the output was written"},
    {1, "a character is not representable in the target, or FILE is not valid in the source "
        "encoding, under --unmappable=fail; or FILE changed while it was read; nothing was "
        "written (to standard output: nothing, unless more than 16 MiB had to go out before "
        "the error, which is then said)"},
    {2, "a usage error (an unknown encoding), or a file could not be read or written"},
};

constexpr Example kExamples[] = {
    {"transcode --from windows-1252 --to UTF-8 -o notes.utf8.txt notes.txt",
     "a legacy file to UTF-8"},
    {"transcode --from UTF-8 --to ISO-8859-1 --unmappable=escape --escape=xml-dec -o page.html "
     "page.utf8.html",
     "characters Latin-1 lacks become &#NNNN;"},
};

std::string offsetList(const std::vector<std::uint64_t>& offsets, std::uint64_t total) {
    std::string s;
    const std::size_t shown = std::min<std::size_t>(offsets.size(), 10);
    for (std::size_t i = 0; i < shown; ++i)
        s += (i ? ", " : "") + std::to_string(offsets[i]);
    if (total > shown)
        s += ", ...";
    return s;
}

std::string jsonOffsets(const std::vector<std::uint64_t>& offsets) {
    std::string s = "[";
    for (std::size_t i = 0; i < offsets.size(); ++i) {
        if (i)
            s += ',';
        s += std::to_string(offsets[i]);
    }
    return s + "]";
}

// `done`: the conversion finished and its output was written whole.
void report(const std::string& name, const u8convert::TranscodeResult& r, bool json, bool done,
            std::uint64_t outputBytes) {
    if (json) {
        std::fprintf(stderr,
                     "{\"ok\":%s,\"from\":\"%s\",\"to\":\"%s\",\"output_bytes\":%llu,"
                     "\"unmappable\":%llu,\"unmappable_offsets\":%s,\"invalid_input\":%llu,"
                     "\"invalid_input_offsets\":%s}\n",
                     done ? "true" : "false", r.from.c_str(), r.to.c_str(),
                     static_cast<unsigned long long>(outputBytes),
                     static_cast<unsigned long long>(r.unmappable),
                     jsonOffsets(r.unmappableOffsets).c_str(),
                     static_cast<unsigned long long>(r.invalidInput),
                     jsonOffsets(r.invalidInputOffsets).c_str());
        return;
    }
    if (r.invalidInput != 0)
        std::fprintf(stderr, "%s: %llu sequence(s) not valid %s at offset(s) %s\n", name.c_str(),
                     static_cast<unsigned long long>(r.invalidInput), r.from.c_str(),
                     offsetList(r.invalidInputOffsets, r.invalidInput).c_str());
    if (r.unmappable != 0)
        std::fprintf(stderr, "%s: %llu character(s) not representable in %s at offset(s) %s\n",
                     name.c_str(), static_cast<unsigned long long>(r.unmappable), r.to.c_str(),
                     offsetList(r.unmappableOffsets, r.unmappable).c_str());
}

} // namespace

int runTranscode(const Arguments& parsed) {
    if (parsed.positional.size() != 1)
        return usageError("transcode",
                          "needs exactly one FILE (" + usageOf(kTranscodeCommand) + ")");
    const std::string* from = parsed.value("from");
    const std::string* to = parsed.value("to");
    if (!from || !to)
        return usageError("transcode",
                          "needs --from and --to (" + usageOf(kTranscodeCommand) + ")");
    for (const std::string* enc : {from, to})
        if (!u8convert::canonicalEncodingName(*enc))
            return usageError("transcode", "unknown encoding '" + *enc +
                                               "' (u8scope-cli --list-encodings lists them)");
    u8convert::TranscodeOptions options;
    if (const std::string* v = parsed.value("unmappable")) {
        const auto p = u8convert::unmappablePolicyFromName(*v);
        if (!p)
            return usageError("transcode",
                              unknownValue(kOptions, "unmappable", "--unmappable policy", *v));
        options.unmappable = *p;
    }
    if (const std::string* v = parsed.value("escape")) {
        const auto s = u8convert::escapeStyleFromName(*v);
        if (!s)
            return usageError("transcode", unknownValue(kOptions, "escape", "--escape style", *v));
        options.escape = *s;
    }
    options.addSignature = parsed.has("add-bom");
    const bool json = parsed.has("json");
    const std::string& inPath = parsed.positional.front();
    const auto target =
        outputTarget("transcode", parsed, inPath, InPlace::Allowed, usageOf(kTranscodeCommand));
    if (!target)
        return kExitUsage;

    std::string error;
    const auto input = Input::open(inPath, error);
    if (!input)
        return usageError("transcode", error);
    u8convert::Transcoder transcoder(*from, *to, options);
    if (!transcoder.status().ok())
        return usageError("transcode", transcoder.status().message());
    // --in-place: the output goes to a temporary file first and replaces FILE only at the end,
    // after the backup; the input is read in chunks, never held whole.
    auto created = AtomicOutput::create(target->path);
    if (!created)
        return usageError("transcode", created.message());
    const auto& out = *created;
    if (options.unmappable == u8convert::UnmappablePolicy::Fail)
        out->holdBack(kHeldOutput); // a refusal writes nothing to standard output either
    std::string converted;
    bool converting = true;
    bool writing = true;
    std::uint64_t written = 0;
    const bool read = input->forEachChunk(
        [&](std::span<const std::uint8_t> chunk) {
            converted.clear();
            converting = transcoder.feed(chunk, converted).ok();
            written += converted.size();
            writing = out->write(converted);
            return converting && writing; // a failed write stops the reading at once
        },
        error);
    if (!read)
        return usageError("transcode", error); // `out` is dropped: no partial OUT
    converted.clear();
    const bool finished = converting && writing && transcoder.finish(converted).ok();
    written += converted.size();
    if (!out->write(converted))
        return usageError("transcode", out->writeFailure() + "; " + whatWasWritten(*out));
    const u8convert::TranscodeResult& result = transcoder.state();
    report(input->displayName(), result, json, finished, finished ? written : 0);
    if (!finished) {
        // A write that failed stopped the conversion with nothing wrong in it: no reason of its.
        const std::string why = result.status.ok() ? std::string() : result.status.message();
        std::fprintf(stderr, "u8scope-cli transcode: %s: %s; %s%s\n", input->displayName().c_str(),
                     why.c_str(), whatWasWritten(*out).c_str(),
                     result.unmappable + result.invalidInput != 0
                         ? " (--unmappable=substitute or escape converts anyway)"
                         : "");
        return result.unmappable + result.invalidInput != 0 ? kExitInvalid : kExitUsage;
    }
    return commitOutput("transcode", *input, *target, *out);
}

const CommandSpec kTranscodeCommand{
    .name = "transcode",
    .summary = "convert between encodings",
    .operands = "FILE",
    .description =
        "Converts FILE from one encoding to another, the same bytes as `uconv -f ENC -t ENC` "
        "(with --callback substitute or escape-STYLE). The input streams through in chunks, so "
        "memory does not grow with the file. Characters the target cannot represent, and bytes "
        "not valid in the source, are reported with their offsets.",
    .options = kOptions,
    .exitStatuses = kExitStatuses,
    .examples = kExamples,
    .run = runTranscode,
};

} // namespace u8cli
