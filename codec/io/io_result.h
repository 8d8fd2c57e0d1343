// The errors of u8io: every failure of a file operation is an ErrorCode::Io error whose message
// names the file and the reason ("notes.txt: No space left on device"), as a person reads it
// (u8codec/result.h).
#pragma once

#include "u8codec/result.h"

#include <cstring>
#include <string>
#include <utility>

namespace u8io {

using u8codec::Result;

[[nodiscard]] inline u8codec::Error ioError(std::string message) {
    return u8codec::Error{u8codec::ErrorCode::Io, std::move(message)};
}

// "PATH: reason", the reason strerror(3)'s for `errnum`.
[[nodiscard]] inline u8codec::Error ioError(const std::string& path, int errnum) {
    return ioError(path + ": " + std::strerror(errnum));
}

} // namespace u8io
