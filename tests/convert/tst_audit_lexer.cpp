// The code lexer of the audit (audit_syntax.h) reads plain ASCII in runs, skipping the bytes that
// cannot start or end a comment or string: it must end every run in the context it reaches
// character by character, for every syntax and any cut of the text (issue 34).
#include "audit_syntax.h"
#include "u8test/harness.h"

#include <random>

using namespace u8codec;
using namespace u8convert;
using namespace u8convert::audit_detail;

namespace {

TEST_CASE("the lexer's runs of ASCII end in the context it reaches character by character") {
    // Pieces of every form the lexer knows, and plain text between them.
    const char* pieces[] = {
        "\"",     "'",    "`",  "\"\"\"", "'''",       "#",      "//",       "/*",      "*/",
        "*",      "/",    "--", "-",      ";",         "=pod\n", "\n=cut\n", "<<EOF\n", "\nEOF\n",
        "<<<X\n", "<<",   "<",  "q{",     "}",         "qw(",    ")",        "q",       "\\",
        "\n",     "\r\n", " ",  "a",      "1<<n",      "'a",     "1'000",    "{",       "$",
        "0",      "EOF",  "=",  "=end\n", "__END__\n", "_",      "=begin\n", "__DATA__"};
    std::mt19937 random(34);
    for (int i = 0; i < 30000; ++i) {
        const std::uint32_t flags = random();
        CodeSyntax syntax;
        syntax.slashComments = flags & 1;
        syntax.hashComments = flags & 2;
        syntax.dashComments = flags & 4;
        syntax.semicolonComments = flags & 8;
        syntax.quotesSpanLines = flags & 16;
        syntax.docBlocks = flags & 32;
        syntax.heredocs = flags & 64;
        syntax.perlQuotes = flags & 128;
        syntax.charQuotes = flags & 256;
        std::string text;
        for (int n = 1 + int(random() % 40); n > 0; --n)
            text += pieces[random() % std::size(pieces)];
        CodeLexer byCharacter(syntax), byRun(syntax);
        for (std::size_t pos = 0; pos < text.size();) {
            const std::size_t len = std::min<std::size_t>(1 + random() % 12, text.size() - pos);
            bool changedByCharacter = false;
            for (std::size_t k = 0; k < len; ++k)
                changedByCharacter =
                    byCharacter.onChar(static_cast<unsigned char>(text[pos + k])) ||
                    changedByCharacter;
            const bool changedByRun =
                byRun.onAscii(reinterpret_cast<const std::uint8_t*>(text.data() + pos), len);
            INFO("syntax ", flags & 511, " at ", pos, ": ", text);
            REQUIRE(changedByRun == changedByCharacter);
            pos += len;
            INFO("after the run, at ", pos);
            REQUIRE(byCharacter.context() == byRun.context());
        }
    }
}

} // namespace
