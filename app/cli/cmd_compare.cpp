// `compare [--bytes] [--ignore=KIND,...] [--json] A B`: whether two files hold the same bytes,
// and if not, why they differ: a verdict for the whole files when one holds, else the labelled
// hunks of the decoded texts (u8convert/compare.h decides; this file reads and prints).
#include "arguments.h"
#include "commands.h"
#include "help_text.h"
#include "input.h"
#include "standard_output.h"
#include "u8codec/json_string.h"
#include "u8convert/compare.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <span>
#include <sys/stat.h>
#include <unistd.h>

namespace u8cli {
namespace {

constexpr OptionSpec kOptions[] = {
    {.name = "bytes",
     .help = "compare bytes only: the runs of offsets at which the files differ, as `cmp -l` "
             "lists them but grouped"},
    {.name = "ignore",
     .kind = ValueKind::NameList,
     .valueName = "KIND,...",
     .names = u8convert::ignoreKindNames,
     .help = "set these differences aside: bom (a byte order mark), eol (LF, CR LF and CR), nf "
             "(Unicode normal form, compared in NFC), trailing-space (spaces and tabs at the end "
             "of a line)"},
    {.name = "json",
     .help =
         "one JSON object: \"a\" and \"b\" (name, size, encoding, bom, line_endings {lf, "
         "crlf, cr}, not_nfc and not_nfd (the places NFC and NFD would change; null when the texts "
         "are the same and they were not counted), trailing_space, invalid_sequences; the counts "
         "null for files over 512 MiB, read as streams), \"verdict\" "
         "(a "
         "name: same-bytes, same-text-other-encoding, only-bom, only-line-endings, "
         "only-normal-form, only-trailing-space, b-is-a-with-mojibake, a-is-b-with-mojibake, "
         "same-ignoring, differ), \"verdict_text\", \"hunks\" (each {kind, label, a, b}, a "
         "side being {offset, length, line, column, text}; kind one of text-edit, "
         "invisible-inserted, invisible-removed, lookalike, normal-form, line-ending, "
         "encoding-damage, byte-order-mark; under a verdict, the places it sums up), "
         "\"hunk_count\" (every hunk, also those past --max-hunks), \"byte_runs\" ({offset, "
         "length}), \"byte_run_count\" and \"differing_bytes\" (with --bytes, or where the "
         "texts were not aligned; else empty and 0), \"first_difference\" (a byte offset) and "
         "\"note\" (null, or why the text alignment was not done or stopped)"},
    {.name = "max-hunks",
     .kind = ValueKind::Number,
     .valueName = "N",
     .defaultValue = "1000",
     .help = "list at most N hunks and N byte runs; the others are counted (under a verdict, "
             "the text lists its first 10 places unless N is given)"},
};

constexpr ExitStatus kExitStatuses[] = {
    {0, "the files hold the same bytes (with --ignore: nothing is left once those differences "
        "are set aside)"},
    {1, "the files differ"},
    {2, "a usage error, or a file could not be read (the message names it and says why)"},
};

constexpr Example kExamples[] = {
    {"compare a.txt b.txt", "the verdict (\"only line endings differ: ...\"), or each difference "
                            "with its kind and both sides' line:column and offsets"},
    {"compare --ignore=eol,trailing-space old.csv new.csv",
     "what is left once those are set aside"},
    {"compare --bytes a.bin b.bin", "runs of differing byte offsets"},
    {"compare --json - saved.txt < edited.txt", "standard input against a file, as JSON"},
};

// Standard input held in memory up to this, else spooled to a temporary file.
constexpr std::uint64_t kStdinInMemory = std::uint64_t(64) << 20;
constexpr std::uint64_t kStdinLimit = std::uint64_t(64) << 30;

struct Side {
    std::unique_ptr<Input> input;
    std::string held; // standard input in memory
    std::unique_ptr<u8codec::FileSource> spooled;
    std::unique_ptr<u8codec::MemorySource> memory;
    const u8codec::ByteSource* source = nullptr;
};

bool openSide(const std::string& path, Side& side, std::string& error) {
    side.input = Input::open(path, error);
    if (!side.input)
        return false;
    if (side.input->file()) {
        // The size the file system gives is trusted only for a regular file: /proc reports 0
        // for files that hold text, so those (and devices, FIFOs) are read to their end.
        struct stat st {};
        if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
            side.source = side.input->file();
            return true;
        }
        if (!side.input->readAll(side.held, error))
            return false;
    } else if (!side.input->readOrSpool(kStdinInMemory, kStdinLimit, side.held, side.spooled,
                                        error)) {
        return false;
    }
    if (side.spooled) {
        side.source = side.spooled.get();
    } else {
        side.memory = std::make_unique<u8codec::MemorySource>(
            std::vector<std::uint8_t>(side.held.begin(), side.held.end()));
        side.held.clear();
        side.source = side.memory.get();
    }
    return true;
}

void appendSideJson(std::string& j, const std::string& name, const u8convert::CompareSideInfo& s) {
    j += "{\"name\":";
    u8codec::appendJsonString(j, name);
    j += ",\"size\":" + std::to_string(s.size) + ",\"encoding\":";
    u8codec::appendJsonString(j, s.encoding);
    j += std::string(",\"bom\":") + (s.bom ? "true" : "false");
    // Counts not taken are null, never 0 (a file read as a stream is not counted).
    const auto count = [](bool taken, std::uint64_t n) {
        return taken ? std::to_string(n) : std::string("null");
    };
    if (s.counted)
        j += ",\"line_endings\":{\"lf\":" + std::to_string(s.lineEndings.lf) +
             ",\"crlf\":" + std::to_string(s.lineEndings.crlf) +
             ",\"cr\":" + std::to_string(s.lineEndings.cr) + "}";
    else
        j += ",\"line_endings\":null";
    j += ",\"not_nfc\":" + count(s.formsCounted, s.notNfc) +
         ",\"not_nfd\":" + count(s.formsCounted, s.notNfd);
    j += ",\"trailing_space\":" + count(s.counted, s.trailingSpace);
    j += ",\"invalid_sequences\":" + count(s.counted, s.invalidSequences) + "}";
}

void appendHunkSideJson(std::string& j, const u8convert::HunkSide& s) {
    j += "{\"offset\":" + std::to_string(s.offset) + ",\"length\":" + std::to_string(s.length) +
         ",\"line\":" + std::to_string(s.line) + ",\"column\":" + std::to_string(s.column) +
         ",\"text\":";
    u8codec::appendJsonString(j, s.text);
    j += "}";
}

std::string resultJson(const u8convert::CompareResult& r, const Side& a, const Side& b) {
    std::string j = "{\"a\":";
    appendSideJson(j, a.input->name(), r.a);
    j += ",\"b\":";
    appendSideJson(j, b.input->name(), r.b);
    j += ",\"verdict\":\"" + std::string(name(r.verdict)) + "\",\"verdict_text\":";
    u8codec::appendJsonString(j, r.verdictText);
    j += ",\"hunks\":[";
    for (std::size_t i = 0; i < r.hunks.size(); ++i) {
        const u8convert::CompareHunk& h = r.hunks[i];
        j += (i ? ",{\"kind\":\"" : "{\"kind\":\"") + std::string(name(h.kind)) + "\",\"label\":";
        u8codec::appendJsonString(j, h.label);
        j += ",\"a\":";
        appendHunkSideJson(j, h.a);
        j += ",\"b\":";
        appendHunkSideJson(j, h.b);
        j += "}";
    }
    j += "],\"hunk_count\":" + std::to_string(r.hunkCount) + ",\"byte_runs\":[";
    for (std::size_t i = 0; i < r.byteRuns.size(); ++i)
        j += (i ? ",{\"offset\":" : "{\"offset\":") + std::to_string(r.byteRuns[i].offset) +
             ",\"length\":" + std::to_string(r.byteRuns[i].length) + "}";
    j += "],\"byte_run_count\":" + std::to_string(r.byteRunCount) +
         ",\"differing_bytes\":" + std::to_string(r.differingBytes) +
         ",\"first_difference\":" + std::to_string(r.firstDifference) + ",\"note\":";
    if (r.note.empty())
        j += "null";
    else
        u8codec::appendJsonString(j, r.note);
    return j + "}";
}

std::string sideLine(const char* tag, const Side& s, const u8convert::CompareSideInfo& i) {
    std::string line =
        std::string(tag) + ": " + s.input->displayName() + " (" + std::to_string(i.size) + " bytes";
    if (!i.encoding.empty())
        line += ", " + i.encoding + (i.bom ? " with BOM" : "");
    return line + ")\n";
}

// Under a whole-file verdict, the places it sums up are listed up to this many unless --max-hunks
// says otherwise: the verdict is the answer, the places where to look.
constexpr std::size_t kPlacesUnderVerdict = 10;

void printText(const u8convert::CompareResult& r, const Side& a, const Side& b, bool bytesOnly,
               std::size_t maxPlaces) {
    std::string out = sideLine("A", a, r.a) + sideLine("B", b, r.b) + r.verdictText + "\n";
    const bool verdict = r.verdict != u8convert::CompareVerdict::Differ;
    const std::size_t shown = verdict ? std::min(maxPlaces, r.hunks.size()) : r.hunks.size();
    for (const u8convert::CompareHunk& h : std::span(r.hunks).first(shown)) {
        out += "A " + std::to_string(h.a.line) + ":" + std::to_string(h.a.column) + " @" +
               std::to_string(h.a.offset) + "+" + std::to_string(h.a.length) + ", B " +
               std::to_string(h.b.line) + ":" + std::to_string(h.b.column) + " @" +
               std::to_string(h.b.offset) + "+" + std::to_string(h.b.length) + ": " +
               std::string(name(h.kind)) + ": " + h.label + "\n  - ";
        out += u8codec::jsonString(h.a.text) + "\n  + " + u8codec::jsonString(h.b.text) + "\n";
    }
    if (r.hunkCount > shown)
        out += std::to_string(r.hunkCount - shown) +
               (verdict ? " more places not shown (--max-hunks=N lists N)\n"
                        : " more hunks not shown\n");
    // Byte runs say something only where nothing shifted the bytes: listed with --bytes, or
    // when no text was aligned; otherwise only where the first difference is.
    const bool listRuns =
        bytesOnly || (r.hunkCount == 0 && r.verdict == u8convert::CompareVerdict::Differ);
    if (listRuns) {
        for (const u8convert::ByteRun& run : r.byteRuns)
            out += "bytes " + std::to_string(run.offset) + "-" +
                   std::to_string(run.offset + run.length - 1) + " differ (" +
                   std::to_string(run.length) + ")\n";
        if (r.byteRunCount > r.byteRuns.size())
            out += std::to_string(r.byteRunCount - r.byteRuns.size()) + " more runs not shown\n";
        if (r.differingBytes)
            out += std::to_string(r.differingBytes) + " bytes differ in " +
                   std::to_string(r.byteRunCount) + (r.byteRunCount == 1 ? " run\n" : " runs\n");
    }
    if (r.verdict != u8convert::CompareVerdict::SameBytes)
        out += "first difference at byte " + std::to_string(r.firstDifference) + "\n";
    if (r.a.size != r.b.size)
        out += std::string(r.a.size < r.b.size ? "A" : "B") + " ends at offset " +
               std::to_string(std::min(r.a.size, r.b.size)) + ", the other goes on\n";
    if (!r.note.empty())
        out += "note: " + r.note + "\n";
    writeOut(out);
}

// The engine's error names the side "A: ..." or "B: ...": the file's name is put in.
std::string sideError(std::string error, const Side& a, const Side& b) {
    if (error.starts_with("A: "))
        return a.input->displayName() + error.substr(1);
    if (error.starts_with("B: "))
        return b.input->displayName() + error.substr(1);
    return error;
}

} // namespace

int runCompare(const Arguments& parsed) {
    if (parsed.positional.size() != 2)
        return usageError("compare", "needs two files, A and B (" + usageOf(kCompareCommand) + ")");
    if (parsed.positional[0] == "-" && parsed.positional[1] == "-")
        return usageError("compare", "standard input can be only one of A and B");
    u8convert::CompareOptions options;
    options.bytesOnly = parsed.has("bytes");
    // The places a verdict sums up are listed too (with their count), so that one can go there.
    options.hunksWithVerdict = true;
    std::size_t maxPlaces = kPlacesUnderVerdict;
    if (const std::string* v = parsed.value("ignore")) {
        const auto ignore = u8convert::parseIgnoreList(*v);
        if (!ignore.ok())
            return usageError("compare",
                              unknownValue(kOptions, "ignore", "difference", ignore.message()));
        options.ignore |= *ignore;
    }
    if (const std::string* v = parsed.value("max-hunks")) {
        const auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), options.maxHunks);
        if (ec != std::errc() || end != v->data() + v->size())
            return usageError("compare", "--max-hunks needs a number, not '" + *v + "'");
        options.maxByteRuns = options.maxHunks;
        maxPlaces = options.maxHunks;
    }
    Side a, b;
    std::string error;
    if (!openSide(parsed.positional[0], a, error) || !openSide(parsed.positional[1], b, error))
        return usageError("compare", error);
    // A progress line on a terminal, for inputs large enough to take a while.
    const bool progress =
        isatty(STDERR_FILENO) && a.source->size() + b.source->size() > (256u << 20);
    std::string_view stage = name(u8convert::CompareStage::Bytes);
    unsigned long long shownPercent = ~0ULL;
    if (progress) {
        // Each stage (the bytes, the texts, their alignment) reports from 0 to its total: a line
        // per change of stage or percentage, not per chunk.
        options.stage = [&](u8convert::CompareStage s) {
            stage = name(s);
            shownPercent = ~0ULL;
        };
        options.progress = [&](std::uint64_t done, std::uint64_t total) {
            const unsigned long long percent = total ? 100ULL * done / total : 100;
            if (percent != shownPercent)
                std::fprintf(stderr, "\r\033[Kcompare: %.*s %llu %%", int(stage.size()),
                             stage.data(), percent);
            shownPercent = percent;
            return true;
        };
    }
    const u8convert::CompareResult r = u8convert::compareSources(*a.source, *b.source, options);
    if (progress)
        std::fprintf(stderr, "\r\033[K");
    if (!r.status.ok() || a.input->readFailed(error) || b.input->readFailed(error))
        return usageError("compare", r.status.ok() ? error : sideError(r.status.message(), a, b));
    if (parsed.has("json"))
        writeOut(resultJson(r, a, b) + "\n");
    else
        printText(r, a, b, options.bytesOnly, maxPlaces);
    const bool same = r.verdict == u8convert::CompareVerdict::SameBytes ||
                      r.verdict == u8convert::CompareVerdict::SameIgnoring;
    return same ? kExitOk : kExitInvalid;
}

const CommandSpec kCompareCommand{
    .name = "compare",
    .summary = "say whether two files differ, and why",
    .operands = "A B",
    .description =
        "Compares A and B (one of them may be - for standard input). When the bytes differ, a "
        "verdict for the whole files is given where one holds: the same text in another "
        "encoding (UTF-8, UTF-16LE/BE, UTF-32, a legacy page detection names); only the byte "
        "order mark; only line endings (LF, CR LF and CR counted on each side); only the "
        "Unicode normal form (NFC, NFD, with the places each would change); only trailing "
        "whitespace; or B is A with mojibake (the page and how many places, as `repair "
        "--mojibake` undoes them).\n\n"
        "Otherwise the decoded texts are aligned, by lines and then by characters within "
        "changed lines, and each difference is printed with both sides' LINE:COLUMN, byte "
        "offset and length, and its kind: text-edit; invisible-inserted or invisible-removed "
        "(the characters named); lookalike (e.g. 'a' U+0061 -> 'а' U+0430, from UTS #39's "
        "confusables); normal-form; line-ending; encoding-damage (invalid UTF-8 on one side, "
        "explained as `check` does, or mojibake); byte-order-mark.\n\n"
        "Under a verdict, the places it sums up follow it, so that one can go there (each "
        "line ending, each decomposed character, each line with trailing blanks): the first "
        "10 (--max-hunks=N lists N), and how many more. Such a verdict keeps every line in its "
        "place, so its lines are paired one to one where the alignment would give up.\n\n"
        "The bytes are compared first, in chunks, in constant memory: equal files never go "
        "further. Files over 512 MiB are not read into memory: two UTF-8 files get the "
        "verdicts a streamed reading can give (only the BOM, line endings or trailing "
        "whitespace; not the normal form or mojibake), else are aligned window by window as "
        "they are read, equal stretches skipped at memory-compare speed; a change that no "
        "16 MiB window holds is left to the byte runs, with a note. Files of 16 MiB and more in "
        "two encodings are first compared as decoded streams, so the same text in another "
        "encoding is told in bounded memory at any size; over 512 MiB, such a pair with "
        "another difference is compared byte by byte, with a note. Without a verdict, an "
        "alignment that would need more than 2000 line edits gives up and reports the changed "
        "middle as one block, with a note.",
    .options = kOptions,
    .exitStatuses = kExitStatuses,
    .examples = kExamples,
    .run = runCompare,
};

} // namespace u8cli
