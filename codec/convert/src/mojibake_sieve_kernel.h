// The vector kernels of the mojibake sieve (see mojibake_sieve.h), written once and compiled per
// instruction set: mojibake_sieve_avx2.cpp and mojibake_sieve_avx512.cpp include this file, whose
// functions land in an unnamed namespace of each, with U8CODEC_SIEVE_TARGET naming the set (a
// target attribute, so the build needs no -mavx2 and RepairStartSieve calls a kernel only where
// sieveKernelSupported() says the CPU has it) and U8CODEC_SIEVE_512 set where the window's bytes
// are classified 64 at once (AVX-512 BW and VBMI: a byte's table entry by vpermb, masks without
// movemask). Everything else (the pairs' tables, the quick tests, the windows) is the same code.
// Not a header of its own: only these two files include it.

#include "mojibake_sieve.h"

#include <immintrin.h>

#define U8CODEC_AVX2 __attribute__((target(U8CODEC_SIEVE_TARGET), always_inline)) inline

namespace u8convert::detail {
using namespace u8codec;
namespace {

struct Rows {
    __m256i leadContC, leadContD, leadContE; // SieveTables::leadCont for leads Cx, Dx, Ex
    __m256i twoLeadC, twoLeadD, twoLeadE;
    __m256i split0, split0Second, split1, split1Second; // SieveTables::split
    __m256i lead2C, lead2D, lead2E; // SieveTables::lead2ByGroups of the lost-bytes rule's groups
#if U8CODEC_SIEVE_512
    __m512i lead2; // ... its 48 bytes, for vpermb (F0-FF: none)
#endif
};

U8CODEC_AVX2 __m256i broadcastRow(const std::uint8_t* row16) {
    return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(row16)));
}

U8CODEC_AVX2 std::uint32_t nonZero(__m256i v) {
    return ~std::uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_setzero_si256())));
}

// The table entry of each byte's lead (rows Cx, Dx, Ex by the high nibble, the low nibble
// indexing the row); zero for every other byte.
U8CODEC_AVX2 __m256i row(__m256i isC, __m256i isD, __m256i isE, __m256i lo, __m256i c, __m256i d,
                         __m256i e) {
    return _mm256_or_si256(_mm256_or_si256(_mm256_and_si256(isC, _mm256_shuffle_epi8(c, lo)),
                                           _mm256_and_si256(isD, _mm256_shuffle_epi8(d, lo))),
                           _mm256_and_si256(isE, _mm256_shuffle_epi8(e, lo)));
}

// Classifies p[0..31] (reading p[32] too) into bits shift..shift+31 of m. kLost: also the
// masks only a rule with lost bytes (SieveRule::lostBytes()) needs.
template <bool kLost>
U8CODEC_AVX2 void classify32(const std::uint8_t* p, const Rows& r, unsigned shift, SieveWindow& m) {
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const __m256i second = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 1));
    const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble);
    const __m256i lo = _mm256_and_si256(v, nibble);
    // The bucket of the second byte (80-8F, 90-9F, A0-AF, B0-BF) as one bit in each nibble;
    // nothing when it is not a continuation byte, so the character is not well-formed.
    const __m256i buckets =
        _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 0x11, 0x22, 0x44, char(0x88), 0, 0, 0, 0, 0, 0, 0,
                         0, 0, 0, 0, 0, 0x11, 0x22, 0x44, char(0x88), 0, 0, 0, 0);
    const __m256i bucket =
        _mm256_shuffle_epi8(buckets, _mm256_and_si256(_mm256_srli_epi16(second, 4), nibble));
    const __m256i isC = _mm256_cmpeq_epi8(hi, _mm256_set1_epi8(0x0C));
    const __m256i isD = _mm256_cmpeq_epi8(hi, _mm256_set1_epi8(0x0D));
    const __m256i isE = _mm256_cmpeq_epi8(hi, _mm256_set1_epi8(0x0E));
    const __m256i leadCont =
        _mm256_and_si256(row(isC, isD, isE, lo, r.leadContC, r.leadContD, r.leadContE), bucket);
    m.lead |= std::uint64_t(nonZero(_mm256_and_si256(leadCont, nibble))) << shift;
    // ... and the continuation images left out of the tables, by their two bytes.
    const __m256i split = _mm256_or_si256(
        _mm256_and_si256(_mm256_cmpeq_epi8(v, r.split0), _mm256_cmpeq_epi8(second, r.split0Second)),
        _mm256_and_si256(_mm256_cmpeq_epi8(v, r.split1),
                         _mm256_cmpeq_epi8(second, r.split1Second)));
    m.cont |= std::uint64_t(nonZero(_mm256_andnot_si256(nibble, leadCont)) |
                            std::uint32_t(_mm256_movemask_epi8(split)))
              << shift;
    // Where `lead` is set the lead is C2-DF or E0-EF: 3 bytes exactly where the nibble is E.
    m.three |= std::uint64_t(std::uint32_t(_mm256_movemask_epi8(isE))) << shift;
    if constexpr (kLost) {
        const __m256i twoLead =
            _mm256_and_si256(row(isC, isD, isE, lo, r.twoLeadC, r.twoLeadD, r.twoLeadE), bucket);
        m.twoLead |= std::uint64_t(nonZero(_mm256_and_si256(twoLead, nibble))) << shift;
        m.space |= std::uint64_t(std::uint32_t(
                       _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(' ')))))
                   << shift;
    }
}

#if U8CODEC_SIEVE_512
// The tables of classify64(), 64 bytes each: vpermb takes a byte's entry by its low 6 bits, which
// for C0-FF are its offset from C0 (F0-FF: none); the buckets by a second byte's high nibble.
struct Rows512 {
    __m512i leadCont, twoLead, buckets;
};

U8CODEC_AVX2 Rows512 buildRows512(const SieveTables& t) {
    alignas(64) std::uint8_t leadCont[64] = {}, twoLead[64] = {}, buckets[64] = {};
    for (std::size_t i = 0; i < 48; ++i) {
        leadCont[i] = t.leadCont[i];
        twoLead[i] = t.twoLead1252[i];
    }
    for (std::size_t b = 0; b < 4; ++b)
        buckets[8 + b] = std::uint8_t(0x11u << b);
    return {_mm512_load_si512(leadCont), _mm512_load_si512(twoLead), _mm512_load_si512(buckets)};
}

U8CODEC_AVX2 const Rows512& rows512() {
    static const Rows512 rows = buildRows512(sieveTables());
    return rows;
}

// The bucket of each second byte (80-8F, 90-9F, A0-AF, B0-BF) as one bit in each nibble; nothing
// where it is no continuation byte.
U8CODEC_AVX2 __m512i bucketOf(__m512i second) {
    return _mm512_permutexvar_epi8(
        _mm512_and_si512(_mm512_srli_epi16(second, 4), _mm512_set1_epi8(0x0F)), rows512().buckets);
}

// Where the bytes are E0-EF: 3-byte leads.
U8CODEC_AVX2 __mmask64 threeByteLeads(__m512i v) {
    return _mm512_cmpeq_epi8_mask(_mm512_and_si512(v, _mm512_set1_epi8(char(0xF0))),
                                  _mm512_set1_epi8(char(0xE0)));
}

// Where `bytes` holds the byte `broadcast` holds in each of its own.
U8CODEC_AVX2 __mmask64 equalTo(__m512i bytes, __m256i broadcast) {
    return _mm512_cmpeq_epi8_mask(bytes, _mm512_broadcastb_epi8(_mm256_castsi256_si128(broadcast)));
}

// classify32() of 64 bytes at once. Reads p[0..64].
template <bool kLost> U8CODEC_AVX2 SieveWindow classify64(const std::uint8_t* p, const Rows& r) {
    const Rows512& rows = rows512();
    const __m512i v = _mm512_loadu_si512(p);
    const __m512i second = _mm512_loadu_si512(p + 1);
    const __mmask64 leads = _mm512_cmpge_epu8_mask(v, _mm512_set1_epi8(char(0xC0)));
    const __m512i bucket = bucketOf(second);
    const __m512i leadCont =
        _mm512_and_si512(_mm512_maskz_permutexvar_epi8(leads, v, rows.leadCont), bucket);
    SieveWindow m;
    m.lead = _mm512_test_epi8_mask(leadCont, _mm512_set1_epi8(0x0F));
    m.cont = _mm512_test_epi8_mask(leadCont, _mm512_set1_epi8(char(0xF0))) |
             (equalTo(v, r.split0) & equalTo(second, r.split0Second)) |
             (equalTo(v, r.split1) & equalTo(second, r.split1Second));
    m.three = threeByteLeads(v);
    if constexpr (kLost) {
        const __m512i twoLead =
            _mm512_and_si512(_mm512_maskz_permutexvar_epi8(leads, v, rows.twoLead), bucket);
        m.twoLead = _mm512_test_epi8_mask(twoLead, _mm512_set1_epi8(0x0F));
        m.space = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(' '));
    }
    return m;
}
#else
// Reads p[0..64].
template <bool kLost> U8CODEC_AVX2 SieveWindow classify64(const std::uint8_t* p, const Rows& r) {
    SieveWindow m;
    classify32<kLost>(p, r, 0, m);
    classify32<kLost>(p + 32, r, 32, m);
    return m;
}
#endif

// What a window's candidates are checked against under the lost-bytes rule: the page groups
// under which a space may be a lost A0, and whether windows-1252 (which drops bytes) is one.
struct LostGroups {
    unsigned groups = 0;
    bool dropped = false;
};

// The positions of [p, p + 64) that may start a repair (w.candidates) and those of them that do
// for sure (w.sure), from the window's masks and those of the next (a character's successor may
// begin there).
template <bool kLost>
U8CODEC_AVX2 void candidates(const std::uint8_t* p, const SieveWindow& cur, const SieveWindow& next,
                             const SieveTables& t, LostGroups lost, RepairStartSieve::Window& w) {
    // What follows a 2-byte character starts 2 bytes on, after a 3-byte one 3 bytes on.
    std::uint64_t follow2 = cur.cont >> 2 | next.cont << 62;
    std::uint64_t follow3 = cur.cont >> 3 | next.cont << 61;
    if constexpr (kLost) {
        follow2 |= cur.space >> 2 | next.space << 62;
        follow3 |= cur.space >> 3 | next.space << 61;
    }
    const std::uint64_t pairs = cur.lead & ((~cur.three & follow2) | (cur.three & follow3));
    // The masks merge the pages: keep a pair only when some page group has the first character
    // as a lead image and the next as a continuation image (or a space), and for a 3- or 4-byte
    // lead the one after that too (under the lost-bytes rule windows-1252's 3-byte leads need
    // only one), with one lost byte at most. Reads up to p[70].
    const unsigned drop = lost.dropped ? unsigned(kGroup1252) : 0u;
    std::uint64_t kept = 0;
    std::uint64_t sure = 0;
    for (std::uint64_t m = pairs; m != 0; m &= m - 1) {
        const unsigned i = unsigned(__builtin_ctzll(m));
        const unsigned j = i + 2 + unsigned(cur.three >> i & 1);
        // The character at j is a 2- or 3-byte one, or under kLost a space; at k anything.
        const unsigned k = j + 1 + unsigned(p[j] >= 0x80) + unsigned(p[j] >= 0xE0);
        const SievePages& first = t.pages[sievePageKey(p[i], p[i + 1])];
        // Without branches (whether a pair holds is unpredictable): masks from comparisons.
        const unsigned second =
            t.pages[sievePageKey(p[j], p[j + 1])].cont & (0u - unsigned(p[j] >= 0xC0));
        const unsigned third =
            t.pages[sievePageKey(p[k], p[k + 1])].cont & (0u - unsigned(p[k] >= 0xC0));
        const unsigned longer = first.lead3 | first.lead4;
        unsigned ok = 0;
        unsigned twoByte = second;
        if constexpr (kLost) {
            // A space: a lost A0 under the groups with evidence, the one lost byte.
            const unsigned space2 = lost.groups & (0u - unsigned(p[j] == ' '));
            const unsigned space3 = lost.groups & (0u - unsigned(p[k] == ' '));
            twoByte |= space2;
            ok = (first.lead3 & drop & second) |
                 (longer & ((second & (third | space3)) | (space2 & third)));
        } else {
            ok = longer & second & third;
        }
        ok |= first.lead2 & twoByte;
        kept |= std::uint64_t(ok != 0) << i;
        // Two 2-byte characters (or one and a space) are looked up exactly: a 2-byte lead and a
        // continuation (or space) under one page is what canStartRepair() asks first. (Not the
        // 3-byte leads windows-1252 may have lost bytes after: ISO-8859-1 shares their group.)
        sure |= std::uint64_t((first.lead2 & twoByte & t.exactGroups) != 0 && p[i] < 0xE0 &&
                              p[j] < 0xE0)
                << i;
    }
    w.candidates = kLost && lost.dropped ? kept | cur.twoLead : kept;
    w.sure = sure;
}

// Whether [p, p + 64) can hold a pair without lost bytes (SieveRule::adjacent()): every character
// of a page is non-ASCII, so a pair is a lead byte C0-DF with another byte C0-FF 2 bytes on, or
// E0-EF with one 3 bytes on. Most windows of mostly-ASCII text have none (accented letters between
// ASCII ones), and are passed over with this test alone. Reads p[0..66].
U8CODEC_AVX2 bool mayHoldPair(const std::uint8_t* p) {
    std::uint64_t multi = 0, three = 0;
#if U8CODEC_SIEVE_512
    const __m512i v = _mm512_loadu_si512(p);
    multi = _mm512_cmpge_epu8_mask(v, _mm512_set1_epi8(char(0xC0)));
    three = threeByteLeads(v);
#else
    for (unsigned half = 0; half < 2; ++half) {
        const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32 * half));
        // Bit 7 of v + v is bit 6 of v: both set is C0-FF.
        multi |= std::uint64_t(std::uint32_t(
                     _mm256_movemask_epi8(_mm256_and_si256(v, _mm256_add_epi8(v, v)))))
                 << (32 * half);
        three |=
            std::uint64_t(std::uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(
                _mm256_and_si256(v, _mm256_set1_epi8(char(0xF0))), _mm256_set1_epi8(char(0xE0))))))
            << (32 * half);
    }
#endif
    const std::uint64_t after = std::uint64_t(p[64] >= 0xC0) | std::uint64_t(p[65] >= 0xC0) << 1 |
                                std::uint64_t(p[66] >= 0xC0) << 2;
    const std::uint64_t twoOn = multi >> 2 | after << 62;
    const std::uint64_t threeOn = multi >> 3 | after << 61;
    return (multi & ((~three & twoOn) | (three & threeOn))) != 0;
}

// Whether [p, p + 64) can hold a candidate of the lost-bytes rule, from bytes and one table
// (reads p[0..67]). A candidate is a character C0-EF followed by:
// - another non-ASCII one (the pairs of mayHoldPair());
// - a space standing for a lost A0: the second byte of a 2-byte sequence when the character is
//   the image of a 2-byte lead under a page of the rule (`r.lead2*`, by second-byte bucket), of
//   a longer one when the image of a continuation byte follows the space;
// - nothing, where windows-1252 drops bytes and the character is the image of one of its
//   2-byte leads.
// So "café on" and "— ask" in clean prose, an accented letter or a dash before a space, pass
// over the window: under windows-1252 "é" is a 3-byte lead and "—" a continuation byte.
U8CODEC_AVX2 bool mayHoldLost(const std::uint8_t* p, const Rows& r, bool dropped) {
    std::uint64_t multi = 0, three = 0, space = 0, lead2 = 0;
#if U8CODEC_SIEVE_512
    const __m512i v = _mm512_loadu_si512(p);
    const __mmask64 leads = _mm512_cmpge_epu8_mask(v, _mm512_set1_epi8(char(0xC0)));
    // The rows hold bits 0-3 only: a bucket's bit in either nibble picks the same one.
    const __m512i bucket = bucketOf(_mm512_loadu_si512(p + 1));
    multi = leads;
    three = threeByteLeads(v);
    space = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(' '));
    lead2 = _mm512_test_epi8_mask(_mm512_maskz_permutexvar_epi8(leads, v, r.lead2), bucket);
#else
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    const __m256i buckets = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 0, 0, 0, 0, 0, 0,
                                             0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 0, 0, 0, 0);
    for (unsigned half = 0; half < 2; ++half) {
        const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32 * half));
        const __m256i second =
            _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32 * half + 1));
        const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble);
        const __m256i isC = _mm256_cmpeq_epi8(hi, _mm256_set1_epi8(0x0C));
        const __m256i isD = _mm256_cmpeq_epi8(hi, _mm256_set1_epi8(0x0D));
        const __m256i isE = _mm256_cmpeq_epi8(hi, _mm256_set1_epi8(0x0E));
        const __m256i bucket =
            _mm256_shuffle_epi8(buckets, _mm256_and_si256(_mm256_srli_epi16(second, 4), nibble));
        const __m256i rows =
            row(isC, isD, isE, _mm256_and_si256(v, nibble), r.lead2C, r.lead2D, r.lead2E);
        const unsigned shift = 32 * half;
        // Bit 7 of v + v is bit 6 of v: both set is C0-FF.
        multi |= std::uint64_t(std::uint32_t(
                     _mm256_movemask_epi8(_mm256_and_si256(v, _mm256_add_epi8(v, v)))))
                 << shift;
        three |= std::uint64_t(std::uint32_t(_mm256_movemask_epi8(isE))) << shift;
        space |= std::uint64_t(std::uint32_t(
                     _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(' ')))))
                 << shift;
        lead2 |= std::uint64_t(nonZero(_mm256_and_si256(rows, bucket))) << shift;
    }
#endif
    std::uint64_t multiAfter = 0, spaceAfter = 0; // p[64..67]
    for (unsigned k = 0; k < 4; ++k) {
        multiAfter |= std::uint64_t(p[64 + k] >= 0xC0) << k;
        spaceAfter |= std::uint64_t(p[64 + k] == ' ') << k;
    }
    // Bit i: the byte i + n on is in the mask.
    const auto on = [](std::uint64_t m, std::uint64_t after, unsigned n) {
        return m >> n | after << (64 - n);
    };
    const std::uint64_t afterTwo =
        on(multi, multiAfter, 2) | (on(space, spaceAfter, 2) & (lead2 | on(multi, multiAfter, 3)));
    const std::uint64_t afterThree =
        on(multi, multiAfter, 3) | (on(space, spaceAfter, 3) & (lead2 | on(multi, multiAfter, 4)));
    const std::uint64_t held = multi & ((~three & afterTwo) | (three & afterThree));
    return (held | (dropped ? lead2 : 0)) != 0;
}

// Makes `w` the window at p: its candidates, with the masks of the window after it. Reads
// p[0..128]; the masks of p are those of the last window's successor when that was p.
template <bool kLost>
U8CODEC_AVX2 void enter(const std::uint8_t* p, const Rows& r, const SieveTables& t, LostGroups lost,
                        RepairStartSieve::Window& w) {
    // Text that had 2- and 3-byte characters all over the last window (Cyrillic, Greek, CJK)
    // will have them here too: the quick test would pass and only cost time. So will damaged
    // text under the lost-bytes rule, where the window before held candidates.
    const bool likely = w.dense || (kLost && w.aheadValid && w.start != nullptr &&
                                    w.start + 64 == p && w.candidates != 0);
    if (!likely && !(kLost ? mayHoldLost(p, r, lost.dropped) : mayHoldPair(p))) {
        w.start = p;
        w.candidates = 0;
        w.sure = 0;
        w.aheadValid = false;
        return;
    }
    const bool known = w.aheadValid && w.start != nullptr && w.start + 64 == p;
    const SieveWindow cur = known ? w.ahead : classify64<kLost>(p, r);
    w.ahead = classify64<kLost>(p + 64, r);
    w.aheadValid = true;
    w.start = p;
    candidates<kLost>(p, cur, w.ahead, t, lost, w);
    // Dense: each quarter of the window holds a lead image or a 3-byte character. Once dense,
    // looked at again only every 16th window (1 KiB), which dense text runs through faster.
    if (!w.dense || --w.denseRecheck == 0) {
        const std::uint64_t multi = cur.lead | cur.three;
        w.dense = (multi & 0xFFFF) != 0 && (multi & 0xFFFF0000) != 0 &&
                  (multi & 0xFFFF00000000) != 0 && (multi >> 48) != 0;
        w.denseRecheck = 16;
    }
}

template <bool kLost>
U8CODEC_AVX2 const std::uint8_t* sieveWith(const std::uint8_t* from, const std::uint8_t* end,
                                           SieveRule rule, RepairStartSieve::Window& w) {
    const LostGroups lost{pageGroups(rule.lost), (rule.lost & pageBit(CodePage::Windows1252)) != 0};
    // A window's masks need its 64 bytes and one more; its candidates need the next window's.
    constexpr std::ptrdiff_t kNeed = 2 * 64 + 1;
    const SieveTables& t = sieveTables();
    const std::uint8_t* lead2 = t.lead2ByGroups[lost.groups];
    const Rows r {
        broadcastRow(t.leadCont), broadcastRow(t.leadCont + 16), broadcastRow(t.leadCont + 32),
            broadcastRow(t.twoLead1252), broadcastRow(t.twoLead1252 + 16),
            broadcastRow(t.twoLead1252 + 32), _mm256_set1_epi8(char(t.split[0][0])),
            _mm256_set1_epi8(char(t.split[0][1])), _mm256_set1_epi8(char(t.split[1][0])),
            _mm256_set1_epi8(char(t.split[1][1])), broadcastRow(lead2), broadcastRow(lead2 + 16),
            broadcastRow(lead2 + 32),
#if U8CODEC_SIEVE_512
            _mm512_maskz_loadu_epi8((std::uint64_t(1) << 48) - 1, lead2)
#endif
    };
    // `from` is past the window of the last call (RepairStartSieve::next() answers inside it).
    const std::uint8_t* p = from;
    std::uint64_t pending = 0; // candidates of [p, p + 64) at or after `from`
    if (w.start != nullptr && from >= w.start + 64 && from < w.start + 128 &&
        end - (w.start + 64) >= kNeed) {
        // In the next window, perhaps classified already.
        p = w.start + 64;
        enter<kLost>(p, r, t, lost, w);
        pending = w.candidates & (~std::uint64_t(0) << (from - p));
    } else if (end - p >= kNeed) {
        enter<kLost>(p, r, t, lost, w);
        pending = w.candidates;
    } else {
        w.start = nullptr;
        return nextRepairStartScalar(from, end, rule);
    }
    while (true) {
        if (const std::uint8_t* at = sieve::firstStart(w, pending, end, rule)) // w.start is p
            return at;
        p += 64;
        if (end - p < kNeed)
            break;
        enter<kLost>(p, r, t, lost, w);
        pending = w.candidates;
    }
    w.start = nullptr;
    return nextRepairStartScalar(p, end, rule);
}

} // namespace
} // namespace u8convert::detail

#undef U8CODEC_AVX2
