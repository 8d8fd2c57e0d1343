// Where a character of code stands: code proper, a comment or a string (issue 34 item 8).
#include "audit_syntax.h"

#include <string_view>

namespace u8convert::audit_detail {
using namespace u8codec;

namespace {

bool isWordByte(char32_t c) noexcept {
    return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || (c >= U'0' && c <= U'9') ||
           c == U'_';
}

bool isLineEnd(char32_t c) noexcept {
    return c == U'\n' || c == U'\r' || c == 0x2028 || c == 0x2029;
}

} // namespace

CodeLexer::CodeLexer(const CodeSyntax& syntax) : syntax_(syntax) {
    for (unsigned char c : {'"', '\'', '`'})
        codeBytes_[c] = true;
    codeBytes_['/'] = syntax.slashComments;
    codeBytes_['#'] = syntax.hashComments;
    codeBytes_['-'] = syntax.dashComments;
    codeBytes_[';'] = syntax.semicolonComments;
    codeBytes_['='] = syntax.docBlocks;
    codeBytes_['_'] = syntax.docBlocks; // __END__
    codeBytes_['<'] = syntax.heredocs;
    codeBytes_['q'] = syntax.perlQuotes;
    lineEnds_['\n'] = lineEnds_['\r'] = true;
    blockEnds_['/'] = true;
    quoteBytes_ = lineEnds_;
    quoteBytes_['\\'] = true;
}

const std::array<bool, 256>& CodeLexer::interesting() const noexcept {
    switch (state_) {
    case State::Code:
        return codeBytes_;
    case State::BlockComment:
        return blockEnds_;
    case State::LineComment:
    case State::DocBlock:
        return lineEnds_;
    case State::Trailer:
        return noBytes_;
    case State::Quote:
    case State::TripleQuote:
    case State::Heredoc:   // a line end, where the terminator may stand
    case State::QuoteLike: // and the closing delimiter, checked apart
        break;
    }
    return quoteBytes_; // and the quote, checked apart
}

void CodeLexer::step(char32_t cp) noexcept {
    switch (state_) {
    case State::Code:
        stepCode(cp);
        return;
    case State::LineComment:
        if (isLineEnd(cp)) {
            prev_ = cp;
            enter(State::Code, CodeContext::Code);
            endLineInCode(cp); // a heredoc announced before the comment starts now
        }
        return;
    case State::BlockComment:
        if (prev_ == U'*' && cp == U'/') {
            prev_ = 0;
            enter(State::Code, CodeContext::Code);
            return;
        }
        prev_ = cp;
        return;
    case State::Quote:
        stepQuote(cp);
        return;
    case State::TripleQuote:
        stepTripleQuote(cp);
        return;
    case State::Heredoc:
        stepHeredoc(cp);
        return;
    case State::QuoteLike:
        stepQuoteLike(cp);
        return;
    case State::DocBlock:
        stepDocBlock(cp);
        return;
    case State::Trailer:
        return;
    }
}

void CodeLexer::stepCode(char32_t cp) noexcept {
    const char32_t before = prev_;
    prev_ = cp;
    if (!endMarker_.empty() && scanEndMarker(cp))
        return;
    if (isLineEnd(cp)) {
        endLineInCode(cp);
        return;
    }
    if ((syntax_.heredocs && scanHeredoc(cp, before)) ||
        (syntax_.perlQuotes && scanQuoteLike(cp, before)))
        return;
    if (emptyClosed_ && cp == quote_) { // the third quote of """ or '''
        emptyClosed_ = false;
        closing_ = 0;
        escaped_ = false;
        enter(State::TripleQuote, CodeContext::String);
        return;
    }
    emptyClosed_ = false;
    if (cp == U'"' || cp == U'\'' || cp == U'`') {
        quote_ = cp;
        escaped_ = false;
        afterEscape_ = false;
        stringEmpty_ = true;
        enter(State::Quote, CodeContext::String);
    } else if (syntax_.slashComments && before == U'/' && cp == U'/') {
        enter(State::LineComment, CodeContext::Comment);
    } else if (syntax_.slashComments && before == U'/' && cp == U'*') {
        prev_ = 0; // "/*/" does not close it
        enter(State::BlockComment, CodeContext::Comment);
    } else if (syntax_.docBlocks && cp == U'=' && isLineEnd(before)) {
        docLine_[0] = '='; // Perl POD up to "=cut", Ruby's "=begin" up to "=end"
        docLength_ = 1;
        docFirstLine_ = true;
        enter(State::DocBlock, CodeContext::Comment);
    } else if (syntax_.docBlocks && cp == U'_' && isLineEnd(before)) {
        endMarker_.clear(); // perhaps __END__ or __DATA__ (not `= "_"`: GCC 12's false -Wrestrict)
        endMarker_.push_back('_');
    } else if (syntax_.semicolonComments && cp == U';') {
        enter(State::LineComment, CodeContext::Comment);
    } else if (syntax_.dashComments && before == U'-' && cp == U'-') {
        enter(State::LineComment, CodeContext::Comment);
    } else if (syntax_.hashComments && cp == U'#' && !isWordByte(before) && before != U'$' &&
               before != U'{') { // shell: $# and ${#x} are no comments
        enter(State::LineComment, CodeContext::Comment);
    }
}

void CodeLexer::stepQuote(char32_t cp) noexcept {
    // A character literal holds one character: 'a followed by anything but a quote was a Rust
    // lifetime or a C++ digit separator, and the code goes on.
    if (syntax_.charQuotes && quote_ == U'\'' && !stringEmpty_ && !escaped_ && cp != quote_ &&
        !afterEscape_) {
        prev_ = cp;
        enter(State::Code, CodeContext::Code);
        stepCode(cp);
        return;
    }
    afterEscape_ = escaped_;
    if (escaped_) {
        escaped_ = false;
    } else if (cp == U'\\') {
        escaped_ = true;
    } else if (cp == quote_) {
        emptyClosed_ = stringEmpty_;
        prev_ = cp;
        enter(State::Code, CodeContext::Code);
        return;
    } else if (isLineEnd(cp) && quote_ != U'`' && !syntax_.quotesSpanLines) {
        prev_ = cp; // an unterminated string ends with its line
        enter(State::Code, CodeContext::Code);
        return;
    }
    stringEmpty_ = false;
}

void CodeLexer::stepTripleQuote(char32_t cp) noexcept {
    if (escaped_) {
        escaped_ = false;
        closing_ = 0;
    } else if (cp == U'\\') {
        escaped_ = true;
        closing_ = 0;
    } else if (cp == quote_) {
        if (++closing_ == 3) {
            closing_ = 0;
            prev_ = cp;
            enter(State::Code, CodeContext::Code);
        }
    } else {
        closing_ = 0;
    }
}

void CodeLexer::stepDocBlock(char32_t cp) noexcept {
    if (!isLineEnd(cp)) {
        if (docLength_ < int(sizeof docLine_))
            docLine_[docLength_++] = char(cp < 0x80 ? cp : 0x80);
        return;
    }
    const std::string_view line(docLine_, std::size_t(docLength_));
    docLength_ = 0;
    const auto is = [&](std::string_view word) {
        return line.starts_with(word) && (line.size() == word.size() || line[word.size()] == ' ' ||
                                          line[word.size()] == '\t');
    };
    if (docFirstLine_) {
        // Ruby's =begin ends at =end; POD's "=begin FORMAT ... =end FORMAT" is inside it.
        rubyBlock_ = is("=begin");
        docFirstLine_ = false;
        return;
    }
    if (rubyBlock_ ? is("=end") : is("=cut")) {
        prev_ = cp;
        enter(State::Code, CodeContext::Code);
    }
}

// "__END__" or "__DATA__" alone on a line ends a Perl or Ruby program: what follows is data or
// documentation (POD), text to the end of the file. Returns whether the line ended the program.
bool CodeLexer::scanEndMarker(char32_t cp) noexcept {
    if (isLineEnd(cp)) {
        const bool ends = endMarker_ == "__END__" || endMarker_ == "__DATA__";
        endMarker_.clear();
        if (ends)
            enter(State::Trailer, CodeContext::Comment);
        return ends;
    }
    endMarker_ += cp < 0x80 ? char(cp) : '\x80';
    if (!std::string_view("__END__").starts_with(endMarker_) &&
        !std::string_view("__DATA__").starts_with(endMarker_))
        endMarker_.clear();
    return false;
}

// "<<WORD", "<<-WORD", "<<~'WORD'", PHP's "<<<WORD": the heredoc's body starts at the next
// line and ends at a line that is WORD (leading blanks and PHP's ';' aside). Returns whether cp
// was taken (a quote around the word opens no string).
bool CodeLexer::scanHeredoc(char32_t cp, char32_t before) noexcept {
    if (!heredocScanning_) {
        // After a value "<<" shifts or appends ("1<<n", "list<<x"): no heredoc.
        if (cp == U'<' && before != U'<')
            beforeShift_ = before;
        else if (cp == U'<' && !heredocPending_ && !isWordByte(beforeShift_) &&
                 beforeShift_ != U')' && beforeShift_ != U']') {
            heredocScanning_ = true;
            heredocQuoted_ = false;
            heredocWord_.clear();
        }
        return false;
    }
    if (heredocWord_.empty() && !heredocQuoted_ && (cp == U'<' || cp == U'~' || cp == U'-'))
        return true;
    if (heredocWord_.empty() && !heredocQuoted_ && (cp == U'\'' || cp == U'"')) {
        heredocQuoted_ = true;
        return true;
    }
    if (isWordByte(cp) && !(heredocWord_.empty() && cp >= U'0' && cp <= U'9')) {
        if (heredocWord_.size() < kMaxWord)
            heredocWord_ += char(cp);
        return true;
    }
    heredocScanning_ = false;
    heredocPending_ = !heredocWord_.empty();
    return heredocQuoted_ && (cp == U'\'' || cp == U'"'); // the closing quote of the word
}

void CodeLexer::endLineInCode(char32_t cp) noexcept {
    if (heredocScanning_ && !heredocWord_.empty()) // "<<EOF" at the end of its line
        heredocPending_ = true;
    heredocScanning_ = false;
    quoteLikeScan_ = 0;
    if (!heredocPending_)
        return;
    heredocPending_ = false;
    heredocLine_.clear();
    prev_ = cp;
    enter(State::Heredoc, CodeContext::String);
}

void CodeLexer::stepHeredoc(char32_t cp) noexcept {
    if (!isLineEnd(cp)) {
        if (heredocLine_.size() <= kMaxWord + 8)
            heredocLine_ += cp < 0x80 ? char(cp) : '\x80';
        return;
    }
    std::string_view line = heredocLine_;
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
        line.remove_prefix(1);
    while (!line.empty() && (line.back() == ';' || line.back() == ',' || line.back() == ' '))
        line.remove_suffix(1);
    const bool closes = line == heredocWord_;
    heredocLine_.clear();
    if (closes) {
        prev_ = cp;
        enter(State::Code, CodeContext::Code);
    }
}

// Perl's q, qq, qw, qr and qx with a bracket or punctuation delimiter, read as a string.
bool CodeLexer::scanQuoteLike(char32_t cp, char32_t before) noexcept {
    if (quoteLikeScan_ == 0) {
        if (cp == U'q' && !isWordByte(before) && before != U'$' && before != U'@' &&
            before != U'%' && before != U'-' && before != U'>')
            quoteLikeScan_ = 1;
        return false;
    }
    if (quoteLikeScan_ == 1 && (cp == U'q' || cp == U'w' || cp == U'r' || cp == U'x')) {
        quoteLikeScan_ = 2;
        return false;
    }
    quoteLikeScan_ = 0;
    constexpr std::u32string_view kOpen = U"([{</|!~", kClose = U")]}>/|!~";
    const std::size_t k = kOpen.find(cp);
    if (k == std::u32string_view::npos)
        return false;
    quoteOpen_ = cp;
    quoteClose_ = kClose[k];
    quoteDepth_ = 0;
    escaped_ = false;
    enter(State::QuoteLike, CodeContext::String);
    return true;
}

void CodeLexer::stepQuoteLike(char32_t cp) noexcept {
    if (escaped_) {
        escaped_ = false;
    } else if (cp == U'\\') {
        escaped_ = true;
    } else if (cp == quoteClose_ && quoteDepth_ == 0) {
        prev_ = cp;
        enter(State::Code, CodeContext::Code);
    } else if (cp == quoteClose_) {
        --quoteDepth_;
    } else if (cp == quoteOpen_ && quoteOpen_ != quoteClose_) {
        ++quoteDepth_;
    }
}

bool CodeLexer::onChar(char32_t cp) noexcept {
    const CodeContext before = context_;
    step(cp);
    return context_ != before;
}

bool CodeLexer::onAscii(const std::uint8_t* p, std::size_t n, std::vector<ContextChange>* changes) {
    // Most bytes change nothing but the character before (prev_): those are skipped, and only
    // the bytes that may start or end a comment or string are stepped through.
    bool changed = false;
    for (std::size_t i = 0; i < n;) {
        if (!escaped_ && closing_ == 0 && !emptyClosed_ && state_ != State::DocBlock &&
            state_ != State::Heredoc && state_ != State::QuoteLike && !heredocScanning_ &&
            !heredocPending_ && quoteLikeScan_ == 0 &&
            !(syntax_.charQuotes && state_ == State::Quote && quote_ == U'\'') &&
            !(state_ == State::Code && prev_ == U'/') &&
            endMarker_.empty()) { // the '*' of "/*" is looked at
            const std::array<bool, 256>& stop = interesting();
            const bool quoted = state_ == State::Quote || state_ == State::TripleQuote;
            std::size_t j = i;
            while (j < n && !stop[p[j]] && !(quoted && p[j] == quote_))
                ++j;
            if (j != i) {
                prev_ = p[j - 1];
                stringEmpty_ = false;
                i = j;
                if (i == n)
                    break;
            }
        }
        if (onChar(p[i])) {
            changed = true;
            if (changes)
                changes->push_back({i, inText()});
        }
        ++i;
    }
    return changed;
}

} // namespace u8convert::audit_detail
