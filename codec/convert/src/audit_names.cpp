// The audit's vocabulary: kind and profile names, titles and the rule each kind follows.
#include "u8convert/audit.h"

#include <array>

namespace u8convert {
using namespace u8codec;

namespace {

struct KindText {
    std::string_view name, title, rationale;
};

// In the order of AuditKind.
constexpr std::array<KindText, kAuditKindCount> kKinds = {{
    {"bidi-control", "Bidirectional control character",
     "An invisible control of the Unicode Bidirectional Algorithm (UAX #9 section 2: the "
     "embeddings, overrides and isolates U+202A-202E and U+2066-2069, and in code the marks "
     "U+200E, U+200F and U+061C). It reorders the characters after it on display, so a reviewer "
     "reads something other than what the compiler reads: the Trojan Source attacks "
     "(Boucher and Anderson, 2021; CVE-2021-42574). Code needs none of them outside string "
     "literals meant for display; prose needs only paired embeddings and isolates, never "
     "overrides."},
    {"bidi-unterminated", "Unterminated bidirectional embedding, override or isolate",
     "An embedding, override or isolate still open at the end of its line, or a pop (PDF "
     "U+202C, PDI U+2069) with nothing to close (UAX #9 rules X6a and X7, checked per line as "
     "GCC's -Wbidi-chars=unpaired does). An unterminated control reorders the rest of the line "
     "past the comment or string it sits in: the commenting-out and stretched-string attacks of "
     "Trojan Source (CVE-2021-42574). Code profile only: in prose, UAX #9 rule X8 closes "
     "what is open at the end of the paragraph and a stray pop does nothing."},
    {"invisible", "Invisible character",
     "A character that draws nothing: Default_Ignorable_Code_Point or format (Cf) characters "
     "such as U+200B ZERO WIDTH SPACE, word joiners, Hangul fillers and tags, and variation "
     "selectors after a character that takes none (Unicode chapters 5.21 and 23). Two names that "
     "look identical can differ by one (the invisible-function attack of Trojan Source; UAX #31 "
     "section 2.3). A ZWJ or ZWNJ between letters of a script that uses them (UAX #31 A1, A2 "
     "and B: Persian, Malayalam chillu, Indic conjuncts) or between emoji is normal, and in the "
     "text profile a soft hyphen too."},
    {"confusable", "Look-alike character",
     "A letter of one script inside a run of letters of another that has a letter drawn like it "
     "(the same UTS #39 skeleton, section 4, confusables.txt), so the name or word looks like "
     "another one: \"sayНello\" with a Cyrillic EN looks like \"sayHello\", \"вiдео\" with a "
     "Latin i like the Cyrillic \"відео\"; the message says which letter was meant. Whole "
     "segments of two scripts (\"HTTPСоединение\", \"вашID\") are not look-alikes. In code, "
     "also a Latin or Common character drawn like ASCII (fullwidth, mathematical, dotless i) in "
     "an identifier with ASCII letters. Escapes and format directives glued to a word "
     "(\"\\nЗапит\", \"%sмлн\") are left out. The homoglyph attack of Trojan Source."},
    {"mixed-script", "Identifier mixing scripts",
     "An identifier (code) or word (text) whose characters come from scripts that UTS #39 "
     "section 5.2 does not let mix at the profile's restriction level, computed by ICU's spoof "
     "checker from the resolved script sets (Han with kana is Japanese, Han with Hangul Korean): "
     "code accepts at most highly restrictive, prose moderately restrictive. Reported only when "
     "asked for (--kinds): words that mix whole segments of two scripts are common on "
     "purpose, and the confusable kind reports the look-alikes among them."},
    {"control", "Control character",
     "A C0 control other than TAB, LF, FF and CR, DEL, or a C1 control (Unicode chapter 23.1). "
     "Text has no use for them; a terminal acts on some (ESC starts the escape sequences that "
     "can rewrite what is shown), and editors show most of them as nothing."},
    {"noncharacter", "Noncharacter",
     "One of the 66 noncharacters (U+FDD0-FDEF and the last two code points of every plane): "
     "reserved for a program's internal use and not for interchange (Unicode chapter 23.7)."},
    {"private-use", "Private-use character",
     "A private-use code point (general category Co, Unicode chapter 23.5): it means whatever "
     "its sender and reader agree on, and a reader without that agreement sees a box or an icon "
     "font's glyph."},
    {"unassigned", "Unassigned code point",
     "A code point with no character assigned in the Unicode version of this build's ICU "
     "(general category Cn): no font draws it, and a later version may give it a meaning "
     "(Unicode chapter 2.4)."},
    {"space-lookalike", "Space look-alike",
     "A space character that is not Pattern_White_Space (UAX #31 section 4): no-break, "
     "typographic and ideographic spaces look like U+0020 but a compiler reads them as part of "
     "a token, or refuses them. Code profile only."},
    {"not-nfc", "Text not in NFC",
     "A normalization segment that Normalization Form C changes (UAX #15): the same text can "
     "be written in two forms that look identical but compare unequal, so one name can exist "
     "twice (UAX #31 section 5 asks identifiers to be compared in NFC)."},
    {"bom-inside", "Byte order mark inside the text",
     "U+FEFF after the first byte: a byte order mark belongs only at the start of a file "
     "(Unicode chapter 23.8); inside, it is an invisible ZERO WIDTH NO-BREAK SPACE, usually "
     "left by joining files."},
    {"hidden-payload", "Data hidden in variation selectors or tags",
     "Three or more variation selectors or tag characters in a row that form no variation or "
     "emoji tag sequence (Unicode chapters 23.4 and 23.9, UTS #51 annex C). Each one is "
     "invisible and can stand for a byte (VS1-16 for 00-0F, VS17-256 for 10-FF, tags "
     "U+E0020-E007E for ASCII): the way recent supply-chain attacks smuggle code and prompts "
     "through text that looks empty."},
    {"invalid", "Ill-formed UTF-8",
     "Bytes that are not well-formed UTF-8 (RFC 3629, Unicode chapter 3); reported with the "
     "codec's problem kinds (overlong, truncated, surrogate...) as `check` reports them."},
}};

} // namespace

std::string_view name(AuditProfile p) noexcept {
    return p == AuditProfile::Code ? "code" : "text";
}

std::optional<AuditProfile> auditProfileFromName(std::string_view n) noexcept {
    if (n == "code")
        return AuditProfile::Code;
    if (n == "text")
        return AuditProfile::Text;
    return std::nullopt;
}

std::string_view name(AuditKind k) noexcept {
    return kKinds[std::size_t(k)].name;
}

std::optional<AuditKind> auditKindFromName(std::string_view n) noexcept {
    for (std::size_t i = 0; i < kKinds.size(); ++i)
        if (kKinds[i].name == n)
            return AuditKind(i);
    return std::nullopt;
}

AuditKindMask defaultAuditKinds(AuditProfile profile) noexcept {
    AuditKindMask kinds = kAllAuditKinds & ~kindBit(AuditKind::MixedScript);
    if (profile == AuditProfile::Text)
        kinds &= ~kindBit(AuditKind::NotNfc);
    return kinds;
}

std::string_view title(AuditKind k) noexcept {
    return kKinds[std::size_t(k)].title;
}

std::string_view rationale(AuditKind k) noexcept {
    return kKinds[std::size_t(k)].rationale;
}

std::string_view kindName(const AuditFinding& f) noexcept {
    return f.kind == AuditKind::InvalidUtf8 ? name(f.problem.kind) : name(f.kind);
}

} // namespace u8convert

namespace u8convert {
using namespace u8codec;

namespace {

// Source code: programming languages, shells, build files. Data and markup formats (JSON, YAML,
// Markdown, HTML) hold prose as often as code, so they are audited as text.
constexpr std::string_view kCodeExtensions[] = {
    "c",   "h",    "cc",    "cpp",  "cxx",    "c++",    "hh",     "hpp",   "hxx",    "h++", "ipp",
    "inl", "tpp",  "cs",    "java", "js",     "mjs",    "cjs",    "ts",    "mts",    "cts", "tsx",
    "jsx", "py",   "pyw",   "pyi",  "rb",     "go",     "rs",     "swift", "kt",     "kts", "php",
    "pl",  "pm",   "sh",    "bash", "zsh",    "ksh",    "fish",   "lua",   "scala",  "sc",  "m",
    "mm",  "sql",  "r",     "dart", "groovy", "gradle", "vb",     "fs",    "fsx",    "fsi", "hs",
    "elm", "erl",  "ex",    "exs",  "clj",    "cljs",   "jl",     "nim",   "zig",    "v",   "sv",
    "vhd", "vhdl", "ps1",   "psm1", "bat",    "cmd",    "asm",    "s",     "f",      "f90", "f95",
    "for", "ml",   "mli",   "pas",  "d",      "cr",     "coffee", "vue",   "svelte", "sol", "ada",
    "adb", "ads",  "cob",   "cbl",  "tcl",    "awk",    "cmake",  "mk",    "bzl",    "gn",  "cu",
    "cuh", "glsl", "hlsl",  "wgsl", "proto",  "thrift", "y",      "l",     "rkt",    "scm", "lisp",
    "el",  "ino",  "ipynb", "bsl",  "os",
};
constexpr std::string_view kCodeNames[] = {
    "Makefile", "GNUmakefile", "makefile",  "Dockerfile",  "CMakeLists.txt", "Rakefile",
    "Gemfile",  "BUILD",       "WORKSPACE", "Jenkinsfile", "meson.build"};

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    return out;
}

// Languages whose comments start with # (and, for PHP, also //), with -- , and whose quoted
// strings go on past a line end.
constexpr std::string_view kHashComments[] = {"py",        "pyw",        "pyi",
                                              "rb",        "pl",         "pm",
                                              "sh",        "bash",       "zsh",
                                              "ksh",       "fish",       "r",
                                              "php",       "cmake",      "mk",
                                              "nim",       "cr",         "coffee",
                                              "ex",        "exs",        "jl",
                                              "tcl",       "awk",        "ps1",
                                              "psm1",      "gn",         "bzl",
                                              "thrift",    "Makefile",   "GNUmakefile",
                                              "makefile",  "Dockerfile", "CMakeLists.txt",
                                              "Rakefile",  "Gemfile",    "BUILD",
                                              "WORKSPACE", "meson.build"};
constexpr std::string_view kBothComments[] = {"php", "thrift"};
constexpr std::string_view kDashComments[] = {"sql", "lua", "hs",  "elm", "ada",
                                              "adb", "ads", "vhd", "vhdl"};
// Languages whose comments are // and /* */ (C family, Java, JS, Go, Rust, Swift, C#, Kotlin,
// Scala, Dart, shaders, 1C's BSL...).
constexpr std::string_view kSlashComments[] = {
    "c",      "h",   "cc",  "cpp",   "cxx",  "c++",  "hh",    "hpp", "hxx", "h++",  "ipp",
    "inl",    "tpp", "cs",  "java",  "js",   "mjs",  "cjs",   "ts",  "mts", "cts",  "tsx",
    "jsx",    "go",  "rs",  "swift", "kt",   "kts",  "scala", "sc",  "mm",  "dart", "groovy",
    "gradle", "cu",  "cuh", "glsl",  "hlsl", "wgsl", "proto", "sol", "zig", "d",    "ino",
    "v",      "sv",  "fs",  "fsx",   "fsi",  "bsl",  "os"};
constexpr std::string_view kSemicolonComments[] = {"el",  "lisp", "scm", "rkt",
                                                   "clj", "cljs", "asm", "s"};
constexpr std::string_view kDocBlocks[] = {"pl", "pm", "rb", "pod", "t"};
// Languages whose '...' is a character: a quote that goes on past one is something else (Rust's
// lifetimes 'a, C++'s digit separators 1'000).
constexpr std::string_view kCharQuotes[] = {"c",   "h",   "cc",    "cpp", "cxx",  "c++", "hh",
                                            "hpp", "hxx", "h++",   "cs",  "java", "go",  "rs",
                                            "kt",  "kts", "scala", "cu",  "cuh",  "mm",  "ino"};
constexpr std::string_view kHeredocs[] = {"sh", "bash", "zsh", "ksh", "pl", "pm", "rb", "php"};
constexpr std::string_view kSpanningQuotes[] = {"sh",  "bash", "zsh", "ksh", "fish", "rb",
                                                "php", "pl",   "pm",  "sql", "r"};

template <std::size_t N> bool listed(const std::string_view (&list)[N], std::string_view s) {
    for (std::string_view e : list)
        if (e == s)
            return true;
    return false;
}

// Documents translated into a language whose code is the last extension (mc's "mc.hlp.pl" in
// Polish, "mc.hint.cs" in Czech, "ls.1.de"): the extension before it says what the file is.
constexpr std::string_view kDocumentExtensions[] = {
    "txt",  "md",  "rst", "html", "htm", "hlp", "help", "hint", "info", "man", "menu", "po",
    "tmpl", "tut", "1",   "2",    "3",   "4",   "5",    "6",    "7",    "8",   "9"};

// The documents a package ships beside its code, translated under a language's code as their
// extension ("README.cs" in Czech, "NEWS.de", "INSTALL.fr"): prose, whatever that code would
// mean as an extension (.cs is C#).
constexpr std::string_view kDocumentNames[] = {
    "README", "NEWS",    "INSTALL", "COPYING",   "AUTHORS", "TODO",    "THANKS",
    "FAQ",    "HACKING", "BUGS",    "ChangeLog", "CHANGES", "LICENSE", "USAGE"};

} // namespace

CodeSyntax codeSyntaxForFileName(std::string_view path) {
    const auto slash = path.find_last_of('/');
    const std::string_view base = slash == std::string_view::npos ? path : path.substr(slash + 1);
    const auto dot = base.find_last_of('.');
    const std::string ext =
        dot != std::string_view::npos && dot != 0 ? lower(base.substr(dot + 1)) : std::string();
    CodeSyntax s;
    s.hashComments = listed(kHashComments, ext) || listed(kHashComments, base);
    s.slashComments = !s.hashComments || listed(kBothComments, ext);
    s.dashComments = listed(kDashComments, ext);
    s.semicolonComments = listed(kSemicolonComments, ext);
    s.slashComments = s.slashComments && !s.semicolonComments;
    s.docBlocks = listed(kDocBlocks, ext);
    s.quotesSpanLines = listed(kSpanningQuotes, ext);
    s.heredocs = listed(kHeredocs, ext);
    s.perlQuotes = ext == "pl" || ext == "pm" || ext == "t";
    s.charQuotes = listed(kCharQuotes, ext);
    s.lexed = s.hashComments || s.dashComments || s.semicolonComments ||
              listed(kSlashComments, ext) || base == "Jenkinsfile";
    return s;
}

AuditProfile profileForFileName(std::string_view path, std::string* why) {
    const auto slash = path.find_last_of('/');
    const std::string_view base = slash == std::string_view::npos ? path : path.substr(slash + 1);
    for (std::string_view n : kCodeNames) {
        if (base == n) {
            if (why)
                *why = "name " + std::string(n);
            return AuditProfile::Code;
        }
    }
    const auto dot = base.find_last_of('.');
    if (dot != std::string_view::npos && dot != 0) {
        const std::string ext = lower(base.substr(dot + 1));
        const auto inner = base.find_last_of('.', dot - 1);
        if (ext.size() == 2 && inner == std::string_view::npos &&
            listed(kDocumentNames, base.substr(0, dot))) {
            if (why)
                *why = "language suffix ." + std::string(base.substr(dot + 1)) + " of a " +
                       std::string(base.substr(0, dot)) + " document";
            return AuditProfile::Text;
        }
        if (ext.size() == 2 && inner != std::string_view::npos && inner != 0 &&
            listed(kDocumentExtensions, lower(base.substr(inner + 1, dot - inner - 1)))) {
            if (why)
                *why = "language suffix ." + std::string(base.substr(dot + 1)) + " after ." +
                       std::string(base.substr(inner + 1, dot - inner - 1));
            return AuditProfile::Text;
        }
        for (std::string_view e : kCodeExtensions) {
            if (ext == e) {
                if (why)
                    *why = "extension ." + std::string(base.substr(dot + 1));
                return AuditProfile::Code;
            }
        }
    }
    if (why)
        *why = "no programming-language extension";
    return AuditProfile::Text;
}

} // namespace u8convert
