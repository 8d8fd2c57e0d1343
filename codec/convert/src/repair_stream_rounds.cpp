// Later rounds of the streamed repair's mojibake repair assembled ahead (repair_stream_rounds.h).
#include "repair_stream_rounds.h"

#include "repair_detail.h"

namespace u8convert::detail::stream {
using namespace u8codec;

void addEvidence(Evidence& sum, const Evidence& more) {
    for (std::size_t k = 0; k < sum.size(); ++k)
        sum[k] += more[k];
}

AheadRounds::AheadRounds(Settings settings)
    : settings_(std::move(settings)), assembly_(settings_.options) {
    assembly_.progress = nullptr;
    assembly_.maxReportedFixes = 0;
}

bool AheadRounds::assemble(const WindowState& s, Round& later, std::string record, bool has,
                           WindowState& last, u8codec::Error& error) {
    const std::string_view context(s.text.data() + s.text.size(), s.context);
    mojibake::TextWindow window = s.mojibakeWindow();
    std::vector<ByteSpan> written;
    for (std::size_t level = 0; has; ++level) {
        Round& round = level == 0 ? later : judged[level - 1];
        Evidence whole = round.confident;
        addEvidence(whole, round.credits);
        used_.push_back({level, false, whole});
        if (assembled.size() <= level)
            assembled.emplace_back();
        MojibakeRun wanted;
        wanted.written = &written;
        MojibakeResult result;
        result.text = std::move(texts_.spare); // its memory reused: no new pages for each window
        if (!mojibake::assembleFrom(window, record, whole, assembly_, wanted, result)) {
            error = {u8codec::ErrorCode::Io, "a temporary record of the repair is damaged"};
            return false;
        }
        Assembled& done = assembled[level];
        done.fixCount += result.fixCount;
        addFixesByPage(done.fixesByPage, result.fixesByPage);
        if (result.fixCount == 0) {
            texts_.spare = std::move(result.text);
            break;
        }
        changedAny = true;
        const std::size_t size = result.text.size();
        result.text.append(context);
        texts_.advance(std::move(result.text));
        window = {texts_.text, context.size()};
        last.text = std::string_view(texts_.text.data(), size);
        if (written.empty())
            break;
        done.anyWritten = true;
        if (level + 2 >= std::size_t(kMaxMojibakeRounds)) {
            usable_ = false;
            break;
        }
        // The round after, on the runs this one wrote into.
        if (judged.size() <= level) {
            Round& next = judged.emplace_back();
            next.spool = settings_.newSpool();
            next.withRecord.assign(s.input.index, false);
        }
        Round& next = judged[level];
        next.confident = mojibake::roundStart(settings_.options, &whole);
        used_.push_back({level + 1, true, next.confident});
        mojibake::FixCounts counts;
        record.clear();
        if (!mojibake::decideIn(window, settings_.judging, &written, next.confident, next.credits,
                                counts, record)) {
            error = {}; // no message: cancelled (the caller says so)
            return false;
        }
        next.counts.add(counts);
        has = counts.accepted() != 0;
        next.withRecord.push_back(has);
        if (has && !next.spool->append(record, error))
            return false;
    }
    for (Round& r : judged)
        r.withRecord.resize(s.input.index + 1, false);
    return true;
}

std::optional<std::size_t> AheadRounds::settle(Round& later) {
    if (!usable_)
        return std::nullopt;
    for (std::size_t level = 0; level < assembled.size(); ++level) {
        Round& round = level == 0 ? later : judged[level - 1];
        if (level > 0)
            round.confident =
                mojibake::roundStart(settings_.options, &assembled[level - 1].confident);
        Evidence& whole = assembled[level].confident;
        whole = round.confident;
        addEvidence(whole, round.credits);
        if (round.counts.made(whole).fixes != assembled[level].fixCount)
            return std::nullopt;
    }
    for (const Used& u : used_) {
        const Evidence& whole =
            u.judged ? judged[u.level - 1].confident : assembled[u.level].confident;
        if (!mojibake::sameReading(u.evidence, whole))
            return std::nullopt;
    }
    used_ = {};
    texts_ = {};
    std::size_t made = 0;
    while (made < assembled.size() && assembled[made].fixCount != 0)
        ++made;
    return made;
}

std::uint64_t AheadRounds::spooledInMemory() const {
    std::uint64_t held = 0;
    for (const Round& r : judged)
        if (r.spool && !r.spool->inFile())
            held += r.spool->size();
    return held;
}

} // namespace u8convert::detail::stream
