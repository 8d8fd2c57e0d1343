// A dump as a self-contained HTML page (`u8scope-cli dump --html`, and the window's File > Export
// as HTML): the rows of terminal_dump.h in the window's colours (role_colours.h), a legend of the
// roles present and the list of problems. One file with inline CSS and nothing else: no script,
// no external resource, so that it can be mailed, attached to a bug report or pasted into
// slides. Error cells are hatched and framed as in the window, so that they survive greyscale
// printing; the page follows the reader's dark theme on screen.
//
// The markup is well-formed XML (every element closed, only the five XML entities and numeric
// references), so that tools and tests can read it back; every text from the input is escaped,
// and characters XML does not allow are written as U+FFFD.
#pragma once

#include "dump_rows.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace u8dump {

struct HtmlPage {
    std::string name;                // the file's name, any bytes (shown decoded, errors as U+FFFD)
    std::uint64_t size = UINT64_MAX; // the whole input's size, when known
    std::string generator;           // "u8scope 0.1.0"
};

class HtmlDump final : public RowSink {
public:
    using Write = std::function<bool(std::string_view)>;
    // Problems listed at the end at most; the others are explained under their rows only.
    static constexpr std::size_t kListedProblems = 10000;

    HtmlDump(HtmlPage page, const DumpOptions& options, int offsetDigits, Write write);

    void row(const DumpRow& row) override;
    // The legend, the list of problems and the end of the page. False if a write failed.
    bool finish(const DumpTotals& totals);

    // The style sheet: both palettes' colours for every role, their hatches and frames.
    static std::string styleSheet();
    // The CSS class of a role's cells: "r-" and its key ("r-lead3", "r-overlong").
    static std::string roleClass(CellRole role);

private:
    void writeHead();
    void writeHex(const DumpRow& row);
    void writeText(const DumpRow& row);
    void writeNote(const DumpRow& row, const DumpNote& note);
    void putOffset(std::uint64_t offset);
    void put(std::string_view text) { out_ += text; }
    // Cell text (well-formed UTF-8 of characters XML allows): escaped.
    void putEscaped(std::string_view utf8);
    // Any other text (the file's name, the problems' descriptions): decoded (U+FFFD for each
    // error segment) and escaped, with what XML does not allow (C0 controls but TAB and LF,
    // U+FFFE, U+FFFF) and what draws nothing (a bidi override quoted in a description would
    // reorder the rest of its line) as U+FFFD.
    void putText(std::string_view bytes);
    void drain();

    HtmlPage page_;
    DumpOptions options_;
    int offsetDigits_;
    Write write_;
    bool failed_ = false;
    bool headWritten_ = false;
    std::string out_;
    std::uint64_t problemNumber_ = 0;
    std::vector<std::pair<std::uint64_t, u8codec::Problem>> listed_; // number, problem
};

} // namespace u8dump
