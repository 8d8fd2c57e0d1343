// u8scope-cli: the codec for scripts and CI. No command ever modifies its input.
#include "commands.h"

#include <cstdio>
#include <string>
#include <vector>

namespace {

// Keep in the order `--help` lists them.
constexpr u8cli::Command kCommands[] = {
    {"check", "check [--max-errors N] FILE...   exit 0 if every FILE is valid UTF-8",
     u8cli::runCheck},
    {"scan", "scan --json [--all] FILE          JSON Lines: every error segment (and character)",
     u8cli::runScan},
    {"decode",
     "decode --errors=POLICY [-o OUT] FILE   well-formed UTF-8 "
     "(strict|replace|ignore|latin1|cp1252)",
     u8cli::runDecode},
    {"stats", "stats [--json] FILE               counts of characters, errors and lines",
     u8cli::runStats},
    {"encode", "encode CHAR|U+XXXX                how a code point is encoded, bit by bit",
     u8cli::runEncode},
    {"explain", "explain HEX...                    what a byte sequence is, or why it is refused",
     u8cli::runExplain},
    {"repair",
     "repair [OPTIONS] -o OUT FILE      fix invalid bytes, mojibake, CESU-8, C1, BOM, newlines",
     u8cli::runRepair},
    {"transcode", "transcode --from ENC --to ENC -o OUT FILE   convert between encodings",
     u8cli::runTranscode},
    {"detect", "detect [--json] FILE              guess the encoding of a file", u8cli::runDetect},
    {"audit",
     "audit [--profile=code|text] [--json|--sarif] [--kinds=LIST] [--allow=FILE] FILE...\n"
     "                                    bidi controls, invisible and look-alike characters...",
     u8cli::runAudit},
};

void printUsage(std::FILE* to) {
    std::fputs("usage: u8scope-cli COMMAND [OPTIONS] ARGS  (FILE may be - for standard input)\n\n"
               "commands:\n",
               to);
    for (const auto& c : kCommands)
        std::fprintf(to, "  %.*s\n", int(c.synopsis.size()), c.synopsis.data());
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        printUsage(stderr);
        return u8cli::kExitUsage;
    }
    const std::string command = argv[1];
    if (command == "--help" || command == "-h" || command == "help") {
        printUsage(stdout);
        return u8cli::kExitOk;
    }
    if (command == "--version") {
        std::puts("u8scope-cli " U8SCOPE_VERSION);
        return u8cli::kExitOk;
    }
    const std::vector<std::string> args(argv + 2, argv + argc);
    for (const auto& c : kCommands)
        if (c.name == command)
            return c.run(args);
    std::fprintf(stderr, "u8scope-cli: unknown command '%s' (try --help)\n", command.c_str());
    return u8cli::kExitUsage;
}
