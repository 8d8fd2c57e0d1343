// Repair line by line (repair_lines.h): the input read in blocks, cut after each LF, each line
// given to repair() alone, the lines of a block on all cores.
#include "u8convert/repair_lines.h"

#include "u8convert/on_cores.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace u8convert {
using namespace u8codec;

namespace {

// The reports of the lines added into one.
class LineReports {
public:
    explicit LineReports(const RepairOptions& options) : cap_(options.maxReportedChanges) {}

    void add(RepairReport&& line, std::uint64_t lineOffset) {
        for (std::size_t k = 0; k < line.counts.size(); ++k)
            total_.counts[k] += line.counts[k];
        total_.inputBytes += line.inputBytes;
        total_.outputBytes += line.outputBytes;
        total_.lineEndings.lf += line.lineEndings.lf;
        total_.lineEndings.crlf += line.lineEndings.crlf;
        total_.lineEndings.cr += line.lineEndings.cr;
        for (RepairChange& c : line.changes) {
            if (total_.changes.size() >= cap_)
                break;
            c.offset += lineOffset;
            c.pass = 0;
            c.passOffset = c.offset;
            total_.changes.push_back(std::move(c));
        }
    }
    RepairReport take() { return std::move(total_); }

private:
    std::size_t cap_;
    RepairReport total_;
};

// The options for the line at `offset`: a BOM is added before the first line only.
RepairOptions optionsForLine(const RepairOptions& options, std::uint64_t offset) {
    RepairOptions line = options;
    line.progress = nullptr;
    if (offset != 0 && line.bom == BomAction::Add)
        line.bom = BomAction::Strip;
    return line;
}

// The lines of a batch of whole lines, repaired on the codec's threads and handed on in order.
// Lines are independent (each is judged alone), so a batch of them is cut into slices, one
// slice a task: a 1-million-row CSV takes all cores, as the Python module's lists do.
class LineBatch {
public:
    LineBatch(const RepairOptions& first, const RepairOptions& later)
        : first_(first), later_(later) {}

    // Repairs the lines of `text` (each ending after its LF but perhaps the last), the first of
    // which starts at `offset` in the input.
    void repair(std::string_view text, std::uint64_t offset) {
        lines_.clear();
        for (std::size_t at = 0; at < text.size();) {
            const std::size_t lf = text.find('\n', at);
            const std::size_t end = lf == std::string_view::npos ? text.size() : lf + 1;
            lines_.push_back({offset + at, text.substr(at, end - at)});
            at = end;
        }
        results_.resize(lines_.size());
        const std::size_t slices = std::min<std::size_t>(lines_.size(), kSlices);
        runOnCores(slices, [&](std::size_t k) {
            for (std::size_t i = k * lines_.size() / slices; i < (k + 1) * lines_.size() / slices;
                 ++i)
                results_[i] = u8convert::repair(std::string(lines_[i].text),
                                                lines_[i].offset == 0 ? first_ : later_);
        });
    }

    // f(offset, result) for each line, in order, while f returns true.
    template <typename F> bool forEach(F&& f) {
        for (std::size_t i = 0; i < lines_.size(); ++i)
            if (!f(lines_[i].offset, results_[i]))
                return false;
        return true;
    }

private:
    // Enough slices for the threads to share the work evenly, few enough that a slice's
    // hand-over costs nothing next to its lines.
    static constexpr std::size_t kSlices = 64;
    struct Line {
        std::uint64_t offset;
        std::string_view text;
    };
    const RepairOptions& first_;
    const RepairOptions& later_;
    std::vector<Line> lines_;
    std::vector<RepairResult> results_;
};

} // namespace

RepairResult repairLineByLine(const ByteSource& input, const RepairSink& sink,
                              const RepairOptions& options) {
    RepairResult result;
    LineReports reports(options);
    const RepairOptions first = optionsForLine(options, 0);
    const RepairOptions later = optionsForLine(options, 1);
    const std::uint64_t size = input.size();
    constexpr std::size_t kBlock = std::size_t(1) << 20;
    std::vector<std::uint8_t> block(kBlock);
    // The lines read and not yet repaired, from the input's offset `pendingStart`: whole lines
    // are repaired a block at a time, a line cut by the block's end waits for the rest.
    std::string pending;
    std::uint64_t offset = 0, pendingStart = 0;
    LineBatch batch(first, later);
    const auto handOn = [&](std::uint64_t lineStart, RepairResult& r) {
        if (!r.status.ok()) {
            result.status = {r.status.error().code, "in the line at offset " +
                                                        std::to_string(lineStart) + ": " +
                                                        r.status.message()};
            return false;
        }
        reports.add(std::move(r.report), lineStart);
        if (!r.text.empty() && !sink.write(r.text)) {
            result.status = {u8codec::ErrorCode::Io, "the output could not be written"};
            return false;
        }
        return true;
    };
    // Repairs and hands on pending[0, end).
    const auto repairPending = [&](std::size_t end) {
        batch.repair(std::string_view(pending).substr(0, end), pendingStart);
        if (!batch.forEach(handOn))
            return false;
        pending.erase(0, end);
        pendingStart += end;
        return true;
    };
    for (;;) {
        const std::size_t got = input.read(offset, block);
        if (got == 0)
            break;
        pending.append(reinterpret_cast<const char*>(block.data()), got);
        offset += got;
        const std::size_t lastLf = pending.rfind('\n');
        if (lastLf != std::string::npos && !repairPending(lastLf + 1))
            return result;
        if (options.progress && !options.progress(offset, std::max(size, offset))) {
            result.status = {u8codec::ErrorCode::Cancelled, "cancelled"};
            return result;
        }
    }
    if (!pending.empty() && !repairPending(pending.size()))
        return result;
    if (offset != size || input.currentSize() != std::optional<std::uint64_t>(offset)) {
        result.status = {u8codec::ErrorCode::Changed,
                         "the input changed while it was being repaired"};
        return result;
    }
    result.report = reports.take();
    return result;
}

} // namespace u8convert
