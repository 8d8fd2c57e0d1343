// Mojibake: UTF-8 text that a program read as a single-byte code page and wrote back as UTF-8
// ("Café" became "CafÃ©", "’" became "â€™", "Привет" became "РџСЂРёРІРµС‚"), and its repair.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8convert {

// The single-byte code pages a mis-decoding is looked for in: every page through which UTF-8 is
// commonly mis-read. Each reads bytes it leaves undefined in 80-9F as the C1 control of the same
// value, as browsers' "sloppy" decoders and ICU do for windows-1252 (so the damage done by either
// kind of decoder is the same characters).
enum class CodePage : std::uint8_t {
    Windows1252, // Western European (Windows); the most common culprit
    Latin1,      // ISO-8859-1: bytes 80-9F become C1 controls
    Windows1251, // Cyrillic (Windows)
    MacRoman,    // classic Mac OS Western
    Latin2,      // ISO-8859-2: Central European
    Latin9,      // ISO-8859-15: Latin-1 with the euro sign
    Greek,       // ISO-8859-7
    Koi8R,       // KOI8-R: Russian (Unix)
    Cp437,       // IBM PC / DOS
    Windows1250, // Central European (Windows): Polish, Czech, Slovak, Hungarian, Croatian...
    Windows1257, // Baltic (Windows)
    Windows1253, // Greek (Windows)
    Windows1254, // Turkish (Windows)
    Windows1255, // Hebrew (Windows)
    Windows1256, // Arabic (Windows)
    Windows1258, // Vietnamese (Windows)
    Koi8U,       // KOI8-U: Ukrainian (Unix)
    Cp866,       // DOS Cyrillic
    Cp850,       // DOS Western European
    Cp852,       // DOS Central European
    MacCentralEurope,
    MacCyrillic,
    Latin3,   // ISO-8859-3: South European
    Latin4,   // ISO-8859-4: North European
    Cyrillic, // ISO-8859-5
    Arabic,   // ISO-8859-6
    Hebrew,   // ISO-8859-8
    Latin5,   // ISO-8859-9: Turkish
    Latin6,   // ISO-8859-10: Nordic
    Thai,     // ISO-8859-11
    Latin7,   // ISO-8859-13: Baltic Rim
    Latin8,   // ISO-8859-14: Celtic
    Latin10,  // ISO-8859-16: South-Eastern European
};
inline constexpr int kCodePageCount = 33;

// The name ICU and uconv know the page by: "windows-1252", "ISO-8859-1", "windows-1251",
// "macintosh", "ISO-8859-2", ..., "IBM437", "windows-1250", ..., "x-mac-centraleurroman".
// codePageFromName() also takes the names people type: "cp1250", "latin2", "koi8r", "mac"...
[[nodiscard]] std::string_view name(CodePage cp) noexcept;
[[nodiscard]] std::optional<CodePage> codePageFromName(std::string_view name) noexcept;
// Every page, in the order ties are broken (most common culprit first).
[[nodiscard]] std::span<const CodePage> allCodePages() noexcept;

// What a program that assumed `cp` shows for these bytes, as UTF-8: each byte becomes the page's
// character (bytes the page leaves undefined become the C1 control of the same value, as ICU and
// the WHATWG index do for windows-1252). This is the damage that repairMojibake() undoes.
[[nodiscard]] std::string readAs(std::span<const std::uint8_t> bytes, CodePage cp);

struct MojibakeFix {
    std::uint64_t offset = 0; // of the damaged text, in the input (bytes)
    std::uint64_t length = 0; // bytes of damaged text
    std::string damaged;      // the damaged text ("Ã©")
    std::string repaired;     // what replaces it ("é")
    // The mis-decodings undone, in the order they happened: {Windows1252, Windows1252} is text
    // read as windows-1252 and re-encoded twice. Where a fix's output and the characters after
    // it read as damage again (a chain: "Р" + NBSP + NBSP), the chain is one fix with them all.
    std::vector<CodePage> misdecodings;
    bool restoredNbsp = false;      // a byte A0 (NBSP) had become a space and was restored
    bool restoredUndefined = false; // an undefined windows-1252 byte (81 8D 8F 90 9D) was lost
    // How much more plausible the repair reads than the damaged text (the engine's cost
    // difference); 0: accepted on an equal score only because the same page is evidenced
    // elsewhere in the text.
    int gain = 0;
    // "UTF-8 read as windows-1252, twice"; "UTF-8 read as windows-1251; a lost A0 restored".
    [[nodiscard]] std::string description() const;
};

struct MojibakeOptions {
    std::vector<CodePage> codePages{allCodePages().begin(), allCodePages().end()};
    int maxDepth = 3;             // mis-decodings undone in a row (double encoding and more)
    bool restoreLostBytes = true; // spaces that were A0, dropped undefined windows-1252 bytes
    std::size_t maxReportedFixes = 1000;
    // Pages the user says the text was read through: treated as evidenced from the start, so a
    // repair through them that reads equally plausible is made.
    std::vector<CodePage> assumedPages;
    // Whether the text is one short string (a name, a title, a cell, a tweet: up to 2 KiB). Where
    // such a text shows no damage through a page, the plausibility model alone may make a
    // repair count as evidence of the page; a longer text has more chances to show its damage,
    // and more correct text that a likely repair may take by chance. Auto: by the size of the
    // text repaired. The repair pipelines (repair(), repairStreamed()) set it once by their
    // input's size, so that every round and every window judges alike.
    enum class Length : std::uint8_t { Auto, Short, Long };
    Length length = Length::Auto;
    // Called about every MiB with (done, total), total being twice the text's size: a first pass
    // looks for evidence, a second (only when there is some) repairs. Returning false cancels.
    std::function<bool(std::uint64_t done, std::uint64_t total)> progress;
};

struct MojibakeResult {
    std::string text;               // the repaired text (equal to the input when fixCount == 0)
    std::uint64_t fixCount = 0;     // every fix made
    std::vector<MojibakeFix> fixes; // the first maxReportedFixes of them, in order
    // Every fix (not only the reported ones), counted under its first mis-decoding (the last one
    // undone), indexed by int(CodePage); empty when nothing was fixed.
    std::vector<std::uint64_t> fixesByPage;
    bool cancelled = false; // progress() returned false: text and fixes are empty
};

// Finds and undoes mis-decodings in well-formed UTF-8 (error segments, if any, are left alone and
// end any candidate). A stretch of non-ASCII characters is repaired when, for some page, mapping
// its characters back to that page's bytes gives well-formed multi-byte UTF-8, and the result
// reads more plausibly than the original: fewer signatures of mojibake (a letter glued to a
// typographic symbol, a capital after a small letter, scripts mixed inside a word, C1 controls)
// and only characters of scripts in common use. Correct text (Portuguese "Ã", Cyrillic, Greek,
// symbols) does not gain from such a mapping and stays as it is. Repairs that need a lost byte
// (a space that was A0, a dropped undefined byte) are only made when the same text also holds a
// repair of the same page that needed none, and restore one byte of a character at most.
[[nodiscard]] MojibakeResult repairMojibake(std::string_view utf8,
                                            const MojibakeOptions& options = {});

// How the mojibake repair's plausibility model (learned from real text in many languages; see
// docs/mojibake.md) reads a repair, without the characters around it: how many nats likelier the
// repaired text is than the damaged text, and the least likely character pairs of each with
// their log probabilities ("\"Ã‰\" -23.4, \"‰C\" -11.0"). Where a text shows no damage through a
// page (a short string alone), these pairs are what decided.
struct MojibakeLikelihood {
    double nats = 0;
    std::string damagedPairs;
    std::string repairedPairs;
};
[[nodiscard]] MojibakeLikelihood explainLikelihood(std::string_view damaged,
                                                   std::string_view repaired);

} // namespace u8convert
