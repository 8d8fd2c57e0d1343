// Byte sources the document's background passes (check and audit) are tested with: one whose
// reads wait at a gate the test opens, and one that ends before its size (a file that shrank
// while it was read).
#pragma once

#include "u8codec/byte_source.h"

#include <QSemaphore>
#include <algorithm>
#include <atomic>
#include <cstring>

namespace u8test {

// `size` bytes of 'a'; each read blocks until the test opens the gate, and is counted.
class GatedSource final : public u8codec::ByteSource {
public:
    explicit GatedSource(std::uint64_t size) : size_(size) {}
    std::uint64_t size() const override { return size_; }
    std::size_t read(std::uint64_t offset, std::span<std::uint8_t> dest) const override {
        gate.acquire();
        gate.release();
        ++reads;
        const std::size_t n = std::size_t(std::min<std::uint64_t>(dest.size(), size_ - offset));
        std::memset(dest.data(), 'a', n);
        return n;
    }
    mutable QSemaphore gate{0};
    mutable std::atomic<int> reads{0};

private:
    std::uint64_t size_;
};

// Says `size` bytes, holds `holds` bytes of 'b'.
class ShrinkingSource final : public u8codec::ByteSource {
public:
    ShrinkingSource(std::uint64_t size, std::uint64_t holds) : size_(size), holds_(holds) {}
    std::uint64_t size() const override { return size_; }
    std::size_t read(std::uint64_t offset, std::span<std::uint8_t> dest) const override {
        const std::size_t n =
            offset >= holds_ ? 0
                             : std::size_t(std::min<std::uint64_t>(dest.size(), holds_ - offset));
        std::memset(dest.data(), 'b', n);
        return n;
    }

private:
    std::uint64_t size_, holds_;
};

} // namespace u8test
