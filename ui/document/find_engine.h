// What Find looks for and where it finds it, over a ByteSource of any size (no Qt widgets: the
// find bar builds the query, FindController runs the engine in the background).
//
// A query is either a sequence of units, each unit one character's (or byte's) alternative byte
// strings (a text searched without case has each letter's case forms, Unicode simple case
// mappings), or an error kind: the error segments of that kind (segment.h), any kind for None.
// A match always covers exactly the bytes found, never a decoded approximation of them.
#pragma once

#include "u8codec/byte_source.h"
#include "u8codec/segment.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace u8doc {

struct FindQuery {
    // Bytes: each unit's alternatives; a match is one alternative of each unit in turn.
    std::vector<std::vector<std::string>> units;
    bool errorSegments = false;                              // search error segments instead
    u8codec::ErrorKind errorKind = u8codec::ErrorKind::None; // with errorSegments: None = any
    bool isEmpty() const { return !errorSegments && units.empty(); }
    friend bool operator==(const FindQuery&, const FindQuery&) = default;
    // A query for exactly these bytes.
    static FindQuery forBytes(const std::string& bytes);
};

struct FindMatch {
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
    friend bool operator==(const FindMatch&, const FindMatch&) = default;
};

// A long run's cancel flag and progress report (0..1 of the bytes it has to read).
struct FindProgress {
    const std::atomic<bool>* cancel = nullptr;
    std::function<void(double)> report;
    bool cancelled() const { return cancel && *cancel; }
};

class FindEngine {
public:
    explicit FindEngine(FindQuery query);

    // The first match starting in [from, limit), or nullopt (none, empty query, or cancelled).
    std::optional<FindMatch> next(const u8codec::ByteSource& source, std::uint64_t from,
                                  std::uint64_t limit = UINT64_MAX,
                                  const FindProgress& progress = {}) const;
    // The last match starting in [floor, before), or nullopt.
    std::optional<FindMatch> previous(const u8codec::ByteSource& source, std::uint64_t before,
                                      std::uint64_t floor = 0,
                                      const FindProgress& progress = {}) const;
    // Matches that overlap [from, to), at most `max` of them, in order (the highlights).
    std::vector<FindMatch> within(const u8codec::ByteSource& source, std::uint64_t from,
                                  std::uint64_t to, std::size_t max = 4096) const;

    struct Count {
        std::uint64_t total = 0;
        std::vector<std::uint64_t> starts; // every match's offset while total <= kMaxListed
        bool complete = false;             // false when cancelled
        // 1-based rank of the match at `offset`; 0 when unknown.
        std::uint64_t rankOf(std::uint64_t offset) const;
    };
    static constexpr std::size_t kMaxListed = 1'000'000;
    // Every match of the whole source (overlapping ones too: "aa" in "aaa" twice).
    Count count(const u8codec::ByteSource& source, const FindProgress& progress = {}) const;

private:
    // The length of the match of units[unit..] at p (avail bytes readable), 0 for none.
    std::size_t matchAt(const std::uint8_t* p, std::size_t avail, std::size_t unit = 0) const;
    // Scans [from, limit) in chunks (forward or backward), calling `found` with each match's
    // offset in scan order until it returns false.
    void scanBytes(const u8codec::ByteSource& source, std::uint64_t from, std::uint64_t limit,
                   bool forward, const FindProgress& progress,
                   const std::function<bool(const FindMatch&)>& found) const;
    void scanErrors(const u8codec::ByteSource& source, std::uint64_t from, std::uint64_t limit,
                    bool forward, const FindProgress& progress,
                    const std::function<bool(const FindMatch&)>& found) const;
    void scan(const u8codec::ByteSource& source, std::uint64_t from, std::uint64_t limit,
              bool forward, const FindProgress& progress,
              const std::function<bool(const FindMatch&)>& found) const;

    FindQuery query_;
    bool firstByte_[256] = {};
    std::size_t maxLength_ = 0;
};

} // namespace u8doc
