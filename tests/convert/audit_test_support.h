// Helpers shared by the audit suites: running the Auditor in a chosen chunking and printing its
// findings in failure messages. No audit rule lives here.
#pragma once

#include "u8codec/encoder.h"
#include "u8convert/audit.h"
#include "u8test/files.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace audittest {

inline std::span<const std::uint8_t> bytes(const std::string& s) {
    return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

inline u8convert::AuditOptions options(u8convert::AuditProfile profile,
                                       u8convert::AuditKindMask kinds = u8convert::kAllAuditKinds) {
    u8convert::AuditOptions o;
    o.profile = profile;
    o.kinds = kinds;
    return o;
}

// Chunk sizes: 0 = the whole input at once, 1 = byte by byte, otherwise random sizes from 1 to
// `chunking` drawn with that seed.
inline std::vector<u8convert::AuditFinding>
run(const std::string& text, const u8convert::AuditOptions& o, int chunking = 0) {
    std::vector<u8convert::AuditFinding> out;
    u8convert::Auditor auditor(o);
    const auto keep = [&](const u8convert::AuditFinding& f) { out.push_back(f); };
    const auto all = bytes(text);
    std::mt19937 random{std::uint32_t(chunking)};
    for (std::size_t pos = 0; pos < all.size();) {
        std::size_t n = all.size() - pos;
        if (chunking == 1)
            n = 1;
        else if (chunking > 1)
            n = std::min<std::size_t>(n, 1 + random() % std::uint32_t(chunking));
        auditor.feed(all.subspan(pos, n), keep);
        pos += n;
    }
    auditor.finish(keep);
    return out;
}

// The strings joined with `separator` between them, for messages.
inline std::string joined(const std::vector<std::string>& parts, const std::string& separator) {
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i)
        out += (i ? separator : std::string()) + parts[i];
    return out;
}

// "kind@offset" for each finding, for comparisons and messages.
inline std::vector<std::string> summary(const std::vector<u8convert::AuditFinding>& findings) {
    std::vector<std::string> s;
    for (const auto& f : findings)
        s.push_back(std::string(u8convert::kindName(f)) + "@" + std::to_string(f.offset));
    return s;
}

// Everything a finding says, for exact comparisons between chunkings.
inline std::string describe(const u8convert::AuditFinding& f) {
    std::string cps;
    char hex[16];
    for (char32_t cp : f.codePoints) {
        std::snprintf(hex, sizeof hex, "%x ", unsigned(cp));
        cps += hex;
    }
    return std::string(u8convert::kindName(f)) + "@" + std::to_string(f.offset) + "+" +
           std::to_string(f.length) + " " + std::to_string(f.line) + ":" +
           std::to_string(f.column) + " [" + cps + "] " + f.message + " | " + f.lookalike;
}

} // namespace audittest
