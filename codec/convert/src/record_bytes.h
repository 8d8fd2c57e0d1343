// Records the streamed repair keeps between its passes over a file (what a window's second pass
// accepted, mojibake_window.h): numbers as LEB128 varints (7 bits a byte, low bits first, as
// DWARF and Protocol Buffers write them), so that the offsets between fixes, the lengths and the
// indexes, mostly below 128, take a byte each. Library-internal.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace u8convert::detail {
using namespace u8codec;

inline void appendVarint(std::string& out, std::uint64_t v) {
    while (v >= 0x80) {
        out += char(std::uint8_t(v) | 0x80);
        v >>= 7;
    }
    out += char(v);
}

inline void appendBytes(std::string& out, std::string_view bytes) {
    appendVarint(out, bytes.size());
    out += bytes;
}

// Reads a record back. A record that ends early or holds a number too large (it was damaged)
// makes `ok` false and every later read 0 or empty.
class RecordReader {
public:
    explicit RecordReader(std::string_view record) : rest_(record) {}

    [[nodiscard]] std::uint64_t varint() {
        std::uint64_t v = 0;
        for (unsigned shift = 0; ok_; shift += 7) {
            if (rest_.empty() || shift > 63) {
                ok_ = false;
                break;
            }
            const auto b = std::uint8_t(rest_.front());
            rest_.remove_prefix(1);
            v |= std::uint64_t(b & 0x7F) << shift;
            if (b < 0x80)
                return v;
        }
        return 0;
    }
    [[nodiscard]] std::uint8_t byte() {
        if (!ok_ || rest_.empty()) {
            ok_ = false;
            return 0;
        }
        const auto b = std::uint8_t(rest_.front());
        rest_.remove_prefix(1);
        return b;
    }
    [[nodiscard]] std::string_view bytes() {
        const std::uint64_t n = varint();
        if (!ok_ || n > rest_.size()) {
            ok_ = false;
            return {};
        }
        const std::string_view b = rest_.substr(0, std::size_t(n));
        rest_.remove_prefix(std::size_t(n));
        return b;
    }
    [[nodiscard]] bool ok() const { return ok_; }
    [[nodiscard]] bool atEnd() const { return rest_.empty(); }

private:
    std::string_view rest_;
    bool ok_ = true;
};

} // namespace u8convert::detail
