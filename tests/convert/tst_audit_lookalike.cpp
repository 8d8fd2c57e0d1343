// Look-alike letters inside a word of another script (UTS #39 section 4), escapes and format
// directives glued to words, and ZWJ/ZWNJ where a script needs them (UAX #31 A1, A2, B): every
// attack flagged, and correct multilingual text left alone (issue 34 items 5-7, issue 33 defect 5).
// audit_lines/attacks.txt and audit_lines/correct.txt hold the lines both ways.
#include "audit_test_support.h"
#include "u8test/harness.h"

#include <sstream>

using u8convert::AuditKind;
using u8convert::AuditProfile;
using namespace audittest;

namespace {

// The kinds a CI gate trusts: none may be found in correct text.
constexpr AuditKind kTrusted[] = {AuditKind::BidiControl, AuditKind::BidiUnterminated,
                                  AuditKind::Invisible, AuditKind::Confusable,
                                  AuditKind::HiddenPayload};

// "\u{XXXX}" -> that character, "\\" -> "\".
std::string unescape(const std::string& line) {
    std::string out;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\\' && i + 1 < line.size() && line[i + 1] == '\\') {
            out += '\\';
            ++i;
        } else if (line.compare(i, 3, "\\u{") == 0) {
            const std::size_t close = line.find('}', i);
            u8codec::appendUtf8(
                char32_t(std::stoul(line.substr(i + 3, close - i - 3), nullptr, 16)), out);
            i = close;
        } else {
            out += line[i];
        }
    }
    return out;
}

// The lines of audit_lines/`name` that are neither empty nor comments.
std::vector<std::string> dataLines(const char* name) {
    const std::optional<std::string> text =
        u8test::readFile(std::string(U8SCOPE_AUDIT_LINES_DIR "/") + name);
    if (!text)
        return {};
    std::vector<std::string> lines;
    std::istringstream in(*text);
    for (std::string l; std::getline(in, l);)
        if (!l.empty() && l.front() != '#')
            lines.push_back(l);
    return lines;
}

// The fields of a line between tabs.
std::vector<std::string> fieldsOf(const std::string& line) {
    std::vector<std::string> fields;
    std::size_t from = 0;
    for (std::size_t tab; (tab = line.find('\t', from)) != std::string::npos; from = tab + 1)
        fields.push_back(line.substr(from, tab - from));
    fields.push_back(line.substr(from));
    return fields;
}

AuditProfile profileNamed(const std::string& s) {
    return s == "code" ? AuditProfile::Code : AuditProfile::Text;
}

std::vector<u8convert::AuditFinding> auditDefault(const std::string& text, AuditProfile p) {
    return run(text, options(p, u8convert::defaultAuditKinds(p)));
}

std::vector<u8convert::AuditFinding> confusables(const std::string& text, AuditProfile p) {
    std::vector<u8convert::AuditFinding> out;
    for (const auto& f : auditDefault(text, p))
        if (f.kind == AuditKind::Confusable)
            out.push_back(f);
    return out;
}

// The confusable findings of `text` fed to the auditor in pieces of `chunking` bytes (0: whole).
std::size_t confusablesFed(const std::string& text, AuditProfile p, int chunking) {
    std::size_t n = 0;
    for (const auto& f : run(text, options(p, u8convert::defaultAuditKinds(p)), chunking))
        n += f.kind == AuditKind::Confusable;
    return n;
}

TEST_CASE("every attack line is flagged with its kind") {
    const std::vector<std::string> lines = dataLines("attacks.txt");
    REQUIRE(lines.size() >= 20);
    std::vector<std::string> missed;
    for (const std::string& l : lines) {
        const std::vector<std::string> f = fieldsOf(l);
        INFO(l);
        REQUIRE(f.size() == std::size_t(3));
        const auto kind = u8convert::auditKindFromName(f[0]);
        REQUIRE(kind);
        bool found = false;
        for (int chunking : {0, 1, 7})
            for (const auto& finding :
                 run(unescape(f[2]),
                     options(profileNamed(f[1]), u8convert::defaultAuditKinds(profileNamed(f[1]))),
                     chunking))
                found = found || finding.kind == *kind;
        if (!found)
            missed.push_back(l);
    }
    INFO(joined(missed, "\n"));
    CHECK(missed.empty());
}

TEST_CASE("correct lines are left alone") {
    const std::vector<std::string> lines = dataLines("correct.txt");
    REQUIRE(lines.size() >= 10);
    std::vector<std::string> alarms;
    for (const std::string& l : lines) {
        const std::vector<std::string> f = fieldsOf(l);
        INFO(l);
        REQUIRE(f.size() == std::size_t(2));
        for (const auto& finding : auditDefault(unescape(f[1]), profileNamed(f[0])))
            for (AuditKind k : kTrusted)
                if (finding.kind == k)
                    alarms.push_back(l + ": " + describe(finding));
    }
    INFO(joined(alarms, "\n"));
    CHECK(alarms.empty());
}

TEST_CASE("the letter meant is named") {
    // Cyrillic о twice inside Latin: the Latin o was meant.
    auto found = confusables("G\u043E\u043Egle", AuditProfile::Text);
    REQUIRE(found.size() == std::size_t(2));
    CHECK(found[0].lookalike == std::string("Google"));
    {
        INFO(describe(found[0]));
        CHECK(found[0].message.find("U+006F LATIN SMALL LETTER O") != std::string::npos);
    }
    // A Latin i inside Cyrillic: the Cyrillic і was meant.
    found = confusables("в"
                        "i"
                        "део",
                        AuditProfile::Text);
    REQUIRE(found.size() == std::size_t(1));
    CHECK(found[0].codePoints == std::vector<char32_t>{U'i'});
    CHECK(found[0].lookalike == std::string("в\u0456део"));
    INFO(found[0].message);
    CHECK(found[0].message.find("Cyrillic") != std::string::npos);
}

TEST_CASE("whole segments of two scripts are not look-alikes") {
    const struct {
        const char* word;
        bool flagged;
    } rows[] = {
        {"HTTPСоединение", false},
        {"ЗаписьXML", false},
        {"ПолучитьHTTPСоединение", false},
        {"вашID", false},
        {"answerα", false},
        {"kΩ", false},
        {"ПРЕФИКСaa", false},
        {"час\u0079", true},
        {"G\u043E\u043Egle", true},
        {"\u0415nginn", true},
        {"hell\u03BF", true},
        {"P\u0410YP\u0410L", true},
        {"ПолучитьНТТРСоединение", false}, // all Cyrillic
    };
    for (const auto& row : rows) {
        SUBCASE(row.word) {
            for (AuditProfile p : {AuditProfile::Code, AuditProfile::Text}) {
                INFO(row.word, p == AuditProfile::Code ? " (code)" : " (text)");
                CHECK(confusables(row.word, p).empty() != row.flagged);
            }
        }
    }
}

// A catalogue's accelerator: a Latin letter after '&' or '_' in a word of another script is
// a hotkey picked on purpose (Midnight Commander's Ukrainian strings), in text and in code's
// strings (tr("&Open")); outside a string '&' is an operator and the name is judged. Without
// the marker the letter is still flagged.
TEST_CASE("accelerator letters in catalogues are picked on purpose") {
    const struct {
        const char* name;
        const char* text;
        bool code;
        bool flagged;
    } rows[] = {
        {"amp inside", "msgstr \"Г&aразд\"", false, false},
        {"amp first", "msgstr \"&Hазад\"", false, false},
        {"gtk underscore", "msgstr \"Пр_oдовжити\"", false, false},
        {"no marker", "msgstr \"Гaразд\"", false, true},
        {"escaped amp", "msgstr \"Г&&aразд\"", false, true},
        {"code string", "tr(\"Г&aразд\");", true, false},
        {"code operator", "int* p = &aразд;", true, true},
    };
    for (const auto& row : rows) {
        SUBCASE(row.name) {
            const AuditProfile p = row.code ? AuditProfile::Code : AuditProfile::Text;
            for (int chunking : {0, 1, 3}) {
                INFO(row.text, " in chunks of ", chunking);
                CHECK((confusablesFed(row.text, p, chunking) != 0) == row.flagged);
            }
        }
    }
}

TEST_CASE("escapes glued to words are decoded") {
    const struct {
        const char* name;
        const char* text;
        bool flagged;
    } rows[] = {
        // The Latin letter of the escape would otherwise be read as a look-alike in the word.
        {"%s before Cyrillic", "%sмлн", false},
        {"%-5s before Cyrillic", "%-5sтыс", false},
        {"\\x before Cyrillic", "\\xесть", false},
        {"\\c is no escape", "\\cсок", true},
        {"%% then s is no directive", "%%sмлн", true},
        {"s without % is a look-alike", " sмлн", true},
    };
    for (const auto& row : rows) {
        SUBCASE(row.name) {
            for (AuditProfile p : {AuditProfile::Code, AuditProfile::Text})
                for (int chunking : {0, 1, 3}) {
                    INFO(row.text, " in chunks of ", chunking);
                    CHECK((confusablesFed(row.text, p, chunking) != 0) == row.flagged);
                }
        }
    }
}
TEST_CASE("ZWJ and ZWNJ where scripts need them are no finding in code") {
    const auto joinerFindings = [](const std::string& s) {
        std::size_t n = 0;
        for (const auto& f : auditDefault(s, AuditProfile::Code))
            n += f.kind == AuditKind::Invisible;
        return n;
    };
    CHECK(joinerFindings("// می\u200Cخواهم") == std::size_t(0));
    CHECK(joinerFindings("x = \"ണ\u0D4D\u200D\"") == std::size_t(0));
    CHECK(joinerFindings("int is\u200CAdmin;") == std::size_t(1));
    CHECK(joinerFindings("int \u200DisAdmin;") == std::size_t(1));
}

TEST_CASE("a zero width space between Khmer words is no finding, elsewhere it is") {
    const auto invisible = [](const std::string& s, AuditProfile p) {
        std::size_t n = 0;
        for (const auto& f : auditDefault(s, p))
            n += f.kind == AuditKind::Invisible;
        return n;
    };
    for (AuditProfile p : {AuditProfile::Code, AuditProfile::Text}) {
        // Khmer marks word boundaries with ZWSP (Unicode chapter 16).
        CHECK(invisible("\u1780\u17D2\u1798\u17C2\u179A\u200B\u1797\u17B6\u179F\u17B6"
                        "\u200B \"\u200B\u1780\"",
                        p) == std::size_t(0));
        // Between Latin letters, or Khmer glued to Latin, it is a finding.
        CHECK(invisible("pay\u200Bpal", p) == std::size_t(1));
        CHECK(invisible("\u1780\u200Bpal", p) == std::size_t(1));
        CHECK(invisible("a \u200B b", p) == std::size_t(1));
        // Past spaces, punctuation and other ZWSPs, the nearest letters decide: Khmer text
        // puts ZWSP around quotes, numbers and Latin words; Latin or Hangul text has no use
        // for it (stray ZWSPs stay findings).
        CHECK(invisible("\u1780\u200B\u200B \u1780", p) == std::size_t(0));
        CHECK(invisible("a\u200B\u200B \u1780", p) == std::size_t(0));
        CHECK(invisible("\"\u200B\u200B\u1780\u17B6\"", p) == std::size_t(0));
        CHECK(invisible("\u1780 APT\u200B \u1780", p) == std::size_t(0));
        CHECK(invisible("usados \u200B\u200Bpara", p) == std::size_t(2));
        CHECK(invisible("\uB370 \u200B\uB370", p) == std::size_t(1));
        CHECK(invisible("msgstr \"\u200B\"\n", p) == std::size_t(1));
        CHECK(invisible("(\u200B)", p) == std::size_t(1));
        CHECK(invisible("\u1780\npay\u200B pal", p) == std::size_t(1));
        // After a virama (older Malayalam), between letters.
        CHECK(invisible("\u0D15\u0D4D\u200B\u0D35", p) == std::size_t(0));
    }
}

TEST_CASE("the joiners of Sorani and Telugu are no finding") {
    for (AuditProfile p : {AuditProfile::Code, AuditProfile::Text}) {
        std::size_t n = 0;
        // Sorani: HEH and ZWNJ for the vowel ە, at a word's end; Telugu: ZWJ ZWNJ after a
        // virama.
        for (const auto& f : auditDefault("\u0628\u0647\u200C \u0C15\u0C4D\u200D\u200C\u0C35", p))
            n += f.kind == AuditKind::Invisible;
        CHECK(n == std::size_t(0));
        n = 0;
        for (const auto& f : auditDefault("\u0628\u0628\u200C \u0C15\u200D\u200C\u0C35", p))
            n += f.kind == AuditKind::Invisible;
        CHECK(n == std::size_t(3));
    }
}

TEST_CASE("percent-encoding and other directives glued to words are no look-alikes") {
    for (const char* s : {"%%0Aспеціальний", "%Bнеразрешённы", "%(name)sмлн", "%tсек",
                          "'y' => ':countр'", ":timeс назад"}) {
        INFO(s);
        CHECK(confusables(s, AuditProfile::Text).empty());
    }
    CHECK(!confusables("%%Bнеразрешённы", AuditProfile::Text).empty());
    // A placeholder is lower-case ASCII after ':' at the start of a word.
    CHECK(!confusables("Visit:Gооgle", AuditProfile::Text).empty());
    CHECK(!confusables("x :Gооgle", AuditProfile::Text).empty());
    CHECK(!confusables("a:countр", AuditProfile::Text).empty());
}

TEST_CASE("the default kinds of each profile") {
    const auto code = u8convert::defaultAuditKinds(AuditProfile::Code);
    const auto text = u8convert::defaultAuditKinds(AuditProfile::Text);
    CHECK(!(code & u8convert::kindBit(AuditKind::MixedScript)));
    CHECK(!(text & u8convert::kindBit(AuditKind::MixedScript)));
    CHECK((code & u8convert::kindBit(AuditKind::NotNfc)) != 0);
    CHECK(!(text & u8convert::kindBit(AuditKind::NotNfc)));
    CHECK((text & u8convert::kindBit(AuditKind::BidiControl)) != 0);
    // Asked for, mixed-script is still found.
    CHECK(run("HTTPСоединение",
              options(AuditProfile::Code, u8convert::kindBit(AuditKind::MixedScript)))
              .size() == std::size_t(1));
}

} // namespace
