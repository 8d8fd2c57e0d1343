// not-nfc: normalization segments that NFC changes (UAX #15).
#include "audit_detail.h"
#include "normalize_detail.h"
#include "u8codec/encoder.h"
#include "u8codec/segmenter.h"

#include <algorithm>
#include <array>
#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>
#include <unicode/stringpiece.h>

namespace u8convert::audit_detail {
using namespace u8codec;

namespace {

const icu::Normalizer2* nfc() {
    static const icu::Normalizer2* instance = [] {
        UErrorCode status = U_ZERO_ERROR;
        const icu::Normalizer2* n = icu::Normalizer2::getNFCInstance(status);
        return U_SUCCESS(status) ? n : nullptr;
    }();
    return instance;
}

} // namespace

void NfcTracker::onChar(const AuditChar& c, RuleContext& ctx) {
    if (c.error || c.cp < 0x20) { // ends the segment, and belongs to none
        close(ctx);
        return;
    }
    const bool inert = c.cp < 0x80 || c.traits.has(CharTraits::kNfcInert);
    const bool boundary = inert || !nfc() || nfc()->hasBoundaryBefore(UChar32(c.cp));
    if (boundary || count_ == kMaxLength)
        close(ctx);
    chars_[count_++] = c;
    if (!inert && !detail::isQuickYesStarter(c.cp, NormalForm::Nfc))
        needsCheck_ = true;
}

void NfcTracker::afterPlainAscii(std::uint8_t last, std::uint64_t offset, std::uint64_t line,
                                 std::uint64_t column) noexcept {
    needsCheck_ = false;
    count_ = 0;
    if (last < 0x20)
        return;
    AuditChar c;
    c.cp = last;
    c.offset = offset;
    c.length = 1;
    c.line = line;
    c.column = column;
    chars_[0] = c;
    count_ = 1;
}

void NfcTracker::close(RuleContext& ctx) {
    const bool check = needsCheck_ && count_ != 0 && nfc();
    needsCheck_ = false;
    const std::size_t count = count_;
    count_ = 0;
    if (!check)
        return;
    // On the stack: most segments checked are in NFC (a letter and its marks).
    std::array<std::uint8_t, 4 * kMaxLength> text;
    std::size_t used = 0;
    std::uint64_t length = 0;
    for (std::size_t i = 0; i < count; ++i) {
        used += std::size_t(std::max(0, encode(chars_[i].cp, text.data() + used)));
        length += chars_[i].length;
    }
    UErrorCode status = U_ZERO_ERROR;
    const icu::StringPiece piece(reinterpret_cast<const char*>(text.data()), int32_t(used));
    if (nfc()->isNormalizedUTF8(piece, status) || U_FAILURE(status))
        return;
    std::u32string chars;
    for (std::size_t i = 0; i < count; ++i)
        chars += chars_[i].cp;
    AuditFinding f;
    f.kind = AuditKind::NotNfc;
    f.offset = chars_[0].offset;
    f.length = length;
    f.line = chars_[0].line;
    f.column = chars_[0].column;
    f.codePoints.assign(chars.begin(), chars.end());
    icu::StringByteSink<std::string> sink(&f.lookalike);
    nfc()->normalizeUTF8(0, piece, sink, nullptr, status);
    std::string from, to;
    for (char32_t cp : chars)
        from += (from.empty() ? "" : " ") + codePointLabel(cp);
    const auto* nfcBytes = reinterpret_cast<const std::uint8_t*>(f.lookalike.data());
    for (const Segment& s : segment(std::span(nfcBytes, f.lookalike.size())))
        to += (to.empty() ? "" : " ") + codePointLabel(s.codePoint);
    f.message = quoted(chars) + " (" + from + ") is not in Normalization Form C: NFC makes it \"" +
                f.lookalike + "\" (" + to +
                ") (UAX #15). Text that looks the same compares unequal in two forms, so one "
                "name can be written twice (UAX #31 section 5)";
    ctx.findings.add(std::move(f));
}

} // namespace u8convert::audit_detail
