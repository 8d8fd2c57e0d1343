// The code profile reads identifiers apart from comments and strings (issue 34 items 1-4, 8):
// comments and strings are text, whole-script confusables (UTS #39 section 4) and look-alike
// punctuation are judged in code only, a bidi control's context ends with its comment or string
// (as GCC's -Wbidi-chars judges it), and an isolate left open at the end of a line of prose is
// reported. Each rule both ways, in every chunking.
#include "audit_test_support.h"
#include "u8test/harness.h"

#include <algorithm>
#include <initializer_list>
#include <string>

using u8convert::AuditKind;
using u8convert::AuditProfile;
using namespace audittest;

namespace {

// Findings of `kind` in `text`, audited as the file `name` would be (its profile and syntax),
// with the default kinds; the same whole, byte by byte and in random chunks.
std::size_t count(const std::string& name, const std::string& text, AuditKind kind) {
    u8convert::AuditOptions o;
    o.profile = u8convert::profileForFileName(name);
    o.kinds = u8convert::defaultAuditKinds(o.profile);
    o.syntax = u8convert::codeSyntaxForFileName(name);
    std::size_t n = 0;
    for (const auto& f : run(text, o))
        n += f.kind == kind;
    for (int chunking : {1, 7, 64}) {
        std::size_t m = 0;
        for (const auto& f : run(text, o, chunking))
            m += f.kind == kind;
        if (m != n)
            return std::size_t(-1);
    }
    return n;
}

// The pairs of identifiers that read the same in `text` (the file `name`): "second~first@line:
// column of the second", joined with spaces, the same whole and in every chunking ("chunkings
// differ" otherwise).
std::string pairsOf(const std::string& name, const std::string& text,
                    const std::vector<std::u32string>& allowedWords = {},
                    std::initializer_list<int> chunkings = {1, 7, 64, 5000}) {
    u8convert::AuditOptions o;
    o.profile = u8convert::profileForFileName(name);
    o.kinds = u8convert::defaultAuditKinds(o.profile);
    o.syntax = u8convert::codeSyntaxForFileName(name);
    o.allowedWords = allowedWords;
    const auto pairs = [&](int chunking) {
        std::vector<std::string> out;
        for (const auto& f : run(text, o, chunking))
            if (f.kind == AuditKind::Confusable &&
                f.message.find("are two identifiers of this file") != std::string::npos) {
                std::string second;
                for (const char32_t cp : f.codePoints)
                    u8codec::appendUtf8(cp, second);
                out.push_back(second + "~" + f.lookalike + "@" + std::to_string(f.line) + ":" +
                              std::to_string(f.column));
            }
        return joined(out, " ");
    };
    const std::string whole = pairs(0);
    for (int chunking : chunkings)
        if (pairs(chunking) != whole)
            return "chunkings differ";
    return whole;
}

struct RuleRow {
    const char* name;
    const char* file;
    const char* text;
    AuditKind kind;
    int expected;
};

std::vector<RuleRow> ruleRows() {
    std::vector<RuleRow> rows;
    const auto row = [&](const char* tag, const char* file, const char* text, AuditKind k, int n) {
        rows.push_back({tag, file, text, k, n});
    };
    const AuditKind B = AuditKind::BidiControl;
    const AuditKind C = AuditKind::Confusable, U = AuditKind::BidiUnterminated,
                    I = AuditKind::Invisible, S = AuditKind::SpaceLookalike;
    // Comments and strings are text: a Turkish ı or a Russian word made of look-alike
    // letters is a letter or a word there, and an identifier elsewhere (each ı of "ılık" is
    // a finding there).
    row("ı in an identifier", "a.c", "int ılık = 1;", C, 2);
    row("ı in a // comment", "a.c", "int x; // Türkçe ılık\n", C, 0);
    row("ı in a /* */ comment", "a.c", "int x; /* Türkçe ılık */\n", C, 0);
    row("en dash in a /* */ comment", "a.h", "/* 817–1984, “topped off.” */\n", C, 0);
    row("ı after a /* */ comment", "a.c", "/* x */ int ılık;\n", C, 2);
    row("ı in a string", "a.c", "s = \"ılık\";", C, 0);
    row("ı in a # comment", "a.py", "x = 1  # ılık\n", C, 0);
    row("# is no comment in C", "a.c", "#define ılık 1\n", C, 2);
    row("ı in a docstring", "a.py", "\"\"\"ılık\nüç ılık\"\"\"\n", C, 0);
    row("ı after a docstring", "a.py", "\"\"\"doc\"\"\"\nılık = 1\n", C, 2);
    row("ı in POD", "a.pm", "=head1 AUTHOR\n\nılık Ævar\n\n=cut\n", C, 0);
    row("ı after POD", "a.pm", "=pod\n\n=cut\nmy $ılık = 1;\n", C, 2);
    row("=end inside POD", "a.pm", "=pod\n\n=begin :x\n\n=end :x\n\nılık\n=cut\n", C, 0);
    row("Ruby =begin", "a.rb", "=begin\nılık\n=end\nılık = 1\n", C, 2);
    row("after __END__", "a.pm", "1;\n__END__\nılık “x”\n", C, 0);
    row("after __DATA__", "a.rb", "x = 1\n__DATA__\nılık\n", C, 0);
    row("__END__ inside a line", "a.pm", "my $__END__x = 1; ılık;\n", C, 2);
    row("ı in a Lisp comment", "a.el", ";; ‘ılık’ doesn’t\n", C, 0);
    row("ı in a -- comment", "a.sql", "SELECT 1; -- ılık\n", C, 0);
    // Heredocs and Perl's quote-like operators are strings.
    row("heredoc", "a.sh", "cat <<EOF\nTürkçe ılık (“quoted”)\nEOF\nılık=1\n", C, 2);
    row("quoted heredoc word", "a.sh", "cat <<'END' | x\n= “x”\nEND\n", C, 0);
    row("PHP heredoc", "a.php", "$s = <<<EOT\n(“Smart”)\n  EOT;\n$ılık = 1;\n", C, 2);
    row("Ruby squiggly heredoc", "a.rb", "s = <<~TEXT\n  (“Smart”)\n  TEXT\n", C, 0);
    row("a shift is no heredoc", "a.sh", "echo $((1<<n))\nx=(“a”)\n", C, 1);
    row("no heredoc in C", "a.c", "x = 1 <<n;\ny = (“a”);\n", C, 1);
    row("Perl q{}", "a.pl", "my $s = q{The (“Smart”) {nested} one};\nmy $ılık = 1;\n", C, 2);
    row("Perl qw()", "a.pm", "my @a = qw(“a” b);\n", C, 0);
    // A Rust lifetime opens no string; a character literal is one.
    row("Rust lifetime", "a.rs", "fn f<'a>(x: &'a str) { let ılık = 1; }\n", C, 2);
    row("Rust char", "a.rs", "let c = 'ı'; let d = '\\n';\n", C, 0);
    row("C++ digit separators", "a.cpp", "int n = 1'000'000; int ılık;\n", C, 2);
    row("JavaScript quotes", "a.js", "s = 'ılık ünlü';\n", C, 0);
    row("a string ends at its line", "a.c", "s = \"abc\nint ılık;\n", C, 2);
    // Whole-script confusables: in an otherwise Latin file, an identifier all of one other
    // script whose every letter is drawn like ASCII (rustc's mixed_script_confusables).
    row("сору in a Latin file", "a.rs", "let сору = copy();\n", C, 2); // and copy, its pair
    row("ѕсоре in a Latin file", "a.c", "int ѕсоре;\n", C, 1);
    row("сору in a Russian file", "a.bsl", "Процедура Тест() сору = 1; КонецПроцедуры\n", C, 0);
    row("сору before the Russian", "a.bsl", "сору = 1; Запрос = 2;\n", C, 0);
    row("сору alone in BSL", "a.bsl", "сору = 1; x = 2;\n", C, 1);
    row("сору in a comment", "a.c", "// сору\nint x;\n", C, 0);
    row("one letter", "a.c", "int с = 1;\n", C, 0);
    // Compatibility forms and the identifiers that read as ASCII.
    row("fullwidth", "a.c", "int ｍａｉｎ(void);", C, 4);
    row("Ærøskøbing", "a.c", "int Ærøskøbing = 1;", C, 0);
    row("fullwidth in a string", "a.c", "s = \"ｍａｉｎ\";", C, 0);
    // Punctuation drawn like the ASCII that code reads.
    row("U+037E", "a.c", "int x = 1\u037E\n", C, 1);
    row("curly quotes opening a string", "a.c", "printf(“hello”);", C, 1);
    row("curly quotes after =", "a.py", "x = ‘a’\n", C, 1);
    row("curly quotes in a string", "a.c", "s = \"“hello”\";", C, 0);
    row("curly quotes after a word", "a.pm", "q{The “Smart” Internet}\n", C, 0);
    row("U+2212 in a number", "a.c", "double G = 6.674e−11;", C, 1);
    row("U+2212 before a digit", "a.c", "x = −1;", C, 1);
    row("en dash in prose", "a.pm", "q{Nación – Secretaría}\n", C, 0);
    row("U+2010 in a word", "a.pm", "q{Shangri‐La}\n", C, 0);
    row("U+2800 as a name", "a.js", "var \u2800 = 1;", I, 1);
    // A language whose comments the lexer does not know: no token is judged.
    row("curly quotes in MATLAB", "a.m", "% see (“Smart”)\n", C, 0);
    row("сору in MATLAB", "a.m", "% сору\n", C, 0);
    row("curly quotes in Objective-C++", "a.mm", "printf(“hello”);", C, 1);
    row("U+2800 in a string", "a.js", "s = '\u2800';", I, 0);
    row("no-break space in code", "a.c", "int\u00A0x;", S, 1);
    row("no-break space in a string", "a.c", "s = \"prix\u00A0:\";", S, 0);
    row("soft hyphen in a comment", "a.c", "// hy\u00ADphen\n", I, 0);
    row("soft hyphen in code", "a.c", "int hy\u00ADphen;", I, 1);
    // LRM, RLM and ALM set the direction of text in strings and comments; in code they are
    // controls like the others.
    row("RLM in a string", "a.php", "'LLL' => 'OD MMMM OY،\u200F H:mm',\n", B, 0);
    row("LRM in a comment", "a.c", "// کوردی\u200E\n", B, 0);
    row("RLM in code", "a.c", "int x\u200F = 1;\n", B, 1);
    row("RLO in a string", "a.php", "$s = 'a\u202Eb\u202C';\n", B, 2);
    // Bidi pairing per comment and per string, as compilers judge it.
    row("RLI and PDI in two comments", "a.c", "/* \u2067 */ x = 1; /* \u2069 */\n", U, 2);
    row("RLI and PDI in one comment", "a.c", "/* \u2067 x \u2069 */\n", U, 0);
    row("RLI and PDI in two strings", "a.c", "s = \"\u2067\" + \"\u2069\";\n", U, 2);
    row("RLI closed in its string", "a.c", "s = \"\u2067abc\u2069\";\n", U, 0);
    // Prose: an isolate left open at the end of a line; embeddings are left to UAX #9 X8.
    row("RLI open in Markdown", "a.md", "Price: \u2067100\nnext line\n", U, 1);
    row("RLI closed in Markdown", "a.md", "Price: \u2067100\u2069\n", U, 0);
    row("RLE open in a catalogue", "a.po", "msgstr \"\u202B\u05E9\u05DC\"\n", U, 0);
    return rows;
}

TEST_CASE("comments and strings are text, identifiers code: each rule both ways") {
    for (const RuleRow& r : ruleRows()) {
        SUBCASE(r.name) {
            CHECK(count(r.file, r.text, r.kind) == std::size_t(r.expected));
        }
    }
}

struct PairRow {
    const char* name;
    const char* file;
    std::string text;
    const char* expected;
};

// Built once: a few rows hold megabytes, and each SUBCASE runs the test case again.
const std::vector<PairRow>& pairRows() {
    static const std::vector<PairRow> rows = [] {
        std::vector<PairRow> rows;
        const auto row = [&](const char* tag, const char* file, const std::string& text,
                             const char* expected) {
            rows.push_back({tag, file, text, expected});
        };
        row("Cyrillic, then Latin", "a.c", "int x = ѕсоре;\nint y = scope;\n", "scope~ѕсоре@2:9");
        row("mathematical, then ASCII", "a.py", "𝐚𝐝𝐦𝐢𝐧 = 1\nif admin: pass\n", "admin~𝐚𝐝𝐦𝐢𝐧@2:4");
        row("fullwidth, then ASCII", "a.c", "int ｍａｉｎ;\nint main(void);\n",
            "main~ｍａｉｎ@2:5");
        // Cyrillic letters of its own keep сору from being a whole-script confusable: only
        // the pair tells it from copy.
        row("in a file of Cyrillic names", "a.c", "int счёт = сору(copy);\n", "copy~сору@1:17");
        row("ASCII digits mapped", "a.c", "int ｘ1 = 0; int xl = 1;\n", "xl~ｘ1@1:17");
        row("two non-ASCII", "a.c", "int ѕсоре; int ѕсope;\n", "ѕсope~ѕсоре@1:16");
        row("far apart", "a.c",
            "int ѕсоре;\n" + std::string(40000, ' ') + "\n/* x */ int\nscope;\n",
            "scope~ѕсоре@4:1");
        row("each new one once", "a.c", "ѕсоре(scope, scope, ѕсope);\n",
            "scope~ѕсоре@1:7 ѕсope~ѕсоре@1:21");
        // The ASCII one first: kept from the start of the file, in a run read at once or not.
        row("Latin, then Cyrillic", "a.c", "int scope = 1;\nint x = ѕсоре;\n", "ѕсоре~scope@2:9");
        row("ASCII, then fullwidth", "a.c", "int main(void);\nint ｍａｉｎ;\n",
            "ｍａｉｎ~main@2:5");
        row("ASCII far before", "a.c",
            "/* é */ int\nscope;\n" + std::string(40000, ' ') + "\nint ѕсоре;\n",
            "ѕсоре~scope@4:5");
        std::string many;
        for (int k = 0; k < 5000; ++k)
            many += "int v" + std::to_string(k) + " = w" + std::to_string(k) + ";\n";
        row("among many ASCII ones", "a.c", many + "int scope;\n" + many + "int ѕсоре;\n",
            "ѕсоре~scope@10002:5");
        // The first megabyte of a file is kept until a non-ASCII identifier comes; past it the
        // ASCII identifiers are read into the set as they come: none is left out.
        std::string lines;
        for (int k = 0; k < 400000; ++k)
            lines += "x = y + z;\n";
        row("ASCII megabytes before", "a.c", "int scope;\n" + lines + "int ѕсоре;\n",
            "ѕсоре~scope@400002:5");
        row("ASCII past the first megabytes", "a.c", lines + "int scope;\nint ѕсоре;\n",
            "ѕсоре~scope@400002:5");
        row("ASCII past the first megabytes, after", "a.c", lines + "int ѕсоре;\nint scope;\n",
            "scope~ѕсоре@400002:5");
        row("ASCII before, the same word after", "a.c", "scope(ѕсоре, scope, ѕсоре);\n",
            "ѕсоре~scope@1:7");
        // A word in two cases of one script is not two look-alikes, though UTS #39 gives θ and
        // Θ one prototype; a letter of another script still is.
        row("one word in two cases", "a.c", "int θέλετε = 1;\nint Θέλετε = 2;\n", "");
        row("two cases, then another script", "a.c", "int θέλετε; int Θέλετε; int Ѳέλετε;\n",
            "Ѳέλετε~θέλετε@1:29");
        row("two cases of two scripts", "a.c", "int θx; int Ѳx;\n", "Ѳx~θx@1:13");
        // Left alone.
        row("the same identifier", "a.c", "int ѕсоре; f(ѕсоре);\n", "");
        row("ASCII look-alikes before a non-ASCII one", "a.c",
            "int l1 = ll + I1 + rn + m + O0 + OO;\nint ñame;\n", "");
        row("ASCII in a comment before", "a.c", "// scope\nint ѕсоре;\n", "");
        row("ASCII in a string before", "a.py", "s = 'scope'\nѕсоре = 1\n", "");
        row("ASCII in a string far before", "a.c",
            "s = \"scope\";\n" + std::string(20000, ' ') + "int ѕсоре;\n", "");
        row("ASCII look-alikes", "a.c", "int ñame; int l1 = ll + I1 + rn + m;\n", "");
        row("no other with its skeleton", "a.c", "int счёт = 1; int x = 2;\n", "");
        row("in a comment", "a.c", "int ѕсоре; // scope\n", "");
        row("in a string", "a.py", "ѕсоре = 'scope'\n", "");
        row("in a string far on", "a.c",
            "int ѕсоре;\n" + std::string(20000, ' ') + "s = \"scope\";\n", "");
        row("a number", "a.c", "int О1 = 01;\n", "");
        row("prose", "a.txt", "ѕсоре scope\n", "");
        row("no lexer", "a.m", "% ѕсоре scope\n", "");
        return rows;
    }();
    return rows;
}

// Two distinct identifiers of a file with one UTS #39 skeleton (of their NFKC forms), one of
// them with a non-ASCII character, as rustc's confusable_idents compares them: the second is
// a finding naming the first, whichever of the two comes first.
TEST_CASE("two identifiers of a file that read the same are a finding naming the first") {
    for (const PairRow& r : pairRows()) {
        SUBCASE(r.name) {
            CHECK(pairsOf(r.file, r.text) == std::string(r.expected));
        }
    }
}

// Megabytes of ASCII code before the first non-ASCII identifier: its ASCII look-alike is
// found wherever it stands, at the head or past the first megabytes (their identifiers kept
// as a set of distinct names, not as the text), and a name that reads otherwise is no pair.
TEST_CASE("pairs megabytes apart are found") {
    std::string filler; // 5.5 MB of declarations, 4,000 distinct names
    for (int i = 0; filler.size() < 5'500'000; ++i)
        filler += "int v" + std::to_string(i % 4000) + " = f(w" + std::to_string(i % 97) + ");\n";
    const auto lines = std::count(filler.begin(), filler.end(), '\n');
    const auto at = [](long long line) {
        return "\uFF4D\uFF41\uFF49\uFF4E~main@" + std::to_string(line) + ":5";
    };
    const std::initializer_list<int> chunkings = {5000, 100000};
    CHECK(pairsOf("a.c", "int main;\n" + filler + "int \uFF4D\uFF41\uFF49\uFF4E;\n", {},
                  chunkings) == at(lines + 2));
    CHECK(pairsOf("a.c", filler + "int main;\nint \uFF4D\uFF41\uFF49\uFF4E;\n", {}, chunkings) ==
          at(lines + 2));
    CHECK(pairsOf("a.c", filler + "int mian;\nint \uFF4D\uFF41\uFF49\uFF4E;\n", {}, chunkings) ==
          "");
}

TEST_CASE("an allowed word is no pair") {
    CHECK(pairsOf("a.c", "int сору = copy;\n") == "copy~сору@1:12");
    CHECK(pairsOf("a.c", "int сору = copy;\n", {U"сору"}) == "");
}

// --allow takes words and scripts (issue 34 item 7): an allowed word gets no confusable or
// mixed-script finding, and a look-alike elsewhere still does; an allowed script's letters
// are used on purpose.
TEST_CASE("--allow takes words and scripts") {
    const auto parsed = u8convert::parseAllowlist(
        "word:Gооgle word:HTTPСоединение # ours\nscript:Cyrl, word:Gооgle\n", "allow.txt");
    INFO(parsed.message());
    REQUIRE(parsed.ok());
    CHECK(parsed->words.size() == std::size_t(2));
    CHECK(parsed->set.contains(0x0416));
    CHECK(!parsed->set.contains(U'a'));
    CHECK(!u8convert::parseAllowlist("script:Klingonish\n", "a").ok());
    CHECK(!u8convert::parseAllowlist("word:\n", "a").ok());
    // The prefixes in any case of their letters, and nothing else in place of the colon.
    CHECK(u8convert::parseAllowlist("Script:Cyrl WORD:x\n", "a").ok());
    const auto control = u8convert::parseAllowlist("U+200D\nScript\x1A"
                                                   "Cyrl\n",
                                                   "a");
    REQUIRE(!control.ok());
    CHECK(control.message().starts_with("a:2: "));
    CHECK(u8convert::parseAllowlist("script:Greek\n", "a")->set.contains(0x03B1));

    u8convert::AuditOptions o = options(AuditProfile::Code, u8convert::kAllAuditKinds);
    o.allowedWords = u8convert::parseAllowlist("word:Gооgle word:HTTPСоединение", "a")->words;
    const auto kinds = [&](const std::string& text) {
        std::size_t n = 0;
        for (const auto& f : run(text, o))
            n += f.kind == AuditKind::Confusable || f.kind == AuditKind::MixedScript;
        return n;
    };
    CHECK(kinds("x = Gооgle + HTTPСоединение;") == std::size_t(0));
    CHECK(kinds("x = Gооgles;") == std::size_t(3));         // two letters, and the mixing
    CHECK(kinds("x = HTTPСоединениеX;") == std::size_t(1)); // mixed-script, asked for
    o.allowedWords.clear();
    CHECK(kinds("x = Gооgle;") == std::size_t(3));
}

TEST_CASE("the profile and the syntax come from the file's name") {
    // A document translated into a language whose code is the last extension.
    CHECK(u8convert::profileForFileName("mc.hlp.pl") == AuditProfile::Text);
    CHECK(u8convert::profileForFileName("mc.hint.cs") == AuditProfile::Text);
    CHECK(u8convert::profileForFileName("ls.1.de") == AuditProfile::Text);
    CHECK(u8convert::profileForFileName("main.test.cs") == AuditProfile::Code);
    // A package's README or NEWS translated: ".cs" is Czech there, not C#.
    CHECK(u8convert::profileForFileName("doc/README.cs") == AuditProfile::Text);
    CHECK(u8convert::profileForFileName("NEWS.de") == AuditProfile::Text);
    CHECK(u8convert::profileForFileName("Readme.cs") == AuditProfile::Code);
    CHECK(u8convert::profileForFileName("script.pl") == AuditProfile::Code);
    CHECK(u8convert::codeSyntaxForFileName("a.py").hashComments);
    CHECK(!u8convert::codeSyntaxForFileName("a.py").slashComments); // floor division
    CHECK(u8convert::codeSyntaxForFileName("a.php").hashComments);
    CHECK(u8convert::codeSyntaxForFileName("a.php").slashComments);
    CHECK(u8convert::codeSyntaxForFileName("Makefile").hashComments);
    CHECK(u8convert::codeSyntaxForFileName("q.sql").dashComments);
    CHECK(!u8convert::codeSyntaxForFileName("a.c").hashComments);
    CHECK(u8convert::codeSyntaxForFileName("a.rs").lexed);
    CHECK(u8convert::codeSyntaxForFileName("Makefile").lexed);
    CHECK(!u8convert::codeSyntaxForFileName("a.m").lexed);
    CHECK(!u8convert::codeSyntaxForFileName("a.erl").lexed);
}

} // namespace
