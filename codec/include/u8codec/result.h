// Errors as values across the boundaries of the Qt-free libraries (u8codec, u8convert, u8io):
// a function that can fail returns a Result<T>, which holds either its value or an Error, a code
// a program can act on and the message a person reads ("notes.txt: No space left on device").
// No function of these libraries throws (DESIGN.md, "Conventions": "errors are values at the
// codec boundary"); the one exception left is std::bad_alloc, which a program turns into its own
// message (the CLI's out_of_memory.h).
//
// Result is [[nodiscard]]: a result dropped unread is a warning, an error under -Werror, so a
// failure cannot be ignored by accident. Where ignoring it is right, the caller says why.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace u8codec {

enum class ErrorCode : std::uint8_t {
    OutOfRange, // the caller asked for bytes outside what there is (a caller's error)
    Io,         // a read, write, sync, link or rename failed; the message names the file
    Changed,    // the input changed while it was read: what was made of it is not written
    Invalid,    // the input or a request was refused: text not well-formed under a strict policy,
                // an encoding no converter knows, a list or a character that does not parse
    Cancelled,  // a progress callback asked to stop; nothing was produced
};

struct Error {
    ErrorCode code = ErrorCode::Io;
    std::string message;
};

namespace detail {
inline const std::string kNoMessage;
// value() of a failed Result: a caller's error, like an index past the end of a vector. Ends
// the process with the message rather than read a value that is not there.
[[noreturn]] inline void valueOfFailedResult(const Error& error) {
    std::fprintf(stderr, "u8codec: the value of a failed result was read (%s)\n",
                 error.message.c_str());
    std::abort();
}
} // namespace detail

template <class T> class [[nodiscard]] Result {
public:
    Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}
    Result(Error error) : state_(std::in_place_index<1>, std::move(error)) {}
    Result(ErrorCode code, std::string message)
        : state_(std::in_place_index<1>, Error{code, std::move(message)}) {}

    [[nodiscard]] bool ok() const noexcept { return state_.index() == 0; }
    explicit operator bool() const noexcept { return ok(); }
    // Failed with `code` (a cancel is told apart from a failure this way).
    [[nodiscard]] bool failedWith(ErrorCode code) const noexcept {
        return !ok() && std::get_if<1>(&state_)->code == code;
    }

    // The value; only when ok() (otherwise the process ends, as detail::valueOfFailedResult says).
    T& value() & { return *checked(); }
    const T& value() const& { return *checked(); }
    T&& value() && { return std::move(*checked()); }
    T* operator->() { return checked(); }
    const T* operator->() const { return checked(); }
    T& operator*() & { return *checked(); }
    const T& operator*() const& { return *checked(); }

    // The error; only when !ok() (std::get_if: no exception either way).
    [[nodiscard]] const Error& error() const { return *std::get_if<1>(&state_); }
    // The error's message; empty when ok() (a report may print it either way).
    [[nodiscard]] const std::string& message() const {
        const Error* e = std::get_if<1>(&state_);
        return e ? e->message : detail::kNoMessage;
    }

private:
    [[nodiscard]] T* checked() {
        if (T* v = std::get_if<0>(&state_)) [[likely]]
            return v;
        detail::valueOfFailedResult(error());
    }
    [[nodiscard]] const T* checked() const {
        if (const T* v = std::get_if<0>(&state_)) [[likely]]
            return v;
        detail::valueOfFailedResult(error());
    }

    std::variant<T, Error> state_;
};

// A step that has no value, only success or an error.
template <> class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Error error) : error_(std::move(error)) {}
    Result(ErrorCode code, std::string message) : error_(Error{code, std::move(message)}) {}

    [[nodiscard]] bool ok() const noexcept { return !error_; }
    explicit operator bool() const noexcept { return ok(); }
    [[nodiscard]] bool failedWith(ErrorCode code) const noexcept {
        return error_ && error_->code == code;
    }
    // Only when !ok().
    [[nodiscard]] const Error& error() const { return *error_; }
    // The error's message; empty when ok().
    [[nodiscard]] const std::string& message() const {
        return error_ ? error_->message : detail::kNoMessage;
    }

private:
    std::optional<Error> error_;
};

// The outcome of a step that has no value: success, or the Error saying why not.
using Status = Result<void>;

} // namespace u8codec
