// Finding a byte pattern in a ByteSource of any size: the window's Find (Ctrl+F) and its
// highlights. Text is searched as its UTF-8 bytes, so a match always covers exactly the bytes of
// the characters searched for, never a decoded approximation of them.
#pragma once

#include "u8codec/aligned_buffer.h"
#include "u8codec/byte_source.h"
#include "u8codec/result.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace u8codec {

// The value of a hex digit (0-9, a-f, A-F); -1 for any other character. Typing in the hex pane
// and the patterns below read digits by it.
[[nodiscard]] int hexDigitValue(char c) noexcept;

// A hex pattern as a person types it: "E2 82 AC", "e282ac", "E2,82,AC", "0xE2 0x82 0xAC",
// "\xE2\x82\xAC". Separators (spaces, commas, ':', '-') may split the pattern between bytes,
// never inside one; an odd count of digits is an error, not a guess. The bytes (at least one), or
// ErrorCode::Invalid with why the text is not a pattern.
[[nodiscard]] Result<std::vector<std::uint8_t>> parseHexPattern(std::string_view text);
// Hex bytes pasted from the clipboard: anything parseHexPattern() reads, also as a C array
// ("const unsigned char bytes[] = { 0xE2, 0x82, 0xAC };", what Copy as C Array writes): the
// values between the braces are read.
[[nodiscard]] Result<std::vector<std::uint8_t>> parseHexPaste(std::string_view text);

// The search reads the source in chunks of this size (the codec's read chunk: the chunk stays in
// the core's cache between the read and the search), into page-aligned buffers; consecutive
// chunks overlap by pattern.size() - 1 bytes so that a match across a chunk edge is found exactly
// once.
inline constexpr std::size_t kSearchChunkSize = kReadChunkSize;

// The first match starting at an offset in [from, limit), or nullopt (also for an empty pattern,
// or when `cancel` becomes true). limit defaults to the end of the source.
[[nodiscard]] std::optional<std::uint64_t>
findForward(const ByteSource& source, std::span<const std::uint8_t> pattern, std::uint64_t from,
            std::uint64_t limit = UINT64_MAX, const std::atomic<bool>* cancel = nullptr);

// The last match starting at an offset in [floor, before), or nullopt.
[[nodiscard]] std::optional<std::uint64_t>
findBackward(const ByteSource& source, std::span<const std::uint8_t> pattern, std::uint64_t before,
             std::uint64_t floor = 0, const std::atomic<bool>* cancel = nullptr);

// Every match overlapping [from, to) (overlapping matches included: "AA" in "AAA" matches at 0
// and 1), at most maxMatches of them: what a view highlights on screen.
[[nodiscard]] std::vector<std::uint64_t> findAllOverlapping(const ByteSource& source,
                                                            std::span<const std::uint8_t> pattern,
                                                            std::uint64_t from, std::uint64_t to,
                                                            std::size_t maxMatches = 4096);

} // namespace u8codec
