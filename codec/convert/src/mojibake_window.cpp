// The mojibake repair of a text seen one window at a time (mojibake_window.h): the passes of
// repairMojibake() over a window, and its assembly from a window's record.
#include "mojibake_window.h"

#include "mojibake_assemble.h"
#include "record_bytes.h"

#include <unordered_map>

namespace u8codec::detail::mojibake {

namespace {

// A pass over the window's bytes, cut into parts as repairMojibake() cuts a text (by its size and
// the CPU's cores): the result does not depend on the cut.
std::vector<Part> passOver(TextWindow window, Pass& pass) {
    std::vector<Part> parts =
        cutIntoParts(window.bytes, partsFor(window.length(), 0), window.length());
    runPass(window.bytes, pass, parts);
    return parts;
}

// The flags of a decision in its record.
enum : std::uint8_t { kEveryUsesLost = 1, kLostNbsp = 2, kLostUndefined = 4 };

// A record: the decisions the window's fixes took (each once), then per part of the pass its end
// and its fixes, each its offset after the one before and the index of its decision. Everything
// the assembly and the report of a fix read of its decision (made(), Part::count(), reportOf()),
// nothing the judging needed. The parts are kept so that the assembly writes them on threads of
// their own, as repairMojibake()'s does.
void writeRecord(const std::vector<Part>& parts, std::string& record) {
    std::unordered_map<const Decision*, std::uint64_t> index;
    std::vector<const Decision*> decisions;
    for (const Part& part : parts) {
        for (const Accepted& a : part.accepted)
            if (index.emplace(a.decision, decisions.size()).second)
                decisions.push_back(a.decision);
    }
    appendVarint(record, decisions.size());
    for (const Decision* d : decisions) {
        appendVarint(record, d->damagedLength);
        record +=
            char((d->cand.everyUsesLost ? kEveryUsesLost : 0) | (d->cand.lostNbsp ? kLostNbsp : 0) |
                 (d->cand.lostUndefined ? kLostUndefined : 0));
        // The gain is never below 0 (a repair reads at least as well as its source), but the
        // record keeps any int: zigzag, as Protocol Buffers' sint.
        appendVarint(record, (std::uint64_t(std::int64_t(d->gain)) << 1) ^
                                 std::uint64_t(std::int64_t(d->gain) >> 63));
        record += char(d->steps.size());
        for (CodePage cp : d->steps)
            record += char(cp);
        appendBytes(record, d->repairedUtf8);
    }
    appendVarint(record, parts.size());
    std::size_t previous = 0;
    for (const Part& part : parts) {
        appendVarint(record, part.end);
        appendVarint(record, part.accepted.size());
        for (const Accepted& a : part.accepted) {
            appendVarint(record, a.offset - previous);
            appendVarint(record, index[a.decision]);
            previous = a.offset;
        }
    }
}

// The decisions of a record, as the memo keeps them (completeFix()).
bool readDecisions(RecordReader& in, std::vector<Decision>& decisions) {
    const std::uint64_t count = in.varint();
    if (!in.ok() || count > (std::uint64_t(1) << 32))
        return false;
    decisions.resize(std::size_t(count));
    for (Decision& d : decisions) {
        d.damagedLength = std::size_t(in.varint());
        const std::uint8_t flags = in.byte();
        d.cand.everyUsesLost = flags & kEveryUsesLost;
        d.cand.lostNbsp = flags & kLostNbsp;
        d.cand.lostUndefined = flags & kLostUndefined;
        const std::uint64_t zigzag = in.varint();
        d.gain = int(std::int64_t(zigzag >> 1) ^ -std::int64_t(zigzag & 1));
        const std::uint8_t steps = in.byte();
        for (std::uint8_t k = 0; k < steps; ++k) {
            const std::uint8_t cp = in.byte();
            if (cp >= kCodePageCount)
                return false;
            d.steps.push_back(CodePage(cp));
        }
        if (steps == 0)
            return false;
        d.repairedUtf8 = std::string(in.bytes());
        d.repairedAscii = std::any_of(d.repairedUtf8.begin(), d.repairedUtf8.end(),
                                      [](char c) { return std::uint8_t(c) < 0x80; });
        std::copy_n(d.repairedUtf8.begin(), std::min(d.repairedHead.size(), d.repairedUtf8.size()),
                    d.repairedHead.begin());
        if (!in.ok())
            return false;
    }
    return true;
}

} // namespace

bool countEvidenceIn(TextWindow window, const MojibakeOptions& options,
                     const std::vector<ByteSpan>* only, Evidence& credits) {
    Pass pass(options, {.evidence = nullptr,
                        .wellFormed = true,
                        .collect = false,
                        .progressBase = 0,
                        .progressTotal = window.length(),
                        .only = only});
    const std::vector<Part> parts = passOver(window, pass);
    credits = evidenceOf(parts, credits);
    return !pass.cancelled();
}

bool decideIn(TextWindow window, const MojibakeOptions& options, const std::vector<ByteSpan>* only,
              const Evidence& evidence, Evidence& credits, FixCounts& counts, std::string& record) {
    Pass pass(options, {.evidence = &evidence,
                        .wellFormed = true,
                        .collect = true,
                        .progressBase = 0,
                        .progressTotal = window.length(),
                        .only = only});
    const std::vector<Part> parts = passOver(window, pass);
    if (pass.cancelled())
        return false;
    credits = evidenceOf(parts, credits);
    for (const Part& part : parts)
        counts.add(part.counts);
    writeRecord(parts, record);
    return true;
}

bool assembleFrom(TextWindow window, std::string_view record, const Evidence& confident,
                  const MojibakeOptions& options, const MojibakeRun& run, MojibakeResult& result) {
    RecordReader in(record);
    std::vector<Decision> decisions;
    if (!readDecisions(in, decisions))
        return false;
    const std::uint64_t partCount = in.varint();
    if (!in.ok() || partCount == 0 || partCount > window.length() + 1)
        return false;
    std::vector<Part> parts;
    parts.reserve(std::size_t(partCount));
    std::uint64_t offset = 0;
    for (std::uint64_t k = 0; k < partCount; ++k) {
        const std::uint64_t begin = parts.empty() ? 0 : parts.back().end;
        const std::uint64_t end = in.varint();
        const std::uint64_t fixes = in.varint();
        if (!in.ok() || end < begin || end > window.length() || fixes > end - begin)
            return false;
        Part& part = parts.emplace_back(std::size_t(begin), std::size_t(end));
        part.accepted.reserve(std::size_t(fixes));
        for (std::uint64_t f = 0; f < fixes; ++f) {
            offset += in.varint();
            const std::uint64_t d = in.varint();
            if (!in.ok() || d >= decisions.size() || offset < begin ||
                offset + decisions[std::size_t(d)].damagedLength > end)
                return false;
            part.accepted.push_back({std::size_t(offset), &decisions[std::size_t(d)]});
            part.count(decisions[std::size_t(d)], 1);
        }
    }
    if (!in.atEnd() || parts.back().end != window.length())
        return false;
    assemble(window.bytes, parts, confident, options, run, result);
    return true;
}

} // namespace u8codec::detail::mojibake
