// The allowlist of the text audit: code points a project uses on purpose (its own language's
// letters, a ZWJ in its emoji strings), read from a file of code points and ranges. One parser
// for the CLI's --allow=FILE and the window.
//
//   # comments run to the end of the line
//   U+200D              one code point, with or without "U+": 200D
//   U+0600..U+06FF      an inclusive range
//   00A0, 202F          several on a line, separated by commas or spaces
//   script:Cyrillic     every code point of a script (its Unicode or ISO 15924 name: Cyrl)
//   word:HTTPСоединение an identifier or word used on purpose: no confusable or mixed-script
//                       finding for it (1C's platform names, a product's name)
#pragma once

#include "u8codec/result.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8convert {

struct CodePointRange {
    char32_t first = 0, last = 0; // inclusive
};

// A set of code points as sorted, disjoint, non-adjacent ranges.
class CodePointSet {
public:
    void add(char32_t first, char32_t last);
    [[nodiscard]] bool contains(char32_t cp) const noexcept;
    [[nodiscard]] bool empty() const noexcept { return ranges_.empty(); }
    [[nodiscard]] std::span<const CodePointRange> ranges() const noexcept { return ranges_; }

private:
    std::vector<CodePointRange> ranges_;
};

struct Allowlist {
    CodePointSet set;
    std::vector<std::u32string> words; // sorted, without duplicates
};

// Parses allowlist text; `fileName` is only used in the error message. Stops at the first error:
// ErrorCode::Invalid, "FILE:LINE: reason".
[[nodiscard]] u8codec::Result<Allowlist> parseAllowlist(std::string_view text,
                                                        std::string_view fileName);
// Reads and parses a file (at most 16 MiB: an allowlist is a short hand-written list). A file
// that cannot be read is ErrorCode::Io, "FILE: reason"; one too large or that does not parse,
// ErrorCode::Invalid.
[[nodiscard]] u8codec::Result<Allowlist> readAllowlist(const std::string& path);

} // namespace u8convert
