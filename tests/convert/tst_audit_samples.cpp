// The audit on real files: the Trojan Source attack classes in eight languages (audit_samples/),
// and every variation and emoji sequence Unicode defines (the unicode-data package's files).
#include "audit_test_support.h"
#include "u8test/harness.h"

#include <filesystem>
#include <sstream>

using u8convert::AuditFinding;
using u8convert::AuditKind;
using u8convert::AuditProfile;
using namespace audittest;

namespace {

std::string unicodeFile(const char* name) {
    return std::string(U8SCOPE_UNICODE_DATA_DIR) + "/" + name;
}

// The kinds each attack class must be reported with (audit_samples/README.md).
std::vector<AuditKind> expectedKinds(const std::string& attack) {
    if (attack == "invisible-function")
        return {AuditKind::Invisible};
    if (attack == "homoglyph-function")
        return {AuditKind::Confusable, AuditKind::MixedScript};
    return {AuditKind::BidiControl, AuditKind::BidiUnterminated};
}

// The program without its attack: bidi controls and ZWSP removed, the Cyrillic letters replaced
// by the Latin ones they imitate.
std::string defused(std::string s) {
    for (const char* remove : {"\u202E", "\u2066", "\u2067", "\u2069", "\u200B"})
        for (auto at = s.find(remove); at != std::string::npos; at = s.find(remove))
            s.erase(at, std::strlen(remove));
    for (const auto& [from, to] : {std::pair{"\u041D", "H"}, std::pair{"\u0435", "e"}})
        for (auto at = s.find(from); at != std::string::npos; at = s.find(from))
            s.replace(at, std::strlen(from), to);
    return s;
}

// "1F3F4 E0067 ... ; ..." lines: the code points of the sequence before the first ';'.
std::string sequenceOf(const std::string& line) {
    std::string utf8;
    std::istringstream fields(line.substr(0, line.find(';')));
    for (std::string hex; fields >> hex;) {
        std::size_t used = 0;
        unsigned long cp = 0;
        try {
            cp = std::stoul(hex, &used, 16);
        } catch (const std::exception&) {
            return {};
        }
        if (used != hex.size())
            return {};
        u8codec::appendUtf8(char32_t(cp), utf8);
    }
    return utf8;
}

// The lines of a file; nullopt when it cannot be read.
std::optional<std::vector<std::string>> linesOf(const std::string& path) {
    const std::optional<std::string> text = u8test::readFile(path);
    if (!text)
        return std::nullopt;
    std::vector<std::string> lines;
    std::istringstream in(*text);
    for (std::string l; std::getline(in, l);)
        lines.push_back(l);
    return lines;
}

// Each attack is reported with its kinds in the code profile, which the file name selects;
// the same program without the attack characters has no finding.
TEST_CASE("each Trojan Source sample is reported with its kinds, and not once defused") {
    const std::filesystem::path samples(U8SCOPE_AUDIT_SAMPLES_DIR);
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(samples))
        if (entry.is_regular_file() && entry.path().extension() != ".md")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    INFO(samples.string());
    REQUIRE(files.size() == std::size_t(40)); // 5 attacks in 8 languages
    for (const std::filesystem::path& file : files) {
        const std::string name = file.lexically_relative(samples).string();
        SUBCASE(name.c_str()) {
            const std::string text = u8test::readFileOrFail(file.string());
            std::string why;
            const AuditProfile profile = u8convert::profileForFileName(file.string(), &why);
            REQUIRE(profile == AuditProfile::Code);
            const auto findings = run(text, options(profile));
            // The base name up to its last suffix, as QFileInfo::completeBaseName.
            const std::string attack = file.stem().string();
            for (AuditKind k : expectedKinds(attack)) {
                const bool found = std::any_of(findings.begin(), findings.end(),
                                               [&](const AuditFinding& f) { return f.kind == k; });
                INFO(u8convert::name(k), " not reported: ", joined(summary(findings), " "));
                REQUIRE(found);
            }
            const auto clean = run(defused(text), options(profile));
            INFO(joined(summary(clean), " "));
            REQUIRE(clean.empty());
        }
    }
}

// Every standardized and emoji variation sequence (StandardizedVariants.txt,
// emoji-variation-sequences.txt) is a base that takes its selector: no finding in either
// profile.
TEST_CASE("every variation sequence is fine in both profiles") {
    int sequences = 0;
    for (const char* name : {"StandardizedVariants.txt", "emoji/emoji-variation-sequences.txt"}) {
        const auto lines = linesOf(unicodeFile(name));
        if (!lines)
            U8TEST_SKIP("Unicode data files absent (Debian package unicode-data)");
        for (const std::string& whole : *lines) {
            const std::string line = whole.substr(0, whole.find('#'));
            const std::string seq = sequenceOf(line);
            if (seq.empty())
                continue;
            ++sequences;
            for (AuditProfile p : {AuditProfile::Code, AuditProfile::Text}) {
                const auto findings = run(" " + seq + " ", options(p));
                // A few bases are unassigned in ICU's older Unicode, or not NFC (CJK
                // compatibility ideographs); only the selector's own verdict is checked.
                for (const auto& fnd : findings) {
                    INFO(line, ": ", describe(fnd));
                    REQUIRE(
                        (fnd.kind != AuditKind::Invisible && fnd.kind != AuditKind::HiddenPayload));
                }
            }
        }
    }
    CHECK(sequences > 1000);
}

// Every fully-qualified emoji of emoji-test.txt (ZWJ sequences, keycaps, flags, tag
// sequences, modifiers) is correct text: no finding in the text profile, and no invisible
// finding in code either (strings and comments in code are text; issue 34 item 6).
TEST_CASE("every fully-qualified emoji is fine in text, and has no invisible finding in code") {
    const auto lines = linesOf(unicodeFile("emoji/emoji-test.txt"));
    if (!lines)
        U8TEST_SKIP("Unicode data files absent (Debian package unicode-data)");
    std::string all;
    int sequences = 0, withZwj = 0;
    for (const std::string& line : *lines) {
        if (line.find("; fully-qualified") == std::string::npos)
            continue;
        const std::string seq = sequenceOf(line);
        INFO(line);
        REQUIRE(!seq.empty());
        all += seq + " ";
        ++sequences;
        withZwj += seq.find("\u200D") != std::string::npos;
    }
    REQUIRE(sequences > 3000);
    const auto first20 = [](const std::vector<AuditFinding>& findings) {
        std::vector<std::string> s = summary(findings);
        s.resize(std::min<std::size_t>(s.size(), 20));
        return joined(s, " ");
    };
    const auto text = run(all, options(AuditProfile::Text));
    {
        INFO(first20(text));
        REQUIRE(text.empty());
    }
    const auto code =
        run(all, options(AuditProfile::Code, u8convert::kindBit(AuditKind::Invisible)));
    REQUIRE(withZwj > 1000);
    INFO(first20(code));
    REQUIRE(code.empty());
}

} // namespace
