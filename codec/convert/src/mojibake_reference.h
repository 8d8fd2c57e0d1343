// The reference of the mojibake repair: the whole algorithm (docs/mojibake.md) in its plainest
// form, which the tests hold the fast paths of repairMojibake() to, as simdutf keeps its scalar
// path. Library-internal; for tests, not for speed.
#pragma once

#include "mojibake_detail.h"

#include <string_view>
#include <vector>

namespace u8convert::detail {
using namespace u8codec;

// The later-round features of MojibakeRun, for the reference.
struct ReferenceRun {
    // In: the evidence of the earlier rounds; out: with this repair's added
    // (MojibakeRun::evidence).
    MojibakeEvidence* evidence = nullptr;
    // Judge only the runs that hold a byte of these spans, sorted (MojibakeRun::only).
    const std::vector<ByteSpan>* only = nullptr;
    // Out: where every fix stands in the result, in order. The fast path hands on only the fixes
    // a later round with the sieve judges (MojibakeRun::written), so the two lists differ; the
    // later rounds given them find the same.
    std::vector<ByteSpan>* written = nullptr;
};

// As repairMojibake(): every run of non-ASCII characters and the spaces between them decoded and
// judged whole with the rules of the fast path (judgeRun()), a first pass for evidence and a
// second deciding with it, the result built fix after fix. No memo, no sieve, no parts, no
// word-by-word judging, no run after run; no progress reported (never cancelled), `text` always
// written.
MojibakeResult referenceRepairMojibake(std::string_view utf8, const MojibakeOptions& options,
                                       const ReferenceRun& run = {});

} // namespace u8convert::detail
