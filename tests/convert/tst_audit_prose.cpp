// The text profile on correct prose: translation catalogues in Arabic,
// Hebrew, Persian, Hindi, Russian, Ukrainian, Greek, Chinese, Japanese and Korean, of a fixed
// set of Debian packages (so that installing another package does not change the input), and
// emoji sequences in sentences, built into the build tree by build_prose_corpus.py (ctest runs
// it first). No bidi-control, bidi-unterminated, confusable or mixed-script finding is allowed;
// the other kinds are counted and printed. Skips when the corpus was not built.
#include "audit_test_support.h"
#include "u8test/harness.h"

#include <array>
#include <cstdio>
#include <filesystem>

using u8convert::AuditKind;
using u8convert::AuditProfile;
using namespace audittest;

namespace {

constexpr AuditKind kForbidden[] = {AuditKind::BidiControl, AuditKind::BidiUnterminated,
                                    AuditKind::Confusable, AuditKind::MixedScript};

// The corpus's *.txt files in `half`, by name; none when the folder is absent.
std::vector<std::string> corpusFiles(const std::string& half) {
    std::vector<std::string> names;
    std::error_code ec;
    const std::filesystem::path dir = std::filesystem::path(U8SCOPE_PROSE_CORPUS_DIR) / half;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".txt")
            names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

void checkHalf(const std::string& half) {
    const std::vector<std::string> files = corpusFiles(half);
    if (files.empty())
        U8TEST_SKIP("no prose corpus (tests/convert/build_prose_corpus.py found none of its "
                    "packages' catalogues)");
    const std::string dir = std::string(U8SCOPE_PROSE_CORPUS_DIR) + "/" + half;
    std::array<std::uint64_t, u8convert::kAuditKindCount> total{};
    std::vector<std::string> failures;
    for (const std::string& name : files) {
        INFO(dir, "/", name);
        const std::string text = u8test::readFileOrFail(dir + "/" + name);
        std::array<std::uint64_t, u8convert::kAuditKindCount> counts{};
        u8convert::Auditor auditor(options(AuditProfile::Text));
        const auto sink = [&](const u8convert::AuditFinding& f) {
            ++counts[std::size_t(f.kind)];
            for (AuditKind k : kForbidden)
                if (f.kind == k && failures.size() < 20)
                    failures.push_back(name + ": " + describe(f));
        };
        auditor.feed(bytes(text), sink);
        auditor.finish(sink);
        std::string line;
        for (int k = 0; k < u8convert::kAuditKindCount; ++k) {
            total[std::size_t(k)] += counts[std::size_t(k)];
            if (counts[std::size_t(k)] != 0)
                line += " " + std::string(u8convert::name(AuditKind(k))) + " " +
                        std::to_string(counts[std::size_t(k)]);
        }
        std::printf("%s/%s: %zu bytes:%s\n", half.c_str(), name.c_str(), text.size(),
                    line.empty() ? " no finding" : line.c_str());
    }
    INFO(joined(failures, "\n"));
    CHECK(failures.empty());
    for (AuditKind k : kForbidden) {
        INFO(u8convert::name(k));
        CHECK(total[std::size_t(k)] == 0);
    }
}

TEST_CASE("prose has no bidi-control, bidi-unterminated, confusable or mixed-script finding") {
    for (const char* half : {"tune", "heldout"}) {
        SUBCASE(half) {
            checkHalf(half);
        }
    }
}

} // namespace
