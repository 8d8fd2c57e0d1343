#include "u8convert/detect.h"

#include "u8codec/byte_source.h"
#include "u8codec/decoder.h"
#include "u8codec/json_string.h"
#include "u8codec/problem.h"
#include "u8codec/scan.h"
#include "u8codec/segmenter.h"
#include "u8convert/repair.h"
#include "u8convert/transcode.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <unicode/ucnv.h>
#include <unicode/ucsdet.h>

namespace u8convert {
using namespace u8codec;

namespace {

struct Bom {
    std::string_view bytes;
    const char* encoding;
};

// Longest first: FF FE 00 00 (UTF-32LE) begins like FF FE (UTF-16LE).
constexpr Bom kBoms[] = {
    {std::string_view("\xFF\xFE\x00\x00", 4), "UTF-32LE"},
    {std::string_view("\x00\x00\xFE\xFF", 4), "UTF-32BE"},
    {std::string_view("\xEF\xBB\xBF", 3), "UTF-8"},
    {std::string_view("\xFF\xFE", 2), "UTF-16LE"},
    {std::string_view("\xFE\xFF", 2), "UTF-16BE"},
};

bool convertsCleanly(std::span<const std::uint8_t> bytes, const char* encoding) {
    // A cut at the end of the examined window may split the last unit: leave a margin.
    const std::size_t n = bytes.size() - bytes.size() % 4;
    return transcode(bytes.first(n), encoding, "UTF-8").status.ok();
}

// UTF-16 and UTF-32 by their zero bytes: text whose characters are mostly below U+0100 has a
// zero in the high byte of every UTF-16 unit, and in the top two bytes of every UTF-32 unit.
void guessByZeros(std::span<const std::uint8_t> b, std::vector<EncodingGuess>& guesses) {
    const std::size_t n = std::min<std::size_t>(b.size(), 65536) & ~std::size_t(3);
    if (n < 4)
        return;
    std::size_t zeros[4] = {0, 0, 0, 0};
    for (std::size_t i = 0; i < n; ++i)
        zeros[i % 4] += b[i] == 0;
    const double quarter = double(n / 4);
    double z[4];
    for (int k = 0; k < 4; ++k)
        z[k] = zeros[k] / quarter;
    const auto add = [&](const char* enc, double share, const char* reason) {
        if (!convertsCleanly(b.first(n), enc))
            return;
        guesses.push_back({enc, std::clamp(int(50 + 50 * share), 0, 100), reason, "", ""});
    };
    if (z[2] > 0.9 && z[3] > 0.9 && z[1] > 0.5 && z[0] < 0.1)
        add("UTF-32LE", (z[2] + z[3]) / 2, "zero bytes at offsets 1-3 of every 4 (UTF-32LE)");
    else if (z[0] > 0.9 && z[1] > 0.9 && z[2] > 0.5 && z[3] < 0.1)
        add("UTF-32BE", (z[0] + z[1]) / 2, "zero bytes at offsets 0-2 of every 4 (UTF-32BE)");
    const double even = (z[0] + z[2]) / 2, odd = (z[1] + z[3]) / 2;
    if (odd > 0.3 && even < 0.05)
        add("UTF-16LE", odd, "zero bytes at odd offsets (UTF-16LE, text mostly below U+0100)");
    else if (even > 0.3 && odd < 0.05)
        add("UTF-16BE", even, "zero bytes at even offsets (UTF-16BE, text mostly below U+0100)");
}

// File signatures ("magic numbers") of common binary formats, from each format's specification:
// ELF (System V ABI), PNG (RFC 2083, section 3.1), ZIP (PKWARE APPNOTE 4.3.7), PDF (ISO 32000-1,
// 7.5.2), gzip (RFC 1952, 2.3.1), JPEG (ITU T.81 SOI + marker), GIF (GIF89a spec), Java class.
struct Signature {
    std::string_view bytes;
    const char* what;
};
constexpr Signature kSignatures[] = {
    {"\x7F"
     "ELF",
     "ELF executable"},
    {"\x89PNG\r\n\x1A\n", "PNG image"},
    {"PK\x03\x04", "ZIP archive"},
    {"%PDF-", "PDF document"},
    {"\x1F\x8B", "gzip archive"},
    {"\xFF\xD8\xFF", "JPEG image"},
    {"GIF87a", "GIF image"},
    {"GIF89a", "GIF image"},
    {"\xCA\xFE\xBA\xBE", "Java class or Mach-O file"},
};

// Text has no NUL bytes (outside UTF-16/UTF-32, whose guesses explain them); one in a hundred is
// far more than a stray NUL in a text file and far fewer than binary formats hold.
constexpr double kBinaryNulShare = 0.01;
constexpr double kBinaryControlShare = 0.05;

// Whether the bytes read as well-formed UTF-16 in that byte order (a last odd byte, or a high
// surrogate the window cut off, ignored).
bool wellFormedUtf16(std::span<const std::uint8_t> b, bool bigEndian) {
    bool expectLow = false;
    for (std::size_t i = 0; i + 1 < b.size(); i += 2) {
        const unsigned unit =
            bigEndian ? unsigned(b[i]) << 8 | b[i + 1] : unsigned(b[i + 1]) << 8 | b[i];
        const bool high = unit >= 0xD800 && unit <= 0xDBFF;
        const bool low = unit >= 0xDC00 && unit <= 0xDFFF;
        if (low != expectLow)
            return false;
        expectLow = high;
    }
    return true;
}

std::string binaryEvidence(std::span<const std::uint8_t> b, bool zerosExplained) {
    const std::string_view head(reinterpret_cast<const char*>(b.data()),
                                std::min<std::size_t>(16, b.size()));
    for (const Signature& s : kSignatures)
        if (head.starts_with(s.bytes))
            return std::string(s.what);
    if (zerosExplained || b.empty())
        return {};
    const auto nuls = std::size_t(std::count(b.begin(), b.end(), std::uint8_t(0)));
    const double share = double(nuls) / double(b.size());
    if (share >= kBinaryNulShare)
        return "NUL-rich: " + std::to_string(std::max(1, int(share * 100 + 0.5))) + " % zero bytes";
    // Controls no text uses (tab, line breaks, form feed and ESC are text's): random bytes have
    // one in ten, text next to none. UTF-16 text without ASCII (CJK) has as many, and no zero
    // byte: bytes that read as well-formed UTF-16 in either order are not called binary for them
    // (random bytes are not: about one unit in 32 is a surrogate, and they do not pair).
    if (wellFormedUtf16(b, false) || wellFormedUtf16(b, true))
        return {};
    const auto controls = std::size_t(std::count_if(b.begin(), b.end(), [](std::uint8_t c) {
        return (c < 0x20 && c != '\t' && c != '\n' && c != '\v' && c != '\f' && c != '\r' &&
                c != 0x1B) ||
               c == 0x7F;
    }));
    const double controlShare = double(controls) / double(b.size());
    if (controlShare < kBinaryControlShare)
        return {};
    return "control-rich: " + std::to_string(int(controlShare * 100 + 0.5)) +
           " % control bytes text does not use";
}

void guessWithIcu(std::span<const std::uint8_t> b, bool excludeUtf8,
                  std::vector<EncodingGuess>& guesses) {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<UCharsetDetector, decltype(&ucsdet_close)> det(ucsdet_open(&status),
                                                                   &ucsdet_close);
    if (U_FAILURE(status))
        return;
    const std::size_t n = std::min<std::size_t>(b.size(), std::size_t(INT32_MAX));
    ucsdet_setText(det.get(), reinterpret_cast<const char*>(b.data()), int32_t(n), &status);
    int32_t found = 0;
    const UCharsetMatch** matches = ucsdet_detectAll(det.get(), &found, &status);
    if (U_FAILURE(status))
        return;
    for (int32_t i = 0; i < found; ++i) {
        UErrorCode e = U_ZERO_ERROR;
        const char* name = ucsdet_getName(matches[i], &e);
        const int conf = ucsdet_getConfidence(matches[i], &e);
        const char* lang = ucsdet_getLanguage(matches[i], &e);
        if (U_FAILURE(e) || !name || conf <= 0)
            continue;
        const std::string enc(name);
        if (excludeUtf8 && enc == "UTF-8")
            continue;
        // ICU's UTF-16/32 recognisers answer 10 for any text without a BOM: noise, not a guess
        // (the BOM and zero-byte checks above are what finds those forms).
        if (enc.starts_with("UTF-16") || enc.starts_with("UTF-32")) {
            if (conf <= 10)
                continue;
        }
        if (std::any_of(guesses.begin(), guesses.end(),
                        [&](const EncodingGuess& g) { return g.encoding == enc; }))
            continue;
        guesses.push_back({enc, conf, "ICU charset detector", lang ? lang : "", ""});
    }
}

// C1 controls windows-1252 reads as punctuation: windows-1252 text converted to UTF-8 as if it
// were ISO-8859-1 (see repairC1()).
std::uint64_t countC1Punctuation(std::string_view utf8) {
    std::uint64_t n = 0;
    for (std::size_t at = findC1Punctuation(utf8); at != std::string_view::npos;
         at = findC1Punctuation(utf8, at + 2))
        ++n;
    return n;
}

// Maximal runs of non-ASCII bytes: well-formed UTF-8 throughout, or holding an error.
struct NonAsciiRuns {
    std::uint64_t wellFormed = 0;
    std::uint64_t withErrors = 0;
    std::uint64_t utf8Damage = 0; // see Detection::utf8Damage
};

// Whether an error segment is damage of UTF-8 itself rather than a stray byte of a legacy page:
// an overlong form, a surrogate, a code point above U+10FFFF, a lead with its continuation bytes
// cut short, or C0/C1 before a continuation byte (the overlong 2-byte form, "C0 AF" for "/"). A
// single-byte page's stray byte stands alone: a letter of C0-FF before ASCII, or a symbol of
// 80-BF after it.
bool isUtf8Damage(const Segment& s, std::span<const std::uint8_t> run) {
    switch (s.error) {
    case ErrorKind::Overlong:
    case ErrorKind::Surrogate:
    case ErrorKind::TooLarge:
        return true;
    case ErrorKind::Truncated:
        return s.length > 1;
    case ErrorKind::InvalidByte: {
        const std::uint8_t b0 = run[s.offset];
        const std::size_t next = std::size_t(s.offset) + 1;
        return (b0 == 0xC0 || b0 == 0xC1) && next < run.size() && run[next] <= 0xBF;
    }
    default:
        return false;
    }
}

NonAsciiRuns countNonAsciiRuns(std::span<const std::uint8_t> b) {
    NonAsciiRuns runs;
    std::size_t i = 0;
    while (i < b.size()) {
        i += asciiRunLength(b.subspan(i));
        std::size_t end = i;
        while (end < b.size() && b[end] >= 0x80)
            ++end;
        const auto run = b.subspan(i, end - i);
        if (!run.empty() && scan(run).valid()) {
            ++runs.wellFormed;
        } else if (!run.empty()) {
            ++runs.withErrors;
            for (const Segment& s : segment(run))
                runs.utf8Damage += isUtf8Damage(s, run);
        }
        i = end;
    }
    return runs;
}

// UTF-8 with a few stray legacy bytes, or a legacy file? Every UTF-8 character beyond ASCII is a
// run of bytes 80-FF, so a UTF-8 file's non-ASCII runs are well-formed but for the few that hold
// a stray byte. In legacy text a run is well-formed UTF-8 only by chance (Dürst, "The Properties
// and Promises of UTF-8", 11th Unicode Conference, 1997): in windows-1252 it takes a capital
// accented letter or "ß" (C2-DF) followed by a symbol from 80-BF ("€", "…", "©", "«", "°"),
// rare in real text, and a whole word of Cyrillic, Greek or CJK bytes almost never passes.
// Measured on samples like those of tst_detect (which holds the outcome): French, German, Czech,
// Polish, Hungarian, Greek, Hebrew, Arabic and Russian text in its page, and Chinese, Japanese and
// Korean in GBK, Big5, Shift_JIS, EUC-JP and EUC-KR, have no well-formed run against 21-150 with
// errors; the worst case, short Ukrainian words in windows-1251 (a capital before "і", B3: "Ні",
// "Ці"), 2 against 10. Counting characters instead of runs would not do: EUC-JP text forms 26
// well-formed sequences against 58 errors. So at least as many well-formed runs as runs with errors
// is UTF-8, never a legacy page.
bool mostlyUtf8(const NonAsciiRuns& runs) {
    return runs.wellFormed > 0 && runs.wellFormed >= runs.withErrors;
}

// Whether text in `encoding` could not hold `longSequences` well-formed 3- and 4-byte UTF-8
// sequences: a single-byte page forms one only where a letter of E0-F4 (an accented small letter
// in the Latin pages) is followed by two or three symbols of 80-BF, next to never in text, where
// the double-byte East Asian encodings form them often (EUC-JP: 26 in a page of text). Three or
// more in a single-byte guess are UTF-8 characters among stray bytes (a file with every kind of
// error beside its CJK and emoji), not that page.
bool singleByteTextWouldNotHold(const std::string& encoding, std::uint64_t longSequences) {
    if (longSequences < 3)
        return false;
    UErrorCode status = U_ZERO_ERROR;
    UConverter* cnv = ucnv_open(encoding.c_str(), &status);
    const bool singleByte = cnv && U_SUCCESS(status) && ucnv_getMaxCharSize(cnv) == 1;
    if (cnv)
        ucnv_close(cnv);
    return singleByte;
}

// The guess for UTF-8 with stray bytes. The stray bytes are read as windows-1252 by the repair
// that keeps the valid characters (`--invalid=cp1252`): it reads every byte ISO-8859-1 reads as
// a printable character the same, and 80-9F as the letters and punctuation they stand for in
// practice (the WHATWG Encoding Standard decodes the label iso-8859-1 as windows-1252).
constexpr const char* kStrayBytesPage = "windows-1252";

EncodingGuess strayBytesGuess(const NonAsciiRuns& runs, std::uint64_t multiByte,
                              std::uint64_t errorSegments) {
    // At most 1 where the runs decide (mostlyUtf8()); where the 3- and 4-byte sequences do
    // (singleByteTextWouldNotHold()) the runs may be fewer, even none.
    const double ratio =
        runs.wellFormed ? std::min(1.0, double(runs.withErrors) / double(runs.wellFormed)) : 1.0;
    return {"UTF-8", int(95 - 35 * ratio),
            "UTF-8 with " + std::to_string(errorSegments) + " invalid sequence(s) among " +
                std::to_string(multiByte) + " multi-byte characters: stray bytes, likely " +
                kStrayBytesPage,
            "", kStrayBytesPage};
}

// The hint from the repair's own fixes: the chain of mis-decodings most of them undo (the first
// met wins a tie), so the page named is the page the repair uses.
MojibakeHint mojibakeHint(const MojibakeResult& m) {
    MojibakeHint hint;
    hint.fixes = m.fixCount;
    if (m.fixes.empty())
        return hint;
    std::vector<std::pair<std::vector<CodePage>, int>> chains; // in order of first occurrence
    for (const MojibakeFix& f : m.fixes) {
        auto it = std::find_if(chains.begin(), chains.end(),
                               [&](const auto& c) { return c.first == f.misdecodings; });
        if (it == chains.end())
            chains.emplace_back(f.misdecodings, 1);
        else
            ++it->second;
    }
    const auto best =
        std::max_element(chains.begin(), chains.end(),
                         [](const auto& x, const auto& y) { return x.second < y.second; });
    MojibakeFix chain; // only the mis-decodings: the words MojibakeFix uses for them
    chain.misdecodings = best->first;
    hint.misdecodings = best->first;
    hint.description = chain.description();
    hint.exampleBefore = m.fixes.front().damaged;
    hint.exampleAfter = m.fixes.front().repaired;
    hint.exampleOffset = m.fixes.front().offset;
    return hint;
}

// A byte order mark at the start: its encoding, sure when the units after it are whole (or the
// window `cut` them), doubtful when not (FE FF 00 is no UTF-16BE text).
void guessByBom(std::span<const std::uint8_t> b, bool cut, std::vector<EncodingGuess>& guesses) {
    const std::string_view head(reinterpret_cast<const char*>(b.data()),
                                std::min<std::size_t>(4, b.size()));
    for (const Bom& bom : kBoms)
        if (head.starts_with(bom.bytes)) {
            std::string hex;
            for (unsigned char c : bom.bytes) {
                char buf[4];
                std::snprintf(buf, sizeof buf, "%s%02X", hex.empty() ? "" : " ", c);
                hex += buf;
            }
            // The units after the mark must be whole: FE FF 00 is no UTF-16BE text.
            const std::string_view encoding = bom.encoding;
            const std::size_t unit = encoding.starts_with("UTF-32")   ? 4
                                     : encoding.starts_with("UTF-16") ? 2
                                                                      : 1;
            const std::size_t rest = b.size() - bom.bytes.size();
            if (rest % unit == 0 || cut)
                guesses.push_back({bom.encoding, 100, "byte order mark " + hex, "", ""});
            else
                guesses.push_back({bom.encoding, 30,
                                   "byte order mark " + hex + ", but " + std::to_string(rest) +
                                       " bytes after it: not whole " + std::to_string(unit * 8) +
                                       "-bit units",
                                   "", ""});
            break;
        }
}

// "ASCII only", or, when only the first bytes were examined, that they are ASCII: what follows
// them may be anything (an é, invalid bytes past 4 MiB).
std::string asciiOnlyReason(std::size_t examined, bool cut) {
    if (!cut)
        return "ASCII only: also valid in every ASCII-based encoding";
    const std::string size = examined % (std::size_t(1) << 20) == 0
                                 ? std::to_string(examined >> 20) + " MiB"
                                 : std::to_string(examined) + " bytes";
    return "the first " + size +
           " are ASCII (the rest was not examined): valid so far in every "
           "ASCII-based encoding";
}

} // namespace

Detection detectEncoding(std::span<const std::uint8_t> all, std::size_t maxBytes) {
    Detection d;
    auto b = all.first(std::min(all.size(), maxBytes));
    // A sample cut inside a character ends before it: the character goes on after the sample,
    // and every judge below (the scan, the runs, ICU, the mojibake repair) sees whole ones.
    if (b.size() < all.size())
        b = b.first(b.size() - unfinishedTailLength(b));
    d.examinedBytes = b.size();
    d.wholeInput = b.size() == all.size();
    guessByBom(b, !d.wholeInput, d.guesses);
    const ScanSummary summary = scan(b);
    d.invalidSequences = summary.errorSegments();
    d.multiByteCharacters = summary.characters - summary.byLength[1];
    d.validUtf8 = summary.valid();
    d.asciiOnly = summary.characters == summary.byLength[1] && summary.valid();
    const bool hasNul = std::find(b.begin(), b.end(), std::uint8_t(0)) != b.end();
    if (d.guesses.empty() && hasNul)
        guessByZeros(b, d.guesses);
    d.binary = binaryEvidence(b, !d.guesses.empty());
    std::optional<NonAsciiRuns> runs; // counted once, where the bytes hold errors
    if (!d.validUtf8) {
        runs = countNonAsciiRuns(b);
        d.utf8Damage = runs->utf8Damage;
        // As the window's Problems list and `check` count them (C0 AF is one, not two).
        ProblemScanner problems;
        ProblemCounts counts{};
        problems.count(b, counts);
        problems.finish([&counts](const Problem& p) { ++counts[std::size_t(p.kind)]; });
        for (const std::uint64_t n : counts)
            d.problems += n;
    }
    if (d.validUtf8 && (d.guesses.empty() || d.guesses.front().encoding == "UTF-8")) {
        if (d.guesses.empty())
            d.guesses.push_back({"UTF-8", d.asciiOnly ? 90 : 100,
                                 d.asciiOnly ? asciiOnlyReason(b.size(), b.size() < all.size())
                                             : "well-formed UTF-8 with " +
                                                   std::to_string(d.multiByteCharacters) +
                                                   " multi-byte characters",
                                 "", ""});
        if (!d.asciiOnly) {
            const MojibakeResult m =
                repairMojibake(std::string_view(reinterpret_cast<const char*>(b.data()), b.size()));
            d.mojibake = mojibakeHint(m);
            d.c1Punctuation = countC1Punctuation(m.text);
        }
    } else if (d.guesses.empty() && !d.validUtf8) {
        if (mostlyUtf8(*runs))
            d.guesses.push_back(strayBytesGuess(*runs, d.multiByteCharacters, d.invalidSequences));
    } else if (!d.validUtf8 && !d.guesses.empty() && d.guesses.front().encoding == "UTF-8") {
        d.guesses.front().strayBytesPage = kStrayBytesPage; // a UTF-8 BOM, then stray bytes
    }
    if (!d.validUtf8 || d.guesses.front().encoding != "UTF-8")
        guessWithIcu(b, !d.validUtf8, d.guesses);
    const std::uint64_t longSequences = summary.byLength[3] + summary.byLength[4];
    if (!d.validUtf8 && !d.guesses.empty() && d.guesses.front().encoding != "UTF-8" &&
        singleByteTextWouldNotHold(d.guesses.front().encoding, longSequences)) {
        EncodingGuess stray = strayBytesGuess(*runs, d.multiByteCharacters, d.invalidSequences);
        stray.confidence =
            std::min(95, std::max(stray.confidence, d.guesses.front().confidence + 1));
        d.guesses.insert(d.guesses.begin(), std::move(stray));
    }
    // Binary data is no text with stray bytes: no repair is suggested for it.
    if (!d.binary.empty())
        for (EncodingGuess& g : d.guesses)
            g.strayBytesPage.clear();
    std::stable_sort(
        d.guesses.begin(), d.guesses.end(),
        [](const EncodingGuess& x, const EncodingGuess& y) { return x.confidence > y.confidence; });
    if (!d.guesses.empty() && d.guesses.front().encoding == "UTF-8" && d.binary.empty())
        d.lineEndings = countLineEndings(b);
    return d;
}

Detection detectEncoding(const ByteSource& source) {
    // One byte past the window tells the detector that the window was cut, and where.
    std::vector<std::uint8_t> head(
        std::size_t(std::min<std::uint64_t>(source.size(), kDetectWindow + 1)));
    head.resize(source.read(0, std::span(head)));
    return detectEncoding(head, kDetectWindow);
}

} // namespace u8convert
