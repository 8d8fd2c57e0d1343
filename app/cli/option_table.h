// The declarative description of u8scope-cli: each command's options with their
// values and defaults, its operands, exit statuses and examples. It is the one source of truth:
// the parser (arguments.cpp), `--help` (help_text.cpp), the manual page (man_page.cpp) and the
// bash and zsh completions (completion_*.cpp) are all derived from it, so none can name an
// option the others do not know. Each command's table lives beside the code that reads the
// options (cmd_*.cpp); command_list.cpp puts them in order.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8cli {

struct Arguments;

enum class ValueKind : std::uint8_t {
    None,     // a flag
    Number,   // a decimal count
    Choice,   // one of `choices`
    NameList, // comma-separated names from `names()` (audit kinds, code pages)
    Encoding, // a name ICU knows; `u8scope-cli --list-encodings` lists them
    File,     // a path ("-": standard input or output)
};

// A value of a Choice option, and what it does.
struct Choice {
    std::string_view name;
    std::string_view help;
};

struct OptionSpec {
    std::string_view name = {}; // long name without dashes ("max-errors")
    char letter = 0;            // the one-letter form ('o' for -o), or 0
    ValueKind kind = ValueKind::None;
    std::string_view valueName = {}; // the value's placeholder in usage lines: "N", "POLICY", "OUT"
    std::span<const Choice> choices = {}; // Choice: every value accepted, in the order shown
    std::vector<std::string> (*names)() = nullptr; // NameList: the names, from their owner
    std::string_view defaultValue = {}; // what applies when the option is not given; empty: nothing
    std::string_view help = {};         // one or two sentences, no final period
    // With a value: the value is given only as `--name=value`, and a bare `--name` is a flag
    // (`--mojibake` and `--mojibake=cp1252`), so the next argument is never taken as its value.
    bool valueOnlyInline = false;
    std::string_view group =
        {};                // options sharing a group exclude each other ("[--json | --sarif]")
    bool required = false; // the option, or one of its group, must be given

    bool takesValue() const noexcept { return kind != ValueKind::None; }
};

// The two ways a command that rewrites a file writes its result, one of which must be given:
// `repair` and `transcode` share them.
inline constexpr OptionSpec kOutputOption{
    .name = "output",
    .letter = 'o',
    .kind = ValueKind::File,
    .valueName = "OUT",
    .help = "write to OUT (- for standard output), which appears whole or not at all",
    .group = "output",
    .required = true};
inline constexpr OptionSpec kInPlaceOption{
    .name = "in-place",
    .help = "replace FILE, after its old version was kept as FILE.bak (FILE.bak.N when that is "
            "taken): the old file itself (a hard link, as FILE is replaced by a new file) unless "
            "it has other names, else a reflink where the file system makes one, else a copy; "
            "only a file you may write, and not if it changed while it was read (its "
            "other hard links keep the old content, and a new owner is said)",
    .group = "output",
    .required = true};

enum class OperandKind : std::uint8_t { Files, Words };

struct ExitStatus {
    int code;
    std::string_view meaning;
};

struct Example {
    std::string_view commandLine; // without the leading "u8scope-cli "
    std::string_view what;
};

struct CommandSpec {
    std::string_view name = {};
    std::string_view summary = {};  // one line, lower case, no period: the general help's list
    std::string_view operands = {}; // "FILE...", "HEX..."
    OperandKind operandKind = OperandKind::Files;
    std::string_view description = {};        // paragraphs separated by "\n\n"
    std::span<const OptionSpec> options = {}; // the command's own; commonOptions() come on top
    std::span<const ExitStatus> exitStatuses = {};
    std::span<const Example> examples = {};
    int (*run)(const Arguments& args) = nullptr;
};

// Every command, in the order the help and the manual list them.
std::span<const CommandSpec* const> allCommands() noexcept;
const CommandSpec* findCommand(std::string_view name) noexcept;
// Options every command takes: -h/--help and --version.
std::span<const OptionSpec> commonOptions() noexcept;
// Options taken without a command: -h/--help, --version, --list-encodings.
std::span<const OptionSpec> topLevelOptions() noexcept;
// What the exit statuses mean for every command (a command's own list says it for itself).
std::span<const ExitStatus> generalExitStatuses() noexcept;

// "--name".
std::string longForm(const OptionSpec& o);
// "-o, --output" / "--max-errors": every spelling, for help lists.
std::string spellings(const OptionSpec& o);
// The names an option's value can take, for completions: its choices, or names().
std::vector<std::string> valueNames(const OptionSpec& o);

} // namespace u8cli
