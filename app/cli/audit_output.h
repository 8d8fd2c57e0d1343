// The three outputs of `audit`: lines a person reads, JSON Lines for scripts, and SARIF 2.1.0
// for code-scanning tools. Each writes to standard output as findings arrive (SARIF included:
// its results array is streamed), so memory stays constant however many findings a file has.
#pragma once

#include "u8convert/audit.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>

namespace u8cli {

// What one file gave: its profile, and its findings counted by printed kind name.
struct AuditTally {
    std::string file;
    u8convert::AuditProfile profile = u8convert::AuditProfile::Code;
    std::string profileReason; // "extension .c", "--profile", "no programming-language extension"
    std::map<std::string, std::uint64_t, std::less<>> byKind;
    std::uint64_t findings = 0;
    // The findings of a kind past --max-findings are counted, not written: by kind, and the cap.
    std::map<std::string, std::uint64_t, std::less<>> notShown;
    std::uint64_t maxFindings = 0;
    std::uint64_t baselined = 0; // findings left out as in the --baseline
};

// "FILE: N more KIND findings not shown (--max-findings M)", a line for each kind capped.
std::string notShownText(const AuditTally& file);

class AuditOutput {
public:
    virtual ~AuditOutput() = default;
    // `fingerprint`: the finding's FindingFingerprints (audit_baseline.h).
    virtual void finding(const AuditTally& file, const u8convert::AuditFinding& f,
                         const std::string& fingerprint) = 0;
    virtual void endFile(const AuditTally& file) = 0;
    // After the last file; `complete` is false when a file could not be read.
    virtual void finish(bool complete) = 0;
};

std::unique_ptr<AuditOutput> makeHumanAuditOutput();
std::unique_ptr<AuditOutput> makeJsonAuditOutput();
std::unique_ptr<AuditOutput> makeSarifAuditOutput();

// "U+202E RIGHT-TO-LEFT OVERRIDE" for one character, "U+0065 U+0301" for a few, the first six
// and a count for more; the bytes ("C0 AF") for ill-formed UTF-8.
std::string describeFindingCharacters(const u8convert::AuditFinding& f);

} // namespace u8cli
