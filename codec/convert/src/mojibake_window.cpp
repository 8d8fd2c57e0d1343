// The mojibake repair of a text seen one window at a time (mojibake_window.h): the passes of
// repairMojibake() over a window, and its assembly from a window's record.
#include "mojibake_window.h"

#include "mojibake_assemble.h"
#include "record_bytes.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace u8convert::detail::mojibake {
using namespace u8codec;

namespace {

// A pass over the window's bytes, cut into parts as repairMojibake() cuts a text (by its size and
// the CPU's cores): the result does not depend on the cut. Part k judges with the memo `memos`
// holds for it, if any.
std::vector<Part> passOver(TextWindow window, Pass& pass, PassMemos* memos) {
    std::vector<Part> parts =
        cutIntoParts(window.bytes, partsFor(window.length(), 0), window.length());
    if (memos)
        for (std::size_t k = 0; k < parts.size() && k < memos->size(); ++k)
            parts[k].memo = std::move((*memos)[k]);
    runPass(window.bytes, pass, parts);
    return parts;
}

// After the pass (and the record, whose fixes point at the memos' decisions): the memos back for
// the next window, those worth keeping.
void handOn(std::vector<Part>& parts, PassMemos* memos) {
    if (!memos)
        return;
    memos->resize(std::max(memos->size(), parts.size()));
    for (std::size_t k = 0; k < parts.size(); ++k)
        (*memos)[k] = parts[k].memo.worthKeeping() ? std::move(parts[k].memo) : RunMemo();
}

// The flags of a decision in its record.
enum : std::uint8_t { kEveryUsesLost = 1, kLostNbsp = 2, kLostUndefined = 4 };

// Each fix's decision's index among a record's decisions, first met first. A window of damaged
// text has a hundred thousand fixes and a few thousand decisions (the memo's): a table of
// pointers with open addressing, at most half full, instead of std::unordered_map's nodes (a
// fifteenth of the fixes' pass).
class DecisionIndex {
public:
    // The index of `d`, which is `decisions`'s size, appended to it, when `d` is new.
    std::uint64_t of(const Decision* d, std::vector<const Decision*>& decisions) {
        if (2 * (decisions.size() + 1) > table_.size())
            grow(decisions);
        std::size_t i = slot(d);
        while (table_[i].first && table_[i].first != d)
            i = (i + 1) & (table_.size() - 1);
        if (!table_[i].first) {
            table_[i] = {d, decisions.size()};
            decisions.push_back(d);
        }
        return table_[i].second;
    }

private:
    // Fibonacci hashing: the top bits of the address times 2^64 / the golden ratio.
    std::size_t slot(const Decision* d) const {
        return std::size_t(
            (std::uint64_t(reinterpret_cast<std::uintptr_t>(d)) * 0x9E3779B97F4A7C15u) >>
            (64 - bits_));
    }
    void grow(const std::vector<const Decision*>& decisions) {
        ++bits_;
        table_.assign(std::size_t(1) << bits_, {nullptr, 0});
        for (std::size_t k = 0; k < decisions.size(); ++k) {
            std::size_t i = slot(decisions[k]);
            while (table_[i].first)
                i = (i + 1) & (table_.size() - 1);
            table_[i] = {decisions[k], k};
        }
    }

    unsigned bits_ = 9;
    std::vector<std::pair<const Decision*, std::uint64_t>> table_ =
        std::vector<std::pair<const Decision*, std::uint64_t>>(std::size_t(1) << 9);
};

// A record: the decisions the window's fixes took (each once), then per part of the pass its end
// and its fixes, each its offset after the one before and the index of its decision. Everything
// the assembly and the report of a fix read of its decision (made(), Part::count(), reportOf()),
// nothing the judging needed. The parts are kept so that the assembly writes them on threads of
// their own, as repairMojibake()'s does.
void writeRecord(const std::vector<Part>& parts, std::string& record) {
    std::size_t fixes = 0;
    for (const Part& part : parts)
        fixes += part.accepted.size();
    DecisionIndex index;
    std::vector<std::uint64_t> indexOf;
    indexOf.reserve(fixes);
    std::vector<const Decision*> decisions;
    for (const Part& part : parts)
        for (const Accepted& a : part.accepted)
            indexOf.push_back(index.of(a.decision, decisions));
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
    std::size_t previous = 0, fix = 0;
    for (const Part& part : parts) {
        appendVarint(record, part.end);
        appendVarint(record, part.accepted.size());
        for (const Accepted& a : part.accepted) {
            appendVarint(record, a.offset - previous);
            appendVarint(record, indexOf[fix++]);
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
                     const std::vector<ByteSpan>* only, Evidence& credits, PassMemos* memos) {
    Pass pass(options, {.evidence = nullptr,
                        .wellFormed = true,
                        .collect = false,
                        .progressBase = 0,
                        .progressTotal = window.length(),
                        .only = only,
                        .shortText = options.length == MojibakeOptions::Length::Short});
    std::vector<Part> parts = passOver(window, pass, memos);
    credits = evidenceOf(parts, credits);
    creditLostNbsp(window.bytes, window.length(), options, credits);
    handOn(parts, memos);
    return !pass.cancelled();
}

bool decideIn(TextWindow window, const MojibakeOptions& options, const std::vector<ByteSpan>* only,
              const Evidence& evidence, Evidence& credits, FixCounts& counts, std::string& record,
              PassMemos* memos) {
    Pass pass(options, {.evidence = &evidence,
                        .wellFormed = true,
                        .collect = true,
                        .progressBase = 0,
                        .progressTotal = window.length(),
                        .only = only,
                        .shortText = options.length == MojibakeOptions::Length::Short});
    std::vector<Part> parts = passOver(window, pass, memos);
    if (pass.cancelled())
        return false;
    credits = evidenceOf(parts, credits);
    for (const Part& part : parts)
        counts.add(part.counts);
    writeRecord(parts, record);
    handOn(parts, memos);
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

} // namespace u8convert::detail::mojibake
