#include "code_page_names.h"

#include <algorithm>
#include <cctype>

namespace u8cli {
namespace {

// Lower case without the separators people add or leave out ("Windows-1252", "windows1252",
// "ISO_8859-1", "iso 8859 1" are one name).
std::string squashed(std::string_view name) {
    std::string out;
    for (const char c : name)
        if (std::isalnum(static_cast<unsigned char>(c)))
            out += char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool allDigits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
    });
}

// The usual short names, written as the squashed codec name they stand for.
std::string expanded(const std::string& key) {
    // Microsoft's "cp1252" / "win1252" are windows-1252; "cp437" / "cp850" are IBM's DOS pages.
    for (const std::string_view prefix : {"cp", "win", "ibm"}) {
        if (!key.starts_with(prefix) || !allDigits(std::string_view(key).substr(prefix.size())))
            continue;
        const std::string number = key.substr(prefix.size());
        return (number.size() == 4 && prefix != "ibm" ? "windows" : "ibm") + number;
    }
    // ISO-8859 names its Latin alphabets out of order (ISO-8859-15 is Latin-9).
    if (key.starts_with("latin") && allDigits(std::string_view(key).substr(5))) {
        static constexpr int kPartOfLatin[] = {0, 1, 2, 3, 4, 9, 10, 13, 14, 15, 16};
        const int n = std::stoi(key.substr(5));
        if (n >= 1 && n <= 10)
            return "iso8859" + std::to_string(kPartOfLatin[n]);
    }
    if (key == "mac" || key == "macroman")
        return "macintosh";
    return key;
}

} // namespace

std::optional<u8convert::CodePage> codePageFromTypedName(std::string_view typed) {
    if (const auto cp = u8convert::codePageFromName(typed))
        return cp;
    const std::string key = expanded(squashed(typed));
    for (const u8convert::CodePage cp : u8convert::allCodePages()) {
        std::string known = squashed(name(cp));
        if (known == key || (known.starts_with('x') && known.substr(1) == key))
            return cp; // ICU writes some Mac pages "x-mac-…"
    }
    return std::nullopt;
}

std::optional<std::vector<u8convert::CodePage>> codePagesFromList(std::string_view list,
                                                                  std::string& error) {
    std::vector<u8convert::CodePage> pages;
    for (std::size_t from = 0; from <= list.size();) {
        const std::size_t comma = std::min(list.find(',', from), list.size());
        const std::string_view item = list.substr(from, comma - from);
        const auto cp = codePageFromTypedName(item);
        if (!cp) {
            error = "unknown code page '" + std::string(item) + "' for --mojibake (known: ";
            for (std::size_t i = 0; i < u8convert::allCodePages().size(); ++i)
                error += (i ? ", " : "") + std::string(name(u8convert::allCodePages()[i]));
            error += "; also cp1252, win1252, latin1, latin2, koi8r, mac, cp437 and the like)";
            return std::nullopt;
        }
        if (std::find(pages.begin(), pages.end(), *cp) == pages.end())
            pages.push_back(*cp);
        from = comma + 1;
    }
    return pages;
}

std::vector<std::string> codePageNames() {
    std::vector<std::string> names;
    for (const u8convert::CodePage cp : u8convert::allCodePages())
        names.emplace_back(name(cp));
    return names;
}

} // namespace u8cli
