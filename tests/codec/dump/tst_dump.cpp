// The dump (codec/dump) below u8scope-cli: the text cell and role of every kind of byte and
// character, rows of 8, 16 and 32 with wide characters across their ends, an offset inside a
// character, a length that ends inside one, problems under the rows they start in (also when
// they are told only a row later, and when a run outgrows the rows held back), any chunking
// giving the same rows, the totals by role, more characters than the cache of texts holds; the
// terminal writer's lines with and without colour (built here from the
// documented layout, not copied from the program); the HTML page read back as XML; and the
// terminal colours' contrast.
#include "cell_text.h"
#include "dump_rows.h"
#include "html_dump.h"
#include "role_colours.h"
#include "terminal_dump.h"
#include "u8codec/encoder.h"
#include "u8codec/problem.h"
#include "u8test/harness.h"
#include "u8test/xml_reader.h"

#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

using namespace u8dump;
using Kind = TextCell::Kind;
using u8test::XmlNode;
using u8test::XmlReader;

namespace {

std::span<const std::uint8_t> bytesOf(std::string_view b) {
    return {reinterpret_cast<const std::uint8_t*>(b.data()), b.size()};
}

// The bytes from `from` on; none past the end (QByteArray::mid).
std::string mid(const std::string& s, std::uint64_t from) {
    return from < s.size() ? s.substr(std::size_t(from)) : std::string();
}

// The lines of `text`, the empty ones left out.
std::vector<std::string> nonEmptyLines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t from = 0;
    for (std::size_t end; from <= text.size(); from = end + 1) {
        end = text.find('\n', from);
        if (end == std::string::npos)
            end = text.size();
        if (end > from)
            lines.push_back(text.substr(from, end - from));
    }
    return lines;
}

// The `n`th line of `text` (0 the first), without its line feed.
std::string lineOf(const std::string& text, int n) {
    std::size_t from = 0;
    for (int i = 0; i < n; ++i) {
        const std::size_t end = text.find('\n', from);
        if (end == std::string::npos)
            return {};
        from = end + 1;
    }
    return text.substr(from, text.find('\n', from) - from);
}

// The characters of well-formed UTF-8 (what a terminal's columns count here).
std::size_t charactersIn(std::string_view utf8) {
    std::size_t n = 0;
    for (const char c : utf8)
        n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

// The whole stream at once: with all of it given, whether `rows` wanted more does not matter
// (finish() ends the stream either way).
void feedWhole(DumpRows& rows, std::span<const std::uint8_t> bytes) {
    static_cast<void>(rows.feed(bytes));
}

struct Collect final : RowSink {
    std::vector<DumpRow> rows;
    void row(const DumpRow& r) override { rows.push_back(r); }
};

// Every row of `bytes`, fed in pieces of `chunk` bytes (0: at once).
std::vector<DumpRow> rowsOf(const std::string& bytes, DumpOptions options = {},
                            std::size_t chunk = 0, DumpTotals* totals = nullptr) {
    Collect sink;
    DumpRows rows(options, sink);
    const std::string fed = mid(bytes, DumpRows::streamStart(options));
    auto all = bytesOf(fed);
    if (chunk == 0)
        chunk = std::max<std::size_t>(all.size(), 1);
    for (std::size_t i = 0; i < all.size(); i += chunk)
        if (!rows.feed(all.subspan(i, std::min(chunk, all.size() - i))))
            break;
    rows.finish();
    if (totals)
        *totals = rows.totals();
    return sink.rows;
}

// The cells of the first row: "kind role text" each, for a compact comparison.
std::vector<std::string> cellsOf(const DumpRow& row) {
    static const char* kKinds[] = {"glyph", "marker", "replacement", "filler", "covered"};
    std::vector<std::string> cells;
    for (int i = 0; i < row.count; ++i) {
        const TextCell& t = row.text[std::size_t(i)];
        std::string cell =
            std::string(kKinds[int(t.kind)]) + ' ' + std::string(key(row.roles[std::size_t(i)]));
        if (t.kind != Kind::Filler && t.kind != Kind::Covered)
            cell += ' ' + std::string(t.view()) +
                    (t.columns > 1 ? "/" + std::to_string(t.columns) : std::string());
        cells.push_back(cell);
    }
    return cells;
}

std::string terminalText(const std::string& bytes, bool colour, DumpOptions options = {},
                         int wrapColumns = 0) {
    std::string out;
    TerminalDump terminal(
        colour, options.width, offsetDigitsFor(bytes.size()),
        [&](std::string_view piece) {
            out.append(piece);
            return true;
        },
        wrapColumns);
    DumpRows rows(options, terminal);
    const std::string fed = mid(bytes, DumpRows::streamStart(options));
    feedWhole(rows, bytesOf(fed));
    rows.finish();
    return terminal.finish() ? out : std::string();
}

// ANSI select graphic rendition, as the layout documents it: a reset, then the look.
std::string sgr(int fg, int bg = -1, bool bold = false, bool dim = false, bool underline = false) {
    std::string s = "\x1b[0";
    if (bold)
        s += ";1";
    if (dim)
        s += ";2";
    if (underline)
        s += ";4";
    if (fg >= 0)
        s += ";38;5;" + std::to_string(fg);
    if (bg >= 0)
        s += ";48;5;" + std::to_string(bg);
    return s + 'm';
}
const std::string kReset = "\x1b[0m";

// "#rrggbb", as CSS writes an opaque colour.
std::string cssName(Argb colour) {
    char name[16];
    std::snprintf(name, sizeof name, "#%06x", unsigned(colour & 0xFFFFFFu));
    return name;
}

// HSL lightness, 0-255.
int lightness(Argb colour) {
    const int r = int(colour >> 16 & 0xFF), g = int(colour >> 8 & 0xFF), b = int(colour & 0xFF);
    return (std::max({r, g, b}) + std::min({r, g, b})) / 2;
}
const std::string kBar = "\u2502";

// `count` pieces of bytes, each chosen by `add` from a pick in 0-255 of a linear congruential
// generator started at `seed` (the same bytes on every machine).
template <typename Add> std::string generated(std::uint32_t seed, int count, Add add) {
    std::string bytes;
    std::uint32_t state = seed;
    for (int i = 0; i < count; ++i) {
        state = state * 1664525u + 1013904223u;
        add(int(state >> 24), bytes);
    }
    return bytes;
}

// The HTML page of `bytes`, named `name`, dumped whole with the default options.
std::string htmlPageOf(const std::string& bytes, const std::string& name) {
    std::string page;
    HtmlDump html({name, std::uint64_t(bytes.size()), "u8scope test", {}}, {}, 8,
                  [&](std::string_view piece) {
                      page.append(piece);
                      return true;
                  });
    DumpRows rows({}, html);
    feedWhole(rows, bytesOf(bytes));
    rows.finish();
    return html.finish(rows.totals()) ? page : std::string();
}

using Cells = std::vector<std::string>;

// One cell a byte: the glyph in the lead's cell, fillers after it, a wide glyph covering the
// cell after its own; every role and every error kind.
TEST_CASE("the cells of every kind of byte and character") {
    const struct {
        const char* name;
        std::string bytes;
        Cells cells;
    } rows[] = {
        {"printable", "A~", {"glyph printable A", "glyph printable ~"}},
        {"whitespace",
         " \t\n\r",
         {"glyph whitespace  ", "glyph whitespace ␉", "glyph whitespace ␊", "glyph whitespace ␍"}},
        {"controls",
         std::string("\x01\x1b\x7f", 3),
         {"glyph control ␁", "glyph control ␛", "glyph control ␡"}},
        {"NUL", std::string("\0", 1), {"glyph control ␀"}},
        {"2-byte", "\xC3\xA9", {"glyph lead2 é", "filler continuation"}},
        {"3-byte wide",
         "\xE4\xB8\x96",
         {"glyph lead3 世/2", "covered continuation", "filler continuation"}},
        {"3-byte narrow",
         "\xE2\x82\xAC",
         {"glyph lead3 €", "filler continuation", "filler continuation"}},
        {"4-byte emoji",
         "\xF0\x9F\x98\x80",
         {"glyph lead4 😀/2", "covered continuation", "filler continuation", "filler continuation"}},
        {"combining mark",
         "e\xCC\x81",
         {"glyph printable e", "glyph lead2 ◌́", "filler continuation"}},
        {"BOM: abbreviation fits",
         "\xEF\xBB\xBF",
         {"marker lead3 BOM/3", "covered continuation", "covered continuation"}},
        {"RLO",
         "\xE2\x80\xAE",
         {"marker lead3 RLO/3", "covered continuation", "covered continuation"}},
        {"ZWSP: does not fit",
         "\xE2\x80\x8B",
         {"marker lead3 ◇", "filler continuation", "filler continuation"}},
        {"NEL: C1 control", "\xC2\x85", {"marker lead2 ◇", "filler continuation"}},
        {"NBSP", "\xC2\xA0", {"marker lead2 ␣", "filler continuation"}},
        {"invalid byte", "\xC0", {"replacement never-valid-byte �"}},
        {"FF", "\xFF", {"replacement never-valid-byte �"}},
        {"stray continuation", "\x80", {"replacement stray-continuation �"}},
        {"overlong", "\xE0\x80", {"replacement overlong �", "replacement stray-continuation �"}},
        {"surrogate",
         "\xED\xA0\x80",
         {"replacement surrogate �", "replacement stray-continuation �",
          "replacement stray-continuation �"}},
        {"too large", "\xF4\x90", {"replacement too-large �", "replacement stray-continuation �"}},
        {"truncated",
         "\xE2\x82"
         "A",
         {"replacement truncated �", "filler truncated", "glyph printable A"}},
        {"truncated at the end",
         "\xF0\x9F\x98",
         {"replacement truncated �", "filler truncated", "filler truncated"}},
    };
    for (const auto& row : rows) {
        SUBCASE(row.name) {
            const auto dumped = rowsOf(row.bytes);
            REQUIRE(dumped.size() == std::size_t(1));
            REQUIRE(cellsOf(dumped[0]) == row.cells);
            for (int i = 0; i < dumped[0].count; ++i)
                CHECK(dumped[0].bytes[std::size_t(i)] == std::uint8_t(row.bytes[std::size_t(i)]));
        }
    }
}

// A wide character whose lead is a row's last cell: its glyph goes to the next row, where the
// character goes on; the lead's cell holds a filler in the lead's role.
TEST_CASE("a wide glyph at the end of a row goes to the next row") {
    const auto rows = rowsOf("abcdefg\xE4\xB8\x96", {.width = 8});
    REQUIRE(rows.size() == std::size_t(2));
    CHECK(cellsOf(rows[0]).back() == "filler lead3");
    CHECK(cellsOf(rows[1]) == Cells{"glyph continuation 世/2", "covered continuation"});
    CHECK(rows[1].text[0].role == CellRole::Lead3); // the glyph keeps its lead's look
    CHECK(rows[1].offset == std::uint64_t(8));
}

TEST_CASE("rows of 8, 16 and 32") {
    const std::string bytes(100, 'x');
    for (int width : {8, 16, 32}) {
        INFO("width ", width);
        const auto rows = rowsOf(bytes, {.width = width});
        REQUIRE(rows.size() == std::size_t((100 + width - 1) / width));
        for (std::size_t i = 0; i + 1 < rows.size(); ++i) {
            CHECK(rows[i].count == width);
            CHECK(rows[i].offset == std::uint64_t(i * std::size_t(width)));
        }
        CHECK(rows.back().count == 100 - width * int(rows.size() - 1));
    }
}

// An offset inside a character: its remaining bytes are shown as the continuation bytes they
// are (fillers), not as stray continuation errors; rows start at the offset.
TEST_CASE("an offset inside a character") {
    DumpTotals totals;
    const auto rows = rowsOf("\xE4\xB8\x96\xE7\x95\x8C", {.offset = 1}, 0, &totals);
    REQUIRE(rows.size() == std::size_t(1));
    CHECK(rows[0].offset == std::uint64_t(1));
    CHECK(cellsOf(rows[0]) == Cells{"filler continuation", "filler continuation",
                                    "glyph lead3 界/2", "covered continuation",
                                    "filler continuation"});
    CHECK(totals.problems == std::uint64_t(0));
    CHECK(totals.start == std::uint64_t(1));
    CHECK(totals.end == std::uint64_t(6));
    // Four bytes in (past the look-behind of three): the same, and in every chunking.
    const std::string longer = std::string("0123") + "\xF0\x9F\x98\x80" + "z";
    for (std::size_t chunk : {1u, 2u, 0u}) {
        INFO("chunk ", chunk);
        const auto r = rowsOf(longer, {.offset = 6}, chunk);
        REQUIRE(!r.empty());
        CHECK(cellsOf(r[0]) ==
              Cells{"filler continuation", "filler continuation", "glyph printable z"});
    }
}

// A length that ends inside a character: the bytes shown keep their roles (a lead, not a
// truncated sequence); the glyph is shown while its cells are, left out once they are not.
TEST_CASE("a length that ends inside a character") {
    DumpTotals totals;
    const auto rows = rowsOf("ab\xE4\xB8\x96"
                             "cd",
                             {.length = 4}, 0, &totals);
    REQUIRE(!rows.empty());
    CHECK(cellsOf(rows[0]) == Cells{"glyph printable a", "glyph printable b", "glyph lead3 世/2",
                                    "covered continuation"});
    CHECK(totals.problems == std::uint64_t(0));
    CHECK(totals.end == std::uint64_t(4));
    const auto shorter = rowsOf("ab\xE4\xB8\x96"
                                "cd",
                                {.length = 3});
    REQUIRE(!shorter.empty());
    CHECK(cellsOf(shorter[0]) == Cells{"glyph printable a", "glyph printable b", "filler lead3"});
    // A problem that starts inside the range is told whole; one after it is not.
    const auto cut = rowsOf("ab\x80\x80\x80"
                            "c\xFF",
                            {.length = 3}, 0, &totals);
    CHECK(totals.problems == std::uint64_t(1));
    REQUIRE(!cut.empty());
    REQUIRE(cut[0].notes.size() == std::size_t(1));
    CHECK(cut[0].notes[0].problem.length == std::uint64_t(3));
    CHECK(cut[0].notes[0].firstCell == 2);
    CHECK(cut[0].notes[0].endCell == 3); // only its first byte is shown
}

// Each problem under the row it starts in, its cells marked, its role its first byte's; a
// problem that ends a row is told only when the next row begins, and is still under its own.
TEST_CASE("problems go under the rows they start in") {
    const std::string bytes =
        std::string("abcdef\xC0\xAF") + "gh\xE2\x82" + "ijkl" + "\xED\xA0\x80";
    DumpTotals totals;
    const auto rows = rowsOf(bytes, {.width = 8}, 0, &totals);
    REQUIRE(rows.size() == std::size_t(3));
    CHECK(totals.problems == std::uint64_t(3));
    REQUIRE(rows[0].notes.size() == std::size_t(1));
    const DumpNote& overlong = rows[0].notes[0];
    CHECK(overlong.problem.kind == u8codec::ProblemKind::Overlong);
    CHECK(overlong.firstCell == 6);
    CHECK(overlong.endCell == 8);
    CHECK(overlong.role == CellRole::ErrorInvalidByte);
    REQUIRE(rows[1].notes.size() == std::size_t(1));
    CHECK(rows[1].notes[0].problem.kind == u8codec::ProblemKind::Truncated);
    CHECK(rows[1].notes[0].firstCell == 2);
    CHECK(rows[1].notes[0].endCell == 4);
    REQUIRE(rows[2].notes.size() == std::size_t(1));
    CHECK(rows[2].notes[0].problem.kind == u8codec::ProblemKind::Surrogate);
    CHECK(rows[2].notes[0].role == CellRole::ErrorSurrogate);
    CHECK(rows[2].notes[0].firstCell == 0);
    CHECK(rows[2].notes[0].endCell == 3);
    // The same problems as the codec's scanner finds in the whole.
    std::vector<u8codec::Problem> expected;
    u8codec::ProblemScanner scanner;
    auto sink = [&](const u8codec::Problem& p) { expected.push_back(p); };
    scanner.feed(bytesOf(bytes), sink);
    scanner.finish(sink);
    REQUIRE(expected.size() == std::size_t(3));
    CHECK(rows[1].notes[0].problem.offset == expected[1].offset);
}

// A run of stray continuation bytes longer than the rows held back: rows still go out as the
// bytes come (constant memory), and the run's note goes under the first row still held.
TEST_CASE("a long run of errors is held back boundedly") {
    const int width = 16;
    const std::size_t runRows = std::size_t(DumpRows::kMaxHeldRows) * 3;
    const std::string bytes = "ab" + std::string(runRows * width, '\x80') + "z";
    Collect sink;
    DumpRows rows({.width = width}, sink);
    std::size_t mostHeld = 0;
    const auto all = bytesOf(bytes);
    for (std::size_t i = 0; i < all.size(); i += 64) {
        // Fed on past "enough" on purpose: the rows held back are measured whatever a reader
        // does with feed()'s answer.
        static_cast<void>(rows.feed(all.subspan(i, std::min<std::size_t>(64, all.size() - i))));
        const std::size_t complete = (i + 64) / std::size_t(width);
        mostHeld = std::max(mostHeld, complete - std::min(complete, sink.rows.size()));
    }
    rows.finish();
    CHECK(mostHeld <= std::size_t(DumpRows::kMaxHeldRows) + 4);
    std::size_t notes = 0;
    for (const DumpRow& r : sink.rows)
        for (const DumpNote& n : r.notes) {
            ++notes;
            CHECK(n.problem.offset == std::uint64_t(2));
            CHECK(n.problem.length == std::uint64_t(runRows) * width);
            CHECK(r.offset > 0); // not under the first row: that one had to go out
            CHECK(n.firstCell == 0);
        }
    CHECK(notes == std::size_t(1));
}

TEST_CASE("any chunking gives the same rows") {
    // Mostly text, with every kind of lead and error now and then.
    const std::string bytes = generated(22, 3000, [](int pick, std::string& out) {
        if (pick < 150)
            out += char('a' + pick % 26);
        else if (pick < 170)
            out += "\xE4\xB8\x96";
        else if (pick < 190)
            out += "\xF0\x9F\x98\x80";
        else if (pick < 210)
            out += "\xC3\xA9";
        else
            out += char(0x80 + pick % 128);
    });
    for (std::uint64_t offset : {0u, 1u, 2u, 5u, 17u}) {
        const DumpOptions options{.width = 16, .offset = offset, .length = 2500};
        const auto whole = rowsOf(bytes, options);
        for (std::size_t chunk : {1u, 3u, 64u, 1000u}) {
            INFO("offset ", offset, ", chunks of ", chunk);
            const auto pieces = rowsOf(bytes, options, chunk);
            REQUIRE(pieces.size() == whole.size());
            for (std::size_t i = 0; i < whole.size(); ++i) {
                INFO("row ", i);
                REQUIRE(cellsOf(pieces[i]) == cellsOf(whole[i]));
                REQUIRE(pieces[i].notes.size() == whole[i].notes.size());
                for (std::size_t n = 0; n < whole[i].notes.size(); ++n) {
                    REQUIRE(pieces[i].notes[n].problem.offset == whole[i].notes[n].problem.offset);
                    REQUIRE(pieces[i].notes[n].firstCell == whole[i].notes[n].firstCell);
                }
            }
        }
    }
}

// The totals count each shown byte once, under the role of its cell, whichever way its row was
// filled (well-formed stretches are counted apart from their placing, a character across a row's
// end is placed the general way) and whatever the chunking.
TEST_CASE("the totals count every shown byte under its role") {
    const std::string bytes = generated(18, 4000, [](int pick, std::string& out) {
        if (pick < 110)
            out += char('a' + pick % 26);
        else if (pick < 130)
            out += " \t\n\r"[pick % 4];
        else if (pick < 140)
            out += pick % 2 ? "\x7F" : "\x1B";
        else if (pick < 165)
            out += "\xE4\xB8\x96";
        else if (pick < 185)
            out += "\xF0\x9F\x98\x80";
        else if (pick < 215)
            out += "\xC3\xA9";
        else
            out += char(0x80 + pick % 128);
    });
    for (const int width : {8, 16, 32})
        for (const std::uint64_t offset : {0u, 5u})
            for (const std::size_t chunk : {0u, 7u, 1000u}) {
                INFO("width ", width, ", offset ", offset, ", chunks of ", chunk);
                DumpTotals totals;
                const auto rows = rowsOf(bytes, {.width = width, .offset = offset, .length = 7000},
                                         chunk, &totals);
                std::vector<std::uint64_t> shown(kCellRoleCount);
                std::uint64_t cells = 0;
                for (const DumpRow& r : rows)
                    for (int i = 0; i < r.count; ++i, ++cells)
                        ++shown[std::size_t(r.roles[std::size_t(i)])];
                CHECK(std::uint64_t(totals.end - totals.start) == cells);
                CHECK(std::vector<std::uint64_t>(totals.bytesByRole.begin(),
                                                 totals.bytesByRole.end()) == shown);
            }
}

// The totals line of the HTML and printed pages: offsets in hex as in the window, the range's
// last byte shown (a 153-byte file is 0x0 to 0x98, not "0 to 153").
TEST_CASE("the totals sentence names the last byte") {
    DumpTotals t;
    t.end = 153;
    t.problems = 2;
    CHECK(totalsSentence(t) == "Bytes 0x0 to 0x98 (153 bytes), 2 problems.");
    t.start = 0x10;
    t.end = 0x11;
    t.problems = 1;
    CHECK(totalsSentence(t) == "Bytes 0x10 to 0x10 (1 byte), 1 problem.");
    t.end = t.start;
    t.problems = 0;
    CHECK(totalsSentence(t) == "No bytes, 0 problems.");
    // The HTML page says the same.
    const std::string page = htmlPageOf(std::string(153, 'a'), "a.txt");
    REQUIRE(!page.empty());
    INFO(page);
    CHECK(page.find("Bytes 0x0 to 0x98 (153 bytes), 0 problems.") != std::string::npos);
}

// The page's first line gives its first offset in hex, as its totals and rows do and the window
// does (issue 33, defect 12: it said "From offset 4096" above "Bytes 0x1000 to ...").
TEST_CASE("the HTML page gives its first offset in hex") {
    const std::string bytes(0x1100, 'a');
    std::string page;
    const DumpOptions options{.width = 16, .offset = 0x1000};
    HtmlDump html({"a.txt", std::uint64_t(bytes.size()), "u8scope test", {}}, options, 8,
                  [&](std::string_view piece) {
                      page.append(piece);
                      return true;
                  });
    DumpRows rows(options, html);
    const std::string fed = mid(bytes, DumpRows::streamStart(options));
    feedWhole(rows, bytesOf(fed));
    rows.finish();
    REQUIRE(html.finish(rows.totals()));
    INFO(page);
    CHECK(page.find("From offset 0x1000 of 4352 bytes") != std::string::npos);
    CHECK(page.find("Bytes 0x1000 to 0x10FF (256 bytes)") != std::string::npos);
}

// More characters than the cache of texts holds (the 20992 CJK unified ideographs, many sharing
// a set of it), forwards then backwards: each keeps its own text, computed again once put out.
TEST_CASE("more characters than the cache of texts holds keep their texts") {
    CellTexts texts;
    for (const bool backwards : {false, true})
        for (char32_t i = 0; i <= 0x9FFF - 0x4E00; ++i) {
            const char32_t cp = backwards ? 0x9FFF - i : 0x4E00 + i;
            std::uint8_t utf8[4];
            const int n = u8codec::encode(cp, utf8);
            const TextCell& t = texts.forCharacter({utf8, std::size_t(n)});
            INFO(u8test::codePointsOf(std::u32string(1, cp)));
            REQUIRE(std::string(t.view()) ==
                    std::string(reinterpret_cast<const char*>(utf8), std::size_t(n)));
            REQUIRE(t.columns == std::uint8_t(2)); // East Asian Wide
        }
}

TEST_CASE("an offset past the end gives no row") {
    for (std::uint64_t offset : {3u, 4u, 9u}) {
        INFO("offset ", offset);
        Collect sink;
        DumpRows rows({.offset = offset}, sink);
        const std::string fed = mid("abc", DumpRows::streamStart({.offset = offset}));
        feedWhole(rows, bytesOf(fed));
        rows.finish();
        CHECK(rows.offsetPastEnd() == (offset > 3));
        CHECK(sink.rows.empty());
    }
}

// The documented layout: offset, two spaces, hex in groups of 8, two spaces, the text between
// bars, padded to the row's width.
TEST_CASE("the terminal's lines without colour") {
    const std::string text = terminalText("A\xC3\xA9\n"
                                          "\xE4\xB8\x96z",
                                          false, {.width = 8});
    const std::string expected =
        "00000000  41 C3 A9 0A E4 B8 96 7A  " + kBar + "Aé·␊世·z" + kBar + '\n';
    CHECK(text == expected);
    const std::string two = terminalText(std::string(18, 'x'), false, {.width = 16});
    const std::vector<std::string> lines = nonEmptyLines(two);
    REQUIRE(lines.size() == std::size_t(2));
    CHECK(lines[0] == "00000000  78 78 78 78 78 78 78 78  78 78 78 78 78 78 78 78  " + kBar +
                          std::string(16, 'x') + kBar);
    CHECK(lines[1] == "00000010  78 78" + std::string(3 * 14 + 1, ' ') + "  " + kBar + "xx" +
                          std::string(14, ' ') + kBar);
    CHECK(text.find('\x1b') == std::string::npos);
}

// The looks of role_colours.h's table: ASCII printable in the terminal's own colour, whitespace
// teal 30, lead2 32, lead3 27, continuation 28 (fillers dimmed), an error on its background,
// which stops at its last digit.
TEST_CASE("the terminal's lines with colour") {
    const std::string text = terminalText("A \xC3\xA9\xE4\xB8\x96\xFF", true, {.width = 8});
    const std::string hex = "00000000  " + sgr(-1) + "41 " + sgr(30) + "20 " + sgr(32) + "C3 " +
                            sgr(28) + "A9 " + sgr(27) + "E4 " + sgr(28) + "B8 96 " +
                            sgr(231, 160, true) + "FF" + kReset;
    const std::string textColumn =
        sgr(-1) + "A" + sgr(30) + " " + sgr(32) + "é" + sgr(28, -1, false, true) + "·" + sgr(27) +
        "世" + sgr(28, -1, false, true) + "·" + sgr(231, 160, true) + "�" + kReset;
    const std::string expected = hex + "  " + kBar + textColumn + kBar + '\n';
    CHECK(lineOf(text, 0) + '\n' == expected);
    // The error's note: its caret in the error's colour.
    INFO(lineOf(text, 1));
    CHECK(lineOf(text, 1).find(sgr(160, -1, true) + "^~" + kReset + " offset 0x7:") !=
          std::string::npos);
}

TEST_CASE("the terminal's note line: a caret under the problem, and its description") {
    const std::string bytes = "abcdefghij\xC0\xAFmn";
    const std::string text = terminalText(bytes, false, {.width = 16});
    const std::vector<std::string> lines = nonEmptyLines(text);
    REQUIRE(lines.size() == std::size_t(2));
    u8codec::ProblemScanner scanner;
    std::string described;
    auto sink = [&](const u8codec::Problem& p) {
        described = u8codec::oneLine(p, u8codec::OffsetStyle::Hex);
    };
    scanner.feed(bytesOf(bytes), sink);
    scanner.finish(sink);
    // The caret under C0 AF: the 11th and 12th bytes, past the gap after the 8th.
    const std::size_t column = 8 + 2 + 10 * 3 + 1;
    CHECK(lines[1] == std::string(column, ' ') + "^~~~~ " + described);
    CHECK(lines[0].find("C0 AF") == column);
}

// On a terminal of 60 columns: no line longer, the lines after a note's first just inside the
// hex, and the words those of the description.
TEST_CASE("the terminal's notes wrapped to 60 columns") {
    const std::string bytes = std::string("abcdefghij\xF0\x82\x82\xAC") + "mn";
    const std::vector<std::string> lines =
        nonEmptyLines(terminalText(bytes, false, {.width = 16}, 60));
    REQUIRE(lines.size() > 3);
    u8codec::ProblemScanner scanner;
    std::string described;
    auto sink = [&](const u8codec::Problem& p) {
        described = u8codec::oneLine(p, u8codec::OffsetStyle::Hex);
    };
    scanner.feed(bytesOf(bytes), sink);
    scanner.finish(sink);
    std::string words;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        INFO(lines[i]);
        CHECK(charactersIn(lines[i]) <= 60);
        if (i == 1) {
            // The caret under F0 82 82 AC: 11 columns from the 11th byte's.
            REQUIRE(lines[i].starts_with(std::string(41, ' ') + '^' + std::string(10, '~') +
                                         " offset"));
            words += lines[i].substr(lines[i].find("offset"));
        } else {
            // Two columns in from the hex: a hanging indent.
            REQUIRE((lines[i].starts_with(std::string(12, ' ')) && lines[i].size() > 12 &&
                     lines[i][12] != ' '));
            words += ' ' + lines[i].substr(12);
        }
    }
    CHECK(words == described);
}

// The page is well-formed XML with the structure it promises: a style sheet with each role's
// colours from the window's table, the dump, a legend of the roles present and every problem.
TEST_CASE("the HTML page reads back as XML with the structure it promises") {
    const std::string bytes = "Hi \xE4\xB8\x96\n\xC0\xAF\x80\xF0\x9F\x98\x80\xED\xA0\x80z\xE2\x82";
    std::string page;
    const DumpOptions options{.width = 16};
    HtmlDump html({"t\xFF.txt", std::uint64_t(bytes.size()), "u8scope test", {}}, options, 8,
                  [&](std::string_view piece) {
                      page.append(piece);
                      return true;
                  });
    DumpRows rows(options, html);
    feedWhole(rows, bytesOf(bytes));
    rows.finish();
    REQUIRE(html.finish(rows.totals()));

    XmlReader xml(page);
    const std::unique_ptr<XmlNode> root = xml.read();
    INFO(xml.error());
    REQUIRE(root);
    std::string style, title;
    std::vector<std::string> problems, elements;
    std::set<std::string> classes;
    bool textOnly = true; // style and title hold text only
    // As a reader going through the page meets the start tags; the text of style, title and
    // each li read whole, their elements not visited.
    visit(*root, [&](const XmlNode& e) {
        elements.push_back(e.name);
        if (const auto it = e.attributes.find("class"); it != e.attributes.end()) {
            std::size_t from = 0;
            for (std::size_t end; from <= it->second.size(); from = end + 1) {
                end = it->second.find(' ', from);
                if (end == std::string::npos)
                    end = it->second.size();
                const std::string c = it->second.substr(from, end - from);
                if (c.starts_with("r-"))
                    classes.insert(c);
            }
        }
        if (e.name == "style" || e.name == "title") {
            textOnly = textOnly && !hasChildElements(e);
            (e.name == "style" ? style : title) = textOf(e);
            return false;
        }
        if (e.name == "li") {
            problems.push_back(textOf(e));
            return false;
        }
        return true;
    });
    CHECK(textOnly);
    CHECK(page.starts_with("<!DOCTYPE html>"));
    const auto hasElement = [&](const char* name) {
        return std::find(elements.begin(), elements.end(), name) != elements.end();
    };
    CHECK(!hasElement("script"));
    CHECK(!hasElement("link"));
    CHECK(!hasElement("img"));
    INFO(title);
    CHECK(title.find("t\uFFFD.txt") != std::string::npos); // the name's bad byte as U+FFFD
    // Every role shown has its light colours in the style sheet.
    CHECK(classes.size() >= 8);
    for (int r = 0; r < kCellRoleCount; ++r) {
        const CellRole role = CellRole(r);
        const std::string cls = "r-" + std::string(key(role));
        const RoleColours& c = lightPalette()[role];
        const std::string rule =
            "." + cls + "{background-color:" + cssName(c.fill) + ";color:" + cssName(c.text);
        INFO(rule);
        CHECK(style.find(rule) != std::string::npos);
        if (isError(role))
            CHECK(style.find(cssName(c.frame) + ";outline-offset") != std::string::npos);
    }
    for (const char* shown :
         {"r-printable", "r-whitespace", "r-lead3", "r-lead4", "r-continuation",
          "r-never-valid-byte", "r-stray-continuation", "r-surrogate", "r-truncated"}) {
        INFO(shown);
        CHECK(classes.count(shown) == 1);
    }
    // Every problem the codec finds is listed, in order.
    std::vector<std::string> expected;
    u8codec::ProblemScanner scanner;
    auto sink = [&](const u8codec::Problem& p) {
        expected.push_back(u8codec::oneLine(p, u8codec::OffsetStyle::Hex));
    };
    scanner.feed(bytesOf(bytes), sink);
    scanner.finish(sink);
    CHECK(expected.size() == std::size_t(4));
    CHECK(problems == expected);
    CHECK(rows.totals().problems == std::uint64_t(4));
}

// The input's "<script>" is text in the page, never an element; quotes and ampersands too.
TEST_CASE("the HTML page escapes the input") {
    const std::string page = htmlPageOf("<script>alert(\"x\")</script> & <b>", "<i>name</i>");
    REQUIRE(!page.empty());
    XmlReader xml(page);
    const std::unique_ptr<XmlNode> root = xml.read();
    INFO(xml.error());
    REQUIRE(root);
    visit(*root, [&](const XmlNode& e) {
        INFO(e.name);
        CHECK((e.name != "script" && e.name != "b" && e.name != "i"));
        return true;
    });
    const std::string text = textOf(*root);
    CHECK(text.find("<script>alert(\"x") != std::string::npos); // 16 bytes a row
    CHECK(text.find(")</script> & <b") != std::string::npos);
    CHECK(text.find("<i>name</i>") != std::string::npos);
    CHECK(page.find("<script") == std::string::npos);
}

// Valid roles change only the foreground: readable on black and on white; errors set both, far
// apart from each other.
TEST_CASE("the terminal's colours read on dark and on light") {
    const Argb black = 0xFF000000u, white = 0xFFFFFFFFu;
    std::set<int> seen;
    for (int r = 0; r < kCellRoleCount; ++r) {
        const CellRole role = CellRole(r);
        INFO(key(role).data());
        const TerminalLook look = terminalLook(role);
        if (role == CellRole::AsciiPrintable) {
            CHECK(look.foreground == -1);
            continue;
        }
        CHECK((look.foreground >= 16 && look.foreground <= 255));
        if (isError(role)) {
            CHECK(look.background >= 16);
            CHECK(contrast(xtermColour(look.foreground), xtermColour(look.background)) >= 4.5);
            CHECK(seen.count(look.background) == 0);
            seen.insert(look.background);
        } else {
            CHECK(look.background == -1);
            CHECK(contrast(xtermColour(look.foreground), black) >= 3.0);
            CHECK(contrast(xtermColour(look.foreground), white) >= 3.0);
            CHECK(seen.count(look.foreground) == 0);
            seen.insert(look.foreground);
        }
    }
    CHECK(xtermColour(16) == Argb(0xFF000000u));
    CHECK(xtermColour(231) == Argb(0xFFFFFFFFu));
    CHECK(xtermColour(244) == Argb(0xFF808080u));
    CHECK(xtermColour(208) == Argb(0xFFFF8700u));
}

// The table keeps the window's promises: leads darken with their length, every error kind has a
// frame and a hatch of its own.
TEST_CASE("the window's palette is the table") {
    for (const Palette* p : {&lightPalette(), &darkPalette()}) {
        INFO((p->dark ? "dark" : "light"));
        const auto lightnessOf = [&](CellRole r) { return lightness((*p)[r].fill); };
        if (p->dark) {
            CHECK(lightnessOf(CellRole::Lead2) < lightnessOf(CellRole::Lead3));
            CHECK(lightnessOf(CellRole::Lead3) < lightnessOf(CellRole::Lead4));
        } else {
            CHECK(lightnessOf(CellRole::Lead2) > lightnessOf(CellRole::Lead3));
            CHECK(lightnessOf(CellRole::Lead3) > lightnessOf(CellRole::Lead4));
        }
        std::set<int> hatches;
        for (int r = int(CellRole::ErrorInvalidByte); r < kCellRoleCount; ++r) {
            CHECK((*p)[CellRole(r)].frame != 0);
            hatches.insert(int(hatchOf(CellRole(r))));
        }
        CHECK(int(hatches.size()) == kCellRoleCount - int(CellRole::ErrorInvalidByte));
        CHECK(hatches.count(int(Hatch::None)) == 0);
    }
}

} // namespace
