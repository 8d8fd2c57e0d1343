// A source that reads nothing once cancelled: the codec's navigation over it then meets an early
// end and returns at once. Its answer is thrown away, so what it says after a cancel does not
// matter. Lets background steps over gigabytes stop when the user moves on.
#pragma once

#include "u8codec/byte_source.h"

#include <atomic>

namespace u8app {

class CancellableSource final : public u8codec::ByteSource {
public:
    // Neither is owned: both must outlive this source. A null `cancel` never cancels.
    CancellableSource(const u8codec::ByteSource& inner, const std::atomic<bool>* cancel)
        : inner_(inner), cancel_(cancel) {}
    std::uint64_t size() const override { return inner_.size(); }
    std::size_t read(std::uint64_t offset, std::span<std::uint8_t> dest) const override {
        return cancel_ && *cancel_ ? 0 : inner_.read(offset, dest);
    }

private:
    const u8codec::ByteSource& inner_;
    const std::atomic<bool>* cancel_;
};

} // namespace u8app
