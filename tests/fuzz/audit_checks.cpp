// The audit's fuzz check (fuzz_checks.h: checkAudit).
#include "fuzz_checks.h"
#include "u8codec/problem.h"
#include "u8convert/audit.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace u8fuzz {

namespace {

std::string describe(const u8convert::AuditFinding& f) {
    std::string s = std::string(u8convert::kindName(f)) + "@" + std::to_string(f.offset) + "+" +
                    std::to_string(f.length) + " " + std::to_string(f.line) + ":" +
                    std::to_string(f.column) + " [";
    for (char32_t cp : f.codePoints)
        s += std::to_string(std::uint32_t(cp)) + " ";
    return s + "] " + f.message + " | " + f.lookalike;
}

// The findings of `data` fed in pieces of `step` bytes (0: whole).
std::vector<std::string> findings(std::span<const std::uint8_t> data,
                                  const u8convert::AuditOptions& options, std::size_t step) {
    std::vector<std::string> out;
    u8convert::Auditor auditor(options);
    const auto keep = [&](const u8convert::AuditFinding& f) { out.push_back(describe(f)); };
    for (std::size_t pos = 0; pos < data.size();) {
        const std::size_t n = step == 0 ? data.size() - pos : std::min(step, data.size() - pos);
        auditor.feed(data.subspan(pos, n), keep);
        pos += n;
    }
    auditor.finish(keep);
    return out;
}

// Every comment and string form the code lexer knows at once (audit_syntax.h): #, --, POD,
// heredocs, Perl's q{}, character literals, strings across lines, beside // and /* */.
u8convert::CodeSyntax scriptingSyntax() {
    u8convert::CodeSyntax s;
    s.hashComments = s.dashComments = s.quotesSpanLines = s.docBlocks = s.heredocs = s.perlQuotes =
        s.charQuotes = true;
    return s;
}

} // namespace

std::string checkAudit(std::span<const std::uint8_t> data) {
    // The first byte chooses a chunk size besides byte by byte.
    const std::size_t step = data.empty() ? 1 : 1 + data[0] % 97;
    std::vector<u8codec::Problem> problems;
    u8codec::ProblemScanner scanner;
    const auto keepProblem = [&](const u8codec::Problem& p) { problems.push_back(p); };
    scanner.feed(data, keepProblem);
    scanner.finish(keepProblem);
    const std::pair<u8convert::AuditProfile, u8convert::CodeSyntax> variants[] = {
        {u8convert::AuditProfile::Code, {}},
        {u8convert::AuditProfile::Text, {}},
        {u8convert::AuditProfile::Code, scriptingSyntax()}};
    for (const auto& [profile, syntax] : variants) {
        u8convert::AuditOptions options;
        options.profile = profile;
        options.syntax = syntax;
        const auto all = u8convert::audit(data, options);
        std::size_t invalid = 0;
        for (std::size_t i = 0; i < all.size(); ++i) {
            const auto& f = all[i];
            if (f.end() > data.size() || f.length == 0 || f.message.empty())
                return "finding outside the data or empty: " + describe(f);
            if (i > 0 && all[i - 1].offset > f.offset)
                return "findings out of order: " + describe(all[i - 1]) + " / " + describe(f);
            if (f.kind == u8convert::AuditKind::InvalidUtf8) {
                if (invalid >= problems.size() || problems[invalid].offset != f.offset ||
                    problems[invalid].length != f.length)
                    return "ill-formed UTF-8 reported unlike the ProblemScanner: " + describe(f);
                ++invalid;
            }
        }
        if (invalid != problems.size())
            return "the audit reports " + std::to_string(invalid) + " problems, the scanner " +
                   std::to_string(problems.size());
        const auto whole = findings(data, options, 0);
        for (const std::size_t s : {std::size_t(1), step}) {
            const auto chunked = findings(data, options, s);
            if (chunked != whole) {
                std::size_t i = 0;
                while (i < chunked.size() && i < whole.size() && chunked[i] == whole[i])
                    ++i;
                return "chunks of " + std::to_string(s) + " differ at finding " +
                       std::to_string(i) + ": " + (i < whole.size() ? whole[i] : "(none)") + " / " +
                       (i < chunked.size() ? chunked[i] : "(none)");
            }
        }
    }
    return {};
}

std::string checkAuditFast(std::span<const std::uint8_t> data) {
    // Capped: the audit's cost grows with the findings, and short inputs reach its branches.
    data = data.first(std::min<std::size_t>(data.size(), kAuditFastMaxBytes));
    if (data.empty())
        return {};
    u8convert::AuditOptions options;
    options.profile = data[0] & 1 ? u8convert::AuditProfile::Text : u8convert::AuditProfile::Code;
    if (data[0] & 2)
        options.syntax = scriptingSyntax();
    const auto whole = findings(data, options, 0);
    // One chunking the data chooses; byte by byte, the costliest, for one input in sixteen.
    const std::size_t step = 1 + data[data.size() / 2] % 61;
    const bool byteByByte = (data.size() + data[data.size() - 1]) % 16 == 0;
    for (const std::size_t s : {step, byteByByte ? std::size_t(1) : step})
        if (findings(data, options, s) != whole)
            return "chunks of " + std::to_string(s) + " give other findings";
    return {};
}

} // namespace u8fuzz
