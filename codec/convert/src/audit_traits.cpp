// What the audit's rules ask of a BMP character, looked up once per code point: most text is made
// of characters that no rule reports and that end no run, and a table read costs far less than
// the ICU property queries behind it.
#include "audit_detail.h"
#include "normalize_detail.h"

#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>

namespace u8convert::audit_detail {
using namespace u8codec;

namespace {

std::uint8_t flagsOf(char32_t cp, const icu::Normalizer2* nfc) {
    std::uint8_t flags = 0;
    AuditChar c;
    c.cp = cp;
    c.offset = 1; // U+FEFF anywhere but at the start
    const bool ordinary = !characterKind(c, AuditProfile::Code) &&
                          !characterKind(c, AuditProfile::Text) && !isVariationSelector(cp) &&
                          !isTag(cp) && !isDecidedByNeighbours(cp) &&
                          bidiClassOf(cp) == BidiClass::None && !endsLine(cp);
    if (ordinary)
        flags |= CharTraits::kOrdinary;
    if (isIdentifierCharacter(cp))
        flags |= CharTraits::kIdentifier;
    if (isIdentifierCharacter(cp) && u_charType(UChar32(cp)) != U_CONNECTOR_PUNCTUATION)
        flags |= CharTraits::kWord;
    if (cp >= 0x20 && nfc && nfc->hasBoundaryBefore(UChar32(cp)) &&
        detail::isQuickYesStarter(cp, NormalForm::Nfc))
        flags |= CharTraits::kNfcInert;
    if ((U_GET_GC_MASK(UChar32(cp)) & (U_GC_L_MASK | U_GC_M_MASK)) != 0)
        flags |= CharTraits::kLetterOrMark;
    return flags;
}

std::uint8_t scriptOf(char32_t cp) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode codes[2];
    const int n = uscript_getScriptExtensions(UChar32(cp), codes, 2, &status);
    // One script, as most characters have; several (or an error) are asked again when needed.
    if (status == U_ZERO_ERROR && n == 1 && codes[0] < CharTraits::kSeveralScripts)
        return std::uint8_t(codes[0]);
    return CharTraits::kSeveralScripts;
}

// The BMP's traits, built 256 code points at a time when one of them is first seen, so that
// ASCII-only input never pays for the table.
class TraitsTable {
public:
    const CharTraits* block(char32_t cp) {
        auto& block = blocks_[cp >> 8];
        std::call_once(block.once, [&] {
            UErrorCode status = U_ZERO_ERROR;
            const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
            block.traits = std::make_unique<CharTraits[]>(256);
            for (char32_t i = 0; i < 256; ++i) {
                const char32_t c = (cp & ~char32_t(0xFF)) | i;
                block.traits[i] = {flagsOf(c, U_SUCCESS(status) ? nfc : nullptr), scriptOf(c)};
            }
            traitsBlocks[cp >> 8].store(block.traits.get(), std::memory_order_release);
        });
        return block.traits.get();
    }

private:
    struct Block {
        std::once_flag once;
        std::unique_ptr<CharTraits[]> traits;
    };
    std::array<Block, 256> blocks_;
};

} // namespace

bool isIdentifierCharacter(char32_t cp) noexcept {
    if (cp < 0x80)
        return (cp >= U'a' && cp <= U'z') || (cp >= U'A' && cp <= U'Z') ||
               (cp >= U'0' && cp <= U'9') || cp == U'_';
    return u_hasBinaryProperty(UChar32(cp), UCHAR_ID_CONTINUE);
}

constinit std::array<std::atomic<const CharTraits*>, 256> traitsBlocks{};

const CharTraits* makeTraitsBlock(char32_t cp) {
    static TraitsTable table;
    return table.block(cp);
}

CharTraits traitsAboveBmp(char32_t cp) {
    // Above the BMP (emoji, historic scripts, CJK extensions): asked each time.
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
    return {flagsOf(cp, U_SUCCESS(status) ? nfc : nullptr), scriptOf(cp)};
}

} // namespace u8convert::audit_detail
