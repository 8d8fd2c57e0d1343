// Reading a stretch of a run's characters back through a code page (tryPage()): the characters
// mapped to the page's bytes and read as UTF-8 by the codec's byte classes, with the bytes a
// mis-decoding may have lost (a no-break space turned into a space, a dropped undefined byte, a
// strict decoder's U+FFFD) restored where the caller allows. Library-internal.
#pragma once

#include "mojibake_candidate.h"

#include <optional>
#include <vector>

namespace u8convert::detail::mojibake {
using namespace u8codec;

// How tryPage() reads a stretch: whether lost bytes may be restored (a space for a lost A0, a
// dropped undefined windows-1252 byte), and the character after the run.
struct PageReadOptions {
    bool restoreLost = false;
    // The stretch is the text itself, not a repair read back at a deeper level: a U+FFFD in a
    // repair stands for a character lost already, not for a byte of one.
    bool readsTheText = true;
    char32_t before = ' '; // the character before chars[start]
    char32_t afterRun = ' ';
};

// Whether a reading through `page` guesses the bytes a decoder dropped: only windows-1252 has
// bytes that decoders drop (ISO-8859-1 defines all 256).
inline bool mayDrop(CodePage page, const PageReadOptions& options) {
    return options.restoreLost && page == CodePage::Windows1252;
}

// Maps chars [start, ...) back to bytes of `page` and reads them as UTF-8 into `out` (its storage
// reused). Returns whether the longest stretch from `start` made of well-formed multi-byte
// characters holds a repair. `openAtEnd` is set when bytes may be restored and the characters ran
// out inside a sequence: a space after them could be its lost A0 (or the place of a dropped
// byte). `looked` receives one past the last character the reading looked at: what it read of the
// page are the bytes of chars [start, looked) (and, at a U+FFFD among them, which bytes the page
// leaves undefined).
bool tryPage(const std::vector<Char>& chars, std::size_t start, CodePage page,
             PageReadOptions options, bool& openAtEnd, Candidate& out, std::size_t& looked);

// tryPage() without its shortcut for plain characters (PageReading::readPlain()): every
// character through the general path. What the tests hold tryPage() to.
bool tryPageCharByChar(const std::vector<Char>& chars, std::size_t start, CodePage page,
                       PageReadOptions options, bool& openAtEnd, Candidate& out,
                       std::size_t& looked);

// Whether `other` maps chars [start, looked) to the bytes `page` maps them to, and at a U+FFFD
// among them leaves the same bytes undefined: what readsAlike() asks beside the options (a
// search, whose pages share all options but the restoring of lost bytes, asks it alone).
// Inline: asked of most pages of every search, mostly of a few characters.
inline bool mapsAlike(const std::vector<Char>& chars, std::size_t start, std::size_t looked,
                      CodePage page, CodePage other) {
    const PageTables& t = pageTables();
    const PageTable& a = t.pages[std::size_t(page)];
    const PageTable& b = t.pages[std::size_t(other)];
    for (std::size_t k = start; k < looked; ++k) {
        const char32_t c = chars[k].cp;
        // Most: a character of the pages' flat tables but ASCII (not U+FFFD, which is above
        // them), their bytes compared at once, one comparison for the range (byteOf() asked
        // two a page).
        if (c - 0x80 < kFlatLimit - 0x80) {
            if (a.fromUnicode[c] != b.fromUnicode[c])
                return false;
            continue;
        }
        if (c < 0x80)
            continue;
        if (c == kLostByte &&
            (a.losesContinuations != b.losesContinuations || a.losesLeads != b.losesLeads))
            return false;
        if (a.byteOf(c) != b.byteOf(c))
            return false;
    }
    return true;
}

// Whether `other` read with `otherOptions` reads chars [start, ...) exactly as `page` read with
// `options` did, where its reading looked at chars [start, looked) (tryPage()): the same options,
// the same bytes for those characters, and at a U+FFFD among them the same undefined bytes. Most
// pages that read a stretch at all read it alike (windows-1252, ISO-8859-1, ISO-8859-15,
// windows-1254 and others map "Ã©" to C3 A9): the first page's reading serves them all.
inline bool readsAlike(const std::vector<Char>& chars, std::size_t start, std::size_t looked,
                       CodePage page, const PageReadOptions& options, CodePage other,
                       const PageReadOptions& otherOptions) {
    return options.restoreLost == otherOptions.restoreLost &&
           options.readsTheText == otherOptions.readsTheText &&
           options.before == otherOptions.before && options.afterRun == otherOptions.afterRun &&
           mayDrop(page, options) == mayDrop(other, otherOptions) &&
           mapsAlike(chars, start, looked, page, other);
}

} // namespace u8convert::detail::mojibake
