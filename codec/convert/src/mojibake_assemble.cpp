// The assembly of a mojibake repair's result (mojibake_assemble.h): each part's output written
// by a thread of its own where the counts kept while accepting put it.
#include "mojibake_assemble.h"

#include "mojibake_runs.h"
#include "mojibake_sieve.h"

#include <algorithm>
#include <cstring>
#include <exception>
#include <span>
#include <string>

namespace u8convert::detail::mojibake {
using namespace u8codec;

namespace {

// Copies n bytes to `out` and returns out + n. The pieces of an assembled repair are short (the
// text between two fixes, a fix): copied 16 or 8 bytes at a time, the last piece overlapping,
// without a call.
char* copyShort(char* out, const char* from, std::size_t n) {
    if (n > 256) { // a long stretch between fixes: the library's copy is faster there
        std::memcpy(out, from, n);
        return out + n;
    }
    if (n >= 16) {
        for (std::size_t i = 0; i + 16 < n; i += 16)
            std::memcpy(out + i, from + i, 16);
        std::memcpy(out + n - 16, from + n - 16, 16);
    } else if (n >= 8) {
        std::memcpy(out, from, 8);
        std::memcpy(out + n - 8, from + n - 8, 8);
    } else if (n >= 4) {
        std::memcpy(out, from, 4);
        std::memcpy(out + n - 4, from + n - 4, 4);
    } else if (n > 0) {
        out[0] = from[0];
        out[n / 2] = from[n / 2];
        out[n - 1] = from[n - 1];
    }
    return out + n;
}

// As copyShort(), where 64 bytes may be read from `from` and written to `out` (before
// `fromLimit` and `outLimit`): a piece of up to 64 bytes is copied 64 bytes at once, the bytes
// past it written over by the pieces after it. The text between two fixes varies in length, and
// a copy of its exact length mispredicts a branch for most.
char* copyPiece(char* out, const char* from, std::size_t n, const char* outLimit,
                const char* fromLimit) {
    if (n <= 64 && outLimit - out >= 64 && fromLimit - from >= 64) {
        std::memcpy(out, from, 64);
        return out + n;
    }
    return copyShort(out, from, n);
}

// Whether the fixes written into a text stand in runs (non-ASCII characters and the spaces
// between them) where the sieve finds a start under `rule`: what a later round judges
// (findRepairs(), pass.only). Asked for each fix in order; the run of the last one asked is kept,
// so a run holding several fixes is looked at once. Only the runs holding a fix are looked at:
// a start's characters lie in its run (a lost A0 is a space inside it), so the sieve's definition
// run by run finds what the sieve finds over the whole text, and prose around the fixes (in
// another script, it holds candidates all over) costs nothing.
class RunsWithStarts {
public:
    // [begin, end): the part's output; `end` is the end of the text or a byte no run holds.
    RunsWithStarts(const std::uint8_t* begin, const std::uint8_t* end, SieveRule rule)
        : begin_(begin), end_(end), rule_(rule) {}

    // Whether the byte at `at` lies in a run holding a start.
    bool at(const std::uint8_t* at) {
        if (at >= runBegin_ && at < runEnd_)
            return hasStart_;
        if (at >= end_ || (*at < 0x80 && *at != ' '))
            return false;
        // The run's first non-ASCII character: a space before it belongs to no run.
        const std::uint8_t* first = startOfRun(at, begin_, RunExtent::Run);
        if (first > at)
            return false;
        runBegin_ = first;
        runEnd_ = endOfRun(first, end_, RunExtent::Run);
        hasStart_ = nextRepairStartScalar(runBegin_, runEnd_, rule_) != runEnd_;
        return hasStart_;
    }

private:
    const std::uint8_t* const begin_;
    const std::uint8_t* const end_;
    const SieveRule rule_;
    const std::uint8_t* runBegin_ = nullptr;
    const std::uint8_t* runEnd_ = nullptr;
    bool hasStart_ = false;
};

// The assembly of one result (assemble()). Each part's thread writes its output where the counts
// kept while accepting (Part::Change) put it: text damaged throughout has a fix every few words.
class Assembly {
public:
    Assembly(std::string_view utf8, const std::vector<Part>& parts, const Evidence& confident,
             const MojibakeOptions& options, const MojibakeRun& run)
        : utf8_(utf8), parts_(parts), confident_(confident), options_(options), run_(run),
          // What the next round's sieve finds: it restores the bytes of the pages this text now
          // shows evidence of (the evidence handed on in run.evidence). Only asked where the
          // fixes written are handed on (noteWritten()): a third of the assembly of a short
          // string's repair was finding these pages for nothing.
          nextRule_(run.written ? SieveRule::lostBytes(lostBytePages(options, &confident))
                                : SieveRule::adjacent()) {
        // A short text is one part: its output kept here, not in a list of its own.
        if (parts.size() == 1) {
            outputs_ = std::span<Output>(&single_, 1);
        } else {
            many_.resize(parts.size());
            outputs_ = many_;
        }
    }

    void into(MojibakeResult& result) {
        layOut();
        result.fixCount = outputs_.back().fixesBefore + outputs_.back().fixes;
        edits_ = run_.edits && result.fixCount <= run_.maxEdits;
        if (edits_) {
            firstEdit_ = run_.edits->size();
            run_.edits->resize(firstEdit_ + result.fixCount);
        }
        writeText(result);
        if (result.fixCount != 0) {
            result.fixesByPage.assign(kCodePageCount, 0);
            for (const Output& o : outputs_)
                for (std::size_t page = 0; page < kCodePageCount; ++page)
                    result.fixesByPage[page] += o.byPage[page];
        }
        if (run_.written) {
            run_.written->clear();
            for (const Output& o : outputs_)
                run_.written->insert(run_.written->end(), o.written.begin(), o.written.end());
        }
        // The fixes reported, in one allocation (a list grown by doubling makes several).
        result.fixes.reserve(std::min<std::uint64_t>(result.fixCount, options_.maxReportedFixes));
        reportFixes(result);
    }

private:
    struct Output {
        std::size_t fixes = 0, bytes = 0;        // made, and the part's output size
        std::size_t fixesBefore = 0, offset = 0; // in the whole
        std::vector<ByteSpan> written;
        std::array<std::uint64_t, kCodePageCount> byPage{}; // MojibakeResult::fixesByPage
    };

    // Where each part's output goes, and its fixes among the whole's.
    void layOut() {
        for (std::size_t k = 0; k < parts_.size(); ++k) {
            const Part::Change c = parts_[k].counts.made(confident_);
            outputs_[k].fixes = c.fixes;
            outputs_[k].bytes = parts_[k].end - parts_[k].begin + c.bytes;
        }
        for (std::size_t k = 1; k < parts_.size(); ++k) {
            outputs_[k].fixesBefore = outputs_[k - 1].fixesBefore + outputs_[k - 1].fixes;
            outputs_[k].offset = outputs_[k - 1].offset + outputs_[k - 1].bytes;
        }
    }

    // The result's text, each part's output written by a thread of its own, with the text's
    // memory untouched before: zeroing it first on one thread would cost more than writing it
    // (docs/performance.md, "Why the code is as it is").
    void writeText(MojibakeResult& result) {
        std::exception_ptr failed; // resize_and_overwrite() must not throw
        const std::size_t resultSize = outputs_.back().offset + outputs_.back().bytes;
        // A few bytes more, which a caller may append without a copy of the text (the streamed
        // repair appends the byte after its window); a text given with room enough is reused.
        result.text.reserve(resultSize + 8);
        // The operation's second argument is not used: GCC 12's library passes the capacity it
        // allocated there (2 x 15 for a result of 18 bytes), not the size asked for.
        result.text.resize_and_overwrite(resultSize, [&](char* text, std::size_t) {
            try {
                if (parts_.size() == 1)
                    writePart(text, 0); // without onThreads()'s list of errors
                else
                    onThreads(parts_.size(), [&](std::size_t k) { writePart(text, k); });
            } catch (...) {
                failed = std::current_exception();
            }
            return resultSize;
        });
        if (failed)
            std::rethrow_exception(failed);
    }

    // Part k's output into the result's text at `begin`, its edits, and its spans written.
    void writePart(char* const begin, std::size_t k) {
        Output& o = outputs_[k];
        char* out = begin + o.offset;
        const char* const outLimit = out + o.bytes; // the next part's output follows
        const char* const inLimit = utf8_.data() + utf8_.size();
        TextEdit* edit = edits_ ? run_.edits->data() + firstEdit_ + o.fixesBefore : nullptr;
        std::size_t copied = parts_[k].begin;
        for (const Accepted& a : parts_[k].accepted) {
            const Decision& d = *a.decision;
            if (!made(d, confident_))
                continue;
            out = copyPiece(out, utf8_.data() + copied, a.offset - copied, outLimit, inLimit);
            const std::size_t repaired = d.repairedUtf8.size();
            if (repaired <= d.repairedHead.size() && outLimit - out >= 16) {
                std::memcpy(out, d.repairedHead.data(), 16);
                out += repaired;
            } else {
                out = copyShort(out, d.repairedUtf8.data(), repaired);
            }
            copied = a.offset + a.length();
            ++o.byPage[std::size_t(d.steps.back())];
            if (edit)
                *edit++ = {a.offset, a.length(), d.repairedUtf8.size()};
        }
        copyShort(out, utf8_.data() + copied, parts_[k].end - copied);
        if (run_.written)
            noteWritten(begin, k);
    }

    // Where part k's fixes stand in the result written at `begin`. A later round judges only the
    // fixes in a run where the sieve finds a start (findRepairs(), pass.only), and only those are
    // handed on; a fix that wrote an ASCII byte (Decision::repairedAscii), which may touch two
    // runs, is handed on too. Text damaged throughout has a fix in almost every word, and its
    // result almost no start.
    void noteWritten(char* const begin, std::size_t k) {
        Output& o = outputs_[k];
        const auto* text = reinterpret_cast<const std::uint8_t*>(begin);
        RunsWithStarts runs(text + o.offset, text + o.offset + o.bytes, nextRule_);
        std::uint64_t at = o.offset;
        std::size_t copied = parts_[k].begin;
        for (const Accepted& a : parts_[k].accepted) {
            const Decision& d = *a.decision;
            if (!made(d, confident_))
                continue;
            at += a.offset - copied;
            copied = a.offset + a.length();
            if (d.repairedAscii || runs.at(text + at))
                o.written.push_back({at, d.repairedUtf8.size()});
            at += d.repairedUtf8.size();
        }
    }

    // The fixes reported: the first ones.
    void reportFixes(MojibakeResult& result) const {
        for (const Part& part : parts_)
            for (const Accepted& a : part.accepted) {
                if (result.fixes.size() >= options_.maxReportedFixes)
                    break;
                const Decision& d = *a.decision;
                if (!made(d, confident_))
                    continue;
                // Written in place: a report made apart was moved in and destroyed, a fix each.
                reportInto(result.fixes.emplace_back(), utf8_, a.offset, d);
            }
    }

    const std::string_view utf8_;
    const std::vector<Part>& parts_;
    const Evidence& confident_;
    const MojibakeOptions& options_;
    const MojibakeRun& run_;
    const SieveRule nextRule_;  // where run.written is asked for
    Output single_;             // the output of a text in one part
    std::vector<Output> many_;  // ... in several
    std::span<Output> outputs_; // single_ or many_
    bool edits_ = false;        // the edits are written (run.edits, within run.maxEdits)
    std::size_t firstEdit_ = 0; // in run.edits
};

} // namespace

MojibakeFix reportOf(std::string_view utf8, std::size_t offset, const Decision& d) {
    MojibakeFix fix;
    reportInto(fix, utf8, offset, d);
    return fix;
}

void reportInto(MojibakeFix& fix, std::string_view utf8, std::size_t offset, const Decision& d) {
    fix.offset = offset;
    fix.length = d.damagedLength;
    fix.damaged.assign(utf8.substr(offset, d.damagedLength));
    fix.repaired = d.repairedUtf8;
    fix.misdecodings.assign(d.steps.rbegin(), d.steps.rend());
    fix.restoredNbsp = d.cand.lostNbsp;
    fix.restoredUndefined = d.cand.lostUndefined;
    fix.gain = d.gain;
}

void assemble(std::string_view utf8, const std::vector<Part>& parts, const Evidence& confident,
              const MojibakeOptions& options, const MojibakeRun& run, MojibakeResult& result) {
    Assembly(utf8, parts, confident, options, run).into(result);
}

} // namespace u8convert::detail::mojibake
