// A read buffer whose start is page-aligned. Issue 18 measured on this machine that a pread(2)
// into a buffer that is not 64-byte aligned costs the kernel's copy about 4.4 times more, and
// std::vector's storage is only 16-byte aligned.
//
// Stand-in, private to the window's scan: the codec is getting its own aligned-buffer facility;
// when it lands, this file is the one place to swap for it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <span>

namespace u8ui::detail {

class AlignedBuffer {
public:
    static constexpr std::size_t kAlignment = 4096;

    explicit AlignedBuffer(std::size_t size) : size_(size) {
        // aligned_alloc wants a multiple of the alignment; at least one page, so never null
        // for size 0.
        const std::size_t rounded = (size / kAlignment + 1) * kAlignment;
        data_.reset(static_cast<std::uint8_t*>(std::aligned_alloc(kAlignment, rounded)));
        if (!data_)
            throw std::bad_alloc();
    }

    std::span<std::uint8_t> bytes() { return {data_.get(), size_}; }
    std::size_t size() const { return size_; }

private:
    struct Free {
        void operator()(std::uint8_t* p) const { std::free(p); }
    };
    std::unique_ptr<std::uint8_t[], Free> data_;
    std::size_t size_;
};

} // namespace u8ui::detail
