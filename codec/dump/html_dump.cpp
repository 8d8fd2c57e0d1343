#include "html_dump.h"

#include "role_colours.h"
#include "u8codec/segmenter.h"
#include "u8convert/audit.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace u8dump {
namespace {

constexpr std::size_t kDrainAt = std::size_t(1) << 20;
constexpr std::size_t kSlack = std::size_t(64) << 10; // more than a row's worst case
constexpr int kGroup = 8;
constexpr std::string_view kHexDigits = "0123456789ABCDEF";

std::string_view escapeAscii(char c) {
    switch (c) {
    case '&':
        return "&amp;";
    case '<':
        return "&lt;";
    case '>':
        return "&gt;";
    case '"':
        return "&quot;";
    default:
        return {};
    }
}

// The lines a hatch draws, as CSS backgrounds in `colour` (the window's hatches, QBrush styles).
std::string hatchCss(Hatch hatch, const std::string& colour) {
    auto lines = [&](const char* angle) {
        return "repeating-linear-gradient(" + std::string(angle) + "," + colour + " 0 1px," +
               "transparent 1px 5px)";
    };
    switch (hatch) {
    case Hatch::None:
        return {};
    case Hatch::DiagonalCross:
        return lines("45deg") + "," + lines("135deg");
    case Hatch::Backward: // "/"
        return lines("135deg");
    case Hatch::Forward: // "\"
        return lines("45deg");
    case Hatch::Horizontal:
        return lines("0deg");
    case Hatch::Cross:
        return lines("0deg") + "," + lines("90deg");
    case Hatch::Vertical:
        return lines("90deg");
    case Hatch::Dots:
        return "radial-gradient(" + colour + " 0.7px,transparent 0.8px)";
    }
    return {};
}

// The rules of one palette for every role: ".r-KEY" colours a cell, ".c-KEY" a caret.
std::string paletteCss(const Palette& palette) {
    std::string css;
    for (int r = 0; r < kCellRoleCount; ++r) {
        const CellRole role = CellRole(r);
        const RoleColours& c = palette[role];
        css += '.';
        css += HtmlDump::roleClass(role);
        css += "{background-color:" + cssColour(c.fill) + ";color:" + cssColour(c.text);
        if (c.frame) {
            // The hatch at the window's strength (alpha 95 of 255 light, 110 dark).
            const Argb faint = (c.frame & 0xFFFFFFu) | (Argb(palette.dark ? 110 : 95) << 24);
            const std::string hatch = hatchCss(hatchOf(role), cssColour(faint));
            if (!hatch.empty())
                css += ";background-image:" + hatch;
            if (hatchOf(role) == Hatch::Dots)
                css += ";background-size:3px 3px";
            css += ";outline:2px ";
            css += frameLineOf(role) == FrameLine::Dotted ? "dotted " : "solid ";
            css += cssColour(c.frame) + ";outline-offset:-1px";
        }
        css += "}\n.c-";
        css += key(role);
        css += "{color:" + cssColour(c.frame ? c.frame : c.text) + ";font-weight:bold}\n";
    }
    css += ".dump .off{color:" + cssColour(palette.offsetText) + "}\n";
    return css;
}

} // namespace

std::string HtmlDump::roleClass(CellRole role) {
    return "r-" + std::string(key(role));
}

std::string HtmlDump::styleSheet() {
    const Palette& light = lightPalette();
    const Palette& dark = darkPalette();
    std::string css =
        ":root{color-scheme:light dark}\n"
        "body{margin:1.5em;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;"
        "background:#ffffff;color:#1a1a1a}\n"
        "h1{font-size:1.3em;margin:0 0 .3em}h2{font-size:1.1em;margin:1.2em 0 .4em}\n"
        "pre.dump,code,.legend .sample{font-family:'DejaVu Sans Mono',Menlo,Consolas,"
        "'Liberation Mono',monospace;font-size:13px}\n"
        "pre.dump{line-height:1.6;margin:0}\n"
        ".dump .g{display:inline-block;width:1ch;text-align:center;white-space:pre;"
        "vertical-align:top;overflow:visible}\n"
        ".dump .w2{width:2ch}.dump .w3{width:3ch}.dump .w4{width:4ch}\n"
        ".dump .f{opacity:.45}\n"
        ".dump .m{text-decoration:underline dotted}\n"
        ".legend{border-collapse:collapse}.legend td{padding:.2em .6em;vertical-align:top}\n"
        ".legend .sample{display:inline-block;min-width:3ch;text-align:center}\n"
        ".problems li,.bookmarks li{margin:.2em 0}\n"
        // A description wraps to the page, its lines after the first just inside the hex.
        ".dump .note{display:block;white-space:pre-wrap;padding-left:12ch;text-indent:-12ch}\n"
        "@media print{*{-webkit-print-color-adjust:exact;print-color-adjust:exact}"
        "body{margin:0}}\n";
    css += paletteCss(light);
    css += "@media screen and (prefers-color-scheme:dark){\nbody{background:" +
           cssColour(dark.offsetBackground) +
           ";color:" + cssColour(dark[CellRole::AsciiPrintable].text) + "}\na{color:#9ccaeb}\n";
    css += paletteCss(dark);
    css += "}\n";
    return css;
}

HtmlDump::HtmlDump(HtmlPage page, const DumpOptions& options, int offsetDigits, Write write)
    : page_(std::move(page)), options_(options), offsetDigits_(std::max(offsetDigits, 8)),
      write_(std::move(write)), buffer_(kDrainAt + kSlack) {
    options_.width = std::clamp(options_.width, 1, kMaxRowWidth);
    setFragment(close_, "</span>");
    for (int r = 0; r < kCellRoleCount; ++r)
        setFragment(roleOpen_[std::size_t(r)], "<span class=\"" + roleClass(CellRole(r)) + "\">");
    // A box for each kind of text but Covered and each width: "<span class=\"g w2 f\">".
    for (int kind = 0; kind < kBoxKinds; ++kind)
        for (int columns = 1; columns <= kMaxColumns; ++columns) {
            std::string tag = "<span class=\"g";
            if (columns > 1)
                tag += " w" + std::to_string(columns);
            if (TextCell::Kind(kind) == TextCell::Kind::Filler)
                tag += " f";
            else if (TextCell::Kind(kind) == TextCell::Kind::Marker)
                tag += " m";
            setFragment(boxOpen_[boxIndex(TextCell::Kind(kind), columns)], tag + "\">");
        }
    for (int b = 0; b < 256; ++b) {
        const char c = char(b);
        const std::string_view entity = escapeAscii(c);
        setFragment(escaped_[std::size_t(b)], entity.empty() ? std::string_view(&c, 1) : entity);
    }
}

void HtmlDump::drain() {
    if (used_ > 0 && !failed_ && !write_(std::string_view(buffer_.data(), used_)))
        failed_ = true;
    used_ = 0;
}

void HtmlDump::reserve(std::size_t bytes) {
    if (used_ + bytes > buffer_.size()) {
        drain();
        if (bytes > buffer_.size())
            buffer_.resize(bytes);
    }
}

void HtmlDump::put(std::string_view text) {
    reserve(text.size());
    std::memcpy(buffer_.data() + used_, text.data(), text.size());
    used_ += text.size();
}

// Escapes text that is already well-formed UTF-8 of characters XML allows (the cells' texts).
void HtmlDump::putEscaped(std::string_view utf8) {
    for (char c : utf8) {
        const std::string_view entity = escapeAscii(c);
        put(entity.empty() ? std::string_view(&c, 1) : entity);
    }
}

void HtmlDump::putText(std::string_view bytes) {
    constexpr std::string_view kReplacement = "\uFFFD";
    auto sink = [this, kReplacement](const u8codec::Segment& s, std::span<const std::uint8_t> b) {
        if (!s.isValid()) {
            put(kReplacement);
            return;
        }
        const char32_t cp = s.codePoint;
        if (cp < 0x80) {
            if (cp < 0x20 && cp != U'\t' && cp != U'\n')
                put(kReplacement);
            else {
                const char c = char(cp);
                putEscaped({&c, 1});
            }
        } else if (cp == 0xFFFE || cp == 0xFFFF || u8convert::drawsNothing(cp)) {
            put(kReplacement);
        } else {
            put({reinterpret_cast<const char*>(b.data()), b.size()});
        }
    };
    u8codec::Segmenter segmenter;
    segmenter.feed(std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()),
                   sink);
    segmenter.finish(sink);
}

void HtmlDump::writeHead() {
    headWritten_ = true;
    put("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        "<meta name=\"generator\" content=\"");
    putText(page_.generator);
    put("\"/>\n<title>");
    putText(page_.name);
    put(" \u2014 UTF-8 dump</title>\n<style>\n");
    put(styleSheet());
    put("</style>\n</head>\n<body>\n<h1>");
    putText(page_.name);
    put("</h1>\n<p class=\"range\">From offset ");
    put(hexOffset(options_.offset)); // in hex, as every offset of the page and the window
    if (page_.size != UINT64_MAX) {
        put(" of ");
        put(std::to_string(page_.size));
        put(" bytes");
    }
    put(", ");
    put(std::to_string(options_.width));
    put(" bytes a row; each byte coloured by its role in UTF-8, and the text with one cell a "
        "byte: a character in its first byte\u2019s cell, \u00B7 in the others.</p>\n"
        "<pre class=\"dump\">");
}

char* HtmlDump::writeOffset(char* out, std::uint64_t offset) const {
    const int n = std::max(offsetDigits_, offsetDigitsFor(offset + 1));
    out = copy(out, "<span class=\"off\">");
    for (int i = n - 1; i >= 0; --i, offset >>= 4)
        out[i] = kHexDigits[offset & 15];
    return copy(out + n, "</span>");
}

void HtmlDump::row(const DumpRow& row) {
    if (!headWritten_)
        writeHead();
    reserve(kRowRoom);
    // Written through a local pointer: the members would be read again after every store
    // through a char*, which may alias them. Fragments are copied whole, of a fixed size, and
    // only their own length kept (the room reserved covers the rest).
    char* out = buffer_.data() + used_;
    out = writeOffset(out, row.offset);
    out = copy(out, "  ");
    out = writeHex(out, row);
    out = copy(out, "  \u2502");
    out = writeText(out, row);
    out = copy(out, "\u2502\n");
    used_ = std::size_t(out - buffer_.data());
    for (const DumpNote& note : row.notes)
        writeNote(row, note);
    if (used_ >= kDrainAt)
        drain();
}

// Runs of one role in one span; an error segment, and an error's bytes across a group gap, in
// spans of their own, so that each is framed by itself.
char* HtmlDump::writeHex(char* out, const DumpRow& row) const {
    bool open = false;
    CellRole current{};
    const int count = row.count;
    for (int i = 0; i < count; ++i) {
        const bool group = i > 0 && i % kGroup == 0;
        const CellRole role = row.roles[std::size_t(i)];
        const bool breaks =
            open &&
            (role != current || (isError(role) && (row.segmentStarts[std::size_t(i)] || group)));
        out = copyIf(out, close_, breaks);
        if (i > 0) {
            std::memcpy(out, "  ", 2);
            out += 1 + group;
        }
        out = copyIf(out, roleOpen_[std::size_t(role)], !open || breaks);
        open = true;
        current = role;
        const std::uint8_t b = row.bytes[std::size_t(i)];
        out[0] = kHexDigits[b >> 4];
        out[1] = kHexDigits[b & 15];
        out += 2;
    }
    out = copyIf(out, close_, open);
    for (int i = count; i < options_.width; ++i) {
        if (i > 0) {
            *out++ = ' ';
            if (i % kGroup == 0)
                *out++ = ' ';
        }
        out = copy(out, "  ");
    }
    return out;
}

// A span for each run of one role; ASCII in it as it is (one cell in any monospace font), any
// other text in a box of its cells' width, whatever the font's advance.
char* HtmlDump::writeText(char* out, const DumpRow& row) const {
    bool open = false;
    CellRole current{};
    const int count = row.count;
    for (int i = 0; i < count; ++i) {
        const TextCell& t = row.text[std::size_t(i)];
        if (t.kind == TextCell::Kind::Covered)
            continue;
        const bool change = !open || t.role != current;
        out = copyIf(out, close_, open && change);
        out = copyIf(out, roleOpen_[std::size_t(t.role)], change);
        open = true;
        current = t.role;
        const bool boxed = !(t.kind == TextCell::Kind::Glyph && t.size == 1);
        out = copyIf(out, boxOpen_[boxIndex(t.kind, t.columns)], boxed);
        for (std::size_t k = 0; k < t.size; ++k)
            out = copy(out, escaped_[std::uint8_t(t.text[k])]);
        out = copyIf(out, close_, boxed);
    }
    out = copyIf(out, close_, open);
    for (int i = count; i < options_.width; ++i)
        *out++ = ' ';
    return out;
}

void HtmlDump::writeNote(const DumpRow& row, const DumpNote& note) {
    ++problemNumber_;
    if (listed_.size() < kListedProblems)
        listed_.emplace_back(problemNumber_, note.problem);
    const int hexStart = offsetDigits_ + 2;
    auto column = [&](int cell) { return hexStart + cell * 3 + cell / kGroup; };
    const int shift = std::max(offsetDigits_, offsetDigitsFor(row.offset + 1)) - offsetDigits_;
    put("<span class=\"note\" id=\"problem-");
    put(std::to_string(problemNumber_));
    put("\">");
    if (note.firstCell >= 0) {
        put(std::string(std::size_t(column(note.firstCell) + shift), ' '));
        put("<span class=\"c-");
        put(key(note.role));
        put("\">^");
        const int end = column(note.endCell - 1) + 2;
        put(std::string(std::size_t(end - column(note.firstCell) - 1), '~'));
        put("</span> ");
    } else {
        put(std::string(std::size_t(hexStart + shift), ' '));
        put("\u2026 ");
    }
    putText(u8codec::oneLine(note.problem, u8codec::OffsetStyle::Hex));
    put("\n</span>");
}

namespace {
// One past the last byte `options` dump.
std::uint64_t dumpEnd(const DumpOptions& options) {
    return options.length > UINT64_MAX - options.offset ? UINT64_MAX
                                                        : options.offset + options.length;
}
} // namespace

std::vector<const HtmlBookmark*> bookmarksShown(const std::vector<HtmlBookmark>& bookmarks,
                                                const DumpOptions& options) {
    std::vector<const HtmlBookmark*> shown;
    for (const HtmlBookmark& b : bookmarks)
        if (b.offset < dumpEnd(options) && b.offset + b.length > options.offset)
            shown.push_back(&b);
    return shown;
}

bool bookmarkPartlyOutside(const HtmlBookmark& bookmark, const DumpOptions& options) {
    return bookmark.offset < options.offset || bookmark.offset + bookmark.length > dumpEnd(options);
}

// The bookmarks that share a byte with the rows dumped, at their offsets in the dump's own hex.
void HtmlDump::writeBookmarks() {
    const std::vector<const HtmlBookmark*> shown = bookmarksShown(page_.bookmarks, options_);
    if (shown.empty())
        return;
    put("<h2>Bookmarks</h2>\n<ol class=\"bookmarks\">\n");
    for (const HtmlBookmark* b : shown) {
        put("<li><span class=\"off\">0x");
        std::string hex;
        for (std::uint64_t v = b->offset; hex.empty() || v != 0; v >>= 4)
            hex.insert(hex.begin(), kHexDigits[v & 15]);
        put(hex);
        put("</span> (");
        put(std::to_string(b->length));
        put(b->length == 1 ? " byte" : " bytes");
        if (bookmarkPartlyOutside(*b, options_))
            put(", partly outside the bytes shown");
        put(") <b>");
        putText(b->name);
        put("</b>");
        if (!b->note.empty()) {
            put(": ");
            putText(b->note);
        }
        put("</li>\n");
    }
    put("</ol>\n");
}

bool HtmlDump::finish(const DumpTotals& totals) {
    if (!headWritten_)
        writeHead();
    put("</pre>\n<p class=\"totals\">");
    put(totalsSentence(totals));
    put("</p>\n");
    writeBookmarks();

    put("<h2>Legend</h2>\n<table class=\"legend\">\n");
    for (int r = 0; r < kCellRoleCount; ++r) {
        const std::uint64_t count = totals.bytesByRole[std::size_t(r)];
        if (count == 0)
            continue;
        const CellRole role = CellRole(r);
        put("<tr><td><span class=\"sample ");
        put(roleClass(role));
        put("\">\u00A0\u00A0</span></td><td>");
        putText(name(role));
        put("</td><td>");
        put(std::to_string(count));
        put(count == 1 ? " byte" : " bytes");
        put("</td><td>");
        putText(description(role));
        put("</td></tr>\n");
    }
    put("</table>\n<h2>Problems</h2>\n");
    if (totals.problems == 0) {
        put("<p class=\"valid\">None: the bytes shown are valid UTF-8.</p>\n");
    } else {
        put("<ol class=\"problems\">\n");
        for (const auto& [number, problem] : listed_) {
            put("<li><a href=\"#problem-");
            put(std::to_string(number));
            put("\">");
            putText(u8codec::oneLine(problem, u8codec::OffsetStyle::Hex));
            put("</a></li>\n");
        }
        put("</ol>\n");
        if (totals.problems > listed_.size()) {
            put("<p class=\"more\">");
            put(std::to_string(totals.problems - listed_.size()));
            put(" more, each explained under its row above.</p>\n");
        }
    }
    put("</body>\n</html>\n");
    drain();
    return !failed_;
}

} // namespace u8dump
