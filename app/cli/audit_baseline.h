// Fingerprints of audit findings, stable across runs, and the baseline of accepted findings
// (`audit --baseline=FILE`): so that CI systems de-duplicate a finding from run to run (SARIF
// 2.1.0 section 3.27.17, partialFingerprints) and a project can switch the audit on without
// first fixing what it already has.
#pragma once

#include "u8convert/audit.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace u8cli {

// The fingerprints of one file's findings, in the order they come: a 64-bit FNV-1a hash of the
// kind, the file's name as given, the characters found and what they look like, and how many
// findings of that same content came before in the file. Line numbers are left out: a finding
// keeps its fingerprint when lines are added or removed above it.
class FindingFingerprints {
public:
    explicit FindingFingerprints(std::string file) : file_(std::move(file)) {}
    std::string next(const u8convert::AuditFinding& f); // 16 lower-case hex digits

private:
    std::string file_;
    std::map<std::uint64_t, std::uint64_t> seen_; // content hash -> occurrences so far
};

// The fingerprints in a baseline: the JSON Lines of `audit --json` ("fingerprint") or the SARIF
// log of `audit --sarif` ("u8scope/v1" in partialFingerprints) of an accepted run. Nothing when
// the file cannot be read (`error` says why).
std::optional<std::set<std::string>> readBaseline(const std::string& path, std::string& error);

// The key of the fingerprint in SARIF's partialFingerprints.
inline constexpr const char* kFingerprintKey = "u8scope/v1";

} // namespace u8cli
