// Line endings: which conventions a text mixes, and rewriting it to one of them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace u8convert {

enum class LineEnding : std::uint8_t {
    Lf,   // U+000A alone: Unix, and what most tools expect
    CrLf, // U+000D U+000A: Windows, and the Internet's text protocols (RFC 5198)
    Cr,   // U+000D alone: classic Mac OS
};

// "lf", "crlf", "cr".
[[nodiscard]] std::string_view name(LineEnding e) noexcept;

// How many line breaks of each convention a text holds. A CR LF pair counts once, as CrLf.
struct LineEndingMix {
    std::uint64_t lf = 0;
    std::uint64_t crlf = 0;
    std::uint64_t cr = 0;

    [[nodiscard]] std::uint64_t total() const noexcept { return lf + crlf + cr; }
    // More than one convention present.
    [[nodiscard]] bool mixed() const noexcept { return (lf != 0) + (crlf != 0) + (cr != 0) > 1; }
};

// Counts line endings in bytes fed in chunks of any size (a CR at the end of one chunk and an LF
// at the start of the next form one CrLf). CR and LF are ASCII, so they never occur inside a
// multi-byte UTF-8 sequence (RFC 3629 section 1): counting bytes is exact for any UTF-8 input.
class LineEndingCounter {
public:
    void feed(std::span<const std::uint8_t> bytes) noexcept;
    void finish() noexcept;
    [[nodiscard]] const LineEndingMix& mix() const noexcept { return mix_; }

private:
    LineEndingMix mix_;
    bool pendingCr_ = false;
};

[[nodiscard]] LineEndingMix countLineEndings(std::span<const std::uint8_t> bytes) noexcept;

// Rewrites every line ending (LF, CR LF, lone CR) as `target`. `changed` (optional) receives the
// number of line endings that were rewritten (those not already in the target form).
[[nodiscard]] std::string normalizeLineEndings(std::string_view text, LineEnding target,
                                               std::uint64_t* changed = nullptr);

} // namespace u8convert
