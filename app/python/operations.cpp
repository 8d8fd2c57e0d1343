#include "operations.h"

#include "u8codec/byte_source.h"
#include "u8codec/problem.h"
#include "u8codec/problem_locator.h"
#include "u8codec/segmenter.h"
#include "u8convert/mojibake.h"
#include "u8convert/repair_lines.h"
#include "u8convert/transcode.h"

#include <algorithm>
#include <span>

namespace u8py {
namespace {

std::span<const std::uint8_t> bytesOf(const std::string& s) {
    return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

[[noreturn]] void unknown(const std::string& what, const std::string& value,
                          const std::string& known) {
    throw CodecError("unknown " + what + " '" + value + "' (" + known + ")");
}

std::vector<u8convert::CodePage> pagesOf(const std::vector<std::string>& names) {
    std::vector<u8convert::CodePage> pages;
    for (const std::string& n : names) {
        const auto cp = u8convert::codePageFromName(n);
        if (!cp) {
            std::string known;
            for (const u8convert::CodePage p : u8convert::allCodePages())
                known += (known.empty() ? "" : ", ") + std::string(name(p));
            unknown("code page", n, "known: " + known);
        }
        if (std::find(pages.begin(), pages.end(), *cp) == pages.end())
            pages.push_back(*cp);
    }
    return pages;
}

CheckedProblem checkedProblem(const u8codec::LocatedProblem& located) {
    const u8codec::Problem& p = located.problem;
    const auto head = p.headBytes();
    return {.offset = p.offset,
            .length = p.length,
            .kind = std::string(name(p.kind)),
            .line = located.line,
            .column = located.column,
            .explanation = u8codec::explain(p),
            .message = u8codec::oneLine(p),
            .bytes = std::string(head.begin(), head.end())};
}

} // namespace

// The segments, their positions and their grouping into problems, as `check` reports an invalid
// file (app/cli/problem_reporter.cpp): every problem is counted, the first maxProblems located.
CheckReport checkBytes(const std::string& data, std::size_t maxProblems) {
    CheckReport report;
    u8codec::Segmenter segmenter;
    u8codec::ProblemScanner scanner;
    u8codec::ProblemLocator locator;
    u8codec::TextPosition position;
    const auto onProblem = [&](const u8codec::Problem& p) {
        const u8codec::LocatedProblem located = locator.locate(p);
        if (report.problems.size() < maxProblems)
            report.problems.push_back(checkedProblem(located));
        ++report.problemCount;
    };
    const auto onSegment = [&](const u8codec::Segment& s, std::span<const std::uint8_t> b) {
        locator.onSegment(s, position.line, position.column);
        scanner.onSegment(s, b, onProblem);
        position.advance(s);
    };
    segmenter.feed(bytesOf(data), onSegment);
    segmenter.finish(onSegment);
    scanner.finish(onProblem);
    report.valid = report.problemCount == 0;
    return report;
}

// The CLI's option rules (app/cli/cmd_repair.cpp, repairOptionsOf()), by the same names.
u8convert::RepairOptions repairOptionsOf(const RepairRequest& r) {
    u8convert::RepairOptions options;
    const auto policy = u8codec::errorPolicyFromName(r.invalid == "drop" ? "ignore" : r.invalid);
    if (!policy || r.invalid == "ignore")
        unknown("invalid policy", r.invalid, "replace, drop, cp1252, latin1 or strict");
    options.invalid = *policy;
    options.mojibake = r.mojibake;
    if (!r.pages.empty()) {
        options.mojibakeOptions.codePages = pagesOf(r.pages);
        options.mojibakeOptions.assumedPages = options.mojibakeOptions.codePages;
    }
    options.cesu = r.cesu;
    const auto bom = u8convert::bomActionFromName(r.bom);
    if (!bom)
        unknown("bom action", r.bom, "keep, strip or add");
    options.bom = *bom;
    if (r.c1) {
        const auto c1 = u8convert::c1ActionFromName(*r.c1);
        if (!c1)
            unknown("c1 action", *r.c1, "keep or cp1252");
        options.c1 = *c1;
    } else if (r.mojibake) {
        // As the CLI: a C1 control left in text that shows mojibake is windows-1252 punctuation.
        options.c1 = u8convert::C1Action::Cp1252;
    }
    if (r.newlines == "lf")
        options.lineEnding = u8convert::LineEnding::Lf;
    else if (r.newlines == "crlf")
        options.lineEnding = u8convert::LineEnding::CrLf;
    else if (r.newlines != "keep")
        unknown("newlines value", r.newlines, "keep, lf or crlf");
    if (r.normalize) {
        options.normalForm = u8convert::normalFormFromName(*r.normalize);
        if (!options.normalForm)
            unknown("normal form", *r.normalize, "nfc or nfd");
    }
    return options;
}

RepairScope repairScopeOf(const std::string& name) {
    if (name == "text")
        return RepairScope::Text;
    if (name == "line")
        return RepairScope::Line;
    unknown("scope", name, "text or line");
}

u8convert::RepairResult repairBytes(const std::string& data,
                                    const u8convert::RepairOptions& options, RepairScope scope) {
    u8convert::RepairResult result;
    if (scope == RepairScope::Line) {
        // As `repair --scope=line`: each line repaired on its own (repair_lines.h).
        const u8codec::MemorySource source(std::vector<std::uint8_t>(data.begin(), data.end()));
        std::string text;
        u8convert::RepairSink sink;
        sink.write = [&text](std::string_view piece) {
            text += piece;
            return true;
        };
        result = u8convert::repairLineByLine(source, sink, options);
        result.text = std::move(text);
    } else {
        result = u8convert::repair(bytesOf(data), options);
    }
    if (!result.status.ok())
        throw CodecError(result.status.message());
    return result;
}

// The CLI's audit settings (app/cli/cmd_audit.cpp, auditFile()) for one value in memory.
AuditSetup auditSetupOf(const AuditRequest& r) {
    AuditSetup setup;
    u8convert::AuditOptions& options = setup.options;
    if (r.profile) {
        const auto profile = u8convert::auditProfileFromName(*r.profile);
        if (!profile)
            unknown("profile", *r.profile, "code or text");
        options.profile = *profile;
        setup.profileReason = "--profile";
    } else {
        options.profile = u8convert::profileForFileName(r.fileName, &setup.profileReason);
    }
    options.kinds = u8convert::defaultAuditKinds(options.profile);
    if (r.kinds) {
        options.kinds = 0;
        for (const std::string& k : *r.kinds) {
            const auto kind = u8convert::auditKindFromName(k);
            if (!kind) {
                std::string known;
                for (int i = 0; i < u8convert::kAuditKindCount; ++i)
                    known += (i ? ", " : "") + std::string(name(u8convert::AuditKind(i)));
                unknown("kind", k, "kinds: " + known);
            }
            options.kinds |= u8convert::kindBit(*kind);
        }
    }
    if (!r.fileName.empty())
        options.syntax = u8convert::codeSyntaxForFileName(r.fileName);
    if (!r.allow.empty()) {
        auto allow = u8convert::parseAllowlist(r.allow, "allow");
        if (!allow.ok())
            throw CodecError("allowlist " + allow.message());
        options.allowlist = std::move(allow->set);
        options.allowedWords = std::move(allow->words);
    }
    return setup;
}

std::vector<u8convert::AuditFinding> auditBytes(const std::string& data,
                                                const u8convert::AuditOptions& options) {
    return u8convert::audit(bytesOf(data), options);
}

u8convert::Detection detectBytes(const std::string& data) {
    return u8convert::detectEncoding(bytesOf(data));
}

std::string transcodeBytes(const std::string& data, const TranscodeRequest& r) {
    u8convert::TranscodeOptions options;
    const auto policy = u8convert::unmappablePolicyFromName(r.unmappable);
    if (!policy)
        unknown("unmappable policy", r.unmappable, "fail, substitute or escape");
    options.unmappable = *policy;
    const auto style = u8convert::escapeStyleFromName(r.escape);
    if (!style)
        unknown("escape style", r.escape, "xml-hex, xml-dec, java, c, unicode or icu");
    options.escape = *style;
    options.addSignature = r.addSignature;
    u8convert::TranscodeResult result = u8convert::transcode(bytesOf(data), r.from, r.to, options);
    if (!result.status.ok())
        throw CodecError(result.status.message());
    return std::move(result.output);
}

} // namespace u8py
