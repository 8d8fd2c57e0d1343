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

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace u8dump {

// A named range the user marked (the window's bookmarks), listed on the page.
struct HtmlBookmark {
    std::uint64_t offset = 0;
    std::uint64_t length = 1;
    std::string name; // UTF-8
    std::string note; // UTF-8
};

struct HtmlPage {
    std::string name;                // the file's name, any bytes (shown decoded, errors as U+FFFD)
    std::uint64_t size = UINT64_MAX; // the whole input's size, when known
    std::string generator;           // "u8scope 0.1.0"
    // Listed after the dump, in order, those that share a byte with the bytes dumped (none:
    // no list).
    std::vector<HtmlBookmark> bookmarks;
};

// The bookmarks that share a byte with the bytes `options` dump, in their order: the ones the
// HTML page and the printed page list.
[[nodiscard]] std::vector<const HtmlBookmark*>
bookmarksShown(const std::vector<HtmlBookmark>& bookmarks, const DumpOptions& options);
// Whether a shown bookmark reaches past the bytes dumped, on either side.
[[nodiscard]] bool bookmarkPartlyOutside(const HtmlBookmark& bookmark, const DumpOptions& options);

class HtmlDump final : public RowSink {
public:
    using Write = std::function<bool(std::string_view)>;
    // Problems listed at the end at most; the others are explained under their rows only.
    static constexpr std::size_t kListedProblems = 10000;

    HtmlDump(HtmlPage page, const DumpOptions& options, int offsetDigits, Write write);

    void row(const DumpRow& row) override;
    // The legend, the list of problems and the end of the page. False if a write failed.
    [[nodiscard]] bool finish(const DumpTotals& totals);

    // The style sheet: both palettes' colours for every role, their hatches and frames.
    [[nodiscard]] static std::string styleSheet();
    // The CSS class of a role's cells: "r-" and its key ("r-lead3", "r-overlong").
    [[nodiscard]] static std::string roleClass(CellRole role);

private:
    // A piece of markup copied whole, N bytes: its bytes, and how many of them count.
    template <std::size_t N> struct Fragment {
        std::array<char, N - 1> text{};
        std::uint8_t size = 0;
    };
    using Tag = Fragment<48>;           // <span class="r-never-valid-byte">: 33 bytes
    using Escape = Fragment<8>;         // &quot;: 6 bytes
    static constexpr int kBoxKinds = 4; // the kinds of TextCell but Covered
    static constexpr int kMaxColumns = 4;
    [[nodiscard]] static constexpr std::size_t boxIndex(TextCell::Kind kind, int columns) {
        return std::size_t(kind) * kMaxColumns +
               std::size_t(std::clamp(columns, 1, kMaxColumns) - 1);
    }
    // The most a row takes: each cell's hex and text with every fragment copied whole.
    static constexpr std::size_t kRowRoom = kMaxRowWidth * 16 * sizeof(Tag) + 256;
    template <std::size_t N> static void setFragment(Fragment<N>& fragment, std::string_view text) {
        fragment.size = std::uint8_t(std::min(text.size(), fragment.text.size()));
        std::copy_n(text.data(), fragment.size, fragment.text.data());
    }
    template <std::size_t N> static char* copy(char* out, const Fragment<N>& fragment) {
        std::memcpy(out, fragment.text.data(), sizeof fragment.text);
        return out + fragment.size;
    }
    // The fragment where `when`, nothing else, without a branch.
    template <std::size_t N>
    [[nodiscard]] static char* copyIf(char* out, const Fragment<N>& fragment, bool when) {
        std::memcpy(out, fragment.text.data(), sizeof fragment.text);
        return out + (fragment.size & (0u - unsigned(when)));
    }
    template <std::size_t N> static char* copy(char* out, const char (&literal)[N]) {
        std::memcpy(out, literal, N - 1);
        return out + N - 1;
    }

    void writeHead();
    void writeBookmarks();
    [[nodiscard]] char* writeOffset(char* out, std::uint64_t offset) const;
    [[nodiscard]] char* writeHex(char* out, const DumpRow& row) const;
    [[nodiscard]] char* writeText(char* out, const DumpRow& row) const;
    void writeNote(const DumpRow& row, const DumpNote& note);
    void put(std::string_view text);
    // Cell text (well-formed UTF-8 of characters XML allows): escaped.
    void putEscaped(std::string_view utf8);
    // Any other text (the file's name, the problems' descriptions): decoded (U+FFFD for each
    // error segment) and escaped, with what XML does not allow (C0 controls but TAB and LF,
    // U+FFFE, U+FFFF) and what draws nothing (a bidi override quoted in a description would
    // reorder the rest of its line) as U+FFFD.
    void putText(std::string_view bytes);
    void reserve(std::size_t bytes);
    void drain();

    HtmlPage page_;
    DumpOptions options_;
    int offsetDigits_;
    Write write_;
    bool failed_ = false;
    bool headWritten_ = false;
    std::vector<char> buffer_;
    std::size_t used_ = 0;
    std::uint64_t problemNumber_ = 0;
    std::vector<std::pair<std::uint64_t, u8codec::Problem>> listed_; // number, problem
    std::array<Tag, kCellRoleCount> roleOpen_{};                     // <span class="r-lead3">
    std::array<Tag, kBoxKinds * kMaxColumns> boxOpen_{};             // <span class="g w2">
    std::array<Escape, 256> escaped_{};                              // each byte, escaped
    Escape close_{};                                                 // </span>
};

} // namespace u8dump
