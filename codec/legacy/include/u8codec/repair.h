// Repairs: turn a damaged document into clean UTF-8, with a report of every change.
#pragma once

#include "u8codec/decoder.h"
#include "u8codec/line_endings.h"
#include "u8codec/mojibake.h"
#include "u8codec/normalize.h"

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8codec {

enum class RepairKind : std::uint8_t {
    InvalidSequence, // an ill-formed sequence replaced, dropped or reinterpreted
    Cesu,            // a surrogate pair encoded as two 3-byte forms (CESU-8) made one 4-byte form
    ModifiedNul,     // Java's Modified UTF-8 C0 80 made a real NUL
    Mojibake,        // a mis-decoding undone
    C1Control,       // a C1 control U+0080..U+009F read as the windows-1252 character it stood for
    BomStripped,     // the leading EF BB BF removed
    BomAdded,        // EF BB BF put in front
    StrayBom,        // a U+FEFF inside the text removed (a BOM from a concatenated file)
    LineEnding,      // a line ending rewritten
    Normalization,   // a stretch rewritten into NFC or NFD
};
inline constexpr int kRepairKindCount = 10;

// "invalid-sequence", "cesu-8", "modified-utf-8-nul", "mojibake", "c1-control", "bom-stripped",
// "bom-added", "stray-bom", "line-ending", "normalization".
std::string_view name(RepairKind k) noexcept;

// One change. `offset` and `length` locate the replaced bytes in the original input, whatever
// steps ran before (a change inside text an earlier step had already rewritten points at the
// start of that earlier change), so a preview can highlight exactly those bytes.
struct RepairChange {
    RepairKind kind = RepairKind::InvalidSequence;
    std::uint64_t offset = 0;
    std::uint64_t length = 0; // bytes replaced
    std::string before;       // the bytes replaced (possibly ill-formed)
    std::string after;        // what replaced them (well-formed UTF-8)
    std::string detail;       // a sentence: why, and what the mis-decoding was
};

struct RepairReport {
    std::array<std::uint64_t, kRepairKindCount> counts{}; // every change, by kind
    std::vector<RepairChange> changes;                    // the first maxReportedChanges
    std::uint64_t inputBytes = 0;
    std::uint64_t outputBytes = 0;
    LineEndingMix lineEndings; // the mix found in the input of the line-ending step

    std::uint64_t total() const noexcept;
    // One line per change, then totals; what the CLI prints on stderr.
    std::string toText(std::size_t maxLines = 50) const;
    // {"input_bytes":..,"output_bytes":..,"counts":{..},"line_endings":{..},"changes":[..]}
    std::string toJson() const;
};

enum class BomAction : std::uint8_t { Keep, Strip, Add };
std::optional<BomAction> bomActionFromName(std::string_view name) noexcept; // keep|strip|add

// C1 controls in well-formed text: Keep them, or read each as the windows-1252 character of its
// byte (Cp1252): "\u0084quoted\u0093" becomes "„quoted“".
enum class C1Action : std::uint8_t { Keep, Cp1252 };
std::optional<C1Action> c1ActionFromName(std::string_view name) noexcept; // keep|cp1252

struct RepairOptions {
    // Ill-formed sequences: Replace (U+FFFD per maximal subpart), Ignore (drop), Latin1 or
    // Cp1252 (reinterpret their bytes). Strict refuses: the result is an error. The output of
    // repair() is always well-formed UTF-8.
    ErrorPolicy invalid = ErrorPolicy::Replace;
    bool cesu = false; // CESU-8 pairs and C0 80 (Modified UTF-8) to standard UTF-8
    bool mojibake = false;
    MojibakeOptions mojibakeOptions;
    // Strip or add a leading BOM; both also remove stray U+FEFF inside the text.
    BomAction bom = BomAction::Keep;
    C1Action c1 = C1Action::Keep;
    std::optional<LineEnding> lineEnding; // nullopt: keep
    std::optional<NormalForm> normalForm; // nullopt: keep
    std::size_t maxReportedChanges = 1000;
    // Called now and then from the calling thread with (work done, total work) in units of input
    // bytes; returning false cancels (then the result is not ok and `cancelled` is set). Lets a
    // window run a repair of a large file in the background with a progress bar and a Cancel.
    std::function<bool(std::uint64_t done, std::uint64_t total)> progress;
};

struct RepairResult {
    bool ok = false;
    bool cancelled = false;
    std::string error; // when !ok: why nothing was produced
    std::string text;  // well-formed UTF-8
    RepairReport report;
};

// Runs the requested steps over a whole buffer, in this order: CESU-8, invalid sequences, BOM,
// mojibake, C1 controls, normalisation, line endings. C1 controls come after the mojibake repair:
// a C1 control inside mojibake is a byte of the mis-decoding, not punctuation ("Ä" + U+008C is
// "Č" read as ISO-8859-1, which the mojibake repair undoes; read as windows-1252 first it would
// be "ÄŒ", another page's mojibake of "ļ"), so only the controls that remain are taken for
// punctuation. They come before normalisation, whose forms they change (windows-1252 "Š"
// decomposes in NFD).
RepairResult repair(std::span<const std::uint8_t> bytes, const RepairOptions& options);
// The same for a buffer the caller gives up: when no step changes anything, the buffer itself
// becomes the result's text instead of a copy (a clean 1 GB file then needs 1 GB of memory, not
// 2). When something changed, `text` is left as it was.
RepairResult repair(std::string&& text, const RepairOptions& options);

// One replacement a step made, in the coordinates of that step's input: `length` bytes at
// `offset` became `newLength` bytes. The steps below list every edit (uncapped) when asked.
struct TextEdit {
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
    std::uint64_t newLength = 0;
};

// The steps one by one (each appends its changes to `report`).
// CESU-8 and Modified UTF-8, found by the codec's ProblemScanner (ProblemKind::SurrogatePair;
// an Overlong of U+0000 in 2 bytes): returns the bytes with those forms rewritten.
std::string repairCesu(std::span<const std::uint8_t> bytes, RepairReport& report,
                       std::size_t maxReported, std::vector<TextEdit>* edits = nullptr);
// Ill-formed sequences under a policy other than Strict (the codec's Decoder does the work).
std::string repairInvalid(std::span<const std::uint8_t> bytes, ErrorPolicy policy,
                          RepairReport& report, std::size_t maxReported,
                          std::vector<TextEdit>* edits = nullptr);
// Leading BOM and stray U+FEFF.
std::string repairBom(std::string_view utf8, BomAction action, RepairReport& report,
                      std::size_t maxReported, std::vector<TextEdit>* edits = nullptr);
// C1 controls in well-formed UTF-8 that windows-1252 reads as a character (all of U+0080..U+009F
// but the five bytes it leaves undefined, 81 8D 8F 90 9D): with Cp1252, each becomes that
// character.
std::string repairC1(std::string_view utf8, C1Action action, RepairReport& report,
                     std::size_t maxReported, std::vector<TextEdit>* edits = nullptr);
// The offset of the first such C1 control in well-formed UTF-8 at or after `from`, or npos.
std::size_t findC1Punctuation(std::string_view utf8, std::size_t from = 0) noexcept;

} // namespace u8codec
