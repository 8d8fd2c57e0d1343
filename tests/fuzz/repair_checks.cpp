// The repair fuzz checks (u8fuzz::checkRepair, declared in fuzz_checks.h): the contract of the
// repair pipeline on any bytes, and the fast paths held to their definitions.
#include "fuzz_checks.h"
#include "u8codec/scan.h"
#include "u8convert/normalize.h"
#include "u8convert/repair.h"
#include "u8convert/repair_stream.h"

// The library-internal fast paths, to hold them to their definitions.
#include "mojibake_detail.h"
#include "mojibake_reference.h"
#include "mojibake_sieve.h"
#include "normalize_detail.h"
#include "scan_on_cores.h"

#include <algorithm>
#include <vector>

namespace u8fuzz {

namespace {

using namespace u8codec;
using namespace u8convert;

// Every kernel of the mojibake sieve finds exactly the bytes where canStartRepair() holds:
// without lost bytes, with lost bytes under every page, and under windows-1252 alone (the page
// that also drops bytes; ISO-8859-1 shares its group in the AVX2 kernel's tables) and under
// MacRoman alone.
std::string checkSieve(std::span<const std::uint8_t> data) {
    const std::uint8_t* const begin = data.data();
    const std::uint8_t* const end = begin + data.size();
    using u8convert::detail::SieveRule;
    for (SieveRule rule : {SieveRule::adjacent(), SieveRule::lostBytes(0x1FF),
                           SieveRule::lostBytes(u8convert::detail::pageBit(CodePage::Windows1252)),
                           SieveRule::lostBytes(u8convert::detail::pageBit(CodePage::MacRoman))}) {
        std::vector<std::size_t> expected;
        for (const std::uint8_t* p = begin; p != end; ++p)
            if (u8convert::detail::canStartRepair(p, end, rule))
                expected.push_back(std::size_t(p - begin));
        for (Isa k : {Isa::Portable, Isa::Avx2, Isa::Avx512}) {
            if (!u8convert::detail::sieveKernelSupported(k))
                continue;
            std::vector<std::size_t> found;
            u8convert::detail::RepairStartSieve sieve(end, rule, k);
            for (const std::uint8_t* p = begin; p != end && (p = sieve.next(p)) != end; ++p)
                found.push_back(std::size_t(p - begin));
            if (found != expected)
                return "sieve kernel " + std::to_string(int(k)) + " under rule " +
                       std::to_string(rule.lost) + " finds " + std::to_string(found.size()) +
                       " starts, the definition " + std::to_string(expected.size());
        }
    }
    return {};
}

// The pipeline's scan on two threads equals the scan, the halves meeting in the middle of these
// bytes (a thread per call: the fuzz inputs are small).
std::string checkScanOnCores(std::span<const std::uint8_t> data) {
    if (u8convert::detail::scanOnCores(data, 1).toJson() != scan(data).toJson())
        return "the scan on two threads disagrees with the scan: " +
               u8convert::detail::scanOnCores(data, 1).toJson() + " vs " + scan(data).toJson();
    return {};
}

// The normal-form check answers what normalising says.
std::string checkNormalForms(std::string_view text) {
    for (NormalForm form : {NormalForm::Nfc, NormalForm::Nfd}) {
        const u8codec::Result<Normalized> n = normalize(text, form);
        if (!n.ok())
            return "normalize() refused well-formed text: " + n.message();
        if (u8convert::detail::isNormalizedWellFormed(text, form) != (n->text == text))
            return std::string("the normal-form check disagrees with normalising to ") +
                   std::string(name(form));
    }
    return {};
}

// The mojibake repair's shortcuts (the sieve, runs judged word by word where no byte is lost,
// runs met before remembered) and the text cut into parts, each judged on a thread of its own,
// change nothing: the result is the reference's, which judges every run whole and afresh.
std::string checkShortcuts(std::string_view text) {
    const MojibakeResult reference = u8convert::detail::referenceRepairMojibake(text, {});
    u8convert::detail::MojibakeRun run;
    for (unsigned parts : {1u, 3u}) {
        run.parts = parts;
        const MojibakeResult fast = u8convert::detail::repairMojibake(text, {}, run);
        if (fast.text != reference.text || fast.fixCount != reference.fixCount)
            return "the mojibake repair with its shortcuts in " + std::to_string(parts) +
                   " part(s) made " + std::to_string(fast.fixCount) + " fixes, the reference " +
                   std::to_string(reference.fixCount);
    }
    return {};
}

// The streamed repair in windows of a size the input picks (a few bytes to a few hundred):
// repair()'s text and report, byte for byte (repair_stream.h).
std::string checkStreamed(std::span<const std::uint8_t> data, const RepairOptions& o,
                          const RepairResult& whole) {
    MemorySource source(std::vector<std::uint8_t>(data.begin(), data.end()));
    StreamOptions stream;
    stream.windowBytes = 1 + (data.empty() ? 0 : data[0] % 64) * (data.size() % 5 + 1);
    std::string text;
    RepairSink sink;
    sink.write = [&](std::string_view piece) {
        text += piece;
        return true;
    };
    if (data.size() % 4 < 2)
        sink.restart = [&] {
            text.clear();
            return true;
        };
    const RepairResult s = repairStreamed(source, sink, o, stream);
    const std::string window = " (windows of " + std::to_string(stream.windowBytes) + ")";
    if (s.status.ok() != whole.status.ok() || s.status.message() != whole.status.message() ||
        text != whole.text)
        return "the streamed repair's text differs" + window;
    if (s.report.toJson() != whole.report.toJson())
        return "the streamed repair's report differs" + window;
    for (std::size_t k = 0; k < s.report.changes.size(); ++k)
        if (s.report.changes[k].pass != whole.report.changes[k].pass ||
            s.report.changes[k].passOffset != whole.report.changes[k].passOffset)
            return "the streamed repair's change " + std::to_string(k) + " has another pass" +
                   window;
    return {};
}

// Every step: the result is well-formed, its size is reported, the given-up buffer gives the
// same, each change lies in the input, a second repair changes nothing, and the streamed repair
// gives the same.
std::string checkPipeline(std::span<const std::uint8_t> data, ErrorPolicy invalid) {
    RepairOptions o;
    o.invalid = invalid;
    o.cesu = true;
    o.mojibake = true;
    o.bom = BomAction::Strip;
    o.c1 = C1Action::Cp1252;
    o.lineEnding = LineEnding::Lf;
    o.normalForm = NormalForm::Nfc;
    const RepairResult r = repair(data, o);
    std::string policy(name(invalid));
    policy += ": ";
    if (!r.status.ok())
        return policy + "repair() failed: " + r.status.message();
    const auto* out = reinterpret_cast<const std::uint8_t*>(r.text.data());
    if (!scan({out, r.text.size()}).valid())
        return policy + "repair() wrote ill-formed UTF-8";
    if (r.report.outputBytes != r.text.size() || r.report.inputBytes != data.size())
        return policy + "the report's sizes are not the input's and the output's";
    for (const RepairChange& c : r.report.changes)
        if (c.offset + c.length > data.size())
            return policy + "a change at " + std::to_string(c.offset) + " lies past the input";
    const RepairResult given =
        repair(std::string(reinterpret_cast<const char*>(data.data()), data.size()), o);
    if (!given.status.ok() || given.text != r.text || given.report.total() != r.report.total())
        return policy + "repair(std::string&&) differs from repair(span)";
    const RepairResult again = repair({out, r.text.size()}, o);
    if (!again.status.ok() || again.text != r.text || again.report.total() != 0)
        return policy + "a second repair changed " + std::to_string(again.report.total()) + " more";
    // The streamed repair under one of the two policies, by the input's size: it costs a
    // repair again.
    if ((invalid == ErrorPolicy::Replace) != (data.size() % 2 == 0))
        return {};
    const std::string streamed = checkStreamed(data, o, r);
    return streamed.empty() ? streamed : policy + streamed;
}

} // namespace

std::string checkRepair(std::span<const std::uint8_t> data) {
    std::string failure = checkSieve(data);
    if (failure.empty())
        failure = checkScanOnCores(data);
    if (failure.empty())
        failure = checkShortcuts({reinterpret_cast<const char*>(data.data()), data.size()});
    if (failure.empty() && scan(data).valid())
        failure = checkNormalForms({reinterpret_cast<const char*>(data.data()), data.size()});
    for (ErrorPolicy p : {ErrorPolicy::Replace, ErrorPolicy::Cp1252})
        if (failure.empty())
            failure = checkPipeline(data, p);
    return failure;
}

std::string checkRepairFast(std::span<const std::uint8_t> data) {
    data = data.first(std::min<std::size_t>(data.size(), kRepairFastMaxBytes));
    if (data.empty())
        return {};
    const std::string_view text(reinterpret_cast<const char*>(data.data()), data.size());
    // One of checkRepair's checks, the data choosing; the pipeline, which finds the most, twice
    // as often as each other.
    switch (data[data.size() - 1] % 6) {
    case 0:
        return checkSieve(data);
    case 1:
        return checkScanOnCores(data);
    case 2:
        return checkShortcuts(text);
    case 3:
        return scan(data).valid() ? checkNormalForms(text)
                                  : checkPipeline(data, ErrorPolicy::Cp1252);
    default:
        return checkPipeline(data, data[0] % 2 ? ErrorPolicy::Replace : ErrorPolicy::Cp1252);
    }
}

} // namespace u8fuzz
