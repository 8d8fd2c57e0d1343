#include "audit_output.h"

#include "problem_reporter.h"
#include "shown_name.h"
#include "standard_output.h"
#include "u8codec/json_string.h"

#include <cstdio>

namespace u8cli {

using u8convert::AuditFinding;
using u8convert::AuditKind;

std::string describeFindingCharacters(const AuditFinding& f) {
    if (f.kind == AuditKind::InvalidUtf8)
        return u8codec::hexBytes(f.problem.headBytes()) +
               (f.problem.length > f.problem.headLength ? " ..." : "");
    if (f.codePoints.size() == 1)
        return u8convert::describeCharacter(f.codePoints[0]);
    constexpr std::size_t kShown = 6;
    std::string s;
    for (std::size_t i = 0; i < f.codePoints.size() && i < kShown; ++i) {
        if (i)
            s += ' ';
        s += u8codec::codePointLabel(f.codePoints[i]);
    }
    if (f.codePoints.size() > kShown)
        s += " ... (" + std::to_string(f.codePoints.size()) + " characters)";
    return s;
}

namespace {

std::string plural(std::uint64_t n, const char* noun) {
    return std::to_string(n) + ' ' + noun + (n == 1 ? "" : "s");
}

// FILE:LINE:COLUMN: offset N: KIND: U+XXXX NAME: explanation (the `check` format, whose line
// the invalid UTF-8 findings reuse).
class HumanOutput : public AuditOutput {
public:
    void finding(const AuditTally& file, const AuditFinding& f, const std::string&) override {
        std::string line;
        if (f.kind == AuditKind::InvalidUtf8) {
            line = formatProblem(shownName(file.file),
                                 u8codec::LocatedProblem{f.problem, f.line, f.column});
        } else {
            line = shownName(file.file) + ':' + std::to_string(f.line) + ':' +
                   std::to_string(f.column) + ": offset " + std::to_string(f.offset) + ": ";
            line += u8convert::kindName(f);
            line += ": " + describeFindingCharacters(f) + ": " + f.message;
        }
        printOut("%s\n", line.c_str());
    }
    void endFile(const AuditTally& file) override {
        std::string kinds;
        for (const auto& [kind, n] : file.byKind)
            kinds += (kinds.empty() ? "" : ", ") + kind + ' ' + std::to_string(n);
        writeOut(notShownText(file));
        printOut("%s: %s profile (%s): %s%s%s\n", shownName(file.file).c_str(),
                 std::string(u8convert::name(file.profile)).c_str(), file.profileReason.c_str(),
                 file.findings == 0 ? "nothing suspicious found"
                                    : plural(file.findings, "finding").c_str(),
                 kinds.empty() ? "" : ": ", kinds.c_str());
        if (file.baselined != 0)
            printOut("%s: %s in the baseline not shown\n", shownName(file.file).c_str(),
                     plural(file.baselined, "finding").c_str());
    }
    void finish(bool) override {}
};

void appendCodePoints(std::string& out, const AuditFinding& f) {
    out += "[";
    for (std::size_t i = 0; i < f.codePoints.size(); ++i) {
        if (i)
            out += ',';
        out += std::to_string(std::uint32_t(f.codePoints[i]));
    }
    out += "]";
}

// One JSON object per line per finding, then {"summary":{...}} for the file.
class JsonOutput : public AuditOutput {
public:
    void finding(const AuditTally& file, const AuditFinding& f,
                 const std::string& fingerprint) override {
        std::string o =
            "{\"file\":" + u8codec::jsonString(file.file) +
            ",\"offset\":" + std::to_string(f.offset) + ",\"length\":" + std::to_string(f.length) +
            ",\"line\":" + std::to_string(f.line) + ",\"column\":" + std::to_string(f.column) +
            ",\"kind\":" + u8codec::jsonString(u8convert::kindName(f)) + ",\"cp\":";
        appendCodePoints(o, f);
        if (f.kind == AuditKind::InvalidUtf8)
            o += ",\"bytes\":" + u8codec::jsonString(describeFindingCharacters(f));
        if (!f.lookalike.empty())
            o += ",\"lookalike\":" + u8codec::jsonString(f.lookalike);
        o += ",\"message\":" + u8codec::jsonString(f.message) +
             ",\"fingerprint\":" + u8codec::jsonString(fingerprint) + "}";
        printOut("%s\n", o.c_str());
    }
    void endFile(const AuditTally& file) override {
        std::string o = "{\"summary\":{\"file\":" + u8codec::jsonString(file.file) +
                        ",\"profile\":" + u8codec::jsonString(u8convert::name(file.profile)) +
                        ",\"profileReason\":" + u8codec::jsonString(file.profileReason) +
                        ",\"findings\":" + std::to_string(file.findings) +
                        (file.baselined ? ",\"baselined\":" + std::to_string(file.baselined) : "") +
                        ",\"kinds\":{";
        bool first = true;
        for (const auto& [kind, n] : file.byKind) {
            if (!first)
                o += ',';
            o += u8codec::jsonString(kind);
            o += ':';
            o += std::to_string(n);
            first = false;
        }
        o += '}';
        if (!file.notShown.empty()) {
            o += ",\"notShown\":{";
            for (const auto& [kind, n] : file.notShown)
                o.append(o.back() == '{' ? "" : ",")
                    .append(u8codec::jsonString(kind))
                    .append(":")
                    .append(std::to_string(n));
            o += '}';
        }
        o += ",\"unicodeVersion\":" + u8codec::jsonString(u8convert::unicodeVersion()) + "}}";
        printOut("%s\n", o.c_str());
    }
    void finish(bool) override {}
};

} // namespace

std::string notShownText(const AuditTally& file) {
    std::string text;
    for (const auto& [kind, n] : file.notShown)
        text += shownName(file.file) + ": " + std::to_string(n) + " more " + kind + " finding" +
                (n == 1 ? "" : "s") + " not shown (--max-findings " +
                std::to_string(file.maxFindings) + ")\n";
    return text;
}

std::unique_ptr<AuditOutput> makeHumanAuditOutput() {
    return std::make_unique<HumanOutput>();
}

std::unique_ptr<AuditOutput> makeJsonAuditOutput() {
    return std::make_unique<JsonOutput>();
}

} // namespace u8cli
