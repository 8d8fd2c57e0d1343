// Storage that bytes are read into: page-aligned, left uninitialised, and reused chunk after
// chunk. Every buffer that a read (pread(2), read(2), ByteSource::read) fills in bulk is one of
// these, so that the kernel's copy and the vector kernels that scan the bytes afterwards start on
// a page (and so on a 64-byte cache line) whatever the allocator gives: std::vector's storage is
// only 16-byte aligned, and glibc's malloc returns a large block at a page plus 16 bytes.
//
// Why (tests/bench/cli/io_floor.py measures it): a read into a page the process has not touched yet
// costs the kernel several times more than into one it has, aligned or not, because each page is
// faulted in during the copy; with touched pages the destination's alignment changes little.
// Hence one buffer per reader, allocated once and reused, and no zero-filling (which would write
// every byte once more for nothing).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <span>
#include <utility>

namespace u8codec {

// How much one read takes at once when a file is read front to back: chunks up to 1 MiB read and
// scan alike; past that a chunk no longer stays in the core's L2 cache between the kernel's copy
// and the scan (docs/performance.md). A quarter of a MiB leaves room for a command's output
// beside it.
inline constexpr std::size_t kReadChunkSize = std::size_t(256) << 10;

class AlignedBuffer {
public:
    static constexpr std::size_t kAlignment = 4096; // a page: a multiple of every cache line

    AlignedBuffer() noexcept = default;
    // `size` bytes, not initialised.
    explicit AlignedBuffer(std::size_t size) { resize(size); }
    AlignedBuffer(AlignedBuffer&& other) noexcept
        : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)),
          capacity_(std::exchange(other.capacity_, 0)) {}
    AlignedBuffer& operator=(AlignedBuffer&& other) noexcept {
        if (this != &other) {
            release();
            data_ = std::exchange(other.data_, nullptr);
            size_ = std::exchange(other.size_, 0);
            capacity_ = std::exchange(other.capacity_, 0);
        }
        return *this;
    }
    AlignedBuffer(const AlignedBuffer&) = delete;
    AlignedBuffer& operator=(const AlignedBuffer&) = delete;
    ~AlignedBuffer() { release(); }

    [[nodiscard]] std::uint8_t* data() noexcept { return data_; }
    [[nodiscard]] const std::uint8_t* data() const noexcept { return data_; }
    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
    [[nodiscard]] std::uint8_t* begin() noexcept { return data_; }
    [[nodiscard]] std::uint8_t* end() noexcept { return data_ + size_; }
    [[nodiscard]] const std::uint8_t* begin() const noexcept { return data_; }
    [[nodiscard]] const std::uint8_t* end() const noexcept { return data_ + size_; }
    std::uint8_t& operator[](std::size_t i) noexcept { return data_[i]; }
    std::uint8_t operator[](std::size_t i) const noexcept { return data_[i]; }
    [[nodiscard]] std::span<std::uint8_t> span() noexcept { return {data_, size_}; }
    [[nodiscard]] std::span<const std::uint8_t> span() const noexcept { return {data_, size_}; }

    // Keeps the first min(size(), size) bytes; bytes past them are not initialised. Growing past
    // the capacity moves the bytes to new storage; shrinking keeps the storage for reuse.
    void resize(std::size_t size) {
        if (size > capacity_) {
            auto* grown =
                static_cast<std::uint8_t*>(::operator new(size, std::align_val_t(kAlignment)));
            if (size_ != 0)
                std::memcpy(grown, data_, size_);
            release();
            data_ = grown;
            capacity_ = size;
        }
        size_ = size;
    }

private:
    void release() noexcept {
        if (data_)
            ::operator delete(data_, std::align_val_t(kAlignment));
        data_ = nullptr;
        size_ = capacity_ = 0;
    }

    std::uint8_t* data_ = nullptr;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
};

} // namespace u8codec
