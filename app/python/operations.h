// The module's work in plain C++ (no Python objects, so it runs with the GIL released): each
// function mirrors a u8scope-cli command on bytes in memory and throws CodecError with the
// codec's message when the command would refuse.
#pragma once

#include "u8convert/audit.h"
#include "u8convert/detect.h"
#include "u8convert/repair.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace u8py {

class CodecError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// One problem as `u8scope-cli check` prints it: "FILE:LINE:COLUMN: " + message.
struct CheckedProblem {
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
    std::string kind;         // "overlong", "stray-continuation", ...
    std::uint64_t line = 1;   // 1-based, lines end at LF
    std::uint64_t column = 1; // 1-based, in characters (an error segment counts as one)
    std::string explanation;  // u8codec::explain()
    std::string message;      // u8codec::oneLine(): "offset 3: overlong: C0 AF: ..."
    std::string bytes;        // the first bytes of the problem (up to 8)
};

struct CheckReport {
    bool valid = true;
    std::uint64_t problemCount = 0;       // every problem
    std::vector<CheckedProblem> problems; // the first maxProblems of them
};

CheckReport checkBytes(const std::string& data, std::size_t maxProblems);

// The options of `repair`, by the CLI's names; empty strings and nullopt mean the CLI's
// defaults. Throws CodecError for an unknown name.
struct RepairRequest {
    std::string invalid = "replace"; // replace|drop|cp1252|latin1|strict
    bool mojibake = true;
    std::vector<std::string> pages; // --mojibake=PAGE,...: empty for every page
    bool cesu = false;
    std::string bom = "keep";             // keep|strip|add
    std::optional<std::string> c1;        // keep|cp1252; default: cp1252 with mojibake, else keep
    std::string newlines = "keep";        // keep|lf|crlf
    std::optional<std::string> normalize; // nfc|nfd
};

u8convert::RepairOptions repairOptionsOf(const RepairRequest& request);

// What a repair is judged by, as --scope: the whole value ("text", the CLI's "file") or each
// line by its own evidence ("line"). Throws CodecError for another name.
enum class RepairScope { Text, Line };
RepairScope repairScopeOf(const std::string& name);

// The repaired text and report; throws CodecError when the repair refuses (invalid=strict).
u8convert::RepairResult repairBytes(const std::string& data,
                                    const u8convert::RepairOptions& options,
                                    RepairScope scope = RepairScope::Text);

// The options of `audit`, by the CLI's names. `fileName` stands for the FILE the CLI is given:
// it picks the comment and string syntax of the code profile, and the profile when `profile`
// is unset (as the CLI without --profile).
struct AuditRequest {
    std::optional<std::string> profile;            // code|text
    std::optional<std::vector<std::string>> kinds; // --kinds; unset: the profile's default
    std::string allow;                             // --allow's text: one entry a line
    std::string fileName;
};

struct AuditSetup {
    u8convert::AuditOptions options;
    std::string profileReason; // "--profile", "extension .py", ...
};

// Throws CodecError for an unknown profile or kind, or an allowlist line it cannot read.
AuditSetup auditSetupOf(const AuditRequest& request);

// What audit() gives for one value: the `audit --json` findings and the summary's profile.
struct AuditReport {
    std::string profile;
    std::string profileReason;
    std::vector<u8convert::AuditFinding> findings;
};

std::vector<u8convert::AuditFinding> auditBytes(const std::string& data,
                                                const u8convert::AuditOptions& options);

u8convert::Detection detectBytes(const std::string& data);

struct TranscodeRequest {
    std::string from;
    std::string to;
    std::string unmappable = "fail"; // fail|substitute|escape
    std::string escape = "xml-hex";  // xml-hex|xml-dec|java|c|unicode|icu
    bool addSignature = false;
};

std::string transcodeBytes(const std::string& data, const TranscodeRequest& request);

} // namespace u8py
