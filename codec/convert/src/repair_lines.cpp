// Repair line by line (repair_lines.h): the input read in blocks, cut after each LF, each line
// given to repair() alone.
#include "u8convert/repair_lines.h"

#include <algorithm>
#include <cstring>
#include <string>
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
    std::string line; // the line read so far (a line may span blocks)
    std::uint64_t offset = 0, lineStart = 0;
    const auto repairLine = [&]() -> bool {
        RepairResult r = repair(std::move(line), lineStart == 0 ? first : later);
        line.clear();
        if (!r.ok) {
            result.error = "in the line at offset " + std::to_string(lineStart) + ": " + r.error;
            result.cancelled = r.cancelled;
            return false;
        }
        reports.add(std::move(r.report), lineStart);
        if (!r.text.empty() && !sink.write(r.text)) {
            result.error = "the output could not be written";
            return false;
        }
        return true;
    };
    for (;;) {
        const std::size_t got = input.read(offset, block);
        if (got == 0)
            break;
        std::size_t at = 0;
        while (at < got) {
            const auto* lf =
                static_cast<const std::uint8_t*>(std::memchr(block.data() + at, '\n', got - at));
            const std::size_t end = lf ? std::size_t(lf - block.data()) + 1 : got;
            line.append(reinterpret_cast<const char*>(block.data() + at), end - at);
            at = end;
            if (lf) {
                if (!repairLine())
                    return result;
                lineStart = offset + at;
            }
        }
        offset += got;
        if (options.progress && !options.progress(offset, std::max(size, offset))) {
            result.cancelled = true;
            result.error = "cancelled";
            return result;
        }
    }
    if (!line.empty() && !repairLine())
        return result;
    if (offset != size || input.currentSize() != std::optional<std::uint64_t>(offset)) {
        result.error = "the input changed while it was being repaired";
        return result;
    }
    result.ok = true;
    result.report = reports.take();
    return result;
}

} // namespace u8convert
