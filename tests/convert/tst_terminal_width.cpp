// How characters fill a terminal's cells (u8convert/terminal_width.h): the width of each kind of
// character, and the form a text dump shows it in, on characters chosen for each rule.
#include "u8convert/audit.h"
#include "u8convert/terminal_width.h"
#include "u8test/harness.h"

using namespace u8codec;
using namespace u8convert;

namespace {

TEST_CASE("the columns each kind of character fills") {
    const struct {
        const char* name;
        char32_t cp;
        int columns;
    } rows[] = {
        {"A", 0x41u, 1},
        {"é", 0xE9u, 1},
        {"middle dot: Ambiguous, narrow", 0xB7u, 1},
        {"Greek alpha", 0x3B1u, 1},
        {"CJK 世: Wide", 0x4E16u, 2},
        {"Hangul syllable 한: Wide", 0xD55Cu, 2},
        {"hiragana あ", 0x3042u, 2},
        {"ideographic space: Fullwidth", 0x3000u, 2},
        {"fullwidth A", 0xFF21u, 2},
        {"halfwidth katakana ｱ", 0xFF71u, 1},
        {"emoji 😀: Emoji_Presentation", 0x1F600u, 2},
        {"☺ text-style emoji: narrow", 0x263Au, 1},
        {"combining acute: Mn", 0x301u, 0},
        {"enclosing circle: Me", 0x20DDu, 0},
        {"Devanagari visarga: Mc, spacing", 0x903u, 1},
        {"zero width space: Cf", 0x200Bu, 0},
        {"ZWJ", 0x200Du, 0},
        {"RLO", 0x202Eu, 0},
        {"BOM", 0xFEFFu, 0},
        {"variation selector 16", 0xFE0Fu, 0},
        {"soft hyphen: drawn", 0xADu, 1},
        {"Hangul jungseong filler", 0x1160u, 0},
        {"Hangul jungseong a: joins", 0x1161u, 0},
        {"Hangul choseong kiyeok: Wide", 0x1100u, 2},
        {"tab", 0x9u, 0},
        {"NEL: C1", 0x85u, 0},
        {"NBSP", 0xA0u, 1},
    };
    for (const auto& row : rows) {
        SUBCASE(row.name) {
            CHECK(terminalColumns(row.cp) == row.columns);
        }
    }
}

TEST_CASE("the form a text dump shows each kind of character in") {
    const struct {
        const char* name;
        char32_t cp;
        CellForm form;
    } rows[] = {
        {"A", 0x41u, CellForm::Glyph},
        {"space", 0x20u, CellForm::Glyph},
        {"世", 0x4E16u, CellForm::Glyph},
        {"😀", 0x1F600u, CellForm::Glyph},
        {"private use", 0xE000u, CellForm::Glyph},
        {"combining acute", 0x301u, CellForm::CombiningMark},
        {"Devanagari visarga", 0x903u, CellForm::CombiningMark},
        {"enclosing circle", 0x20DDu, CellForm::CombiningMark},
        {"NBSP", 0xA0u, CellForm::Space},
        {"em space", 0x2003u, CellForm::Space},
        {"ideographic space", 0x3000u, CellForm::Space},
        {"ZWSP", 0x200Bu, CellForm::Invisible},
        {"RLO", 0x202Eu, CellForm::Invisible},
        {"BOM", 0xFEFFu, CellForm::Invisible},
        {"NEL: C1", 0x85u, CellForm::Invisible},
        {"line separator", 0x2028u, CellForm::Invisible},
        {"tag a", 0xE0061u, CellForm::Invisible},
        {"noncharacter FFFF", 0xFFFFu, CellForm::Invisible},
        {"unassigned 0378", 0x378u, CellForm::Invisible},
    };
    for (const auto& row : rows) {
        SUBCASE(row.name) {
            CHECK(int(cellForm(row.cp)) == int(row.form));
        }
    }
}

// Every scalar value has a width a cell grid can hold, and of the characters that draw nothing
// (audit.h's drawsNothing) only those terminals draw anyway take a column: SOFT HYPHEN (drawn as a
// hyphen) and the line and paragraph separators (Zl, Zp: not marks, not format characters).
TEST_CASE("every code point has a width a cell grid can hold") {
    std::vector<std::uint32_t> drawnInvisibles;
    for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        const int columns = terminalColumns(cp);
        if (columns < 0 || columns > 2) {
            INFO(u8test::codePointsOf(std::u32string(1, cp)));
            REQUIRE((columns >= 0 && columns <= 2));
        }
        if (drawsNothing(cp) && columns != 0)
            drawnInvisibles.push_back(std::uint32_t(cp));
    }
    CHECK(drawnInvisibles == std::vector<std::uint32_t>{0xAD, 0x2028, 0x2029});
}

} // namespace
