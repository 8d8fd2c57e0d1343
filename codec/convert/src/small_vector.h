// Library-internal: a vector of trivially copyable values that holds its first N in itself.
//
// Why: the mojibake repair builds a candidate for every page that reads a damaged stretch, most
// of them rejected at once, each with its reading (a few characters) and the pages it read
// through (one or two). With std::vector each was an allocation and a free: about a seventh of
// the instructions of repairing one damaged short string. Readings and page lists longer than N
// go to the heap as a vector's would.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <new>
#include <span>
#include <type_traits>

namespace u8convert::detail {

template <typename T, std::size_t N> class SmallVector {
    static_assert(std::is_trivially_copyable_v<T> && N > 0);

public:
    using value_type = T;
    using iterator = T*;
    using const_iterator = const T*;
    using const_reverse_iterator = std::reverse_iterator<const T*>;

    SmallVector() noexcept = default;
    SmallVector(std::initializer_list<T> values) { assign(values.begin(), values.end()); }
    SmallVector(const SmallVector& other) { assign(other.begin(), other.end()); }
    SmallVector(SmallVector&& other) noexcept { take(other); }
    SmallVector& operator=(const SmallVector& other) {
        if (this != &other)
            assign(other.begin(), other.end());
        return *this;
    }
    SmallVector& operator=(SmallVector&& other) noexcept {
        if (this != &other) {
            release();
            take(other);
        }
        return *this;
    }
    SmallVector& operator=(std::initializer_list<T> values) {
        assign(values.begin(), values.end());
        return *this;
    }
    ~SmallVector() { release(); }

    std::size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    T* data() noexcept { return data_; }
    const T* data() const noexcept { return data_; }
    T* begin() noexcept { return data_; }
    T* end() noexcept { return data_ + size_; }
    const T* begin() const noexcept { return data_; }
    const T* end() const noexcept { return data_ + size_; }
    const_reverse_iterator rbegin() const noexcept { return const_reverse_iterator(end()); }
    const_reverse_iterator rend() const noexcept { return const_reverse_iterator(begin()); }
    T& operator[](std::size_t k) noexcept { return data_[k]; }
    const T& operator[](std::size_t k) const noexcept { return data_[k]; }
    T& front() noexcept { return data_[0]; }
    const T& front() const noexcept { return data_[0]; }
    T& back() noexcept { return data_[size_ - 1]; }
    const T& back() const noexcept { return data_[size_ - 1]; }
    operator std::span<const T>() const noexcept { return {data_, size_}; }

    void clear() noexcept { size_ = 0; }
    void reserve(std::size_t n) {
        if (n > capacity_)
            grow(n);
    }
    void push_back(T value) {
        if (size_ == capacity_)
            grow(2 * capacity_);
        data_[size_++] = value;
    }
    template <typename It> void assign(It first, It last) {
        const auto n = std::size_t(std::distance(first, last));
        size_ = 0;
        reserve(n);
        std::copy(first, last, data_);
        size_ = n;
    }
    // Inserts [first, last) before `at`.
    template <typename It> T* insert(const T* at, It first, It last) {
        const auto k = std::size_t(at - data_);
        const auto n = std::size_t(std::distance(first, last));
        reserve(size_ + n);
        std::memmove(data_ + k + n, data_ + k, (size_ - k) * sizeof(T));
        std::copy(first, last, data_ + k);
        size_ += n;
        return data_ + k;
    }

    friend bool operator==(const SmallVector& a, const SmallVector& b) noexcept {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    bool onHeap() const noexcept { return data_ != local_; }
    void release() noexcept {
        if (onHeap())
            ::operator delete(data_);
        data_ = local_;
        size_ = 0;
        capacity_ = N;
    }
    // Takes other's values, leaving it empty.
    void take(SmallVector& other) noexcept {
        if (other.onHeap()) {
            data_ = other.data_;
            capacity_ = other.capacity_;
        } else {
            // The whole buffer, a size known when compiling: copied inline, where the values'
            // own size made it a call to memcpy (a candidate's reading moved into a Decision,
            // a Decision into the rewrite's chain, for every fix).
            std::memcpy(local_, other.local_, sizeof local_);
        }
        size_ = other.size_;
        other.data_ = other.local_;
        other.size_ = 0;
        other.capacity_ = N;
    }
    void grow(std::size_t n) {
        n = std::max(n, std::size_t(2 * N));
        T* bigger = static_cast<T*>(::operator new(n * sizeof(T)));
        std::memcpy(bigger, data_, size_ * sizeof(T));
        if (onHeap())
            ::operator delete(data_);
        data_ = bigger;
        capacity_ = n;
    }

    T* data_ = local_;
    std::size_t size_ = 0;
    std::size_t capacity_ = N;
    T local_[N];
};

} // namespace u8convert::detail
