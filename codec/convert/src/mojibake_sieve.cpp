// The sieve's tables, its scalar kernel and the choice of kernel (the definition, canStartRepair,
// is inline in mojibake_sieve.h).
#include "mojibake_sieve.h"

#include "ascii_run.h"
#include "mojibake_tables.h"
#include "u8codec/byte_class.h"
#include "u8codec/encoder.h"

#include <array>

namespace u8convert::detail {
using namespace u8codec;

namespace {

// The pages of group g (groupOf()).
PageMask pagesOfGroup(unsigned g) {
    static const std::array<PageMask, 8> pages = [] {
        std::array<PageMask, 8> a{};
        for (int p = 0; p < kCodePageCount; ++p)
            a[groupOf(CodePage(p))] |= pageBit(CodePage(p));
        return a;
    }();
    return pages[g];
}

SieveTables buildSieveTables() {
    SieveTables s{};
    s.complete = true;
    for (auto& bytes : s.split)
        bytes[0] = bytes[1] = 0xFF;
    s.exactGroups = 0xFF;
    const PageTables& t = pageTables();
    const auto add = [&](char32_t c, const PageMasks& m) {
        if (m.lead() == 0 && m.cont == 0)
            return;
        std::string utf8;
        appendUtf8(c, utf8);
        const auto lead = std::uint8_t(utf8[0]);
        if (utf8.size() < 2 || utf8.size() > 3 || lead < 0xC0 || lead > 0xEF) {
            s.complete = false;
            return;
        }
        const unsigned bucket = (std::uint8_t(utf8[1]) >> 4) & 3;
        const std::size_t row = lead - 0xC0u;
        if (m.lead())
            s.leadCont[row] |= std::uint8_t(1u << bucket);
        // Ω and π (see SieveTables::split): their continuation images tested by their bytes.
        constexpr char32_t kSplit[2] = {U'\u03A9', U'\u03C0'};
        bool split = false;
        for (std::size_t k = 0; k < 2; ++k)
            if (c == kSplit[k] && m.cont != 0 && utf8.size() == 2) {
                s.split[k][0] = lead;
                s.split[k][1] = std::uint8_t(utf8[1]);
                split = true;
            }
        if (m.cont && !split)
            s.leadCont[row] |= std::uint8_t(0x10u << bucket);
        if (m.leads[0] & pageBit(CodePage::Windows1252))
            s.twoLead1252[row] |= std::uint8_t(1u << bucket);
        for (unsigned g = 0; g < 8; ++g)
            if (pageGroups(m.leads[0]) & (1u << g))
                s.lead2ByGroups[1u << g][row] |= std::uint8_t(1u << bucket);
        for (const PageMask leads : m.leads)
            for (unsigned g = 0; g < 8; ++g) {
                const PageMask inGroup = leads & pagesOfGroup(g);
                if (inGroup != 0 && inGroup != pagesOfGroup(g))
                    s.exactGroups = std::uint8_t(s.exactGroups & ~(1u << g));
            }
        SievePages& g = s.pages[sievePageKey(lead, std::uint8_t(utf8[1]))];
        g.lead2 |= pageGroups(m.leads[0]);
        g.lead3 |= pageGroups(m.leads[1]);
        g.lead4 |= pageGroups(m.leads[2]);
        g.cont |= pageGroups(m.cont);
    };
    for (char32_t c = 0x80; c < kFlatLimit; ++c)
        add(c, t.flat[c]);
    for (const auto& [c, m] : t.high)
        add(c, m);
    // Each set of groups from the single groups above: a set with its lowest group taken out,
    // which comes before it, and that group.
    for (unsigned groups = 3; groups < 256; ++groups) {
        const unsigned lowest = groups & (0u - groups);
        if (lowest != groups)
            for (std::size_t row = 0; row < 48; ++row)
                s.lead2ByGroups[groups][row] = std::uint8_t(s.lead2ByGroups[groups & ~lowest][row] |
                                                            s.lead2ByGroups[lowest][row]);
    }
    return s;
}

} // namespace

const std::uint8_t* nextRepairStartScalar(const std::uint8_t* p, const std::uint8_t* end,
                                          SieveRule rule) noexcept {
    // No character of a page is ASCII, and none starts at a continuation byte (80-BF): from a
    // well-formed character the next one is looked at, past its continuations, which looking
    // at each non-ASCII byte stopped at one by one.
    for (p = nextNonAscii(p, end); p != end;) {
        if (*p < 0xC0) {
            p = nextNonAscii(p + 1, end);
            continue;
        }
        const sieve::CharAt c0 = sieve::charAt(p, end);
        if (c0.length != 0 && sieve::startsRepair(c0, p, end, rule))
            return p;
        p = nextNonAscii(p + (c0.length != 0 ? c0.length : 1), end);
    }
    return end;
}

const SieveTables& sieveTables() noexcept {
    static const SieveTables s = buildSieveTables();
    return s;
}

bool sieveKernelSupported(Isa k) noexcept {
    switch (k) {
    case Isa::Portable:
        return true;
    case Isa::Avx2:
#if defined(U8CODEC_SIEVE_AVX2)
        return cpuRuns(k) && sieveTables().complete;
#else
        return false;
#endif
    case Isa::Avx512:
#if defined(U8CODEC_SIEVE_AVX2)
        return cpuRuns(k) && sieveTables().complete;
#else
        return false;
#endif
    default:
        return false; // no kernel of this family: bestSieveKernel() chooses
    }
}

Isa bestSieveKernel() noexcept {
    static const Isa best = sieveKernelSupported(Isa::Avx512) ? Isa::Avx512
                            : sieveKernelSupported(Isa::Avx2) ? Isa::Avx2
                                                              : Isa::Portable;
    return best;
}

const std::uint8_t* RepairStartSieve::fromKernel(const std::uint8_t* from) noexcept {
#if defined(U8CODEC_SIEVE_AVX2)
    if (kernel_ == Isa::Avx512)
        return nextRepairStartAvx512(from, end_, rule_, window_);
    if (kernel_ == Isa::Avx2)
        return nextRepairStartAvx2(from, end_, rule_, window_);
#endif
    return nextRepairStartScalar(from, end_, rule_);
}

} // namespace u8convert::detail
