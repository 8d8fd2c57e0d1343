// Where a character of code stands: code proper, a comment or a string (issue 34 item 8).
#include "audit_syntax.h"

#include <string_view>

namespace u8codec::audit_detail {

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
    case State::Quote:
    case State::TripleQuote:
        break;
    }
    return quoteBytes_; // and the quote, checked apart
}

void CodeLexer::step(char32_t cp) noexcept {
    switch (state_) {
    case State::Code: {
        const char32_t before = prev_;
        prev_ = cp;
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
            stringEmpty_ = true;
            enter(State::Quote, CodeContext::String);
        } else if (syntax_.slashComments && before == U'/' && cp == U'/') {
            enter(State::LineComment, CodeContext::Comment);
        } else if (syntax_.slashComments && before == U'/' && cp == U'*') {
            prev_ = 0; // "/*/" does not close it
            enter(State::BlockComment, CodeContext::Comment);
        } else if (syntax_.docBlocks && cp == U'=' && isLineEnd(before)) {
            docLength_ = 0; // Perl POD, Ruby =begin: documentation up to "=cut" or "=end"
            enter(State::DocBlock, CodeContext::Comment);
        } else if (syntax_.semicolonComments && cp == U';') {
            enter(State::LineComment, CodeContext::Comment);
        } else if (syntax_.dashComments && before == U'-' && cp == U'-') {
            enter(State::LineComment, CodeContext::Comment);
        } else if (syntax_.hashComments && cp == U'#' && !isWordByte(before) && before != U'$' &&
                   before != U'{') { // shell: $# and ${#x} are no comments
            enter(State::LineComment, CodeContext::Comment);
        }
        return;
    }
    case State::LineComment:
        if (isLineEnd(cp)) {
            prev_ = cp;
            enter(State::Code, CodeContext::Code);
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
        return;
    case State::DocBlock:
        if (isLineEnd(cp)) {
            const std::string_view line(docLine_, std::size_t(docLength_));
            docLength_ = 0;
            const std::string_view head = line.substr(0, 4);
            if ((head == "=cut" || head == "=end") &&
                (line.size() == 4 || line[4] == ' ' || line[4] == '\t')) {
                prev_ = cp;
                enter(State::Code, CodeContext::Code);
            }
        } else if (docLength_ < 5) {
            docLine_[docLength_++] = char(cp < 0x80 ? cp : 0x80);
        }
        return;
    case State::TripleQuote:
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
        return;
    }
}

bool CodeLexer::onChar(char32_t cp) noexcept {
    const CodeContext before = context_;
    step(cp);
    return context_ != before;
}

bool CodeLexer::onAscii(const std::uint8_t* p, std::size_t n) noexcept {
    // Most bytes change nothing but the character before (prev_): those are skipped, and only
    // the bytes that may start or end a comment or string are stepped through.
    bool changed = false;
    for (std::size_t i = 0; i < n;) {
        if (!escaped_ && closing_ == 0 && !emptyClosed_ && state_ != State::DocBlock) {
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
        changed |= onChar(p[i]);
        ++i;
    }
    return changed;
}

} // namespace u8codec::audit_detail
