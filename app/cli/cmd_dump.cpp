// `dump [--color=WHEN] [--width=N] [--offset=N] [--length=N] [--html] FILE`: a hex dump coloured
// by each byte's role in UTF-8, with the text beside it one cell a byte and the problems
// explained under the rows they start in (codec/dump: the rows, and the terminal and HTML
// writers). Streams files of any size and standard input in constant memory.
#include "arguments.h"
#include "commands.h"
#include "help_text.h"
#include "html_dump.h"
#include "input.h"
#include "standard_output.h"
#include "terminal_dump.h"

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <sys/ioctl.h>
#include <unistd.h>

namespace u8cli {
namespace {

constexpr Choice kWhen[] = {
    {"auto", "colour when standard output is a terminal, unless NO_COLOR is set to anything "
             "(https://no-color.org) or TERM is dumb"},
    {"always", "colour into pipes and files too, whatever NO_COLOR says"},
    {"never", "no colour: the replacement characters and the carets under the rows still mark "
              "the errors"},
};

constexpr Choice kWidths[] = {
    {"8", "8 bytes a row"},
    {"16", "16 bytes a row, in two groups of 8"},
    {"32", "32 bytes a row, in four groups of 8"},
};

constexpr OptionSpec kOptions[] = {
    {.name = "color",
     .kind = ValueKind::Choice,
     .valueName = "WHEN",
     .choices = kWhen,
     .defaultValue = "auto",
     .help = "colour each byte and character by its role in UTF-8 (ANSI 256 colours)"},
    {.name = "width",
     .kind = ValueKind::Choice,
     .valueName = "N",
     .choices = kWidths,
     .defaultValue = "16",
     .help = "bytes a row"},
    {.name = "offset",
     .kind = ValueKind::Number,
     .valueName = "N",
     .defaultValue = "0",
     .help = "start at byte N (decimal, or hex after 0x); when N is inside a character, its "
             "remaining bytes show as the continuation bytes they are"},
    {.name = "length",
     .kind = ValueKind::Number,
     .valueName = "N",
     .defaultValue = "to the end",
     .help = "show at most N bytes (decimal, or hex after 0x)"},
    {.name = "html",
     .help = "write a self-contained HTML page instead (inline CSS, no script): the window's "
             "colours, a legend of the roles and the list of problems"},
};

constexpr ExitStatus kExitStatuses[] = {
    {0, "the dump was written (valid UTF-8 or not: that is `check`)"},
    {2, "a usage error, FILE could not be read, --offset is past its end, or the output could "
        "not be written"},
};

constexpr Example kExamples[] = {
    {"dump --color=always notes.txt | less -R", "the whole file, in colour through a pager"},
    {"dump --offset=0x1F0 --length=64 data.csv", "64 bytes from offset 0x1F0"},
    {"dump --width=8 --color=never -", "standard input, 8 bytes a row, without colour"},
    {"dump --html damaged.txt > damaged.html", "a page to attach to a bug report"},
};

// "4096" or "0x1000".
std::optional<std::uint64_t> parseCount(const std::string& text) {
    const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    const char* first = text.data() + (hex ? 2 : 0);
    const char* last = text.data() + text.size();
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(first, last, value, hex ? 16 : 10);
    if (ec != std::errc() || end != last || first == last)
        return std::nullopt;
    return value;
}

bool wantsColour(const std::string& when) {
    if (when == "always")
        return true;
    if (when == "never")
        return false;
    // https://no-color.org: any non-empty value turns colour off.
    const char* noColor = std::getenv("NO_COLOR");
    const char* term = std::getenv("TERM");
    return ::isatty(STDOUT_FILENO) && !(noColor && *noColor) &&
           !(term && std::strcmp(term, "dumb") == 0);
}

// The terminal's width when standard output is one (the notes are wrapped to it), else 0.
int terminalColumns() {
    winsize size{};
    if (!::isatty(STDOUT_FILENO) || ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0)
        return 0;
    return size.ws_col;
}

// Reads the input into the rows; false (with `error`) when it could not be read.
bool feedRows(const Input& input, u8dump::DumpRows& rows, const u8dump::DumpOptions& options,
              std::string& error) {
    // Until the rows asked for are done, or a write failed (the reader gone: stop).
    const bool read = input.forEachChunk(
        [&](std::span<const std::uint8_t> chunk) { return rows.feed(chunk) && !outputFailed(); },
        error, u8dump::DumpRows::streamStart(options));
    rows.finish();
    return read;
}

} // namespace

int runDump(const Arguments& parsed) {
    if (parsed.positional.size() != 1)
        return usageError("dump", "needs exactly one FILE (" + usageOf(kDumpCommand) + ")");
    u8dump::DumpOptions options;
    const std::string when = parsed.value("color") ? *parsed.value("color") : "auto";
    if (when != "auto" && when != "always" && when != "never")
        return usageError("dump", unknownValue(kOptions, "color", "--color value", when));
    if (const std::string* v = parsed.value("width")) {
        if (*v != "8" && *v != "16" && *v != "32")
            return usageError("dump", unknownValue(kOptions, "width", "width", *v));
        options.width = std::atoi(v->c_str());
    }
    for (const char* name : {"offset", "length"}) {
        const std::string* v = parsed.value(name);
        if (!v)
            continue;
        const auto n = parseCount(*v);
        if (!n)
            return usageError("dump", "--" + std::string(name) +
                                          " needs a number (decimal, or "
                                          "hex after 0x), not '" +
                                          *v + "'");
        (std::strcmp(name, "offset") == 0 ? options.offset : options.length) = *n;
    }

    std::string error;
    const auto input = Input::open(parsed.positional.front(), error);
    if (!input)
        return usageError("dump", error);
    const std::string& name = input->displayName();
    const u8codec::FileSource* file = input->file();
    if (file && options.offset > file->size())
        return usageError("dump", name + ": --offset " + std::to_string(options.offset) +
                                      " is past its end (" + std::to_string(file->size()) +
                                      " bytes)");
    // The offset column as wide as the last offset needs, when it is known.
    const std::uint64_t end =
        file ? std::min(file->size(), options.length > file->size() - options.offset
                                          ? file->size()
                                          : options.offset + options.length)
             : 0;
    const int digits = u8dump::offsetDigitsFor(end);

    bool read = false, written = false, pastEnd = false;
    if (parsed.has("html")) {
        u8dump::HtmlDump html(
            {name, file ? file->size() : UINT64_MAX, "u8scope " U8SCOPE_VERSION, {}}, options,
            digits, writeOut);
        u8dump::DumpRows rows(options, html);
        read = feedRows(*input, rows, options, error);
        pastEnd = rows.offsetPastEnd();
        written = read && !pastEnd && html.finish(rows.totals());
    } else {
        u8dump::TerminalDump terminal(wantsColour(when), options.width, digits, writeOut,
                                      terminalColumns());
        u8dump::DumpRows rows(options, terminal);
        read = feedRows(*input, rows, options, error);
        pastEnd = rows.offsetPastEnd();
        written = terminal.finish();
    }
    if (!read)
        return usageError("dump", error);
    if (pastEnd)
        return usageError("dump", name + ": --offset " + std::to_string(options.offset) +
                                      " is past its end");
    if (!written || outputFailed())
        return usageError("dump", outputFailure());
    return kExitOk;
}

const CommandSpec kDumpCommand{
    .name = "dump",
    .summary = "a hex dump coloured by each byte's role in UTF-8, the text beside it",
    .operands = "FILE",
    .description =
        "Each row is the offset, the bytes in hex and the text they hold, one cell a byte: a "
        "character's glyph in its first byte's cell and \u00B7 in the others (two cells for a "
        "wide character), controls as their Control Pictures (\u240A for LF), characters that "
        "draw nothing as their abbreviation or \u25C7, other spaces as \u2423, a combining mark "
        "on \u25CC, and an error segment as U+FFFD. Under a row, each problem that starts in it: "
        "a caret under its bytes and what it is, as `check` words it.\n\n"
        "With colour, every byte takes its role's colour: ASCII printable, whitespace and "
        "controls; the lead byte of a 2-, 3- or 4-byte character; continuation bytes; and each "
        "kind of error on a background of its own. The window's colours, in the terminal's 256.\n\n"
        "Files of any size and standard input are read once, in constant memory.",
    .options = kOptions,
    .exitStatuses = kExitStatuses,
    .examples = kExamples,
    .run = runDump,
};

} // namespace u8cli
