// `transcode --from ENC --to ENC [--unmappable=fail|substitute|escape] [--escape=STYLE]
// [--add-bom] [--json] (-o OUT | --in-place) FILE`: the same bytes as `uconv -f ENC -t ENC`
// (with --callback substitute / escape-xml-hex). The input streams through in chunks, so memory
// does not grow with the file. Characters the target cannot represent are reported with their
// offsets; under `fail` (the default) nothing is written and the exit status is 1.
#include "arguments.h"
#include "commands.h"
#include "input.h"
#include "output_target.h"
#include "u8codec/transcode.h"

#include <algorithm>
#include <cstdio>

namespace u8cli {
namespace {

constexpr OptionSpec kOptions[] = {
    {"from", true},      {"to", true},       {"unmappable", true},
    {"escape", true},    {"add-bom", false}, {"json", false},
    {"in-place", false}, {"o", true},        {"output", true},
};

constexpr const char* kUsage =
    "usage: transcode --from ENC --to ENC [--unmappable=fail|substitute|escape] "
    "[--escape=xml-hex|xml-dec|java|c|unicode|icu] [--add-bom] [--json] (-o OUT | --in-place) "
    "FILE";

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
    for (std::size_t i = 0; i < offsets.size(); ++i)
        s += (i ? "," : "") + std::to_string(offsets[i]);
    return s + "]";
}

void report(const std::string& name, const u8codec::TranscodeResult& r, bool json,
            std::uint64_t outputBytes) {
    if (json) {
        std::fprintf(stderr,
                     "{\"ok\":%s,\"from\":\"%s\",\"to\":\"%s\",\"output_bytes\":%llu,"
                     "\"unmappable\":%llu,\"unmappable_offsets\":%s,\"invalid_input\":%llu,"
                     "\"invalid_input_offsets\":%s}\n",
                     r.ok ? "true" : "false", r.from.c_str(), r.to.c_str(),
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

int runTranscode(Args args) {
    const auto parsed = parseArguments("transcode", args, kOptions);
    if (!parsed)
        return kExitUsage;
    if (parsed->positional.size() != 1)
        return usageError("transcode", std::string("needs exactly one FILE (") + kUsage + ")");
    const std::string* from = parsed->value("from");
    const std::string* to = parsed->value("to");
    if (!from || !to)
        return usageError("transcode", std::string("needs --from and --to (") + kUsage + ")");
    for (const std::string* enc : {from, to})
        if (!u8codec::canonicalEncodingName(*enc))
            return usageError("transcode", "unknown encoding '" + *enc +
                                               "' (any name ICU knows: `uconv -l` lists them)");
    u8codec::TranscodeOptions options;
    if (const std::string* v = parsed->value("unmappable")) {
        const auto p = u8codec::unmappablePolicyFromName(*v);
        if (!p)
            return usageError("transcode", "unknown --unmappable policy '" + *v +
                                               "' (fail, substitute or escape)");
        options.unmappable = *p;
    }
    if (const std::string* v = parsed->value("escape")) {
        const auto s = u8codec::escapeStyleFromName(*v);
        if (!s)
            return usageError("transcode", "unknown --escape style '" + *v +
                                               "' (xml-hex, xml-dec, java, c, unicode or icu)");
        options.escape = *s;
    }
    options.addSignature = parsed->has("add-bom");
    const bool json = parsed->has("json");
    const std::string& inPath = parsed->positional.front();
    const auto target = outputTarget("transcode", *parsed, inPath, InPlace::Allowed, kUsage);
    if (!target)
        return kExitUsage;

    std::string error;
    const auto input = Input::open(inPath, error);
    if (!input)
        return usageError("transcode", error);
    u8codec::Transcoder transcoder(*from, *to, options);
    if (!transcoder.ok())
        return usageError("transcode", transcoder.state().error);
    // --in-place: the output goes to a temporary file first and replaces FILE only at the end,
    // after the backup; the input is read in chunks, never held whole.
    const auto out = AtomicOutput::create(target->path, error);
    if (!out)
        return usageError("transcode", error);
    std::string converted;
    bool converting = true;
    std::uint64_t written = 0;
    const bool read = input->forEachChunk(
        [&](std::span<const std::uint8_t> chunk) {
            converted.clear();
            converting = transcoder.feed(chunk, converted);
            written += converted.size();
            out->write(converted); // a write error surfaces in commit()
            return converting;
        },
        error);
    if (!read)
        return usageError("transcode", error); // `out` is dropped: no partial OUT
    converted.clear();
    const bool finished = converting && transcoder.finish(converted);
    written += converted.size();
    out->write(converted);
    const u8codec::TranscodeResult& result = transcoder.state();
    report(input->displayName(), result, json, finished ? written : 0);
    if (!finished) {
        std::fprintf(stderr, "u8scope-cli transcode: %s: %s; nothing written%s\n",
                     input->displayName().c_str(), result.error.c_str(),
                     result.unmappable + result.invalidInput != 0
                         ? " (--unmappable=substitute or escape converts anyway)"
                         : "");
        return result.unmappable + result.invalidInput != 0 ? kExitInvalid : kExitUsage;
    }
    if (!commitOutput("transcode", *target, *out, error))
        return usageError("transcode", error);
    return kExitOk;
}

} // namespace u8cli
