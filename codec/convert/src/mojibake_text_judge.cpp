// judgeText() (mojibake_text_judge.h): direct-mapped tables per thread, each slot holding a
// stretch's whole key, so that a hit is exact (no hash is trusted alone).
#include "mojibake_text_judge.h"

#include "mojibake_plausibility.h"
#include "mojibake_score.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>

namespace u8convert::detail::mojibake {

namespace {

// A table of 2^Bits slots for stretches of at most MaxLength characters.
template <std::size_t MaxLength, std::size_t Bits> class JudgedTable {
public:
    static constexpr std::size_t kMaxLength = MaxLength;

    // The judgement of the stretch, computed by `judge` unless the table holds it. The key is
    // written with its judgement, after it: a judgement that fails leaves no key behind.
    template <typename Judge>
    TextJudgement get(char32_t before, std::span<const char32_t> middle, char32_t after,
                      Judge&& judge) {
        Slot& s = slots_[hashOf(before, middle, after) >> (64 - Bits)];
        if (s.length == middle.size() && s.before == before && s.after == after &&
            sameCharacters(middle, s.middle.data()))
            return s.judged;
        const TextJudgement judged = judge();
        s.before = before;
        s.after = after;
        s.length = std::uint32_t(middle.size());
        std::copy(middle.begin(), middle.end(), s.middle.begin());
        s.judged = judged;
        return judged;
    }

private:
    struct Slot {
        char32_t before = 0;
        char32_t after = 0;
        std::uint32_t length = ~0u; // ~0: empty
        std::array<char32_t, MaxLength> middle{};
        TextJudgement judged{};
    };
    // Whether `held` starts with `middle`: two characters a step, without a call (most
    // stretches are a word).
    static bool sameCharacters(std::span<const char32_t> middle, const char32_t* held) {
        std::size_t k = 0;
        for (; k + 2 <= middle.size(); k += 2) {
            std::uint64_t two, heldTwo;
            std::memcpy(&two, middle.data() + k, sizeof two);
            std::memcpy(&heldTwo, held + k, sizeof heldTwo);
            if (two != heldTwo)
                return false;
        }
        return k == middle.size() || middle[k] == held[k];
    }
    // Two characters a step: the top bits of each product (the slot) depend on both.
    static std::uint64_t hashOf(char32_t before, std::span<const char32_t> middle, char32_t after) {
        std::uint64_t h = (std::uint64_t(before) << 32 | after) * 0x9E3779B97F4A7C15ull;
        std::size_t k = 0;
        for (; k + 2 <= middle.size(); k += 2) {
            std::uint64_t two;
            std::memcpy(&two, middle.data() + k, sizeof two);
            h = (h ^ two) * 0xFF51AFD7ED558CCDull;
        }
        if (k < middle.size())
            h = (h ^ middle[k]) * 0xFF51AFD7ED558CCDull;
        return h ^ (h >> 29);
    }
    std::array<Slot, std::size_t(1) << Bits> slots_;
};

// Words and short stretches (the short-string corpus's judged stretches are 5.8 characters on
// average): 4,096 slots of 80 bytes. Longer ones, up to a sentence of Cyrillic or Greek damaged
// whole (each costs the functions 75 instructions a character, and the second pass asks for it
// again): 512 slots of 272 bytes. Stretches longer still are judged each time. 460 KiB a thread,
// allocated at its first judgement.
struct JudgedTables {
    JudgedTable<14, 12> words;
    JudgedTable<64, 9> sentences;
};

TextJudgement judgeNow(char32_t before, std::span<const char32_t> middle, char32_t after) {
    return {textCost(before, middle, after), plausibility(before, middle, after)};
}

} // namespace

TextJudgement judgeText(char32_t before, std::span<const char32_t> middle, char32_t after) {
    using Sentences = decltype(JudgedTables::sentences);
    if (middle.size() > Sentences::kMaxLength)
        return judgeNow(before, middle, after);
    thread_local std::unique_ptr<JudgedTables> tables;
    if (!tables)
        tables = std::make_unique<JudgedTables>();
    const auto judge = [&] { return judgeNow(before, middle, after); };
    if (middle.size() <= decltype(JudgedTables::words)::kMaxLength)
        return tables->words.get(before, middle, after, judge);
    return tables->sentences.get(before, middle, after, judge);
}

} // namespace u8convert::detail::mojibake
