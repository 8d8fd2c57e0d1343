// Files for the suites: a scratch folder removed with everything in it, and whole-file reads and
// writes that fail the test (not return garbage) when the file system refuses.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace u8test {

// A fresh folder under $TMPDIR (or /tmp), removed with its contents when the object goes.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::string& path() const { return path_; }
    // path()/name.
    std::string filePath(std::string_view name) const;
    // The names of the regular files in it (hidden ones too), sorted.
    std::vector<std::string> fileNames() const;
    // Removes every file and folder in it, keeping the folder.
    void clear() const;

private:
    std::string path_;
};

// The whole file's bytes; nullopt when it cannot be opened or read.
std::optional<std::string> readFile(const std::string& path);
// The whole file's bytes; the test fails (REQUIRE) when it cannot be read.
std::string readFileOrFail(const std::string& path);
// Writes (replacing) `bytes` to `path`; the test fails (REQUIRE) when it cannot. Returns the path.
std::string writeFile(const std::string& path, std::string_view bytes);
inline std::string writeFile(const std::string& path, const std::vector<std::uint8_t>& bytes) {
    return writeFile(path,
                     std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}
inline bool exists(const std::string& path) {
    std::error_code ec;
    return std::filesystem::exists(path, ec);
}

// The bytes of a string as a vector, and back.
inline std::vector<std::uint8_t> bytesOf(std::string_view s) {
    return {s.begin(), s.end()};
}
inline std::string stringOf(const std::vector<std::uint8_t>& b) {
    return {b.begin(), b.end()};
}

} // namespace u8test
