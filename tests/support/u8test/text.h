// Small string helpers for the suites' checks on output text (what QByteArray gave the Qt Test
// suites): searching, splitting into pieces and lines, trimming.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace u8test {

inline bool contains(std::string_view s, std::string_view what) {
    return s.find(what) != std::string_view::npos;
}
inline bool contains(std::string_view s, char c) {
    return s.find(c) != std::string_view::npos;
}
inline bool startsWith(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}
inline bool endsWith(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}
// How often `what` occurs, overlapping occurrences included (QByteArray::count).
inline int count(std::string_view s, std::string_view what) {
    int n = 0;
    for (std::size_t at = s.find(what); at != std::string_view::npos; at = s.find(what, at + 1))
        ++n;
    return n;
}
// The pieces between the separators, empty ones included (QByteArray::split).
inline std::vector<std::string> split(std::string_view s, char separator) {
    std::vector<std::string> pieces;
    std::size_t from = 0;
    for (std::size_t at = s.find(separator); at != std::string_view::npos;
         at = s.find(separator, from)) {
        pieces.emplace_back(s.substr(from, at - from));
        from = at + 1;
    }
    pieces.emplace_back(s.substr(from));
    return pieces;
}
// The lines of an output, without the empty piece after its last LF.
inline std::vector<std::string> lines(std::string_view out) {
    std::vector<std::string> l = split(out, '\n');
    if (!l.empty() && l.back().empty())
        l.pop_back();
    return l;
}
// Without white space at either end (QByteArray::trimmed).
inline std::string trimmed(std::string_view s) {
    const auto space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
    while (!s.empty() && space(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && space(s.back()))
        s.remove_suffix(1);
    return std::string(s);
}
// `s` repeated `times` times (QByteArray::repeated).
inline std::string repeated(std::string_view s, std::size_t times) {
    std::string out;
    out.reserve(s.size() * times);
    for (std::size_t i = 0; i < times; ++i)
        out += s;
    return out;
}

} // namespace u8test
