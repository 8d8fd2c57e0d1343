// The text audit: each kind found and not found, in both profiles; positions; the
// order of findings; any chunking giving the same findings; the allowlist; the kinds mask.
#include "audit_test_support.h"
#include "u8test/harness.h"

using u8convert::AuditFinding;
using u8convert::AuditKind;
using u8convert::AuditProfile;
using namespace audittest;

namespace {

constexpr AuditProfile kCode = AuditProfile::Code;
constexpr AuditProfile kText = AuditProfile::Text;

int countKind(const std::vector<AuditFinding>& findings, AuditKind k) {
    return int(std::count_if(findings.begin(), findings.end(),
                             [&](const AuditFinding& f) { return f.kind == k; }));
}

const AuditFinding* firstOf(const std::vector<AuditFinding>& findings, AuditKind k) {
    for (const auto& f : findings)
        if (f.kind == k)
            return &f;
    return nullptr;
}

// A text dense in every kind, in both profiles' interesting contexts, for the chunking tests.
std::string mixedSample() {
    std::string s = "int main() {\n    /*\u202E } \u2066if (isAdmin)\u2069 \u2066 admins only */\n"
                    "void say\u041Dello(); int is\u200BAdmin; const char* s = \"caf"
                    "e\u0301\";\n"
                    "x\u00A0= 1; \x1B[2J \x7F \xC2\x85 \uFFFF \uE000 \u0378 \uFEFF\n"
                    "\u05E9\u05DC\u05D5\u05DD \u2067\u05E2\u05D1\u05E8\u05D9\u05EA\u2069 ok "
                    "\u202Bunclosed\u202C\u202C\n"
                    "f\u0131le \u043F\u0440\u0438\u0432\u0435\u0442 \u4F7F\u7528UTF "
                    "\u092E\u0940\u200C\u0916 \u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645 "
                    "\U0001F468\u200D\U0001F469\u200D\U0001F467 a\u200Db \u00AD "
                    "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F "
                    "\U0001F600\U000E0138\U000E0155\U000E015C\U000E015C\U000E015F a\uFE0F "
                    "\u2764\uFE0F \u845B\U000E0100 \U000E0041 x\xC0\xAF"
                    "y\xE2\x82 z\n"
                    "\u1100\u1161 \u3164 \u2060 \u0600\u0661\n";
    // A long identifier: past the 256 characters the identifier check holds.
    s += std::string(300, 'a') + "\u041D" + std::string(300, 'b') + "\u0435 end\n";
    // Plain ASCII long enough for the fast path, then a combining mark after it.
    for (int i = 0; i < 40; ++i)
        s += "static int value_" + std::to_string(i) + " = compute(" + std::to_string(i) + ");\n";
    s += "e\u0301\u0323 \u1E0B\u0323\n";
    return s;
}

// One row of eachKind: the text (a C string: it ends at a NUL), the profile, the kind, and
// whether that kind must be found.
struct KindRow {
    const char* name;
    std::string text; // a copy: a row may be given a temporary's C string
    AuditProfile profile;
    AuditKind kind;
    bool found;
};

void row(std::vector<KindRow>& rows, const char* name, const char* text, AuditProfile p,
         AuditKind k, bool found) {
    rows.push_back({name, text, p, k, found});
}

// The rows of bidi-control and bidi-unterminated.
void bidiRows(std::vector<KindRow>& rows) {
    using K = AuditKind;
    // bidi-control
    row(rows, "RLO code", "a\u202Eb\u202C", kCode, K::BidiControl, true);
    row(rows, "RLO text", "a\u202Eb\u202C", kText, K::BidiControl, true);
    row(rows, "LRM code", "a\u200Eb", kCode, K::BidiControl, true);
    row(rows, "LRM text", "a\u200Eb", kText, K::BidiControl, false);
    row(rows, "ALM code", "\u0627\u061C1", kCode, K::BidiControl, true);
    row(rows, "paired RLI text", "x \u2067\u05E9\u05DC\u2069 y", kText, K::BidiControl, false);
    row(rows, "paired RLI code", "x \u2067\u05E9\u05DC\u2069 y", kCode, K::BidiControl, true);
    row(rows, "Hebrew without controls", "\u05E9\u05DC\u05D5\u05DD", kCode, K::BidiControl, false);
    // bidi-unterminated
    row(rows, "RLI open at LF", "a \u2067b\nc \u2069", kCode, K::BidiUnterminated, true);
    row(rows, "RLI open at end", "a \u2067b", kCode, K::BidiUnterminated, true);
    row(rows, "RLI open at PS", "a \u2067b\u2029c", kCode, K::BidiUnterminated, true);
    row(rows, "RLI open at NEL",
        "a \u2067b\xC2\x85"
        "c",
        kCode, K::BidiUnterminated, true);
    // UAX #9 X8 closes them at the paragraph's end, as prose expects (Hebrew catalogues).
    row(rows, "RLE open at LF text", "\u202B\u05E9\u05DC\nc", kText, K::BidiUnterminated, false);
    // An isolate open at the end of a line of prose runs into the next line of its Markdown
    // paragraph (UAX #9 section 2.4: isolates are closed by PDI); embeddings are left to X8.
    row(rows, "RLI open at end text", "a \u2067b", kText, K::BidiUnterminated, true);
    row(rows, "RLI closed", "a \u2067b\u2069\n", kCode, K::BidiUnterminated, false);
    row(rows, "PDF alone", "a\u202Cb", kCode, K::BidiUnterminated, true);
    row(rows, "PDF alone text", "a\u202Cb", kText, K::BidiUnterminated, false);
    row(rows, "PDF over isolate", "\u2066a\u202Cb\u2069", kCode, K::BidiUnterminated, true);
    row(rows, "PDI closes embedding", "\u2066\u202Ba\u2069", kCode, K::BidiUnterminated, false);
    row(rows, "PDI alone", "a\u2069", kCode, K::BidiUnterminated, true);
    row(rows, "nested paired", "\u202B\u2066a\u2069\u202C", kCode, K::BidiUnterminated, false);
}

// The rows of invisible.
void invisibleRows(std::vector<KindRow>& rows) {
    using K = AuditKind;
    // invisible
    row(rows, "ZWSP code", "is\u200BAdmin", kCode, K::Invisible, true);
    row(rows, "ZWSP text", "is\u200BAdmin", kText, K::Invisible, true);
    row(rows, "word joiner", "a\u2060b", kText, K::Invisible, true);
    row(rows, "Hangul filler", "\u3164x", kText, K::Invisible, true);
    row(rows, "CGJ", "a\u034Fb", kCode, K::Invisible, true);
    row(rows, "Mongolian vowel separator", "a\u180Eb", kCode, K::Invisible, true);
    row(rows, "ZWJ Devanagari text", "\u0915\u094D\u200D\u0937", kText, K::Invisible, false);
    // UAX #31 A2: a ZWJ after a virama is allowed in identifiers too.
    row(rows, "ZWJ Devanagari code", "\u0915\u094D\u200D\u0937", kCode, K::Invisible, false);
    row(rows, "ZWJ Latin code", "a\u200Db", kCode, K::Invisible, true);
    row(rows, "ZWNJ in an ASCII identifier code", "is\u200CAdmin", kCode, K::Invisible, true);
    row(rows, "ZWNJ Persian text", "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645", kText,
        K::Invisible, false);
    row(rows, "ZWNJ Arabic after harakat", "\u0628\u064E\u200C\u0628", kText, K::Invisible, false);
    row(rows, "ZWJ Latin text", "a\u200Db", kText, K::Invisible, true);
    row(rows, "ZWJ before space text", "\u0645\u200D ", kText, K::Invisible, true);
    row(rows, "ZWJ across scripts", "\u0915\u200D\u0645", kText, K::Invisible, true);
    row(rows, "ZWJ emoji family text", "\U0001F468\u200D\U0001F469\u200D\U0001F467", kText,
        K::Invisible, false);
    row(rows, "ZWJ emoji after VS16 text", "\U0001F3F3\uFE0F\u200D\u26A7\uFE0F", kText,
        K::Invisible, false);
    row(rows, "ZWJ emoji code", "\U0001F468\u200D\U0001F469", kCode, K::Invisible, false);
    row(rows, "soft hyphen text", "hy\u00ADphen", kText, K::Invisible, false);
    row(rows, "soft hyphen code", "hy\u00ADphen", kCode, K::Invisible, true);
    row(rows, "VS16 after a", "a\uFE0F", kText, K::Invisible, true);
    row(rows, "VS16 after heart", "\u2764\uFE0F", kCode, K::Invisible, false);
    row(rows, "VS16 keycap", "1\uFE0F\u20E3", kCode, K::Invisible, false);
    row(rows, "IVS after ideograph", "\u845B\U000E0100", kCode, K::Invisible, false);
    row(rows, "IVS after Latin", "a\U000E0100", kText, K::Invisible, true);
    row(rows, "VS1 after math", "\u2269\uFE00", kCode, K::Invisible, false);
    row(rows, "FVS after Mongolian", "\u1820\u180B", kText, K::Invisible, false);
    row(rows, "FVS after Latin", "a\u180B", kText, K::Invisible, true);
    row(rows, "two VS after emoji", "\u2764\uFE0F\uFE0F", kText, K::Invisible, true);
    row(rows, "subdivision flag",
        "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067"
        "\U000E007F",
        kCode, K::Invisible, false);
    row(rows, "lone tag", "a\U000E0041b", kText, K::Invisible, true);
    row(rows, "BOM at start", "\uFEFFabc", kCode, K::Invisible, false);
    row(rows, "number sign", "\u0600\u0661\u0662", kCode, K::Invisible, false);
}

// The rows of confusable and mixed-script.
void identifierRows(std::vector<KindRow>& rows) {
    using K = AuditKind;
    // confusable
    row(rows, "Cyrillic EN code", "say\u041Dello", kCode, K::Confusable, true);
    row(rows, "Cyrillic EN text", "say\u041Dello", kText, K::Confusable, true);
    row(rows, "dotless i code", "f\u0131le", kCode, K::Confusable, true);
    row(rows, "dotless i text", "f\u0131le", kText, K::Confusable, false);
    row(rows, "all Cyrillic", "\u043F\u0440\u0438\u0432\u0435\u0442", kCode, K::Confusable, false);
    row(rows, "Greek omicron text", "hel\u03BFo", kText, K::Confusable, true);
    row(rows, "accented Latin", "caf\u00E9", kCode, K::Confusable, false);
    // Whole segments of two scripts imitate nothing: only a look-alike inside a run of another
    // script does (tst_audit_lookalike has the cases).
    row(rows, "Latin glued to Arabic text", "Hyper\u0625\u0636\u0627\u0641\u064A", kText,
        K::Confusable, false);
    row(rows, "Latin glued to Arabic code", "Hyper\u0625\u0636\u0627\u0641\u064A", kCode,
        K::Confusable, false);
    // mixed-script
    row(rows, "Latin Cyrillic code", "say\u041Dello", kCode, K::MixedScript, true);
    row(rows, "Latin Cyrillic text", "Linux\u0430", kText, K::MixedScript, true);
    row(rows, "Han Latin code", "\u4F7F\u7528UTF", kCode, K::MixedScript, false);
    row(rows, "Hangul Latin text", "\uD55C\uAD6D\uC5B4abc", kText, K::MixedScript, false);
    row(rows, "Japanese", "\u3072\u3089\u304C\u306A\u30AB\u30BF\u30AB\u30CA\u6F22\u5B57", kCode,
        K::MixedScript, false);
    row(rows, "Latin Devanagari code", "abc\u0928\u092E", kCode, K::MixedScript, true);
    row(rows, "Latin Devanagari text", "abc\u0928\u092E", kText, K::MixedScript, false);
    row(rows, "Latin Greek text", "alpha\u03B2", kText, K::MixedScript, true);
    row(rows, "separate words", "Linux \u0430\u0431\u0432", kText, K::MixedScript, false);
    // Prose words end at '_' and where Han or kana meet another script (UAX #29).
    row(rows, "underscore joins code", "\u043D\u0430\u0437\u0432\u0430_bfd", kCode, K::MixedScript,
        true);
    row(rows, "underscore splits text", "\u043D\u0430\u0437\u0432\u0430_bfd", kText, K::MixedScript,
        false);
    row(rows, "Han Greek code", "\u6DF7\u03B1\u8272", kCode, K::MixedScript, true);
    row(rows, "Han Greek text", "\u6DF7\u03B1\u8272", kText, K::MixedScript, false);
    row(rows, "Greek Latin after Han text", "\u6DF7\u03B1b", kText, K::MixedScript, true);
}

// The rows of control, noncharacter, private-use, unassigned, space-lookalike, not-nfc, bom-inside,
// hidden-payload and ill-formed UTF-8.
void otherRows(std::vector<KindRow>& rows) {
    using K = AuditKind;
    // control
    row(rows, "ESC", "a\x1B[2Jb", kText, K::Control, true);
    row(rows, "NUL", std::string("a\0b", 3).c_str(), kCode, K::Control, false); // C string: "a"
    row(rows, "DEL",
        "a\x7F"
        "b",
        kCode, K::Control, true);
    row(rows, "NEL",
        "a\xC2\x85"
        "b",
        kCode, K::Control, true);
    row(rows, "tab lf cr ff", "a\tb\r\nc\fd\n", kCode, K::Control, false);
    // noncharacter, private-use, unassigned
    row(rows, "U+FFFF", "a\uFFFF", kText, K::Noncharacter, true);
    row(rows, "U+FDD0", "a\uFDD0", kCode, K::Noncharacter, true);
    row(rows, "U+FFFD", "a\uFFFD", kCode, K::Noncharacter, false);
    row(rows, "PUA", "a\uE000", kText, K::PrivateUse, true);
    row(rows, "plane 15 PUA", "a\U000F0000", kCode, K::PrivateUse, true);
    row(rows, "unassigned", "a\u0378", kText, K::Unassigned, true);
    row(rows, "assigned", "a\u00E9", kText, K::Unassigned, false);
    // space-lookalike
    row(rows, "NBSP code", "x\u00A0= 1", kCode, K::SpaceLookalike, true);
    row(rows, "NBSP text", "10\u00A0km", kText, K::SpaceLookalike, false);
    row(rows, "ideographic space code", "a\u3000b", kCode, K::SpaceLookalike, true);
    row(rows, "narrow NBSP text", "a\u202Fb", kText, K::SpaceLookalike, false);
    // not-nfc
    row(rows, "e + acute",
        "caf"
        "e\u0301",
        kText, K::NotNfc, true);
    row(rows, "precomposed", "caf\u00E9", kCode, K::NotNfc, false);
    row(rows, "marks out of order", "a\u0301\u0323", kCode, K::NotNfc, true);
    row(rows, "marks in order", "a\u0323\u0301", kCode, K::NotNfc, true); // composes to U+1EA1 0301
    row(rows, "Hangul jamo", "\u1100\u1161", kText, K::NotNfc, true);
    row(rows, "Hangul syllable", "\uAC00", kText, K::NotNfc, false);
    row(rows, "mark alone after LF", "a\n\u0301", kText, K::NotNfc, false);
    // bom-inside
    row(rows, "BOM inside", "abc\uFEFFdef", kCode, K::BomInside, true);
    row(rows, "BOM first", "\uFEFFabc", kText, K::BomInside, false);
    // hidden-payload
    row(rows, "VS payload after emoji",
        "\U0001F600\U000E0138\U000E0155\U000E015C\U000E015C\U000E015F", kText, K::HiddenPayload,
        true);
    row(rows, "tag payload", "ok\U000E0048\U000E0069\U000E0021", kCode, K::HiddenPayload, true);
    row(rows, "one VS16", "\u2764\uFE0F", kText, K::HiddenPayload, false);
    row(rows, "two VS", "a\uFE00\uFE01", kText, K::HiddenPayload, false);
    row(rows, "flag is no payload",
        "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", kText,
        K::HiddenPayload, false);
    // ill-formed UTF-8
    row(rows, "overlong",
        "a\xC0\xAF"
        "b",
        kText, K::InvalidUtf8, true);
    row(rows, "valid", "a\u00E9b", kText, K::InvalidUtf8, false);
}

// One row per rule, each kind both ways: text, profile, the kind, found or not.
TEST_CASE("each kind is found where its rule says, and not where it does not, in both profiles") {
    std::vector<KindRow> rows;
    bidiRows(rows);
    invisibleRows(rows);
    identifierRows(rows);
    otherRows(rows);
    for (const KindRow& r : rows) {
        SUBCASE(r.name) {
            const auto findings = run(r.text, options(r.profile));
            INFO(joined(summary(findings), " "));
            CHECK((countKind(findings, r.kind) > 0) == r.found);
        }
    }
}

// Only the kinds of the row above are reported where a row expects none: e.g. a paired
// isolate in prose gives nothing at all.
TEST_CASE("clean prose has no finding at all") {
    for (const char* text :
         {"x \u2067\u05E9\u05DC\u2069 y \u200F.\n", "\u0645\u06CC\u200C\u062E\u0648\u0627\n",
          "\U0001F468\u200D\U0001F469\u200D\U0001F467 \u2764\uFE0F 1\uFE0F\u20E3\n",
          "10\u00A0km hy\u00ADphen f\u0131le caf\u00E9 \u4F7F\u7528UTF-8\n"}) {
        const auto findings = run(text, options(kText));
        INFO(text, ": ", joined(summary(findings), " "));
        CHECK(findings.empty());
    }
}

TEST_CASE("a confusable says what it looks like") {
    const auto findings = run("void say\u041Dello();", options(kCode));
    const AuditFinding* f = firstOf(findings, AuditKind::Confusable);
    REQUIRE(f);
    CHECK(f->offset == std::uint64_t(8));
    CHECK(f->length == std::uint64_t(2));
    CHECK(f->column == std::uint64_t(9));
    CHECK(f->lookalike == std::string("sayHello"));
    CHECK(f->codePoints == std::vector<char32_t>{0x041D});
    INFO(f->message);
    CHECK(f->message.find("\"say\u041Dello\" looks like \"sayHello\"") != std::string::npos);
    CHECK(f->message.find("U+041D CYRILLIC CAPITAL LETTER EN") != std::string::npos);
    const AuditFinding* m = firstOf(findings, AuditKind::MixedScript);
    REQUIRE(m);
    CHECK(m->offset == std::uint64_t(5));
    CHECK(m->length == std::uint64_t(9));
    CHECK(m->message.find("Latin and Cyrillic") != std::string::npos);
}

TEST_CASE("a hidden payload decodes its bytes") {
    const auto findings = run(
        "x\U0001F600\U000E0138\U000E0155\U000E015C\U000E015C\U000E015F\uFE01 y", options(kText));
    REQUIRE(findings.size() == std::size_t(1));
    const AuditFinding& f = findings[0];
    CHECK(f.kind == AuditKind::HiddenPayload);
    CHECK(f.offset == std::uint64_t(5));
    CHECK(f.length == std::uint64_t(23));
    CHECK(f.codePoints.size() == std::size_t(6));
    INFO(f.message);
    CHECK(f.message.find("48 65 6C 6C 6F 01 \"Hello.\"") != std::string::npos);
    const auto tags = run("\U000E0048\U000E0069\U000E0021", options(kText));
    REQUIRE(tags.size() == std::size_t(1));
    INFO(tags[0].message);
    CHECK(tags[0].message.find("48 69 21 \"Hi!\"") != std::string::npos);
}

// Every explanation cites its rule; every kind has a name, a title and a rationale.
TEST_CASE("every explanation cites its rule; every kind has a name, a title and a rationale") {
    const struct {
        const char* text;
        AuditKind kind;
        const char* rule;
    } cases[] = {
        {"a\u202Eb\u202C", AuditKind::BidiControl, "CVE-2021-42574"},
        {"a\u2067b", AuditKind::BidiUnterminated, "UAX #9"},
        {"a\u200Bb", AuditKind::Invisible, "Unicode chapter"},
        {"a\uFE0F", AuditKind::Invisible, "chapter 23.4"},
        {"say\u041Dello", AuditKind::Confusable, "UTS #39"},
        {"say\u041Dello", AuditKind::MixedScript, "UTS #39 section 5.2"},
        {"\x1B", AuditKind::Control, "chapter 23.1"},
        {"\uFFFF", AuditKind::Noncharacter, "chapter 23.7"},
        {"\uE000", AuditKind::PrivateUse, "chapter 23.5"},
        {"\u0378", AuditKind::Unassigned, "Unicode 15.0"},
        {"a\u00A0b", AuditKind::SpaceLookalike, "UAX #31"},
        {"e\u0301", AuditKind::NotNfc, "UAX #15"},
        {"a\uFEFF", AuditKind::BomInside, "chapter 23.8"},
        {"\U000E0048\U000E0069\U000E0021", AuditKind::HiddenPayload, "UTS #51"},
        {"\xC0\xAF", AuditKind::InvalidUtf8, "RFC 3629"},
    };
    for (const auto& c : cases) {
        const auto findings = run(c.text, options(kCode));
        const AuditFinding* f = firstOf(findings, c.kind);
        INFO(c.text);
        REQUIRE(f);
        INFO(f->message);
        REQUIRE(f->message.find(c.rule) != std::string::npos);
    }
    for (int k = 0; k < u8convert::kAuditKindCount; ++k) {
        const auto kind = AuditKind(k);
        INFO("kind ", k);
        CHECK(u8convert::auditKindFromName(u8convert::name(kind)) == std::optional(kind));
        CHECK(!u8convert::title(kind).empty());
        CHECK(u8convert::rationale(kind).size() > 80);
    }
    CHECK(u8convert::auditKindFromName("nonsense") == std::nullopt);
    CHECK(u8convert::unicodeVersion() == std::string("15.0"));
    CHECK(u8convert::characterName(0x1B) == std::string("ESCAPE"));
    CHECK(u8convert::characterName(0x202E) == std::string("RIGHT-TO-LEFT OVERRIDE"));
    CHECK(u8convert::characterName(0xE000) == std::string("<private use area-E000>"));
}

TEST_CASE("ill-formed UTF-8 is reported in the same stream as the other findings") {
    const auto findings = run("a\u200Bb\xC0\xAF"
                              "c\u200Bd\xE2\x82",
                              options(kCode));
    REQUIRE(summary(findings) ==
            std::vector<std::string>{"invisible@1", "overlong@5", "invisible@8", "truncated@12"});
    CHECK(findings[1].problem.kind == u8codec::ProblemKind::Overlong);
    CHECK(findings[1].column == std::uint64_t(4));
    CHECK(findings[3].column == std::uint64_t(9));
    CHECK(findings[1].message.find("RFC 3629") != std::string::npos);
}

// Lines end at LF; columns count characters, an error segment as one.
TEST_CASE("positions: lines end at LF, columns count characters and an error segment as one") {
    const auto findings = run("\u00E9\nab\xFF"
                              "c\u202E\u202C\n\t\u200B",
                              options(kCode));
    REQUIRE(summary(findings) == std::vector<std::string>{"never-valid-byte@5", "bidi-control@7",
                                                          "bidi-control@10", "invisible@15"});
    CHECK(findings[0].line == std::uint64_t(2));
    CHECK(findings[0].column == std::uint64_t(3));
    CHECK(findings[1].line == std::uint64_t(2));
    CHECK(findings[1].column == std::uint64_t(5));
    CHECK(findings[2].column == std::uint64_t(6));
    CHECK(findings[3].line == std::uint64_t(3));
    CHECK(findings[3].column == std::uint64_t(2));
}

// The unterminated opener is reported at the opener, and in offset order with the findings
// after it on its line.
TEST_CASE("findings come in offset order") {
    for (AuditProfile p : {kCode, kText}) {
        const auto findings = run(mixedSample(), options(p));
        REQUIRE(findings.size() > 20);
        for (std::size_t i = 1; i < findings.size(); ++i) {
            INFO(describe(findings[i - 1]), " / ", describe(findings[i]));
            REQUIRE(findings[i - 1].offset <= findings[i].offset);
        }
    }
}

std::vector<std::string> described(const std::vector<AuditFinding>& findings) {
    std::vector<std::string> out;
    for (const auto& f : findings)
        out.push_back(describe(f));
    return out;
}

TEST_CASE("any chunking gives the same findings") {
    for (const auto& [name, profile] : {std::pair{"code", kCode}, std::pair{"text", kText}}) {
        SUBCASE(name) {
            std::string text = mixedSample();
            // And a random soup of the characters the rules look at, between ASCII identifiers.
            static const char32_t kSoup[] = {
                0x202E, 0x202C,  0x2067,  0x2069,  0x200E,  0x200B,  0x200D, 0x200C, 0xFE0F,
                0xFE00, 0xE0100, 0xE0041, 0xE007F, 0x1F3F4, 0x1F600, 0x0301, 0x0323, 0x041D,
                0x0435, 0x0915,  0x094D,  0x0645,  0x06CC,  0x4F7F,  0x00A0, 0xFEFF, 0xFFFF,
                0xE000, 0x0378,  0x1B,    0x0A,    0x0D,    0x2029,  0x0085, 0x1100, 0x1161,
                0x00AD, 0x2764,  U'a',    U'_',    U' '};
            std::mt19937 random(19);
            for (int i = 0; i < 3000; ++i) {
                const char32_t cp = kSoup[random() % std::size(kSoup)];
                std::string utf8;
                u8codec::appendUtf8(cp, utf8);
                text += utf8;
                if (random() % 4 == 0)
                    text += random() % 3 == 0 ? "\xC3" : "word";
            }
            const auto whole = run(text, options(profile), 0);
            REQUIRE(whole.size() > 500);
            const std::vector<std::string> expected = described(whole);
            for (int chunking : {1, 2, 3, 7, 64, 100, 1000, 4099}) {
                const std::vector<std::string> got =
                    described(run(text, options(profile), chunking));
                if (got != expected) {
                    for (std::size_t i = 0; i < std::min(got.size(), expected.size()); ++i)
                        if (got[i] != expected[i])
                            FAIL("chunking " << chunking << ", finding " << i << ":\n  "
                                             << expected[i] << "\n  " << got[i]);
                    INFO("chunking ", chunking);
                    REQUIRE(got.size() == expected.size());
                }
            }
        }
    }
}

// A word's checks run where it ends, whatever ends it: a plain ASCII byte that starts a run
// read at once (a space, punctuation, a line feed), a character read alone (a non-ASCII
// quote, a control) or the end of the text. The words' findings are the same for each.
TEST_CASE("a word's checks are alike whatever ends the word") {
    // Cyrillic о in a Latin word (confusable, mixed-script), an escape glued to a Cyrillic
    // word with a Latin intruder (the escape left out), a word of Latin and Greek.
    const std::string words[] = {"G\u043E\u043Egle", "\\n\u0417\u0430\u043Fi\u0442",
                                 "alpha\u03B2\u03B3"};
    const std::string enders[] = {" ", ".", "\n", "\t", ",", "\u00BB", "\x01", ""};
    for (const AuditProfile profile : {kText, kCode}) {
        for (const std::string& word : words) {
            const std::string head = "Some text before it: ";
            std::vector<std::string> first;
            for (const std::string& ender : enders) {
                const std::string text = head + word + ender + (ender.empty() ? "" : " after");
                std::vector<std::string> at; // the findings on the word, all it says
                for (const auto& f : run(text, options(profile)))
                    if (f.offset >= head.size() && f.offset < head.size() + word.size())
                        at.push_back(describe(f));
                INFO(word);
                REQUIRE(!at.empty());
                if (first.empty())
                    first = at;
                INFO("ender ", u8test::hexOf(ender), ":\n  ", joined(at, "\n  "), "\n  ",
                     joined(first, "\n  "));
                REQUIRE(at == first);
            }
        }
    }
}

// Past 256 characters an all-ASCII identifier keeps its last 256 and remembers that an
// ASCII letter went before: the look-alike is still found.
TEST_CASE("a look-alike at the tail of a long identifier is still found") {
    const std::string id = std::string(600, 'x') + "\u043E"; // a Cyrillic o at the tail
    const auto findings = run(id + " b" + std::string(1000, '_') + "\u0430", options(kCode));
    // The second one is a segment of its own after the underscores: a mixed-script finding
    // only (a letter and 1000 underscores slid out before it).
    REQUIRE(summary(findings) ==
            std::vector<std::string>{"mixed-script@345", "confusable@600", "mixed-script@1349"});
    CHECK(findings[1].column == std::uint64_t(601));
}

// Findings wait behind an unterminated opener until its line ends, up to 4096 of them; past
// that the earliest are let go (memory stays bounded) and the opener's finding comes later.
TEST_CASE("the findings held behind an unterminated opener are bounded") {
    std::string line = "\u2067";
    for (int i = 0; i < 5000; ++i)
        line += "\u200B";
    const auto findings = run(line + "\n", options(kCode));
    REQUIRE(findings.size() == std::size_t(5002));
    REQUIRE(countKind(findings, AuditKind::BidiUnterminated) == 1);
    std::size_t at = 0;
    while (findings[at].kind != AuditKind::BidiUnterminated)
        ++at;
    CHECK((at > 800 && at < 1000));
    std::string shortLine = "\u2067";
    for (int i = 0; i < 100; ++i)
        shortLine += "\u200B";
    const auto ordered = run(shortLine + "\n", options(kCode));
    REQUIRE(ordered.size() > 1);
    CHECK(ordered[1].kind == AuditKind::BidiUnterminated);
    // What is let go early depends on the stream only: the same in every chunking, here
    // with a line that ends inside a stretch of non-ASCII (U+2029).
    const std::string nonAsciiEnd = line + "\u2029\u00E9";
    const std::vector<std::string> expected = described(run(nonAsciiEnd, options(kCode)));
    for (int chunking : {1, 5, 3000}) {
        INFO("chunking ", chunking);
        CHECK(described(run(nonAsciiEnd, options(kCode), chunking)) == expected);
    }
}

// With ill-formed UTF-8 left out of the kinds (as the window audits), a finding still goes
// as soon as nothing before it can be found: the problems not reported must not hold it back
// (nor be kept: that was memory growing with every error in the stream).
TEST_CASE("problems not asked for hold no finding back") {
    // An error reported, then a ZWSP while a C0 at the end may still start an overlong form.
    const std::string text = "\xFF a\u200B\xC0";
    u8convert::Auditor auditor(
        options(kCode, u8convert::kAllAuditKinds & ~u8convert::kindBit(AuditKind::InvalidUtf8)));
    int duringFeed = 0, atFinish = 0;
    auditor.feed(bytes(text), [&](const AuditFinding&) { ++duringFeed; });
    auditor.finish([&](const AuditFinding&) { ++atFinish; });
    CHECK(duringFeed == 1); // the ZWSP, before the C0 is decided
    CHECK(atFinish == 0);
}

TEST_CASE("the kinds mask keeps only the kinds asked for") {
    const auto findings =
        run(mixedSample(), options(kCode, u8convert::kindBit(AuditKind::BidiControl) |
                                              u8convert::kindBit(AuditKind::NotNfc)));
    REQUIRE(!findings.empty());
    for (const auto& f : findings) {
        INFO(describe(f));
        REQUIRE((f.kind == AuditKind::BidiControl || f.kind == AuditKind::NotNfc));
    }
    CHECK(countKind(findings, AuditKind::NotNfc) > 0);
}

TEST_CASE("an allowlist parses, and a bad one is refused with its line") {
    const auto ok = u8convert::parseAllowlist(
        "# project characters\nU+200D\n200c 200b, u+00a0  U+0600..U+06FF # Arabic\n\n10FFFF\n",
        "allow.txt");
    INFO(ok.message());
    REQUIRE(ok.ok());
    for (char32_t cp : {0x200D, 0x200C, 0x200B, 0x00A0, 0x0600, 0x0650, 0x06FF, 0x10FFFF}) {
        INFO(u8test::codePointsOf(std::u32string(1, cp)));
        CHECK(ok->set.contains(cp));
    }
    for (char32_t cp : {0x200E, 0x05FF, 0x0700, 0x41}) {
        INFO(u8test::codePointsOf(std::u32string(1, cp)));
        CHECK(!ok->set.contains(cp));
    }
    CHECK(ok->set.ranges().size() == std::size_t(4)); // 200B..200D merged
    const struct {
        const char* text;
        const char* error;
    } bad[] = {
        {"U+200D\nzz\n", "allow.txt:2: 'zz' is not a code point"},
        {"\n\nU+110000", "allow.txt:3: 'U+110000' is above U+10FFFF"},
        {"U+0700..U+0600", "allow.txt:1: range 'U+0700..U+0600' ends before it starts"},
        {"U+", "allow.txt:1: 'U+' is not a code point"},
    };
    for (const auto& b : bad) {
        const auto parsed = u8convert::parseAllowlist(b.text, "allow.txt");
        INFO(b.text, " -> ", parsed.message());
        REQUIRE(!parsed.ok());
        CHECK(parsed.error().code == u8codec::ErrorCode::Invalid);
        REQUIRE(parsed.message().starts_with(b.error));
    }
    // An editor's byte order mark before the first entry (issue 32).
    const auto marked = u8convert::parseAllowlist("\xEF\xBB\xBFU+200D\n", "allow.txt");
    INFO(marked.message());
    REQUIRE(marked.ok());
    CHECK(marked->set.contains(0x200D));
    const auto unreadable = u8convert::readAllowlist("/proc/self/mem");
    CHECK(unreadable.error().code == u8codec::ErrorCode::Io);
    CHECK(unreadable.message() == "/proc/self/mem: Input/output error");
    const auto missing = u8convert::readAllowlist("/nonexistent/allow.txt");
    INFO(missing.message());
    REQUIRE(!missing.ok());
    CHECK(missing.error().code == u8codec::ErrorCode::Io);
    CHECK(missing.message().starts_with("/nonexistent/allow.txt: "));
}

// Allowlisted characters give no per-character finding and count as Common.
TEST_CASE("allowlisted characters give no per-character finding") {
    auto o = options(kCode);
    o.allowlist = u8convert::parseAllowlist("U+200D\nU+0400..U+04FF", "allow")->set;
    CHECK(summary(run("a\u200Db a\u200Cb", o)) == std::vector<std::string>{"invisible@7"});
    CHECK(run("void say\u041Dello();", o).empty());
    CHECK(!run("void say\u041Dello();", options(kCode)).empty());
}

} // namespace
