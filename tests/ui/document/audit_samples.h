// Samples and helpers the audit's suites share: the document's background audit
// (tests/ui/document) and the panels that show its report (tests/ui).
#pragma once

#include "audit_report.h"
#include "document_audit.h"
#include "u8codec/byte_source.h"

#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace u8test {

// The commenting-out attack (RLO, LRI, PDI) and the homoglyph one (a Cyrillic EN), then an
// overlong form.
inline const std::string kTrojan =
    "int main(void) {\n"
    "    /*\u202E } \u2066if (isAdmin)\u2069 \u2066 begin admins only */\n"
    "    sayHello(); say\u041Dello();\n"
    "}\n";

// The window's kinds and the opt-in mixed-script one, whose identifier-wide findings the panels
// mark apart from the characters' own.
inline u8convert::AuditOptions panelOptions(u8convert::AuditProfile profile) {
    u8convert::AuditOptions options = u8doc::DocumentAudit::windowOptions(profile, {});
    options.kinds |= u8convert::kindBit(u8convert::AuditKind::MixedScript);
    return options;
}

inline std::shared_ptr<const u8doc::AuditReport> auditOf(const std::string& text,
                                                         u8convert::AuditProfile profile,
                                                         std::size_t cap = 1000,
                                                         std::size_t chunk = 1 << 20) {
    std::atomic<bool> stop{false};
    const u8codec::MemorySource source(std::vector<std::uint8_t>(text.begin(), text.end()));
    return u8doc::DocumentAudit::audit(source, panelOptions(profile), cap, stop, {}, chunk).report;
}

} // namespace u8test
