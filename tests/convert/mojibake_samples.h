// The mojibake suites' generated sample set: correct sentences damaged the ways programs damage
// them.
#pragma once

#include "repair_samples.h"
#include "u8convert/mojibake.h"

#include <string>
#include <string_view>
#include <vector>

namespace repairtest {

// A damaged text, what damaged it, and the text it was.
struct Sample {
    std::string kind;
    std::string damaged;
    std::string expected;
};

// `s` with every `from` replaced by `to` (built by appending: GCC 12 warns falsely about
// std::string::replace inlined here, -Wrestrict).
inline std::string replaceAll(std::string_view s, std::string_view from, std::string_view to) {
    std::string out;
    for (std::size_t at = 0;;) {
        const std::size_t hit = s.find(from, at);
        out.append(s.substr(at, hit == std::string_view::npos ? hit : hit - at));
        if (hit == std::string_view::npos)
            return out;
        out.append(to);
        at = hit + from.size();
    }
}

// Where a sentence is cut for its partial damage: the first space at or after its middle,
// counted in UTF-16 units (a character past U+FFFF is two) as the sample set was first built (with
// QString), so the set and its measured restoration rate stay the same. npos when there is none.
inline std::size_t spaceAfterMiddle(std::string_view utf8) {
    const auto units = [](unsigned char lead) { return lead >= 0xF0 ? 2u : 1u; };
    std::size_t length = 0;
    for (const char c : utf8)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80)
            length += units(static_cast<unsigned char>(c));
    std::size_t unit = 0;
    for (std::size_t i = 0; i < utf8.size(); ++i) {
        const auto c = static_cast<unsigned char>(utf8[i]);
        if ((c & 0xC0) == 0x80)
            continue; // a continuation byte: counted with its lead
        if (c == ' ' && unit >= length / 2)
            return i;
        unit += units(c);
    }
    return std::string_view::npos;
}

// Every sentence of sentences() read through every page once and twice, half damaged, with A0
// written back as a space or undefined bytes dropped (windows-1252, windows-1251), and read
// through windows-1251 then windows-1252; not where the page loses a byte outright.
inline std::vector<Sample> sampleSet() {
    using u8convert::CodePage;
    using u8convert::readAs;
    std::vector<Sample> samples;
    for (const std::string& good : sentences()) {
        for (CodePage cp : u8convert::allCodePages()) {
            const std::string page(u8convert::name(cp));
            const std::string once = readAs(bytes(good), cp);
            // A byte the page leaves undefined in A0-FF (ISO-8859-3's C3, ISO-8859-8's Latin
            // leads) is lost by the mis-decoding: no repair can restore the text exactly.
            if (once.find("\xEF\xBF\xBD") != std::string::npos)
                continue;
            samples.push_back({"single " + page, once, good});
            samples.push_back({"double " + page, readAs(bytes(once), cp), good});
            // Partial damage: the first half of the sentence damaged, the rest intact.
            const std::size_t cut = spaceAfterMiddle(good);
            if (cut != std::string_view::npos && cut > 0) {
                const std::string head = good.substr(0, cut);
                const std::string tail = good.substr(cut);
                samples.push_back({"partial " + page, readAs(bytes(head), cp) + tail, good});
            }
            if (cp == CodePage::Windows1252) {
                // A0 shown as NBSP and written back as a plain space.
                const std::string lost = replaceAll(once, "\xC2\xA0", " ");
                if (lost != once)
                    samples.push_back({"lost A0 windows-1252", lost, good});
                // Undefined bytes dropped by the mis-decoding program.
                std::string dropped = once;
                for (const char* c1 : {"\xC2\x81", "\xC2\x8D", "\xC2\x8F", "\xC2\x90", "\xC2\x9D"})
                    dropped = replaceAll(dropped, c1, "");
                if (dropped != once)
                    samples.push_back({"dropped undefined windows-1252", dropped, good});
            }
            if (cp == CodePage::Windows1251) {
                const std::string lost = replaceAll(once, "\xC2\xA0", " ");
                if (lost != once)
                    samples.push_back({"lost A0 windows-1251", lost, good});
            }
        }
        // Mixed double: read as windows-1251, then the result as windows-1252.
        samples.push_back(
            {"double 1251 then 1252",
             readAs(bytes(readAs(bytes(good), CodePage::Windows1251)), CodePage::Windows1252),
             good});
    }
    return samples;
}

} // namespace repairtest
