// repairSource() (repair_stream.h): the one entry point that chooses between the repair in memory
// and window by window, with the check that the input did not change while it was read inside it
// for both (the streamed repair checks every pass it reads; here the one read).
#include "u8codec/read_all.h"
#include "u8convert/repair_stream.h"

#include <optional>
#include <vector>

namespace u8convert {
using namespace u8codec;

namespace {

// As the streamed repair says it of the windows it reads.
constexpr const char* kShorter = "the input became shorter while it was being repaired";

RepairResult failed(ErrorCode code, std::string why) {
    RepairResult result;
    result.status = {code, std::move(why)};
    return result;
}

} // namespace

RepairResult repairSource(const ByteSource& input, const RepairSink& sink,
                          const RepairOptions& options, const StreamOptions& stream,
                          std::uint64_t inWindowsFrom) {
    if (input.size() >= inWindowsFrom)
        return repairStreamed(input, sink, options, stream);
    // Bytes already in memory are repaired where they are. A file is read to its end, whatever
    // its size said (/proc reports 0): one that ends before its size shrank, or a read failed.
    std::vector<std::uint8_t> owned;
    std::span<const std::uint8_t> bytes = input.contiguous();
    if (bytes.data() == nullptr) {
        if (readAll(input, owned) != ReadEnd::Whole)
            return failed(ErrorCode::Changed, kShorter);
        bytes = owned;
    }
    RepairResult result = repair(bytes, options);
    owned = {};
    if (result.status.ok() && !sink.write(result.text))
        result.status = {ErrorCode::Io, "the output could not be written"};
    result.text = {};
    return result;
}

} // namespace u8convert
