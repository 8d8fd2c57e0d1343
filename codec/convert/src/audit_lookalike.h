// Library-internal: look-alike letters inside a word of another script (UTS #39 section 4
// skeletons), and the escapes and format directives glued to the start of a word.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

struct USpoofChecker;

namespace u8convert::audit_detail {

// A letter of one script set inside a run of letters of another that has a letter drawn like it:
// Cyrillic о in "Gооgle", Latin i in "вiдео", Cyrillic Е at the head of "Еnginn".
struct Intrusion {
    std::size_t index = 0; // in the word
    char32_t meant = 0;    // the letter of the surrounding script it is drawn like
    std::int32_t script = 0, hostScript = 0; // UScriptCodes
};

// Finds the intrusions of a word. A word is cut into runs of letters of one script (marks join
// their letter; digits, '_' and other Common characters separate runs). A run is an intrusion
// when every letter of it is drawn like a letter of the script around it and either
//  - letters of that one script stand on both sides ("Gооgle"), and the run is not a whole
//    camelCase segment ("ПолучитьHTTPСоединение", "isHTTPЗапрос" mix segments on purpose), or
//  - it stands at the head or tail of the word, glued to the other script without a camelCase
//    boundary ("Еnginn"), and each of its letters is drawn exactly like one of the other script
//    (kHomoglyphs: "answerα" and "kΩ" are not, "hellο" with a Greek omicron is).
// Whole segments of two scripts ("HTTPСоединение", "ЗаписьXML", "вашID") are none.
class LookalikeFinder {
public:
    // The spoof checker whose skeletons are compared (set once it is open).
    void use(const USpoofChecker* spoof) noexcept { spoof_ = spoof; }
    // The intruding letters, in order; `allowed` marks characters of the allowlist (Common for
    // this rule).
    void find(std::span<const char32_t> word, std::span<const std::uint8_t> allowed,
              std::vector<Intrusion>& out);

private:
    struct Run {
        std::size_t begin, end;
        std::int32_t script;
    };
    // The letter of `host` drawn like cp (same skeleton), or 0.
    [[nodiscard]] char32_t counterpart(char32_t cp, std::int32_t host); // memoised lookUp()
    [[nodiscard]] char32_t lookUp(char32_t cp, std::int32_t host);
    [[nodiscard]] bool intrudes(std::span<const char32_t> word, const std::vector<Run>& runs,
                                std::size_t i);
    [[nodiscard]] std::u32string skeleton(char32_t cp) const;

    const USpoofChecker* spoof_ = nullptr;
    // (letter, host script) -> counterpart, 0 for none: a text repeats its words. lookUp() asks
    // the tables the process shares (built when a host script is first asked), under a lock.
    std::unordered_map<std::uint64_t, char32_t> memo_;
};

// How many characters at the head of a word belong to an escape or format directive that began
// in the ASCII text just before it (`before`, its last bytes; non-ASCII bytes as 0x80): "n" of
// "\nЗапит", "s" of "%sмлн", "5s" of "%-5sмлн", "u200c" of "\u200cگذرد", "1" of Qt's "%1Текст",
// "count" of Laravel's ":countр".
// A program replaces them before anyone reads the text, so the word is judged without them.
[[nodiscard]] std::size_t escapeHead(std::string_view before,
                                     std::span<const char32_t> word) noexcept;

} // namespace u8convert::audit_detail
