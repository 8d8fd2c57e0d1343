// The text audit: what hides in valid UTF-8. Bidirectional controls that make code read
// differently from how it runs (Trojan Source, CVE-2021-42574), invisible characters,
// look-alikes of ASCII letters and identifiers that mix scripts (UTS #39), controls,
// noncharacters, private-use and unassigned code points, spaces that are not spaces, text not in
// NFC, byte order marks inside the text, and data smuggled in variation selectors or tags.
//
// The Auditor reads the character stream incrementally, in constant memory: any chunking gives
// the same findings, in offset order. Runs of plain ASCII (the bulk of source code) are skipped
// 64 bytes at a time; only the characters around non-ASCII text and controls are looked at one
// by one. Ill-formed UTF-8 is found in the same pass (the codec's ProblemScanner) and reported in
// the same stream, as findings of kind InvalidUtf8 carrying the Problem.
#pragma once

#include "u8codec/problem.h"
#include "u8convert/audit_allowlist.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8convert {

// What kind of text is audited. Code: every kind applies; identifiers are runs of letters,
// digits and '_'. Text (prose): right-to-left text with embeddings and isolates (which UAX #9 X8
// closes at the end of the paragraph), LRM/RLM, no-break spaces and soft hyphens are normal
// (ZWJ/ZWNJ where scripts use them are, in both profiles); words end at '_' and where Han or kana
// meet another script.
enum class AuditProfile : std::uint8_t { Code, Text };
[[nodiscard]] std::string_view name(AuditProfile p) noexcept; // "code", "text"
[[nodiscard]] std::optional<AuditProfile> auditProfileFromName(std::string_view name) noexcept;

// The profile a file's name suggests: code for the extensions (and a few names, "Makefile") of
// programming languages, shell and build scripts; text otherwise. `why` (optional) receives the
// reason in words: "extension .c", "name Makefile", "no programming-language extension".
[[nodiscard]] AuditProfile profileForFileName(std::string_view path, std::string* why = nullptr);

// How a language writes comments and strings, so that the code profile tells identifiers from
// the text of comments and strings (where Turkish ı, Danish æ and a Russian word are letters, not
// look-alikes) and ends a bidi control's context with its comment or string, as compilers do.
// Strings are "...", '...' and `...` with backslash escapes, and tripled quotes (Python, Kotlin).
struct CodeSyntax {
    bool slashComments = true;      // // and /* */ (C family, Java, JS, Go, Rust, Swift, C#, PHP)
    bool hashComments = false;      // # to the end of the line (Python, Ruby, shell, Perl, PHP, R)
    bool dashComments = false;      // -- to the end of the line (SQL, Lua, Haskell, Ada, VHDL)
    bool semicolonComments = false; // ; to the end of the line (Lisps, assembly)
    bool quotesSpanLines = false;   // "..." and '...' go on past a line end (shell, Ruby, PHP)
    bool docBlocks = false;         // a line "=word" to a line "=cut" or "=end" (Perl POD, Ruby)
    bool heredocs = false;          // <<WORD, <<'WORD', <<~WORD, PHP's <<<WORD (shell, Perl, Ruby)
    bool perlQuotes = false;        // Perl's q{...}, qq(...), qw[...], qr<...>
    bool charQuotes =
        false; // '...' holds one character (C, C++, Java, C#, Go, Rust): 'a is a lifetime
    // Whether the lexer knows the language's comments and strings. The rules that judge tokens
    // (whole-script confusables, look-alike punctuation) apply only then: in a language whose
    // comments it cannot find (MATLAB's %, OCaml's (* *)), prose would be read as code.
    bool lexed = true;
};

// The syntax a file's name suggests (C family for names it does not know).
[[nodiscard]] CodeSyntax codeSyntaxForFileName(std::string_view path);

enum class AuditKind : std::uint8_t {
    BidiControl,      // U+202A-202E, U+2066-2069 (code: also U+200E, U+200F, U+061C)
    BidiUnterminated, // code: an embedding, override or isolate open at the end of its line, or
                      // a pop without an opener (UAX #9, as GCC's -Wbidi-chars=unpaired)
    Invisible,        // Default_Ignorable_Code_Point, Cf, variation selectors, tags
    Confusable,       // a letter inside a run of another script that has a letter drawn like it;
                      // code: also Latin/Common drawn like ASCII in an identifier with ASCII
    MixedScript,      // an identifier or word below the profile's UTS #39 restriction level
                      // (opt-in: not in defaultAuditKinds())
    Control,          // C0 other than TAB LF CR FF, DEL, C1
    Noncharacter,     // U+FDD0-FDEF and the last two code points of every plane
    PrivateUse,       // general category Co
    Unassigned,       // general category Cn in ICU's Unicode version
    SpaceLookalike,   // code only: U+00A0, U+1680, U+2000-200A, U+202F, U+205F, U+3000
    NotNfc,           // a normalization segment that NFC changes (UAX #15)
    BomInside,        // U+FEFF after offset 0
    HiddenPayload,    // 3 or more variation selectors or tags in a row: each can carry a byte
    InvalidUtf8,      // ill-formed UTF-8 (AuditFinding::problem says which kind)
};
inline constexpr int kAuditKindCount = 14;

// The stable names of the JSON and SARIF output: "bidi-control", "bidi-unterminated",
// "invisible", "confusable", "mixed-script", "control", "noncharacter", "private-use",
// "unassigned", "space-lookalike", "not-nfc", "bom-inside", "hidden-payload"; "invalid" for
// InvalidUtf8 (in --kinds lists; a finding of that kind is named by its ProblemKind).
[[nodiscard]] std::string_view name(AuditKind k) noexcept;
[[nodiscard]] std::optional<AuditKind> auditKindFromName(std::string_view name) noexcept;
// One line: "Bidirectional control character".
[[nodiscard]] std::string_view title(AuditKind k) noexcept;
// What the kind is, why it matters and the rule it follows: the SARIF rule's help text.
[[nodiscard]] std::string_view rationale(AuditKind k) noexcept;

using AuditKindMask = std::uint32_t;
[[nodiscard]] constexpr AuditKindMask kindBit(AuditKind k) noexcept {
    return AuditKindMask(1) << unsigned(k);
}
inline constexpr AuditKindMask kAllAuditKinds = (AuditKindMask(1) << kAuditKindCount) - 1;

// The kinds reported when none are named: the ones that can deceive a reader. mixed-script is
// opt-in in both profiles (words such as "HTTPСоединение" or "вашID" mix whole segments of two
// scripts on purpose; a look-alike letter inside a run of one script is a confusable finding),
// and not-nfc is opt-in in the text profile (polytonic Greek and decomposed accents are correct
// prose): so that a real RLO is never buried under them.
[[nodiscard]] AuditKindMask defaultAuditKinds(AuditProfile profile) noexcept;

struct AuditFinding {
    AuditKind kind = AuditKind::Invisible;
    std::uint64_t offset = 0; // of the first byte
    std::uint64_t length = 0; // bytes covered
    // Where `offset` is as a person counts: lines end at LF; the column counts characters (an
    // error segment counts as one), both 1-based, as the codec's ProblemLocator counts them.
    std::uint64_t line = 1;
    std::uint64_t column = 1;
    // The characters concerned: the one character of a per-character kind; the opener of an
    // unterminated embedding; the segment NFC changes; the identifier that mixes scripts; the
    // first 32 characters of a hidden payload. Empty for InvalidUtf8.
    std::vector<char32_t> codePoints;
    std::string message; // the explanation, citing its rule
    // Confusable: the text the identifier looks like ("sayHello" for "sayНello", "відео" for
    // "вiдео");
    // MixedScript and NotNfc: the identifier, or the NFC form of the segment. Empty otherwise.
    std::string lookalike;
    u8codec::Problem problem; // InvalidUtf8 only

    std::uint64_t end() const noexcept { return offset + length; }
};

// The name of a finding's kind as printed: name(kind), or for InvalidUtf8 the ProblemKind's
// name ("overlong", "truncated", ...), the codec's error kinds.
[[nodiscard]] std::string_view kindName(const AuditFinding& f) noexcept;

struct AuditOptions {
    AuditProfile profile = AuditProfile::Code;
    AuditKindMask kinds = kAllAuditKinds; // the kinds to report
    CodeSyntax syntax;                    // the code profile's comments and strings
    // Characters used on purpose: no per-character finding, and Common (no script) for the
    // script checks.
    CodePointSet allowlist;
    // Identifiers and words used on purpose (sorted): no confusable or mixed-script finding.
    std::vector<std::u32string> allowedWords;
};

class Auditor {
public:
    using Sink = std::function<void(const AuditFinding&)>;

    explicit Auditor(AuditOptions options = {});
    ~Auditor();
    // A copy of the auditor where it stands: fed the same bytes after, each finds what the
    // other does (the window's audit keeps copies as it goes, and after an edit resumes from
    // the last one before it instead of from the start). The copy shares the options and ICU's
    // spoof checker (read only) with the original.
    Auditor(const Auditor& other);
    Auditor& operator=(const Auditor&) = delete;

    // Feeds the next bytes; calls sink for every finding they complete, in offset order (ties in
    // the order the rules are listed above). Findings wait until nothing before them can still
    // be found; past 4096 waiting behind one unterminated embedding on one long line, the
    // earliest are let go first (memory stays bounded) and that line's bidi-unterminated
    // finding comes after them.
    void feed(std::span<const std::uint8_t> bytes, const Sink& sink);
    // Ends the stream: every finding still held is delivered.
    void finish(const Sink& sink);

    [[nodiscard]] const AuditOptions& options() const noexcept;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// One-shot helper.
[[nodiscard]] std::vector<AuditFinding> audit(std::span<const std::uint8_t> bytes,
                                              const AuditOptions& options);

// The version of the Unicode Character Database the audit's properties come from ("15.0"),
// ICU's.
[[nodiscard]] std::string unicodeVersion();

// A code point's name as a person reads it: the corrected name where Unicode corrected one
// (NameAliases.txt), else the name, else ICU's label ("<control-001B>", "<private-use-E000>",
// "<unassigned-0378>", "<noncharacter-FFFF>").
[[nodiscard]] std::string characterName(char32_t cp);
// "U+041D CYRILLIC CAPITAL LETTER EN".
[[nodiscard]] std::string describeCharacter(char32_t cp);

// The ASCII text a character is drawn like, when its UTS #39 skeleton (section 4,
// confusables.txt) is ASCII: "H" for U+041D CYRILLIC CAPITAL LETTER EN. Empty when the skeleton
// is not ASCII, and for ASCII itself. The confusable kind reports characters with such a
// skeleton.
[[nodiscard]] std::string asciiLookalike(char32_t cp);

// Whether a character draws nothing of its own, so that a view must show something in its place:
// Default_Ignorable_Code_Point (Unicode chapter 5.21: zero-width characters, joiners, variation
// selectors, Hangul fillers, tags), format characters (Cf) but the prepended concatenation marks
// (which span the digits after them), the line and paragraph separators, and the C1 controls. C0
// controls are the Control Pictures' (controls.h). Drawn or not, the audit decides what is
// suspicious.
[[nodiscard]] bool drawsNothing(char32_t cp);

} // namespace u8convert
