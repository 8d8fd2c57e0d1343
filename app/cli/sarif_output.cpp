// `audit --sarif`: a SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format) with one
// run, one rule per kind (the audit's kinds and the codec's ill-formed UTF-8 kinds), and one
// result per finding, streamed as findings arrive.
#include "audit_baseline.h"
#include "audit_output.h"
#include "standard_output.h"
#include "u8codec/json_string.h"

#include <cstdio>
#include <vector>

namespace u8cli {

namespace {

using u8convert::AuditFinding;
using u8convert::AuditKind;

struct Rule {
    std::string id, title, help;
    const char* level; // SARIF result level: error, warning, note
};

const char* levelOf(AuditKind k) {
    switch (k) {
    case AuditKind::BidiControl:
    case AuditKind::BidiUnterminated:
    case AuditKind::HiddenPayload:
    case AuditKind::InvalidUtf8:
        return "error";
    case AuditKind::Invisible:
    case AuditKind::Confusable:
    case AuditKind::MixedScript:
    case AuditKind::Control:
    case AuditKind::BomInside:
        return "warning";
    default:
        return "note";
    }
}

// The audit's kinds in the order of AuditKind, then the codec's problem kinds.
std::vector<Rule> rules() {
    std::vector<Rule> r;
    for (int k = 0; k < u8convert::kAuditKindCount; ++k) {
        const auto kind = AuditKind(k);
        if (kind == AuditKind::InvalidUtf8)
            continue;
        r.push_back({std::string(u8convert::name(kind)), std::string(u8convert::title(kind)),
                     std::string(u8convert::rationale(kind)), levelOf(kind)});
    }
    for (int k = 0; k < u8codec::kProblemKindCount; ++k) {
        const auto kind = u8codec::ProblemKind(k);
        r.push_back({std::string(u8codec::name(kind)),
                     "Ill-formed UTF-8: " + std::string(u8codec::name(kind)),
                     std::string(u8convert::rationale(AuditKind::InvalidUtf8)), "error"});
    }
    return r;
}

// A relative path as a URI reference (RFC 3986: unreserved characters and '/' kept, the other
// bytes percent-encoded); an absolute path as a file URI.
std::string uriOf(const std::string& path) {
    std::string uri = !path.empty() && path[0] == '/' ? "file://" : "";
    for (unsigned char c : path) {
        const bool keep = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                          (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~' ||
                          c == '/';
        if (keep) {
            uri += char(c);
        } else {
            char hex[4];
            std::snprintf(hex, sizeof hex, "%%%02X", c);
            uri += hex;
        }
    }
    return uri;
}

class SarifOutput : public AuditOutput {
public:
    SarifOutput() : rules_(rules()) {
        std::string head =
            "{\"$schema\":\"https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
            "sarif-schema-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{"
            "\"name\":\"u8scope-cli\",\"version\":\"" U8SCOPE_VERSION "\",\"rules\":[";
        for (std::size_t i = 0; i < rules_.size(); ++i) {
            const Rule& r = rules_[i];
            head += i ? ",{\"id\":" : "{\"id\":";
            head += u8codec::jsonString(r.id) + ",\"name\":" + u8codec::jsonString(r.id) +
                    ",\"shortDescription\":{\"text\":" + u8codec::jsonString(r.title) +
                    "},\"fullDescription\":{\"text\":" + u8codec::jsonString(r.help) +
                    "},\"help\":{\"text\":" + u8codec::jsonString(r.help) +
                    "},\"defaultConfiguration\":{\"level\":\"" + r.level + "\"}}";
        }
        // Columns count code points, as the human and JSON outputs do (SARIF section 3.14.15).
        head += "]}},\"columnKind\":\"unicodeCodePoints\",\"results\":[";
        writeOut(head.c_str());
    }

    void finding(const AuditTally& file, const AuditFinding& f,
                 const std::string& fingerprint) override {
        const std::string_view id = u8convert::kindName(f);
        std::size_t index = 0;
        while (index < rules_.size() && rules_[index].id != id)
            ++index;
        std::string o = first_ ? "\n" : ",\n";
        first_ = false;
        o += "{\"ruleId\":" + u8codec::jsonString(id) + ",\"ruleIndex\":" + std::to_string(index) +
             ",\"level\":\"" + levelOf(f.kind) + "\",\"message\":{\"text\":" +
             u8codec::jsonString(describeFindingCharacters(f) + ": " + f.message) +
             "},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":" +
             u8codec::jsonString(uriOf(file.file)) +
             "},\"region\":{\"startLine\":" + std::to_string(f.line) +
             ",\"startColumn\":" + std::to_string(f.column) +
             ",\"byteOffset\":" + std::to_string(f.offset) +
             ",\"byteLength\":" + std::to_string(f.length) + "}}}],\"partialFingerprints\":{\"" +
             kFingerprintKey + "\":\"" + fingerprint + "\"},\"properties\":{\"profile\":" +
             u8codec::jsonString(u8convert::name(file.profile));
        if (!f.codePoints.empty()) {
            o += ",\"codePoints\":[";
            for (std::size_t i = 0; i < f.codePoints.size(); ++i)
                o.append(i ? "," : "")
                    .append(u8codec::jsonString(u8codec::codePointLabel(f.codePoints[i])));
            o += "]";
        }
        if (!f.lookalike.empty())
            o += ",\"lookalike\":" + u8codec::jsonString(f.lookalike);
        o += "}}";
        writeOut(o.c_str());
    }

    // The findings past --max-findings, said as notifications of the run.
    void endFile(const AuditTally& file) override {
        for (const auto& [kind, n] : file.notShown)
            notes_ += std::string(notes_.empty() ? "" : ",") + "{\"level\":\"note\",\"message\":{" +
                      "\"text\":" +
                      u8codec::jsonString(file.file + ": " + std::to_string(n) + " more " + kind +
                                          " findings not shown (--max-findings " +
                                          std::to_string(file.maxFindings) + ")") +
                      "}}";
    }

    void finish(bool complete) override {
        printOut("\n],\"invocations\":[{\"executionSuccessful\":%s%s%s%s}]}]}\n",
                 complete ? "true" : "false",
                 notes_.empty() ? "" : ",\"toolExecutionNotifications\":[", notes_.c_str(),
                 notes_.empty() ? "" : "]");
    }

private:
    std::vector<Rule> rules_;
    bool first_ = true;
    std::string notes_; // toolExecutionNotifications
};

} // namespace

std::unique_ptr<AuditOutput> makeSarifAuditOutput() {
    return std::make_unique<SarifOutput>();
}

} // namespace u8cli
