// A line as a reader sees it: the Unicode Bidirectional Algorithm (UAX #9) applied to one line, as
// an editor, a browser or a code review page displays it, beside the logical order in which a
// compiler reads it. ICU's ubidi does the work. Bidirectional controls reorder what is displayed
// without being displayed themselves; showing both orders, with the controls marked, is how a
// Trojan Source line (CVE-2021-42574) shows what it hides.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace u8convert {

// One character in the order a reader sees.
struct ReadingOrderCell {
    std::size_t logical = 0; // its index in the line
    std::uint8_t level = 0;  // its resolved embedding level: odd is right-to-left (UAX #9 3.1.2)
    char32_t shown = 0;      // what is drawn: its mirror at an odd level (rule L4), else itself
};

struct ReadingOrder {
    // Every character of the line once, left to right as displayed (rule L2); the bidirectional
    // controls keep a place next to the text they affect, so that they can be marked.
    std::vector<ReadingOrderCell> cells;
    // The paragraph's direction: its first strong character's (rules P2 and P3), left to right
    // when it has none.
    bool rightToLeft = false;

    // Whether some character is displayed away from its logical place.
    [[nodiscard]] bool reordered() const noexcept;
};

// Applies UAX #9 to `line`, one line without its terminator, as one paragraph (rule P1) of the
// direction its first strong character gives. A line ICU cannot process comes back in logical
// order.
[[nodiscard]] ReadingOrder readingOrder(std::u32string_view line);

// The Bidi_Control characters (PropList.txt): ALM, LRM, RLM, the embeddings and overrides
// U+202A-202E and the isolates U+2066-2069, which reorder text or set its direction without
// being drawn.
[[nodiscard]] bool isBidiControl(char32_t cp) noexcept;

} // namespace u8convert
