// The Auditor's copy (u8convert::Auditor's copy constructor): copied anywhere in a text, the copy
// and the original, each fed the rest, find exactly what one auditor fed the whole text finds.
// The window's audit resumes from such copies after an edit, so every piece of the auditor's
// state must travel with it: pending findings, unterminated embeddings, the identifiers seen
// (look-alike pairs across the text), the code lexer's context, a character cut in two.
#include "audit_test_support.h"
#include "u8test/harness.h"

#include <filesystem>
#include <memory>
#include <random>

using namespace audittest;
using u8convert::AuditFinding;
using u8convert::Auditor;
using u8convert::AuditProfile;

namespace {

std::vector<std::string> described(const std::vector<AuditFinding>& findings) {
    std::vector<std::string> out;
    for (const AuditFinding& f : findings)
        out.push_back(describe(f));
    return out;
}

// The texts: the Trojan Source samples and the attack and correct lines, and texts made so that
// state crosses the copy: a look-alike identifier far after its ASCII twin, behind a megabyte
// of plain ASCII; an embedding left open across lines; a comment and a string open at the copy.
std::vector<std::pair<std::string, std::string>> texts() {
    std::vector<std::pair<std::string, std::string>> out;
    for (const char* dir : {U8SCOPE_AUDIT_SAMPLES_DIR, U8SCOPE_AUDIT_LINES_DIR}) {
        std::vector<std::string> paths;
        for (const auto& entry : std::filesystem::recursive_directory_iterator(dir))
            if (entry.is_regular_file())
                paths.push_back(entry.path().string());
        std::sort(paths.begin(), paths.end());
        for (const std::string& path : paths) {
            if (path.ends_with(".md"))
                continue;
            if (std::optional<std::string> text = u8test::readFile(path))
                out.emplace_back(path, std::move(*text));
        }
    }
    std::string far = "int sayHello(int x) { return x; }\n";
    while (far.size() < (std::size_t(1) << 20) + 5000)
        far += "int plain_ascii_line(int y) { return y + 1; } // comment\n";
    far += "int main() { return say\u041Dello(2); }\n/* \u202E open */ \"\u2066 string\n";
    out.emplace_back("far pair", far);
    out.emplace_back("open embedding",
                     "line one \u202B \u05D0\u05D1 and on\nline two \u2067 x\u200B y\n\u2069 end "
                     "\u00E9\u0301 caf\u00E9 \xC0\xAF \xF0\x9F\x98");
    return out;
}

std::vector<AuditFinding> feedAndFinish(Auditor& auditor, std::span<const std::uint8_t> rest,
                                        std::vector<AuditFinding> found) {
    const auto keep = [&](const AuditFinding& f) { found.push_back(f); };
    auditor.feed(rest, keep);
    auditor.finish(keep);
    return found;
}

TEST_CASE("a copy finds what the original finds") {
    for (const auto& [profileName, profile] :
         {std::pair{"code", AuditProfile::Code}, std::pair{"text", AuditProfile::Text}}) {
        SUBCASE(profileName) {
            const u8convert::AuditOptions o = options(profile);
            std::mt19937 random(37);
            int copies = 0;
            for (const auto& [name, text] : texts()) {
                const std::vector<std::string> whole = described(run(text, o));
                const auto all = bytes(text);
                // Copies at the start, the end, and places drawn at random (inside characters
                // too).
                std::vector<std::size_t> cuts = {0, all.size()};
                for (int k = 0; k < 6 && !all.empty(); ++k)
                    cuts.push_back(random() % all.size());
                for (const std::size_t cut : cuts) {
                    Auditor original(o);
                    std::vector<AuditFinding> before;
                    original.feed(all.first(cut),
                                  [&](const AuditFinding& f) { before.push_back(f); });
                    Auditor copy(original);
                    ++copies;
                    // The copy first: the original's state must not be what the copy reads.
                    const std::vector<std::string> fromCopy =
                        described(feedAndFinish(copy, all.subspan(cut), before));
                    const std::vector<std::string> fromOriginal =
                        described(feedAndFinish(original, all.subspan(cut), before));
                    INFO(name, " at ", cut);
                    REQUIRE(fromCopy == whole);
                    REQUIRE(fromOriginal == whole);
                }
            }
            CHECK(copies > 100);
        }
    }
}

// A copy outlives its original (the window keeps copies after the audit that made them).
TEST_CASE("a copy outlives its original") {
    const u8convert::AuditOptions o = options(AuditProfile::Code);
    const std::string text = "int sayHello;\nint say\u041Dello; /* \u202E */\n";
    const std::size_t cut = text.find("say\u041D");
    std::unique_ptr<Auditor> copy;
    {
        Auditor original(o);
        original.feed(bytes(text).first(cut), [](const AuditFinding&) {});
        copy = std::make_unique<Auditor>(original);
    }
    CHECK(described(feedAndFinish(*copy, bytes(text).subspan(cut), {})) == described(run(text, o)));
    CHECK(copy->options().profile == AuditProfile::Code);
}

} // namespace
