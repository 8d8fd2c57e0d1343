// The evidence a round of the mojibake repair starts from, and the signatures of a lost no-break
// space a short string's first pass cannot see (mojibake_pass.h: roundStart(),
// creditLostNbsp()).
#include "mojibake_pass.h"

#include <algorithm>

namespace u8convert::detail::mojibake {
using namespace u8codec;

Evidence roundStart(const MojibakeOptions& options, const Evidence* carried) {
    Evidence confident{};
    if (carried)
        confident = *carried;
    for (CodePage cp : options.assumedPages)
        confident[std::size_t(cp)] =
            std::max<std::uint64_t>(confident[std::size_t(cp)], kClearGain);
    return confident;
}

// The signatures of a no-break space's A0 turned into a space, which the first pass cannot see
// (it reads no lost byte without evidence):
// - "Ã" + two spaces + a small letter at the start of a word: "à" (C3 A0) before the word after
//   it ("Ã  la carte"). Correct text names the letter "Ã" alone only before one space or
//   punctuation; a word in capitals ending in "Ã" ("IRMÃ") is left out;
// - a small letter, "Ã" or "Â", a space and a small letter: "à" inside a word (the Gaelic "ClÃ r"
//   is "Clàr"), a no-break space between two words ("wÂ wersji"). Correct text puts no capital
//   after a small letter but in names written in camel case, and none of those ends in "Ã" or
//   "Â" before a space.
// Each signature credits windows-1252's (and ISO-8859-1's) damage as a clear fix would, so that the
// second pass reads lost bytes through them. Each one counts, as each fix does: the sum over the
// windows of a streamed text is then the whole text's. A signature is found where its "Ã" or "Â"
// lies (before `length`); the bytes it reads around it lie in the same window or are the next
// window's first byte, given after `length` (a window starts with an ASCII byte that is no space,
// and the signature's other bytes are spaces and non-ASCII: mojibake_window.h).
void creditLostNbsp(std::string_view utf8, std::size_t length, const MojibakeOptions& options,
                    Evidence& credits) {
    if (!isShortText(options, utf8.size()) || !options.restoreLostBytes)
        return;
    const auto small = [&](std::size_t at) {
        return at < utf8.size() && utf8[at] >= 'a' && utf8[at] <= 'z';
    };
    const auto wordBefore = [&](std::size_t at) {
        const char c = at > 0 ? utf8[at - 1] : ' ';
        return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || (c & 0x80) != 0;
    };
    const std::string_view searched = utf8.substr(0, length);
    for (std::size_t at = searched.find('\xC3'); at != std::string_view::npos;
         at = searched.find('\xC3', at + 1)) {
        if (at + 3 >= utf8.size() || utf8[at + 2] != ' ')
            continue;
        const bool aTilde = utf8[at + 1] == '\x83', aCircumflex = utf8[at + 1] == '\x82';
        const bool beforeAWord = aTilde && utf8[at + 3] == ' ' && small(at + 4) && !wordBefore(at);
        const bool insideWords =
            (aTilde || aCircumflex) && at > 0 && small(at - 1) && small(at + 3);
        if (!beforeAWord && !insideWords)
            continue;
        for (CodePage cp : {CodePage::Windows1252, CodePage::Latin1})
            credits[std::size_t(cp)] += kClearGain;
    }
}

} // namespace u8convert::detail::mojibake
