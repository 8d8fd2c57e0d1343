#include "replace_search.h"

#include "background_job.h"

namespace u8app {

std::optional<std::vector<u8doc::DocumentHistory::Splice>>
gatherReplacements(const u8codec::ByteSource& source, const u8doc::FindEngine& engine,
                   const QByteArray& with, JobControl& control, std::size_t limit, bool* more) {
    if (more)
        *more = false;
    std::vector<u8doc::DocumentHistory::Splice> splices;
    const std::uint64_t size = source.size();
    std::uint64_t from = 0;
    u8doc::FindProgress progress;
    progress.cancel = control.cancelFlag();
    // Each search reports on what is left from where it starts: the whole is what came before.
    progress.report = [&control, &from, size](double part) {
        if (size > 0)
            control.setProgress((double(from) + part * double(size - from)) / double(size));
    };
    while (from < size) {
        const std::optional<u8doc::FindMatch> match = engine.next(source, from, size, progress);
        if (control.cancelled())
            return std::nullopt;
        if (!match)
            break;
        if (splices.size() == limit) {
            if (more)
                *more = true;
            break;
        }
        splices.push_back({match->offset, match->length, with});
        from = match->offset + std::max<std::uint64_t>(match->length, 1);
    }
    return splices;
}

} // namespace u8app
