// UAX #9 through ICU's ubidi, on UTF-16 (ICU's form), mapped back to the line's characters.
#include "u8convert/reading_order.h"

#include <memory>
#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <unicode/utf16.h>

namespace u8convert {

bool ReadingOrder::reordered() const noexcept {
    for (std::size_t i = 0; i < cells.size(); ++i)
        if (cells[i].logical != i)
            return true;
    return false;
}

bool isBidiControl(char32_t cp) noexcept {
    return u_hasBinaryProperty(UChar32(cp), UCHAR_BIDI_CONTROL);
}

ReadingOrder readingOrder(std::u32string_view line) {
    ReadingOrder order;
    auto logicalOrder = [&] {
        order.cells.clear();
        for (std::size_t i = 0; i < line.size(); ++i)
            order.cells.push_back({i, 0, line[i]});
        return order;
    };
    // UTF-16, and for each code unit the index of its character.
    std::vector<UChar> units;
    std::vector<std::size_t> characterOf;
    units.reserve(line.size());
    for (std::size_t i = 0; i < line.size(); ++i) {
        const UChar32 cp = line[i] <= 0x10FFFF ? UChar32(line[i]) : 0xFFFD;
        if (U16_LENGTH(cp) == 2) {
            units.push_back(U16_LEAD(cp));
            units.push_back(U16_TRAIL(cp));
            characterOf.insert(characterOf.end(), 2, i);
        } else {
            units.push_back(UChar(cp));
            characterOf.push_back(i);
        }
    }
    if (units.empty() || units.size() > std::size_t(INT32_MAX))
        return logicalOrder();
    UErrorCode status = U_ZERO_ERROR;
    const std::unique_ptr<UBiDi, void (*)(UBiDi*)> bidi(ubidi_open(), ubidi_close);
    if (!bidi)
        return logicalOrder();
    // UBIDI_DEFAULT_LTR: the paragraph takes the direction of its first strong character (P2, P3).
    ubidi_setPara(bidi.get(), units.data(), int32_t(units.size()), UBIDI_DEFAULT_LTR, nullptr,
                  &status);
    const UBiDiLevel* levels = ubidi_getLevels(bidi.get(), &status);
    std::vector<int32_t> visual(units.size());
    ubidi_getVisualMap(bidi.get(), visual.data(), &status);
    if (U_FAILURE(status) || !levels)
        return logicalOrder();
    order.rightToLeft = (ubidi_getParaLevel(bidi.get()) & 1) != 0;
    // The two units of a surrogate pair stay one character: each character once, where its
    // first unit is displayed.
    std::vector<bool> placed(line.size(), false);
    for (const int32_t unit : visual) {
        if (unit < 0 || std::size_t(unit) >= units.size())
            continue;
        const std::size_t i = characterOf[std::size_t(unit)];
        if (placed[i])
            continue;
        placed[i] = true;
        const UBiDiLevel level = levels[unit];
        char32_t shown = line[i];
        if ((level & 1) != 0 && u_isMirrored(UChar32(shown)))
            shown = char32_t(u_charMirror(UChar32(shown)));
        order.cells.push_back({i, std::uint8_t(level), shown});
    }
    if (order.cells.size() != line.size())
        return logicalOrder();
    return order;
}

} // namespace u8convert
