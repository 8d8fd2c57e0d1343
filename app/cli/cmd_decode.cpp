// `decode [--errors=POLICY] [-o OUT] FILE`: well-formed UTF-8 out of any bytes, under an error
// policy (u8codec::ErrorPolicy). `replace` gives one U+FFFD per maximal subpart (Unicode
// chapter 3), byte for byte what Python, ICU, Rust and the WHATWG decoder give. `strict` stops at
// the first error with the check diagnostic and leaves no OUT file behind.
#include "arguments.h"
#include "commands.h"
#include "help_text.h"
#include "input.h"
#include "output_target.h"
#include "problem_reporter.h"
#include "u8codec/decoder.h"

#include <cstdio>
#include <optional>

namespace u8cli {
namespace {

constexpr Choice kPolicies[] = {
    {"strict", "stop at the first error: exit status 1, no OUT written"},
    {"replace", "one U+FFFD for each maximal subpart (Unicode chapter 3), as Python, ICU and the "
                "WHATWG decoder do"},
    {"ignore", "drop the ill-formed bytes"},
    {"latin1", "read each ill-formed byte as ISO-8859-1 (U+0080..U+00FF)"},
    {"cp1252", "read each ill-formed byte as its windows-1252 character"},
};

constexpr OptionSpec kOptions[] = {
    {.name = "errors",
     .kind = ValueKind::Choice,
     .valueName = "POLICY",
     .choices = kPolicies,
     .defaultValue = "strict",
     .help = "what becomes of ill-formed sequences"},
    {.name = "output",
     .letter = 'o',
     .kind = ValueKind::File,
     .valueName = "OUT",
     .defaultValue = "standard output",
     .help = "write to OUT, which appears whole or not at all and is never the input file"},
};

constexpr ExitStatus kExitStatuses[] = {
    {0, "the output was written"},
    {1, "FILE is not valid UTF-8 under --errors=strict; nothing was written (to standard "
        "output: nothing, unless more than 16 MiB had to go out before the error, which is "
        "then said)"},
    {2, "a usage error, or a file could not be read or written"},
};

constexpr Example kExamples[] = {
    {"decode --errors=replace -o clean.txt damaged.txt", "U+FFFD where the bytes were bad"},
    {"decode --errors=cp1252 - < mixed.txt", "bytes from a windows-1252 file kept as its letters"},
};

} // namespace

int runDecode(const Arguments& parsed) {
    if (parsed.positional.size() != 1)
        return usageError("decode", "needs exactly one FILE (" + usageOf(kDecodeCommand) + ")");
    u8codec::ErrorPolicy policy = u8codec::ErrorPolicy::Strict;
    if (const std::string* v = parsed.value("errors")) {
        const auto p = u8codec::errorPolicyFromName(*v);
        if (!p)
            return usageError("decode", unknownValue(kOptions, "errors", "error policy", *v));
        policy = *p;
    }
    const std::string& inPath = parsed.positional.front();
    const auto target = outputTarget("decode", parsed, inPath, InPlace::Refused, {});
    if (!target)
        return kExitUsage;

    std::string error;
    const auto input = Input::open(inPath, error);
    if (!input)
        return usageError("decode", error);
    auto created = AtomicOutput::create(target->path);
    if (!created)
        return usageError("decode", created.message());
    const auto& out = *created;

    if (policy == u8codec::ErrorPolicy::Strict)
        out->holdBack(kHeldOutput); // a refusal writes nothing to standard output either
    u8codec::Decoder decoder(policy);
    // Under `strict`, the problem at the first error and its line and column are reported the
    // way `check` reports them.
    std::optional<LocatedProblem> firstProblem;
    std::optional<ProblemReporter> reporter;
    if (policy == u8codec::ErrorPolicy::Strict)
        reporter.emplace([&](const LocatedProblem& p) {
            if (!firstProblem)
                firstProblem = p;
        });
    bool failed = false;
    bool writing = true;
    // Well-formed stretches go from the read buffer to the output file without a copy (the
    // Decoder's Writer).
    const u8codec::Decoder::Writer write = [&](std::string_view piece) {
        writing = out->write(piece) && writing;
    };
    const bool read = input->forEachChunk(
        [&](std::span<const std::uint8_t> chunk) {
            if (reporter)
                reporter->feed(chunk);
            if (failed) // keep reading only until the reporter has located the problem
                return !firstProblem;
            failed = !decoder.feed(chunk, write);
            // A failed write stops the reading at once: an endless input would go on for ever.
            return writing && !(failed && firstProblem);
        },
        error);
    if (!read)
        return usageError("decode", error);
    if (!writing)
        return usageError("decode", out->writeFailure() + "; " + whatWasWritten(*out));
    if (reporter)
        reporter->finish();
    if (!failed)
        failed = !decoder.finish(write);
    if (failed) {
        // `out` is dropped uncommitted: no OUT file is left behind.
        if (firstProblem)
            std::fprintf(stderr, "%s\n",
                         formatProblem(input->displayName(), *firstProblem).c_str());
        std::fprintf(stderr,
                     "u8scope-cli decode: %s: not valid UTF-8, %s (use --errors=replace, "
                     "ignore, latin1 or cp1252 to decode anyway)\n",
                     input->displayName().c_str(), whatWasWritten(*out).c_str());
        return kExitInvalid;
    }
    if (const int status = commitOutput("decode", *input, *target, *out); status != kExitOk)
        return status;
    if (decoder.errorSegments() != 0 && target->path != "-")
        std::fprintf(
            stderr, "u8scope-cli decode: %s: %llu error segment%s handled by '%s'\n",
            input->displayName().c_str(), static_cast<unsigned long long>(decoder.errorSegments()),
            decoder.errorSegments() == 1 ? "" : "s", std::string(u8codec::name(policy)).c_str());
    return kExitOk;
}

const CommandSpec kDecodeCommand{
    .name = "decode",
    .summary = "well-formed UTF-8 out of any bytes, under an error policy",
    .operands = "FILE",
    .description = "Writes FILE as well-formed UTF-8: valid stretches go out as they are, "
                   "ill-formed sequences as the error policy says. Under `strict` the first "
                   "problem is reported with its line and column as `check` reports it. The "
                   "number of error segments handled is said on standard error.",
    .options = kOptions,
    .exitStatuses = kExitStatuses,
    .examples = kExamples,
    .run = runDecode,
};

} // namespace u8cli
