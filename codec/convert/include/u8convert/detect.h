// Detection: which encoding a file is most likely in, and whether valid UTF-8 looks like
// mojibake.
#pragma once

#include "u8convert/line_endings.h"
#include "u8convert/mojibake.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace u8codec {
class ByteSource;
}

namespace u8convert {

struct EncodingGuess {
    std::string encoding; // a name ICU and uconv accept ("UTF-16LE", "windows-1251")
    int confidence = 0;   // 0-100
    std::string reason;   // why: "byte order mark FF FE", "zero bytes at odd offsets", ...
    std::string language; // ISO 639 code when ICU's detector names one, else empty
    // For "UTF-8 with stray bytes": the page the repair with ErrorPolicy::Cp1252 reads those
    // bytes as ("windows-1252"), the repair that keeps every valid character. Empty for other
    // guesses.
    std::string strayBytesPage;
};

// Valid UTF-8 that reads like a mis-decoding: what repairMojibake() would fix.
struct MojibakeHint {
    std::uint64_t fixes = 0; // in the examined text
    // The most frequent chain of mis-decodings among the repair's fixes
    // (MojibakeFix::misdecodings), and its words ("UTF-8 read as windows-1252").
    std::vector<CodePage> misdecodings;
    std::string description;
    std::string exampleBefore; // the first fix: "CafÃ©" ...
    std::string exampleAfter;  // ... and what it becomes: "Café"
    std::uint64_t exampleOffset = 0;
};

struct Detection {
    std::vector<EncodingGuess> guesses; // best first
    bool validUtf8 = false;
    bool asciiOnly = false;
    std::uint64_t invalidSequences = 0; // UTF-8 error segments in the examined bytes
    // The problems they make (u8codec::Problem: the overlong pair C0 AF is one), as the window's
    // Problems list and `check` count them.
    std::uint64_t problems = 0;
    std::uint64_t multiByteCharacters = 0; // well-formed multi-byte UTF-8 sequences in them
    // Of them, error segments that are damage of UTF-8 itself, never a stray byte of a legacy
    // page: overlong forms, surrogates, code points above U+10FFFF, sequences cut short after
    // their lead. Reading them as windows-1252 would make mojibake of them; U+FFFD says what
    // they are.
    std::uint64_t utf8Damage = 0;
    // How many bytes were judged: the window, less a character its end cuts (that character is
    // neither examined nor an error); and whether they are the whole input.
    std::uint64_t examinedBytes = 0;
    bool wholeInput = true;
    // Why the bytes look like binary data rather than text, or empty: a known file signature
    // at the start ("ELF executable", "PNG image", "ZIP archive", "PDF document", ...) or NUL
    // bytes that no UTF-16/UTF-32 pattern explains ("NUL-rich: 12 % zero bytes").
    std::string binary;
    MojibakeHint mojibake; // fixes == 0: nothing suspicious
    // In valid UTF-8, once its mojibake is undone: C1 controls that windows-1252 reads as
    // punctuation ("\u0084quoted\u0093"), what repair's C1 step with C1Action::Cp1252 changes.
    std::uint64_t c1Punctuation = 0;
    // Line endings in the examined bytes, counted when the best guess is UTF-8 (in UTF-16 and
    // UTF-32 the bytes 0A and 0D can be halves of other characters).
    std::optional<LineEndingMix> lineEndings;
};

// Examines up to `maxBytes` from the start of `bytes`, in this order: a byte order mark;
// UTF-16/UTF-32 by the pattern of zero bytes (ASCII-range text in UTF-16LE has a zero at every
// odd offset); well-formed UTF-8 (then checked for mojibake); UTF-8 with stray bytes (more
// well-formed multi-byte characters than invalid sequences, see detect.cpp); ICU's charset
// detector (ucsdet) for legacy code pages, ranked with its confidence. ICU names windows-125x
// rather than ISO-8859-x when bytes 80-9F occur (letters and punctuation there, C1 controls in
// ISO-8859-x), so the page named is the one that reads them.
inline constexpr std::size_t kDetectWindow = std::size_t(4) << 20;
// Where `bytes` goes on past `maxBytes`, a character the window cuts is left out (see
// unfinishedTailLength()), so a caller that reads one byte more than it examines never sees a
// valid file called invalid.
[[nodiscard]] Detection detectEncoding(std::span<const std::uint8_t> bytes,
                                       std::size_t maxBytes = kDetectWindow);
// The same over the first kDetectWindow bytes of `source` (one more is read to know whether the
// window is cut).
[[nodiscard]] Detection detectEncoding(const u8codec::ByteSource& source);

} // namespace u8convert
