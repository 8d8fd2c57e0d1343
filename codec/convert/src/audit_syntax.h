// Library-internal: where a character of code stands, in code proper, a comment or a string
// (issue 34 item 8). Comments and strings are text: identifier rules apply to identifiers only,
// and a bidi control's context ends with its comment or string, as compilers judge it (GCC's
// -Wbidi-chars, rustc's text_direction_codepoint_in_literal).
#pragma once

#include "u8convert/audit.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace u8convert::audit_detail {
using namespace u8codec;

enum class CodeContext : std::uint8_t { Code, Comment, String };

// Where the context changed inside a run read at once: the characters from index `at` of the run
// on are text (a comment or a string) or code, as onChar() would have said after each of them.
struct ContextChange {
    std::size_t at;
    bool inText;
};

// A lexer of just enough of a language to tell identifiers from comments and strings: line
// comments (//, #, --), block comments (/* */), strings in "...", '...' and `...` with
// backslash escapes, and triple-quoted strings ("""...""", '''...'''). It reads every
// character, ASCII ones included, one at a time or a run of plain ASCII at once.
class CodeLexer {
public:
    explicit CodeLexer(const CodeSyntax& syntax);

    // Reads cp; returns whether the context changed at it (a comment or string began or ended).
    [[nodiscard]] bool onChar(char32_t cp) noexcept;
    // Reads the plain ASCII p[0, n); returns whether the context changed inside it. `changes`
    // (optional) receives where, in order.
    [[nodiscard]] bool onAscii(const std::uint8_t* p, std::size_t n,
                               std::vector<ContextChange>* changes = nullptr);
    [[nodiscard]] CodeContext context() const noexcept { return context_; }
    // Whether the characters read are text (a comment or a string), not code.
    [[nodiscard]] bool inText() const noexcept { return context_ != CodeContext::Code; }

private:
    enum class State : std::uint8_t {
        Code,
        LineComment,
        BlockComment,
        Quote,
        TripleQuote,
        DocBlock,
        Heredoc,   // up to a line that is its word
        QuoteLike, // Perl's q{...}: up to the matching delimiter
        Trailer,   // after __END__ or __DATA__: text to the end
    };
    [[nodiscard]] bool scanEndMarker(char32_t cp) noexcept;
    // Code: after "<<" (or "q"), what follows may start a heredoc (a quote-like string).
    [[nodiscard]] bool scanHeredoc(char32_t cp, char32_t before) noexcept;
    [[nodiscard]] bool scanQuoteLike(char32_t cp, char32_t before) noexcept;
    void endLineInCode(char32_t cp) noexcept;
    void stepCode(char32_t cp) noexcept;
    void stepQuote(char32_t cp) noexcept;
    void stepTripleQuote(char32_t cp) noexcept;
    void stepDocBlock(char32_t cp) noexcept;
    void stepHeredoc(char32_t cp) noexcept;
    void stepQuoteLike(char32_t cp) noexcept;
    void step(char32_t cp) noexcept;
    void enter(State s, CodeContext c) noexcept {
        state_ = s;
        context_ = c;
    }

    // The bytes after which the state may change, for the run skipped without a look.
    [[nodiscard]] const std::array<bool, 256>& interesting() const noexcept;

    CodeSyntax syntax_;
    std::array<bool, 256> codeBytes_{}, lineEnds_{}, blockEnds_{}, quoteBytes_{}, noBytes_{};
    State state_ = State::Code;
    CodeContext context_ = CodeContext::Code;
    char32_t prev_ = U'\n';    // the character before, in code
    char32_t quote_ = 0;       // the quote of the string being read
    bool escaped_ = false;     // the last character was an escaping backslash
    bool emptyClosed_ = false; // a string just closed right after it opened ("" or '')
    bool stringEmpty_ = false; // the string has no character yet
    bool afterEscape_ = false; // in a string: an escape ('\n', '\u{...}') is being read
    int closing_ = 0;          // quotes in a row inside a triple-quoted string
    // Documentation blocks: the characters of the current line so far (up to 5: "=cut",
    // "=end"), and whether the line began with '='.
    char docLine_[7] = {};
    int docLength_ = 0;
    bool docFirstLine_ = false, rubyBlock_ = false;
    std::string endMarker_; // a line in code that may be __END__ or __DATA__
    // Heredocs: the word being read after "<<" (scanning_), the word of the heredoc that starts
    // at the next line (pending_), and the current line of its body.
    static constexpr std::size_t kMaxWord = 32;
    std::string heredocWord_, heredocLine_;
    bool heredocScanning_ = false, heredocQuoted_ = false, heredocPending_ = false;
    char32_t beforeShift_ = 0; // the character before a '<'
    // Perl's quote-like operators: 1 after "q", 2 after "qq", "qw", "qr", "qx"; the delimiters
    // and how deep brackets nest.
    int quoteLikeScan_ = 0;
    char32_t quoteOpen_ = 0, quoteClose_ = 0;
    int quoteDepth_ = 0;
};

} // namespace u8convert::audit_detail
