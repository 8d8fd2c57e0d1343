// The mojibake suites' generated sample set: correct sentences damaged the ways programs damage
// them.
#pragma once

#include "repair_test_support.h"
#include "u8convert/mojibake.h"

#include <QString>
#include <string>
#include <string_view>
#include <vector>

namespace repairtest {

// A damaged text, what damaged it, and the text it was.
struct Sample {
    QString kind;
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

// Every sentence of sentences() read through every page once and twice, half damaged, with A0
// written back as a space or undefined bytes dropped (windows-1252, windows-1251), and read
// through windows-1251 then windows-1252; not where the page loses a byte outright.
inline std::vector<Sample> sampleSet() {
    using u8convert::CodePage;
    using u8convert::readAs;
    std::vector<Sample> samples;
    for (const QString& sentence : sentences()) {
        const std::string good = utf8(sentence);
        for (CodePage cp : u8convert::allCodePages()) {
            const QString page = QString::fromLatin1(u8convert::name(cp).data(),
                                                     qsizetype(u8convert::name(cp).size()));
            const std::string once = readAs(bytes(good), cp);
            // A byte the page leaves undefined in A0-FF (ISO-8859-3's C3, ISO-8859-8's Latin
            // leads) is lost by the mis-decoding: no repair can restore the text exactly.
            if (once.find("\xEF\xBF\xBD") != std::string::npos)
                continue;
            samples.push_back({QStringLiteral("single ") + page, once, good});
            samples.push_back({QStringLiteral("double ") + page, readAs(bytes(once), cp), good});
            // Partial damage: the first half of the sentence damaged, the rest intact.
            const qsizetype cut = sentence.indexOf(QLatin1Char(' '), sentence.size() / 2);
            if (cut > 0) {
                const std::string head = utf8(sentence.left(cut));
                const std::string tail = utf8(sentence.mid(cut));
                samples.push_back(
                    {QStringLiteral("partial ") + page, readAs(bytes(head), cp) + tail, good});
            }
            if (cp == CodePage::Windows1252) {
                // A0 shown as NBSP and written back as a plain space.
                const std::string lost = replaceAll(once, "\xC2\xA0", " ");
                if (lost != once)
                    samples.push_back({QStringLiteral("lost A0 windows-1252"), lost, good});
                // Undefined bytes dropped by the mis-decoding program.
                std::string dropped = once;
                for (const char* c1 : {"\xC2\x81", "\xC2\x8D", "\xC2\x8F", "\xC2\x90", "\xC2\x9D"})
                    dropped = replaceAll(dropped, c1, "");
                if (dropped != once)
                    samples.push_back(
                        {QStringLiteral("dropped undefined windows-1252"), dropped, good});
            }
            if (cp == CodePage::Windows1251) {
                const std::string lost = replaceAll(once, "\xC2\xA0", " ");
                if (lost != once)
                    samples.push_back({QStringLiteral("lost A0 windows-1251"), lost, good});
            }
        }
        // Mixed double: read as windows-1251, then the result as windows-1252.
        samples.push_back(
            {QStringLiteral("double 1251 then 1252"),
             readAs(bytes(readAs(bytes(good), CodePage::Windows1251)), CodePage::Windows1252),
             good});
    }
    return samples;
}

} // namespace repairtest
