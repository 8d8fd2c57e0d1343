// The repair's text is bytes: the same buffer seen as characters or as bytes, without a copy.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace u8convert::detail {

[[nodiscard]] inline std::string_view asText(std::span<const std::uint8_t> b) {
    return {reinterpret_cast<const char*>(b.data()), b.size()};
}

[[nodiscard]] inline std::span<const std::uint8_t> asBytes(std::string_view s) {
    return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

} // namespace u8convert::detail
