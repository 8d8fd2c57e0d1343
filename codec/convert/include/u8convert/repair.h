// Repairs: turn a damaged document into clean UTF-8, with a report of every change.
#pragma once

#include "u8codec/decoder.h"
#include "u8codec/result.h"
#include "u8convert/line_endings.h"
#include "u8convert/mojibake.h"
#include "u8convert/normalize.h"

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8convert {

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
[[nodiscard]] std::string_view name(RepairKind k) noexcept;

// How sure the repair is of a mojibake fix: "low", "medium", "high" (judgeMojibakeFix()).
enum class Confidence : std::uint8_t { Low, Medium, High };
[[nodiscard]] std::string_view name(Confidence c) noexcept;

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
    // Where the pipeline made it: its steps (and each round of the mojibake repair) run as
    // passes, one after the other; `passOffset` is the offset of `before` in that pass's input.
    // applySelectedChanges() replays the passes from these.
    std::uint32_t pass = 0;
    std::uint64_t passOffset = 0;
    // Mojibake fixes only (empty or zero for the other kinds). The level is pages.size().
    std::vector<CodePage> pages{}; // the mis-decodings undone, in the order they happened
    int gain = 0;                  // MojibakeFix::gain: how much more plausible the repair reads
    bool lostByte = false;         // a lost byte (an A0 or an undefined windows-1252 byte) restored
    std::uint64_t evidence = 0;    // fixes in the whole text through pages.front(), this one too
    Confidence confidence = Confidence::High;
};

// The rule for the confidence of a mojibake fix, written once:
//  - high: no lost byte had to be restored and either the repair reads clearly more plausibly
//    (gain >= 2) or the page is well evidenced (>= 3 fixes through it in the text); a chain of
//    three or more mis-decodings also needs that evidence;
//  - low: a lost byte was restored (the repair had to guess a byte the damage destroyed), or the
//    repair reads no better than the damage (gain 0) and was made on thin evidence (< 3);
//  - medium otherwise.
// `why` (when given) receives the reason in words: "reads 3 points more plausibly; 12 fixes
// through the same page".
[[nodiscard]] Confidence judgeMojibakeFix(int gain, std::size_t level, bool lostByte,
                                          std::uint64_t evidence, std::string* why = nullptr);

struct RepairReport {
    std::array<std::uint64_t, kRepairKindCount> counts{}; // every change, by kind
    std::vector<RepairChange> changes;                    // the first maxReportedChanges
    std::uint64_t inputBytes = 0;
    std::uint64_t outputBytes = 0;
    LineEndingMix lineEndings; // the mix found in the input of the line-ending step

    [[nodiscard]] std::uint64_t total() const noexcept;
    // One line per change, then totals; what the CLI prints on stderr.
    [[nodiscard]] std::string toText(std::size_t maxLines = 50) const;
    // A paragraph per listed change (for mojibake: the pages, the evidence, the confidence and
    // why), then the totals; what `repair --explain` prints.
    [[nodiscard]] std::string toExplanation(std::size_t maxChanges = 200) const;
    // {"input_bytes":..,"output_bytes":..,"counts":{..},"line_endings":{..},"changes":[..]};
    // a mojibake change also has "pages", "level", "gain", "evidence" and "confidence".
    [[nodiscard]] std::string toJson() const;
    // Whether `changes` holds every change counted (line endings are counted, never listed):
    // only then can applySelectedChanges() replay them.
    [[nodiscard]] bool listsEveryChange() const noexcept;
};

enum class BomAction : std::uint8_t { Keep, Strip, Add };
[[nodiscard]] std::optional<BomAction>
bomActionFromName(std::string_view name) noexcept; // keep|strip|add

// C1 controls in well-formed text: Keep them, or read each as the windows-1252 character of its
// byte (Cp1252): "\u0084quoted\u0093" becomes "„quoted“".
enum class C1Action : std::uint8_t { Keep, Cp1252 };
[[nodiscard]] std::optional<C1Action>
c1ActionFromName(std::string_view name) noexcept; // keep|cp1252

struct RepairOptions {
    // Ill-formed sequences: Replace (U+FFFD per maximal subpart), Ignore (drop), Latin1 or
    // Cp1252 (reinterpret their bytes). Strict refuses: the result is an error. The output of
    // repair() is always well-formed UTF-8.
    u8codec::ErrorPolicy invalid = u8codec::ErrorPolicy::Replace;
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
    // bytes; returning false cancels (the status is then ErrorCode::Cancelled). Lets a
    // window run a repair of a large file in the background with a progress bar and a Cancel.
    std::function<bool(std::uint64_t done, std::uint64_t total)> progress;
};

struct RepairResult {
    // Not ok: why nothing was produced (ErrorCode::Invalid: refused under the Strict policy or by
    // a step; Cancelled: progress() asked to stop; Io, Changed: the streamed forms' input).
    u8codec::Status status;
    std::string text; // well-formed UTF-8
    RepairReport report;
};

// Runs the requested steps over a whole buffer, in this order: CESU-8, invalid sequences, BOM,
// mojibake, C1 controls, normalisation, line endings. C1 controls come after the mojibake repair:
// a C1 control inside mojibake is a byte of the mis-decoding, not punctuation ("Ä" + U+008C is
// "Č" read as ISO-8859-1, which the mojibake repair undoes; read as windows-1252 first it would
// be "ÄŒ", another page's mojibake of "ļ"), so only the controls that remain are taken for
// punctuation. They come before normalisation, whose forms they change (windows-1252 "Š"
// decomposes in NFD).
[[nodiscard]] RepairResult repair(std::span<const std::uint8_t> bytes,
                                  const RepairOptions& options);
// The same for a buffer the caller gives up: when no step changes anything, the buffer itself
// becomes the result's text instead of a copy (a clean 1 GB file then needs 1 GB of memory, not
// 2). When something changed, `text` is left as it was.
[[nodiscard]] RepairResult repair(std::string&& text, const RepairOptions& options);

// Applying a chosen part of a repair (repair_selection.cpp). Changes are tied when a later one
// rewrote text an earlier one had written or replaced (a normalisation inside a mojibake fix's
// output, a second round's fix that takes in an earlier fix): such changes can only be applied
// together. tieChanges() gives each change of a report that lists every change
// (listsEveryChange()) the index of the first change it is tied to (itself when none), or an
// error (ErrorCode::Invalid) naming the change that does not fit the text.
using ChangeTies = std::vector<std::size_t>; // per change: the first change of its group
[[nodiscard]] u8codec::Result<ChangeTies> tieChanges(std::span<const std::uint8_t> original,
                                                     std::span<const RepairChange> changes);
// The original with exactly the ticked changes made (a group is made when all its changes are
// ticked; the rest of its group keeps the original bytes), then, when `lineEnding` is set, the
// line endings rewritten, as the pipeline's last step does. With every change ticked and the
// pipeline's line ending this is the pipeline's text byte for byte. `changes` must be a whole
// report's list (listsEveryChange()); `ticked` has one entry per change. An error
// (ErrorCode::Invalid) when a change does not fit the text.
struct AppliedSelection {
    std::string text;
    std::uint64_t applied = 0; // changes made
    std::array<std::uint64_t, kRepairKindCount> appliedByKind{};
};
[[nodiscard]] u8codec::Result<AppliedSelection>
applySelectedChanges(std::span<const std::uint8_t> original, std::span<const RepairChange> changes,
                     const std::vector<bool>& ticked, std::optional<LineEnding> lineEnding);
// The options of a repair that leaves out one kind of change or one mis-decoded page (for a
// report too long to untick change by change: the repair runs again without them). False when
// the kind cannot be left out: ill-formed sequences must be replaced for the other steps to run.
[[nodiscard]] bool leaveOutKind(RepairOptions& options, RepairKind kind) noexcept;
void leaveOutPage(RepairOptions& options, CodePage page);

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
[[nodiscard]] std::string repairCesu(std::span<const std::uint8_t> bytes, RepairReport& report,
                                     std::size_t maxReported,
                                     std::vector<TextEdit>* edits = nullptr);
// Ill-formed sequences under a policy other than Strict (the codec's Decoder does the work).
[[nodiscard]] std::string repairInvalid(std::span<const std::uint8_t> bytes,
                                        u8codec::ErrorPolicy policy, RepairReport& report,
                                        std::size_t maxReported,
                                        std::vector<TextEdit>* edits = nullptr);
// Leading BOM and stray U+FEFF.
[[nodiscard]] std::string repairBom(std::string_view utf8, BomAction action, RepairReport& report,
                                    std::size_t maxReported,
                                    std::vector<TextEdit>* edits = nullptr);
// C1 controls in well-formed UTF-8 that windows-1252 reads as a character (all of U+0080..U+009F
// but the five bytes it leaves undefined, 81 8D 8F 90 9D): with Cp1252, each becomes that
// character.
[[nodiscard]] std::string repairC1(std::string_view utf8, C1Action action, RepairReport& report,
                                   std::size_t maxReported, std::vector<TextEdit>* edits = nullptr);
// The offset of the first such C1 control in well-formed UTF-8 at or after `from`, or npos.
[[nodiscard]] std::size_t findC1Punctuation(std::string_view utf8, std::size_t from = 0) noexcept;

} // namespace u8convert
