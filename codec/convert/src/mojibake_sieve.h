// Library-internal: the sieve of the mojibake repair. Before a stretch of text is judged
// (decoded into characters, mapped back through each page, read as UTF-8, scored), the sieve
// says whether any repair can start in it at all, from what the code pages allow alone.
//
// A mis-decoding turns each byte of a UTF-8 sequence into one character of the page, so a
// repair starts at a character that is the image of a lead byte (RFC 3629 section 3: C2-DF,
// E0-EF, F0-F4 for 2, 3, 4 bytes) followed by as many images of continuation bytes (80-BF) of the
// same page as the lead calls for. Most text never has that: CJK, Hangul, Thai and the like are
// on no page; basic Cyrillic and Greek letters are images of lead bytes only; an accented letter
// alone, or "ół" (Latin-2 F3 B3, a 4-byte lead with one continuation), is not a sequence. The
// sieve finds the places that are, 64 bytes at a time where the CPU allows, and the repair
// judges only the runs that hold one.
#pragma once

#include "mojibake_tables.h"
#include "u8codec/byte_class.h"
#include "u8codec/cpu_features.h"
#include "well_formed_utf8.h"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace u8convert::detail {
using namespace u8codec;

// Which bytes of a mis-decoded sequence the sieve takes as possibly lost. Without lost bytes,
// where every repair that restores none starts: the image of the lead of an n-byte sequence under
// some page, followed at once by n - 1 images of continuation bytes under the same page. With
// lost bytes under a set of pages: as that, where one of the n - 1 may be a space (a byte A0
// read as NBSP and turned into a space) and, under windows-1252, the last may be missing (one of
// its five undefined bytes, dropped by the decoder). One byte of a character at most: a
// character with two of its bytes lost is a guess on one byte, and E9 + space + a dropped byte
// would make "é " in any French text a candidate (it reads as a CJK character).
struct SieveRule {
    PageMask lost = 0; // the pages under which bytes may have been lost

    static constexpr SieveRule adjacent() noexcept { return {}; }
    static constexpr SieveRule lostBytes(PageMask pages) noexcept { return {pages}; }
};

// Whether the character starting at `at` (of the text ending at `end`) can start a repair under
// `rule`. False at a byte that starts no well-formed character. This is the definition the
// kernels are held to; it is inline because the AVX2 kernel asks it about each candidate.
inline bool canStartRepair(const std::uint8_t* at, const std::uint8_t* end,
                           SieveRule rule) noexcept;

// The sieve's kernels (u8codec/cpu_features.h): Portable runs canStartRepair() at each non-ASCII
// byte; Avx2 looks at 64 bytes at a time, a superset from per-lead tables, then
// canStartRepair(); Avx512 is Avx2 with the bytes classified in one step (BW and VBMI).
// Other sets have no kernel of their own.
bool sieveKernelSupported(Isa k) noexcept;
Isa bestSieveKernel() noexcept;

// Per position of a 64-byte window, a bit each: what the character starting there may be (the
// AVX2 kernel's over-approximation, from SieveTables). Its candidates: a lead followed by a
// continuation's image (or a space), and windows-1252 2-byte leads; canStartRepair() decides.
struct SieveWindow {
    std::uint64_t lead = 0;    // the image of a lead byte under some page
    std::uint64_t cont = 0;    // ... of a continuation byte
    std::uint64_t twoLead = 0; // ... of a 2-byte lead under windows-1252
    std::uint64_t three = 0;   // a 3-byte lead (E0-EF)
    std::uint64_t space = 0;   // ' '
};

// Finds, in a text ending at `end`, the positions where canStartRepair() holds, one after the
// other. Any `from` is answered; with growing `from` (the repair resumes after each run it
// judged) the kernel reuses the windows it classified, so a run found costs no second look.
class RepairStartSieve {
public:
    RepairStartSieve(const std::uint8_t* end, SieveRule rule,
                     Isa kernel = bestSieveKernel()) noexcept
        : end_(end), rule_(rule), kernel_(kernel) {}

    // The first p in [from, end) where canStartRepair(p, end, rule) holds; end if none. Every
    // kernel gives the same answer.
    inline const std::uint8_t* next(const std::uint8_t* from) noexcept;

    // The kernels' state.
    struct Window {
        const std::uint8_t* start = nullptr; // null: nothing classified yet
        std::uint64_t candidates = 0;        // of [start, start + 64)
        std::uint64_t sure = 0;  // the candidates SieveTables::pages decides exactly (a subset)
        SieveWindow ahead;       // the masks of [start + 64, start + 128), when aheadValid
        bool aheadValid = false; // false where the window was passed over unclassified
        bool dense = false;      // non-ASCII all over the window: classify the next one at once
        std::uint8_t denseRecheck = 0; // windows until `dense` is looked at again
    };

private:
    // next() from a `from` past the window classified last.
    const std::uint8_t* fromKernel(const std::uint8_t* from) noexcept;

    const std::uint8_t* end_;
    SieveRule rule_;
    Isa kernel_;
    Window window_;
};

// The tables of the AVX2 kernel, per lead byte C0-EF (index lead - 0xC0): bit k (0-3) set when
// some character with that lead and a second byte in 80+16k..8F+16k is, under some page, the
// image of a lead byte (`lead`), of a continuation byte (`cont`, bits 4-7) or of a 2-byte lead
// under windows-1252 (`twoLead1252`, bits 0-3). Built from the page tables.
//
// The buckets merge the pages, so a bucket holding one page's lead images and another's
// continuation images (Greek letters, lead images under ISO-8859-7, share CE A0-AF and CF 80-8F
// with MacRoman's continuation images Ω and π) would make every pair of its characters a
// candidate. `pages` keeps them apart, per 2-byte character exactly, per 3-byte character by its
// first two bytes (index sievePageKey()): the page groups (pageGroups()) under which it is the
// image of the lead of a 2-, 3-, 4-byte sequence or of a continuation byte. A candidate needs a
// group with the first character as a lead image and the next as a continuation image (or a
// space, a lost A0), and for a 3- or 4-byte lead the one after that too (windows-1252 may have
// lost it, under SieveRule::lostBytes()).
struct SievePages {
    std::uint8_t lead2, lead3, lead4, cont;
};
//
// Two continuation images are left out of `leadCont` and found by their bytes instead (`split`):
// MacRoman's Ω (CE A9) and π (CF 80). In their buckets every other character is a Greek letter,
// the image of a lead byte only (ISO-8859-7, IBM437), so with them in, every Greek letter
// followed by ά-ί or ρ-ω was a candidate.
struct SieveTables {
    std::uint8_t leadCont[48];
    std::uint8_t split[2][2]; // the UTF-8 form of each (FF FF: not a continuation image)
    std::uint8_t twoLead1252[48];
    // Per set of page groups (pageGroups()), as `leadCont`'s bits 0-3: some character there is
    // the image of a 2-byte lead under a page of the set. A space after such a character is the
    // lost A0 of a 2-byte sequence; after any other, a space needs the image of a continuation
    // byte after it. The lost-bytes rule's quick test of a window uses the set it restores.
    std::uint8_t lead2ByGroups[256][48];
    SievePages pages[64 * 64];
    // The groups whose pages map the same characters to lead bytes (they read C0-FF alike), so
    // that merged they still decide a pair of 2-byte characters exactly: a lead image under one
    // is one under the others. Checked when the tables are built.
    std::uint8_t exactGroups;
    bool complete; // every character on a page has a 2- or 3-byte form (else the kernel is off)
};
const SieveTables& sieveTables() noexcept;

// The entry of SieveTables::pages for the character whose first two bytes are `b0` (C0-EF)
// and `b1` (80-BF).
constexpr std::size_t sievePageKey(std::uint8_t b0, std::uint8_t b1) noexcept {
    return std::size_t(b0 & 0x3F) << 6 | (b1 & 0x3F);
}

// The pages in eight groups, a bit each in the kernel's tables. Pages that read the lead bytes
// C0-FF alike share a group (windows-1252, ISO-8859-1 and -15; ISO-8859-2 and windows-1250;
// windows-1257 and ISO-8859-13; ISO-8859-7 and windows-1253; KOI8-R and KOI8-U): a character is
// the image of a lead byte under all of them or none, so a pair of 2-byte characters is decided
// exactly by the group (SieveTables::exactGroups). The Mac pages share a group, and the DOS
// pages and the rarer ISO and Windows pages the last. A group is a superset: a pair that only
// two different pages of a group would make is kept, and canStartRepair() decides.
constexpr std::uint8_t groupOf(CodePage cp) noexcept {
    switch (cp) {
    case CodePage::Windows1252:
    case CodePage::Latin1:
    case CodePage::Latin9:
        return 0;
    case CodePage::Windows1251:
        return 1;
    case CodePage::Latin2:
    case CodePage::Windows1250:
        return 2;
    case CodePage::MacRoman:
    case CodePage::MacCentralEurope:
    case CodePage::MacCyrillic:
        return 3;
    case CodePage::Windows1257:
    case CodePage::Latin7:
        return 4;
    case CodePage::Greek:
    case CodePage::Windows1253:
        return 5;
    case CodePage::Koi8R:
    case CodePage::Koi8U:
        return 6;
    default:
        return 7;
    }
}

inline constexpr std::uint8_t kGroup1252 = std::uint8_t(1u << groupOf(CodePage::Windows1252));

// The groups of a set of pages.
constexpr std::uint8_t pageGroups(PageMask pages) noexcept {
    unsigned g = 0;
    for (; pages != 0; pages &= pages - 1)
        g |= 1u << groupOf(CodePage(std::countr_zero(pages)));
    return std::uint8_t(g);
}

// The kernel the repair of a text of `bytes` looks for starts with: the scalar kernel on a short
// string, the best one on longer text. A pass asks from after each run it judged, and on a
// short string each answer past the window classified last entered the SIMD kernel again: about
// 660 instructions a call (AVX2 under callgrind), 7.6 calls a damaged string. The scalar kernel
// looks only at the bytes up to the next start. Damaged strings of the tune corpus, the passes:
// 116,500 -> 113,300 instructions and 12.1 -> 11.4 us (AVX-512) each; lines of 150-260 mostly
// Cyrillic characters, each with one damaged word, 6.66 -> 6.58 us; lines of 1,700 bytes,
// 16.1 -> 17.1 us, hence the limit. nothingToJudge() too: damaged strings 109,837 -> 109,259
// instructions, 11.5 -> 11.2 us; correct strings, which it scans whole, 10,486 -> 10,524
// instructions, 0.285 -> 0.30 us. Every kernel gives the same answer.
constexpr std::size_t kScalarSieveBytes = 512;
inline Isa sieveKernelFor(std::size_t bytes) noexcept {
    return bytes <= kScalarSieveBytes ? Isa::Portable : bestSieveKernel();
}

// The scalar kernel: canStartRepair() at each non-ASCII byte from `from` on.
const std::uint8_t* nextRepairStartScalar(const std::uint8_t* from, const std::uint8_t* end,
                                          SieveRule rule) noexcept;

#if defined(__x86_64__)
#define U8CODEC_SIEVE_AVX2 1
// The AVX2 and AVX-512 kernels, for a `from` past the window `w` classified last (or none).
const std::uint8_t* nextRepairStartAvx2(const std::uint8_t* from, const std::uint8_t* end,
                                        SieveRule rule, RepairStartSieve::Window& w) noexcept;
const std::uint8_t* nextRepairStartAvx512(const std::uint8_t* from, const std::uint8_t* end,
                                          SieveRule rule, RepairStartSieve::Window& w) noexcept;
#endif

namespace sieve {

struct CharAt {
    char32_t cp = 0;
    int length = 0; // 0: no well-formed 2- or 3-byte character starts here
};

// The character starting at `at`, if it is a well-formed 2- or 3-byte sequence (RFC 3629
// section 3, with the restricted second byte of E0 and ED). Every character on a page has such a
// form: 1-byte characters are ASCII, the pages hold nothing beyond U+FFFF (SieveTables::complete).
inline CharAt charAt(const std::uint8_t* at, const std::uint8_t* end) noexcept {
    const std::uint8_t b0 = *at;
    const ByteClass cls = classify(b0);
    const bool wellFormed = cls == ByteClass::Lead2
                                ? end - at >= 2 && classify(at[1]) == ByteClass::Continuation
                                : cls == ByteClass::Lead3 && end - at >= 3 &&
                                      firstContinuationRange(b0).contains(at[1]) &&
                                      classify(at[2]) == ByteClass::Continuation;
    if (!wellFormed)
        return {};
    const std::uint8_t* p = at;
    const char32_t cp = readValid(p);
    return {cp, int(p - at)};
}

// The pages under which the character at `*p` can stand for a continuation byte; `*p` moves past
// it. A space stands for A0 under the pages in `lost`, which then become empty: a character
// loses one byte at most.
inline PageMask continuationAt(const PageTables& t, const std::uint8_t*& p, const std::uint8_t* end,
                               PageMask& lost) noexcept {
    if (p == end)
        return 0;
    if (*p >= 0x80) {
        const CharAt c = charAt(p, end);
        p += c.length;
        return c.length != 0 ? t.masks(c.cp).cont : PageMask(0);
    }
    if (*p == ' ' && lost != 0) {
        ++p;
        return std::exchange(lost, PageMask(0));
    }
    return 0;
}

// canStartRepair() at `at`, whose character c0 (charAt()) is well-formed: the scalar kernel reads
// c0 itself, to step over its continuation bytes after.
inline bool startsRepair(CharAt c0, const std::uint8_t* at, const std::uint8_t* end,
                         SieveRule rule) noexcept {
    const PageTables& t = pageTables();
    const PageMasks& m0 = t.masks(c0.cp);
    if (m0.lead() == 0)
        return false;
    // Under a page mapping c0 to the lead of an n-byte sequence, the n - 1 characters after it
    // must stand for continuation bytes of the same page; windows-1252 may have lost the last
    // (when no byte before it was lost).
    PageMask lost = rule.lost;
    const auto dropper = [&] { return PageMask(lost & pageBit(CodePage::Windows1252)); };
    if (m0.leads[0] & dropper())
        return true;
    const std::uint8_t* p = at + c0.length;
    const PageMask ok1 = sieve::continuationAt(t, p, end, lost);
    if (m0.leads[0] & ok1)
        return true;
    const PageMask three = m0.leads[1] & ok1;
    PageMask four = m0.leads[2] & ok1;
    if ((three & dropper()) != 0)
        return true;
    if ((three | four) == 0)
        return false;
    const PageMask ok2 = sieve::continuationAt(t, p, end, lost);
    if (three & ok2)
        return true;
    four &= ok2;
    if ((four & dropper()) != 0)
        return true;
    if (four == 0)
        return false;
    return (four & sieve::continuationAt(t, p, end, lost)) != 0;
}

} // namespace sieve

inline bool canStartRepair(const std::uint8_t* at, const std::uint8_t* end,
                           SieveRule rule) noexcept {
    const sieve::CharAt c0 = sieve::charAt(at, end);
    return c0.length != 0 && sieve::startsRepair(c0, at, end, rule);
}

namespace sieve {

// The first of `pending` (candidates of the window `w` classified, as bits from w.start) where
// a repair starts, or null. The tables over-approximate (a bucket of 16 second bytes, the third
// byte unchecked): the definition decides, but for the candidates they decide exactly (w.sure).
inline const std::uint8_t* firstStart(const RepairStartSieve::Window& w, std::uint64_t pending,
                                      const std::uint8_t* end, SieveRule rule) noexcept {
    for (; pending != 0; pending &= pending - 1) {
        const std::uint8_t* at = w.start + __builtin_ctzll(pending);
        if ((w.sure & pending & (0 - pending)) != 0 || canStartRepair(at, end, rule))
            return at;
    }
    return nullptr;
}

} // namespace sieve

inline const std::uint8_t* RepairStartSieve::next(const std::uint8_t* from) noexcept {
    // In the window the kernel classified last, its candidates answer. Damaged text asks two or
    // three times per window (the repair resumes after each run it judged), and entering the
    // kernel costs more than most answers; the kernel is entered only past the window.
    // The scalar kernel (a short string's) classifies no window: asked at once, without
    // fromKernel()'s call and choice of kernel.
    if (kernel_ == Isa::Portable)
        return nextRepairStartScalar(from, end_, rule_);
    const Window& w = window_;
    if (w.start != nullptr && from >= w.start && from < w.start + 64) {
        const std::uint64_t pending = w.candidates & (~std::uint64_t(0) << (from - w.start));
        if (const std::uint8_t* at = sieve::firstStart(w, pending, end_, rule_))
            return at;
        from = w.start + 64;
    }
    return fromKernel(from);
}

} // namespace u8convert::detail
