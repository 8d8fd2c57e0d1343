// A part of another ByteSource seen as a source of its own: Save Selection As writes the
// selected bytes through the same streaming, atomic save as the whole document, without copying
// them into memory first.
#pragma once

#include "u8codec/byte_source.h"

#include <algorithm>
#include <memory>

namespace u8app {

class RangeSource final : public u8codec::ByteSource {
public:
    // Bytes [start, start + length) of `whole` (shared: a snapshot that edits do not change).
    RangeSource(std::shared_ptr<const u8codec::ByteSource> whole, std::uint64_t start,
                std::uint64_t length)
        : whole_(std::move(whole)), start_(start), length_(length) {}

    std::uint64_t size() const override { return length_; }
    std::size_t read(std::uint64_t offset, std::span<std::uint8_t> dest) const override {
        if (offset >= length_)
            return 0;
        const std::uint64_t n = std::min<std::uint64_t>(dest.size(), length_ - offset);
        return whole_->read(start_ + offset, dest.first(std::size_t(n)));
    }

private:
    std::shared_ptr<const u8codec::ByteSource> whole_;
    std::uint64_t start_;
    std::uint64_t length_;
};

} // namespace u8app
