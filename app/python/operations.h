// The module's work in plain C++ (no Python objects, so it runs with the GIL released): each
// function mirrors a u8scope-cli command on bytes in memory and throws CodecError with the
// codec's message when the command would refuse.
#pragma once

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

// The repaired text and report; throws CodecError when the repair refuses (invalid=strict).
u8convert::RepairResult repairBytes(const std::string& data,
                                    const u8convert::RepairOptions& options);

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
