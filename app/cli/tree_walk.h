// The files of a directory tree as a search tool picks them (`audit -r DIR`, ripgrep's rules):
// entries whose name starts with '.' are skipped (.git among them), so are the paths the
// .gitignore and .ignore files on the way exclude (gitignore(5) patterns; .ignore wins over
// .gitignore, a deeper file over a shallower one, a later line over an earlier one; inside a
// repository the repository's .git/info/exclude and the files above the directory given apply
// too, outside one the .ignore files above), symbolic
// links, and binary files (a NUL byte among the first 8 KiB, as ripgrep and git judge them).
// Directories are read and files sniffed on several threads; the paths come back sorted. The
// entries' types come from the listing (d_type), each directory's ignore files are opened only
// where it lists them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8cli {

struct TreeWalk {
    std::vector<std::string> files;  // sorted, each "DIR/relative/path"
    std::vector<std::string> errors; // "PATH: reason" for what could not be read
    std::size_t binarySkipped = 0;
};

// With `sniffBinary` false the files are not opened here: the caller, which reads each one
// anyway, leaves out those whose head looksBinary() (one open a file instead of two).
TreeWalk walkTree(const std::string& dir, bool sniffBinary = true);

// How much of a file's head is looked at for a NUL byte.
inline constexpr std::size_t kBinaryHead = 8192;
// A NUL byte among the first kBinaryHead bytes of `head` (a file's first bytes).
[[nodiscard]] bool looksBinary(std::span<const std::uint8_t> head);

// gitignore(5) glob matching: `*` and `?` stop at '/', `**` crosses it, `[a-z]` and `[!a-z]`
// are classes, a backslash quotes the next character.
bool globMatch(std::string_view pattern, std::string_view path);

} // namespace u8cli
